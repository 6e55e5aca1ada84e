"""The adaptive level against each scripted player: does the score settle at one half?

Run from the repository root (3x3 in seconds, 4x4 in a few minutes):
    nice -n 19 python bench/adaptive.py [--sizes 3,4] [--games 60] [--seed 30] [--seeds 1]
    nice -n 19 python bench/adaptive.py --calibrate [--sizes 3,4] [--calibration-games 600]
    nice -n 10 python bench/adaptive.py --sizes 9 --jobs 2     # ultimate (about 10 minutes)
    nice -n 10 python bench/adaptive.py --sizes connect4 --jobs 2     # Connect Four

For each board size and each scripted player of bench/scripted.py (random, one-ply,
perfect-10%) one member plays ``--games`` games against ``adaptive``, taking turns to start,
its record (bot.engine.ratings.AdaptiveRecord) carried from game to game from the start
rating: the bot plays each game at the member's rating, and the rating moves after each game.
Printed per player, over games 21 to the last: the member's score, and the shares of games it
won, drew and lost; PASS when the score lies within 0.5 +/- 0.15 and the member both won and
lost at least 10 % of those games, else FAIL; the rating at games 20 and 60; and after how many
games it settled: the first game after which the rating came within 50 of its mean over games
21-60. ``--seeds N`` plays N members per player (seeds seed, seed+1, ...) and prints how many
passed: one seed is one sample of 40 games, and a player who wins or loses 18 % of games falls
under 10 % in about one sample in twenty.

Ultimate tic-tac-toe is size 9 (``--sizes 9``, or ``--sizes 3,4,9``): the member is each of
bench/_ultimate_scripted.py's players (random, one-ply, plain UCT at 0.05 s a move) against
ultimate's adaptive level (bot.engine.ultimate.adaptive), its record stored with size 9, the
verdict the same. ``--jobs N`` plays N members at once (one process each; ultimate's runs take
minutes each). ``--calibrate --sizes 9`` plays each weakness of ``ULTIMATE_GRID`` against each
ultimate scripted player and the scripted players against each other, fits every rating at
once (random at 800) and prints the table bot/engine/ultimate/adaptive.py keeps.

Connect Four is ``--sizes connect4`` (or 7, its columns, as its record is stored): the same as
ultimate with bench/_connect4_scripted.py's players (random, the sir-lancebot-style player,
one-ply) against bot.engine.connect4.adaptive; ``--calibrate --sizes connect4`` plays each
weakness of ``CONNECT4_GRID`` against those players and the four levels, whose ratings
bench/levels.py measured (bot/engine/connect4/ratings.py: the scripted players reach only
1,283, where the level's strongest plays 600 above), fits each weakness's rating against those
fixed ratings, and prints the table bot/engine/connect4/adaptive.py keeps.

``--calibrate`` measures how strongly the level plays at each mistake rate, per way of playing
(no wins taken and wins given away, at ratings up to the random mover's; wins taken and given
away, up to the one-ply player's; wins taken and none given away, above), by
``--calibration-games`` games against each scripted player, rated against their ratings in
bot/engine/ratings.py; it prints the table bot/engine/adaptive.py keeps as CALIBRATION.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _connect4_scripted import CONNECT4_SCRIPTED, connect4_match, connect4_mover, play_connect4
from _ultimate_scripted import ULTIMATE_SCRIPTED, play_ultimate, ultimate_match
from arguments import positive_int
from scripted import SCRIPTED, WIN_LENGTH, Mover, Result, fit_ratings, match, play_game

from bot.engine import Move
from bot.engine.classic import SCRIPTED_RATINGS, Board
from bot.engine.classic.adaptive import (
    Strength,
    adaptive_move,
    keeps_wins_from,
    move_at,
    no_gifts_from,
    rating_range,
    record_after,
    strength,
)
from bot.engine.connect4 import adaptive as connect4_adaptive
from bot.engine.connect4.ratings import LEVEL_RATINGS as CONNECT4_LEVEL_RATINGS
from bot.engine.connect4.ratings import SCRIPTED_RATINGS as CONNECT4_SCRIPTED_RATINGS
from bot.engine.ratings import RANDOM_RATING, AdaptiveRecord, expected_score
from bot.engine.ultimate import adaptive as ultimate_adaptive

FIRST_COUNTED = 21  # games 1-20 are the level finding the member's strength
SETTLED_WITHIN = 50
SCORE_TARGET, SCORE_MARGIN, DECISIVE_SHARE = 0.5, 0.15, 0.10
GRID = (0.0, 0.1, 0.2, 0.35, 0.5, 0.7, 1.0)
ULTIMATE = ultimate_adaptive.SIZE  # ultimate's size: its grid's side, as its record is stored
ULTIMATE_GRID = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.75)
"""The weaknesses ``--calibrate --sizes 9`` measures."""
CONNECT4 = connect4_adaptive.SIZE  # Connect Four's size: its columns, as its record is stored
CONNECT4_GRID = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.75, 1.0)
"""The weaknesses ``--calibrate --sizes connect4`` measures."""
NAMED_SIZES = {"ultimate": ULTIMATE, "connect4": CONNECT4}


@dataclass(frozen=True, slots=True)
class Family:
    """A kind of game whose adaptive level weakens through a ``weakness`` (ultimate, Connect
    Four): its scripted players, a game and a match between two players, the bot at a member's
    rating, the rating it plays at, a player at a fixed weakness, the weaknesses to calibrate
    and the module that keeps the table; ``rated``, where given, the opponents of fixed ratings
    each weakness is measured against instead of the scripted players (whose own games then
    need not be played)."""

    label: str
    scripted: dict[str, Any]
    play: Callable[[Any, Any, random.Random], float]
    match: Callable[[Any, Any, int, int], Result]
    bot: Callable[[int], Any]
    playing_rating: Callable[[float], int]
    weak: Callable[[float], Any]
    grid: tuple[float, ...]
    table: str
    rated: dict[str, float] | None = None


def _connect4_bot(rating: int) -> Any:
    how = connect4_adaptive.strength(rating)
    return lambda board, rng: connect4_adaptive.column_at(board, how, rng)


def _connect4_weak(weakness: float) -> Any:
    how = connect4_adaptive.Strength(0, weakness)
    return lambda board, rng: connect4_adaptive.column_at(board, how, rng)


def _ultimate_bot(rating: int) -> Any:
    return lambda board, rng: ultimate_adaptive.adaptive_move(board, rating, rng)


def _ultimate_weak(weakness: float) -> Any:
    how = ultimate_adaptive.Strength(0, weakness)
    return lambda board, rng: ultimate_adaptive.move_at(board, how, rng)


FAMILIES = {
    ULTIMATE: Family(
        "ultimate", ULTIMATE_SCRIPTED, play_ultimate, ultimate_match, _ultimate_bot,
        ultimate_adaptive.playing_rating, _ultimate_weak, ULTIMATE_GRID,
        "bot/engine/ultimate/adaptive.py",
    ),
    CONNECT4: Family(
        "Connect Four", CONNECT4_SCRIPTED, play_connect4, connect4_match, _connect4_bot,
        connect4_adaptive.playing_rating, _connect4_weak, CONNECT4_GRID,
        "bot/engine/connect4/adaptive.py",
        {**CONNECT4_SCRIPTED_RATINGS, **CONNECT4_LEVEL_RATINGS},
    ),
}  # fmt: skip
"""The kinds calibrated by weakness, by size."""


@dataclass(frozen=True, slots=True)
class Run:
    """One member's games against adaptive: scores (the member's) and ratings after each."""

    scores: tuple[float, ...]
    ratings: tuple[int, ...]

    def counted(self) -> tuple[float, ...]:
        return self.scores[FIRST_COUNTED - 1 :]

    def verdict(self) -> bool:
        counted = self.counted()
        score = statistics.fmean(counted)
        wins = counted.count(1.0) / len(counted)
        losses = counted.count(0.0) / len(counted)
        return (
            abs(score - SCORE_TARGET) <= SCORE_MARGIN
            and wins >= DECISIVE_SHARE
            and losses >= DECISIVE_SHARE
        )

    def settled_after(self) -> int:
        """The first game after which the rating came within 50 of its mean over the games
        counted."""
        mean = statistics.fmean(self.ratings[FIRST_COUNTED - 1 :])
        return next(
            (n for n, rating in enumerate(self.ratings, 1) if abs(rating - mean) <= SETTLED_WITHIN),
            len(self.ratings),
        )


def family_run(family: Family, name: str, games: int, seed: int) -> Run:
    """``games`` games of ``family``'s scripted player ``name`` against its adaptive level,
    as :func:`member_run` on the classic sizes."""
    rng = random.Random(seed)
    member = family.scripted[name]
    record = AdaptiveRecord()
    scores: list[float] = []
    ratings: list[int] = []
    for game in range(games):
        rating = record.rating
        bot = family.bot(rating)
        if game % 2 == 0:
            score = family.play(member, bot, rng)
        else:
            score = 1.0 - family.play(bot, member, rng)
        record = record.against(score, family.playing_rating(rating))
        scores.append(score)
        ratings.append(record.rating)
    return Run(tuple(scores), tuple(ratings))


def run_of(task: tuple[str, int, int, int]) -> Run:
    """One member's run (``name``, ``size``, ``games``, ``seed``): a process's work."""
    name, size, games, seed = task
    if size in FAMILIES:
        return family_run(FAMILIES[size], name, games, seed)
    return member_run(SCRIPTED[name], size, games, seed)


def member_run(member: Mover, size: int, games: int, seed: int) -> Run:
    """``games`` games of one member against adaptive on ``size``, the member playing X in the
    even-numbered games (the first included), its record carried from game to game."""
    rng = random.Random(seed)
    record = AdaptiveRecord()
    scores: list[float] = []
    ratings: list[int] = []
    for game in range(games):
        rating = record.rating

        def bot(board: Board, rng: random.Random, rating: int = rating) -> Move:
            return adaptive_move(board, rating, rng)

        if game % 2 == 0:
            score = play_game(member, bot, size, rng)
        else:
            score = 1.0 - play_game(bot, member, size, rng)
        record = record_after(record, score, size)
        scores.append(score)
        ratings.append(record.rating)
    return Run(tuple(scores), tuple(ratings))


def show_runs(sizes: tuple[int, ...], games: int, seed: int, seeds: int, jobs: int) -> bool:
    """Play and print every member's run; True if every one passed."""
    all_pass = True  # the first seed's runs: the bench's verdict
    header = (
        f"{'size':<5} {'player':<12} {'score':>5} {'won':>4} {'drew':>4} {'lost':>4} "
        f"{'rating@20':>9} {'@' + str(games):>5} {'settled':>7}"
    )
    for size in sizes:
        if size in FAMILIES:
            names: tuple[str, ...] = tuple(FAMILIES[size].scripted)
            print(f"\n{FAMILIES[size].label}: {games} games, counted from game {FIRST_COUNTED}")
        else:
            names = tuple(SCRIPTED)
            print(
                f"\n{size}x{size}, k={WIN_LENGTH[size]}: {games} games, counted from game "
                f"{FIRST_COUNTED}"
            )
        print(header + ("" if seeds == 1 else f" {'seeds passed':>12}"))
        tasks = [(name, size, games, seed + n) for name in names for n in range(seeds)]
        began = time.perf_counter()
        if jobs == 1:
            done = [run_of(task) for task in tasks]
        else:
            with multiprocessing.Pool(jobs) as pool:
                done = pool.map(run_of, tasks, chunksize=1)
        for index, name in enumerate(names):
            runs = done[index * seeds : (index + 1) * seeds]
            first = runs[0]
            counted = first.counted()
            passed = sum(run.verdict() for run in runs)
            all_pass &= first.verdict()
            label = {ULTIMATE: "ult", CONNECT4: "c4"}.get(size, f"{size}x{size}")
            line = (
                f"{label:<5} {name:<12} {statistics.fmean(counted):>5.3f} "
                f"{counted.count(1.0) / len(counted):>4.0%} "
                f"{counted.count(0.5) / len(counted):>4.0%} "
                f"{counted.count(0.0) / len(counted):>4.0%} "
                f"{first.ratings[FIRST_COUNTED - 2]:>9} {first.ratings[-1]:>5} "
                f"{first.settled_after():>7}"
            )
            if seeds > 1:
                line += f" {passed:>7}/{seeds:<4}"
            verdict = "PASS" if first.verdict() else "FAIL"
            print(f"{line} {verdict}", flush=True)
        print(f"({time.perf_counter() - began:.0f} s)")
    return all_pass


