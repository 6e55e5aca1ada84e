"""Stall benchmark: does the event loop keep turning, and another channel keep playing, while
the store is under strain? (issue 14, "The event loop never waits"). bench/steady.py prints
these rows after its memory rows; this file runs them alone:

    python bench/stalls.py [--games 100000] [--flood 1000]

Each case runs a 10 ms ticker on the event loop (its worst lateness is the longest stall,
bench/figures.py) and times another channel's moves meanwhile, on a temporary SQLite file:

(a) sweep: ``--games`` idle games written with direct SQL, then ``expire_idle`` called until
    it returns fewer than ``SWEEP_MOST``, as the expiry cog does. A member plays 3x3 games in
    another channel through the game service (``GameService.move``, what ``!move`` runs, less
    discord.py's parsing and the reply, which (c) includes).
(b) lock: another OS process holds the file's write lock for 5 s (``BEGIN IMMEDIATE``, sleep).
    Board and stats reads in another channel are timed throughout; a move is tried in a fresh
    channel every 100 ms. SQLite lets one process write a file at a time, so no move can be
    saved while the lock is held: each answers "busy" after ``write_timeout`` (counted from
    the call, queueing included) or is saved once the lock is released. The database is read
    back afterwards: every move must be there whole (member and bot) or not at all, as it was
    answered. Its ``!move`` p99 target cannot be met on SQLite; the row says so (LIMIT).
(c) flood: ``bench/floods.py``'s measurement: the real bot under simcord, one member sends
    ``--flood`` commands past the flood guard while another plays ``!move`` in a second channel.

Figures are only comparable on a quiet machine: the load average is printed first.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import Row, Ticker, load_average, p99, print_table  # bench/figures.py
from floods import TARGET_P99_MS as MOVE_TARGET_MS  # bench/floods.py: one 50 ms target
from floods import measure as measure_flood

from bot.engine import Move
from bot.games import (
    BOT_NAME,
    SWEEP_MOST,
    Game,
    GameService,
    NoGameError,
    Seat,
    Status,
    StoreBusyError,
)
from bot.games.variants.classic import CLASSIC
from bot.storage import SqliteGameStore
from bot.storage.rows import member_rows, to_row
from bot.storage.sql import GameSql
from tools.lock_holder import write_lock_held  # tools/lock_holder.py

GAMES = 100_000
FLOOD = 1_000
STALL_TARGET_MS = 100.0
LOCK_HELD_S = 5.0
TRY_EVERY_S = 0.1  # (b): a move in a fresh channel this often
PACE_S = 0.02  # the playing member's think time between moves
GUILD = 1
PLAYER, READER, IDLER = 10, 11, 12  # member ids
PLAY_CHANNEL, READ_CHANNEL, FIRST_TRIED, FIRST_IDLE = 1, 2, 1_000, 1_000_000


def stall(ticker: Ticker) -> str:
    """The longest stall, with the longest garbage collection meanwhile (part of it, or not)."""
    return f"{ticker.worst_ms:.1f} ms (GC {ticker.worst_gc_ms:.0f})"


class Player:
    """A member playing perfect 3x3 games in one channel, one timed move at a time."""

    def __init__(self, service: GameService, channel: int = PLAY_CHANNEL) -> None:
        self.service = service
        self.channel = channel
        self.rng = random.Random(14)

    async def move(self) -> float:
        """One move (a new game first if none runs); how long the move took, in ms."""
        try:
            game = await self.service.active_game(self.channel)
        except NoGameError:
            await self.service.start(
                channel_id=self.channel, guild_id=GUILD, member_id=PLAYER,
                member_name="player", first="me",
            )  # fmt: skip
            game = await self.service.active_game(self.channel)
        move = self.rng.choice(game.position.legal_moves)
        started = time.perf_counter()
        await self.service.move(channel_id=self.channel, member_id=PLAYER, move=move)
        return (time.perf_counter() - started) * 1000

    async def play_while(self, work: Awaitable[object]) -> list[float]:
        """Move every ``PACE_S`` until ``work`` is done; the moves' times."""
        task = asyncio.ensure_future(work)
        times = []
        while not task.done():
            times.append(await self.move())
            await asyncio.sleep(PACE_S)
        await task
        return times


