"""Several bot processes on one database: the scale-out part of bench/games.py (issue 9).

Each process is a real OS process (``multiprocessing``, spawned) with its own ``GameService``
on its own store, over its share of the channels (channel ``c`` belongs to process
``c % processes``, as Discord shards split servers). Every timed move is one
``GameService.move`` against the bot at level ``easy``: the member's move, the bot's answer
(tens of microseconds, so the figures are the store's) and the save of both, from the call to
its return. Two phases, each timed from the moment every process is ready:

* capacity: every channel moves again as soon as it is answered (a closed loop), so the
  moves per second, counted over all processes, are what the database carries;
* steady load: moves arrive at random moments, ``rate`` a second in all (a Poisson process),
  each in a channel picked at random among those not waiting for an answer, and each runs as
  a task of its own, as discord.py runs the handler of each event it receives; p99 per move is
  the wait a player sees at that load. (A closed loop over 1,000 channels measures its own
  queue instead: with 1,000 moves in flight, each waits for the others whatever the database
  does. And 1,000 players each asleep in a loop of their own would keep some 5,000 young
  objects alive for the garbage collector to scan, which no bot does.)

Afterwards the parent reads back from the database every game a process was answered about:
each game must hold exactly the moves acknowledged last (none lost, none doubled).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import queue
import random
import statistics
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from figures import quantile  # bench/figures.py, beside this file

from bot.games import GameError, GameService
from bot.games.models import Game
from bot.games.store import GameStore
from bot.storage import SqliteGameStore
from bot.storage.postgres.store import DEFAULT_POOL_SIZE, PostgresGameStore, describe

LEVEL = "easy"
READY_TIMEOUT_SECONDS = 120.0
START_ATTEMPTS = 10
SETUP_AT_ONCE = 20  # first games started together before a phase (a setup, not a load test)
Acked = dict[int, str]
"""Per game id: the moves and status of the last reply a player got (``played``), as one
string: a string holds no references, so thousands of them cost the garbage collector nothing
(a tuple per move made the bench's own bookkeeping lengthen the bot's collections)."""


@dataclass(frozen=True)
class Database:
    """Where the processes play: a PostgreSQL URL or an SQLite file."""

    url: str
    pool_size: int = DEFAULT_POOL_SIZE

    @classmethod
    def parse(cls, text: str, pool_size: int = DEFAULT_POOL_SIZE) -> Database:
        """``postgresql://...`` (or ``postgres://``), ``sqlite:///path/to/file`` or a path."""
        if text.startswith(("postgresql://", "postgres://")):
            return cls(text, pool_size)
        path = text.removeprefix("sqlite://")
        if not path:
            raise ValueError(f"{text!r} names no file")
        return cls(path, pool_size)

    @property
    def is_postgres(self) -> bool:
        return self.url.startswith(("postgresql://", "postgres://"))

    @property
    def label(self) -> str:
        if self.is_postgres:
            return f"PostgreSQL {describe(self.url)} (pool of {self.pool_size} per process)"
        return f"SQLite '{self.url}' (WAL, synchronous=NORMAL)"

    async def open(self) -> GameStore:
        if self.is_postgres:
            return await PostgresGameStore.open(self.url, pool_size=self.pool_size)
        return SqliteGameStore(Path(self.url))

    async def check(self) -> None:
        """Open and close the store once, so a database that cannot be used (server down,
        password refused) raises its sentence here, not a traceback in every process."""
        store = await self.open()
        await store.close()


@dataclass(frozen=True)
class Phase:
    """One timed phase: ``rate`` moves a second arrive over the channels (0: a closed loop,
    every channel moving again as soon as it is answered)."""

    seconds: float
    rate: float = 0.0


@dataclass
class Tally:
    """What one process saw in one phase."""

    timings: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    began: float = 0.0
    ended: float = 0.0
    cpu: float = 0.0  # seconds of CPU the process used (every thread), start to end
    not_offered: int = 0  # moves due while every channel was waiting for an answer


@dataclass
class Outcome:
    """One phase over all processes."""

    moves: int
    wall: float
    timings: list[float]
    refused: Counter[str]
    cpu: float  # seconds, all the bot processes together
    server_cpu: float | None  # seconds, the database server's processes (None: unknown)
    not_offered: int = 0

    @property
    def rate(self) -> float:
        return self.moves / self.wall

    def quantile(self, share: float) -> float:
        """The per-move time below which ``share`` of the moves fall, in ms."""
        return quantile(self.timings, share) * 1000

    @property
    def median_ms(self) -> float:
        return statistics.median(self.timings) * 1000


@dataclass
class Run:
    """Every phase of one run, and what the database holds."""

    outcomes: list[Outcome]
    acked_games: int
    acked_moves: int
    wrong: list[str]


def played(game: Game) -> str:
    """``game``'s moves (row, col) and status, as ``Acked`` keeps them."""
    return " ".join([*(f"{m.row},{m.col}" for m in game.moves), game.status.value])


