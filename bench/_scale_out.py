"""Bot processes sharing one database: the scale part of bench/games.py.

Each process is a real OS process (``multiprocessing``, spawned) with its own ``GameService``
on its own store, over its share of the channels (channel ``c`` belongs to process
``c % processes``, as Discord shards split servers). A timed move is one ``GameService.move``
against the bot at level ``easy``: the member's move, the bot's answer (tens of microseconds,
so the figures are the store's) and the save of both, from the call to its return. A phase is
either

* a steady load: ``rate`` moves a second in all, at random moments, each in a channel not
  waiting for an answer and in a task of its own, as discord.py runs each event's handler; or
* a closed loop (``rate`` 0): every channel moves again as soon as it is answered, so the
  moves per second are what the database carries (the capacity).

Afterwards the parent reads back every game a process was answered about: each must hold
exactly the moves of the last reply its player got (none lost, none doubled).
"""

from __future__ import annotations

import asyncio
import gc
import itertools
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
from bot.storage import DEFAULT_POOL_SIZE, SqliteGameStore
from bot.storage.postgres.store import PostgresGameStore, describe

LEVEL = "easy"
READY_TIMEOUT_SECONDS = 120.0
START_ATTEMPTS = 10
SETUP_AT_ONCE = 20  # first games started together before a phase (a setup, not a load test)
Acked = dict[int, str]
"""Per game id: the moves and status of the last reply its player got (``played``)."""


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
    """``seconds`` of ``rate`` moves a second over all channels (0: a closed loop)."""

    seconds: float
    rate: float = 0.0


@dataclass
class Tally:
    """What one process saw in one phase, or all of them (``combined``)."""

    timings: list[float] = field(default_factory=list)  # every move, saved or refused
    saved: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    began: float = 0.0
    ended: float = 0.0
    cpu: float = 0.0  # seconds of CPU the bot process(es) used, every thread
    server_cpu: float | None = None  # seconds, the database server's processes, if known
    not_offered: int = 0  # moves due while every channel was waiting for an answer

    @classmethod
    def combined(cls, tallies: list[Tally], server_cpu: float | None) -> Tally:
        return cls(
            timings=[seconds for tally in tallies for seconds in tally.timings],
            saved=sum(tally.saved for tally in tallies),
            refused=sum((tally.refused for tally in tallies), Counter[str]()),
            began=min(tally.began for tally in tallies),
            ended=max(tally.ended for tally in tallies),
            cpu=sum(tally.cpu for tally in tallies),
            server_cpu=server_cpu,
            not_offered=sum(tally.not_offered for tally in tallies),
        )

    @property
    def rate(self) -> float:
        """Moves saved a second."""
        return self.saved / (self.ended - self.began)

    def quantile_ms(self, share: float) -> float:
        return quantile(self.timings, share) * 1000

    @property
    def median_ms(self) -> float:
        return statistics.median(self.timings) * 1000


@dataclass
class Run:
    """Every phase of one run, and what the database holds."""

    outcomes: list[Tally]
    acked_moves: int
    wrong_moves: int  # lost, doubled or different, read back
    wrong: list[str]  # one line per game that differs


def played(game: Game) -> str:
    """``game``'s moves (row, col) and status, as ``Acked`` keeps them."""
    return " ".join([*(f"{m.row},{m.col}" for m in game.moves), game.status.value])


