"""What explain counts: plain-minimax positions, a fresh search's positions, the threats.

The plain count is checked against a naive walk written here on strings (no memo, no bitboards),
so a wrong shortcut in the engine's memoised count cannot agree with it by accident.
"""

from __future__ import annotations

import random

import pytest
from reachable import live_positions, reachable_positions

from bot.engine import GameOverError, Move
from bot.engine.classic import Board, analyze, explain
from bot.engine.classic.teaching import plain_minimax_positions


def lines_of(size: int) -> list[list[int]]:
    rows = [[r * size + c for c in range(size)] for r in range(size)]
    cols = [[r * size + c for r in range(size)] for c in range(size)]
    down = [i * size + i for i in range(size)]
    up = [i * size + size - 1 - i for i in range(size)]
    return [*rows, *cols, down, up]


def has_line(cells: list[str], mark: str, size: int) -> bool:
    return any(all(cells[i] == mark for i in line) for line in lines_of(size))


def naive_plain_count(cells: list[str], size: int) -> int:
    """Visit every position below this one, one by one, until each game ends."""
    mover = "X" if cells.count("X") == cells.count("O") else "O"
    other = "O" if mover == "X" else "X"
    if has_line(cells, other, size) or "." not in cells:
        return 1
    total = 1
    for index, cell in enumerate(cells):
        if cell == ".":
            cells[index] = mover
            total += naive_plain_count(cells, size)
            cells[index] = "."
    return total


def cells_of(board: Board) -> list[str]:
    return list(board.notation.replace("/", ""))


def test_plain_minimax_examines_549946_positions_from_the_empty_board() -> None:
    assert plain_minimax_positions(Board.empty()) == 549_946


def test_plain_count_equals_a_naive_walk_on_a_sample_of_3x3_positions() -> None:
    sample = [b for b in reachable_positions() if b.moves_played >= 2][::23]
    assert len(sample) > 100
    for board in sample:
        assert plain_minimax_positions(board) == naive_plain_count(cells_of(board), 3), board


def test_plain_count_equals_a_naive_walk_on_late_4x4_positions() -> None:
    rng = random.Random(11)
    checked = 0
    while checked < 5:
        board = Board.empty(4)
        while board.moves_played < 9 and not board.is_over:
            board = board.play(rng.choice(board.legal_moves))
        if board.is_over:
            continue
        assert plain_minimax_positions(board) == naive_plain_count(cells_of(board), 4), board
        checked += 1


def test_plain_count_of_a_finished_game_is_the_position_itself() -> None:
    assert plain_minimax_positions(Board.from_notation("XXX/OO./...")) == 1


def test_plain_count_gives_up_on_an_early_4x4_position_instead_of_running_for_hours() -> None:
    assert plain_minimax_positions(Board.empty(4), limit=20_000) is None


def test_explain_counts_a_fresh_search_whatever_was_searched_before() -> None:
    board = Board.from_notation("X../.O./...")
    first = explain(board)
    analyze(board)  # warms the shared transposition table
    again = explain(board)
    assert first.searched == again.searched
    assert first.plain is not None
    assert 1 < first.searched < first.plain


@pytest.mark.slow
def test_explain_analysis_and_threats_on_every_reachable_position() -> None:
    for board in live_positions():
        explained = explain(board)
        analysis = analyze(board)
        assert explained.analysis.moves == analysis.moves
        assert explained.analysis.best_moves == analysis.best_moves
        cells = cells_of(board)
        opponent = board.to_move.other.value
        expected = []
        for index, cell in enumerate(cells):
            if cell == ".":
                cells[index] = opponent
                if has_line(cells, opponent, 3):
                    expected.append(Move(index // 3, index % 3))
                cells[index] = "."
        assert explained.threats == tuple(expected), board


def test_explain_refuses_a_finished_game() -> None:
    with pytest.raises(GameOverError):
        explain(Board.from_notation("XXX/OO./..."))
