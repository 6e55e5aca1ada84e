"""The levels' ratings: every level against the scripted players and each other, Elo fitted.

Run from the repository root (nice it on a shared machine):
    nice -n 19 python bench/levels.py [--sizes 3,4,5,9,connect4] [--games 1000]
                                      [--games-5x5 1000] [--games-ultimate 20]
                                      [--games-connect4 40] [--jobs 1]

On each board size the game offers (3x3; 4x4 and 5x5 with four in a row) the four levels and
the three scripted players of bench/scripted.py (random, one-ply, perfect-10%) play a round
robin: every pair a match of ``--games`` games (``--games-5x5`` on 5x5), each side starting
half of them, with a fixed seed per pair. Ratings on the duels' Elo scale are then fitted by
maximum likelihood over all the pairs' results (scripted.fit_ratings), the random mover
anchored at 800 (bot.engine.ratings.RANDOM_RATING, where the reasons are).

Size 9 is ultimate tic-tac-toe: its four levels (strongest at the bot's 1 s a move) and its
scripted players of bench/_ultimate_scripted.py (random, one-ply, plain UCT at 0.05 s a move),
``--games-ultimate`` games a pair (about 25 minutes with --jobs 2 at the default 20), fitted the
same way with one drawn game added to every pair (``ULTIMATE_PRIOR_DRAWS``: strongest may win
every game it plays, and its rating would be infinite).

``connect4`` (or 7, its columns) is Connect Four: its four levels (strongest at the bot's time a
move) and its scripted players of bench/_connect4_scripted.py (random, the sir-lancebot-style
player, one-ply), ``--games-connect4`` games a pair, fitted as ultimate's with one drawn game
added to every pair, ``--tolerance-ultimate`` applying.

Printed per size: each player's rating, its score against each scripted player, and the
rating stored in bot/engine/classic/ratings.py (bot/engine/ultimate/ratings.py for size 9,
bot/engine/connect4/ratings.py for Connect Four), with PASS when the stored rating lies
within ``--tolerance`` (25; ``--tolerance-ultimate``, 100, on ultimate's and Connect Four's
short matches) of this run's and FAIL otherwise; then whether each level's rating is above the
one below it or within the tolerance of it (PASS/FAIL). Last, the tables
as the ratings modules spell them, to paste after a change to a level.
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

from _connect4_scripted import CONNECT4_SCRIPTED, connect4_match, connect4_mover
from _ultimate_scripted import ULTIMATE_SCRIPTED, UltimateMover, ultimate_match
from arguments import positive_int
from scripted import SCRIPTED, Mover, Result, fit_ratings, level_player, match

from bot.engine import connect4 as connect4_engine
from bot.engine import ultimate as ultimate_engine
from bot.engine.classic import LEVEL_RATINGS, LEVELS
from bot.engine.connect4.ratings import LEVEL_RATINGS as CONNECT4_RATINGS
from bot.engine.ratings import RANDOM_RATING
from bot.engine.ultimate.ratings import LEVEL_RATINGS as ULTIMATE_RATINGS

SIZES = (3, 4, 5)
ULTIMATE = 9
"""Ultimate's size here: its grid's side, as bench/adaptive.py names it."""
CONNECT4 = 7
"""Connect Four's size here: its columns (``--sizes connect4`` names it too)."""
NAMED_SIZES = {"ultimate": ULTIMATE, "connect4": CONNECT4}
SEED = 30
ULTIMATE_PRIOR_DRAWS = 1.0
"""Drawn games added to every ultimate (and Connect Four) pair before the fit
(scripted.fit_ratings)."""


def scripted_names(size: int) -> tuple[str, ...]:
    if size == CONNECT4:
        return tuple(CONNECT4_SCRIPTED)
    return tuple(ULTIMATE_SCRIPTED) if size == ULTIMATE else tuple(SCRIPTED)


