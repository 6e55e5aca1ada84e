"""Arena benchmark: simulated members play an arena through the real game layer (issue 47).

On SQLite and on PostgreSQL, beside ordinary play, its figures printed with PASS/FAIL:

    python bench/arena.py [--minutes 2] [--members 40] [--clock 10] [--interval 1]
                          [--ordinary 4] [--seed 47] [--databases sqlite,postgresql]

Per database, a real ``GameService`` on a fresh store (a temporary SQLite file, WAL; then a
throwaway PostgreSQL server from the pinned pgserver wheel, tools/postgres_server.py, skipped
with a sentence where none starts). One arena of ``--members`` members, 3x3, a ``--clock``
second move clock, open for ``--minutes`` (shorter than ``Arenas.start``'s 5-minute floor, so
the arena is saved with ``GameStore.insert_arena`` as ``start`` would make it; from 5 whole
minutes up ``start`` itself opens it). What the Discord adapter does is simulated in-process:

* upkeep: ``service.arenas.tick`` every ``--interval`` seconds (the bot: about 3 s), and for
  each pairing it leaves to open, ``open_game`` with a fresh thread id (no board owed);
* members: each joins within the first 3 s, then plays every game they are paired into
  through ``GameService.move`` (a move chosen by the engine at the member's own level, after
  1/3 to 2.5 s of thought), resigns in some (``P_RESIGN``; before anyone moved that sets the
  game aside, unscored), and lets the clock run out in others (``P_AFK``); ``LEAVERS`` of them
  leave after a game once or twice and join again 5 to 15 s later;
* ordinary play: ``--ordinary`` members play the bot in channels of their own
  (``GameService.start``/``move``) throughout, their moves timed.

The members' engine choices (under 10 ms each on 3x3) run on the bot's event loop too, so the
stall figure, if anything, overstates the bot's.

A 10 ms ticker (bench/figures.py) records the event loop's longest stall over the whole arena.
Afterwards, from the store:

* double pairing: after every tick no member is in two pairings being made or played and no
  game in two pairings; when a game is handed to a member their previous game has ended; and
  no member's stored arena games overlap in time;
* points: every entrant's points, wins/draws/losses, streak and sheet recomputed from
  ``GameStore.arena_games`` in the order the games ended, with Lichess's rule written here
  again (2 a win, 1 a draw, 0 a loss; a win after two wins in a row counts double; a game
  set aside scores nothing and keeps the streak), never with ``bot.games.arenas.scoring``;
* pairing latency, to the end of the tick that saved the pairing: per pairing from the moment
  both its members were free (the upkeep's own part), and per member from the moment they
  became free (their join as saved, or their game's end, its ``updated_at``, whichever is
  later; those still free when the window closed count with what they had waited by then).
  A member also waits while nobody they may play is free (an odd number free, or only the
  one they just played), which the code cannot help: after every tick within the window no two
  free members who may play each other must be left unpaired, and the members a maximum
  matching would have paired where the greedy pairing did not are counted.

Targets: no double pairing; the points equal; no two free members who may play left unpaired;
pairing latency per pairing p99 within ``LATENCY_TICKS`` tick intervals (a member is freed
when their game is scored, by the first tick after it ended, at most one interval later, and
that tick pairs them with anyone free they may play; the second interval is room for the
tick's own time and the event loop's); the longest stall <= 100 ms, bench/stalls.py's target
(issue 14). A member's own wait is printed beside, without a target: it depends on how many
members are free at once, not on the code.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import itertools
import logging
import random
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arguments import positive_float, positive_int  # bench/arguments.py
from figures import (  # bench/figures.py
    HOST_LOOP,
    Row,
    Ticker,
    host_speed,
    load_average,
    print_table,
    quantile,
)

from bot.engine import Player
from bot.games import Game, GameChangedError, GameError, GameService, GameStore, Status
from bot.games import utc_now as now
from bot.games.arenas import Arena, ArenaState, ArenaStatus, EndedBy, Entrant, PairingStatus
from bot.games.variants import find_variant
from bot.storage import SqliteGameStore
from bot.storage.postgres.store import PostgresGameStore

STALL_TARGET_MS = 100.0  # bench/stalls.py's (issue 14, "The event loop never waits")
LATENCY_TICKS = 2  # pairing latency p99 target, in tick intervals (see the docstring)
MINUTES, MEMBERS, CLOCK, INTERVAL, ORDINARY, SEED = 2.0, 40, 10, 1.0, 4, 47
START_FLOOR_MINUTES = 5  # Arenas.start's shortest arena (bot/games/arenas/sentences.py)
JOIN_SPREAD_S = 3.0  # members join at random moments within this, from the start
THINK_S = (1 / 3, 2.5)  # a member's thought before each move (uniform)
P_RESIGN = 0.06  # a game in which the member resigns at one of their turns
P_AFK = 0.06  # a game in which the member stops moving at one of their turns (the clock)
LEAVERS = 4  # members who leave after a game and join again
AWAY_S = (5.0, 15.0)
MEMBER_LEVELS = ("easy", "medium", "hard", "perfect")  # the engine plays a member at one
ORDINARY_LEVELS = ("easy", "medium", "hard", "perfect")
ORDINARY_THINK_S = (0.3, 1.5)
POLL_S = 1.0  # a waiting member reads their game again at least this often
RETRY_S = (0.05, 0.3)  # a member whose join or leave was refused as changed clicks again
DRAIN_S = 60.0  # beyond the window (plus clocks) before the run is called stuck
GUILD, ARENA_CHANNEL, HOST = 47, 4_700, 1
FIRST_MEMBER, FIRST_ORDINARY, FIRST_ORDINARY_CHANNEL = 1_000, 5_000, 6_000
FIRST_THREAD = 900_000_000

T = TypeVar("T")


@dataclass
class Counts:
    """What the run saw, beside what the store holds afterwards."""

    ticks: list[float] = field(default_factory=list)  # seconds each tick took
    ticks_refused: int = 0  # a tick gave up after its retries (the next one tries again)
    double_busy: int = 0  # ticks after which a member was in two busy pairings
    double_game: int = 0  # ticks after which a game was in two pairings
    handed_busy: int = 0  # a game handed to a member whose previous game still ran
    left_waiting: int = 0  # ticks after which two free members who may play were not paired
    matching_short: int = 0  # members left free whom a maximum matching would have paired
    opened: int = 0
    reoffered: int = 0  # a pairing offered to open again after it was opened
    open_refused: int = 0
    saved_at: dict[int, datetime] = field(default_factory=dict)  # pairing id -> tick's end
    joins: dict[int, list[datetime]] = field(default_factory=lambda: defaultdict(list))
    retried: int = 0  # joins and leaves refused as changed, clicked again
    refused: Counter[str] = field(default_factory=Counter)  # joins and leaves refused for good
    leaves: int = 0
    arena_moves: list[float] = field(default_factory=list)  # seconds
    ordinary_moves: list[float] = field(default_factory=list)
    ordinary_games: int = 0
    resigned: int = 0
    afk: int = 0


class Run:
    """One arena on one store: the upkeep loop, the members, ordinary play."""

    def __init__(self, service: GameService, state: ArenaState, args: argparse.Namespace) -> None:
        self.service = service
        self.arena: Arena = state.arena
        self.args = args
        self.rng = random.Random(args.seed)
        self.counts = Counts()
        self.threads = itertools.count(FIRST_THREAD)
        self.members = [
            Member(self, FIRST_MEMBER + i, random.Random(args.seed * 1000 + i), i < LEAVERS)
            for i in range(args.members)
        ]
        self.by_id = {m.id: m for m in self.members}
        self.opened: set[int] = set()
        self.finished = asyncio.Event()
        self.final: ArenaState | None = None

    def notify(self, game: Game) -> None:
        """Wake both members of ``game``: it changed."""
        for seat in (game.x, game.o):
            member = self.by_id.get(seat.member_id or 0)
            if member is not None:
                member.changed.set()

    async def upkeep(self) -> None:
        """``tick`` every interval until the arena finished, opening each pairing's game."""
        interval = self.args.interval
        due = time.perf_counter()
        while True:
            due += interval
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            began, began_at = time.perf_counter(), now()
            try:
                tick = await self.service.arenas.tick(self.arena.id)
            except GameChangedError:
                self.counts.ticks_refused += 1
                continue
            self.counts.ticks.append(time.perf_counter() - began)
            ended = now()
            self.check(tick.state, began_at)
            for pairing in tick.state.pairings:
                self.counts.saved_at.setdefault(pairing.id, ended)
            for timeout in tick.timeouts:
                self.notify(timeout.game)
            for pairing in tick.to_open:
                if pairing.id in self.opened:
                    self.counts.reoffered += 1
                    continue
                try:
                    game = await self.service.arenas.open_game(
                        pairing, next(self.threads), owe_board=False
                    )
                except GameError:
                    self.counts.open_refused += 1
                    continue
                self.opened.add(pairing.id)
                self.counts.opened += 1
                for member_id in (pairing.x_id, pairing.o_id):
                    await self.by_id[member_id].hand(game)
            if tick.finished or tick.state.arena.status is not ArenaStatus.OPEN:
                if tick.finished:
                    await self.service.arenas.announced(self.arena.id)
                self.final = tick.state
                self.finished.set()
                return

    def check(self, state: ArenaState, began_at: datetime) -> None:
        """No member in two pairings being made or played, no game in two pairings; and,
        within the window, no two free active members left unpaired who may play each other
        (they did not just play each other, or are the only two)."""
        busy = Counter(m for p in state.pairings if p.is_busy for m in (p.x_id, p.o_id))
        games = Counter(p.game_id for p in state.pairings if p.game_id is not None)
        self.counts.double_busy += any(n > 1 for n in busy.values())
        self.counts.double_game += any(n > 1 for n in games.values())
        arena = state.arena
        if not (arena.pairs_at(began_at) and arena.failed_at is None):
            return
        active = [e for e in state.entrants if e.active]
        alone = len(active) == 2

        def may_play(a: Entrant, b: Entrant) -> bool:
            return alone or (a.last_opponent != b.member_id and b.last_opponent != a.member_id)

        free = [e for e in active if e.member_id not in busy]
        self.counts.left_waiting += any(may_play(a, b) for a, b in itertools.combinations(free, 2))
        new = [p for p in state.pairings if p.id not in self.counts.saved_at]
        paired = {m for p in new for m in (p.x_id, p.o_id)}
        were_free = free + [e for e in active if e.member_id in paired]
        self.counts.matching_short += 2 * (most_pairs(were_free, may_play) - len(new))

    async def ordinary(self, index: int) -> None:
        """A member playing the bot in a channel of their own until the arena finished."""
        rng = random.Random(self.args.seed * 7 + index)
        member, channel = FIRST_ORDINARY + index, FIRST_ORDINARY_CHANNEL + index
        while not self.finished.is_set():
            reply = await self.service.start(
                channel_id=channel, guild_id=GUILD, member_id=member,
                member_name=f"player{index}", level=rng.choice(ORDINARY_LEVELS), first="random",
            )  # fmt: skip
            game = reply.game
            self.counts.ordinary_games += 1
            while game.is_active and not self.finished.is_set():
                await asyncio.sleep(rng.uniform(*ORDINARY_THINK_S))
                move = rng.choice(game.position.legal_moves)
                began = time.perf_counter()
                game = (
                    await self.service.move(channel_id=channel, member_id=member, move=move)
                ).game
                self.counts.ordinary_moves.append(time.perf_counter() - began)
        with suppress(GameError):
            await self.service.resign(channel_id=channel, member_id=member)


