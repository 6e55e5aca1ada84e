"""The game service: every rule of a channel's game, independent of Discord or the terminal.

One active game per channel; the store is the truth, shared by every process. Each write
holds the channel (``Channels.hold``) and is saved over the version it was decided on: if
another process saved first, nothing changes and ``GameChangedError`` is raised. Reads (board,
hint, explain, stats) take no lock and write nothing, except to expire a game found idle. Ids
and names are checked before anything is read (``TypeError``/``ValueError``); a player's
mistake raises a ``GameError`` whose sentence comes from ``bot.games.sentences``. Duels live in
``bot.games.duels``, stats and leaderboards in ``bot.games.standings``, a member's history in
``bot.games.history`` and the post-game review in ``bot.games.review``. See docs/service.md.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TypeAlias, TypeVar

from bot import engine
from bot.engine import Board, Move, Player, SearchTooLargeError, analyze, ultimate
from bot.engine.classic import ADAPTIVE, adaptive_move, explain
from bot.engine.ultimate import UltimateBoard
from bot.games import history, sentences, solo, standings
from bot.games.arguments import check_id, check_name, check_optional_id
from bot.games.channels import SWEEP_BATCH, Channels, retried, sweep
from bot.games.duels import Duels
from bot.games.errors import NoGameError
from bot.games.history import HistoryPage
from bot.games.models import (
    ULTIMATE,
    Challenge,
    DuelEntry,
    ExplainReply,
    Game,
    Hint,
    LeaderboardEntry,
    MoveReply,
    Position,
    Seat,
    SoloEntry,
    Stats,
    Status,
    UltimateHint,
)
from bot.games.options import (
    check_first,
    check_game,
    check_level,
    check_limit,
    check_size,
    check_ultimate_level,
)
from bot.games.review import Review, review_game
from bot.games.server_settings import (
    CACHE_SECONDS,
    Servers,
    ServerSettings,
    SettingsCache,
    with_channel,
    with_defaults,
    with_language,
    with_limits,
)
from bot.games.shards import ShardSet
from bot.games.store import GameStore, Page, PageKey

BOT_NAME = "the bot"
"""The bot seat's name (adapters speak for the bot in the first person anyway)."""

ESTIMATE_LEVEL = "hard"
"""The level whose move a hint or an explanation names where no exact analysis fits the time."""

SWEEP_MOST = 1000
"""Games one ``expire_idle`` call returns at most (the adapter calls again while it gets this
many), so a backlog after an outage never sits in memory at once."""

INLINE_MAX_SIZE = 3
"""Boards up to this size get the bot's move inline on the event loop; larger boards think in
a worker thread."""

ULTIMATE_LEVEL = "hard"
"""An ultimate game's level when the member names none."""

ULTIMATE_HINT_SECONDS = 0.5
"""How long the ultimate engine searches for a hint (in a worker thread)."""

T = TypeVar("T")

MoveChooser: TypeAlias = Callable[[Board, str, random.Random], Move]
"""How the bot picks its move: ``(board, level, rng) -> move`` (the engine's ``choose_move``)."""

UltimateChooser: TypeAlias = Callable[[UltimateBoard, str, random.Random], Move]
"""How the bot picks its move in ultimate: ``ultimate.choose_move`` by default."""

AdaptiveChooser: TypeAlias = Callable[[Board, float, random.Random], Move]
"""How the adaptive level picks its move against a member rated ``rating``:
``(board, rating, rng) -> move`` (the engine's ``adaptive_move``)."""


def utc_now() -> datetime:
    """The default clock: the current time, aware, in UTC."""
    return datetime.now(UTC)


