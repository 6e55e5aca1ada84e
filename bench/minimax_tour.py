"""The numbers in docs/minimax.md: each step of the tour, measured from the empty 3x3 board.

Run from the repository root:  python bench/minimax_tour.py
Prints the table of steps (positions examined, time on this machine) and what each classic
mistake plays on the tour's positions, as Markdown ready to paste into the doc. Positions
examined never change from run to run; times are the best of a few runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from minimax_variants import (  # noqa: E402
    CENTRE_FIRST,
    WITHOUT_DISTANCE,
    Ideas,
    Limited,
    Negamax,
    choose,
    draw_at_horizon,
    estimate,
    wrong_side_choice,
)

from bot.engine import Move  # noqa: E402
from bot.engine.classic import Board, analyze, best_moves  # noqa: E402
from bot.engine.classic.geometry import geometry_for  # noqa: E402
from bot.engine.classic.heuristic import LimitedSearch  # noqa: E402
from bot.engine.classic.perfect import solver_for  # noqa: E402
from bot.engine.classic.solver import Solver  # noqa: E402

STEPS: tuple[tuple[str, Ideas], ...] = (
    ("1. Plain minimax (a win is +1, a loss -1)", Ideas()),
    ("2. Scores that prefer the fastest win", Ideas(fastest_win=True)),
    ("3. Alpha-beta (moves row by row)", Ideas(fastest_win=True, pruning=True)),
    ("4. Move ordering (centre, corners, edges)", Ideas(True, True, CENTRE_FIRST)),
    ("5. Transposition table with bound flags", Ideas(True, True, CENTRE_FIRST, table=True)),
    (
        "6. Symmetry (one entry per rotation/reflection)",
        Ideas(True, True, CENTRE_FIRST, True, True),
    ),
)
ENGINE_STEP = "7. The engine: threat shortcuts, bounds, a null window first"
LEVEL_DEPTHS = (("easy", 1), ("medium", 3), ("hard", 5))


def timed(run: Callable[[], int]) -> tuple[int, float]:
    """(positions examined, best time in seconds) over a few runs (at least 3, ~0.3 s)."""
    best = float("inf")
    nodes = 0
    runs = 0
    spent = 0.0
    while runs < 3 or (spent < 0.3 and runs < 50):
        start = time.perf_counter()
        nodes = run()
        elapsed = time.perf_counter() - start
        best = min(best, elapsed)
        spent += elapsed
        runs += 1
    return nodes, best


def step_nodes(ideas: Ideas) -> int:
    search = Negamax(ideas)
    search.value(0, 0)
    return search.nodes


def engine_nodes() -> int:
    """The shipped solver with an empty table (bot/engine/solver.py), valuing the empty board."""
    search = Solver(geometry_for(3, 3)).search()
    search.exact_value(0, 0)
    return search.nodes


def level_step(level: str, depth: int) -> str:
    return f"8. Depth {depth} with an evaluation ({level})"


def level_nodes(depth: int) -> int:
    search = Limited(estimate)
    search.choose(0, 0, depth)
    return search.nodes


def step_counts() -> list[tuple[str, int]]:
    """Every row's (name, positions examined): what tests check the doc against."""
    rows = [(name, step_nodes(ideas)) for name, ideas in STEPS]
    rows.append((ENGINE_STEP, engine_nodes()))
    rows += [(level_step(level, d), level_nodes(d)) for level, d in LEVEL_DEPTHS]
    return rows


def fmt_time(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds >= 0.001 else f"{seconds * 1e6:.0f} µs"


def steps_table() -> list[str]:
    lines = ["| Step | Positions examined | Time |", "|---|---:|---:|"]
    runs: list[tuple[str, Callable[[], int]]] = [
        (name, lambda ideas=ideas: step_nodes(ideas)) for name, ideas in STEPS
    ]
    runs.append((ENGINE_STEP, engine_nodes))
    runs += [(level_step(level, d), lambda d=d: level_nodes(d)) for level, d in LEVEL_DEPTHS]
    for name, run in runs:
        nodes, seconds = timed(run)
        lines.append(f"| {name} | {nodes:,} | {fmt_time(seconds)} |")
    return lines


def cell_name(cell: int) -> str:
    return str(Move(cell // 3, cell % 3))


def result(board: Board, cell: int) -> str:
    """What the move on ``cell`` leads to under perfect play, e.g. "loses in 4 plies"."""
    wanted = Move(cell // 3, cell % 3)
    entry = next(e for e in analyze(board).moves if e.move == wanted)
    verb = {"win": "wins", "draw": "draws", "loss": "loses"}[entry.value.value]
    return f"{verb} in {entry.plies} {'ply' if entry.plies == 1 else 'plies'}"


def engine_cells(kind: str, board: Board) -> list[int]:
    """The real engine's moves: its own depth-2 search with an evaluation for the horizon
    mistake (the same depth, scored the engine's way), perfect play for the others."""
    if kind.startswith("horizon"):
        me, opp = board.sides
        scores = LimitedSearch(board.geometry).score_moves(me, opp, 2)
        top = max(score for _, score in scores)
        return sorted(cell for cell, score in scores if score == top)
    return [m.row * 3 + m.col for m in best_moves(board)]


def engine_choice(kind: str, board: Board) -> str:
    cells = engine_cells(kind, board)
    return " or ".join(f"{cell_name(cell)} ({result(board, cell)})" for cell in cells)


MISTAKES = {
    "horizon scored as a draw (depth 2)": ".../.OX/.X.",
    "the opponent's best square": ".../.O./XX.",
    "no tie-break toward the fastest win": ".../.X./XOO",
    "no tie-break when lost": ".../.X./XO.",
}


def mistaken_cell(kind: str, board: Board) -> int:
    """The move the mistaken version plays (its first choice among equals)."""
    me, opp = board.sides
    if kind.startswith("horizon"):
        return Limited(draw_at_horizon).choose(me, opp, 2)
    if kind == "the opponent's best square":
        return wrong_side_choice(board.x, board.o)
    return choose(me, opp, WITHOUT_DISTANCE)


def mistakes_table() -> list[str]:
    lines = ["| Mistake | Position | Mistaken version | Engine |", "|---|---|---|---|"]
    for kind, notation in MISTAKES.items():
        board = Board.from_notation(notation)
        cell = mistaken_cell(kind, board)
        mistaken = f"{cell_name(cell)} ({result(board, cell)})"
        lines.append(f"| {kind} | `{notation}` | {mistaken} | {engine_choice(kind, board)} |")
    unordered, ordered = step_nodes(STEPS[2][1]), step_nodes(STEPS[3][1])
    lines.append(
        f"| alpha-beta without move ordering | `.../.../...` | {unordered:,} positions "
        f"| {ordered:,} positions with centre-first order |"
    )
    return lines


def main() -> int:
    argparse.ArgumentParser(
        description=__doc__.splitlines()[0], epilog="Takes no arguments."
    ).parse_args()
    solver_for(geometry_for(3, 3))  # load everything before timing
    print("Steps, from the empty 3x3 board:\n")
    print("\n".join(steps_table()))
    print("\nClassic mistakes:\n")
    print("\n".join(mistakes_table()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
