"""The replay GIF, read back with Pillow: its frames, what each shows, its size, its errors.

Frames are compared by the colours inside a cell's box (``cell_box``): every frame shares one
fixed palette, so a colour such as the blunder's purple is found exactly, not approximately.
"""

from __future__ import annotations

from functools import cache
from io import BytesIO

import pytest
from PIL import Image, ImageSequence

from bot.engine import Move
from bot.games.variants.classic.replay import (
    BLUNDER_COLOUR,
    FRAME_MS,
    LAST_FRAME_MS,
    LAST_MOVE_COLOUR,
    MISTAKE_COLOUR,
    O_COLOUR,
    RGB,
    WIN_LINE_COLOUR,
    X_COLOUR,
    cell_box,
    image_size,
    replay_image,
)


def moves(*cells: tuple[int, int]) -> tuple[Move, ...]:
    """Moves from 0-based ``(row, col)`` pairs."""
    return tuple(Move(row, col) for row, col in cells)


# X wins on the diagonal in five moves.
THREE = moves((1, 1), (0, 1), (0, 0), (2, 0), (2, 2))
# X wins the top row in seven moves.
FOUR = moves((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (0, 3))
# A full 5x5 board (four in a row wins) that nobody wins: the longest game there is.
FIVE_FULL = moves(
    (0, 3), (2, 4), (0, 2), (0, 1), (2, 0), (4, 3), (3, 0), (4, 0), (4, 1), (1, 3),
    (0, 4), (3, 3), (4, 4), (1, 4), (2, 3), (2, 1), (2, 2), (4, 2), (3, 4), (3, 2),
    (1, 1), (0, 0), (1, 2), (3, 1), (1, 0),
)  # fmt: skip
GAMES = {3: (3, THREE), 4: (4, FOUR), 5: (4, FIVE_FULL)}  # size -> (k, moves)


@cache
def plain(size: int) -> bytes:
    """The replay of ``GAMES[size]`` without marks, made once for every test that reads it."""
    k, played = GAMES[size]
    return replay_image(size, k, played)


def frames(data: bytes) -> list[Image.Image]:
    """Every frame of a GIF, as RGB images."""
    return [frame.convert("RGB") for frame in ImageSequence.Iterator(Image.open(BytesIO(data)))]


def durations(data: bytes) -> list[int]:
    """How long each frame of a GIF stays up, in milliseconds."""
    return [frame.info["duration"] for frame in ImageSequence.Iterator(Image.open(BytesIO(data)))]


def pixels(frame: Image.Image, size: int, cell: Move, colour: RGB) -> int:
    """How many pixels of ``cell`` are exactly ``colour``."""
    found = frame.crop(cell_box(size, cell)).getcolors(maxcolors=1 << 16) or []
    return sum(count for count, rgb in found if rgb == colour)


def cells(size: int) -> list[Move]:
    return [Move(row, col) for row in range(size) for col in range(size)]


@pytest.mark.parametrize("size", sorted(GAMES))
def test_one_frame_for_the_empty_board_and_one_per_move(size: int) -> None:
    played = GAMES[size][1]
    data = plain(size)
    shown = frames(data)
    assert data[:6] == b"GIF89a"
    assert len(shown) == len(played) + 1
    assert {frame.size for frame in shown} == {image_size(size)}
    assert durations(data) == [FRAME_MS] * len(played) + [LAST_FRAME_MS]


@pytest.mark.parametrize("size", sorted(GAMES))
def test_each_frame_adds_the_move_in_its_players_colour(size: int) -> None:
    played = GAMES[size][1]
    shown = frames(plain(size))
    assert all(
        pixels(shown[0], size, cell, colour) == 0
        for cell in cells(size)
        for colour in (X_COLOUR, O_COLOUR)
    )
    for index, move in enumerate(played):
        colour = O_COLOUR if index % 2 else X_COLOUR
        assert pixels(shown[index], size, move, colour) == 0
        assert pixels(shown[index + 1], size, move, colour) > 0


@pytest.mark.parametrize("size", sorted(GAMES))
def test_only_the_last_move_is_highlighted(size: int) -> None:
    played = GAMES[size][1]
    shown = frames(plain(size))
    assert all(pixels(shown[0], size, cell, LAST_MOVE_COLOUR) == 0 for cell in cells(size))
    for number, frame in enumerate(shown[1:], start=1):
        lit = {cell for cell in cells(size) if pixels(frame, size, cell, LAST_MOVE_COLOUR) > 0}
        assert lit == {played[number - 1]}, f"frame {number}"


def test_a_blunder_and_a_mistake_show_their_colours_from_their_move_on() -> None:
    blunder, mistake = 3, 1  # O's second move and O's first move
    shown = frames(replay_image(3, 3, THREE, {blunder: "blunder", mistake: "mistake"}))
    for marked, colour in ((blunder, BLUNDER_COLOUR), (mistake, MISTAKE_COLOUR)):
        cell = THREE[marked]
        assert pixels(shown[marked], 3, cell, colour) == 0  # before the move
        for frame in shown[marked + 1 :]:
            assert pixels(frame, 3, cell, colour) > 0
        assert all(
            pixels(frame, 3, other, colour) == 0
            for frame in shown
            for other in cells(3)
            if other != cell
        )


def test_other_verdicts_are_drawn_plainly() -> None:
    words = {0: "best", 1: "good", 2: "estimate", 3: "anything"}
    assert replay_image(3, 3, THREE, words) == plain(3)


@pytest.mark.parametrize("size", [3, 4])
def test_the_last_frame_draws_the_winning_line(size: int) -> None:
    shown = frames(plain(size))
    before, last = shown[-2], shown[-1]
    line = {Move(i, i) for i in range(3)} if size == 3 else {Move(0, col) for col in range(4)}
    for cell in line:
        box = cell_box(size, cell)
        assert before.crop(box).tobytes() != last.crop(box).tobytes()
        assert pixels(before, size, cell, WIN_LINE_COLOUR) == 0
        assert pixels(last, size, cell, WIN_LINE_COLOUR) > 0
    assert all(
        pixels(last, size, cell, WIN_LINE_COLOUR) == 0 for cell in cells(size) if cell not in line
    )


def test_a_drawn_game_has_no_winning_line() -> None:
    last = frames(plain(5))[-1]
    assert all(pixels(last, 5, cell, WIN_LINE_COLOUR) == 0 for cell in cells(5))


def test_a_full_five_by_five_game_is_under_one_megabyte() -> None:
    """The longest game, every move marked (the most drawing there can be)."""
    marks = {index: ("blunder" if index % 2 else "mistake") for index in range(25)}
    data = replay_image(5, 4, FIVE_FULL, marks)
    assert len(frames(data)) == 26
    assert len(data) < 1_000_000


def test_the_same_game_gives_the_same_bytes() -> None:
    marks = {1: "mistake", 3: "blunder"}
    assert replay_image(3, 3, THREE, marks) == replay_image(3, 3, THREE, dict(marks))


def test_durations_can_be_chosen() -> None:
    data = replay_image(3, 3, THREE[:2], frame_ms=500, last_frame_ms=4000)
    assert durations(data) == [500, 500, 4000]


def test_a_game_without_moves_is_one_frame() -> None:
    assert len(frames(replay_image(4, 4, ()))) == 1


@pytest.mark.parametrize(
    ("played", "message"),
    [
        (moves((0, 0), (3, 0)), "Move 2 cannot be replayed: Row 4, column 1 is off the board"),
        (moves((0, 0), (1, 1), (0, 0)), "Move 3 cannot be replayed: Row 1, column 1 is already"),
        (THREE + moves((2, 1)), "Move 6 cannot be replayed: The game is already over."),
    ],
)
def test_a_move_that_cannot_be_played_is_refused(played: tuple[Move, ...], message: str) -> None:
    with pytest.raises(ValueError, match="^" + message.replace(".", r"\.")):
        replay_image(3, 3, played)


def test_a_mark_must_name_a_move() -> None:
    with pytest.raises(ValueError, match="move index 5, but the game has 5 moves"):
        replay_image(3, 3, THREE, {5: "blunder"})


def test_a_board_the_engine_does_not_play_is_refused() -> None:
    with pytest.raises(ValueError, match="not supported"):
        replay_image(10, 3, ())


def test_frames_too_short_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 20 ms"):
        replay_image(3, 3, THREE, frame_ms=10)