class GameService:
    """Start, play, resign, inspect and expire games, duels and standings; keyed by channel."""

    def __init__(
        self,
        store: GameStore,
        *,
        idle_timeout: float = 600.0,
        challenge_timeout: float = 300.0,
        clock: Callable[[], datetime] = utc_now,
        rng: random.Random | None = None,
        choose_move: MoveChooser = engine.choose_move,
        choose_ultimate: UltimateChooser = ultimate.choose_move,
        choose_adaptive: AdaptiveChooser = adaptive_move,
        settings_ttl: float = CACHE_SECONDS,
    ) -> None:
        """``clock``, ``rng`` and ``choose_move`` are injected so tests (and benchmarks)
        control time, chance and the bot's choice without patching modules. ``settings_ttl``:
        seconds this process trusts a server's settings it read (another process's change is
        seen within it)."""
        if not idle_timeout > 0:
            raise ValueError(f"idle_timeout must be a positive number of seconds: {idle_timeout}")
        if not challenge_timeout > 0:
            raise ValueError(f"challenge_timeout must be positive seconds: {challenge_timeout}")
        self._store = store
        self._servers = Servers(store, SettingsCache(store, ttl=settings_ttl), clock)
        self._channels = Channels(
            store,
            idle_timeout=timedelta(seconds=idle_timeout),
            clock=clock,
            settings=self._servers.cache,
        )
        self._rng = rng if rng is not None else random.Random()
        self._choose_move = choose_move
        self._choose_ultimate = choose_ultimate
        self._choose_adaptive = choose_adaptive
        self._challenge_timeout = timedelta(seconds=challenge_timeout)
        self._duels = Duels(
            self._channels, challenge_timeout=self._challenge_timeout, rng=self._rng
        )

    @property
    def idle_timeout(self) -> float:
        """Seconds without a move after which a game expires."""
        return self._channels.idle_timeout.total_seconds()

    @property
    def challenge_timeout(self) -> float:
        """Seconds a challenge waits for its answer before it expires."""
        return self._challenge_timeout.total_seconds()

    # -- start-up and shutdown -------------------------------------------------------------

    async def open_game_count(self) -> int:
        """How many games are running, in every channel of every process sharing the store."""
        self._channels.check_open()
        return await self._store.open_game_count()

    async def bot_state(self, name: str) -> str | None:
        """The value an adapter last kept as ``name`` (any process sharing the store), or None."""
        self._channels.check_open()
        return await self._store.bot_state(name)

    async def set_bot_state(self, name: str, value: str) -> None:
        """Keep ``value`` as ``name`` for later runs and every process sharing the store."""
        self._channels.check_open()
        await self._store.set_bot_state(name, value, self._channels.now())

    async def close(self) -> None:
        """Close the store; later operations raise ``StorageError``."""
        if not self._channels.closed:
            self._channels.closed = True
            await self._store.close()

    # -- games -----------------------------------------------------------------------------

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
        game: str = "classic",
    ) -> MoveReply:
        """Start a member-vs-bot game; if the bot goes first its opening move is in the reply.
        ``game="ultimate"``: ultimate tic-tac-toe (size ``ULTIMATE``, ``size`` unused) at an
        ultimate level (``ULTIMATE_LEVEL`` unless named); else ``size`` (``perfect`` unless
        named; ``adaptive`` plays at the member's rating against it on that size, a refusal in
        ultimate). The member's own game that had not started is set aside to make room (not
        counted, ``reply.replaced``); any other game running in the channel refuses. Options
        not given come from the server's settings, else the bot's (``start_options``); a
        channel the server's list leaves out refuses (``ChannelNotAllowedError``)."""
        check_id("channel_id", channel_id)
        check_optional_id("guild_id", guild_id)
        check_id("member_id", member_id)
        name = check_name("member_name", member_name)
        server = await self._channels.server(guild_id)
        server.check_channel(channel_id)
        game = check_game(game)
        level, first, size = server.start_options(game, level, first, size)
        if game == "ultimate":
            level = check_ultimate_level(ULTIMATE_LEVEL if level is None else level)
            size = ULTIMATE
        else:
            level = check_level("perfect" if level is None else level)
            size = check_size(size)
        first = check_first(first)
        async with self._channels.hold(channel_id) as here:
            aside = await here.room_for(member_id)
            now = self._channels.now()
            bot_first = first == "bot" or (first == "random" and self._rng.random() < 0.5)
            member, bot = Seat(member_id, name), Seat(None, BOT_NAME)
            started = Game(
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
                bot_move = await self._bot_move(started.position, level, member_id)
                started = replace(started, moves=(bot_move,), updated_at=self._channels.now())
            started = await self._store.insert(started, replacing=aside)
            replaced = None if aside is None else replace(aside, version=aside.version + 1)
            return MoveReply(started, None, bot_move, replaced)  # as saved with the new game

    async def move(
        self, *, channel_id: int, member_id: int, move: Move, game_id: int | None = None
    ) -> MoveReply:
        """Play the member's move and, unless that ended the game, the bot's answer; both are
        saved before this returns. ``game_id`` (a button's game) must be the active game."""
        _check_channel_member(channel_id, member_id)
        check_optional_id("game_id", game_id)
        if not isinstance(move, Move):
            raise TypeError(f"move must be a Move, not {type(move).__name__} ({move!r:.40})")
        async with self._channels.hold(channel_id) as here:
            game = await here.running_game(game_id)
            (await self._channels.server(game.guild_id)).check_channel(channel_id)
            _check_turn(game, member_id)
            board = _play(game.position, move)
            moves = (*game.moves, move)
            bot_move = None
            if not board.is_over and game.seat(board.to_move).is_bot:
                bot_move = await self._bot_move(board, game.level, member_id)
                moves = (*moves, bot_move)
            updated = _settle(replace(game, moves=moves, updated_at=self._channels.now()))
            return MoveReply(await self._store.update(updated), move, bot_move)

    async def resign(self, *, channel_id: int, member_id: int) -> Game:
        """Give up the game (any time, whoever is to move); it counts as a loss, unless no
        member had moved yet: then it is set aside (EXPIRED) and not counted."""
        _check_channel_member(channel_id, member_id)
        async with self._channels.hold(channel_id) as here:
            game = await here.running_game()
            mark = game.seat_of(member_id)
            if mark is None:
                raise sentences.not_your_game(game)
            if not game.has_started:
                return await self._channels.expire(game)  # set aside: not announced
            updated = replace(
                game, status=Status.RESIGNED, winner=mark.other, updated_at=self._channels.now()
            )
            return await self._store.update(updated)

    async def rematch(
        self, *, game_id: int, member_id: int, member_name: str
    ) -> MoveReply | Challenge:
        """Play a finished game again with sides swapped: against the bot a new game at the
        same level and size; in a duel a new challenge to the same opponent."""
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
            )
        return await self.challenge(
            channel_id=game.channel_id,
            guild_id=game.guild_id,
            challenger=Seat(member_id, name),
            opponent=game.seat(mark.other),
            size=game.size,
            first="challenger" if mark is Player.O else "opponent",
            game=game.kind,
        )

    async def attach_message(self, game_id: int, message_id: int) -> None:
        """Remember where an adapter shows the game's board (to edit it, or to disable its
        buttons when the game expires). ``NoGameError`` if no game has this id."""
        check_id("game_id", game_id)
        check_id("message_id", message_id)
        self._channels.check_open()

        async def attach() -> None:  # another process saved it meanwhile: read it again
            stored = await self._store.get(game_id)
            if stored is None:
                raise NoGameError("There is no game #{id}.", id=game_id)
            async with self._channels.hold(stored.channel_id):  # a move may be saving it
                latest = await self._store.get(game_id) or stored
                await self._store.update(replace(latest, message_id=message_id))

        await retried(attach)

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

    async def hint(self, *, channel_id: int, member_id: int) -> Hint | UltimateHint:
        """The engine's analysis of the position for the member whose turn it is; in ultimate
        its search's top moves with win rates (``ULTIMATE_HINT_SECONDS``, a worker thread)."""
        _check_channel_member(channel_id, member_id)
        game = (await self._channels.read(channel_id)).running()
        if game.is_duel and game.seat_of(member_id) is not None:
            raise sentences.hint_in_a_duel()
        _check_turn(game, member_id)
        if game.is_ultimate:
            result = await asyncio.to_thread(
                ultimate.analyze, game.ultimate, "strongest", seconds=ULTIMATE_HINT_SECONDS
            )
            return UltimateHint(game, result)
        return Hint(game, await self._exactly(analyze, game.board))

    async def explain(self, *, channel_id: int, member_id: int) -> ExplainReply:
        """What the engine sees: in the running game against the bot, the current position
        (for its player); once a game is over, the position before the bot's last move (the
        last move of a game between members), for anyone. A running game between members
        refuses: the values would play for one side. The search runs in a worker thread."""
        _check_channel_member(channel_id, member_id)
        found = await self._channels.read(channel_id)
        game = found.game
        if game is not None:
            if game.is_ultimate:
                raise sentences.no_ultimate_explain()
            if game.bot_player is None:
                raise sentences.explain_in_a_duel(game)
            if game.seat_of(member_id) is None:
                raise sentences.not_your_game(game)
            position, move = game.board, None
        else:
            game = found.expired or await self._store.last_finished(channel_id)
            if game is None:
                raise sentences.nothing_to_explain()
            if game.is_ultimate:
                raise sentences.no_ultimate_explain()
            position, move = _last_move_explained(game)
        explanation = await self._exactly(explain, position)
        played = move is not None
        if move is None:
            move = explanation.analysis.best_moves[0]
        return ExplainReply(game, position, position.to_move, move, played, explanation)

    # -- history and review (bot.games.history, bot.games.review) -------------------------

    async def history(
        self,
        *,
        member_id: int,
        guild_id: int | None = None,
        before_id: int | None = None,
        after_id: int | None = None,
    ) -> HistoryPage:
        """A page of the member's games that ended with a result (won, lost, drawn, resigned:
        not running or expired), ``HISTORY_PAGE`` to a page, newest first: the newest page,
        or the one just older than ``before_id`` or just newer than ``after_id`` (one of
        them at most, ``ValueError``). ``guild_id=None`` everywhere, an id only that server:
        an adapter showing one member another's history passes the server it is asked in."""
        check_id("member_id", member_id)
        check_optional_id("guild_id", guild_id)
        check_optional_id("before_id", before_id)
        check_optional_id("after_id", after_id)
        if before_id is not None and after_id is not None:
            raise ValueError("history takes before_id or after_id, not both")
        self._channels.check_open()
        return await history.history(self._store, member_id, guild_id, before_id, after_id)

    async def review(
        self,
        *,
        member_id: int,
        game_id: int | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
    ) -> Review:
        """Every move of a finished game judged by the engine, the move that lost it and
        each player's accuracy (``bot.games.review``). Without ``game_id``: the member's newest
        game with a result (in the server ``guild_id``; None: everywhere). With it: that game
        once it is over, whoever played it if it was played in ``guild_id`` or in the channel
        ``channel_id`` the member asks in, else only one of its players. Refusals:
        ``NoGameError`` (no such game, none finished, no move played), ``GameRunningError``
        (still running), ``NotYourGameError`` (another's, elsewhere).
        The engine runs in a worker thread: under 2 s on 5x5 (bench/review.py)."""
        check_id("member_id", member_id)
        check_optional_id("game_id", game_id)
        check_optional_id("guild_id", guild_id)
        check_optional_id("channel_id", channel_id)
        self._channels.check_open()
        game = await history.reviewed_game(self._store, member_id, game_id, guild_id, channel_id)
        if game.is_ultimate:
            raise sentences.no_ultimate_review(game)
        return await asyncio.to_thread(review_game, game)

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

        expired = [game for game in channels.unannounced if wanted(game)]
        channels.unannounced = [game for game in channels.unannounced if not wanted(game)]

        def batches(minutes: int | None) -> Callable[[PageKey], Awaitable[Page[Game]]]:
            """The sweep of the games outside servers with idle minutes of their own (None),
            or of those whose servers set ``minutes``."""
            idle = channels.idle_timeout if minutes is None else timedelta(minutes=minutes)

            def batch(after: PageKey) -> Awaitable[Page[Game]]:
                now = channels.now()
                return self._store.expire_idle(
                    now - idle,
                    now,
                    after=after,
                    shards=shards,
                    channel_id=channel_id,
                    limit=SWEEP_BATCH,
                    idle_minutes=minutes,
                )

            return batch

        try:
            await sweep(batches(None), expired, most=SWEEP_MOST)
            for minutes in await self._store.idle_minutes_in_use():
                await sweep(batches(minutes), expired, most=SWEEP_MOST)
        except BaseException:
            channels.unannounced = expired + channels.unannounced
            raise
        return expired

    # -- servers' own settings (bot.games.server_settings) --------------------------------

    async def server_settings(self, guild_id: int | None) -> ServerSettings:
        """The server's settings (through the cache: another process's change shows within
        ``settings_ttl`` seconds); ``None``: outside any server, the bot's own."""
        check_optional_id("guild_id", guild_id)
        self._channels.check_open()
        return await self._channels.server(guild_id)

    async def check_channel(self, *, guild_id: int | None, channel_id: int) -> None:
        """``ChannelNotAllowedError`` if the server's settings list channels for its games
        and ``channel_id`` is not one (for an adapter to refuse before it looks for a game)."""
        check_optional_id("guild_id", guild_id)
        check_id("channel_id", channel_id)
        self._channels.check_open()
        (await self._channels.server(guild_id)).check_channel(channel_id)

    async def idle_timeout_in(self, guild_id: int | None) -> float:
        """Seconds without a move after which a game in that server expires."""
        return (await self._channels.idle_timeout_in(guild_id)).total_seconds()

    async def set_server_defaults(
        self,
        guild_id: int,
        *,
        level: str | None = None,
        size: str | int | None = None,
        first: str | None = None,
    ) -> ServerSettings:
        """Set the server's start defaults (``with_defaults``: ``"unset"`` clears one)."""
        self._channels.check_open()
        return await self._servers.change(
            guild_id, lambda now: with_defaults(now, level=level, size=size, first=first)
        )

    async def set_server_channels(
        self,
        guild_id: int,
        *,
        action: str,
        channel_id: int | None = None,
        channel_guild_id: int | None = None,
    ) -> ServerSettings:
        """Add or remove a channel where the server's games may be played, or clear the
        list (everywhere again); ``channel_guild_id``: the server the channel belongs to."""
        self._channels.check_open()
        return await self._servers.change(
            guild_id, lambda now: with_channel(now, action, channel_id, channel_guild_id)
        )

    async def set_server_limits(
        self,
        guild_id: int,
        *,
        idle_minutes: str | int | None = None,
        challenge_minutes: str | int | None = None,
        duels: str | bool | None = None,
    ) -> ServerSettings:
        """Set the server's idle and challenge minutes (0: the bot's own) and whether duels
        are allowed (``with_limits``). A running game expires by the new idle minutes."""
        self._channels.check_open()
        return await self._servers.change(
            guild_id,
            lambda now: with_limits(
                now, idle_minutes=idle_minutes, challenge_minutes=challenge_minutes, duels=duels
            ),
        )

    async def set_server_language(self, guild_id: int, locale: str | None) -> ServerSettings:
        """Set the language of the server's public posts (``None``: its preferred locale)."""
        self._channels.check_open()
        return await self._servers.change(guild_id, lambda now: with_language(now, locale))

    async def forget_server(self, guild_id: int) -> None:
        """Delete the server's settings (the bot left it)."""
        self._channels.check_open()
        await self._servers.forget(guild_id)

    # -- duels (bot.games.duels) -----------------------------------------------------------

    async def challenge(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        challenger: Seat,
        opponent: Seat,
        size: int | str = 3,
        first: str = "random",
        opponent_is_bot: bool = False,
        opponent_is_me: bool = False,
        opponent_present: bool = True,
        host_id: int | None = None,
        game: str = "classic",
    ) -> Challenge:
        """Invite ``opponent`` to a duel here (``Duels.challenge``); ``host_id``: the member
        at whose place two others duel (a terminal's player)."""
        return await self._duels.challenge(
            channel_id=channel_id,
            guild_id=guild_id,
            challenger=challenger,
            opponent=opponent,
            size=size,
            first=first,
            opponent_is_bot=opponent_is_bot,
            opponent_is_me=opponent_is_me,
            opponent_present=opponent_present,
            host_id=host_id,
            game=game,
        )

    async def check_duel(
        self, *, channel_id: int, host_id: int, size: int | str, game: str = "classic"
    ) -> int:
        """The size and the room for a duel ``host_id`` sets up here, checked before the
        players are named; nothing saved (``Duels.check_duel``)."""
        return await self._duels.check_duel(
            channel_id=channel_id, host_id=host_id, size=size, game=game
        )

    async def accept(self, *, challenge_id: int, member_id: int) -> Game:
        """The challenged member accepts: the duel starts (``Duels.accept``)."""
        return await self._duels.accept(challenge_id=challenge_id, member_id=member_id)

    async def decline(self, *, challenge_id: int, member_id: int) -> Challenge:
        """The challenged member declines, or the challenger withdraws (``Duels.decline``)."""
        return await self._duels.decline(challenge_id=challenge_id, member_id=member_id)

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        """Any challenge by id, open or answered (``Duels.get_challenge``)."""
        return await self._duels.get_challenge(challenge_id)

    async def attach_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember where an adapter shows the challenge (``Duels.attach_challenge_message``)."""
        await self._duels.attach_challenge_message(challenge_id, message_id)

    async def expire_challenges(self, *, shards: ShardSet | None = None) -> list[Challenge]:
        """Expire open challenges past their time; each reported once
        (``Duels.expire_challenges``)."""
        return await self._duels.expire_challenges(shards=shards)

    # -- standings (bot.games.standings) ---------------------------------------------------

    async def stats(
        self, *, member_id: int, guild_id: int | None = None, other_id: int | None = None
    ) -> Stats:
        """The member's record against the bot and in duels, their rating, and with
        ``other_id`` their duels against that member (``standings.stats``). ``guild_id=None``
        counts every server (and the terminal), an id only that server."""
        check_id("member_id", member_id)
        check_optional_id("guild_id", guild_id)
        check_optional_id("other_id", other_id)
        self._channels.check_open()
        return await standings.stats(self._store, member_id, guild_id, other_id)

    async def leaderboard(
        self, *, guild_id: int | None, limit: int = 10, game: str = "classic"
    ) -> list[LeaderboardEntry]:
        """The server's best players against the bot (``guild_id=None``: games outside any
        server), by points (``standings.leaderboard``), in games of the kind ``game``
        (``"classic"`` or ``"ultimate"``, each ranked apart)."""
        check_optional_id("guild_id", guild_id)
        check_limit(limit)
        game = check_game(game)
        self._channels.check_open()
        return await standings.leaderboard(self._store, guild_id, limit, game)

    async def duel_leaderboard(
        self, *, guild_id: int | None, limit: int = 10, game: str = "classic"
    ) -> list[DuelEntry]:
        """The server's duelists by their rating in duels of the kind ``game``
        (``standings.duel_leaderboard``)."""
        check_optional_id("guild_id", guild_id)
        check_limit(limit)
        game = check_game(game)
        self._channels.check_open()
        return await standings.duel_leaderboard(self._store, guild_id, limit, game)

    async def solo_leaderboard(
        self, *, guild_id: int | None, limit: int = 10
    ) -> dict[int, list[SoloEntry]]:
        """The server's best players against the bot by solo rating, per board size played
        there (``solo.solo_leaderboard``)."""
        check_optional_id("guild_id", guild_id)
        check_limit(limit)
        self._channels.check_open()
        return await solo.solo_leaderboard(self._store, guild_id, limit)

    # -- the engine ------------------------------------------------------------------------

    async def _bot_move(self, board: Position, level: str, member_id: int) -> Move:
        """The bot's choice: inline up to ``INLINE_MAX_SIZE``, else (and in ultimate, where it
        thinks up to a second) in a worker thread so the event loop keeps serving others.
        ``adaptive``: at the rating of ``member_id``'s stored record, in a worker thread."""
        if level == ADAPTIVE and isinstance(board, Board):
            record = await self._store.adaptive_record(member_id, board.size)
            return await asyncio.to_thread(self._choose_adaptive, board, record.rating, self._rng)
        if isinstance(board, UltimateBoard):
            return await asyncio.to_thread(self._choose_ultimate, board, level, self._rng)
        if board.size <= INLINE_MAX_SIZE:
            return self._choose_move(board, level, self._rng)
        return await asyncio.to_thread(self._choose_move, board, level, self._rng)

    async def _exactly(self, solve: Callable[[Board], T], board: Board) -> T:
        """``solve(board)`` in a worker thread. A position too big to solve in time refuses,
        naming the move ``ESTIMATE_LEVEL`` would play as an estimate, never as a proof."""
        try:
            return await asyncio.to_thread(solve, board)
        except SearchTooLargeError:
            pick = await asyncio.to_thread(self._choose_move, board, ESTIMATE_LEVEL, self._rng)
            raise sentences.too_early_to_solve(board, pick) from None


