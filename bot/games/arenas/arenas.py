"""Arenas (``service.arenas``): a server's tournament that runs itself. Members join any time
while it is open; whenever two are free within its window they are paired (``pairing``), each
game a duel in a channel of its own (the adapter's thread), scored as Lichess's arenas score
(``scoring``); a move clock decides games nobody moves in.

The store is the truth: an arena's change is saved over the version it was read at
(``GameStore.save_arena``), so of several processes only one makes a pairing, and a pairing's
game is made once, with its thread (``open_game``). ``tick`` is the arena's upkeep, run by the
adapter every few seconds: it judges the clocks, scores the games that ended, pairs the free
members and ends the arena; after a restart it picks up where the store stands. Reasons and
figures: docs/arenas.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import partial

from bot.engine import Player, Value
from bot.games.arenas import sentences
from bot.games.arenas.models import (
    Arena,
    ArenaState,
    ArenaStatus,
    EndedBy,
    Entrant,
    FinalLine,
    Pairing,
    PairingStatus,
    Tick,
    Timeout,
)
from bot.games.arenas.pairing import pairings
from bot.games.arenas.scoring import absent, final_lines, scored, unscored
from bot.games.arenas.times import start_time
from bot.games.arguments import check_id, check_name
from bot.games.boards import board_due
from bot.games.channels import Channels, retried
from bot.games.models import DUEL, Game, Seat, Status
from bot.games.shards import ShardSet
from bot.games.variants import find_variant

FAILURE_PAUSE = timedelta(seconds=60)
"""How long an arena pairs nobody after a game's thread could not be made."""

UNSHOWN_LIMIT = timedelta(minutes=5)
"""How long a game whose first board Discord keeps refusing waits before it ends without a
result (its clock starts only once its board is shown: ``Boards.attach``)."""


@dataclass(frozen=True, slots=True)
class Joined:
    """A join's answer: the arena as saved, and whether the member was in it already."""

    state: ArenaState
    already: bool


@dataclass(frozen=True, slots=True)
class Cancelled:
    """A cancellation's answer: the arena as saved, and the games it ended without result."""

    state: ArenaState
    expired: tuple[Game, ...]