def most_pairs(free: list[Entrant], may_play: Callable[[Entrant, Entrant], bool]) -> int:
    """The most pairs ``free`` can make (a maximum matching, by search: the graph is nearly
    complete, so the first branch nearly always finds ``len(free) // 2`` and stops)."""
    ids = tuple(e.member_id for e in free)
    by_id = {e.member_id: e for e in free}

    @functools.cache
    def most(left: frozenset[int]) -> int:
        if len(left) < 2:
            return 0
        first, *rest = sorted(left)
        best = 0
        for other in rest:
            if may_play(by_id[first], by_id[other]):
                best = max(best, 1 + most(left - {first, other}))
                if best == len(left) // 2:
                    return best
        return max(best, most(left - {first}))  # ``first`` waits

    return most(frozenset(ids))


class Member:
    """One simulated arena member: joins, plays what they are handed, sometimes resigns or
    lets the clock run out; a leaver leaves after a game and joins again."""

    def __init__(self, run: Run, member_id: int, rng: random.Random, leaver: bool) -> None:
        self.run = run
        self.id = member_id
        self.name = f"member{member_id - FIRST_MEMBER}"
        self.rng = rng
        self.level = rng.choice(MEMBER_LEVELS)
        self.leaver = leaver
        self.left = 0
        self.games: asyncio.Queue[Game] = asyncio.Queue()
        self.changed = asyncio.Event()
        self.last: Game | None = None

    async def hand(self, game: Game) -> None:
        """The upkeep opened ``game`` with this member: their previous one must be over."""
        if self.last is not None:
            before = await self.run.service.get(self.last.id)
            if before is not None and before.is_active:
                self.run.counts.handed_busy += 1
        self.last = game
        self.games.put_nowait(game)

    async def clicked(self, action: Callable[[], Awaitable[T]]) -> T | None:
        """``action`` (a join or a leave), clicked again while refused as changed; None where
        it is refused for good (the arena closed)."""
        while True:
            try:
                return await action()
            except GameChangedError:
                self.run.counts.retried += 1
                await asyncio.sleep(self.rng.uniform(*RETRY_S))
            except GameError as refused:
                self.run.counts.refused[type(refused).__name__] += 1
                return None

    async def join(self) -> None:
        service, arena = self.run.service, self.run.arena
        joined = await self.clicked(
            lambda: service.arenas.join(arena_id=arena.id, member_id=self.id, member_name=self.name)
        )
        if joined is None or joined.already:
            return
        entrant = joined.state.entrant(self.id)
        if entrant is not None and entrant.free_since is not None:
            self.run.counts.joins[self.id].append(entrant.free_since)

    async def leave(self) -> ArenaState:
        return await self.run.service.arenas.leave(arena_id=self.run.arena.id, member_id=self.id)

    async def live(self) -> None:
        await asyncio.sleep(self.rng.uniform(0, JOIN_SPREAD_S))
        await self.join()
        back_at: float | None = None
        while not self.run.finished.is_set():
            wait = POLL_S if back_at is None else max(0.0, back_at - time.perf_counter())
            try:
                game = await asyncio.wait_for(self.games.get(), wait)
            except TimeoutError:
                if back_at is not None and time.perf_counter() >= back_at:
                    back_at = None
                    await self.join()
                continue
            await self.play(game)
            leaves = back_at is None and self.leaver and self.left < 2 and self.rng.random() < 0.3
            if leaves and await self.clicked(self.leave) is not None:
                self.left += 1
                self.run.counts.leaves += 1
                back_at = time.perf_counter() + self.rng.uniform(*AWAY_S)

    async def play(self, game: Game) -> None:
        """Play ``game`` until it ends, however it ends."""
        service, rng = self.run.service, self.rng
        resign_at = rng.randint(1, 4) if rng.random() < P_RESIGN else None
        afk_at = rng.randint(1, 4) if rng.random() < P_AFK else None
        turns, away = 0, False
        while not self.run.finished.is_set():  # set early only if the run is stuck
            self.changed.clear()
            current = await service.get(game.id)
            if current is None or not current.is_active:
                return
            seat = current.to_move_seat
            mine = seat is not None and seat.member_id == self.id
            if mine and not away and turns + 1 == afk_at:
                away = True  # from now on they never move: the clock decides
                self.run.counts.afk += 1
            if not mine or away:
                with suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), POLL_S)
                continue
            await asyncio.sleep(rng.uniform(*THINK_S))
            turns += 1
            try:
                if turns == resign_at:
                    ended = await service.resign(
                        channel_id=current.channel_id, member_id=self.id, game_id=game.id
                    )
                    self.run.counts.resigned += 1
                    self.run.notify(ended)
                    return
                move = current.variant.choose_move(current.position, self.level, rng, None)
                began = time.perf_counter()
                reply = await service.move(
                    channel_id=current.channel_id, member_id=self.id, move=move, game_id=game.id
                )
                self.run.counts.arena_moves.append(time.perf_counter() - began)
                self.run.notify(reply.game)
            except GameError:
                continue  # it ended meanwhile (the clock): read it again