# ---------------------------------------------------------------- calibration


def fit_one(results: dict[str, Result], size: int) -> float:
    """The rating that makes ``results`` against the scripted players (their ratings fixed, as
    bot/engine/ratings.py keeps them) most likely: where expected points equal points."""
    return fit_against(results, {name: SCRIPTED_RATINGS[name, size] for name in results})


def fit_against(results: dict[str, Result], ratings: dict[str, float]) -> float:
    """The rating that makes ``results`` against players of fixed ``ratings`` most likely."""
    points = sum(result.points for result in results.values())
    low, high = 0.0, 3000.0
    for _ in range(60):
        middle = (low + high) / 2
        due = sum(
            result.games * expected_score(middle, ratings[name]) for name, result in results.items()
        )
        low, high = (middle, high) if due < points else (low, middle)
    return (low + high) / 2


def calibrate(sizes: tuple[int, ...], games: int, seed: int) -> None:
    """Measure each way of playing at each mistake rate and print the CALIBRATION table."""
    table: dict[int, list[tuple[int, float]]] = {}
    for size in sizes:
        ways = ways_of_playing(size)
        print(f"\n{size}x{size}: {games} games against each scripted player per point")
        knots: list[tuple[int, float]] = []
        flawless: float | None = None  # without mistakes every way plays alike: measured once
        for low, high, way in ways:
            label = f"{'' if low < 0 else round(low)}-{'' if high > 1e8 else round(high)}"
            curve: list[tuple[float, float]] = []
            for rate in GRID:
                if rate == 0.0 and flawless is not None:
                    curve.append((rate, flawless))
                    continue
                how = dataclasses.replace(way, mistake_rate=rate)

                def bot(board: Board, rng: random.Random, how: Strength = how) -> Move:
                    return move_at(board, how, rng)

                start = time.process_time()
                results = {
                    name: match(bot, member, size, games, seed + number)
                    for number, (name, member) in enumerate(SCRIPTED.items())
                }
                fitted = fit_one(results, size)
                scores = " ".join(f"{name} {r.score:.3f}" for name, r in results.items())
                print(
                    f"  {label:<9} {flags(how):<37} mistake rate {rate:4.2f}: rating "
                    f"{fitted:5.0f}  ({scores}; "
                    f"{time.process_time() - start:.0f} s)",
                    flush=True,
                )
                curve.append((rate, fitted))
                if rate == 0.0:
                    flawless = fitted
            knots.extend(segment_knots(curve, low, high))
        table[size] = sorted(dict(knots).items())
    print("\nCALIBRATION = {")
    for size, knots in table.items():
        print(f"    {size}: (")
        for row in range(0, len(knots), 6):
            print("        " + " ".join(f"({r}, {q:.2f})," for r, q in knots[row : row + 6]))
        print("    ),")
    print("}")


