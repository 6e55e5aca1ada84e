"""Connect Four's replay GIF, read back with Pillow: its frames, what each shows, its size, its
errors.

Frames are compared by the colours inside a cell's box (``cell_box``) or at its centre, where
the disc's colour shows: every frame shares one fixed palette, so a colour such as the
blunder's purple is found exactly, not approximately. The games are written as the columns
players type and turned into the engine's moves (the cells the discs land in) by the engine.
"""

from __future__ import annotations

from functools import cache
from io import BytesIO
from types import SimpleNamespace
from typing import cast

import pytest
from PIL import Image, ImageSequence

from bot.engine import Move, Player
from bot.engine.connect4 import Connect4Board
from bot.games.models import Game
from bot.games.review import Accuracy, Review, ReviewedMove, Turn, Verdict
from bot.games.variants.connect4.replay import (
    BLUNDER_COLOUR,
    CANVAS,
    COLUMNS,
    FRAME_MS,
    LAST_FRAME_MS,
    LAST_MOVE_COLOUR,
    MISTAKE_COLOUR,
    O_COLOUR,
    O_RING,
    RGB,
    ROWS,
    WIN_LINE_COLOUR,
    X_COLOUR,
    cell_box,
    image_size,
    replay_image,
    review_replay,
)


def dropped(columns: str) -> tuple[Move, ...]:
    """The moves of a game written as 1-based columns ("4453"): the cells the discs land in."""
    board, played = Connect4Board(), []
    for column in columns:
        move = board.landing(int(column) - 1)
        played.append(move)
        board = board.play(move)
    return tuple(played)


# X wins along a diagonal, from column 1's bottom to column 4's fourth row, in 11 moves; O's
# third move (index 5) and fourth (index 7) are marked in the tests that mark.
DIAGONAL = dropped("12234334744")
DIAGONAL_LINE = {Move(5, 0), Move(4, 1), Move(3, 2), Move(2, 3)}
# X wins the bottom row in 7 moves.
ROW = dropped("1122334")
ROW_LINE = {Move(5, col) for col in range(4)}
# O wins column 4 in 8 moves.
COLUMN = dropped("14241424")
COLUMN_LINE = {Move(row, 3) for row in range(2, 6)}
# A full board that nobody wins: the longest game there is.
FULL = dropped("617315721371413543521632362446574577645622")
FULL_MARKS = {index: ("blunder" if index % 2 else "mistake") for index in range(len(FULL))}
GAMES = {"diagonal": DIAGONAL, "row": ROW, "column": COLUMN}
CELLS = [Move(row, col) for row in range(ROWS) for col in range(COLUMNS)]


@cache
def plain(name: str) -> bytes:
    """The replay of ``GAMES[name]`` without marks, made once for every test that reads it."""
    return replay_image(GAMES[name])


@cache
def marked_diagonal() -> bytes:
    return replay_image(DIAGONAL, {5: "mistake", 7: "blunder"})


@cache
def full() -> bytes:
    """The longest game with every move marked: the most drawing there can be."""
    return replay_image(FULL, FULL_MARKS)


@cache
def frames(data: bytes) -> tuple[Image.Image, ...]:
    """Every frame of a GIF, as RGB images."""
    opened = ImageSequence.Iterator(Image.open(BytesIO(data)))
    return tuple(frame.convert("RGB") for frame in opened)


def durations(data: bytes) -> list[int]:
    """How long each frame of a GIF stays up, in milliseconds."""
    return [frame.info["duration"] for frame in ImageSequence.Iterator(Image.open(BytesIO(data)))]


def colours(frame: Image.Image, box: tuple[int, int, int, int]) -> dict[RGB, int]:
    """How many pixels of each colour ``box`` of ``frame`` holds."""
    found = frame.crop(box).getcolors(maxcolors=256)  # a GIF frame has 256 colours at most
    assert found is not None
    return {cast(RGB, rgb): count for count, rgb in found}


def pixels(frame: Image.Image, cell: Move, colour: RGB) -> int:
    """How many pixels of ``cell`` are exactly ``colour``."""
    return colours(frame, cell_box(cell)).get(colour, 0)