# -- what the store holds afterwards ---------------------------------------------------------


@dataclass
class Recomputed:
    points: int = 0
    streak: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    sheet: str = ""


def recompute(games: list[Game]) -> tuple[dict[int, Recomputed], int]:
    """Every member's score from their arena games in the order they ended, by Lichess's rule
    as written here; and how many games were still running (none should be)."""
    scores: dict[int, Recomputed] = defaultdict(Recomputed)
    running = 0
    for game in sorted(games, key=lambda g: (g.updated_at, g.id)):
        if game.status is Status.ACTIVE:
            running += 1
            continue
        if game.status is Status.EXPIRED:
            continue  # set aside: no result, the streak as it was
        for mark in (Player.X, Player.O):
            member = game.seat(mark).member_id
            assert member is not None
            score = scores[member]
            if game.winner is None:
                gained, score.streak = 1, 0
                score.draws += 1
            elif game.winner is mark:
                gained = 4 if score.streak >= 2 else 2
                score.streak += 1
                score.wins += 1
            else:
                gained, score.streak = 0, 0
                score.losses += 1
            score.points += gained
            score.sheet += str(gained)
    return scores, running


def overlapping(games: list[Game]) -> int:
    """Members with two stored arena games at once (one began before the other ended)."""
    spans: dict[int, list[tuple[datetime, datetime]]] = defaultdict(list)
    for game in games:
        for seat in (game.x, game.o):
            if seat.member_id is not None:
                spans[seat.member_id].append((game.created_at, game.updated_at))
    found = 0
    for member_spans in spans.values():
        member_spans.sort()
        found += any(b[0] < a[1] for a, b in itertools.pairwise(member_spans))
    return found