def acknowledge(acked: Acked, game: Game) -> None:
    acked[game.id] = played(game)


async def new_game(
    service: GameService, channel: int, rng: random.Random, tally: Tally, acked: Acked
) -> Game:
    """Start the channel's next game; a refused start is counted and tried again, up to
    ``START_ATTEMPTS`` times in all (the last refusal is raised)."""
    attempts = 1
    while True:
        try:
            reply = await service.start(
                channel_id=channel,
                guild_id=channel % 10,
                member_id=channel,
                member_name=f"m{channel}",
                level=LEVEL,
                first=rng.choice(("me", "bot")),
            )
        except GameError as error:
            tally.refused[f"start: {type(error).__name__}"] += 1
            if attempts == START_ATTEMPTS:
                raise
            attempts += 1
        else:
            acknowledge(acked, reply.game)
            return reply.game


async def first_games(
    service: GameService,
    channels: list[int],
    rngs: list[random.Random],
    tally: Tally,
    acked: Acked,
) -> list[Game]:
    """Each channel's first game, ``SETUP_AT_ONCE`` starts at a time: a phase's setup, so
    that no start waits long enough to be refused as the store's own timeouts would."""
    setting_up = asyncio.Semaphore(SETUP_AT_ONCE)

    async def first(channel: int, rng: random.Random) -> Game:
        async with setting_up:
            return await new_game(service, channel, rng, tally, acked)

    return await asyncio.gather(*(first(c, r) for c, r in zip(channels, rngs, strict=True)))


async def one_move(
    service: GameService, game: Game, rng: random.Random, tally: Tally, acked: Acked
) -> Game:
    """The member of ``game`` plays a random cell; the game as it then stands (the next
    one, started at once, if that ended it). A refused move (busy, changed elsewhere) is
    counted and the game read again."""
    channel = game.channel_id
    move = rng.choice(game.board.legal_moves)
    began = time.perf_counter()
    try:
        reply = await service.move(channel_id=channel, member_id=channel, move=move)
    except GameError as error:
        tally.refused[type(error).__name__] += 1
        game = await service.last_game(channel_id=channel, member_id=channel)
    else:
        tally.timings.append(time.perf_counter() - began)
        game = reply.game
        acknowledge(acked, game)
    if not game.is_active:
        game = await new_game(service, channel, rng, tally, acked)
    return game


async def closed_loop(
    service: GameService,
    games: list[Game],
    rngs: list[random.Random],
    deadline: float,
    tally: Tally,
    acked: Acked,
) -> None:
    """Every channel moves again as soon as it is answered, until ``deadline``."""

    async def player(game: Game, rng: random.Random) -> None:
        while time.monotonic() < deadline:
            game = await one_move(service, game, rng, tally, acked)
            await asyncio.sleep(0)  # the others' turn, as real traffic would interleave

    await asyncio.gather(*(player(g, r) for g, r in zip(games, rngs, strict=True)))


async def arrivals(
    service: GameService,
    games: list[Game],
    rngs: list[random.Random],
    rate: float,
    deadline: float,
    tally: Tally,
    acked: Acked,
) -> None:
    """Moves arriving ``rate`` a second in all, at random moments (exponential gaps, on a
    schedule that does not drift), each in a random channel not waiting for an answer and in
    a task of its own; a move due while every channel waits is counted as not offered."""
    schedule = random.Random(rngs[0].random())
    idle = list(range(len(games)))  # the channels (by index) not waiting for an answer
    running: set[asyncio.Task[None]] = set()

    async def move(index: int) -> None:
        games[index] = await one_move(service, games[index], rngs[index], tally, acked)
        idle.append(index)

    due = time.monotonic()
    while (due := due + schedule.expovariate(rate)) < deadline:
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        if not idle:
            tally.not_offered += 1
            continue
        index = idle.pop(schedule.randrange(len(idle)))
        task = asyncio.create_task(move(index))
        running.add(task)
        task.add_done_callback(running.discard)
    await asyncio.gather(*running)


async def play(
    database: Database,
    channels: list[int],
    phases: list[tuple[Phase, int]],
    ready: Any,
    seed: int,
) -> tuple[list[Tally], Acked]:
    """Every phase in this process: each channel's first game is started before the clock
    starts (so the figures are not a burst of starts), the next ones while it runs."""
    store = await database.open()
    gc.collect()  # as the bot does once start-up is done (setup_hook): what start-up made is
    gc.freeze()  # left out of the collector's full scans, which then pause the loop less
    service = GameService(store, rng=random.Random(seed))
    rng = random.Random(seed)
    tallies = []
    acked: Acked = {}
    try:
        for phase, offset in phases:
            tally = Tally()
            rngs = [random.Random(rng.random()) for _ in channels]
            games = await first_games(service, [offset + c for c in channels], rngs, tally, acked)
            ready.wait(READY_TIMEOUT_SECONDS)  # every process starts the phase together
            tally.began, cpu = time.monotonic(), time.process_time()
            deadline = tally.began + phase.seconds
            if phase.rate:
                await arrivals(service, games, rngs, phase.rate, deadline, tally, acked)
            else:
                await closed_loop(service, games, rngs, deadline, tally, acked)
            tally.ended, tally.cpu = time.monotonic(), time.process_time() - cpu
            tallies.append(tally)
            ready.wait(READY_TIMEOUT_SECONDS)  # and ends it together
    finally:
        await service.close()
    return tallies, acked