def write_idle_games(path: Path, count: int) -> None:
    """``count`` active games, each in its own channel, idle for a day: with direct SQL (the
    store's own statements and rows), in one transaction, as a bot down for a day leaves."""
    long_ago = datetime.now(UTC) - timedelta(days=1)
    game = Game(
        id=0, channel_id=FIRST_IDLE, guild_id=GUILD, x=Seat(IDLER, "idler"),
        o=Seat(None, BOT_NAME), level="perfect", size=3, first="me", moves=(),
        status=Status.ACTIVE, winner=None, created_at=long_ago, updated_at=long_ago,
        variant=CLASSIC,
    )  # fmt: skip
    sql, row = GameSql.styled(":{}"), to_row(game)
    with sqlite3.connect(path) as conn:
        conn.executemany(sql.upsert_member, member_rows(game))
        conn.executemany(sql.insert, (dict(row, channel_id=FIRST_IDLE + i) for i in range(count)))
    conn.close()


async def sweep_all(service: GameService) -> int:
    """``expire_idle`` until the backlog is gone, as the expiry cog does; games expired."""
    total = 0
    while True:
        expired = await service.expire_idle()
        total += len(expired)
        if len(expired) < SWEEP_MOST:
            return total


async def case_sweep(folder: Path, games: int) -> list[Row]:
    path = folder / "sweep.db"
    await SqliteGameStore(path).close()  # the schema
    write_idle_games(path, games)
    service = GameService(SqliteGameStore(path), rng=random.Random(1))
    player = Player(service)
    for _ in range(30):  # warm: the engine's caches, as in a bot that has played a while
        await player.move()
    gc.collect()
    gc.freeze()  # as the bot does at the end of setup_hook
    async with Ticker() as idle:
        alone = await player.play_while(asyncio.sleep(2))
    started = time.perf_counter()
    async with Ticker() as ticker:
        sweeping = asyncio.ensure_future(sweep_all(service))
        during = await player.play_while(sweeping)
    took = time.perf_counter() - started
    await service.close()
    return [
        ("idle: longest loop stall / move p99 (game layer)",
         f"{idle.worst_ms:.1f} / {p99(alone):.1f} ms", "", None),
        (f"(a) sweep of {games:,} idle games: time, expired", f"{took:.1f} s, "
         f"{sweeping.result():,}", f"{games:,}", sweeping.result() == games),
        ("(a) longest loop stall during the sweep", stall(ticker),
         f"<= {STALL_TARGET_MS:g} ms", ticker.worst_ms <= STALL_TARGET_MS),
        (f"(a) move p99 in another channel ({len(during)} moves)", f"{p99(during):.1f} ms",
         f"<= {MOVE_TARGET_MS:g} ms", p99(during) <= MOVE_TARGET_MS),
    ]  # fmt: skip


@dataclass
class Tried:
    """A move tried in its own channel while the lock was held: how it was answered."""

    game: Game
    move: Move
    ms: float = 0.0
    answer: str = ""  # "played" or "busy"


@dataclass
class Reads:
    times: list[float] = field(default_factory=list)

    async def run(self, service: GameService) -> None:
        """Board and stats in the reading channel, timed each, until cancelled."""
        while True:
            for read in (
                lambda: service.active_game(READ_CHANNEL),
                lambda: service.standings.stats(member_id=READER, guild_id=GUILD),
            ):
                started = time.perf_counter()
                await read()
                self.times.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.01)


async def try_move(service: GameService, tried: Tried) -> None:
    started = time.perf_counter()
    try:
        await service.move(channel_id=tried.game.channel_id, member_id=PLAYER, move=tried.move)
        tried.answer = "played"
    except StoreBusyError:
        tried.answer = "busy"
    tried.ms = (time.perf_counter() - started) * 1000