def _check_channel_member(channel_id: object, member_id: object) -> None:
    """The ids most operations take, checked at the edge (see ``bot.games.arguments``)."""
    check_id("channel_id", channel_id)
    check_id("member_id", member_id)


def _check_turn(game: Game, member_id: int) -> None:
    """Raise unless ``member_id`` has a seat and it is that seat's turn."""
    mark = game.seat_of(member_id)
    if mark is None:
        raise sentences.not_your_game(game)
    if game.position.to_move is not mark:
        raise sentences.not_your_turn(game)


def _play(board: Position, move: Move) -> Position:
    """``board.play`` with the engine's errors turned into the game layer's own sentences."""
    try:
        return board.play(move)
    except engine.IllegalMoveError as error:
        raise sentences.move_refused(error, board, move) from error


def _settle(game: Game) -> Game:
    """Set status and winner from the board once it is over (member's point of view)."""
    board = game.position
    if not board.is_over:
        return game
    winner = board.winner
    if winner is None:
        return replace(game, status=Status.DRAWN, winner=None)
    member_won = game.seat(winner) == game.member
    return replace(game, status=Status.WON if member_won else Status.LOST, winner=winner)


def _last_move_explained(game: Game) -> tuple[Board, Move]:
    """A finished game's move to explain and the board it was played on: the bot's last move,
    or the last move of a game between members."""
    bot = game.bot_player
    index = len(game.moves) - 1
    if bot is not None:
        first_mover_is_bot = bot is Player.X
        while index >= 0 and (index % 2 == 0) != first_mover_is_bot:
            index -= 1
    if index < 0:
        raise sentences.no_move_to_explain(game)
    board = Board.empty(game.size, game.k)
    for move in game.moves[:index]:
        board = board.play(move)
    return board, game.moves[index]
