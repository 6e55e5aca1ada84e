"""Benchmark of the game layer: many channels playing at once through GameService + SQLite.

Prints figures (not a test). Every timed move is one ``GameService.move`` call: the member's
move, the bot's answer and the SQLite commit of both, as a player would wait for it. Half the
channels play duels instead (challenge, accept, then two members alternate): a duel's move is
the member's move and its commit, and its last one also rates both players in the same
transaction. A second part times ``leaderboard`` and ``stats`` on a server with many finished
games (they read the running totals, so they must not grow with the number of games).

A third part (issue 9, bench/_scale_out.py) runs 1 and 2 real OS processes, each its own
GameService, on one database over 1,000 channels: moves per second combined when every
channel moves as soon as it is answered, p99 per move at a steady offered load, and a check
that the database holds every acknowledged move. ``--database`` picks the database (a
throwaway one: the benchmark's games stay in it); without it, a temporary SQLite file and a
throwaway PostgreSQL server started from the pinned pgserver wheel (tools/postgres_server.py).

    python bench/games.py [--channels 1000] [--synchronous NORMAL|FULL] [--seed 0]
                          [--finished 100000] [--members 1000,100000]
                          [--parts moves,reads,scale] [--processes 1,2]
                          [--database postgresql://user@host:5432/db | sqlite:///path | PATH]
                          [--pool-size 5] [--capacity-seconds 4] [--steady-seconds 6]
                          [--offered MOVES_PER_S]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _scale_out import LEVEL, Database, Phase, Run, run_processes
from arguments import positive_float, positive_int  # bench/arguments.py
from figures import HOST_LOOP, host_speed, load_average, p99  # bench/figures.py

from bot.engine import LEVELS, Board, choose_move
from bot.games import GameError, GameService, Seat
from bot.storage import SqliteGameStore
from bot.storage.migrations import MIGRATIONS
from bot.storage.postgres.store import DEFAULT_POOL_SIZE
from bot.storage.sqlite.store import SYNCHRONOUS_MODES, Synchronous
from tools.postgres_server import PostgresUnavailable, running_server

TARGET_P99_MS = 5.0
TARGET_MOVES_PER_S = 1000.0
TARGET_READ_MS = 5.0
GUILD = 7
DUELIST_IDS = 10**12  # duelists' member ids start here, apart from the bot games' members
# Issue 9's targets for several processes on one database (2 cores):
TARGET_POSTGRES_P99_MS = 10.0
TARGET_POSTGRES_MOVES_PER_S = 1000.0  # combined, 1 or 2 processes
TARGET_SQLITE_MOVES_PER_S = 500.0  # combined, 2 processes
PARTS = ("moves", "reads", "scale")


def pin_to_one_core() -> str:
    """Run on a single CPU so the figure means 'one core' (where the OS allows it)."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity here)"


def warm_engine(seed: int) -> tuple[float, float]:
    """Time the very first 3x3 decision (cold cache), then play games at every level until
    the cache holds what the timed run will ask. Returns (cold ms, warm-up seconds)."""
    rng = random.Random(seed)
    began = time.perf_counter()
    choose_move(Board.empty(3), "perfect", rng)
    cold_ms = (time.perf_counter() - began) * 1000
    began = time.perf_counter()
    for _ in range(200):
        for level in LEVELS:
            board = Board.empty(3)
            while not board.is_over:
                board = board.play(rng.choice(board.legal_moves))
                if not board.is_over:
                    board = board.play(choose_move(board, level, rng))
    return cold_ms, time.perf_counter() - began


async def play_channel(
    service: GameService, channel: int, rng: random.Random, timings: list[float]
) -> None:
    """One member plays a whole game in one channel, picking random free cells."""
    reply = await service.start(
        channel_id=channel,
        guild_id=channel % 10,
        member_id=channel,
        member_name=f"m{channel}",
        level=rng.choice(LEVELS),
        first=rng.choice(("me", "bot")),
    )
    game = reply.game
    while game.is_active:
        await asyncio.sleep(0)  # let the other channels interleave, as real traffic would
        move = rng.choice(game.board.legal_moves)
        began = time.perf_counter()
        reply = await service.move(channel_id=channel, member_id=channel, move=move)
        timings.append(time.perf_counter() - began)
        game = reply.game


