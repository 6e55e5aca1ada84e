"""Each channel's lock, and the one way an operation finds what runs in a channel.

An operation that writes holds the channel: ``async with channels.hold(channel_id) as here``
takes the channel's ``asyncio.Lock``, then reads through ``here`` from the store: the game
(``here.game()``, expiring it if idle), the open challenge (``here.challenge()``, expiring it
if its time is up), or the room for a new one (``here.room_for(member)``). An operation that
only reads calls ``channels.read(channel_id)``: no lock, unless the game it finds is idle and
must be expired. What a lookup expired waits in ``unannounced`` / ``expired_challenges``
(``Pending``) until the sweeps report it. See docs/service.md.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Generic, TypeVar

from bot.games import sentences
from bot.games.errors import GameChangedError, GameOverError, StorageError
from bot.games.models import Challenge, ChallengeStatus, Game, Status
from bot.games.store import START, GameStore, Page, PageKey

if TYPE_CHECKING:  # it retries through this module
    from bot.games.server_settings import ServerSettings, SettingsCache
    from bot.games.shards import ShardSet

RETRIES = 3
"""How often an operation's own bookkeeping (expiring an idle game it found, attaching a
message) reads again after another process changed the game first, before it gives up."""

SWEEP_BATCH = 50
"""Games (or challenges) a sweep expires per transaction, so other channels play between."""

T = TypeVar("T")


async def retried(attempt: Callable[[], Awaitable[T]]) -> T:
    """``attempt()`` (a read, then a write over what it read), tried again while another
    process saves first (``GameChangedError``), ``RETRIES`` times in all; the last refusal
    reaches the caller."""
    for _ in range(RETRIES - 1):
        try:
            return await attempt()
        except GameChangedError:
            continue
    return await attempt()


async def sweep(
    batch: Callable[[PageKey], Awaitable[Page[T]]], into: list[T], most: int | None = None
) -> None:
    """Add the items of ``batch(after)`` to ``into`` page after page, until the last page or
    until ``into`` holds ``most``, letting other channels play between batches."""
    after: PageKey | None = START
    while after is not None and (most is None or len(into) < most):
        page = await batch(after)
        into += page.items
        after = page.after
        await asyncio.sleep(0)


class Pending(Generic[T]):
    """What lookups expired and no sweep has reported yet: a sweep takes what it reports
    (``taken``), and puts it back if it fails, so each is reported once."""

    def __init__(self) -> None:
        self._items: list[T] = []

    def add(self, item: T) -> None:
        """Keep ``item`` for the next sweep that wants it."""
        self._items.append(item)

    @contextmanager
    def taken(self, wanted: Callable[[T], bool]) -> Iterator[list[T]]:
        """The items ``wanted`` picks, taken out, in a list the sweep adds what it expires
        to; the whole list goes back (first) if the sweep raises."""
        items = [item for item in self._items if wanted(item)]
        self._items = [item for item in self._items if not wanted(item)]
        try:
            yield items
        except BaseException:
            self._items = items + self._items
            raise


@dataclass(frozen=True, slots=True)
class Found:
    """What runs in a channel: the running ``game`` or None; ``expired``: the game this very
    lookup found idle and expired (named once in the "no game" sentence)."""

    game: Game | None
    expired: Game | None
    idle_timeout: float
    """Seconds without a move after which a game expires, for the sentence."""

    def running(self, game_id: int | None = None) -> Game:
        """The running game, or the sentence that says why there is none. ``game_id`` (a
        button's game) must be that game, else ``GameOverError``."""
        if game_id is not None and (self.game is None or self.game.id != game_id):
            raise GameOverError("That game is over.")
        if self.game is None:
            raise sentences.no_game(self.expired, self.idle_timeout)
        return self.game


class Channels:
    """The store, the clock, one lock per channel, and what lookups expired; shared by the
    game service and the duels."""

    def __init__(
        self,
        store: GameStore,
        *,
        idle_timeout: timedelta,
        first_try: timedelta,
        clock: Callable[[], datetime],
        settings: SettingsCache,
    ) -> None:
        self.store = store
        self.idle_timeout = idle_timeout
        self.first_try = first_try  # how long a board owed waits for its adapter (boards.py)
        self.settings = settings  # each server's own (its idle minutes replace idle_timeout)
        self._clock = clock
        # One lock per channel, dropped by the weak table once nobody holds or waits for it
        # (each holder and waiter keeps it alive), so thousands of channels cost nothing idle.
        self._locks = weakref.WeakValueDictionary[int, asyncio.Lock]()
        self.closed = False
        self.unannounced = Pending[Game]()  # expired by a lookup, not yet by expire_idle()
        self.expired_challenges = Pending[Challenge]()  # not yet reported by expire_challenges

    def check_open(self) -> None:
        """``StorageError`` once the service is closed."""
        if self.closed:
            raise StorageError("The game service is closed.")

    async def server(self, guild_id: int | None) -> ServerSettings:
        """The server's settings, through the cache (``None``: outside any server)."""
        return await self.settings.get(guild_id)

    async def idle_timeout_in(self, guild_id: int | None) -> timedelta:
        """How long a game in that server may go without a move: its own idle minutes, else
        ``idle_timeout``."""
        minutes = (await self.server(guild_id)).idle_minutes
        return self.idle_timeout if minutes is None else timedelta(minutes=minutes)

    def now(self) -> datetime:
        """The clock's time, in UTC; ``ValueError`` if the clock is not timezone-aware."""
        moment = self._clock()
        if moment.tzinfo is None:
            raise ValueError(f"the clock must return an aware datetime, got {moment!r}")
        return moment.astimezone(UTC)

    @asynccontextmanager
    async def hold(self, channel_id: int) -> AsyncIterator[Held]:
        """Hold the channel's lock for one operation that writes there. Writes are compare and
        set saves over what was read under the lock (``GameChangedError`` if another process
        saved first), so another process's write is never overwritten."""
        self.check_open()
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        async with lock:
            yield Held(self, channel_id)

    async def read(self, channel_id: int) -> Found:
        """What runs in the channel, for an operation that only reads: no lock and no write,
        unless the game went idle: then it is expired under the lock (``Held.game``)."""
        found = await self._stored(channel_id)
        if found.expired is None:
            return found
        async with self.hold(channel_id) as here:
            return await here.game()

    async def _stored(self, channel_id: int) -> Found:
        """The channel's active game as stored; one idle past the timeout as ``expired``
        (not saved as expired yet)."""
        self.check_open()
        game = await self.store.active_game(channel_id)
        idle = self.idle_timeout if game is None else await self.idle_timeout_in(game.guild_id)
        idle_now = game is not None and self.now() - game.updated_at >= idle
        if game is not None and idle_now and game.arena_id is None:  # an arena's: its clock
            return Found(None, game, idle.total_seconds())
        return Found(game, None, idle.total_seconds())

    def idle_batches(
        self, minutes: int | None, shards: ShardSet | None, channel_id: int | None
    ) -> Callable[[PageKey], Awaitable[Page[Game]]]:
        """One sweep's batches of idle games (``GameStore.expire_idle``): those outside servers
        with idle minutes of their own (``minutes`` None), or those whose servers set
        ``minutes``; in ``shards`` and ``channel_id`` only, if given."""
        idle = self.idle_timeout if minutes is None else timedelta(minutes=minutes)

        def batch(after: PageKey) -> Awaitable[Page[Game]]:
            now = self.now()
            return self.store.expire_idle(
                now - idle,
                now,
                after=after,
                shards=shards,
                channel_id=channel_id,
                limit=SWEEP_BATCH,
                idle_minutes=minutes,
            )

        return batch

    def ended(self, game: Game) -> Game:
        """``game`` ended now without a result (idle, or set aside): EXPIRED, never counted;
        not saved."""
        return replace(game, status=Status.EXPIRED, winner=None, updated_at=self.now())

    async def expire(self, game: Game) -> Game:
        """Save ``game`` as ended now without a result (``GameChangedError`` if another process
        saved it first)."""
        return await self.store.update(self.ended(game))

    async def expire_challenge(self, challenge: Challenge) -> Challenge:
        """Save ``challenge`` as expired (``GameChangedError`` if answered meanwhile)."""
        expired = replace(challenge, status=ChallengeStatus.EXPIRED)
        await self.store.close_challenge(expired)
        return expired


class Held:
    """A channel whose lock the current operation holds (``Channels.hold``): every read goes
    to the store, and what timed out is expired on the spot, once."""

    def __init__(self, channels: Channels, channel_id: int) -> None:
        self._channels = channels
        self.channel_id = channel_id

    async def game(self) -> Found:
        """The channel's game; an idle one is expired (and waits in ``unannounced`` for
        ``expire_idle``). Read again if another process saves it meanwhile."""
        channels = self._channels

        async def look() -> Found:
            found = await channels._stored(self.channel_id)
            if found.expired is None:
                return found
            expired = await channels.expire(found.expired)
            channels.unannounced.add(expired)
            return replace(found, expired=expired)

        return await retried(look)

    async def running_game(self, game_id: int | None = None) -> Game:
        """The channel's running game, or the sentence that says why there is none
        (``Found.running``)."""
        return (await self.game()).running(game_id)

    async def challenge(self) -> Challenge | None:
        """The channel's open challenge; one whose time is up is expired (and waits in
        ``expired_challenges``). Read again if it is answered meanwhile elsewhere."""
        channels = self._channels

        async def look() -> Challenge | None:
            challenge = await channels.store.open_challenge(self.channel_id)
            if challenge is None or channels.now() < challenge.expires_at:
                return challenge
            channels.expired_challenges.add(await channels.expire_challenge(challenge))
            return None

        return await retried(look)

    async def room_for(self, member_id: int, host_id: int | None = None) -> Game | None:
        """Room for ``member_id``'s new game or challenge. Returns the game to set aside: the
        member's own game that had not started, EXPIRED but not saved (the store call that
        saves the new game saves it, ``replacing=``), else None. ``GameRunningError`` if any
        other game runs here, or a challenge waits for its answer. ``host_id``: the member
        who sets it up for others at their own place (the terminal's player): their own game
        that had not started is set aside too, and the refusal speaks to them."""
        game = (await self.game()).game
        if game is None:
            challenge = await self.challenge()
            if challenge is not None:
                raise sentences.challenge_pending(challenge, self._channels.now())
            return None
        if game.can_be_set_aside_by(member_id) or (
            host_id is not None and game.can_be_set_aside_by(host_id)
        ):
            return self._channels.ended(game)
        asking = member_id if host_id is None else host_id
        raise sentences.already_running(game, asking, self._channels.now())
