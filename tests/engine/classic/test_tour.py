"""docs/minimax.md's claims, run: each classic mistake against the real engine on the tour's
position, and the tour's counts against bench/minimax_tour.py, the script that produces them."""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

import pytest

from bot.engine import Move, Value
from bot.engine.classic import Board, analyze, best_moves
from bot.engine.classic.heuristic import LimitedSearch
from bot.engine.classic.teaching import plain_minimax_positions, search_tree

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "bench"))

import minimax_tour  # noqa: E402
import minimax_variants as tour  # noqa: E402

RANK = {Value.WIN: 2, Value.DRAW: 1, Value.LOSS: 0}
step_counts = functools.cache(minimax_tour.step_counts)  # two plain walks: count them once


def outcome(board: Board, cell: int) -> tuple[Value, int]:
    """(value, plies) of the move on ``cell`` under perfect play, for the side to move."""
    wanted = Move(cell // 3, cell % 3)
    entry = next(e for e in analyze(board).moves if e.move == wanted)
    return entry.value, entry.plies


def better(a: tuple[Value, int], b: tuple[Value, int]) -> bool:
    """Is result ``a`` better for the mover than ``b``? (win sooner, lose later)"""
    if a[0] is not b[0]:
        return RANK[a[0]] > RANK[b[0]]
    if a[0] is Value.WIN:
        return a[1] < b[1]
    return a[0] is Value.LOSS and a[1] > b[1]


def cells(moves: tuple[Move, ...]) -> list[int]:
    return [m.row * 3 + m.col for m in moves]


def test_a_horizon_scored_as_a_draw_walks_into_a_fork_the_evaluation_sees() -> None:
    board = Board.from_notation(".../.OX/.X.")
    me, opp = board.sides
    mistaken = tour.Limited(tour.draw_at_horizon).choose(me, opp, 2)
    assert outcome(board, mistaken) == (Value.LOSS, 4)
    # the engine's own depth-2 search
    scores = LimitedSearch(board.geometry).score_moves(me, opp, 2)
    top = max(score for _, score in scores)
    engine = [cell for cell, score in scores if score == top]
    assert engine and all(outcome(board, cell)[0] is Value.DRAW for cell in engine)
    # The same search with the engine's evaluation at the horizon avoids it too.
    assert outcome(board, tour.Limited(tour.estimate).choose(me, opp, 2))[0] is Value.DRAW


def test_maximising_for_x_as_o_plays_the_opponents_best_square() -> None:
    board = Board.from_notation(".../.O./XX.")
    mistaken = tour.wrong_side_choice(board.x, board.o)
    assert outcome(board, mistaken) == (Value.LOSS, 2)
    assert cells(best_moves(board)) == [8]
    assert outcome(board, 8) == (Value.DRAW, 6)


@pytest.mark.parametrize(
    ("notation", "mistaken_result", "engine_result"),
    [
        (".../.X./XOO", (Value.WIN, 3), (Value.WIN, 1)),  # wins, but slower
        (".../.X./XO.", (Value.LOSS, 2), (Value.LOSS, 4)),  # lost: does not even block
    ],
)
def test_without_a_tie_break_by_distance_the_search_dawdles(
    notation: str, mistaken_result: tuple[Value, int], engine_result: tuple[Value, int]
) -> None:
    board = Board.from_notation(notation)
    me, opp = board.sides
    mistaken = tour.choose(me, opp, tour.WITHOUT_DISTANCE)
    assert outcome(board, mistaken) == mistaken_result
    for cell in cells(best_moves(board)):
        assert outcome(board, cell) == engine_result
    assert better(engine_result, mistaken_result)


def test_alpha_beta_without_ordering_examines_more_for_the_same_value() -> None:
    unordered = tour.Negamax(tour.Ideas(fastest_win=True, pruning=True))
    ordered = tour.Negamax(tour.Ideas(fastest_win=True, pruning=True, order=tour.CENTRE_FIRST))
    assert unordered.value(0, 0) == ordered.value(0, 0) == 0
    assert unordered.nodes > 2 * ordered.nodes


@pytest.mark.slow
def test_every_tour_step_finds_the_same_value_of_the_empty_board() -> None:
    for _, ideas in minimax_tour.STEPS:
        assert tour.Negamax(ideas).value(0, 0) == 0


@pytest.mark.slow
def test_tour_counts_agree_with_the_engines_own_counters() -> None:
    counts = dict(step_counts())
    names = [name for name, _ in minimax_tour.STEPS]
    assert counts[names[0]] == plain_minimax_positions(Board.empty()) == 549_946
    assert counts[names[3]] == search_tree(Board.empty()).examined  # alpha-beta, same order
    assert counts[names[0]] == search_tree(Board.empty(), 0, pruning=False).examined


@pytest.mark.slow
def test_the_tour_doc_shows_the_scripts_counts() -> None:
    doc = (REPO / "docs" / "minimax.md").read_text(encoding="utf-8")
    assert "bench/minimax_tour.py" in doc
    for name, nodes in step_counts():
        rows = [line for line in doc.splitlines() if line.startswith(f"| {name} |")]
        assert rows, f"{name} is missing from the doc's table"
        assert rows[0].split("|")[2].strip() == f"{nodes:,}", rows[0]
    for line in minimax_tour.mistakes_table()[2:]:
        assert line in doc, f"the doc's mistakes table differs from the script: {line}"
    counts = {f"{nodes:,}" for _, nodes in step_counts()}
    for number in re.findall(r"\*\*([0-9][0-9,]*)\*\*", doc):
        assert number in counts, f"the doc's prose says {number}, which the script never prints"
