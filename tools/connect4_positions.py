"""Seeded random Connect Four positions, for the solver's tests and bench/connect4.py.

    python tools/connect4_positions.py --discs 20-29 --count 100 --seed 1
    python tools/connect4_positions.py --discs 30-38 --count 100 --seed 2 --solver PATH [--analyze]

How a position is made (:func:`random_position`): a game from the empty board where each disc
goes, uniformly at random, to a column that neither wins at once nor leaves the opponent a win
at once (a game with no such column is dropped and started again), stopped at a disc count
drawn uniformly from ``--discs``; the position is kept if the side to move has no win at once
and has a move that does not lose at once, and is not already among those made. So no position
is decided in one or two plies: each needs a search, as in gamesolver.org's test sets.

Printed: one position a line, its sequence (the columns played, 1-7). With ``--solver PATH``
the positions are piped through a reference solver that reads such lines and prints
``SEQUENCE SCORE`` (Pascal Pons' ``c4solver``, built locally from github.com/PascalPons/connect4;
``--analyze`` passes it ``-a`` and prints each column's score, ``-`` for a full column), and
its lines are printed instead: the test data in tests/engine/connect4/positions/ was made so.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine.connect4.board import Connect4Board
from bot.engine.connect4.geometry import STANDARD, Geometry, winning_cells

INVALID = "-1000"
"""The reference solver's score for a full column with ``-a``."""


def safe_columns(board: Connect4Board) -> list[int]:
    """The columns that neither win at once nor leave the opponent a win at once."""
    geo = board.geometry
    mask, current = board.mask, board.current
    possible = (mask + geo.bottom) & geo.full
    empty = geo.full ^ mask
    mine = winning_cells(current, empty, geo.height)
    theirs = winning_cells(current ^ mask, empty, geo.height)
    safe = []
    for col in board.legal_columns:
        bit = possible & geo.columns[col]
        if bit & mine or bit & (theirs >> 1) or theirs & possible & ~bit:
            continue
        safe.append(col)
    return safe


def needs_search(board: Connect4Board) -> bool:
    """True if the side to move has no win at once and a move that does not lose at once."""
    geo = board.geometry
    possible = (board.mask + geo.bottom) & geo.full
    if winning_cells(board.current, geo.full ^ board.mask, geo.height) & possible:
        return False
    return bool(safe_columns(board))


def random_position(rng: random.Random, discs: int, geometry: Geometry = STANDARD) -> Connect4Board:
    """One position of ``discs`` discs made as the module docstring says (the caller drops
    duplicates)."""
    while True:
        board = Connect4Board(geometry=geometry)
        for _ in range(discs):
            choices = safe_columns(board)
            if not choices:
                break
            board = board.play_column(rng.choice(choices))
        else:
            if needs_search(board):
                return board


def positions(
    rng: random.Random, low: int, high: int, count: int, geometry: Geometry = STANDARD
) -> list[Connect4Board]:
    """``count`` distinct positions (by sequence) of ``low`` to ``high`` discs."""
    seen: set[str] = set()
    made: list[Connect4Board] = []
    while len(made) < count:
        board = random_position(rng, rng.randint(low, high), geometry)
        if board.notation not in seen:
            seen.add(board.notation)
            made.append(board)
    return made


def disc_range(text: str) -> tuple[int, int]:
    """``"20-29"`` or ``"24"`` as (low, high)."""
    low, _, high = text.partition("-")
    bounds = int(low), int(high or low)
    if not 0 <= bounds[0] <= bounds[1] < STANDARD.cells:
        raise argparse.ArgumentTypeError(f"disc counts from 0 to 41, low first, not {text!r}")
    return bounds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--discs", type=disc_range, required=True, help="e.g. 20-29")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solver", type=Path, default=None, help="a reference solver to run")
    parser.add_argument("--analyze", action="store_true", help="each column's score")
    args = parser.parse_args()
    made = positions(random.Random(args.seed), *args.discs, args.count)
    lines = "".join(f"{board.notation}\n" for board in made)
    if args.solver is None:
        sys.stdout.write(lines)
        return 0
    command = [str(args.solver.resolve()), *(["-a"] if args.analyze else [])]
    answer = subprocess.run(command, input=lines, capture_output=True, text=True, check=True)
    for line in answer.stdout.splitlines():
        print(" ".join("-" if word == INVALID else word for word in line.split()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
