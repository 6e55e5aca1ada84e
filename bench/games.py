"""Benchmark of the game layer: many channels playing at once through GameService + SQLite.

Prints figures (not a test). Every timed move is one ``GameService.move`` call: the member's
move, the bot's answer and the SQLite commit of both, as a player would wait for it. Half the
channels play duels instead (challenge, accept, then two members alternate): a duel's move is
the member's move and its commit, and its last one also rates both players in the same
transaction. A second part times ``leaderboard`` and ``stats`` on a server with many finished
games (they read the running totals, so they must not grow with the number of games).

A third part, scale (bench/_scale_out.py), runs the loads a Discord bot meets: 1 and 2 real OS
processes, each its own GameService, on one database, offered 200 moves a second in all (four
times Discord's whole-bot limit of about 50 requests a second). Per run it prints the rate
achieved, median and p99 per move, CPU per move, and the moves lost or doubled, read back from
the database; PASS when p99 <= 20 ms and none is lost or doubled. A capacity figure without a
target follows: moves per second when every channel moves as soon as it is answered.
``--database`` picks the database (a throwaway one: the benchmark's games stay in it); without
it, a temporary SQLite file and a throwaway PostgreSQL server started from the pinned pgserver
wheel (tools/postgres_server.py).

    python bench/games.py [--channels 1000] [--synchronous NORMAL|FULL] [--seed 0]
                          [--finished 100000] [--members 1000,100000]
                          [--parts moves,reads,scale] [--processes 1,2]
                          [--database postgresql://user@host:5432/db | sqlite:///path | PATH]
                          [--pool-size 5] [--steady-seconds 5] [--capacity-seconds 3]
                          [--offered 200]
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
from collections.abc import Callable, Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _scale_out import LEVEL, Database, Phase, run_processes
from arguments import positive_float, positive_int  # bench/arguments.py
from figures import HOST_LOOP, host_speed, load_average, p99  # bench/figures.py

from bot.engine.classic import LEVELS, Board, choose_move
from bot.games import GameError, GameService, Seat
from bot.storage import DEFAULT_POOL_SIZE, SqliteGameStore
from bot.storage.migrations import MIGRATIONS
from bot.storage.sqlite.store import SYNCHRONOUS_MODES, Synchronous
from tools.postgres_server import PostgresUnavailable, running_server

TARGET_READ_MS = 5.0
GUILD = 7
DUELIST_IDS = 10**12  # duelists' member ids start here, apart from the bot games' members
OFFERED_PER_S = 200.0  # the scale part's load: four times Discord's whole-bot request limit
TARGET_SCALE_P99_MS = 20.0
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
        move = rng.choice(game.position.legal_moves)
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
    challenge = await service.duels.challenge(
        channel_id=channel,
        guild_id=channel % 10,
        challenger=first,
        opponent=second,
        size=3,
        first=rng.choice(("challenger", "opponent")),
    )
    game = await service.duels.accept(challenge_id=challenge.id, member_id=two)
    while game.is_active:
        await asyncio.sleep(0)
        seat = game.to_move_seat
        assert seat is not None and seat.member_id is not None
        move = rng.choice(game.position.legal_moves)
        began = time.perf_counter()
        reply = await service.move(channel_id=channel, member_id=seat.member_id, move=move)
        timings.append(time.perf_counter() - began)
        game = reply.game


async def run(channels: int, synchronous: Synchronous, seed: int, folder: Path) -> None:
    store = SqliteGameStore(folder / "bench.db", synchronous=synchronous)
    service = GameService(store, rng=random.Random(seed))
    await service.state.open_game_count()  # the store is open and readable
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
    print("  capacity: every channel moves as soon as it is answered, so each move also waits for")
    print("  the others' (no target: the scale part below measures the load a bot meets)")
    print(f"  median per move   {median_ms:7.3f} ms")
    print(f"  p99 per move      {p99_ms:7.3f} ms")
    print(f"  max per move      {timings[-1] * 1000:7.3f} ms")
    print(f"  moves per second  {rate:7.0f}")


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
    await service.state.open_game_count()  # the store is open and readable
    rng = random.Random(seed)
    boards: list[float] = []
    duels: list[float] = []
    stats: list[float] = []
    for _ in range(repeats):
        began = time.perf_counter()
        await service.standings.leaderboard(guild_id=GUILD, limit=10)
        boards.append(time.perf_counter() - began)
        began = time.perf_counter()
        await service.standings.duel_leaderboard(guild_id=GUILD, limit=10)
        duels.append(time.perf_counter() - began)
        member = rng.randint(1, members)
        began = time.perf_counter()
        await service.standings.stats(member_id=member, guild_id=rng.choice((None, GUILD)))
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
    """The scale part on ``--database``, or on a temporary SQLite file and a throwaway
    PostgreSQL server (a fresh database for each process count): one table row per run."""
    print(
        f"Scale: bot processes sharing one database, {args.offered:g} moves/s offered in all "
        f"for {args.steady_seconds:g} s at random moments, over {args.channels} channels "
        f"split between them; level {LEVEL} (the bot's answer takes ~20 us: the rest is the "
        "store)"
    )
    print(
        f"  targets: p99 per move <= {TARGET_SCALE_P99_MS:g} ms and 0 moves lost or doubled "
        "(read back from the database); capacity: moves/s when every channel moves again as "
        f"soon as it is answered ({args.capacity_seconds:g} s, no target)"
    )
    print(f"  {load_average()} on {os.cpu_count()} CPUs before the first run")
    print_row(title for title, _ in COLUMNS)
    notes: list[str] = []
    if chosen is not None:
        notes.append(f"{chosen.label}: the benchmark's games stay in it")
        for processes in args.processes:
            report(chosen, processes, args, notes)
    else:
        notes.append("SQLite: a temporary file (WAL, synchronous=NORMAL)")
        with tempfile.TemporaryDirectory() as folder:
            for processes in args.processes:
                database = Database(str(Path(folder) / f"scale-{processes}.db"))
                report(database, processes, args, notes)
        try:
            with running_server() as server:
                notes.append(
                    "PostgreSQL: a throwaway server from the pgserver wheel (fsync, "
                    "synchronous_commit and full_page_writes off), pool of "
                    f"{args.pool_size} connections per process"
                )
                for processes in args.processes:
                    database = Database(server.create_database(), args.pool_size)
                    report(database, processes, args, notes, server.cpu_seconds)
        except PostgresUnavailable as error:
            reason = str(error).splitlines()[0]
            notes.append(f"PostgreSQL: could not start a throwaway server ({reason})   FAIL")
    print(f"  {load_average()} after the last run")
    for legend in LEGEND:
        print(f"  {legend}")
    for note in notes:
        print(f"  {note}")


COLUMNS = (
    ("database", 10),
    ("processes", 9),
    ("moves/s", 7),
    ("median ms", 9),
    ("p99 ms", 7),
    ("CPU ms/move", 20),
    ("refused", 7),
    ("lost/doubled", 14),
    ("verdict", 7),
    ("capacity/s", 10),
    ("host s", 9),
)


LEGEND = (
    "moves/s, median and p99 ms: at the steady load (every move timed, saved or refused)",
    "CPU ms/move: the bot processes' CPU (+ the database server's) per move saved",
    "refused: moves and starts answered 'busy' at the steady load, nothing saved (the player "
    "tries again)",
    "lost/doubled: moves read back that differ from the last reply, of every acknowledged move "
    "(member's and bot's, both phases)",
    f"host s: a loop of {HOST_LOOP:,} additions timed before/after the run (longer when the "
    "shared host is busy, and so is every figure beside it)",
)


def print_row(cells: Iterable[str]) -> None:
    """One line of the scale table, its cells aligned under ``COLUMNS``."""
    line = "  ".join(f"{cell:{width}}" for cell, (_, width) in zip(cells, COLUMNS, strict=True))
    print(f"  {line}".rstrip())


def report(
    database: Database,
    processes: int,
    args: argparse.Namespace,
    notes: list[str],
    server_cpu: Callable[[], float] | None = None,
) -> None:
    """Run ``processes`` processes on ``database``, steady load then capacity, and print the
    row; what else there is to say goes to ``notes``."""
    name = "PostgreSQL" if database.is_postgres else "SQLite"
    try:
        asyncio.run(database.check())
    except (GameError, ValueError) as error:
        notes.append(f"{name}, {processes} processes: {error}   FAIL")
        return
    phases = [Phase(args.steady_seconds, rate=args.offered), Phase(args.capacity_seconds)]
    speed = host_speed()
    run = run_processes(database, processes, args.channels, phases, args.seed, server_cpu)
    steady, capacity = run.outcomes
    cpu = f"{steady.cpu / steady.saved * 1000:.3f}"
    if steady.server_cpu is not None:
        cpu += f" + {steady.server_cpu / steady.saved * 1000:.3f} server"
    p99_ms = steady.quantile_ms(0.99)
    passed = p99_ms <= TARGET_SCALE_P99_MS and not run.wrong
    cells = (
        name,
        f"{processes:>9}",
        f"{steady.rate:7.1f}",
        f"{steady.median_ms:9.3f}",
        f"{p99_ms:7.3f}",
        cpu,
        f"{steady.refused.total():>7}",
        f"{run.wrong_moves} of {run.acked_moves}",
        "PASS" if passed else "FAIL",
        f"{capacity.rate:10.0f}",
        f"{speed:.2f}/{host_speed():.2f}",
    )
    print_row(cells)
    row = f"{name}, {processes} process{'es' if processes > 1 else ''}"
    if steady.not_offered:
        notes.append(f"{row}: {steady.not_offered} moves not offered (every channel waiting)")
    for phase, outcome in (("steady load", steady), ("capacity", capacity)):
        if outcome.refused:
            kinds = ", ".join(f"{kind} {n}" for kind, n in outcome.refused.most_common())
            notes.append(
                f"{row}, {phase}: refused, nothing saved (the player tries again): {kinds}"
            )
    notes.extend(f"{row}: {line}" for line in run.wrong[:5])


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
    parser.add_argument("--steady-seconds", type=positive_float, default=5.0)
    parser.add_argument("--capacity-seconds", type=positive_float, default=3.0)
    parser.add_argument(
        "--offered",
        type=positive_float,
        default=OFFERED_PER_S,
        help=f"moves/s offered in all in the scale part (default {OFFERED_PER_S:g})",
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
