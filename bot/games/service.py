"""The game service: every rule of a channel's game, independent of Discord or the terminal.

One active game per channel; the store is the truth, shared by every process. Each write
holds the channel (``Channels.hold``) and is saved over the version it was decided on: if
another process saved first, nothing changes and ``GameChangedError`` is raised. Reads (board,
hint, explain) take no lock and write nothing, except to expire a game found idle. Ids and
names are checked before anything is read (``TypeError``/``ValueError``); a player's mistake
raises a ``GameError`` whose sentence comes from ``bot.games.sentences`` or the game's variant.
What differs between kinds of game is the variant's (``game.variant``); one move's rules are
``bot.games.rules``. Its collaborators are the adapters' to reach directly: ``duels``,
``servers`` (each server's settings), ``standings`` (stats, leaderboards), ``history``
(histories, reviews), ``puzzles``, ``boards`` (owed boards), ``state`` (what adapters keep).
See docs/service.md.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TypeAlias

from bot.engine import Move, Player
from bot.engine.position import Position
from bot.games import sentences
from bot.games.arenas.arenas import Arenas
from bot.games.arguments import check_id, check_name, check_optional_id
from bot.games.boards import FIRST_TRY, Boards, board_due
from bot.games.bot_state import BotState
from bot.games.channels import Channels, sweep
from bot.games.duels import Duels
from bot.games.errors import NoGameError
from bot.games.history import History
from bot.games.models import (
    Challenge,
    ExplainReply,
    Game,
    HintReply,
    MoveReply,
    Seat,
    StartOptions,
    Status,
)
from bot.games.options import check_first
from bot.games.puzzles.play import Puzzles
from bot.games.rules import check_turn, play, settle
from bot.games.server_settings import CACHE_SECONDS, SettingsCache
from bot.games.servers import Servers
from bot.games.shards import ShardSet
from bot.games.standings import Standings
from bot.games.store import GameStore
from bot.games.variants import find_variant

BOT_NAME = "the bot"
"""The bot seat's name (adapters speak for the bot in the first person anyway)."""

SWEEP_MOST = 1000
"""Games one ``expire_idle`` call returns at most (called again while it returns this many)."""

MoveChooser: TypeAlias = Callable[[Position, str, random.Random, float | None], Move]
"""How the bot picks its move: ``(position, level, rng, rating) -> move``, ``rating`` the
member's where the level plays at it (``Variant.choose_move``, the default)."""


def utc_now() -> datetime:
    """The default clock: the current time, aware, in UTC."""
    return datetime.now(UTC)