def level_names(size: int) -> tuple[str, ...]:
    if size == CONNECT4:
        return connect4_engine.LEVELS
    return ultimate_engine.LEVELS if size == ULTIMATE else LEVELS


def size_name(size: int) -> str:
    """How a size is printed."""
    if size == CONNECT4:
        return "Connect Four"
    return "ultimate" if size == ULTIMATE else f"{size}x{size}"


def stored_rating(level: str, size: int) -> int | None:
    """The rating the bot's ratings module keeps for ``level`` on ``size``."""
    if size == CONNECT4:
        return CONNECT4_RATINGS.get(level)
    if size == ULTIMATE:
        return ULTIMATE_RATINGS.get(level)
    return LEVEL_RATINGS.get((level, size))


def mover(name: str) -> Mover:
    """The scripted player or engine level called ``name`` (classic sizes)."""
    return SCRIPTED[name] if name in SCRIPTED else level_player(name)


def ultimate_mover(name: str) -> UltimateMover:
    """Ultimate's scripted player or level called ``name`` (a level at the bot's own time;
    strongest with its compiled kernel loaded, as a bot process has it after its first
    strongest move)."""
    if name in ULTIMATE_SCRIPTED:
        return ULTIMATE_SCRIPTED[name]
    if name == ultimate_engine.Level.STRONGEST:
        ultimate_engine.prepare()
    return lambda board, rng: ultimate_engine.choose_move(board, name, rng)


def play_pair(job: tuple[int, str, str, int, int]) -> tuple[int, str, str, Result, float]:
    """One match (size, a, b, games, seed): ``a``'s result and the seconds it took."""
    size, a, b, games, seed = job
    start = time.process_time()
    if size == CONNECT4:
        result = connect4_match(connect4_mover(a), connect4_mover(b), games, seed)
    elif size == ULTIMATE:
        result = ultimate_match(ultimate_mover(a), ultimate_mover(b), games, seed)
    else:
        result = match(mover(a), mover(b), size, games, seed)
    return size, a, b, result, time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes",
        default="3,4,5",
        help="board sizes (default 3,4,5; 9 or ultimate; 7 or connect4: Connect Four)",
    )
    parser.add_argument("--games", type=positive_int, default=1000, help="games per pair")
    parser.add_argument(
        "--games-5x5", type=positive_int, default=None, help="games per pair on 5x5"
    )
    parser.add_argument(
        "--games-ultimate", type=positive_int, default=20, help="games per pair on ultimate (20)"
    )
    parser.add_argument(
        "--games-connect4", type=positive_int, default=40, help="games per pair, Connect Four"
    )
    parser.add_argument("--jobs", type=positive_int, default=1, help="processes (default 1)")
    parser.add_argument("--tolerance", type=positive_int, default=25)
    parser.add_argument("--tolerance-ultimate", type=positive_int, default=100)
    args = parser.parse_args()
    try:
        sizes = tuple(NAMED_SIZES.get(s) or int(s) for s in args.sizes.split(","))
    except ValueError:
        sizes = ()
    if not sizes or any(size not in (*SIZES, ULTIMATE, CONNECT4) for size in sizes):
        parser.error(
            f"--sizes: choose among {(*SIZES, ULTIMATE, CONNECT4)} (9: ultimate, 7: connect4)"
        )

    def games_on(size: int) -> int:
        if size == CONNECT4:
            return int(args.games_connect4)
        if size == ULTIMATE:
            return int(args.games_ultimate)
        return int(args.games_5x5) if size == 5 and args.games_5x5 else int(args.games)

    jobs = [
        (size, a, b, games_on(size), SEED * 1000 + size * 100 + number)
        for size in sizes
        for number, (a, b) in enumerate(
            itertools.combinations((*scripted_names(size), *level_names(size)), 2)
        )
    ]
    results: dict[int, dict[tuple[str, str], Result]] = {size: {} for size in sizes}
    seconds = dict.fromkeys(sizes, 0.0)
    with ProcessPoolExecutor(args.jobs) as pool:
        for size, a, b, result, spent in pool.map(play_pair, jobs):
            results[size][a, b] = result
            seconds[size] += spent
            print(f"{size}: {a} vs {b} {result.score:.3f}", file=sys.stderr, flush=True)

    all_pass = True
    fitted: dict[tuple[str, int], int] = {}
    for size in sizes:
        verdict, ratings = show_size(size, results[size], seconds[size], args)
        all_pass &= verdict
        fitted |= {(level, size): round(ratings[level]) for level in level_names(size)}

    classic = [size for size in sizes if size not in (ULTIMATE, CONNECT4)]
    if classic:
        print("\nLEVEL_RATINGS = {  # bot/engine/classic/ratings.py")
        for size in classic:
            line = ", ".join(f'("{level}", {size}): {fitted[level, size]}' for level in LEVELS)
            print(f"    {line},")
        print("}")
    if ULTIMATE in sizes:
        line = ", ".join(f'"{level}": {fitted[level, ULTIMATE]}' for level in level_names(ULTIMATE))
        print(f"\nLEVEL_RATINGS = {{{line}}}  # bot/engine/ultimate/ratings.py")
    if CONNECT4 in sizes:
        line = ", ".join(f'"{level}": {fitted[level, CONNECT4]}' for level in level_names(CONNECT4))
        print(f"\nLEVEL_RATINGS = {{{line}}}  # bot/engine/connect4/ratings.py")
    print(f"\n{'PASS' if all_pass else 'FAIL'}")
    return 0