def worker(
    database: Database,
    channels: list[int],
    phases: list[tuple[Phase, int]],
    ready: Any,
    results: Any,
    seed: int,
) -> None:
    """A process's life: play every phase, then send the tallies (or the error) home. What
    the store logs about a refused call (busy, no connection free in time) is counted in the
    figures instead."""
    logging.disable(logging.CRITICAL)
    try:
        results.put(asyncio.run(play(database, channels, phases, ready, seed)))
    except BaseException:
        ready.abort()
        results.put(traceback.format_exc())


def run_processes(
    database: Database,
    processes: int,
    channels: int,
    phases: list[Phase],
    seed: int,
    server_cpu: Callable[[], float] | None = None,
) -> Run:
    """``processes`` processes over ``channels`` channels, through every phase; then the check
    of what the database holds. Channel ids start at a random base, so runs on a database
    that already holds games never meet them, and each phase plays in channels of its own.
    ``server_cpu``: the CPU seconds the database server has used so far, if known."""
    base = random.SystemRandom().randrange(1, 2**40) * 10**6  # not the seed's: runs differ
    offsets = [base + n * channels for n in range(len(phases))]
    context = multiprocessing.get_context("spawn")
    ready = context.Barrier(processes + 1)  # and this process, to read the server's CPU
    results = context.Queue()
    workers = []
    for index in range(processes):
        own = [c for c in range(1, channels + 1) if c % processes == index]
        share = len(own) / channels  # of the moves a second each phase offers in all
        planned = [
            (replace(phase, rate=phase.rate * share), offset)
            for phase, offset in zip(phases, offsets, strict=True)
        ]
        workers.append(
            context.Process(
                target=worker, args=(database, own, planned, ready, results, seed + index)
            )
        )
    for process in workers:
        process.start()
    served: list[float | None] = []
    try:
        for _ in phases:
            ready.wait(READY_TIMEOUT_SECONDS)
            before = server_cpu() if server_cpu else 0.0
            ready.wait(READY_TIMEOUT_SECONDS)
            served.append(server_cpu() - before if server_cpu else None)
    except threading.BrokenBarrierError:
        pass  # a process failed: its answer says why
    answers = collect(results, workers)
    for process in workers:
        process.join()
    failures = [answer for answer in answers if isinstance(answer, str)]
    if failures:
        raise RuntimeError("a benchmark process failed:\n" + failures[0])
    acked: Acked = {}
    for _, games in answers:
        acked.update(games)
    outcomes = []
    for number in range(len(phases)):
        tallies = [tallies[number] for tallies, _ in answers]
        timings = sorted(t for tally in tallies for t in tally.timings)
        refused = sum((tally.refused for tally in tallies), Counter[str]())
        wall = max(t.ended for t in tallies) - min(t.began for t in tallies)
        cpu = sum(t.cpu for t in tallies)
        not_offered = sum(t.not_offered for t in tallies)
        outcomes.append(
            Outcome(len(timings), wall, timings, refused, cpu, served[number], not_offered)
        )
    wrong = asyncio.run(compare_stored(database, acked))
    moves = sum(text.count(",") for text in acked.values())
    return Run(outcomes, len(acked), moves, wrong)


def collect(results: Any, workers: list[Any]) -> list[Any]:
    """Each process's answer; a process that died without one (killed) fails the run."""
    answers: list[Any] = []
    while len(answers) < len(workers):
        try:
            answers.append(results.get(timeout=1.0))
        except queue.Empty:
            if any(process.exitcode not in (None, 0) for process in workers):
                raise RuntimeError("a benchmark process died without an answer") from None
    return answers


async def compare_stored(database: Database, acked: Acked) -> list[str]:
    """Every acknowledged game as the database holds it now, against the last reply its
    player got: the differences, one line per game (none: no move lost or doubled)."""
    store = await database.open()
    reads = asyncio.Semaphore(16)

    async def difference(game_id: int) -> str | None:
        async with reads:
            stored = await store.get(game_id)
        if stored is None:
            return f"game #{game_id} is missing"
        if played(stored) != acked[game_id]:
            return f"game #{game_id}: stored {played(stored)}, acknowledged {acked[game_id]}"
        return None

    try:
        found = await asyncio.gather(*(difference(game_id) for game_id in acked))
    finally:
        await store.close()
    return [line for line in found if line is not None]