async def duel_channel(
    service: GameService, channel: int, rng: random.Random, timings: list[float]
) -> None:
    """Two members challenge, accept and play a whole duel in one channel, random cells."""
    one, two = DUELIST_IDS + 2 * channel, DUELIST_IDS + 2 * channel + 1
    first, second = Seat(one, f"d{channel}a"), Seat(two, f"d{channel}b")
    challenge = await service.challenge(
        channel_id=channel,
        guild_id=channel % 10,
        challenger=first,
        opponent=second,
        size=3,
        first=rng.choice(("challenger", "opponent")),
    )
    game = await service.accept(challenge_id=challenge.id, member_id=two)
    while game.is_active:
        await asyncio.sleep(0)
        seat = game.to_move_seat
        assert seat is not None and seat.member_id is not None
        move = rng.choice(game.board.legal_moves)
        began = time.perf_counter()
        reply = await service.move(channel_id=channel, member_id=seat.member_id, move=move)
        timings.append(time.perf_counter() - began)
        game = reply.game


async def run(channels: int, synchronous: Synchronous, seed: int, folder: Path) -> None:
    store = SqliteGameStore(folder / "bench.db", synchronous=synchronous)
    service = GameService(store, rng=random.Random(seed))
    await service.open_game_count()  # the store is open and readable
    rng = random.Random(seed)
    timings: list[float] = []
    began = time.perf_counter()
    await asyncio.gather(
        *(
            (duel_channel if c % 2 else play_channel)(
                service, c, random.Random(rng.random()), timings
            )
            for c in range(1, channels + 1)
        )
    )
    wall = time.perf_counter() - began
    await service.close()

    timings.sort()
    median_ms = statistics.median(timings) * 1000
    p99_ms = p99(timings) * 1000
    rate = len(timings) / wall
    print(
        f"  {channels} channels, {len(timings)} timed moves in {wall:.2f} s "
        f"(half of them duels; game starts and challenges included in the wall time)"
    )
    print(f"  median per move   {median_ms:7.3f} ms")
    verdict = "PASS" if p99_ms <= TARGET_P99_MS else "FAIL"
    print(f"  p99 per move      {p99_ms:7.3f} ms   target <= {TARGET_P99_MS:g} ms   {verdict}")
    print(f"  max per move      {timings[-1] * 1000:7.3f} ms")
    verdict = "PASS" if rate >= TARGET_MOVES_PER_S else "FAIL"
    print(f"  moves per second  {rate:7.0f}      target >= {TARGET_MOVES_PER_S:g}      {verdict}")


def build_v1_history(path: Path, finished: int, members: int, seed: int) -> None:
    """A schema v1 file (as the previous release wrote it) holding ``finished`` games in one
    server, each member vs the bot, inserted in bulk: the store then upgrades it to the
    current schema, whose migrations backfill the totals from these rows."""
    rng = random.Random(seed)
    results = [("won", "X"), ("lost", "O"), ("drawn", None), ("resigned", "O"), ("expired", None)]
    when = "2026-01-01T12:00:00.000000+00:00"
    rows = []
    for number in range(finished):
        member = 1 + number % members
        status, winner = rng.choice(results)
        seats = (GUILD, member, f"m{member}", None, "the bot")
        game = (rng.choice(LEVELS), 3, "me", "4,0", status, winner, when, when)
        rows.append((100 + number % 50, *seats, *game))
    conn = sqlite3.connect(path)
    for statement in MIGRATIONS[0].statements("sqlite"):
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.executemany(
        "INSERT INTO games (channel_id, guild_id, x_member_id, x_name, o_member_id, o_name, "
        "level, size, first, moves, status, winner, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    conn.executemany(
        "INSERT INTO members (member_id, name, updated_at) VALUES (?, ?, ?)",
        [(m, f"m{m}", when) for m in range(1, members + 1)],
    )
    conn.commit()
    conn.close()


