"""The game service: every rule of a channel's game, independent of Discord or the terminal.

One active game per channel, kept in memory and saved through a ``GameStore`` before any
operation returns (a reply never shows a move that is not saved). Operations on one channel
are serialized by an ``asyncio.Lock`` for that channel; different channels never wait on each
other, because engine work that can take long runs in a worker thread (see ``_bot_move``).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from bot import engine
from bot.engine import LEVELS, Board, Move, analyze, choose_move
from bot.games.durations import describe_duration
from bot.games.errors import (
    CellTakenError,
    GameError,
    GameOverError,
    GameRunningError,
    InvalidOptionError,
    NoGameError,
    NotYourGameError,
    NotYourTurnError,
    OffBoardError,
    StorageError,
)
from bot.games.models import (
    FIRST_CHOICES,
    SIZES,
    Game,
    Hint,
    LeaderboardEntry,
    MoveReply,
    Record,
    Seat,
    Stats,
    Status,
)
from bot.games.store import GameStore
from bot.games.wording import either

if TYPE_CHECKING:
    from bot.settings import Settings

BOT_NAME = "the bot"
"""The bot seat's name (adapters speak for the bot in the first person anyway)."""

INLINE_MAX_SIZE = 3
"""Boards up to this size get the bot's move inline on the event loop: a 3x3 decision is a
cached lookup after the first game (see bench/games.py). Larger boards think in a thread."""


def utc_now() -> datetime:
    """The default clock: the current time, aware, in UTC."""
    return datetime.now(UTC)


def _ago(then: datetime, now: datetime) -> str:
    seconds = (now - then).total_seconds()
    return "just now" if seconds < 60 else f"{describe_duration(seconds)} ago"


def _check_level(level: str) -> str:
    wanted = str(level).strip().lower()
    if wanted not in LEVELS:
        raise InvalidOptionError(
            "There is no level {given}. Choose one of: {levels}.",
            given=repr(str(level)),
            levels=", ".join(LEVELS),
        )
    return wanted


def _check_first(first: str) -> str:
    wanted = str(first).strip().lower()
    if wanted not in FIRST_CHOICES:
        raise InvalidOptionError(
            "Who goes first must be {choices}, not {given}.",
            choices=either(FIRST_CHOICES),
            given=repr(str(first)),
        )
    return wanted


def _check_size(size: int | str) -> int:
    try:
        wanted = int(str(size).strip())
    except ValueError:
        wanted = 0
    if wanted not in SIZES:
        raise InvalidOptionError(
            "The board size must be {sizes}, not {given}.",
            sizes=either(SIZES),
            given=repr(str(size)),
        )
    return wanted


def _play(board: Board, move: Move) -> Board:
    """``board.play`` with the engine's errors turned into game errors, sentence kept."""
    try:
        return board.play(move)
    except engine.CellTakenError as error:
        raise CellTakenError("{reason}", reason=str(error)) from error
    except engine.OffBoardError as error:
        raise OffBoardError("{reason}", reason=str(error)) from error
    except engine.GameOverError as error:
        raise GameOverError("{reason}", reason=str(error)) from error
    except engine.IllegalMoveError as error:
        raise GameError("{reason}", reason=str(error)) from error


def _settle(game: Game) -> Game:
    """Set status and winner from the board once it is over (member's point of view)."""
    board = game.board
    if not board.is_over:
        return game
    winner = board.winner
    if winner is None:
        return replace(game, status=Status.DRAWN, winner=None)
    member_won = game.seat(winner) == game.member
    return replace(game, status=Status.WON if member_won else Status.LOST, winner=winner)


def _members(game: Game) -> list[Seat]:
    """The game's member seats, X first (one against the bot, two member vs member)."""
    return [seat for seat in (game.x, game.o) if not seat.is_bot]


def _names(seats: list[Seat]) -> str:
    """ "alice" or "alice and bob" """
    return " and ".join(seat.name for seat in seats)


def _rank_key(entry: LeaderboardEntry) -> tuple[int, int, int, str, int]:
    """Points first; among equals fewer losses, then more wins (= fewer games for the same
    points), then name and id so the order is stable."""
    record = entry.record
    return (-entry.points, record.losses, -record.wins, entry.name.casefold(), entry.member_id)


