"""Connect Four's engine measured: the exact solver, the levels' move times, their strength.

Run from the repository root (nice it on a shared machine; about 40 minutes with --jobs 2):
    nice -n 19 python bench/connect4.py [--parts solver,moves,strength] [--games 100]
                                        [--move-games 4] [--opening-seconds 60] [--jobs 1]

``solver``: every position of tests/engine/connect4/positions/ (seeded random positions, made
as tools/connect4_positions.py says: random games that neither win nor lose at once, stopped at
a disc count, kept if they need a search; scored by Pascal Pons' solver) solved from a cold
transposition table, by disc counts: 30-38, 20-29 (together "20+") and 12-16. Printed per set:
mean and max seconds (CPU) and positions searched, positions a second, and whether every score
is the reference's; PASS when all are and when 95 % of the 20+ positions solve within
``strongest``'s proof time (bot.engine.connect4.levels.PROOF_SECONDS), so that ``strongest``
plays them exactly. Then the empty board for ``--opening-seconds``: how far the solver gets.

``moves``: each level plays ``--move-games`` games against itself (``adaptive`` at ratings
900, 1500 and 2000 in turn) and every move's time is taken (wall clock, and CPU); printed per
level: p50, p99 and max; PASS when every level's p99 is within 1 s. The strength games' moves
count too. ``strongest``'s decisions are counted by kind (exact, proven win, iterative
deepening) with its deepest and shallowest depths.

``strength``: each level plays ``--games`` games against the sir-lancebot-style player
(bench/_connect4_scripted.py: random columns, a win taken 9 times in 10, a block 3 times in 4),
half as X and half as O; printed per level and colour: wins, draws, losses; PASS when
``strongest`` scores at least 99 % of the points as each colour.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _connect4_scripted import Connect4Mover, lancebot
from arguments import positive_float, positive_int

from bot.engine import Player, SearchTooLargeError
from bot.engine.connect4 import LEVELS, Budget, Connect4Board, Solver, choose_column
from bot.engine.connect4.adaptive import adaptive_move
from bot.engine.connect4.levels import PROOF_SECONDS, Decision, strongest

POSITIONS = Path(__file__).resolve().parents[1] / "tests" / "engine" / "connect4" / "positions"
SETS = (
    ("30-38 discs", "end_30-38_columns.txt"),
    ("20-29 discs", "middle_20-29.txt"),
    ("12-16 discs", "begin_12-16.txt"),
)
MOVE_LIMIT = 1.0
"""Every level's p99 move time must be within this (seconds)."""
STRONGEST_SHARE = 0.99
"""strongest's least share of the points against the sir-lancebot-style player, per colour."""
PROVEN_SHARE = 0.95
"""The least share of 20+ disc positions solved within strongest's proof time."""
SEED = 45
ADAPTIVE_RATINGS = (900, 1500, 2000)
"""The ratings ``adaptive`` plays its timed games at, in turn: weak, middling, near strongest."""
TIMED_LEVELS = (*LEVELS, "adaptive")


# ---------------------------------------------------------------- the solver


@dataclass(frozen=True, slots=True)
class Solved:
    """One position solved: its disc count, the seconds (CPU) and positions, and whether the
    score is the reference's."""

    discs: int
    seconds: float
    nodes: int
    right: bool


def reference(name: str) -> list[tuple[str, int]]:
    """A set's positions and their reference scores (the best column's, where each column is
    given)."""
    found = []
    for line in (POSITIONS / name).read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        sequence, *scores = line.split()
        found.append((sequence, max(int(score) for score in scores if score != "-")))
    return found


def solve_set(name: str) -> list[Solved]:
    """Every position of one set, each from a cold table: a process's work."""
    solver = Solver()
    done = []
    for sequence, score in reference(name):
        board = Connect4Board.from_notation(sequence)
        solver.reset()
        start = time.process_time()
        found = solver.solve(board)
        done.append(Solved(board.discs, time.process_time() - start, solver.nodes, found == score))
    return done


def opening(seconds: float) -> tuple[int, float]:
    """Positions the solver searches on the empty board in ``seconds`` (wall), and its rate."""
    solver = Solver()
    start = time.process_time()
    with contextlib.suppress(SearchTooLargeError):  # it is not meant to finish
        solver.solve(Connect4Board(), Budget(deadline=time.perf_counter() + seconds))
    spent = time.process_time() - start
    return solver.nodes, solver.nodes / spent if spent else 0.0