async def time_reads(path: Path, members: int, seed: int, repeats: int = 300) -> None:
    began = time.perf_counter()
    service = GameService(SqliteGameStore(path))  # migrates v1 -> current (backfill) here
    migrate_s = time.perf_counter() - began
    await service.open_game_count()  # the store is open and readable
    rng = random.Random(seed)
    boards: list[float] = []
    duels: list[float] = []
    stats: list[float] = []
    for _ in range(repeats):
        began = time.perf_counter()
        await service.leaderboard(guild_id=GUILD, limit=10)
        boards.append(time.perf_counter() - began)
        began = time.perf_counter()
        await service.duel_leaderboard(guild_id=GUILD, limit=10)
        duels.append(time.perf_counter() - began)
        member = rng.randint(1, members)
        began = time.perf_counter()
        await service.stats(member_id=member, guild_id=rng.choice((None, GUILD)))
        stats.append(time.perf_counter() - began)
    await service.close()
    print(f"  {members} members: upgrade v1 -> v3 with backfill took {migrate_s * 1000:.0f} ms")
    reads = (
        ("leaderboard (top 10)", boards),
        ("duel leaderboard", duels),
        ("stats (one member)", stats),
    )
    for label, timings in reads:
        median_ms = statistics.median(timings) * 1000
        verdict = "PASS" if median_ms <= TARGET_READ_MS else "FAIL"
        print(
            f"  median {label:21} {median_ms:7.3f} ms   target <= {TARGET_READ_MS:g} ms   {verdict}"
        )


def scale_out(args: argparse.Namespace, chosen: Database | None) -> None:
    """The scale-out part on ``--database``, or on a temporary SQLite file and a throwaway
    PostgreSQL server (a fresh database for each process count)."""
    counts: list[int] = args.processes
    print(
        f"Several processes on one database: real OS processes, {args.channels} channels "
        f"split between them, level {LEVEL} (the bot's answer takes ~20 us; the rest is the "
        "store)"
    )
    print(f"  {load_average()} on {os.cpu_count()} CPUs before the first run")
    if chosen is not None:
        print("  on the --database given: the benchmark's games stay in it")
        for processes in counts:
            report(chosen, processes, args)
        return
    with tempfile.TemporaryDirectory() as folder:
        for processes in counts:
            report(Database(str(Path(folder) / f"scale-{processes}.db")), processes, args)
    try:
        with running_server() as server:
            print(
                "  throwaway PostgreSQL from the pgserver wheel (fsync, synchronous_commit and "
                "full_page_writes off)"
            )
            for processes in counts:
                database = Database(server.create_database(), args.pool_size)
                report(database, processes, args, server.cpu_seconds)
    except PostgresUnavailable as error:
        reason = str(error).splitlines()[0]
        print(f" PostgreSQL: could not start a throwaway server ({reason})   FAIL")


def report(
    database: Database,
    processes: int,
    args: argparse.Namespace,
    server_cpu: Callable[[], float] | None = None,
) -> None:
    """Run ``processes`` processes on ``database`` and print the figures of both phases."""
    offered = args.offered or (
        TARGET_POSTGRES_MOVES_PER_S if database.is_postgres else TARGET_SQLITE_MOVES_PER_S
    )
    try:
        asyncio.run(database.check())
    except (GameError, ValueError) as error:
        print(f"  {database.label}: {error}   FAIL")
        return
    phases = [Phase(args.capacity_seconds), Phase(args.steady_seconds, rate=offered)]
    speed = host_speed()
    run = run_processes(database, processes, args.channels, phases, args.seed, server_cpu)
    capacity, steady = run.outcomes
    print(
        f" {database.label}: {processes} process{'es' if processes > 1 else ''}, "
        f"{args.channels // processes} channels each; {load_average()} after"
    )
    print(
        f"  host speed: {HOST_LOOP:,} additions took {speed:.2f} s before the run and "
        f"{host_speed():.2f} s after (0.17 to 0.21 s when this 2-core machine's host is "
        "quiet; every figure below slows with it)"
    )
    print(
        f"  capacity: {capacity.moves} moves in {capacity.wall:.2f} s, every channel moving "
        "again as soon as it is answered"
    )
    target = None
    if database.is_postgres:
        target = TARGET_POSTGRES_MOVES_PER_S
    elif processes == 2:
        target = TARGET_SQLITE_MOVES_PER_S
    print(f"  moves per second  {capacity.rate:7.0f}{verdict(capacity.rate, target, '>=', '')}")
    # What a move costs whatever else the machine runs (the rate above depends on it).
    spent = f"  CPU per move      {capacity.cpu / capacity.moves * 1000:7.3f} ms in the bot"
    if capacity.server_cpu is not None:
        spent += f" + {capacity.server_cpu / capacity.moves * 1000:.3f} ms in the server"
    print(spent)
    print(
        f"  steady load: {steady.moves} moves in {steady.wall:.2f} s = {steady.rate:.0f}/s "
        f"({offered:g}/s offered, at random moments, each in a channel not waiting)"
    )
    busy = steady.cpu / steady.wall / processes * 100
    print(
        f"  CPU per move      {steady.cpu / steady.moves * 1000:7.3f} ms in the bot "
        f"(each bot process busy {busy:.0f}% of the time: the queue behind p99)"
    )
    print(f"  median per move   {steady.median_ms:7.3f} ms")
    p99_ms = steady.quantile(0.99)
    limit = TARGET_POSTGRES_P99_MS if database.is_postgres else None
    print(f"  p99 per move      {p99_ms:7.3f} ms{verdict(p99_ms, limit, '<=', ' ms')}")
    print(f"  max per move      {steady.timings[-1] * 1000:7.3f} ms")
    if steady.not_offered:
        print(f"  not offered (every channel was waiting for an answer): {steady.not_offered}")
    refused = capacity.refused + steady.refused
    if refused:
        kinds = ", ".join(f"{kind} {n}" for kind, n in refused.most_common())
        print(f"  refused, nothing saved (the player tries again): {refused.total()} ({kinds})")
    stored(run)