@dataclass
class Latencies:
    """Seconds from free to paired (the end of the tick that saved the pairing)."""

    members: list[float] = field(default_factory=list)
    """Each member of each pairing: from the moment they became free."""
    censored: list[float] = field(default_factory=list)
    """Members still free when the window closed: what they had waited by then."""
    pairs: list[float] = field(default_factory=list)
    """Each pairing: from the moment both its members were free (the upkeep's own part: a
    member also waits while nobody they may play is free)."""


def latencies(run: Run, state: ArenaState, games: list[Game]) -> Latencies:
    """When each member became free (joined, or their game ended: whichever is later), and
    how long until a pairing with them was saved."""
    ends: dict[int, list[datetime]] = defaultdict(list)
    for game in games:
        for seat in (game.x, game.o):
            if seat.member_id is not None:
                ends[seat.member_id].append(game.updated_at)

    def free_at(member: int, before: datetime) -> datetime | None:
        moments = [t for t in run.counts.joins[member] + ends[member] if t <= before]
        return max(moments, default=None)

    found = Latencies()
    last_paired: dict[int, datetime] = {}
    for pairing in state.pairings:
        # a game lost on the clock ends inside the tick that frees its members, after the
        # tick's moment (``created_at``) but before the save
        saved = run.counts.saved_at.get(pairing.id, pairing.created_at)
        frees = [free_at(member, saved) for member in (pairing.x_id, pairing.o_id)]
        for member, free in zip((pairing.x_id, pairing.o_id), frees, strict=True):
            if free is not None:
                found.members.append((saved - free).total_seconds())
            last_paired[member] = saved
        if None not in frees:
            found.pairs.append((saved - max(f for f in frees if f is not None)).total_seconds())
    closes = state.arena.ends_at
    for entrant in state.entrants:
        free = free_at(entrant.member_id, closes)
        paired = last_paired.get(entrant.member_id)
        if entrant.active and free is not None and (paired is None or free > paired):
            found.censored.append((closes - free).total_seconds())
    return found