async def case_lock(folder: Path) -> list[Row]:
    path = folder / "lock.db"
    store = SqliteGameStore(path)
    service = GameService(store, rng=random.Random(2))
    await service.start(channel_id=READ_CHANNEL, guild_id=GUILD, member_id=READER,
                        member_name="reader", first="me")  # fmt: skip
    tries = int((LOCK_HELD_S + 1) / TRY_EVERY_S)
    ready = [
        (await service.start(channel_id=FIRST_TRIED + i, guild_id=GUILD, member_id=PLAYER,
                             member_name="player", first="me")).game
        for i in range(tries)
    ]  # fmt: skip
    with write_lock_held(path) as holder:  # held once this returns
        held_from = time.perf_counter()

        async def release() -> float:
            await asyncio.sleep(LOCK_HELD_S)
            await asyncio.to_thread(holder.release)  # waits for the holder to end
            return time.perf_counter() - held_from

        released = asyncio.create_task(release())
        reads, all_tried, pending = Reads(), [], []
        async with Ticker() as ticker:
            reading = asyncio.create_task(reads.run(service))
            for game in ready:  # for the 5 s of the lock and one more second
                all_tried.append(Tried(game, Move(1, 1)))
                pending.append(asyncio.create_task(try_move(service, all_tried[-1])))
                await asyncio.sleep(TRY_EVERY_S)
            await asyncio.gather(released, *pending)
            reading.cancel()
            await asyncio.gather(reading, return_exceptions=True)

    wrong = 0  # each game as saved must agree with its answer: both moves, or none
    for tried in all_tried:
        saved = await service.get(tried.game.id)
        assert saved is not None
        whole = saved.moves[:1] == (tried.move,) and len(saved.moves) == 2
        wrong += not (whole if tried.answer == "played" else saved.moves == ())
    await service.close()
    busy = [t.ms for t in all_tried if t.answer == "busy"]
    played = [t.ms for t in all_tried if t.answer == "played"]
    limit_ms = store.write_timeout * 1000
    moves_p99 = p99([t.ms for t in all_tried])
    return [
        (f"(b) write lock held {LOCK_HELD_S:g} s by another process", f"released at "
         f"{released.result():.1f} s", "", None),
        ("(b) longest loop stall meanwhile", stall(ticker),
         f"<= {STALL_TARGET_MS:g} ms", ticker.worst_ms <= STALL_TARGET_MS),
        (f"(b) board/stats p99 in another channel ({len(reads.times)})",
         f"{p99(reads.times):.1f} ms", f"<= {MOVE_TARGET_MS:g} ms",
         p99(reads.times) <= MOVE_TARGET_MS),
        (f"(b) moves tried: busy / played ({len(all_tried)})", f"{len(busy)} / {len(played)}",
         "", None),
        ("(b) slowest busy answer (write_timeout)", f"{max(busy, default=0):.0f} ms",
         f"<= {limit_ms + 100:.0f} ms", max(busy, default=0) <= limit_ms + 100),
        ("(b) moves saved half, or not as answered", f"{wrong}", "0", wrong == 0),
        ("(b) move p99 in another channel", f"{moves_p99:.0f} ms", f"<= {MOVE_TARGET_MS:g} ms",
         "LIMIT" if moves_p99 > MOVE_TARGET_MS else True),
    ]  # fmt: skip


async def case_flood(flood: int) -> list[Row]:
    figures = await measure_flood(flood, every=10)
    return [
        (f"(c) replies to one member's {flood:,} commands", f"{figures.replies}",
         f"<= {figures.allowed}", figures.replies <= figures.allowed),
        ("(c) longest loop stall during the flood",
         f"{figures.stall_ms:.1f} ms (GC {figures.gc_ms:.0f})",
         f"<= {STALL_TARGET_MS:g} ms", figures.stall_ms <= STALL_TARGET_MS),
        (f"(c) !move p99 in another channel ({len(figures.during)})",
         f"{p99(figures.during):.1f} ms (alone {p99(figures.alone):.1f})",
         f"<= {MOVE_TARGET_MS:g} ms", p99(figures.during) <= MOVE_TARGET_MS),
    ]  # fmt: skip


async def stall_rows(games: int = GAMES, flood: int = FLOOD) -> list[Row]:
    """The three cases' rows, in order."""
    logging.getLogger("bot").setLevel(logging.ERROR)  # (b)'s busy answers each log a warning
    with tempfile.TemporaryDirectory() as folder:
        rows = await case_sweep(Path(folder), games)
        rows += await case_lock(Path(folder))
    return rows + await case_flood(flood)


LIMIT_NOTE = (
    "LIMIT: while another process holds an SQLite file's write lock no process can write to "
    "it, so a move waits up to write_timeout and answers busy (changing nothing), or is saved "
    "once the lock is released; reads and the event loop are not held up."
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES, help="idle games to sweep")
    parser.add_argument("--flood", type=int, default=FLOOD, help="commands the flooder sends")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    print(f"stall benchmark — Python {sys.version.split()[0]}, {load_average()}\n")
    print_table(asyncio.run(stall_rows(args.games, args.flood)))
    print(f"\n{LIMIT_NOTE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
