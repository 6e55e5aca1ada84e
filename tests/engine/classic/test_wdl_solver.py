"""The win/draw/loss solver for k-in-a-row agrees with the general exact solver, and knows 5x5.

The general solver (:mod:`bot.engine.classic.solver`) scores positions by distance; its sign is the
win/draw/loss value, so every position both can solve must get the same sign from both.
Positions are sampled with fixed seeds, late enough in the game for the general solver.
"""

from __future__ import annotations

import random

import pytest
from reachable import live_positions

from bot.engine.classic.geometry import geometry_for
from bot.engine.classic.notation import parse_notation
from bot.engine.classic.solver import Solver
from bot.engine.classic.wdl_solver import DRAW, WIN, Stopped, WdlSolver, fastest_win

KNOWN_WIN = "...X./..XO./OX.X./O.O../....."  # X to move wins by force (issue 12)


def sign(score: int) -> int:
    return (score > 0) - (score < 0)


def sides(x: int, o: int) -> tuple[int, int]:
    """(mover's marks, other marks): X moves when both have as many."""
    return (x, o) if x.bit_count() == o.bit_count() else (o, x)


def random_positions(size: int, k: int, marks: int, count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` positions with ``marks`` marks, no completed line, from a fixed seed."""
    geo = geometry_for(size, k)
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        cells = rng.sample(range(geo.cells), marks)
        x = sum(1 << c for c in cells[0::2])
        o = sum(1 << c for c in cells[1::2])
        if not any(x & line == line or o & line == line for line in geo.lines):
            found.append((x, o))
    return found


@pytest.mark.parametrize(
    ("size", "k", "positions"),
    [
        (3, 3, [(board.x, board.o) for board in live_positions()]),
        (4, 4, random_positions(4, 4, 6, 60, seed=1) + random_positions(4, 4, 8, 60, seed=2)),
        (5, 4, random_positions(5, 4, 10, 15, seed=3) + random_positions(5, 4, 12, 40, seed=4)),
        (5, 5, random_positions(5, 5, 12, 20, seed=5)),
    ],
    ids=["3x3", "4x4", "5x5k4", "5x5k5"],
)
def test_values_match_the_general_solver(
    size: int, k: int, positions: list[tuple[int, int]]
) -> None:
    geo = geometry_for(size, k)
    fast, general = WdlSolver(geo), Solver(geo)
    for x, o in positions:
        me, opp = sides(x, o)
        assert fast.value(me, opp) == sign(general.search().exact_value(me, opp)), (x, o)


def test_every_move_value_matches_the_general_solver() -> None:
    geo = geometry_for(5, 4)
    fast, general = WdlSolver(geo), Solver(geo)
    for x, o in random_positions(5, 4, 11, 12, seed=6):
        me, opp = sides(x, o)
        scores = general.search().score_moves(me, opp, exact=True)
        expected = {cell: sign(score) for cell, score in scores}
        assert fast.move_values(me, opp) == expected


def test_the_best_move_keeps_the_value() -> None:
    geo = geometry_for(5, 4)
    fast, general = WdlSolver(geo), Solver(geo)
    for x, o in random_positions(5, 4, 11, 12, seed=7):
        me, opp = sides(x, o)
        cell, value = fast.best_move(me, opp)
        assert value == sign(general.search().exact_value(me, opp))
        assert not (me | opp) >> cell & 1
        assert WdlSolver(geo).after_move(me, opp, cell) == value


def test_the_known_5x5_position_is_a_forced_win_for_x() -> None:
    geo = geometry_for(5, 4)
    _, _, x, o = parse_notation(KNOWN_WIN, 4)
    solver = WdlSolver(geo)
    assert solver.value(x, o) == WIN
    general = Solver(geo).search().score_moves(x, o, exact=True)
    winning = {cell for cell, score in general if score > 0}
    assert {cell for cell, value in solver.move_values(x, o).items() if value == WIN} == winning
    assert len(winning) < 25 - 8  # not every move wins: the test can tell


def test_a_line_completing_move_wins_and_a_full_board_draws() -> None:
    solver = WdlSolver(geometry_for(3, 3))
    _, _, x, o = parse_notation("XX./OO./...")
    assert solver.after_move(x, o, 2) == WIN
    _, _, x, o = parse_notation("XOX/XOO/OX.")
    assert solver.after_move(x, o, 8) == DRAW


def test_a_search_over_its_budget_stops() -> None:
    solver = WdlSolver(geometry_for(5, 4))
    with pytest.raises(Stopped):
        solver.value(0, 0, budget=50)  # the empty board needs millions


def test_the_table_never_grows_past_its_limit() -> None:
    solver = WdlSolver(geometry_for(5, 4), table_limit=500)
    for x, o in random_positions(5, 4, 8, 3, seed=9):
        solver.value(*sides(x, o))
        assert len(solver.table) <= 500


def test_the_fastest_win_matches_the_general_solver() -> None:
    """Its length and first move, against the general solver's scores (a win scores the
    empty cells left after it, plus one); None where the mover has no forced win."""
    geo = geometry_for(5, 4)
    wins = 0
    for x, o in random_positions(5, 4, 10, 15, seed=10) + random_positions(5, 4, 12, 15, seed=11):
        me, opp = sides(x, o)
        scores = Solver(geo).search().score_moves(me, opp, exact=False)
        top = max(score for _, score in scores)
        found = fastest_win(geo, me, opp)
        if top <= 0:
            assert found is None, (x, o)
            continue
        wins += 1
        empties = geo.cells - (me | opp).bit_count()
        fastest = {cell for cell, score in scores if score == top}
        assert found is not None and found[0] in fastest and found[1] == empties + 1 - top
    assert wins >= 10


def test_a_fastest_win_search_over_its_budget_stops() -> None:
    geo = geometry_for(5, 4)
    _, _, x, o = parse_notation("...../X.X../O.O../X..../.....", 4)  # O wins in 11 plies
    with pytest.raises(Stopped):
        fastest_win(geo, o, x, budget=100)
    assert fastest_win(geo, o, x) is not None


def test_a_filled_table_is_emptied_so_the_next_searches_are_remembered() -> None:
    """A search that filled the table must not leave it full for good: the next question
    starts from an empty table, so a position asked twice is answered from it the second
    time (far fewer positions examined)."""
    geo = geometry_for(5, 4)
    solver = WdlSolver(geo, table_limit=2_000)
    big = random_positions(5, 4, 8, 1, seed=14)[0]  # ~14,000 positions examined
    small = random_positions(5, 4, 10, 1, seed=14)[0]  # ~1,200
    solver.value(*sides(*big))
    assert len(solver.table) == 2_000  # full
    solver.value(*sides(*small))
    first = solver.nodes
    solver.value(*sides(*small))
    assert solver.nodes * 10 < first
