"""Boards as players see them: every reachable 3x3 position, drawn with emoji and as text.

The expected glyphs are written out here rather than imported, so a change to how a board
looks is a deliberate change to this file too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from reachable import positions_with_moves

from bot.engine import Move, Player
from bot.engine.classic import Board
from bot.games.models import Game, Seat, Status
from bot.games.render.boards import render_emoji, render_text, status_line
from bot.games.variants.classic import CLASSIC

NOW = datetime(2026, 1, 1, tzinfo=UTC)
ALICE = Seat(7, "alice")
BOT = Seat(None, "Tic-Tac-Toe")
KEYCAPS = ["1️⃣", "2️⃣", "3️⃣", "4️⃣"]
CORNER = "⬛"
EMOJI = {  # glyph -> (mark, highlighted)
    "❌": (Player.X, False),
    "⭕": (Player.O, False),
    "❎": (Player.X, True),
    "🟢": (Player.O, True),
    "⬜": (None, False),
}
TEXT = {  # three-character cell -> (mark, highlighted)
    " X ": (Player.X, False),
    " O ": (Player.O, False),
    "[X]": (Player.X, True),
    "[O]": (Player.O, True),
    " . ": (None, False),
}


def make_game(
    moves: tuple[Move, ...],
    *,
    size: int = 3,
    member: Player = Player.X,
    status: Status | None = None,
    name: str = "alice",
) -> Game:
    """A game as the service would store it, with the status the board implies."""
    board = Board.empty(size)
    for move in moves:
        board = board.play(move)
    if status is None:
        if board.outcome is None:
            status = Status.ACTIVE
        elif board.winner is None:
            status = Status.DRAWN
        else:
            status = Status.WON if board.winner is member else Status.LOST
    seat = Seat(7, name)
    x, o = (seat, BOT) if member is Player.X else (BOT, seat)
    return Game(
        id=1,
        channel_id=10,
        guild_id=20,
        x=x,
        o=o,
        level="perfect",
        size=size,
        first="me" if member is Player.X else "bot",
        moves=moves,
        status=status,
        winner=board.winner,
        created_at=NOW,
        updated_at=NOW,
        variant=CLASSIC,
    )


def games_3x3() -> Iterator[Game]:
    """Every reachable position, once with the member as X and once as O."""
    for _, moves in positions_with_moves():
        yield make_game(moves, member=Player.X)
        yield make_game(moves, member=Player.O)


def expected_status(game: Game) -> str:
    """The status line, worked out independently of the renderer."""
    board = game.position
    if game.status is Status.ACTIVE:
        mark = "❌" if board.to_move is Player.X else "⭕"
        return (
            f"Your turn, alice ({mark})."
            if game.seat(board.to_move) == game.member
            else (f"My turn ({mark}).")
        )
    if game.status is Status.DRAWN:
        return "Draw."
    cells = set(board.winning_cells or ())
    n = board.size  # k == size in games: the lines are whole rows, columns and diagonals
    named = [(f"row {r + 1}", {Move(r, c) for c in range(n)}) for r in range(n)]
    named += [(f"column {c + 1}", {Move(r, c) for r in range(n)}) for c in range(n)]
    named.append(("the diagonal from the top left", {Move(i, i) for i in range(n)}))
    named.append(("the diagonal from the top right", {Move(i, n - 1 - i) for i in range(n)}))
    lines = [name for name, line in named if line <= cells]
    assert lines, "a won game has at least one complete line"
    where = " and ".join(lines)
    was = "were" if len(lines) > 1 else "was"
    if game.status is Status.WON:
        return f"You win, alice! {where[0].upper()}{where[1:]} {was} yours."
    return f"I win — {where} {was} mine."


def decode_emoji(text: str, size: int) -> tuple[dict[Move, tuple[Player | None, bool]], str]:
    """Read an emoji board back into cells, checking its labels; return cells and status."""
    lines = text.split("\n")
    assert lines[0].startswith("Tic-Tac-Toe: ")
    assert lines[1] == CORNER + "".join(KEYCAPS[:size])
    grid = lines[2 : 2 + size]
    assert len(lines) == size + 3, "title, column numbers, one line per row, status"
    cells = {}
    for row, line in enumerate(grid):
        assert line.startswith(KEYCAPS[row])
        glyphs = list(line[len(KEYCAPS[row]) :])
        assert len(glyphs) == size, line
        for col, glyph in enumerate(glyphs):
            cells[Move(row, col)] = EMOJI[glyph]
    return cells, lines[-1]


def decode_text(text: str, size: int) -> tuple[dict[Move, tuple[Player | None, bool]], str]:
    """Read a text board back into cells, checking labels and separators."""
    lines = text.split("\n")
    assert lines[0].startswith("Tic-Tac-Toe: ")
    assert lines[1] == "   " + "  ".join(f" {n}" for n in range(1, size + 1))
    assert len(lines) == 2 * size + 2, "title, column numbers, rows with separators, status"
    cells = {}
    for row in range(size):
        line = lines[2 + 2 * row]
        if row:
            assert lines[1 + 2 * row] == "   " + "+".join(["---"] * size)
        assert line.startswith(f"{row + 1}  ")
        assert line == line.rstrip(), "no trailing spaces"
        parts = line[3:].ljust(4 * size - 1).split("|")
        assert len(parts) == size, line
        for col, part in enumerate(parts):
            cells[Move(row, col)] = TEXT[part]
    return cells, lines[-1]


def check_cells(game: Game, cells: dict[Move, tuple[Player | None, bool]]) -> None:
    board = game.position
    winning = set(board.winning_cells or ())
    for move, (mark, highlighted) in cells.items():
        assert mark == board.at(move), (board.notation, move)
        assert highlighted == (move in winning), (board.notation, move)
    assert {move for move, (_, lit) in cells.items() if lit} == winning


def test_the_walk_finds_every_reachable_position() -> None:
    assert len(positions_with_moves()) == 5478


@pytest.mark.slow
def test_every_emoji_board_shows_every_cell_and_only_the_winning_line() -> None:
    for game in games_3x3():
        cells, status = decode_emoji(render_emoji(game), 3)
        check_cells(game, cells)
        assert status == expected_status(game) == status_line(game)


@pytest.mark.slow
def test_every_text_board_shows_every_cell_and_only_the_winning_line() -> None:
    for game in games_3x3():
        text = render_text(game)
        assert text.isascii()
        cells, status = decode_text(text, 3)
        check_cells(game, cells)
        assert status == expected_status(game).replace("❌", "X").replace("⭕", "O").replace(
            "—", "-"
        )


def test_a_text_board_looks_like_this() -> None:
    x_wins = tuple(Move(r, c) for r, c in [(0, 0), (0, 2), (1, 1), (1, 0), (2, 2)])
    assert render_text(make_game(x_wins)) == (
        "Tic-Tac-Toe: alice (X) vs me (O), perfect, 3x3\n"
        "    1   2   3\n"
        "1  [X]| . | O\n"
        "   ---+---+---\n"
        "2   O |[X]| .\n"
        "   ---+---+---\n"
        "3   . | . |[X]\n"
        "You win, alice! The diagonal from the top left was yours."
    )


def test_an_emoji_board_looks_like_this() -> None:
    o_wins = tuple(Move(r, c) for r, c in [(1, 1), (0, 2), (0, 0), (2, 2), (2, 0), (1, 2)])
    assert render_emoji(make_game(o_wins, member=Player.X)) == (
        "Tic-Tac-Toe: alice (❌) vs me (⭕), perfect, 3\u00d73\n"
        "⬛1️⃣2️⃣3️⃣\n"
        "1️⃣❌⬜🟢\n"
        "2️⃣⬜❌🟢\n"
        "3️⃣❌⬜🟢\n"
        "I win — column 3 was mine."
    )


def four_by_four_games() -> Iterator[Game]:
    """4x4 games: empty, mid-game, won on each kind of line, drawn, with a 32-letter name."""
    long_name = "a" * 32
    yield make_game((), size=4, name=long_name)
    lines = {
        "row": [Move(1, c) for c in range(4)],
        "column": [Move(r, 2) for r in range(4)],
        "diagonal": [Move(i, i) for i in range(4)],
        "anti": [Move(i, 3 - i) for i in range(4)],
    }
    for line in lines.values():
        others = [Move(r, c) for r in range(4) for c in range(4) if Move(r, c) not in line]
        # X fills the line while O plays elsewhere without completing anything.
        moves: list[Move] = []
        for index, cell in enumerate(line):
            moves.append(cell)
            if index < 3:
                moves.append(others[index * 4 % len(others)])
        yield make_game(tuple(moves), size=4, name=long_name)
    draw = "XXOO/OOXX/XXOO/OOXX"
    board = Board.from_notation(draw)
    xs = [Move(i // 4, i % 4) for i, cell in enumerate(board.cells) if cell is Player.X]
    os_ = [Move(i // 4, i % 4) for i, cell in enumerate(board.cells) if cell is Player.O]
    moves_draw = tuple(m for pair in zip(xs, os_, strict=True) for m in pair)
    yield make_game(moves_draw, size=4, name=long_name)


@pytest.mark.parametrize("game", list(four_by_four_games()), ids=lambda g: g.position.notation)
def test_4x4_boards_fit_one_discord_message_and_decode(game: Game) -> None:
    text = render_emoji(game)
    assert len(text) <= 2000
    assert len(text.encode("utf-16-le")) // 2 <= 2000  # however Discord counts
    cells, _ = decode_emoji(text, 4)
    check_cells(game, cells)
    cells, _ = decode_text(render_text(game), 4)
    check_cells(game, cells)


def test_every_kind_of_4x4_line_is_named() -> None:
    statuses = [status_line(game) for game in four_by_four_games()]
    assert statuses[0] == f"Your turn, {'a' * 32} (❌)."
    wins = statuses[1:5]
    assert all(re.fullmatch(r"You win, a{32}! .* was yours\.", s) for s in wins), wins
    assert [s.split("! ")[1] for s in wins] == [
        "Row 2 was yours.",
        "Column 3 was yours.",
        "The diagonal from the top left was yours.",
        "The diagonal from the top right was yours.",
    ]
    assert statuses[5] == "Draw."


def test_resigned_and_expired_games_say_so_and_highlight_nothing() -> None:
    moves = (Move(0, 0), Move(1, 1))
    resigned = make_game(moves, status=Status.RESIGNED)
    assert status_line(resigned) == "alice resigned."
    assert render_text(resigned).endswith("\nalice resigned.")
    expired = make_game(moves, status=Status.EXPIRED)
    assert "expired" in status_line(expired)
    for game in (resigned, expired):
        cells, _ = decode_emoji(render_emoji(game), 3)
        assert not any(lit for _, lit in cells.values())


def test_the_title_names_both_sides_with_their_marks() -> None:
    game = make_game((), member=Player.O)
    assert (
        render_emoji(game).split("\n")[0] == "Tic-Tac-Toe: me (❌) vs alice (⭕), perfect, 3\u00d73"
    )
    assert render_text(game).split("\n")[0] == "Tic-Tac-Toe: me (X) vs alice (O), perfect, 3x3"


def test_a_move_that_completes_two_lines_names_both() -> None:
    both = tuple(
        Move(r, c)
        for r, c in [(0, 1), (1, 1), (0, 2), (1, 2), (1, 0), (2, 2), (2, 0), (2, 1), (0, 0)]
    )
    game = make_game(both)
    assert game.position.notation == "XXX/XOO/XOO"
    assert status_line(game) == "You win, alice! Row 1 and column 1 were yours."
    cells, _ = decode_emoji(render_emoji(game), 3)
    assert {move for move, (_, winning) in cells.items() if winning} == {
        Move(0, 0),
        Move(0, 1),
        Move(0, 2),
        Move(1, 0),
        Move(2, 0),
    }
