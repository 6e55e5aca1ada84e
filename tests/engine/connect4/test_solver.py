"""The exact solver: its scores against a plain minimax (no pruning, no table) on 5x4 and 6x5
boards and on every position below a few 7x6 endgames, against the reference solver's scores
of 200 random 7x6 positions (positions/), the score convention's corner cases, the budgets,
and the best columns."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from connect4_positions import positions

from bot.engine import GameOverError, SearchTooLargeError
from bot.engine.connect4 import (
    STANDARD,
    Budget,
    Connect4Board,
    Geometry,
    Solver,
    analyze,
    best_columns,
)
from tests.engine.connect4.plain import plain_score, read_data

SMALL = [
    (Geometry(5, 4), 10, 11, 8),  # shape, fewest and most discs, positions
    (Geometry(6, 5), 21, 23, 12),
    (Geometry(4, 4), 6, 8, 12),
]


def below(board: Connect4Board) -> Iterator[Connect4Board]:
    """``board`` and every position any continuation reaches before the game ends."""
    yield board
    for col in board.legal_columns:
        after = board.play_column(col)
        if not after.is_over:
            yield from below(after)


@pytest.mark.parametrize(("geo", "low", "high", "count"), SMALL, ids=str)
def test_small_boards_agree_with_plain_minimax(
    geo: Geometry, low: int, high: int, count: int
) -> None:
    solver = Solver(geo)
    for board in positions(random.Random(45), low, high, count, geo):
        assert solver.solve(board) == plain_score(board), board.notation
        assert analyze(board, solver=solver).columns == tuple(
            None if col not in board.legal_columns else column_score(board, col)
            for col in range(geo.width)
        ), board.notation


def column_score(board: Connect4Board, col: int) -> int:
    """A column's score by the plain minimax: a win at once, a full board, or minus the
    position's it leaves."""
    after = board.play_column(col)
    if after.winner is not None:
        return board.geometry.cells // 2 + 1 - (board.discs // 2 + 1)
    return 0 if after.is_over else -plain_score(after)


def test_every_position_below_some_endgames_agrees_with_plain_minimax() -> None:
    """Exhaustive below each of four random 7x6 positions of 33 discs: 9 cells left."""
    solver = Solver()
    checked = 0
    for root in positions(random.Random(4), 33, 33, 4):
        for board in below(root):
            assert solver.solve(board) == plain_score(board), board.notation
            checked += 1
    assert checked > 1_000


def test_the_reference_solvers_scores() -> None:
    """100 positions of 20 to 29 discs, each solved from a cold table."""
    solver = Solver()
    for sequence, score in read_data("middle_20-29.txt"):
        solver.reset()
        assert solver.solve(Connect4Board.from_notation(sequence)) == int(score), sequence


def test_the_reference_solvers_column_scores() -> None:
    """100 positions of 30 to 38 discs, every column; the best columns by the cheaper search."""
    solver = Solver()
    for sequence, *scores in read_data("end_30-38_columns.txt"):
        board = Connect4Board.from_notation(sequence)
        expected = tuple(None if score == "-" else int(score) for score in scores)
        analysis = analyze(board, solver=solver)
        assert analysis.columns == expected, sequence
        top = max(score for score in expected if score is not None)
        assert analysis.score == top
        assert best_columns(board, solver=solver) == (top, analysis.best_columns()), sequence


@pytest.mark.parametrize(
    ("sequence", "score"),
    [
        ("121212", 18),  # X wins with its 4th disc, at once
        ("33445", -18),  # X's open three on the bottom row: O loses to X's 4th disc
        ("3344", 18),  # X makes that open three with its 3rd disc: its 4th wins, two plies on
    ],
)
def test_the_score_convention(sequence: str, score: int) -> None:
    board = Connect4Board.from_notation(sequence)
    assert Solver().solve(board) == score


def test_a_draw_and_a_win_with_the_last_disc() -> None:
    drawn = "455714637617614767242476316455122212535333"  # a full board, no four
    assert Solver().solve(Connect4Board.from_notation(drawn[:-1])) == 0
    last = Connect4Board.from_notation(drawn[:-1])  # O's 21st disc fills it: no win, 0
    assert analyze(last).columns[int(drawn[-1]) - 1] == 0
    won_last = [(seq, int(s)) for seq, s in read_data("middle_20-29.txt") if abs(int(s)) == 1]
    assert won_last, "the data holds positions won with the 21st disc"
    for sequence, score in won_last:
        assert Solver().solve(Connect4Board.from_notation(sequence)) == score


def test_a_fresh_table_proves_nothing_about_the_empty_board() -> None:
    """The empty board's key is 0, as an empty slot reads: it must not be taken for a stored
    bound (it was, and the empty board "solved" to -19 in 10 positions)."""
    solver = Solver()
    with pytest.raises(SearchTooLargeError):
        solver.solve(Connect4Board(), Budget(max_nodes=20_000))
    assert solver.nodes >= 20_000


def test_budgets_stop_a_search_and_keep_what_it_proved() -> None:
    board = Connect4Board.from_notation("36725131116514")  # 14 discs: seconds of search
    solver = Solver()
    with pytest.raises(SearchTooLargeError, match="not solved within the budget"):
        solver.solve(board, Budget(max_nodes=5_000))
    with pytest.raises(SearchTooLargeError):
        solver.solve(board, Budget(deadline=0.0))  # long past
    cold = Solver()
    easy = Connect4Board.from_notation("523262541576612667316377")
    assert cold.solve(easy) == 2
    spent = cold.nodes
    assert cold.solve(easy) == 2 and cold.nodes - spent < spent / 10  # the table answers
    cold.reset()
    assert cold.nodes == 0 and cold.table.used() == 0


def test_a_finished_game_or_another_shape_is_refused() -> None:
    with pytest.raises(GameOverError):
        Solver().solve(Connect4Board.from_notation("1212121"))
    with pytest.raises(GameOverError):
        best_columns(Connect4Board.from_notation("1212121"))
    with pytest.raises(ValueError, match="this solver plays"):
        Solver(Geometry(5, 4)).solve(Connect4Board())


def test_the_table_is_bounded() -> None:
    solver = Solver(STANDARD)
    board = Connect4Board.from_notation("36725131116514")
    with pytest.raises(SearchTooLargeError):
        solver.solve(board, Budget(max_nodes=50_000))
    assert 0 < solver.table.used() <= solver.table.size
    assert len(solver.table.slots) == solver.table.size