# -- one database ----------------------------------------------------------------------------


async def open_arena(
    service: GameService, store: GameStore, args: argparse.Namespace
) -> ArenaState:
    """The arena: through ``Arenas.start`` from its 5-minute floor up; shorter, saved with
    ``insert_arena`` as ``start`` makes it."""
    minutes: float = args.minutes
    if minutes >= START_FLOOR_MINUTES and minutes == int(minutes):
        return await service.arenas.start(
            guild_id=GUILD, channel_id=ARENA_CHANNEL, host_id=HOST, minutes=int(minutes),
            clock=args.clock,
        )  # fmt: skip
    at = now()
    arena = Arena(
        id=0, guild_id=GUILD, channel_id=ARENA_CHANNEL, host_id=HOST, size=3, clock=args.clock,
        starts_at=at, ends_at=at + timedelta(minutes=minutes), status=ArenaStatus.OPEN,
        created_at=at, variant=find_variant(None),
    )  # fmt: skip
    return ArenaState(await store.insert_arena(arena), (), ())


def warm(seed: int) -> None:
    """The engine's caches at every level, as in a bot that has played a while."""
    from bot.engine.classic import Board, choose_move

    rng = random.Random(seed)
    for level in MEMBER_LEVELS:
        for _ in range(20):
            board = Board.empty(3)
            while not board.is_over:
                board = board.play(choose_move(board, level, rng))


