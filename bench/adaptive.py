"""The adaptive level against each scripted player: does the score settle at one half?

Run from the repository root (3x3 in seconds, 4x4 in a few minutes):
    nice -n 19 python bench/adaptive.py [--sizes 3,4] [--games 60] [--seed 30] [--seeds 1]
    nice -n 19 python bench/adaptive.py --calibrate [--sizes 3,4] [--calibration-games 600]
    nice -n 10 python bench/adaptive.py --sizes 9 --jobs 2     # ultimate (about 10 minutes)

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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

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
from bot.engine.ratings import RANDOM_RATING, AdaptiveRecord, expected_score
from bot.engine.ultimate import UltimateBoard
from bot.engine.ultimate import adaptive as ultimate_adaptive

FIRST_COUNTED = 21  # games 1-20 are the level finding the member's strength
SETTLED_WITHIN = 50
SCORE_TARGET, SCORE_MARGIN, DECISIVE_SHARE = 0.5, 0.15, 0.10
GRID = (0.0, 0.1, 0.2, 0.35, 0.5, 0.7, 1.0)
ULTIMATE = ultimate_adaptive.SIZE  # ultimate's size: its grid's side, as its record is stored
ULTIMATE_GRID = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.75)
"""The weaknesses ``--calibrate --sizes 9`` measures."""


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


def ultimate_run(name: str, games: int, seed: int) -> Run:
    """``games`` games of ultimate's scripted player ``name`` against ultimate's adaptive
    level, as :func:`member_run` on the classic sizes."""
    rng = random.Random(seed)
    member = ULTIMATE_SCRIPTED[name]
    record = AdaptiveRecord()
    scores: list[float] = []
    ratings: list[int] = []
    for game in range(games):
        rating = record.rating

        def bot(board: UltimateBoard, rng: random.Random, rating: int = rating) -> Move:
            return ultimate_adaptive.adaptive_move(board, rating, rng)

        if game % 2 == 0:
            score = play_ultimate(member, bot, rng)
        else:
            score = 1.0 - play_ultimate(bot, member, rng)
        record = record.against(score, ultimate_adaptive.playing_rating(rating))
        scores.append(score)
        ratings.append(record.rating)
    return Run(tuple(scores), tuple(ratings))


def run_of(task: tuple[str, int, int, int]) -> Run:
    """One member's run (``name``, ``size``, ``games``, ``seed``): a process's work."""
    name, size, games, seed = task
    if size == ULTIMATE:
        return ultimate_run(name, games, seed)
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
        if size == ULTIMATE:
            names: tuple[str, ...] = tuple(ULTIMATE_SCRIPTED)
            print(f"\nultimate: {games} games, counted from game {FIRST_COUNTED}")
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
            label = "ult" if size == ULTIMATE else f"{size}x{size}"
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
    points = sum(result.points for result in results.values())
    low, high = 0.0, 3000.0
    for _ in range(60):
        middle = (low + high) / 2
        due = sum(
            result.games * expected_score(middle, SCRIPTED_RATINGS[name, size])
            for name, result in results.items()
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


def ultimate_pair(task: tuple[str, str, int, int]) -> tuple[str, str, Result]:
    """``games`` games between two ultimate players (a weakness "w=0.35" or a scripted
    player's name), the first playing X in the even-numbered games: a process's work."""
    first, second, games, seed = task

    def player(name: str) -> Callable[[UltimateBoard, random.Random], Move]:
        if name in ULTIMATE_SCRIPTED:
            return ULTIMATE_SCRIPTED[name]
        how = ultimate_adaptive.Strength(0, float(name.removeprefix("w=")))
        return lambda board, rng: ultimate_adaptive.move_at(board, how, rng)

    return first, second, ultimate_match(player(first), player(second), games, seed)


def calibrate_ultimate(games: int, seed: int, jobs: int) -> None:
    """Measure each weakness of ``ULTIMATE_GRID`` against ultimate's scripted players, and
    those against each other; fit every rating at once (random at ``RANDOM_RATING``) and
    print the CALIBRATION table of bot/engine/ultimate/adaptive.py."""
    scripted = tuple(ULTIMATE_SCRIPTED)
    weak = tuple(f"w={w:g}" for w in ULTIMATE_GRID)
    pairs = [(a, b) for a, b in itertools.combinations(scripted, 2)]
    pairs += [(w, name) for w in weak for name in scripted]
    tasks = [(a, b, games, seed + n) for n, (a, b) in enumerate(pairs)]
    print(f"\nultimate: {games} games a pair, {len(pairs)} pairs")
    results: dict[tuple[str, str], Result] = {}
    with multiprocessing.Pool(jobs) as pool:
        for a, b, result in pool.imap_unordered(ultimate_pair, tasks):
            results[a, b] = result
            print(
                f"  {a:<10} vs {b:<10} {result.score:.3f} "
                f"(+{result.wins} ={result.draws} -{result.losses})",
                flush=True,
            )
    fitted = fit_ratings((*scripted, *weak), results, "random", RANDOM_RATING)
    for name in (*scripted, *weak):
        print(f"  {name:<10} {fitted[name]:6.0f}")
    points = sorted(
        (round(fitted[w]), weakness) for w, weakness in zip(weak, ULTIMATE_GRID, strict=True)
    )
    falling: list[tuple[int, float]] = []  # weakness falls as the rating rises
    for rating, weakness in points:
        if not falling or weakness < falling[-1][1]:
            falling.append((rating, weakness))
    print("\nCALIBRATION = (")
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
    sizes = tuple(int(s) for s in args.sizes.split(","))
    if any(size not in (*WIN_LENGTH, ULTIMATE) for size in sizes):
        parser.error(f"--sizes: choose among {(*WIN_LENGTH, ULTIMATE)} (9: ultimate)")
    if args.calibrate:
        classic = tuple(size for size in sizes if size != ULTIMATE)
        if classic:
            calibrate(classic, args.calibration_games, args.seed)
        if ULTIMATE in sizes:
            calibrate_ultimate(args.calibration_games, args.seed, args.jobs)
        return 0
    if args.games < FIRST_COUNTED + 1:
        parser.error(f"--games: at least {FIRST_COUNTED + 1}")
    all_pass = show_runs(sizes, args.games, args.seed, args.seeds, args.jobs)
    print(f"\n{'PASS' if all_pass else 'FAIL'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
