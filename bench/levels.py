"""The levels' ratings: every level against the scripted players and each other, Elo fitted.

Run from the repository root (about N minutes; nice it on a shared machine):
    nice -n 19 python bench/levels.py [--sizes 3,4,5] [--games 1000] [--games-5x5 1000]
                                      [--jobs 1]

On each board size the game offers (3x3; 4x4 and 5x5 with four in a row) the four levels and
the three scripted players of bench/scripted.py (random, one-ply, perfect-10%) play a round
robin: every pair a match of ``--games`` games (``--games-5x5`` on 5x5), each side starting
half of them, with a fixed seed per pair. Ratings on the duels' Elo scale are then fitted by
maximum likelihood over all the pairs' results (scripted.fit_ratings), the random mover
anchored at 800 (bot.engine.classic.ratings.RANDOM_RATING, where the reasons are).

Printed per size: each player's rating, its score against each scripted player, and the
rating stored in bot/engine/ratings.py, with PASS when the stored rating lies within
``--tolerance`` (25) of this run's and FAIL otherwise; then whether the levels' ratings rise
from easy to perfect (PASS/FAIL). Last, the table as bot/engine/ratings.py spells it, to paste
after a change to a level.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arguments import positive_int
from scripted import SCRIPTED, Mover, Result, fit_ratings, level_player, match

from bot.engine import LEVELS
from bot.engine.classic import LEVEL_RATINGS, RANDOM_RATING

SIZES = (3, 4, 5)
SEED = 30
NAMES = (*SCRIPTED, *LEVELS)


def mover(name: str) -> Mover:
    """The scripted player or engine level called ``name``."""
    return SCRIPTED[name] if name in SCRIPTED else level_player(name)


def play_pair(job: tuple[int, str, str, int, int]) -> tuple[int, str, str, Result, float]:
    """One match (size, a, b, games, seed): ``a``'s result and the seconds it took."""
    size, a, b, games, seed = job
    start = time.process_time()
    result = match(mover(a), mover(b), size, games, seed)
    return size, a, b, result, time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="3,4,5", help="board sizes (default 3,4,5)")
    parser.add_argument("--games", type=positive_int, default=1000, help="games per pair")
    parser.add_argument(
        "--games-5x5", type=positive_int, default=None, help="games per pair on 5x5"
    )
    parser.add_argument("--jobs", type=positive_int, default=1, help="processes (default 1)")
    parser.add_argument("--tolerance", type=positive_int, default=25)
    args = parser.parse_args()
    sizes = tuple(int(s) for s in args.sizes.split(","))
    if any(size not in SIZES for size in sizes):
        parser.error(f"--sizes: choose among {SIZES}")

    jobs = []
    for size in sizes:
        games = args.games_5x5 if size == 5 and args.games_5x5 else args.games
        for number, (a, b) in enumerate(itertools.combinations(NAMES, 2)):
            jobs.append((size, a, b, games, SEED * 1000 + size * 100 + number))
    results: dict[int, dict[tuple[str, str], Result]] = {size: {} for size in sizes}
    seconds = dict.fromkeys(sizes, 0.0)
    with ProcessPoolExecutor(args.jobs) as pool:
        for size, a, b, result, spent in pool.map(play_pair, jobs):
            results[size][a, b] = result
            seconds[size] += spent

    all_pass = True
    fitted: dict[tuple[str, int], int] = {}
    for size in sizes:
        pairs = results[size]
        ratings = fit_ratings(NAMES, pairs, "random", RANDOM_RATING)
        games = next(iter(pairs.values())).games
        print(f"\n{size}x{size}: {games} games per pair, {len(pairs)} pairs, "
              f"{seconds[size]:.0f} s of CPU")
        header = f"{'player':<12} {'rating':>6}" + "".join(f" {'vs ' + s:>16}" for s in SCRIPTED)
        print(header + f" {'stored':>7}")
        for name in NAMES:
            cells = []
            for other in SCRIPTED:
                if other == name:
                    cells.append(f" {'':>16}")
                    continue
                result = pairs[name, other] if (name, other) in pairs else pairs[
                    other, name
                ].flipped()
                cells.append(
                    f" {result.score:>5.3f} {100 * result.wins / games:>3.0f}"
                    f"/{100 * result.draws / games:>2.0f}/{100 * result.losses / games:>3.0f}"
                )
            stored = ""
            if name in LEVELS:
                rating = round(ratings[name])
                fitted[name, size] = rating
                known = LEVEL_RATINGS.get((name, size))
                close = known is not None and abs(known - rating) <= args.tolerance
                verdict = "PASS" if close else "FAIL"
                all_pass &= verdict == "PASS"
                stored = f" {known if known is not None else '-':>5} {verdict}"
            print(f"{name:<12} {ratings[name]:>6.0f}" + "".join(cells) + stored)
        order = sorted(LEVELS, key=lambda level: ratings[level])
        print("levels from weakest to strongest: " + " < ".join(order))

    print("\nLEVEL_RATINGS = {")
    for size in sizes:
        line = ", ".join(f'("{level}", {size}): {fitted[level, size]}' for level in LEVELS)
        print(f"    {line},")
    print("}")
    print(f"\n{'PASS' if all_pass else 'FAIL'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