async def run_arena(store: GameStore, args: argparse.Namespace) -> list[Row]:
    service = GameService(store, rng=random.Random(args.seed))
    state = await open_arena(service, store, args)
    run = Run(service, state, args)
    window = (state.arena.ends_at - state.arena.starts_at).total_seconds()
    speed = [host_speed()]
    gc.collect()
    gc.freeze()  # as the bot does at the end of setup_hook
    began = time.perf_counter()
    async with Ticker() as ticker:
        tasks = [asyncio.create_task(m.live()) for m in run.members]
        tasks += [asyncio.create_task(run.ordinary(i)) for i in range(args.ordinary)]
        upkeep = asyncio.create_task(run.upkeep())
        stuck = False
        try:
            await asyncio.wait_for(asyncio.shield(upkeep), window + 3 * args.clock + DRAIN_S)
        except TimeoutError:
            stuck = True
            upkeep.cancel()
            run.finished.set()
        await asyncio.gather(*tasks, upkeep, return_exceptions=True)
    took = time.perf_counter() - began
    speed.append(host_speed())
    gc.unfreeze()
    errors = [t.exception() for t in tasks if not t.cancelled() and t.exception() is not None]
    final = await service.arenas.get(state.arena.id)
    assert final is not None
    games = await store.arena_games(state.arena.id)
    standings = await service.arenas.final(state.arena.id)
    await service.close()
    rows = figures(run, final, games, standings[0] if standings else None, ticker, window, took,
                   stuck, errors)  # fmt: skip
    host = f"host: {HOST_LOOP:,} additions before / after (longer: a busy host)"
    return [*rows, (host, f"{speed[0]:.2f} / {speed[1]:.2f} s", "", None)]


