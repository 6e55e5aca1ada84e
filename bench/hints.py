"""5x5 hint benchmark: the time a hint takes, before and after issue 46, on the positions of
games like the review benchmark's.

Run from the repository root:
    python bench/hints.py [--games 12] [--seed 3]

Each 5x5 game is played here by the engine (a few random moves first, 0 to 6, then at random
three times in ten, else perfect), and a hint is asked at each of its first 14 positions, as
the game layer asks it: before issue 46 the general solver's ``analyze`` (it gives up after
``NODE_BUDGET`` positions) and, where it gave up, the heuristic's pick; after it, what the
review's valuer proves within ``HINT_BUDGET`` (``appraise``), and the heuristic's pick only
where it proves nothing. Each answer is counted as exact (every move), partial (the
position's value or some moves) or an estimate. It reports and never gates: it always exits 0.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arguments import positive_int  # bench/arguments.py, beside this file
from figures import Row, load_average, print_table, quantile, row  # bench/figures.py

from bot.engine import SearchTooLargeError
from bot.engine.classic import Board, analyze, appraise, choose_move
from bot.engine.classic.book import load_book
from bot.games.variants.classic.review import HINT_BUDGET, REVIEW_PER_POSITION
from bot.games.variants.classic.variant import ESTIMATE_LEVEL

POSITIONS = 14
"""Hints asked per game: its first positions, where 5x5 is hard to solve."""


def positions(rng: random.Random, opening: int) -> list[Board]:
    """The first ``POSITIONS`` positions of a 5x5 game: ``opening`` random moves, then
    random three times in ten, else perfect."""
    board, seen = Board.empty(5, 4), []
    while not board.is_over and len(seen) < POSITIONS:
        seen.append(board)
        if len(seen) <= opening or rng.random() < 0.3:
            move = rng.choice(board.legal_moves)
        else:
            move = choose_move(board, "perfect", rng)
        board = board.play(move)
    return seen


def before(board: Board, rng: random.Random) -> tuple[float, str]:
    """The hint as it was: ``analyze``, else the heuristic's estimate."""
    began = time.perf_counter()
    try:
        analyze(board)
        kind = "exact"
    except SearchTooLargeError:
        choose_move(board, ESTIMATE_LEVEL, rng)
        kind = "estimate"
    return time.perf_counter() - began, kind


def after(board: Board, rng: random.Random) -> tuple[float, str]:
    """The hint now: what the valuer proves, the heuristic's estimate where it proves nothing."""
    began = time.perf_counter()
    appraisal = appraise(board, budget=HINT_BUDGET, per_position=REVIEW_PER_POSITION)
    if appraisal.analysis is not None:
        kind = "exact"
    elif appraisal.value is not None or any(m.value is not None for m in appraisal.moves):
        kind = "partial"
    else:
        choose_move(board, ESTIMATE_LEVEL, rng)
        kind = "estimate"
    return time.perf_counter() - began, kind


def measure(games: int, seed: int) -> list[Row]:
    rng = random.Random(seed)
    load_book()  # a bot playing 5x5 has it loaded already
    boards = [board for number in range(games) for board in positions(rng, number % 7)]
    rows: list[Row] = []
    for name, hint in (("before", before), ("after", after)):
        results = [hint(board, random.Random(seed)) for board in boards]
        times = [seconds for seconds, _ in results]
        kinds = {kind: sum(1 for _, k in results if k == kind) for kind in ("exact", "partial")}
        estimates = sum(1 for _, k in results if k == "estimate")
        rows += [
            row(f"{name}: median", f"{statistics.median(times):.2f} s", "", None),
            row(f"{name}: p90", f"{quantile(times, 0.9):.2f} s", "", None),
            row(f"{name}: slowest", f"{max(times):.2f} s", "", None),
            row(
                f"{name}: exact / partial / estimate",
                f"{kinds['exact']} / {kinds['partial']} / {estimates} of {len(boards)}",
                "",
                None,
            ),
        ]
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive_int, default=12, help="5x5 games played")
    parser.add_argument("--seed", type=int, default=3, help="seed of the games played")
    args = parser.parse_args()
    print(f"5x5 hints, budget {HINT_BUDGET:,} positions a hint, {load_average()}\n")
    print_table(measure(args.games, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