class _ChannelLocks:
    """One ``asyncio.Lock`` per channel, forgotten once nobody holds or waits for it, so a bot
    in thousands of channels keeps only the locks in use."""

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}
        self._users: dict[int, int] = {}

    @asynccontextmanager
    async def hold(self, channel_id: int) -> AsyncIterator[None]:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        self._users[channel_id] = self._users.get(channel_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._users[channel_id] -= 1
            if not self._users[channel_id]:
                del self._users[channel_id]
                del self._locks[channel_id]

    def __len__(self) -> int:
        return len(self._locks)


class GameService:
    """Start, play, resign, inspect and expire games; transport-agnostic, keyed by channel."""

    def __init__(
        self,
        store: GameStore,
        *,
        idle_timeout: float = 600.0,
        clock: Callable[[], datetime] = utc_now,
        rng: random.Random | None = None,
    ) -> None:
        if not idle_timeout > 0:
            raise ValueError(f"idle_timeout must be a positive number of seconds: {idle_timeout}")
        self._store = store
        self._idle = timedelta(seconds=idle_timeout)
        self._clock = clock
        self._rng = rng if rng is not None else random.Random()
        self._active: dict[int, Game] = {}
        self._locks = _ChannelLocks()
        self._load_lock = asyncio.Lock()
        self._loaded = False
        self._closed = False
        self._unannounced: list[Game] = []  # expired by an operation, not yet by expire_idle()

    @classmethod
    def from_settings(
        cls,
        settings: Settings,
        *,
        clock: Callable[[], datetime] = utc_now,
        rng: random.Random | None = None,
    ) -> GameService:
        """The service both adapters run: SQLite at ``settings.database_path`` with the
        configured idle timeout. Raises ``StorageError`` if the database cannot be used."""
        from bot.games.sqlite_store import SqliteGameStore

        store = SqliteGameStore(settings.database_path)
        return cls(store, idle_timeout=settings.idle_timeout_seconds, clock=clock, rng=rng)

    @property
    def idle_timeout(self) -> float:
        """Seconds without a move after which a game expires."""
        return self._idle.total_seconds()

    # -- start-up and shutdown -------------------------------------------------------------

    async def load(self) -> list[Game]:
        """Restore the active games from the store (call once at start-up; other operations
        call it themselves if it was not). Games that went idle while the program was down
        are expired by the next ``expire_idle()``, so adapters can announce them."""
        self._check_open()
        async with self._load_lock:
            return await self._load()

    async def _load(self) -> list[Game]:
        games = await self._store.active_games()
        self._active = {game.channel_id: game for game in games}
        self._loaded = True
        return games

    async def close(self) -> None:
        """Close the store; later operations raise ``StorageError``."""
        if not self._closed:
            self._closed = True
            await self._store.close()

    # -- operations ------------------------------------------------------------------------

    async def start(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        member_id: int,
        member_name: str,
        level: str = "perfect",
        first: str = "random",
        size: int = 3,
    ) -> MoveReply:
        """Start a member-vs-bot game; if the bot goes first its opening move is in the reply."""
        level = _check_level(level)
        first = _check_first(first)
        size = _check_size(size)
        name = member_name.strip() or f"member {member_id}"
        await self._ready()
        async with self._locks.hold(channel_id):
            now = self._now()
            running, _ = await self._running(channel_id, now)
            if running is not None:
                raise self._running_error(running, member_id, now)
            bot_first = first == "bot" or (first == "random" and self._rng.random() < 0.5)
            member, bot = Seat(member_id, name), Seat(None, BOT_NAME)
            game = Game(
                id=0,
                channel_id=channel_id,
                guild_id=guild_id,
                x=bot if bot_first else member,
                o=member if bot_first else bot,
                level=level,
                size=size,
                first=first,
                moves=(),
                status=Status.ACTIVE,
                winner=None,
                created_at=now,
                updated_at=now,
            )
            bot_move = None
            if bot_first:
                bot_move = await self._bot_move(game.board, level)
                game = replace(game, moves=(bot_move,), updated_at=self._now())
            game = await self._store.insert(game)
            self._active[channel_id] = game
            return MoveReply(game, None, bot_move)

    async def move(
        self, *, channel_id: int, member_id: int, move: Move, game_id: int | None = None
    ) -> MoveReply:
        """Play the member's move and, unless that ended the game, the bot's answer; both are
        saved before this returns. ``game_id`` (a button's game) must be the active game."""
        await self._ready()
        async with self._locks.hold(channel_id):
            now = self._now()
            game, expired = await self._running(channel_id, now)
            if game_id is not None and (game is None or game.id != game_id):
                raise GameOverError("That game is over.")
            if game is None:
                raise self._no_game(expired)
            self._check_turn(game, member_id)
            board = _play(game.board, move)
            moves = (*game.moves, move)
            bot_move = None
            if not board.is_over and game.seat(board.to_move).is_bot:
                bot_move = await self._bot_move(board, game.level)
                moves = (*moves, bot_move)
            updated = _settle(replace(game, moves=moves, updated_at=self._now()))
            await self._save(updated)
            return MoveReply(updated, move, bot_move)

    async def resign(self, *, channel_id: int, member_id: int) -> Game:
        """Give up the game (any time, whoever is to move); it counts as a loss."""
        await self._ready()
        async with self._locks.hold(channel_id):
            now = self._now()
            game, expired = await self._running(channel_id, now)
            if game is None:
                raise self._no_game(expired)
            mark = game.seat_of(member_id)
            if mark is None:
                raise self._not_yours(game)
            updated = replace(game, status=Status.RESIGNED, winner=mark.other, updated_at=now)
            await self._save(updated)
            return updated

    async def current(self, channel_id: int) -> Game:
        """The channel's active game (to show the board); ``NoGameError`` if there is none."""
        await self._ready()
        async with self._locks.hold(channel_id):
            game, expired = await self._running(channel_id, self._now())
            if game is None:
                raise self._no_game(expired)
            return game

    async def get(self, game_id: int) -> Game | None:
        """Any game by id, active or finished (for adapters resolving a button's game).
        Read from the store: it holds every saved game, and an active game's memory copy is
        only ever set after the store saved the same value."""
        await self._ready()
        return await self._store.get(game_id)

    async def hint(self, *, channel_id: int, member_id: int) -> Hint:
        """The engine's analysis of the position for the member whose turn it is."""
        await self._ready()
        async with self._locks.hold(channel_id):
            game, expired = await self._running(channel_id, self._now())
            if game is None:
                raise self._no_game(expired)
            self._check_turn(game, member_id)
            analysis = await asyncio.to_thread(analyze, game.board)
            return Hint(game, analysis)

    async def stats(self, *, member_id: int, guild_id: int | None = None) -> Stats:
        """The member's wins/losses/draws per level (every level listed); ``guild_id=None``
        counts every server (and the terminal), an id only that server. Expired games and
        games still running are not counted; a resignation is a loss."""
        await self._ready()
        records = await self._store.records(member_id, guild_id)
        by_level: dict[str, Record] = {level: records.get(level, Record()) for level in LEVELS}
        by_level.update(records)  # levels a future version dropped still show
        total = sum(by_level.values(), Record())
        name = await self._store.member_name(member_id) or f"member {member_id}"
        return Stats(member_id, name, guild_id, by_level, total)

    async def leaderboard(self, *, guild_id: int | None, limit: int = 10) -> list[LeaderboardEntry]:
        """The server's best players (``guild_id=None``: games outside any server): 3 points
        per win, 1 per draw; ties go to fewer losses, then more wins, then name."""
        if limit < 1:
            raise InvalidOptionError(
                "The leaderboard length must be at least 1, not {limit}.", limit=limit
            )
        await self._ready()
        rows = await self._store.guild_records(guild_id, limit)
        entries = [LeaderboardEntry(mid, name, rec, rec.points) for mid, name, rec in rows]
        entries.sort(key=_rank_key)  # already in this order from the store; cheap to be sure
        return entries[:limit]

    async def expire_idle(self, *, channel_id: int | None = None) -> list[Game]:
        """Expire every active game idle for ``idle_timeout`` or longer and return them (with
        any an operation expired since the last call), so adapters announce each once.

        ``channel_id`` limits the sweep and the report to one channel: an adapter that shares
        the database but owns only its own channel (the terminal) must leave the others' games
        to the adapter that can announce them."""
        await self._ready()

        def wanted(game_channel: int) -> bool:
            return channel_id is None or game_channel == channel_id

        expired = [game for game in self._unannounced if wanted(game.channel_id)]
        self._unannounced = [game for game in self._unannounced if not wanted(game.channel_id)]
        try:
            now = self._now()
            for channel, game in list(self._active.items()):
                if not wanted(channel) or now - game.updated_at < self._idle:
                    continue
                async with self._locks.hold(channel):
                    current = self._active.get(channel)
                    # The game may have moved or ended while we waited for the lock.
                    if current is not None and self._now() - current.updated_at >= self._idle:
                        expired.append(await self._expire(current))
        except BaseException:
            self._unannounced = expired + self._unannounced
            raise
        return expired

    async def attach_message(self, game_id: int, message_id: int) -> None:
        """Remember where an adapter shows the game's board (to edit it, or to disable its
        buttons when the game expires). ``NoGameError`` if no game has this id."""
        await self._ready()
        stored = await self._store.get(game_id)
        if stored is None:
            raise NoGameError("There is no game #{id}.", id=game_id)
        async with self._locks.hold(stored.channel_id):  # a move may be saving it right now
            current = self._active.get(stored.channel_id)
            if current is not None and current.id == game_id:
                await self._save(replace(current, message_id=message_id))
                return
            # Finished, possibly while we waited for the lock: re-read the final state.
            final = await self._store.get(game_id)
            if final is None:  # deleted by hand meanwhile
                raise NoGameError("There is no game #{id}.", id=game_id)
            await self._store.update(replace(final, message_id=message_id))

    # -- helpers -------------------------------------------------------------------------

    async def _ready(self) -> None:
        self._check_open()
        if not self._loaded:
            async with self._load_lock:
                if not self._loaded:  # another operation may have loaded while we waited
                    await self._load()

    def _check_open(self) -> None:
        if self._closed:
            raise StorageError("The game service is closed.")

    def _now(self) -> datetime:
        moment = self._clock()
        if moment.tzinfo is None:
            raise ValueError(f"the clock must return an aware datetime, got {moment!r}")
        return moment.astimezone(UTC)

    async def _running(self, channel_id: int, now: datetime) -> tuple[Game | None, Game | None]:
        """``(active game, None)``, or ``(None, game)`` when the channel's game had been idle
        too long and this call expired it (``(None, None)``: no game). The caller holds the
        channel's lock."""
        game = self._active.get(channel_id)
        if game is not None and now - game.updated_at >= self._idle:
            expired = await self._expire(game)
            self._unannounced.append(expired)
            return None, expired
        return game, None

    async def _expire(self, game: Game) -> Game:
        expired = replace(game, status=Status.EXPIRED, winner=None, updated_at=self._now())
        await self._save(expired)
        return expired

    async def _save(self, game: Game) -> None:
        """Write through the store, then (only if that worked) update memory."""
        await self._store.update(game)
        if game.is_active:
            self._active[game.channel_id] = game
        elif self._active.get(game.channel_id, game).id == game.id:
            self._active.pop(game.channel_id, None)

    async def _bot_move(self, board: Board, level: str) -> Move:
        """The bot's choice. Up to ``INLINE_MAX_SIZE`` it is computed inline (microseconds
        once cached); larger boards may search for a long while on a cold cache, so they run
        in a worker thread and the event loop keeps serving other channels."""
        if board.size <= INLINE_MAX_SIZE:
            return choose_move(board, level, self._rng)
        return await asyncio.to_thread(choose_move, board, level, self._rng)

    def _check_turn(self, game: Game, member_id: int) -> None:
        """Raise unless ``member_id`` has a seat and it is that seat's turn."""
        mark = game.seat_of(member_id)
        if mark is None:
            raise self._not_yours(game)
        if game.board.to_move is not mark:
            seat = game.seat(game.board.to_move)
            whom = "my move" if seat.is_bot else f"{seat.name} to move"
            raise NotYourTurnError("It is not your turn: wait for {whom}.", whom=whom)

    def _not_yours(self, game: Game) -> NotYourGameError:
        players = _names(_members(game))
        return NotYourGameError(
            "This is {players}'s game; you can start your own here once it is over.",
            players=players,
        )

    def _no_game(self, expired: Game | None) -> NoGameError:
        """The error for a channel without a game; ``expired``: the game this very operation
        found idle and expired, named so the player knows where it went."""
        if expired is None:
            return NoGameError()
        players = _names(_members(expired))
        return NoGameError(
            "The game here ({players}) expired after {idle} without a move. "
            "Start a new one with {start}.",
            players=players,
            idle=describe_duration(self.idle_timeout),
        )

    def _running_error(self, game: Game, member_id: int, now: datetime) -> GameRunningError:
        since = _ago(game.created_at, now)
        if game.seat_of(member_id) is not None:
            return GameRunningError(
                "You already have a game running here (started {since}). "
                "Finish or resign that game first.",
                since=since,
            )
        members = _members(game)
        verb = "is" if len(members) == 1 else "are"
        return GameRunningError(
            "{players} {verb} already playing here (started {since}). "
            "Finish or resign that game first.",
            players=_names(members),
            verb=verb,
            since=since,
        )