def figures(
    run: Run,
    state: ArenaState,
    games: list[Game],
    leader: object,
    ticker: Ticker,
    window: float,
    took: float,
    stuck: bool,
    errors: list[BaseException | None],
) -> list[Row]:
    args, counts = run.args, run.counts
    pairings = state.pairings
    by_clock = sum(p.ended_by is EndedBy.CLOCK for p in pairings)
    by_board = sum(p.ended_by is EndedBy.BOARD for p in pairings)
    no_result = sum(p.ended_by is EndedBy.NO_RESULT for p in pairings)
    done = sum(p.status is PairingStatus.DONE for p in pairings)
    game_ids = Counter(p.game_id for p in pairings if p.game_id is not None)
    stored_ids = {g.id for g in games}
    same_games = set(game_ids) == stored_ids and all(n == 1 for n in game_ids.values())
    scores, running = recompute(games)
    entrants = state.entrants
    points_equal = sum(scores[e.member_id].points == e.points for e in entrants)
    record_equal = sum(
        (s.wins, s.draws, s.losses, s.streak, s.sheet)
        == (e.wins, e.draws, e.losses, e.streak, e.sheet)
        for e in entrants
        for s in (scores[e.member_id],)
    )
    strangers = set(scores) - {e.member_id for e in entrants}
    per_member = [e.games for e in entrants] or [0]
    waited = latencies(run, state, games)
    waits = waited.members + waited.censored
    bound = LATENCY_TICKS * args.interval
    p50, p99 = quantile(waits, 0.5), quantile(waits, 0.99)
    pair_p50, pair_p99 = quantile(waited.pairs, 0.5), quantile(waited.pairs, 0.99)
    beyond = sum(w > bound for w in waits)
    ticks_ms = [t * 1000 for t in counts.ticks]
    overlaps = overlapping(games)
    doubles = counts.double_busy + counts.double_game + counts.handed_busy + overlaps
    finished = state.arena.status is ArenaStatus.FINISHED and done == len(pairings)
    top = getattr(leader, "entrant", None)
    ms = 1000
    return [
        (f"{args.members} members, {window / 60:g} min window, {args.clock} s clock, tick every "
         f"{args.interval:g} s", f"{took:.0f} s in all", "", None),
        ("arena finished, every pairing done, nothing stuck or raised",
         f"{state.arena.status.value}, {done}/{len(pairings)}, {len(errors)} errors",
         "yes", finished and not stuck and not errors and running == 0),
        ("arena games played: on the board + on the clock + no result",
         f"{len(games)}: {by_board} + {by_clock} + {no_result}", "", None),
        ("  games a member: min / median / max; resigned / let run out",
         f"{min(per_member)} / {statistics.median(per_member):g} / {max(per_member)}; "
         f"{counts.resigned} / {counts.afk}", "", None),
        ("  pairings' games = stored arena games, one each",
         f"{len(game_ids)} = {len(stored_ids)}", "equal", same_games),
        (f"double pairing: after {len(counts.ticks)} ticks (member / game), handed, overlapping",
         f"{counts.double_busy} / {counts.double_game}, {counts.handed_busy}, {overlaps}",
         "0", doubles == 0),
        (f"points recomputed from {len(games)} stored games = standings",
         f"{points_equal} of {len(entrants)}", f"all {len(entrants)}",
         points_equal == len(entrants) and not strangers),
        ("  wins/draws/losses, streak and sheet recomputed = stored",
         f"{record_equal} of {len(entrants)}", f"all {len(entrants)}",
         record_equal == len(entrants)),
        ("  leader: points (sheet)", "-" if top is None else
         f"{top.name} {top.points} ({top.sheet})", "", None),
        (f"pairing latency, both free -> paired p50 / p99 ({len(waited.pairs)} pairings)",
         f"{pair_p50:.2f} / {pair_p99:.2f} s (max {max(waited.pairs, default=0):.2f})",
         f"<= {bound:g} s", pair_p99 <= bound),
        (f"  a member's wait, free -> paired p50 / p99 ({len(waited.members)} + "
         f"{len(waited.censored)} at close)",
         f"{p50:.2f} / {p99:.2f} s (max {max(waits, default=0):.2f})", "", None),
        (f"  members' waits over {bound:g} s (nobody free they may play)", f"{beyond}", "", None),
        ("ticks leaving two free members who may play unpaired", f"{counts.left_waiting}", "0",
         counts.left_waiting == 0),
        ("  members left free whom a maximum matching would have paired",
         f"{counts.matching_short}", "", None),
        ("longest loop stall while the arena and ordinary play ran",
         f"{ticker.worst_ms:.1f} ms (GC {ticker.worst_gc_ms:.0f})", f"<= {STALL_TARGET_MS:g} ms",
         ticker.worst_ms <= STALL_TARGET_MS),
        (f"tick p50 / p99 ({len(ticks_ms)} ticks, {counts.ticks_refused} gave up)",
         f"{quantile(ticks_ms, 0.5):.1f} / {quantile(ticks_ms, 0.99):.1f} ms", "", None),
        (f"move p99: arena ({len(counts.arena_moves)}) / ordinary "
         f"({len(counts.ordinary_moves)}, {counts.ordinary_games} games)",
         f"{quantile(counts.arena_moves, 0.99) * ms:.1f} / "
         f"{quantile(counts.ordinary_moves, 0.99) * ms:.1f} ms", "", None),
        ("joins/leaves clicked again after a concurrent change; leaves; refused",
         f"{counts.retried}; {counts.leaves}; "
         + (", ".join(f"{n} {name}" for name, n in counts.refused.items()) or "0"), "", None),
        ("pairings re-offered after opening / refused to open",
         f"{counts.reoffered} / {counts.open_refused}", "", None),
    ]  # fmt: skip