def show_size(
    size: int, pairs: dict[tuple[str, str], Result], cpu: float, args: argparse.Namespace
) -> tuple[bool, dict[str, float]]:
    """Print one size's table; whether every stored rating is close and the levels rise."""
    scripted, levels = scripted_names(size), level_names(size)
    names = (*scripted, *levels)
    ultimate = size in (ULTIMATE, CONNECT4)  # short matches: a prior and a wider tolerance
    prior = ULTIMATE_PRIOR_DRAWS if ultimate else 0.0
    ratings = fit_ratings(names, pairs, "random", RANDOM_RATING, prior)
    games = next(iter(pairs.values())).games
    tolerance = args.tolerance_ultimate if ultimate else args.tolerance
    title = size_name(size)
    extra = f", {prior:g} draw added a pair" if prior else ""
    print(f"\n{title}: {games} games per pair, {len(pairs)} pairs{extra}, {cpu:.0f} s of CPU")
    header = f"{'player':<12} {'rating':>6}" + "".join(f" {'vs ' + s:>16}" for s in scripted)
    print(header + f" {'stored':>7}")
    all_pass = True
    for name in names:
        cells = []
        for other in scripted:
            if other == name:
                cells.append(f" {'':>16}")
                continue
            result = pairs[name, other] if (name, other) in pairs else pairs[other, name].flipped()
            cells.append(
                f" {result.score:>5.3f} {100 * result.wins / games:>3.0f}"
                f"/{100 * result.draws / games:>2.0f}/{100 * result.losses / games:>3.0f}"
            )
        stored = ""
        if name in levels:
            known = stored_rating(name, size)
            close = known is not None and abs(known - ratings[name]) <= tolerance
            all_pass &= close
            stored = f" {known if known is not None else '-':>5} {'PASS' if close else 'FAIL'}"
        print(f"{name:<12} {ratings[name]:>6.0f}" + "".join(cells) + stored)
    order = sorted(levels, key=lambda level: ratings[level])
    rising = all(
        ratings[stronger] >= ratings[weaker] - tolerance
        for weaker, stronger in itertools.pairwise(levels)
    )
    all_pass &= rising
    verdict = "PASS" if rising else "FAIL"
    print(
        f"levels from weakest to strongest: {' < '.join(order)}, each within the tolerance"
        f" of the one below or above it: {verdict}"
    )
    return all_pass, ratings


if __name__ == "__main__":
    sys.exit(main())
