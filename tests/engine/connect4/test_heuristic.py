"""The depth-limited search and its estimate: the bit-parallel line counts against a plain
count of every line, the estimate's terms, proven values, and a search to the end of the game
against the exact solver."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import SearchTooLargeError
from bot.engine.connect4 import STANDARD, Connect4Board, Geometry, Solver
from bot.engine.connect4.geometry import winning_cells
from bot.engine.connect4.heuristic import (
    CENTRE_WEIGHT,
    ESTIMATE_MAX,
    SCALE,
    THREAT_WEIGHT,
    WINDOW_WEIGHTS,
    DepthSearch,
    deepening,
    evaluate,
    search,
    windows,
)
from tests.engine.connect4.plain import disc_grid, lines_of_four, random_game, read_data


def plain_windows(board: Connect4Board, side: str) -> tuple[int, int, int]:
    """Lines of four holding 1, 2 and 3 discs of ``side`` and none of the other's."""
    grid = disc_grid(board)
    counts = [0, 0, 0, 0, 0]
    for line in lines_of_four(board.geometry):
        marks = [grid.get(cell) for cell in line]
        if all(mark in (side, None) for mark in marks):
            counts[marks.count(side)] += 1
    return counts[1], counts[2], counts[3]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), width=st.sampled_from([5, 6, 7]), height=st.integers(4, 6))
def test_line_counts_agree_with_a_plain_count(seed: int, width: int, height: int) -> None:
    for board in random_game(random.Random(seed), Geometry(width, height)):
        assert windows(board.x, board.o, board.geometry) == plain_windows(board, "X")
        assert windows(board.o, board.x, board.geometry) == plain_windows(board, "O")


def test_the_empty_board_has_69_open_lines_and_no_estimate() -> None:
    assert len(lines_of_four(STANDARD)) == 69
    assert windows(0, 0, STANDARD) == (0, 0, 0)
    assert evaluate(0, 0, 0, STANDARD) == 0


def test_the_estimate_is_its_terms() -> None:
    """Recomputed from the plain counts for a few hundred positions of random games: lines,
    centre discs and threats on the side's own rows (odd for X, even for O), clamped."""
    rng = random.Random(3)
    checked = 0
    while checked < 300:
        for board in random_game(rng)[:-1]:
            mover, other = ("X", "O") if board.discs % 2 == 0 else ("O", "X")
            mine, theirs = plain_windows(board, mover), plain_windows(board, other)
            total = sum(
                w * (m - t) for w, m, t in zip(WINDOW_WEIGHTS[1:], mine, theirs, strict=True)
            )
            grid = disc_grid(board)
            total += CENTRE_WEIGHT * sum(
                1 if grid.get((row, 3)) == mover else -1 if grid.get((row, 3)) == other else 0
                for row in range(6)
            )
            empty = STANDARD.full ^ board.mask
            odd = sum(STANDARD.cell_bit(row, col) for row in (0, 2, 4) for col in range(7))
            even = STANDARD.full ^ odd
            own, their = (odd, even) if mover == "X" else (even, odd)
            total += THREAT_WEIGHT * (
                (winning_cells(board.current, empty, 6) & own).bit_count()
                - (winning_cells(board.current ^ board.mask, empty, 6) & their).bit_count()
            )
            expected = max(-ESTIMATE_MAX, min(ESTIMATE_MAX, total))
            assert evaluate(board.current, board.mask, board.discs, STANDARD) == expected
            checked += 1


def test_proven_values_outweigh_every_estimate() -> None:
    board = Connect4Board.from_notation("121212")  # X wins at once in column 1
    found = search(board.current, board.mask, board.discs, 3, STANDARD)
    assert found.best_columns() == (0,)
    assert found.values[0] == 18 * SCALE
    leave = Connect4Board.from_notation("33445")  # O can block one end of X's open three
    found = search(leave.current, leave.mask, leave.discs, 3, STANDARD, exact_values=True)
    assert all(value == -18 * SCALE for value in found.values.values())


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_ties_with_the_best_are_kept(depth: int) -> None:
    for board in random_game(random.Random(depth))[:12]:
        args = (board.current, board.mask, board.discs, depth, STANDARD)
        cheap, full = search(*args), search(*args, exact_values=True)
        assert cheap.best == full.best
        assert cheap.best_columns() == full.best_columns()
        for col in set(full.values) - set(full.best_columns()):  # an upper bound, below the best
            assert full.values[col] <= cheap.values[col] < cheap.best


def test_a_search_to_the_end_of_the_game_is_exact() -> None:
    """With depth enough to reach the end, the best value is the solver's score times SCALE."""
    solver = Solver()
    checked = 0
    for sequence, *_scores in read_data("end_30-38_columns.txt"):
        board = Connect4Board.from_notation(sequence)
        if board.discs < 34:
            continue
        left = 42 - board.discs
        found = search(board.current, board.mask, board.discs, left, STANDARD)
        assert found.best == solver.solve(board) * SCALE, sequence
        checked += 1
    assert checked >= 20


def test_deepening_stops_at_its_deadline_and_keeps_the_last_depth() -> None:
    board = Connect4Board()
    start = time.perf_counter()
    found = deepening(board.current, board.mask, 0, STANDARD, start + 0.2)
    assert time.perf_counter() - start < 0.2 + 0.5  # one check of the clock in 256 positions
    assert 2 <= found.depth < 42 and set(found.values) == set(range(7))
    capped = deepening(board.current, board.mask, 0, STANDARD, start + 60, max_depth=3)
    assert capped.depth == 3


def test_deepening_stops_at_a_proven_win() -> None:
    board = Connect4Board.from_notation("3344")  # X's 4th disc wins, whatever O does
    found = deepening(board.current, board.mask, board.discs, STANDARD, time.perf_counter() + 30)
    assert found.best == 18 * SCALE and found.depth == 1  # the open three is seen at once
    assert set(found.best_columns()) == {1, 4}  # columns 2 and 5 make the open three


def test_a_past_deadline_raises() -> None:
    board = Connect4Board()
    with pytest.raises(SearchTooLargeError):
        DepthSearch(STANDARD, deadline=0.0).search(board.current, board.mask, 0, 8)