@dataclass
class Player:
    """The members of one process's channels: they play through ``service``, count what they
    see in ``tally`` (one per phase) and keep in ``acked`` what each game's last reply said."""

    service: GameService
    tally: Tally = field(default_factory=Tally)
    acked: Acked = field(default_factory=dict)

    async def new_game(self, channel: int, rng: random.Random) -> Game:
        """Start the channel's next game; a refused start is counted and tried again, up to
        ``START_ATTEMPTS`` times in all (the last refusal is raised)."""
        attempts = 1
        while True:
            try:
                reply = await self.service.start(
                    channel_id=channel,
                    guild_id=channel % 10,
                    member_id=channel,
                    member_name=f"m{channel}",
                    level=LEVEL,
                    first=rng.choice(("me", "bot")),
                )
            except GameError as error:
                self.tally.refused[f"start: {type(error).__name__}"] += 1
                if attempts == START_ATTEMPTS:
                    raise
                attempts += 1
            else:
                self.acked[reply.game.id] = played(reply.game)
                return reply.game

    async def move(self, game: Game, rng: random.Random) -> Game:
        """The member of ``game`` plays a random cell; the game as it then stands (the next
        one, started at once, if that ended it). A refused move (busy, changed elsewhere) is
        counted and the game read again."""
        channel = game.channel_id
        move = rng.choice(game.position.legal_moves)
        began = time.perf_counter()
        try:
            reply = await self.service.move(channel_id=channel, member_id=channel, move=move)
        except GameError as error:
            self.tally.timings.append(time.perf_counter() - began)
            self.tally.refused[type(error).__name__] += 1
            game = await self.service.last_game(channel_id=channel, member_id=channel)
        else:
            self.tally.timings.append(time.perf_counter() - began)
            self.tally.saved += 1
            game = reply.game
            self.acked[game.id] = played(game)
        if not game.is_active:
            game = await self.new_game(channel, rng)
        return game

    async def closed_loop(
        self, games: list[Game], rngs: list[random.Random], deadline: float
    ) -> None:
        """Every channel moves again as soon as it is answered, until ``deadline``."""

        async def member(game: Game, rng: random.Random) -> None:
            while time.monotonic() < deadline:
                game = await self.move(game, rng)
                await asyncio.sleep(0)  # the others' turn, as real traffic would interleave

        await asyncio.gather(*(member(g, r) for g, r in zip(games, rngs, strict=True)))

    async def arrivals(self, games: list[Game], rngs: list[random.Random], phase: Phase) -> None:
        """``phase.rate * phase.seconds`` moves at moments drawn at random over the phase (a
        Poisson process given its count, so exactly the rate asked is offered), each in a
        random channel not waiting for an answer; one due while every channel waits is
        counted as not offered."""
        schedule = random.Random(rngs[0].random())
        count = round(phase.rate * phase.seconds)
        moments = sorted(schedule.uniform(0, phase.seconds) for _ in range(count))
        idle = list(range(len(games)))  # the channels (by index) not waiting for an answer
        running: set[asyncio.Task[None]] = set()

        async def member(index: int) -> None:
            games[index] = await self.move(games[index], rngs[index])
            idle.append(index)

        began = time.monotonic()
        for moment in moments:
            await asyncio.sleep(max(0.0, began + moment - time.monotonic()))
            if not idle:
                self.tally.not_offered += 1
                continue
            task = asyncio.create_task(member(idle.pop(schedule.randrange(len(idle)))))
            running.add(task)
            task.add_done_callback(running.discard)
        await asyncio.sleep(max(0.0, began + phase.seconds - time.monotonic()))
        await asyncio.gather(*running)


async def play(
    database: Database, channels: list[int], phases: list[tuple[Phase, int]], ready: Any, seed: int
) -> tuple[list[Tally], Acked]:
    """Every phase in this process: each channel's first game is started before the clock
    starts (so the figures are not a burst of starts), the next ones while it runs."""
    store = await database.open()
    gc.collect()  # as the bot does once started (setup_hook)
    gc.freeze()
    player = Player(GameService(store, rng=random.Random(seed)))
    rng = random.Random(seed)
    tallies = []
    setting_up = asyncio.Semaphore(SETUP_AT_ONCE)

    async def first_game(channel: int, rng: random.Random) -> Game:
        async with setting_up:
            return await player.new_game(channel, rng)

    try:
        for phase, offset in phases:
            player.tally = tally = Tally()
            rngs = [random.Random(rng.random()) for _ in channels]
            starts = (first_game(offset + c, r) for c, r in zip(channels, rngs, strict=True))
            games = list(await asyncio.gather(*starts))
            ready.wait(READY_TIMEOUT_SECONDS)  # every process starts the phase together
            tally.began, cpu = time.monotonic(), time.process_time()
            if phase.rate:
                await player.arrivals(games, rngs, phase)
            else:
                await player.closed_loop(games, rngs, tally.began + phase.seconds)
            tally.ended, tally.cpu = time.monotonic(), time.process_time() - cpu
            tallies.append(tally)
            ready.wait(READY_TIMEOUT_SECONDS)  # and ends it together
    finally:
        await player.service.close()
    return tallies, player.acked


def worker(
    database: Database,
    channels: list[int],
    phases: list[tuple[Phase, int]],
    ready: Any,
    results: Any,
    seed: int,
) -> None:
    """A process's life: play every phase, then send the tallies (or the error) home. What
    the store logs about a refused call is counted in the figures instead."""
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
    outcomes = [
        Tally.combined([tallies[number] for tallies, _ in answers], served[number])
        for number in range(len(phases))
    ]
    wrong_moves, wrong = asyncio.run(compare_stored(database, acked))
    acked_moves = sum(text.count(",") for text in acked.values())
    return Run(outcomes, acked_moves, wrong_moves, wrong)


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


async def compare_stored(database: Database, acked: Acked) -> tuple[int, list[str]]:
    """Every acknowledged game as the database holds it now, against the last reply its
    player got: the moves (or statuses) that differ, and one line per game that differs."""
    store = await database.open()
    reads = asyncio.Semaphore(16)

    async def difference(game_id: int) -> tuple[int, str | None]:
        async with reads:
            game = await store.get(game_id)
        expected = acked[game_id]
        if game is None:
            return len(expected.split()), f"game #{game_id} is missing"
        stored = played(game)
        if stored == expected:
            return 0, None
        *moves, status = stored.split()
        *answered, answered_status = expected.split()
        pairs = itertools.zip_longest(moves, answered)
        differ = sum(1 for one, other in pairs if one != other) + (status != answered_status)
        return differ, f"game #{game_id}: stored {stored}, acknowledged {expected}"

    try:
        found = await asyncio.gather(*(difference(game_id) for game_id in acked))
    finally:
        await store.close()
    return sum(n for n, _ in found), [line for _, line in found if line is not None]