def show_solver(results: dict[str, list[Solved]], opening_figures: tuple[int, float]) -> bool:
    print("\nThe exact solver, each position from a cold table (CPU seconds):")
    print(f"  {'set':<12} {'n':>4} {'mean s':>8} {'max s':>7} {'mean nodes':>11} "
          f"{'max nodes':>10} {'nodes/s':>8}  scores")  # fmt: skip
    all_right = True
    rows = [(label, results[name]) for label, name in SETS]
    twenty = results[SETS[0][1]] + results[SETS[1][1]]
    for label, done in [*rows[:2], ("20+ discs", twenty), rows[2]]:
        seconds = [one.seconds for one in done]
        nodes = [one.nodes for one in done]
        right = all(one.right for one in done)
        all_right &= right
        rate = sum(nodes) / sum(seconds) if sum(seconds) else 0.0
        print(
            f"  {label:<12} {len(done):>4} {statistics.fmean(seconds):>8.3f} {max(seconds):>7.2f}"
            f" {statistics.fmean(nodes):>11,.0f} {max(nodes):>10,} {rate:>8,.0f}"
            f"  {'all right' if right else 'WRONG'}"
        )
    within = sum(one.seconds <= PROOF_SECONDS for one in twenty) / len(twenty)
    fast = within >= PROVEN_SHARE
    print(
        f"  20+ discs solved within strongest's {PROOF_SECONDS:g} s: {within:.0%} "
        f"(at least {PROVEN_SHARE:.0%}: {'PASS' if fast else 'FAIL'})"
    )
    print(f"  every score the reference's: {'PASS' if all_right else 'FAIL'}")
    searched, speed = opening_figures
    print(
        f"  the empty board: not solved; {searched:,} positions searched at {speed:,.0f} a second "
        "(Pons' C++ solver, without its book, needs minutes there)"
    )
    return all_right and fast


# ---------------------------------------------------------------- the levels' moves and games


@dataclass(slots=True)
class Timings:
    """Each level's move times (wall, CPU) and strongest's decisions."""

    wall: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    decisions: Counter[str] = field(default_factory=Counter)

    def merge(self, other: Timings) -> None:
        for level, times in other.wall.items():
            self.wall.setdefault(level, []).extend(times)
        for level, times in other.cpu.items():
            self.cpu.setdefault(level, []).extend(times)
        self.decisions.update(other.decisions)


def timed(level: str, timings: Timings, rating: int = 1500) -> Connect4Mover:
    """``level`` as a player whose every move is timed into ``timings`` (``adaptive`` at
    ``rating``)."""

    def play(board: Connect4Board, rng: random.Random) -> int:
        wall, cpu = time.perf_counter(), time.process_time()
        if level == "adaptive":
            column = adaptive_move(board, rating, rng).col
        elif level == "strongest":
            decision: Decision = strongest(board)
            column = rng.choice(decision.columns)
            timings.decisions[decision.how] += 1
        else:
            column = choose_column(board, level, rng)
        timings.wall.setdefault(level, []).append(time.perf_counter() - wall)
        timings.cpu.setdefault(level, []).append(time.process_time() - cpu)
        return column

    return play


def game(x: Connect4Mover, o: Connect4Mover, rng: random.Random) -> Player | None:
    """The winner of one game from the empty board (None: a draw)."""
    board = Connect4Board()
    while not board.is_over:
        board = board.play_column((x, o)[board.discs & 1](board, rng))
    return board.winner


def self_play(job: tuple[str, int, int]) -> Timings:
    """``games`` games of ``level`` against itself: a process's work."""
    level, games, seed = job
    timings = Timings()
    rng = random.Random(seed)
    for number in range(games):
        mover = timed(level, timings, ADAPTIVE_RATINGS[number % len(ADAPTIVE_RATINGS)])
        game(mover, mover, rng)
    return timings


@dataclass(frozen=True, slots=True)
class Record:
    """A level's games against the sir-lancebot-style player as one colour."""

    level: str
    colour: Player
    wins: int
    draws: int
    losses: int

    @property
    def share(self) -> float:
        games = self.wins + self.draws + self.losses
        return (self.wins + self.draws / 2) / games if games else 0.0