class Arenas:
    """Start, join, leave, cancel and run arenas, over the channels the service shares."""

    def __init__(self, channels: Channels, *, rng: random.Random) -> None:
        self._channels = channels
        self._store = channels.store
        self._rng = rng
        self._resumed: datetime | None = None
        """When this process's first upkeep ran: a move clock counts from there at the
        earliest, so the time the bot was down (nobody could move) is nobody's."""

    # -- what members and managers do ------------------------------------------------------

    async def start(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        minutes: int,
        clock: int,
        game: str | None = None,
        size: int | str | None = None,
        starts: str | None = None,
    ) -> ArenaState:
        """Open an arena in the channel, of the kind ``game`` (its ``size``), lasting
        ``minutes`` from ``starts`` (a time as ``times.start_time`` reads it; None: now),
        ``clock`` seconds a move. Refused where the server's settings leave the channel out or
        turned duels off, for an option out of range, or where an arena runs already."""
        check_id("guild_id", guild_id)
        check_id("channel_id", channel_id)
        check_id("host_id", host_id)
        variant = find_variant(game)
        checked_size = variant.check_size(size)
        length = _in_range(minutes, sentences.MINUTES, sentences.bad_minutes)
        seconds = _in_range(clock, sentences.CLOCK, sentences.bad_clock)
        server = await self._channels.server(guild_id)
        server.check_channel(channel_id)
        server.check_duels()
        now = self._channels.now()
        begins = start_time(starts, now)
        running = await self._store.arena_in(channel_id)
        if running is not None:
            raise sentences.arena_here(running.arena.ends_at, now)
        arena = Arena(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            size=checked_size,
            clock=seconds,
            starts_at=begins,
            ends_at=begins + timedelta(minutes=length),
            status=ArenaStatus.OPEN,
            created_at=now,
            variant=variant,
        )
        return ArenaState(await self._store.insert_arena(arena), (), ())

    async def attach(self, arena_id: int, message_id: int) -> ArenaState:
        """Remember the arena's message (its buttons, and the threads made from it)."""
        check_id("message_id", message_id)
        return await self._change(arena_id, lambda s: replace(s.arena, message_id=message_id))

    async def here(self, channel_id: int) -> ArenaState:
        """The channel's open arena; ``no_arena`` if none."""
        check_id("channel_id", channel_id)
        self._channels.check_open()
        state = await self._store.arena_in(channel_id)
        if state is None:
            raise sentences.no_arena()
        return state

    async def get(self, arena_id: int) -> ArenaState | None:
        """Any arena by id, open or ended, with its entrants and pairings."""
        check_id("arena_id", arena_id)
        self._channels.check_open()
        return await self._store.arena(arena_id)

    async def join(self, *, arena_id: int, member_id: int, member_name: str) -> Joined:
        """The member joins the arena, or comes back after leaving (their points kept).
        Refused once it is over or its time is up, or while they play in another arena."""
        check_id("member_id", member_id)
        name = check_name("member_name", member_name)

        async def attempt() -> Joined:
            state = await self._open(arena_id)
            arena, now = state.arena, self._channels.now()
            if now >= arena.ends_at:
                raise sentences.arena_closing()
            elsewhere = await self._store.member_arena(member_id)
            if elsewhere is not None and elsewhere.id != arena.id:
                raise sentences.in_another_arena(elsewhere.channel_id)
            entrant = state.entrant(member_id)
            if entrant is not None and entrant.active:
                return Joined(state, True)
            if entrant is None:
                rating = await self._store.rating(member_id, arena.guild_id, kind=arena.kind)
                entrant = Entrant(member_id, name, rating=float(rating.rating))
            back = replace(entrant, name=name, active=True, free_since=now)
            return Joined(await self._store.save_arena(arena, [back], []), False)

        return await retried(attempt)

    async def leave(self, *, arena_id: int, member_id: int) -> ArenaState:
        """The member leaves: paired no more (a game they play counts when it ends), their
        points kept; joining again resumes."""
        check_id("member_id", member_id)

        async def attempt() -> ArenaState:
            state = await self._open(arena_id)
            entrant = state.entrant(member_id)
            if entrant is None or not entrant.active:
                raise sentences.not_in_arena()
            return await self._store.save_arena(state.arena, [replace(entrant, active=False)], [])

        return await retried(attempt)

    async def cancel(self, *, channel_id: int) -> Cancelled:
        """End the channel's arena without results: its running games end unscored
        (EXPIRED, never counted) and no pairing is made again. The adapter checks that the
        member may."""
        check_id("channel_id", channel_id)
        ended: list[Pairing] = []

        async def attempt() -> ArenaState:
            state = await self.here(channel_id)
            ended[:] = [
                replace(
                    p,
                    status=PairingStatus.DONE if p.game_id else PairingStatus.FAILED,
                    ended_by=EndedBy.NO_RESULT,
                )
                for p in state.running
            ]
            arena = replace(state.arena, status=ArenaStatus.CANCELLED, announced=True)
            return await self._store.save_arena(arena, [], ended)

        saved = await retried(attempt)
        expired = []
        for game_id in (p.game_id for p in ended if p.game_id is not None):
            game = await retried(partial(self._expire, game_id))
            if game is not None:
                expired.append(game)
        return Cancelled(saved, tuple(expired))

    async def forget(self, guild_id: int) -> None:
        """The bot left the server: its open arenas end without results (nothing is posted
        there any more), and an ended one's standings are no longer due."""
        check_id("guild_id", guild_id)
        self._channels.check_open()
        for arena in await self._store.arenas_due():
            if arena.guild_id != guild_id:
                continue
            if arena.is_open:
                await self.cancel(channel_id=arena.channel_id)
            else:
                await self.announced(arena.id)

    # -- the arena's upkeep ----------------------------------------------------------------

    async def due(self, *, shards: ShardSet | None = None) -> list[Arena]:
        """The arenas needing upkeep: every open one, and every ended one whose end is not
        posted yet; in the servers of ``shards`` only, if given."""
        self._channels.check_open()
        found = await self._store.arenas_due()
        return [a for a in found if shards is None or shards.owns(a.guild_id)]

    async def tick(self, arena_id: int) -> Tick:
        """One round of the arena's upkeep, saved at once (read again while another process
        saves first): the games past their move clock lost by whoever was to move, the ended
        games scored in the order they ended, the free members paired, and the arena
        finished once its time is up and its last game ended."""
        check_id("arena_id", arena_id)
        if self._resumed is None:
            self._resumed = self._channels.now()
        timeouts: dict[int, Timeout] = {}  # kept across tries: a game lost on time is saved once
        return await retried(partial(self._tick, arena_id, timeouts))

    async def open_game(self, pairing: Pairing, thread_id: int, *, owe_board: bool) -> Game:
        """The pairing's thread was made: its duel starts there (X moves first, the clock
        running), saved with the pairing as PLAYING, once."""
        check_id("thread_id", thread_id)
        state = await self._state(pairing.arena_id)
        now = self._channels.now()
        game = Game(
            id=0,
            channel_id=thread_id,
            guild_id=state.arena.guild_id,
            x=Seat(pairing.x_id, pairing.x_name),
            o=Seat(pairing.o_id, pairing.o_name),
            level=DUEL,
            size=state.arena.size,
            first="random",
            moves=(),
            status=Status.ACTIVE,
            winner=None,
            created_at=now,
            updated_at=now,
            variant=state.arena.variant,
            arena_id=state.arena.id,
        )
        due = board_due(owe_board, game, now, self._channels.first_try)
        playing = replace(pairing, status=PairingStatus.PLAYING, thread_id=thread_id)
        return await self._store.open_arena_game(playing, game, board_due=due)

    async def thread_failed(self, pairing: Pairing) -> bool:
        """No thread could be made for the pairing: it fails (no game), both members are
        free again, and the arena pairs nobody for ``FAILURE_PAUSE``. Whether the host must
        be told now (once an arena)."""

        async def attempt() -> bool:
            state = await self._state(pairing.arena_id)
            stored = next((p for p in state.pairings if p.id == pairing.id), None)
            if stored is None or stored.status is not PairingStatus.PENDING:
                return False
            arena = state.arena
            failed = replace(stored, status=PairingStatus.FAILED)
            saved = replace(arena, failed_at=self._channels.now(), warned=True)
            await self._store.save_arena(saved, [], [failed])
            return not arena.warned

        return await retried(attempt)

    async def announced(self, arena_id: int) -> None:
        """The arena's end was posted."""
        await self._change(arena_id, lambda s: replace(s.arena, announced=True))

    async def final(self, arena_id: int) -> list[FinalLine]:
        """The standings with each member's performance rating (their opponents' current
        duel ratings in the arena's kind)."""
        state = await self._state(arena_id)
        arena = state.arena
        ratings: dict[int, float] = {}
        for entrant in state.entrants:
            found = await self._store.rating(entrant.member_id, arena.guild_id, kind=arena.kind)
            ratings[entrant.member_id] = float(found.rating)
        opponents: dict[int, list[float]] = {}
        for p in state.pairings:
            if p.status is PairingStatus.DONE and p.ended_by is not EndedBy.NO_RESULT:
                opponents.setdefault(p.x_id, []).append(ratings.get(p.o_id, 0.0))
                opponents.setdefault(p.o_id, []).append(ratings.get(p.x_id, 0.0))
        return final_lines(state.entrants, opponents)

    # -- inside ----------------------------------------------------------------------------

    async def _tick(self, arena_id: int, timeouts: dict[int, Timeout]) -> Tick:
        state = await self._state(arena_id)
        arena = state.arena
        if not arena.is_open:
            unposted = arena.status is ArenaStatus.FINISHED and not arena.announced
            return Tick(state, finished=unposted)
        now = self._channels.now()
        entrants = {e.member_id: e for e in state.entrants}
        changed: dict[int, Entrant] = {}
        done: list[tuple[Game | None, Pairing]] = []
        games = {game.id: game for game in await self._store.arena_playing(arena.id)}
        unshown = await self._store.arena_unshown(arena.id)
        for pairing in state.pairings:
            if pairing.status is not PairingStatus.PLAYING or pairing.game_id is None:
                continue
            game = games.get(pairing.game_id)
            if game is not None and game.is_active and game.id in unshown:
                if now - game.updated_at < UNSHOWN_LIMIT:
                    continue  # nobody saw its board: its clock has not started
                game = await self._expire(game.id) or game  # never shown: no result
            if game is not None and game.is_active:
                if not self._past_clock(game, arena.clock, now):
                    continue
                timed_out = await self._time_out(game, arena.clock)
                if timed_out is None:
                    continue
                timeouts[game.id] = timed_out
                game = timed_out.game
            done.append((game, pairing))
        done.sort(key=lambda item: item[0].updated_at if item[0] is not None else now)
        ended: list[Pairing] = []
        for game, pairing in done:
            ended.append(_score(game, pairing, entrants, changed, now))
        ended_ids = {p.id for p in ended}
        new = self._pair(state, entrants, ended_ids, now)
        busy = any(p.is_busy for p in state.pairings if p.id not in ended_ids)
        finishing = now >= arena.ends_at and not busy and not new
        if not (ended or new or finishing):
            pending = tuple(p for p in state.pairings if p.status is PairingStatus.PENDING)
            return Tick(state, to_open=pending)
        if finishing:
            arena = replace(arena, status=ArenaStatus.FINISHED)
        saved = await self._store.save_arena(arena, list(changed.values()), [*ended, *new])
        pending = tuple(p for p in saved.pairings if p.status is PairingStatus.PENDING)
        lost = tuple(timeouts[g.id] for g, _ in done if g is not None and g.id in timeouts)
        return Tick(saved, pending, lost, tuple(ended), finished=finishing, changed=True)

    def _pair(
        self,
        state: ArenaState,
        entrants: dict[int, Entrant],
        ended: set[int],
        now: datetime,
    ) -> list[Pairing]:
        """New pairings of the free active entrants (``ended``: pairings scored this round,
        whose members are free again), if the arena pairs now."""
        arena = state.arena
        if not arena.pairs_at(now):
            return []
        if arena.failed_at is not None and now - arena.failed_at < FAILURE_PAUSE:
            return []
        busy = {
            m for p in state.pairings if p.is_busy and p.id not in ended for m in (p.x_id, p.o_id)
        }
        active = [e for e in entrants.values() if e.active]
        free = [e for e in active if e.member_id not in busy]
        made = []
        for x, o in pairings(free, self._rng, alone=len(active) == 2):
            made.append(
                Pairing(
                    id=0,
                    arena_id=arena.id,
                    x_id=x.member_id,
                    x_name=x.name,
                    o_id=o.member_id,
                    o_name=o.name,
                    round=max(x.games, o.games) + 1,
                    status=PairingStatus.PENDING,
                    created_at=now,
                )
            )
        return made

    async def _time_out(self, game: Game, clock: int) -> Timeout | None:
        """Save ``game`` lost by whoever was to move, if it is still past the clock under the
        channel's lock (a move may have landed); None if it is not."""
        async with self._channels.hold(game.channel_id) as here:
            found = (await here.game()).game
            now = self._channels.now()
            if found is None or found.id != game.id or not self._past_clock(found, clock, now):
                return None
            loser = found.position.to_move
            lost = replace(
                found, status=Status.RESIGNED, winner=loser.other, updated_at=now, timed_out=True
            )
            due = board_due(True, lost, now, self._channels.first_try)
            return Timeout(await self._store.update(lost, board_due=due), loser)

    def _past_clock(self, game: Game, clock: int, now: datetime) -> bool:
        """Whether the member to move in ``game`` let ``clock`` seconds pass since the last
        move (or the board was shown), counted from this process's start at the earliest."""
        since = game.updated_at if self._resumed is None else max(game.updated_at, self._resumed)
        return now - since >= timedelta(seconds=clock)

    async def _expire(self, game_id: int) -> Game | None:
        """End an arena's running game unscored (cancelled); None if it ended meanwhile."""
        game = await self._store.get(game_id)
        if game is None or not game.is_active:
            return None
        async with self._channels.hold(game.channel_id) as here:
            found = (await here.game()).game
            if found is None or found.id != game_id:
                return None
            return await self._channels.expire(found)

    async def _state(self, arena_id: int) -> ArenaState:
        check_id("arena_id", arena_id)
        self._channels.check_open()
        state = await self._store.arena(arena_id)
        if state is None:
            raise sentences.no_arena()
        return state

    async def _open(self, arena_id: int) -> ArenaState:
        """The arena while it is open; else the sentence that says it is over."""
        state = await self._state(arena_id)
        if not state.arena.is_open:
            raise sentences.arena_over(state.arena.status is ArenaStatus.CANCELLED)
        return state

    async def _change(
        self, arena_id: int, change: Callable[[ArenaState], Arena]
    ) -> ArenaState:
        """Save the arena as ``change`` makes it from the stored state, read again while
        another process saves first."""

        async def attempt() -> ArenaState:
            state = await self._state(arena_id)
            return await self._store.save_arena(change(state), [], [])

        return await retried(attempt)