def centre(frame: Image.Image, cell: Move) -> RGB:
    """The colour at the middle of ``cell``: its disc's, or the empty hole's."""
    left, top, right, bottom = cell_box(cell)
    return cast(RGB, frame.getpixel(((left + right) // 2, (top + bottom) // 2)))


def player(index: int) -> Player:
    return Player.O if index % 2 else Player.X


COLOUR = {Player.X: X_COLOUR, Player.O: O_COLOUR}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_one_frame_for_the_empty_board_and_one_per_move(name: str) -> None:
    data = plain(name)
    shown = frames(data)
    assert data[:6] == b"GIF89a"
    assert len(shown) == len(GAMES[name]) + 1
    assert {frame.size for frame in shown} == {image_size()}
    assert durations(data) == [FRAME_MS] * len(GAMES[name]) + [LAST_FRAME_MS]
    assert Image.open(BytesIO(data)).info["loop"] == 0  # forever


def test_the_first_disc_is_x_and_the_board_starts_empty() -> None:
    shown = frames(plain("diagonal"))
    assert {centre(shown[0], cell) for cell in CELLS} == {CANVAS}
    assert centre(shown[1], DIAGONAL[0]) == X_COLOUR
    assert centre(shown[2], DIAGONAL[1]) == O_COLOUR


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_frame_adds_the_move_in_its_players_colour(name: str) -> None:
    played, shown = GAMES[name], frames(plain(name))
    for index, move in enumerate(played):
        colour = COLOUR[player(index)]
        assert centre(shown[index], move) == CANVAS, f"move {index + 1} before it"
        assert pixels(shown[index], move, colour) == 0
        if index + 1 < len(played):  # the last frame's winning line crosses the last disc
            assert centre(shown[index + 1], move) == colour, f"move {index + 1}"
        for frame in shown[index + 1 :]:
            assert pixels(frame, move, colour) > 0


def test_o_discs_are_ringed_and_x_discs_are_not() -> None:
    """A second cue beside colour: the shape tells the sides apart in a greyscale print."""
    last = frames(full())[-1]
    for index, move in enumerate(FULL):
        ringed = pixels(last, move, O_RING)
        assert ringed > 0 if player(index) is Player.O else ringed == 0, f"move {index + 1}"


def test_the_sides_differ_in_lightness_without_colour() -> None:
    """What a viewer who sees no hue at all still sees: X's discs dark, O's light."""
    grey = frames(plain("diagonal"))[2].convert("L")
    x_disc, o_disc = (cell_box(move) for move in DIAGONAL[:2])
    x_grey, o_grey = (
        cast(int, grey.getpixel(((left + right) // 2, (top + bottom) // 2)))
        for left, top, right, bottom in (x_disc, o_disc)
    )
    assert o_grey - x_grey > 80


def test_every_disc_rests_on_a_disc_or_the_bottom() -> None:
    """Gravity, frame by frame: the cell under a filled cell is filled, and each frame holds
    one disc more than the one before."""
    for number, frame in enumerate(frames(full())):
        filled = {cell for cell in CELLS if centre(frame, cell) != CANVAS}
        assert len(filled) == number
        for cell in filled:
            assert cell.row == ROWS - 1 or Move(cell.row + 1, cell.col) in filled, (number, cell)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_only_the_last_disc_is_outlined(name: str) -> None:
    played, shown = GAMES[name], frames(plain(name))
    assert all(pixels(shown[0], cell, LAST_MOVE_COLOUR) == 0 for cell in CELLS)
    for number, frame in enumerate(shown[1:], start=1):
        lit = {cell for cell in CELLS if pixels(frame, cell, LAST_MOVE_COLOUR) > 0}
        assert lit == {played[number - 1]}, f"frame {number}"


def test_a_blunder_and_a_mistake_show_their_badges_from_their_move_on() -> None:
    shown = frames(marked_diagonal())
    for marked, colour in ((7, BLUNDER_COLOUR), (5, MISTAKE_COLOUR)):
        cell = DIAGONAL[marked]
        assert pixels(shown[marked], cell, colour) == 0  # before the move
        for frame in shown[marked + 1 :]:
            assert pixels(frame, cell, colour) > 0
        assert all(
            pixels(frame, other, colour) == 0 for frame in shown for other in CELLS if other != cell
        )


def test_other_verdicts_are_drawn_plainly() -> None:
    words = {0: "best", 1: "good", 2: "estimate", 3: "anything"}
    assert replay_image(ROW, words) == plain("row")


@pytest.mark.parametrize(
    ("name", "line"),
    [("diagonal", DIAGONAL_LINE), ("row", ROW_LINE), ("column", COLUMN_LINE)],
)
def test_the_last_frame_draws_the_winning_four(name: str, line: set[Move]) -> None:
    shown = frames(plain(name))
    before, last = shown[-2], shown[-1]
    for cell in line:
        assert pixels(before, cell, WIN_LINE_COLOUR) == 0
        assert pixels(last, cell, WIN_LINE_COLOUR) > 0
        assert centre(last, cell) == WIN_LINE_COLOUR
    for cell in set(CELLS) - line:
        # A diagonal line grazes the corners of the cells beside it, never their holes.
        left, top, right, bottom = cell_box(cell)
        hole = (left + 12, top + 12, right - 12, bottom - 12)
        assert WIN_LINE_COLOUR not in colours(last, hole)
        if name != "diagonal":
            assert pixels(last, cell, WIN_LINE_COLOUR) == 0


def test_a_drawn_game_has_no_winning_line() -> None:
    last = frames(full())[-1]
    assert all(pixels(last, cell, WIN_LINE_COLOUR) == 0 for cell in CELLS)


def test_the_longest_game_all_marked_is_small() -> None:
    data = full()
    assert len(frames(data)) == len(FULL) + 1 == ROWS * COLUMNS + 1
    assert len(data) < 1_000_000


def test_the_same_game_gives_the_same_bytes() -> None:
    again = replay_image(DIAGONAL, dict({7: "blunder", 5: "mistake"}))
    assert again == marked_diagonal()


def test_a_review_replays_with_its_verdicts() -> None:
    verdicts = [Verdict.BEST] * len(DIAGONAL)
    verdicts[5], verdicts[7] = Verdict.MISTAKE, Verdict.BLUNDER
    reviewed = tuple(
        ReviewedMove(index + 1, player(index), move, verdict, None, None)
        for index, (move, verdict) in enumerate(zip(DIAGONAL, verdicts, strict=True))
    )
    game = cast(Game, SimpleNamespace(moves=DIAGONAL))  # a stand-in: only its moves are read
    nobody = Accuracy(0, 0, 0)
    review = Review(game, reviewed, Player.O, Turn.MOVE, reviewed[7], nobody, nobody)
    assert review_replay(review) == marked_diagonal()


def test_durations_can_be_chosen() -> None:
    data = replay_image(ROW[:2], frame_ms=500, last_frame_ms=4000)
    assert durations(data) == [500, 500, 4000]


def test_a_game_without_moves_is_one_frame() -> None:
    assert len(frames(replay_image(()))) == 1


@pytest.mark.parametrize(
    ("played", "message"),
    [
        ((Move(5, 3), Move(5, 7)), "Move 2 cannot be replayed: Column 8 is off the board"),
        ((Move(2, 0),), "Move 1 cannot be replayed: A disc dropped in column 1 falls to row 6"),
        ((Move(5, 3), Move(5, 3)), "Move 2 cannot be replayed: Row 6, column 4 already holds"),
        ((*dropped("111111"), Move(0, 0)), "Move 7 cannot be replayed: Column 1 is full"),
        (ROW + dropped("7"), "Move 8 cannot be replayed: The game is already over."),
    ],
)
def test_a_move_that_cannot_be_played_is_refused(played: tuple[Move, ...], message: str) -> None:
    with pytest.raises(ValueError, match="^" + message.replace(".", r"\.")):
        replay_image(played)


@pytest.mark.parametrize("index", [7, -1])
def test_a_mark_must_name_a_move(index: int) -> None:
    with pytest.raises(ValueError, match=f"move index {index}, but the game has 7 moves"):
        replay_image(ROW, {index: "blunder"})


@pytest.mark.parametrize(("frame_ms", "last_frame_ms"), [(10, 3000), (800, 19)])
def test_frames_too_short_are_refused(frame_ms: int, last_frame_ms: int) -> None:
    with pytest.raises(ValueError, match="at least 20 ms"):
        replay_image(ROW, frame_ms=frame_ms, last_frame_ms=last_frame_ms)