def against_lancebot(job: tuple[str, Player, int, int]) -> tuple[Record, Timings]:
    """``games`` games of ``level`` as ``colour`` against the sir-lancebot-style player."""
    level, colour, games, seed = job
    timings = Timings()
    rng = random.Random(seed)
    mover = timed(level, timings)
    wins = draws = 0
    for _ in range(games):
        winner = game(mover, lancebot, rng) if colour is Player.X else game(lancebot, mover, rng)
        wins += winner is colour
        draws += winner is None
    return Record(level, colour, wins, draws, games - wins - draws), timings


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def show_moves(timings: Timings) -> bool:
    print(f"\nMove times per level (seconds; PASS: p99 within {MOVE_LIMIT:g} s, wall clock):")
    print(f"  {'level':<10} {'moves':>6} {'p50':>6} {'p99':>6} {'max':>6} {'cpu p50':>8} "
          f"{'cpu p99':>8}")  # fmt: skip
    all_pass = True
    for level in TIMED_LEVELS:
        wall, cpu = timings.wall.get(level, []), timings.cpu.get(level, [])
        if not wall:
            continue
        p99 = percentile(wall, 0.99)
        verdict = p99 <= MOVE_LIMIT
        all_pass &= verdict
        print(
            f"  {level:<10} {len(wall):>6} {percentile(wall, 0.5):>6.3f} {p99:>6.3f}"
            f" {max(wall):>6.3f} {percentile(cpu, 0.5):>8.3f} {percentile(cpu, 0.99):>8.3f}"
            f"  {'PASS' if verdict else 'FAIL'}"
        )
    kinds = timings.decisions
    if kinds:
        total = sum(kinds.values())
        depths = [int(how.split()[1].rstrip(",")) for how in kinds if how.startswith("depth")]
        searched = sum(count for how, count in kinds.items() if how.startswith("depth"))
        checked = sum(count for how, count in kinds.items() if how.endswith("not losing"))
        print(
            f"  strongest's {total} moves: {kinds['exact'] / total:.0%} exact, "
            f"{kinds['win'] / total:.0%} a proven win, {searched / total:.0%} iterative deepening"
            + (f" (depths {min(depths)} to {max(depths)})" if depths else "")
            + f", of which {checked / total:.0%} proven not losing"
        )
    return all_pass


def show_strength(records: list[Record]) -> bool:
    print("\nAgainst the sir-lancebot-style player (wins/draws/losses; the level's share):")
    verdict = True
    for level in LEVELS:
        cells = []
        for colour in (Player.X, Player.O):
            record = next(r for r in records if r.level == level and r.colour is colour)
            cells.append(
                f"as {colour.value}: {record.wins}/{record.draws}/{record.losses} "
                f"{record.share:.1%}"
            )
            if level == "strongest":
                verdict &= record.share >= STRONGEST_SHARE
        print(f"  {level:<10} " + "   ".join(cells))
    print(f"  strongest at least {STRONGEST_SHARE:.0%} as each colour: "
          f"{'PASS' if verdict else 'FAIL'}")  # fmt: skip
    return verdict


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default="solver,moves,strength")
    parser.add_argument("--games", type=positive_int, default=100, help="per level vs lancebot")
    parser.add_argument("--move-games", type=positive_int, default=4, help="self-play per level")
    parser.add_argument("--opening-seconds", type=positive_float, default=60.0)
    parser.add_argument("--jobs", type=positive_int, default=1, help="processes (default 1)")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    if not parts <= {"solver", "moves", "strength"}:
        parser.error("--parts: choose among solver, moves, strength")
    all_pass = True
    began = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        if "solver" in parts:
            names = [name for _label, name in SETS]
            solved = dict(zip(names, pool.map(solve_set, names), strict=True))
            all_pass &= show_solver(solved, opening(args.opening_seconds))
        timings = Timings()
        if "strength" in parts:
            half = max(1, args.games // 2)  # as each colour
            jobs = [
                (level, colour, half, SEED + 10 * number + (colour is Player.O))
                for number, level in enumerate(LEVELS)
                for colour in (Player.X, Player.O)
            ]
            records = []
            for record, played in pool.map(against_lancebot, jobs):
                records.append(record)
                timings.merge(played)
            all_pass &= show_strength(records)
        if "moves" in parts:
            jobs_self = [
                (level, args.move_games, SEED + number)
                for number, level in enumerate(TIMED_LEVELS)
            ]
            for played in pool.map(self_play, jobs_self):
                timings.merge(played)
        if "moves" in parts or "strength" in parts:
            all_pass &= show_moves(timings)
    print(f"\n({time.perf_counter() - began:.0f} s)")
    print(f"\n{'PASS' if all_pass else 'FAIL'}")
    return 0 if all_pass else 1


if __name__ == "__main__":
    sys.exit(main())