class GameService:
    """Start, play, resign, inspect and expire games; keyed by channel."""

    def __init__(
        self,
        store: GameStore,
        *,
        idle_timeout: float = 600.0,
        challenge_timeout: float = 300.0,
        first_try: float = FIRST_TRY,
        clock: Callable[[], datetime] = utc_now,
        rng: random.Random | None = None,
        choose_move: MoveChooser | None = None,
        settings_ttl: float = CACHE_SECONDS,
    ) -> None:
        """``clock``, ``rng`` and ``choose_move`` are injected so tests (and benchmarks)
        control time, chance and the bot's choice without patching modules. ``settings_ttl``:
        seconds this process trusts a server's settings it read (another process's change is
        seen within it). ``first_try``: seconds a board owed waits for the adapter that made
        it owed before a sweep tries it (``boards``)."""
        if not idle_timeout > 0:
            raise ValueError(f"idle_timeout must be a positive number of seconds: {idle_timeout}")
        if not challenge_timeout > 0:
            raise ValueError(f"challenge_timeout must be positive seconds: {challenge_timeout}")
        if not first_try > 0:
            raise ValueError(f"first_try must be a positive number of seconds: {first_try}")
        self._store = store
        self._channels = Channels(
            store,
            idle_timeout=timedelta(seconds=idle_timeout),
            first_try=timedelta(seconds=first_try),
            clock=clock,
            settings=SettingsCache(store, ttl=settings_ttl),
        )
        self._rng = rng if rng is not None else random.Random()
        self._choose_move = choose_move
        self._challenge_timeout = timedelta(seconds=challenge_timeout)
        self.duels = Duels(self._channels, challenge_timeout=self._challenge_timeout, rng=self._rng)
        """Challenges between members: challenge, accept, decline, expiry."""
        self.servers = Servers(self._channels)
        """Each server's own settings: read them, check a channel, change them."""
        self.standings = Standings(self._channels)
        """Stats and leaderboards."""
        self.history = History(self._channels)
        """Members' histories and the reviews of their finished games."""
        self.boards = Boards(self._channels)
        """The boards owed to a channel until an adapter has shown them."""
        self.puzzles = Puzzles(self._channels, rng=self._rng)
        """Puzzles: serve, solve, standings, the solvers' leaderboard, the daily puzzle."""
        self.arenas = Arenas(self._channels, rng=self._rng)
        """Arenas: a server's tournament that runs itself, its games in threads."""
        self.state = BotState(self._channels)
        """What adapters keep about themselves, and the running-game count."""

    @property
    def idle_timeout(self) -> float:
        """Seconds without a move after which a game expires."""
        return self._channels.idle_timeout.total_seconds()

    @property
    def challenge_timeout(self) -> float:
        """Seconds a challenge waits for its answer before it expires."""
        return self._challenge_timeout.total_seconds()

    async def close(self) -> None:
        """Close the store; later operations raise ``StorageError``."""
        if not self._channels.closed:
            self._channels.closed = True
            await self._store.close()

    # -- games -----------------------------------------------------------------------------

    async def start_options(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        level: str | None = None,
        first: str | None = None,
        size: int | None = None,
        game: str | None = None,
    ) -> StartOptions:
        """The options ``start`` would play with, checked, nothing saved: refused where the
        server's settings leave this channel out (``ChannelNotAllowedError``) or an option
        does not fit the kind (``InvalidOptionError``). For an adapter to know, before it
        answers, what it starts."""
        check_id("channel_id", channel_id)
        check_optional_id("guild_id", guild_id)
        server = await self._channels.server(guild_id)
        server.check_channel(channel_id)
        variant = find_variant(game)
        level, first, size = server.start_options(variant, level, first, size)
        return StartOptions(
            variant, variant.check_level(level), check_first(first), variant.check_size(size)
        )

    async def start(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        member_id: int,
        member_name: str,
        level: str | None = None,
        first: str | None = None,
        size: int | None = None,
        game: str | None = None,
        owe_board: bool = False,
        answers_only: bool = False,
    ) -> MoveReply:
        """Start a member-vs-bot game of the kind ``game`` (None: the default kind); if the
        bot goes first its opening move is in the reply. Options not given come from the
        server's settings, else the kind's own (``start_options``). The member's own game that
        had not started is set aside to make room (not counted, ``reply.replaced``); any
        other game running in the channel refuses. ``owe_board``: the board is owed until
        shown (``boards``); ``answers_only``: the channel takes only answers
        (``Game.answers_only``)."""
        check_id("member_id", member_id)
        name = check_name("member_name", member_name)
        options = await self.start_options(
            channel_id=channel_id, guild_id=guild_id, level=level, first=first, size=size, game=game
        )
        async with self._channels.hold(channel_id) as here:
            aside = await here.room_for(member_id)
            now = self._channels.now()
            first = options.first
            bot_first = first == "bot" or (first == "random" and self._rng.random() < 0.5)
            member, bot = Seat(member_id, name), Seat(None, BOT_NAME)
            started = Game(
                id=0,
                channel_id=channel_id,
                guild_id=guild_id,
                x=bot if bot_first else member,
                o=member if bot_first else bot,
                level=options.level,
                size=options.size,
                first=first,
                moves=(),
                status=Status.ACTIVE,
                winner=None,
                created_at=now,
                updated_at=now,
                variant=options.variant,
                answers_only=answers_only,
            )
            bot_move = None
            if bot_first:
                bot_move = await self._bot_move(started, started.position, member_id)
                started = replace(started, moves=(bot_move,), updated_at=self._channels.now())
            due = board_due(owe_board, started, now, self._channels.first_try)
            started = await self._store.insert(started, replacing=aside, board_due=due)
            replaced = None if aside is None else replace(aside, version=aside.version + 1)
            return MoveReply(started, None, bot_move, replaced)  # as saved with the new game

    async def move(
        self,
        *,
        channel_id: int,
        member_id: int,
        move: Move,
        game_id: int | None = None,
        owe_board: bool = False,
    ) -> MoveReply:
        """Play the member's move and, unless that ended the game, the bot's answer; both are
        saved before this returns. ``game_id`` (a button's game) must be the active game;
        ``owe_board``: the new board is owed until shown (``boards``)."""
        _check_channel_member(channel_id, member_id)
        check_optional_id("game_id", game_id)
        if not isinstance(move, Move):
            raise TypeError(f"move must be a Move, not {type(move).__name__} ({move!r:.40})")
        async with self._channels.hold(channel_id) as here:
            game = await here.running_game(game_id)
            if game.arena_id is None:  # an arena's game is in its thread, wherever allowed
                (await self._channels.server(game.guild_id)).check_channel(channel_id)
            check_turn(game, member_id)
            position = play(game.variant, game.position, move)
            moves = (*game.moves, move)
            bot_move = None
            if not position.is_over and game.seat(position.to_move).is_bot:
                bot_move = await self._bot_move(game, position, member_id)
                moves = (*moves, bot_move)
            now = self._channels.now()
            updated = settle(replace(game, moves=moves, updated_at=now))
            due = board_due(owe_board, game, now, self._channels.first_try)
            return MoveReply(await self._store.update(updated, board_due=due), move, bot_move)

    async def resign(
        self,
        *,
        channel_id: int,
        member_id: int,
        game_id: int | None = None,
        owe_board: bool = False,
    ) -> Game:
        """Give up the game (any time, whoever is to move); it counts as a loss, unless no
        member had moved yet: then it is set aside (EXPIRED) and not counted, except in an
        arena, where a game paired is a game played (as its clock would judge it). ``game_id`` (a
        board's Resign button) must be the running game. ``owe_board``: the final board is
        owed until shown (``boards``)."""
        _check_channel_member(channel_id, member_id)
        check_optional_id("game_id", game_id)
        async with self._channels.hold(channel_id) as here:
            game = await here.running_game(game_id)
            mark = game.seat_of(member_id)
            if mark is None:
                raise sentences.not_your_game(game)
            if not game.has_started and game.arena_id is None:  # an arena's game counts
                return await self._channels.expire(game)  # set aside: not announced
            now = self._channels.now()
            updated = replace(game, status=Status.RESIGNED, winner=mark.other, updated_at=now)
            due = board_due(owe_board, game, now, self._channels.first_try)
            return await self._store.update(updated, board_due=due)

    async def rematch(
        self, *, game_id: int, member_id: int, member_name: str, owe_board: bool = False
    ) -> MoveReply | Challenge:
        """Play a finished game again with sides swapped, in its channel as it was (answers
        only or not): against the bot a new game at the same level and size (``owe_board`` as
        ``start``'s); in a duel a new challenge to the same opponent."""
        check_id("game_id", game_id)
        check_id("member_id", member_id)
        name = check_name("member_name", member_name)
        self._channels.check_open()
        game = await self._store.get(game_id)
        if game is None:
            raise NoGameError("There is no game #{id}.", id=game_id)
        if game.is_active:
            raise sentences.rematch_of_a_running_game()
        mark = game.seat_of(member_id)
        if mark is None:
            raise sentences.not_your_rematch(game)
        if not game.is_duel:
            return await self.start(
                channel_id=game.channel_id,
                guild_id=game.guild_id,
                member_id=member_id,
                member_name=name,
                level=game.level,
                first="me" if mark is Player.O else "bot",
                size=game.size,
                game=game.kind,
                owe_board=owe_board,
                answers_only=game.answers_only,
            )
        return await self.duels.challenge(
            channel_id=game.channel_id,
            guild_id=game.guild_id,
            challenger=Seat(member_id, name),
            opponent=game.seat(mark.other),
            size=game.size,
            first="challenger" if mark is Player.O else "opponent",
            game=game.kind,
            answers_only=game.answers_only,
        )

    # -- reading a game --------------------------------------------------------------------

    async def active_game(self, channel_id: int) -> Game:
        """The channel's active game (to show the board); ``NoGameError`` if there is none."""
        check_id("channel_id", channel_id)
        return (await self._channels.read(channel_id)).running()

    async def last_game(self, *, channel_id: int, member_id: int) -> Game:
        """The channel's running game or, when none runs, the member's latest game there
        (over: its status says how it ended), so a player can see the final board again and
        a new game can repeat its settings. ``NoGameError`` if there is neither."""
        _check_channel_member(channel_id, member_id)
        found = await self._channels.read(channel_id)
        if found.game is not None:
            return found.game
        latest = await self._store.latest_game(channel_id, member_id)
        if latest is None:
            raise NoGameError()
        return latest

    async def get(self, game_id: int) -> Game | None:
        """Any game by id, active or finished, as last saved (for adapters resolving a
        button's game)."""
        check_id("game_id", game_id)
        self._channels.check_open()
        return await self._store.get(game_id)

    async def hint(
        self, *, channel_id: int, member_id: int, game_id: int | None = None
    ) -> HintReply:
        """What the engine tells the member whose turn it is, as the game's variant gives it
        (exact values, or the search's top moves with win rates), from a worker thread.
        ``game_id`` (a board's Hint button) must be the running game."""
        _check_channel_member(channel_id, member_id)
        check_optional_id("game_id", game_id)
        game = (await self._channels.read(channel_id)).running(game_id)
        if game.is_duel and game.seat_of(member_id) is not None:
            raise sentences.hint_in_a_duel()
        check_turn(game, member_id)
        return await asyncio.to_thread(game.variant.hint, game, self._rng)

    async def explain(self, *, channel_id: int, member_id: int) -> ExplainReply:
        """What the engine sees: in the running game against the bot, the current position
        (for its player); once a game is over, the position before the bot's last move (the
        last move of a game between members), for anyone. A running game between members
        refuses: the values would play for one side. The search runs in a worker thread."""
        _check_channel_member(channel_id, member_id)
        found = await self._channels.read(channel_id)
        game = found.game
        if game is not None:
            game.variant.check_explain(game)
            if game.bot_player is None:
                raise sentences.explain_in_a_duel(game)
            if game.seat_of(member_id) is None:
                raise sentences.not_your_game(game)
        else:
            game = found.expired or await self._store.last_finished(channel_id)
            if game is None:
                raise sentences.nothing_to_explain()
            game.variant.check_explain(game)
        running = game is found.game
        return await asyncio.to_thread(game.variant.explain, game, running=running, rng=self._rng)

    # -- expiry ----------------------------------------------------------------------------

    async def expire_idle(
        self, *, channel_id: int | None = None, shards: ShardSet | None = None
    ) -> list[Game]:
        """Expire active games idle for ``idle_timeout`` or longer and return them (with any
        an operation expired since the last call), so adapters announce each once: at most
        ``SWEEP_MOST`` per call (call again while it returns that many). Each expiry is
        claimed in the store, so of several processes sweeping one database exactly one
        returns it. ``channel_id``: only that channel (an adapter that owns only its own
        channel, the terminal); ``shards``: only the servers of those shards.

        Raises ``DatabaseGoneError`` if the database file was deleted or replaced since it was
        opened: the adapter must stop rather than play on unsaved."""
        check_optional_id("channel_id", channel_id)
        channels = self._channels
        channels.check_open()
        await self._store.check_file()  # never sweep (or play on) into a file no one will read

        def wanted(game: Game) -> bool:
            in_channel = channel_id is None or game.channel_id == channel_id
            return in_channel and (shards is None or shards.owns(game.guild_id))

        with channels.unannounced.taken(wanted) as expired:
            for minutes in (None, *await self._store.idle_minutes_in_use()):
                await sweep(channels.idle_batches(minutes, shards, channel_id), expired, SWEEP_MOST)
        return expired

    # -- the engine ------------------------------------------------------------------------

    async def _bot_move(self, game: Game, position: Position, member_id: int) -> Move:
        """The bot's choice in ``position`` of ``game``: on the event loop where the variant
        says it is quick, else in a worker thread so the event loop keeps serving others; at
        the rating of ``member_id``'s stored record where the level plays at it."""
        variant, level = game.variant, game.level
        rating = None
        if variant.rated(level):
            record = await self._store.adaptive_record(member_id, game.kind, game.size)
            rating = record.rating
        choose = self._choose_move or variant.choose_move
        if variant.thinks_inline(game.size, level):
            return choose(position, level, self._rng, rating)
        return await asyncio.to_thread(choose, position, level, self._rng, rating)


def _check_channel_member(channel_id: object, member_id: object) -> None:
    """The ids most operations take, checked at the edge (see ``bot.games.arguments``)."""
    check_id("channel_id", channel_id)
    check_id("member_id", member_id)