def _score(
    game: Game | None,
    pairing: Pairing,
    entrants: dict[int, Entrant],
    changed: dict[int, Entrant],
    now: datetime,
) -> Pairing:
    """Score ``pairing``'s ended ``game`` into both entrants (``changed`` gets them) and
    return the pairing as DONE."""
    x, o = entrants[pairing.x_id], entrants[pairing.o_id]
    if game is None or game.status in (Status.EXPIRED, Status.ACTIVE):
        at = now if game is None else game.updated_at
        changed[x.member_id] = entrants[x.member_id] = unscored(x, o.member_id, at)
        changed[o.member_id] = entrants[o.member_id] = unscored(o, x.member_id, at)
        return replace(pairing, status=PairingStatus.DONE, ended_by=EndedBy.NO_RESULT)
    at, winner = game.updated_at, game.winner
    for entrant, mark, other in ((x, Player.X, o), (o, Player.O, x)):
        result = Value.DRAW if winner is None else Value.WIN if winner is mark else Value.LOSS
        after = scored(entrant, result, other.member_id, mark is Player.X, at)
        if result is Value.LOSS and absent(game, mark):
            after = replace(after, active=False)  # gone, as Lichess withdraws them: paused
        changed[entrant.member_id] = entrants[entrant.member_id] = after
    ended_by = EndedBy.CLOCK if game.timed_out else EndedBy.BOARD
    return replace(pairing, status=PairingStatus.DONE, winner=winner, ended_by=ended_by)


def _in_range(
    value: object, bounds: tuple[int, int], refusal: Callable[[object], Exception]
) -> int:
    """``value`` as an int within ``bounds``, else ``refusal(value)``."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise refusal(value)
    text = str(value).strip()
    if not text.isdigit() or not bounds[0] <= int(text) <= bounds[1]:
        raise refusal(str(value)[:20])
    return int(text)