# -- the databases ---------------------------------------------------------------------------


def sqlite_rows(args: argparse.Namespace) -> list[Row]:
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteGameStore(Path(folder) / "arena.db")
        return asyncio.run(run_arena(store, args))


def postgres_rows(args: argparse.Namespace) -> list[Row] | str:
    """The rows, or the sentence saying why PostgreSQL was skipped."""
    try:
        from tools.postgres_server import PostgresUnavailable, running_server
    except ImportError as missing:
        return f"PostgreSQL skipped: {missing}"
    try:
        with running_server() as server:
            url = server.create_database()

            async def go() -> list[Row]:
                return await run_arena(await PostgresGameStore.open(url), args)

            return asyncio.run(go())
    except PostgresUnavailable as error:
        return f"PostgreSQL skipped: no throwaway server could start ({str(error).splitlines()[0]})"


TITLES = {
    "sqlite": "SQLite (a temporary file, WAL, synchronous=NORMAL)",
    "postgresql": "PostgreSQL (a throwaway server from the pgserver wheel, fsync off)",
}


def databases(text: str) -> list[str]:
    chosen = [part.strip().lower() for part in text.split(",") if part.strip()]
    wrong = [part for part in chosen if part not in ("sqlite", "postgresql")]
    if wrong or not chosen:
        raise argparse.ArgumentTypeError(f"sqlite and/or postgresql, not {text!r}")
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=positive_float, default=MINUTES,
                        help=f"the arena's window, minutes (default {MINUTES:g})")
    parser.add_argument("--members", type=positive_int, default=MEMBERS,
                        help=f"arena members (default {MEMBERS})")
    parser.add_argument("--clock", type=positive_int, default=CLOCK,
                        help=f"the move clock, seconds, 10 to 300 (default {CLOCK})")
    parser.add_argument("--interval", type=positive_float, default=INTERVAL,
                        help=f"seconds between two ticks (default {INTERVAL:g}; the bot ~3)")
    parser.add_argument("--ordinary", type=int, default=ORDINARY,
                        help=f"members playing the bot beside the arena (default {ORDINARY})")
    parser.add_argument("--seed", type=int, default=SEED, help=f"default {SEED}")
    parser.add_argument("--databases", type=databases, default=["sqlite", "postgresql"],
                        help="sqlite, postgresql or both (default sqlite,postgresql)")
    args = parser.parse_args()  # fmt: skip
    if not 10 <= args.clock <= 300:
        parser.error(f"--clock must be 10 to 300 seconds, not {args.clock}")
    logging.basicConfig(level=logging.WARNING)
    print(f"arena benchmark — Python {sys.version.split()[0]}, {load_average()}")
    warm(args.seed)
    for name in args.databases:
        print("\n" + TITLES[name])
        rows = sqlite_rows(args) if name == "sqlite" else postgres_rows(args)
        if isinstance(rows, str):
            print(rows)
        else:
            print_table(rows)
    print(f"\nat the end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