def ways_of_playing(size: int) -> list[tuple[float, float, Strength]]:
    """The ratings between which the level plays one way (which wins it takes, keeps, gives),
    and that way at the range's lower end (at the random mover's rating for the lowest)."""
    bounds = sorted({RANDOM_RATING + 1, keeps_wins_from(size), no_gifts_from(size)})
    bounds = [b for b in bounds if b < rating_range(size)[1]]
    lows: list[float] = [-1e9, *bounds]
    highs: list[float] = [b - 1 for b in bounds] + [1e9]
    return [
        (low, high, strength(RANDOM_RATING if low < 0 else low, size))
        for low, high in zip(lows, highs, strict=True)
    ]


def flags(how: Strength) -> str:
    """The way of playing in words."""
    return ", ".join(
        (
            "takes wins" if how.takes_wins else "misses wins",
            "keeps wins" if how.keeps_wins else "lets wins go",
            "gives wins" if how.gives_wins else "no gifts",
        )
    )


def segment_knots(
    curve: list[tuple[float, float]], low: float, high: float
) -> list[tuple[int, float]]:
    """(rating, mistake rate) points for one way of playing: its measured curve made to fall
    as the rate rises (a point rated at or above the one before, which only chance can make,
    is set one point below it), kept within the ratings that play this way [low, high], with
    the ends of that range added where the curve reaches past them (the rate there
    interpolated) or stops short (the nearest rate kept)."""
    falling: list[tuple[float, float]] = []
    for rate, rating in curve:
        if falling:
            rating = min(rating, falling[-1][1] - 1)
        falling.append((rate, rating))
    points = sorted((rating, rate) for rate, rating in falling)  # rating rising, rate falling
    inside = [(round(r), q) for r, q in points if low <= r <= high]
    ends = []
    for end in (low, high):
        if abs(end) >= 1e8:
            continue
        ends.append((round(end), rate_at(points, end)))
    return sorted(set(inside + ends))


