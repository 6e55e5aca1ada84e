"""Valuations within a budget (bot/engine/valuation.py): what they prove agrees with the
general exact solver, they never spend more than their budget, and what they cannot prove
is None."""

from __future__ import annotations

import random

import pytest

from bot.engine import GameOverError, Move, SearchTooLargeError, Value
from bot.engine.classic import Board, analyze, choose_move
from bot.engine.classic.valuation import UNKNOWN, Valuation, Valuer, appraise


def five_by_five_positions(seed: int) -> list[Board]:
    """The positions of a 5x5 game played perfectly for 8 moves, then mostly at random."""
    rng = random.Random(seed)
    board, boards = Board.empty(5, 4), []
    while not board.is_over:
        boards.append(board)
        if len(boards) > 8 and rng.random() < 0.6:
            move = rng.choice(board.legal_moves)
        else:
            move = choose_move(board, "perfect", rng)
        board = board.play(move)
    return boards


def test_budgets_must_be_positive_and_a_finished_board_has_no_value() -> None:
    with pytest.raises(ValueError, match="positive"):
        Valuer(budget=0, per_position=1)
    with pytest.raises(ValueError, match="positive"):
        Valuer(budget=1, per_position=-1)
    with pytest.raises(GameOverError):
        Valuer(budget=1, per_position=1).valuation(Board.from_notation("XXX/OO./..."))


def test_3x3_and_4x4_are_analyze_whatever_the_budget() -> None:
    valuer = Valuer(budget=1, per_position=1)
    for board in (Board.empty(3, 3), Board.from_notation("X.O/.X./..O"), Board.empty(4, 4)):
        analysis = analyze(board)
        first = analysis.moves[0]
        assert valuer.valuation(board) == Valuation(first.value, first.plies, first.move)
    assert valuer.left == 1


def test_the_empty_5x5_board_is_a_draw_from_the_book_at_no_cost() -> None:
    valuer = Valuer(budget=10, per_position=10)
    assert valuer.valuation(Board.empty(5, 4)) == Valuation(Value.DRAW, 25, Move(2, 2))
    assert valuer.left == 10


@pytest.mark.parametrize("seed", range(6))
def test_5x5_valuations_agree_with_the_general_solver(seed: int) -> None:
    """Where the general solver finishes (10 marks or more), value and length are the same,
    and the move named reaches them."""
    valuer = Valuer(budget=2_000_000, per_position=500_000)
    checked = 0
    for board in reversed(five_by_five_positions(seed)):
        if board.moves_played < 10:
            break
        try:
            analysis = analyze(board)
        except SearchTooLargeError:
            continue
        found = valuer.valuation(board)
        first = analysis.moves[0]
        assert (found.value, found.plies) == (first.value, first.plies), board.notation
        if found.value is Value.LOSS:
            assert found.best is None
        else:
            assert found.best is not None
            entry = next(item for item in analysis.moves if item.move == found.best)
            assert (entry.value, entry.plies) == (first.value, first.plies), board.notation
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("budget", "per_position"), [(1, 1), (500, 100), (20_000, 5_000)])
def test_a_valuer_spends_at_most_its_budget_and_proves_less_with_less(
    budget: int, per_position: int
) -> None:
    boards = five_by_five_positions(3)
    scarce = Valuer(budget=budget, per_position=per_position)
    ample = Valuer(budget=10_000_000, per_position=2_000_000)
    for board in reversed(boards):
        found, full = scarce.valuation(board), ample.valuation(board)
        assert 0 <= scarce.left <= budget
        if found.value is not None:
            assert found.value is full.value
        if found.plies is not None:
            assert found.plies == full.plies
    if budget == 1:
        unproven = [scarce.valuation(board) for board in boards if board.moves_played > 6]
        assert UNKNOWN in unproven


@pytest.mark.parametrize("notation", ["X.O/.X./...", ".../.X./...", "X.../.O../..X./...."])
def test_an_appraisal_of_3x3_and_4x4_is_analyze(notation: str) -> None:
    board = Board.from_notation(notation)
    appraisal = appraise(board, budget=1, per_position=1)
    expected = analyze(board)
    assert appraisal.analysis is not None
    assert appraisal.analysis.moves == expected.moves
    assert appraisal.analysis.best_moves == expected.best_moves
    assert appraisal.value is expected.value


@pytest.mark.parametrize("seed", range(3))
def test_5x5_appraisals_agree_with_the_general_solver_move_by_move(seed: int) -> None:
    """Where the general solver finishes, an appraisal with a hint's budget proves every
    move, with the same values and lengths, in the same order."""
    checked = 0
    for board in reversed(five_by_five_positions(seed)):
        if board.moves_played < 11:
            break
        try:
            expected = analyze(board)
        except SearchTooLargeError:
            continue
        appraisal = appraise(board, budget=200_000, per_position=100_000)
        assert appraisal.analysis is not None, board.notation
        assert appraisal.analysis.moves == expected.moves, board.notation
        assert appraisal.analysis.best_moves == expected.best_moves
        assert 0 <= appraisal.examined <= 200_000
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("budget", [1, 5_000, 60_000])
def test_a_scarce_appraisal_proves_only_what_an_ample_one_does(budget: int) -> None:
    """Never a guess: each value and length a small budget proves is the ample one's, the
    unproven sort last, and the position's value, when known, is its best move's."""
    board = five_by_five_positions(4)[6]
    scarce = appraise(board, budget=budget, per_position=min(budget, 100_000))
    ample = appraise(board, budget=20_000_000, per_position=4_000_000)
    assert ample.analysis is not None
    exact = {entry.move: entry for entry in ample.moves}
    assert {entry.move for entry in scarce.moves} == set(exact)
    for entry in scarce.moves:
        if entry.value is not None:
            assert entry.value is exact[entry.move].value
        if entry.plies is not None:
            assert entry.plies == exact[entry.move].plies
    known = [entry.value is not None for entry in scarce.moves]
    assert known == sorted(known, reverse=True)
    assert scarce.examined <= budget
    if scarce.value is not None:
        assert scarce.value is ample.value
