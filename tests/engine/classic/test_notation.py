"""Board notation ("X.O/.X./..O"): round-trips, and every malformed text is refused clearly.

Hypothesis drives random legal games (3x3, 4x4 and a few other shapes) for the round-trip, and
random text for the parser, which may only ever answer with InvalidNotationError.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import EngineError, InvalidNotationError, Move, Player
from bot.engine.classic import Board

SHAPES = [(3, 3), (4, 4), (4, 3), (5, 4), (6, 5)]


@st.composite
def played_boards(draw: st.DrawFn, shapes: list[tuple[int, int]] = SHAPES) -> Board:
    """A board reached from the empty board by random legal play (possibly to the end)."""
    size, k = draw(st.sampled_from(shapes))
    board = Board.empty(size, k)
    plies = draw(st.integers(min_value=0, max_value=size * size))
    for _ in range(plies):
        if board.is_over:
            break
        board = board.play(draw(st.sampled_from(board.legal_moves)))
    return board


# ---------------------------------------------------------------- round trips


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(played_boards())
def test_notation_round_trips(board: Board) -> None:
    text = board.notation
    again = Board.from_notation(text, k=board.k)
    assert again == board
    assert again.notation == text
    assert (again.size, again.k, again.cells) == (board.size, board.k, board.cells)
    assert again.to_move is board.to_move
    assert again.winner is board.winner
    assert again.legal_moves == board.legal_moves


@settings(max_examples=150, deadline=None)
@given(played_boards([(3, 3), (4, 4)]))
def test_notation_round_trips_with_default_k(board: Board) -> None:
    assert Board.from_notation(board.notation) == board


@settings(max_examples=100, deadline=None)
@given(played_boards([(3, 3), (4, 4)]))
def test_notation_shape(board: Board) -> None:
    rows = board.notation.split("/")
    assert len(rows) == board.size
    assert all(len(row) == board.size for row in rows)
    for row_index, row in enumerate(rows):
        for col_index, char in enumerate(row):
            cell = board.at(Move(row_index, col_index))
            assert char == ("." if cell is None else cell.value)


def test_known_notation() -> None:
    board = Board.from_notation("X.O/.X./..O")
    assert board.at(Move(0, 0)) is Player.X
    assert board.at(Move(0, 2)) is Player.O
    assert board.at(Move(1, 1)) is Player.X
    assert board.at(Move(2, 2)) is Player.O
    assert board.to_move is Player.X
    assert board.moves_played == 4
    assert board.notation == "X.O/.X./..O"
    assert Board.from_notation("..../..../..../....") == Board.empty(4)
    assert Board.from_notation(".../.../...") == Board.empty()


def test_k_is_taken_from_the_argument() -> None:
    board = Board.from_notation("XX../OO../..../....", k=3)
    assert board.k == 3
    assert board.play(Move(0, 2)).winner is Player.X


# ---------------------------------------------------------------- malformed notation


MALFORMED = {
    "wrong row length": "X.O/.X/..O",
    "long row": "X.O/.X../..O",
    "unknown character": "X.Q/.../...",
    "digit": "X1O/.../...",
    "too many X": "XX./.../...",
    "O moved first": "O../.../...",
    "O ahead": "OO./X../...",
    "two winners": "XXX/OOO/...",
    "O moved after X won": "XXX/OO./O..",
    "X moved after O won": "OOO/XX./XX.",
    "empty string": "",
    "only slashes": "//",
    "too few rows": "X../...",
    "too many rows": ".../.../.../...",
    "non-square 4 wide": "..../..../....",
    "too small": "X./.O",
    "too large": "/".join(["......."] * 7),
    "trailing slash": ".../.../.../",
    "X won twice, far apart": "XXXX./OO.OO/O.O.O/...../XXXX.",
}


@pytest.mark.parametrize("text", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_notation_is_refused_with_the_text_quoted(text: str) -> None:
    k = 4 if text.startswith("XXXX.") else None
    with pytest.raises(InvalidNotationError) as info:
        Board.from_notation(text, k=k)
    error = info.value
    assert isinstance(error, EngineError) and isinstance(error, ValueError)
    message = str(error)
    assert text in message
    assert len(message) > len(text) + 10  # it also says what is wrong


def test_empty_string_message_says_something() -> None:
    with pytest.raises(InvalidNotationError) as info:
        Board.from_notation("")
    assert str(info.value).strip()


def test_two_lines_through_the_last_mark_are_accepted() -> None:
    """One move can complete two lines at once: that is a single legal win."""
    board = Board.from_notation("XXX/XOO/XOO")
    assert board.winner is Player.X


@pytest.mark.parametrize("k", [2, 4, 7])
def test_impossible_k_for_the_size(k: int) -> None:
    with pytest.raises(EngineError) as info:
        Board.from_notation("X.O/.X./..O", k=k)
    assert isinstance(info.value, ValueError)


# ---------------------------------------------------------------- random text


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=60), st.text(alphabet="XO./xo \n-", max_size=40)))
def test_random_text_only_ever_raises_invalid_notation(text: str) -> None:
    try:
        board = Board.from_notation(text)
    except InvalidNotationError as error:
        assert text in str(error)
        return
    assert Board.from_notation(board.notation) == board


def reachable(rows: list[str], k: int) -> bool:
    """Independent rule: could real play from the empty board have produced these marks?

    Counts must alternate; at most one side has a line; the winner moved last; and every one of
    the winner's lines passes through one common cell (the winning move), since play stops there.
    """
    size = len(rows)
    x = sum(row.count("X") for row in rows)
    o = sum(row.count("O") for row in rows)
    if x - o not in (0, 1):
        return False
    lines: dict[str, list[set[tuple[int, int]]]] = {"X": [], "O": []}
    for r in range(size):
        for c in range(size):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if not all(0 <= rr < size and 0 <= cc < size for rr, cc in cells):
                    continue
                marks = {rows[rr][cc] for rr, cc in cells}
                if len(marks) == 1 and marks != {"."}:
                    lines[marks.pop()].append(set(cells))
    if lines["X"] and lines["O"]:
        return False
    for mark, moved_last in (("X", x == o + 1), ("O", x == o)):
        if lines[mark] and (not moved_last or not set.intersection(*lines[mark])):
            return False
    return True


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.integers(3, 5).flatmap(
    lambda n: st.lists(
        st.text(alphabet="XO.", min_size=n, max_size=n), min_size=n, max_size=n
    )
))
def test_grids_are_accepted_exactly_when_reachable(rows: list[str]) -> None:
    """Right shape, any marks: a reachable position parses, anything else is refused."""
    text = "/".join(rows)
    for k in sorted({3, len(rows)}):
        try:
            board = Board.from_notation(text, k=k)
        except InvalidNotationError as error:
            assert text in str(error)
            assert not reachable(rows, k), f"refused a reachable position {text!r} (k={k})"
            continue
        assert reachable(rows, k), f"accepted an unreachable position {text!r} (k={k})"
        assert board.notation == text