def verdict(value: float, target: float | None, sense: str, unit: str) -> str:
    """The target column and PASS/FAIL, or nothing where the issue sets no target."""
    if target is None:
        return ""
    met = value >= target if sense == ">=" else value <= target
    return f"   target {sense} {target:g}{unit}   {'PASS' if met else 'FAIL'}"


def stored(run: Run) -> None:
    """Whether the database holds every acknowledged move, as acknowledged."""
    print(
        f"  stored: {run.acked_moves} acknowledged moves (member's and bot's) in "
        f"{run.acked_games} games read back: {len(run.wrong)} lost or doubled   "
        f"{'FAIL' if run.wrong else 'PASS'}"
    )
    for line in run.wrong[:5]:
        print(f"    {line}")


def process_counts(text: str) -> list[int]:
    """An argparse type: comma-separated process counts, each at least 1."""
    return [positive_int(item) for item in text.split(",")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=positive_int, default=1000)
    parser.add_argument("--synchronous", choices=SYNCHRONOUS_MODES, default="NORMAL")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--finished", type=int, default=100_000)
    parser.add_argument(
        "--members", default="1000,100000", help="member counts to try, comma-separated"
    )
    parser.add_argument(
        "--parts", default=",".join(PARTS), help=f"which parts to run, of {','.join(PARTS)}"
    )
    parser.add_argument(
        "--database",
        help="the database of the scale part: postgresql://..., sqlite:///path or a path "
        "(default: a temporary SQLite file, then a throwaway PostgreSQL server)",
    )
    parser.add_argument(
        "--processes",
        type=process_counts,
        default=[1, 2],
        help="process counts, comma-separated (default 1,2)",
    )
    parser.add_argument("--pool-size", type=positive_int, default=DEFAULT_POOL_SIZE)
    parser.add_argument("--capacity-seconds", type=positive_float, default=4.0)
    parser.add_argument("--steady-seconds", type=positive_float, default=6.0)
    parser.add_argument(
        "--offered",
        type=positive_float,
        help="moves/s all channels offer in the steady phase (default: the database's target)",
    )
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    if not parts <= set(PARTS):
        parser.error(f"--parts takes some of {','.join(PARTS)}")
    try:
        chosen = Database.parse(args.database, args.pool_size) if args.database else None
    except ValueError as error:
        parser.error(f"--database: {error}")
    every_cpu = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None

    if "moves" in parts:
        print("Game layer benchmark: GameService.move = member move + bot reply + SQLite commit")
        print(f"  {pin_to_one_core()}; SQLite WAL, synchronous={args.synchronous}, temp file")
        cold_ms, warm_s = warm_engine(args.seed)
        print(
            f"  engine: first 3x3 decision took {cold_ms:.1f} ms cold; the cache was then "
            f"warmed ({warm_s:.2f} s of games at every level) before timing"
        )
        with tempfile.TemporaryDirectory() as folder:
            mode = next(m for m in SYNCHRONOUS_MODES if m == args.synchronous)  # Synchronous
            asyncio.run(run(args.channels, mode, args.seed, Path(folder)))

    if "reads" in parts:
        print(f"Stats and leaderboard with {args.finished} finished games in one server")
        for members in (int(m) for m in args.members.split(",")):
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "history.db"
                build_v1_history(path, args.finished, members, args.seed)
                asyncio.run(time_reads(path, members, args.seed))

    if "scale" in parts:
        if every_cpu is not None:
            os.sched_setaffinity(0, every_cpu)  # the processes (and the server) use every core
        scale_out(args, chosen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