def rate_at(points: list[tuple[float, float]], rating: float) -> float:
    """The mistake rate at ``rating`` on the measured (rating, rate) points, rating rising:
    interpolated between them, the nearest end's beyond them."""
    if rating <= points[0][0]:
        return points[0][1]
    if rating >= points[-1][0]:
        return points[-1][1]
    for (r0, q0), (r1, q1) in itertools.pairwise(points):
        if r0 <= rating <= r1:
            return q0 if r1 == r0 else q0 + (rating - r0) / (r1 - r0) * (q1 - q0)
    return points[-1][1]


def family_pair(task: tuple[int, str, str, int, int]) -> tuple[str, str, Result]:
    """``games`` games between two players of the kind of ``size`` (a weakness "w=0.35" or a
    scripted player's name), the first playing X in the even-numbered games: a process's
    work."""
    size, first, second, games, seed = task
    family = FAMILIES[size]

    def player(name: str) -> Any:
        if name.startswith("w="):
            return family.weak(float(name.removeprefix("w=")))
        return family.scripted[name] if name in family.scripted else connect4_mover(name)

    return first, second, family.match(player(first), player(second), games, seed)


def calibrate_family(size: int, games: int, seed: int, jobs: int) -> None:
    """Measure each weakness of the kind's grid against its scripted players, and those
    against each other; fit every rating at once (random at ``RANDOM_RATING``) and print the
    CALIBRATION table its adaptive module keeps."""
    family = FAMILIES[size]
    scripted = tuple(family.rated or family.scripted)
    weak = tuple(f"w={w:g}" for w in family.grid)
    pairs = [] if family.rated else list(itertools.combinations(scripted, 2))
    pairs += [(w, name) for w in weak for name in scripted]
    tasks = [(size, a, b, games, seed + n) for n, (a, b) in enumerate(pairs)]
    print(f"\n{family.label}: {games} games a pair, {len(pairs)} pairs")
    results: dict[tuple[str, str], Result] = {}
    with multiprocessing.Pool(jobs) as pool:
        for a, b, result in pool.imap_unordered(family_pair, tasks):
            results[a, b] = result
            print(
                f"  {a:<10} vs {b:<10} {result.score:.3f} "
                f"(+{result.wins} ={result.draws} -{result.losses})",
                flush=True,
            )
    if family.rated:
        fitted = {name: family.rated[name] for name in scripted} | {
            w: fit_against({b: r for (a, b), r in results.items() if a == w}, family.rated)
            for w in weak
        }
    else:
        fitted = fit_ratings((*scripted, *weak), results, "random", RANDOM_RATING)
    for name in (*scripted, *weak):
        print(f"  {name:<10} {fitted[name]:6.0f}")
    points = sorted(
        (round(fitted[w]), weakness) for w, weakness in zip(weak, family.grid, strict=True)
    )
    falling: list[tuple[int, float]] = []  # weakness falls as the rating rises
    for rating, weakness in points:
        if not falling or weakness < falling[-1][1]:
            falling.append((rating, weakness))
    print(f"\nCALIBRATION = (  # {family.table}")
    for rating, weakness in falling:
        print(f"    ({rating}, {weakness:.2f}),")
    print(")")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="3,4", help="board sizes (default 3,4)")
    parser.add_argument("--games", type=positive_int, default=60)
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--seeds", type=positive_int, default=1, help="members per player")
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--calibration-games", type=positive_int, default=600)
    parser.add_argument("--jobs", type=positive_int, default=1, help="processes (default 1)")
    args = parser.parse_args()
    try:
        sizes = tuple(NAMED_SIZES.get(s) or int(s) for s in args.sizes.split(","))
    except ValueError:
        sizes = ()
    if not sizes or any(size not in (*WIN_LENGTH, *FAMILIES) for size in sizes):
        parser.error(
            f"--sizes: choose among {(*WIN_LENGTH, *FAMILIES)} (9: ultimate, 7: connect4)"
        )
    if args.calibrate:
        classic = tuple(size for size in sizes if size not in FAMILIES)
        if classic:
            calibrate(classic, args.calibration_games, args.seed)
        for size in sizes:
            if size in FAMILIES:
                calibrate_family(size, args.calibration_games, args.seed, args.jobs)
        return 0
    if args.games < FIRST_COUNTED + 1:
        parser.error(f"--games: at least {FIRST_COUNTED + 1}")
    all_pass = show_runs(sizes, args.games, args.seed, args.seeds, args.jobs)
    print(f"\n{'PASS' if all_pass else 'FAIL'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
