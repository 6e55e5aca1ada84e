"""The game service: every rule of a channel's game, independent of Discord or the terminal.

One active game per channel. The database is the truth: several processes (Discord shards,
the terminal) may share it, so every write is saved over the version of the game it was
decided on (``GameStore.update``, compare and set; a new game or challenge by an insert the
store refuses beside a running game or an open challenge). If another process changed the
game in between, the operation changes nothing and raises ``GameChangedError``: every outcome
equals some serial order of the operations, and a reply never shows a move that is not saved.
Reads (board, hint, explain, stats) always read the store, take no lock and write
nothing. Within a process, operations that write to one channel are serialized by an
``asyncio.Lock`` for that channel (they never collide with each other). Different channels
never wait on each other: the stores never block the event loop, and engine work that can
take long runs in a worker thread (see ``_bot_move``).

Every operation that writes to a channel's game is a rule given to
``self._in_running_game(channel, rule)`` (``start`` and ``challenge``:
``self._in_free_channel``): the one place that takes the lock and finds the game, so a new
operation is its rule and nothing else. The sentences it raises live in
``bot.games.sentences``. Ids and names are checked first of all (``bot.games.arguments``): a
bad one is an adapter's bug and raises ``TypeError``/``ValueError`` before anything is read or
written.
"""

from __future__ import annotations

import asyncio
import random
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TypeAlias, TypeVar

from bot import engine
from bot.engine import (
    Board,
    Move,
    Player,
    SearchTooLargeError,
    analyze,
)
from bot.engine.explain import explain
from bot.games import sentences, standings
from bot.games.arguments import check_id, check_name, check_optional_id
from bot.games.errors import (
    CellTakenError,
    GameChangedError,
    GameError,
    GameOverError,
    NoGameError,
    OffBoardError,
    StorageError,
)
from bot.games.models import (
    DUEL,
    DUEL_FIRST_CHOICES,
    Challenge,
    ChallengeStatus,
    DuelEntry,
    ExplainReply,
    Game,
    Hint,
    LeaderboardEntry,
    MoveReply,
    Seat,
    Stats,
    Status,
)
from bot.games.options import check_first, check_level, check_limit, check_size
from bot.games.shards import ShardSet
from bot.games.store import START, GameStore, Page, PageKey

BOT_NAME = "the bot"
"""The bot seat's name (adapters speak for the bot in the first person anyway)."""

ESTIMATE_LEVEL = "hard"
"""The level whose move a hint or an explanation names where no exact analysis fits the time:
a heuristic search, a tenth of a second on 5x5."""

SWEEP_BATCH = 50
"""Games (or challenges) a sweep expires per transaction: a short write (about 8 ms of work),
then the event loop and other processes get their turn before the next batch. 200 per batch
made a move in another channel wait up to 100 ms behind a batch (bench/steady.py)."""

SWEEP_MOST = 1000
"""Games one ``expire_idle`` call returns at most (the adapter calls again while it gets this
many), so a backlog of thousands after an outage never sits in memory at once."""

RETRIES = 3
"""How often an operation's own bookkeeping (expiring an idle game it found, attaching a
message) re-reads after another process changed the game first, before it gives up."""

INLINE_MAX_SIZE = 3
"""Boards up to this size get the bot's move inline on the event loop: a 3x3 decision is a
cached lookup after the first game (see bench/games.py). Larger boards think in a thread."""


T = TypeVar("T")

MoveChooser: TypeAlias = Callable[[Board, str, random.Random], Move]
"""How the bot picks its move: ``(board, level, rng) -> move`` (the engine's ``choose_move``)."""


def utc_now() -> datetime:
    """The default clock: the current time, aware, in UTC."""
    return datetime.now(UTC)


def _check_channel_member(channel_id: object, member_id: object) -> None:
    """The ids most operations take, checked at the edge (see ``bot.games.arguments``)."""
    check_id("channel_id", channel_id)
    check_id("member_id", member_id)


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


def _as_saved(game: Game | None) -> Game | None:
    """A game saved by ``GameStore.insert(..., replacing=game)``: its version plus one."""
    return None if game is None else replace(game, version=game.version + 1)


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


async def _retried(attempt: Callable[[], Awaitable[T]]) -> T:
    """``attempt()`` (a read, then a write over what it read), read and tried again while
    another process saves first (``GameChangedError``), up to ``RETRIES`` times in all; the
    last refusal reaches the caller."""
    for _ in range(RETRIES - 1):
        try:
            return await attempt()
        except GameChangedError:
            continue
    return await attempt()


async def _sweep(
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


@dataclass(frozen=True, slots=True)
class _Lookup:
    """What an operation finds in its channel: the running ``game``, or None; ``expired`` is
    the game this very lookup found idle and expired (named once in the "no game" sentence)."""

    game: Game | None
    expired: Game | None = None


class GameService:
    """Start, play, resign, inspect and expire games; transport-agnostic, keyed by channel."""

    def __init__(
        self,
        store: GameStore,
        *,
        idle_timeout: float = 600.0,
        challenge_timeout: float = 300.0,
        clock: Callable[[], datetime] = utc_now,
        rng: random.Random | None = None,
        choose_move: MoveChooser = engine.choose_move,
    ) -> None:
        """``clock``, ``rng`` and ``choose_move`` are injected so tests (and benchmarks)
        control time, chance and the bot's choice without patching modules."""
        if not idle_timeout > 0:
            raise ValueError(f"idle_timeout must be a positive number of seconds: {idle_timeout}")
        self._store = store
        if not challenge_timeout > 0:
            raise ValueError(f"challenge_timeout must be positive seconds: {challenge_timeout}")
        self._idle = timedelta(seconds=idle_timeout)
        self._challenge_timeout = timedelta(seconds=challenge_timeout)
        self._clock = clock
        self._rng = rng if rng is not None else random.Random()
        self._choose_move = choose_move
        # One lock per channel, dropped by the weak table once nobody holds or waits for it
        # (each holder and waiter keeps it alive), so thousands of channels cost nothing idle.
        self._locks = weakref.WeakValueDictionary[int, asyncio.Lock]()
        self._closed = False
        self._unannounced: list[Game] = []  # expired by an operation, not yet by expire_idle()
        self._expired_challenges: list[Challenge] = []  # not yet reported by expire_challenges

    @property
    def idle_timeout(self) -> float:
        """Seconds without a move after which a game expires."""
        return self._idle.total_seconds()

    @property
    def challenge_timeout(self) -> float:
        """Seconds a challenge waits for its answer before it expires."""
        return self._challenge_timeout.total_seconds()

    # -- start-up and shutdown -------------------------------------------------------------

    async def open_game_count(self) -> int:
        """How many games are running, in every channel of every process sharing the store."""
        self._check_open()
        return await self._store.open_game_count()

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
        """Start a member-vs-bot game; if the bot goes first its opening move is in the reply.
        The member's own game that had not started is set aside to make room (not counted,
        ``reply.replaced``); any other game running in the channel refuses."""
        check_id("channel_id", channel_id)
        check_optional_id("guild_id", guild_id)
        check_id("member_id", member_id)
        name = check_name("member_name", member_name)
        level = check_level(level)
        first = check_first(first)
        size = check_size(size)

        async def begin(aside: Game | None) -> MoveReply:
            now = self._now()
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
            game = await self._store.insert(game, replacing=aside)
            return MoveReply(game, None, bot_move, _as_saved(aside))

        return await self._in_free_channel(channel_id, member_id, begin)

    async def move(
        self, *, channel_id: int, member_id: int, move: Move, game_id: int | None = None
    ) -> MoveReply:
        """Play the member's move and, unless that ended the game, the bot's answer; both are
        saved before this returns. ``game_id`` (a button's game) must be the active game."""
        _check_channel_member(channel_id, member_id)
        check_optional_id("game_id", game_id)
        if not isinstance(move, Move):
            raise TypeError(f"move must be a Move, not {type(move).__name__} ({move!r:.40})")

        async def play(game: Game) -> MoveReply:
            self._check_turn(game, member_id)
            board = _play(game.board, move)
            moves = (*game.moves, move)
            bot_move = None
            if not board.is_over and game.seat(board.to_move).is_bot:
                bot_move = await self._bot_move(board, game.level)
                moves = (*moves, bot_move)
            updated = _settle(replace(game, moves=moves, updated_at=self._now()))
            return MoveReply(await self._save(updated), move, bot_move)

        return await self._in_running_game(channel_id, play, game_id=game_id)

    async def resign(self, *, channel_id: int, member_id: int) -> Game:
        """Give up the game (any time, whoever is to move); it counts as a loss, unless no
        member had moved yet: then it is set aside (EXPIRED) and not counted."""
        _check_channel_member(channel_id, member_id)

        async def give_up(game: Game) -> Game:
            mark = game.seat_of(member_id)
            if mark is None:
                raise sentences.not_your_game(game)
            if not game.has_started:
                return await self._set_aside(game)
            updated = replace(
                game, status=Status.RESIGNED, winner=mark.other, updated_at=self._now()
            )
            return await self._save(updated)

        return await self._in_running_game(channel_id, give_up)

    async def active_game(self, channel_id: int) -> Game:
        """The channel's active game (to show the board); ``NoGameError`` if there is none."""
        check_id("channel_id", channel_id)
        return self._running(await self._current(channel_id))

    async def last_game(self, *, channel_id: int, member_id: int) -> Game:
        """The channel's running game or, when none runs, the member's latest game there
        (over: its status says how it ended), so a player can see the final board again and
        a new game can repeat its settings. ``NoGameError`` if there is neither."""
        check_id("channel_id", channel_id)
        check_id("member_id", member_id)
        found = await self._current(channel_id)
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
        self._check_open()
        return await self._store.get(game_id)

    async def hint(self, *, channel_id: int, member_id: int) -> Hint:
        """The engine's analysis of the position for the member whose turn it is."""
        _check_channel_member(channel_id, member_id)
        game = self._running(await self._current(channel_id))
        if game.is_duel and game.seat_of(member_id) is not None:
            raise sentences.hint_in_a_duel()
        self._check_turn(game, member_id)
        analysis = await self._exactly(analyze, game.board)
        return Hint(game, analysis)

    async def explain(self, *, channel_id: int, member_id: int) -> ExplainReply:
        """What the engine sees: in the running game against the bot, the current position
        (for its player); once a game is over, the position before the bot's last move (the
        last move of a game between members), for anyone. A game between members refuses
        while it runs: the values would play for one side. Finished games are remembered
        in the store. The search runs in a worker thread."""
        _check_channel_member(channel_id, member_id)
        found = await self._current(channel_id)
        game = found.game
        if game is not None:
            if game.bot_player is None:
                raise sentences.explain_in_a_duel(game)
            if game.seat_of(member_id) is None:
                raise sentences.not_your_game(game)
            position, move = game.board, None
        else:
            game = found.expired or await self._store.last_finished(channel_id)
            if game is None:
                raise sentences.nothing_to_explain()
            position, move = _last_move_explained(game)
        explanation = await self._exactly(explain, position)
        played = move is not None
        if move is None:
            move = explanation.analysis.best_moves[0]
        return ExplainReply(game, position, position.to_move, move, played, explanation)

    async def _exactly(self, solve: Callable[[Board], T], board: Board) -> T:
        """``solve(board)`` in a worker thread. Early 5x5 positions are too big to solve within
        a reply's time: then the refusal names the move ``hard`` would play, labelled as an
        estimate, so a guess is never shown as a proof."""
        try:
            return await asyncio.to_thread(solve, board)
        except SearchTooLargeError:
            pick = await asyncio.to_thread(self._choose_move, board, ESTIMATE_LEVEL, self._rng)
            raise sentences.too_early_to_solve(board, pick) from None

    async def stats(
        self, *, member_id: int, guild_id: int | None = None, other_id: int | None = None
    ) -> Stats:
        """The member's record against the bot and in duels, their rating, and with
        ``other_id`` their duels against that member (``standings.stats``). ``guild_id=None``
        counts every server (and the terminal), an id only that server."""
        check_id("member_id", member_id)
        check_optional_id("guild_id", guild_id)
        check_optional_id("other_id", other_id)
        self._check_open()
        return await standings.stats(self._store, member_id, guild_id, other_id)

    async def leaderboard(self, *, guild_id: int | None, limit: int = 10) -> list[LeaderboardEntry]:
        """The server's best players against the bot (``guild_id=None``: games outside any
        server), by points (``standings.leaderboard``)."""
        check_optional_id("guild_id", guild_id)
        check_limit(limit)
        self._check_open()
        return await standings.leaderboard(self._store, guild_id, limit)

    async def duel_leaderboard(self, *, guild_id: int | None, limit: int = 10) -> list[DuelEntry]:
        """The server's duelists by rating (``standings.duel_leaderboard``)."""
        check_optional_id("guild_id", guild_id)
        check_limit(limit)
        self._check_open()
        return await standings.duel_leaderboard(self._store, guild_id, limit)

    # -- duels -------------------------------------------------------------------------------

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
    ) -> Challenge:
        """Invite ``opponent`` to a duel here; it waits ``challenge_timeout`` for an answer.
        The adapter says what only it can know: whether the opponent is a bot account (or
        this very bot) and whether they can see the channel."""
        check_id("channel_id", channel_id)
        check_optional_id("guild_id", guild_id)
        challenger_id = check_id("challenger id", challenger.member_id)
        challenger = Seat(challenger_id, check_name("challenger name", challenger.name))
        opponent = Seat(
            check_id("opponent id", opponent.member_id), check_name("opponent name", opponent.name)
        )
        size = check_size(size)
        first = check_first(first, DUEL_FIRST_CHOICES, " in a duel")
        if opponent_is_me:
            raise sentences.challenge_this_bot()
        if opponent_is_bot:
            raise sentences.challenge_a_bot(opponent.name)
        if opponent.member_id == challenger.member_id:
            raise sentences.challenge_yourself()
        if not opponent_present:
            raise sentences.challenge_absent(opponent.name)

        async def invite(aside: Game | None) -> Challenge:
            now = self._now()
            challenge = Challenge(
                id=0,
                channel_id=channel_id,
                guild_id=guild_id,
                challenger=challenger,
                opponent=opponent,
                size=size,
                first=first,
                status=ChallengeStatus.OPEN,
                created_at=now,
                expires_at=now + self._challenge_timeout,
            )
            return await self._store.insert_challenge(challenge, replacing=aside)

        return await self._in_free_channel(channel_id, challenger_id, invite)

    async def accept(self, *, challenge_id: int, member_id: int) -> Game:
        """The challenged member accepts: the duel starts (whoever moves first plays X)."""
        check_id("challenge_id", challenge_id)
        check_id("member_id", member_id)
        async with self._open_challenge(challenge_id) as challenge:
            if member_id == challenge.challenger.member_id:
                raise sentences.accept_own_challenge(challenge)
            if member_id != challenge.opponent.member_id:
                raise sentences.not_your_challenge(challenge)
            running = (await self._look(challenge.channel_id)).game
            if running is not None:  # never while it is open (the store keeps it so); defensive
                raise sentences.already_running(running, member_id, self._now())
            now = self._now()
            challenger_first = challenge.first == "challenger" or (
                challenge.first == "random" and self._rng.random() < 0.5
            )
            x, o = challenge.challenger, challenge.opponent
            if not challenger_first:
                x, o = o, x
            game = Game(
                id=0,
                channel_id=challenge.channel_id,
                guild_id=challenge.guild_id,
                x=x,
                o=o,
                level=DUEL,
                size=challenge.size,
                first=challenge.first,
                moves=(),
                status=Status.ACTIVE,
                winner=None,
                created_at=now,
                updated_at=now,
            )
            return await self._store.accept_challenge(challenge, game)

    async def decline(self, *, challenge_id: int, member_id: int) -> Challenge:
        """The challenged member declines, or the challenger withdraws."""
        check_id("challenge_id", challenge_id)
        check_id("member_id", member_id)
        async with self._open_challenge(challenge_id) as challenge:
            if member_id == challenge.opponent.member_id:
                status = ChallengeStatus.DECLINED
            elif member_id == challenge.challenger.member_id:
                status = ChallengeStatus.WITHDRAWN
            else:
                raise sentences.not_your_challenge(challenge)
            closed = replace(challenge, status=status)
            await self._close_challenge(closed)
            return closed

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        """Any challenge by id, open or answered (for adapters resolving a button's)."""
        check_id("challenge_id", challenge_id)
        self._check_open()
        return await self._store.get_challenge(challenge_id)

    async def attach_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember where an adapter shows the challenge (to edit it once it is answered)."""
        check_id("challenge_id", challenge_id)
        check_id("message_id", message_id)
        self._check_open()

        async def attach() -> None:  # answered meanwhile: attach to the answered one
            stored = await self._store.get_challenge(challenge_id)
            if stored is None:
                raise NoGameError("There is no challenge #{id}.", id=challenge_id)
            await self._store.update_challenge(replace(stored, message_id=message_id))

        await _retried(attach)

    async def expire_challenges(self, *, shards: ShardSet | None = None) -> list[Challenge]:
        """Expire every open challenge past its time and return them (with any an operation
        expired since the last call), so adapters edit each one's message once. ``shards``:
        only challenges in the servers of those shards (see ``expire_idle``)."""
        self._check_open()
        mine = [c for c in self._expired_challenges if shards is None or shards.owns(c.guild_id)]
        self._expired_challenges = [c for c in self._expired_challenges if c not in mine]
        expired = list(mine)

        def batch(after: PageKey) -> Awaitable[Page[Challenge]]:
            return self._store.expire_challenges(
                self._now(), after=after, shards=shards, limit=SWEEP_BATCH
            )

        try:
            await _sweep(batch, expired)
        except BaseException:
            self._expired_challenges = expired + self._expired_challenges
            raise
        return expired

    async def rematch(
        self, *, game_id: int, member_id: int, member_name: str
    ) -> MoveReply | Challenge:
        """Play a finished game again with sides swapped: against the bot a new game at the
        same level and size; in a duel a new challenge to the same opponent."""
        check_id("game_id", game_id)
        check_id("member_id", member_id)
        member_name = check_name("member_name", member_name)
        self._check_open()
        game = await self._store.get(game_id)
        if game is None:
            raise NoGameError("There is no game #{id}.", id=game_id)
        if game.is_active:
            raise sentences.rematch_of_a_running_game()
        mark = game.seat_of(member_id)
        if mark is None:
            raise sentences.not_your_rematch(game)
        name = member_name
        if not game.is_duel:
            return await self.start(
                channel_id=game.channel_id,
                guild_id=game.guild_id,
                member_id=member_id,
                member_name=name,
                level=game.level,
                first="me" if mark is Player.O else "bot",
                size=game.size,
            )
        return await self.challenge(
            channel_id=game.channel_id,
            guild_id=game.guild_id,
            challenger=Seat(member_id, name),
            opponent=game.seat(mark.other),
            size=game.size,
            first="challenger" if mark is Player.O else "opponent",
        )

    async def expire_idle(
        self, *, channel_id: int | None = None, shards: ShardSet | None = None
    ) -> list[Game]:
        """Expire active games idle for ``idle_timeout`` or longer and return them (with any
        an operation expired since the last call), so adapters announce each once: at most
        ``SWEEP_MOST`` per call (call again while it returns that many), expired
        ``SWEEP_BATCH`` per transaction with the event loop free between batches. Each expiry
        is claimed in the store, so of several processes sweeping one database exactly one
        returns it.

        ``channel_id`` limits the sweep and the report to one channel: an adapter that shares
        the database but owns only its own channel (the terminal) must leave the others' games
        to the adapter that can announce them. ``shards``: only games in the servers of those
        shards (a process that runs some of a bot's shards).

        Raises ``DatabaseGoneError`` if the database file was deleted or replaced since it was
        opened: the adapter must stop rather than play on unsaved."""
        check_optional_id("channel_id", channel_id)
        self._check_open()
        await self._store.check_file()  # never sweep (or play on) into a file no one will read

        def wanted(game: Game) -> bool:
            in_channel = channel_id is None or game.channel_id == channel_id
            return in_channel and (shards is None or shards.owns(game.guild_id))

        expired = [game for game in self._unannounced if wanted(game)]
        self._unannounced = [game for game in self._unannounced if not wanted(game)]

        def batch(after: PageKey) -> Awaitable[Page[Game]]:
            now = self._now()
            return self._store.expire_idle(
                now - self._idle,
                now,
                after=after,
                shards=shards,
                channel_id=channel_id,
                limit=SWEEP_BATCH,
            )

        try:
            await _sweep(batch, expired, most=SWEEP_MOST)
        except BaseException:
            self._unannounced = expired + self._unannounced
            raise
        return expired

    async def attach_message(self, game_id: int, message_id: int) -> None:
        """Remember where an adapter shows the game's board (to edit it, or to disable its
        buttons when the game expires). ``NoGameError`` if no game has this id."""
        check_id("game_id", game_id)
        check_id("message_id", message_id)
        self._check_open()

        async def attach() -> None:  # another process saved it meanwhile: read it again
            stored = await self._store.get(game_id)
            if stored is None:
                raise NoGameError("There is no game #{id}.", id=game_id)
            async with self._lock(stored.channel_id):  # a move may be saving it right now
                latest = await self._store.get(game_id) or stored
                await self._store.update(replace(latest, message_id=message_id))

        await _retried(attach)

    # -- helpers -------------------------------------------------------------------------

    def _check_open(self) -> None:
        if self._closed:
            raise StorageError("The game service is closed.")

    def _now(self) -> datetime:
        moment = self._clock()
        if moment.tzinfo is None:
            raise ValueError(f"the clock must return an aware datetime, got {moment!r}")
        return moment.astimezone(UTC)

    def _lock(self, channel_id: int) -> asyncio.Lock:
        """The channel's lock: the one in use if anybody holds or awaits it, else a new one."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    def _is_idle(self, game: Game) -> bool:
        return self._now() - game.updated_at >= self._idle

    async def _current(self, channel_id: int) -> _Lookup:
        """What runs in the channel, for an operation that only reads: no lock, no write,
        unless the game went idle past ``idle_timeout``: then it is expired on the spot
        (once per game, through ``_look``) so the player is told once."""
        found = await self._peek(channel_id)
        if found.expired is None:
            return found
        async with self._lock(channel_id):
            return await self._look(channel_id)

    async def _peek(self, channel_id: int) -> _Lookup:
        """The channel's active game as stored; one idle past the timeout as ``expired``."""
        self._check_open()
        game = await self._store.active_game(channel_id)
        if game is not None and self._is_idle(game):
            return _Lookup(None, game)
        return _Lookup(game)

    def _running(self, found: _Lookup) -> Game:
        """The running game of a lookup, or the sentence that says why there is none."""
        if found.game is None:
            raise sentences.no_game(found.expired, self.idle_timeout)
        return found.game

    async def _writing(self, channel_id: int, rule: Callable[[_Lookup], Awaitable[T]]) -> T:
        """Hold the channel for one operation that writes, and apply its ``rule`` to what runs
        there as read from the store. The rule's one write is a compare and set, so a game
        another process changed since it was read is never overwritten."""
        self._check_open()
        async with self._lock(channel_id):
            return await rule(await self._look(channel_id))

    async def _look(self, channel_id: int) -> _Lookup:
        """The channel's game, expiring it if it has been idle for ``idle_timeout`` (it then
        waits in ``_unannounced`` for ``expire_idle``). The caller holds the channel's lock;
        if another process saves the game meanwhile, read it again."""

        async def look() -> _Lookup:
            found = await self._peek(channel_id)
            if found.expired is None:
                return found
            expired = await self._expire(found.expired)
            self._unannounced.append(expired)
            return _Lookup(None, expired)

        return await _retried(look)

    async def _in_running_game(
        self, channel_id: int, rule: Callable[[Game], Awaitable[T]], *, game_id: int | None = None
    ) -> T:
        """``rule`` applied to the channel's running game (see ``_writing``), or the sentence
        that says why there is none. ``game_id`` (a button's game) must be that game, else it
        is over."""

        async def on_running(found: _Lookup) -> T:
            if game_id is not None and (found.game is None or found.game.id != game_id):
                raise GameOverError("That game is over.")
            return await rule(self._running(found))

        return await self._writing(channel_id, on_running)

    async def _in_free_channel(
        self, channel_id: int, member_id: int, rule: Callable[[Game | None], Awaitable[T]]
    ) -> T:
        """``rule`` for a new game or challenge (see ``_writing``), given the game to set
        aside to make room: the member's own game that had not started, as EXPIRED but not
        saved yet (else None). The rule saves it in the store call that saves the new game or
        challenge (``replacing``), so a start refused because another process took the
        channel first sets nothing aside. ``GameRunningError`` if any other game is running,
        or a challenge waits for its answer there."""

        async def on_free(found: _Lookup) -> T:
            game = found.game
            if game is None:
                challenge = await self._look_challenge(channel_id)
                if challenge is not None:
                    raise sentences.challenge_pending(challenge, self._now())
                return await rule(None)
            if game.can_be_set_aside_by(member_id):
                return await rule(self._expired(game))
            raise sentences.already_running(game, member_id, self._now())

        return await self._writing(channel_id, on_free)

    async def _set_aside(self, game: Game) -> Game:
        """End a game nobody played: EXPIRED, the status that is not counted (not announced
        as an expiry: the member who set it aside is told by the reply)."""
        return await self._expire(game)

    async def _look_challenge(self, channel_id: int) -> Challenge | None:
        """The channel's open challenge, expiring it if its time is up (it then waits for
        ``expire_challenges``). The caller holds the channel's lock."""

        async def look() -> Challenge | None:  # answered or expired elsewhere: read again
            challenge = await self._store.open_challenge(channel_id)
            if challenge is None or self._now() < challenge.expires_at:
                return challenge
            self._expired_challenges.append(await self._expire_challenge(challenge))
            return None

        return await _retried(look)

    @asynccontextmanager
    async def _open_challenge(self, challenge_id: int) -> AsyncIterator[Challenge]:
        """Hold the challenge's channel and give the challenge while it is open, or raise
        the sentence that says what became of it."""
        self._check_open()
        stored = await self._store.get_challenge(challenge_id)
        if stored is None:
            raise sentences.challenge_closed(None)
        async with self._lock(stored.channel_id):
            challenge = await self._look_challenge(stored.channel_id)
            if challenge is None or challenge.id != challenge_id:
                raise sentences.challenge_closed(await self._store.get_challenge(challenge_id))
            yield challenge

    async def _expire_challenge(self, challenge: Challenge) -> Challenge:
        expired = replace(challenge, status=ChallengeStatus.EXPIRED)
        await self._close_challenge(expired)
        return expired

    async def _close_challenge(self, challenge: Challenge) -> None:
        """Save an answered or expired challenge (``GameChangedError`` if it was answered
        meanwhile, by another process)."""
        await self._store.close_challenge(challenge)

    def _expired(self, game: Game) -> Game:
        """``game`` ended now without a result (idle, or set aside): EXPIRED, never counted."""
        return replace(game, status=Status.EXPIRED, winner=None, updated_at=self._now())

    async def _expire(self, game: Game) -> Game:
        return await self._save(self._expired(game))

    async def _save(self, game: Game) -> Game:
        """Save over the version the operation read; ``GameChangedError`` if another process
        saved the game first (then nothing was written)."""
        return await self._store.update(game)

    async def _bot_move(self, board: Board, level: str) -> Move:
        """The bot's choice. Up to ``INLINE_MAX_SIZE`` it is computed inline (microseconds
        once cached); larger boards may search for a long while on a cold cache, so they run
        in a worker thread and the event loop keeps serving other channels."""
        if board.size <= INLINE_MAX_SIZE:
            return self._choose_move(board, level, self._rng)
        return await asyncio.to_thread(self._choose_move, board, level, self._rng)

    def _check_turn(self, game: Game, member_id: int) -> None:
        """Raise unless ``member_id`` has a seat and it is that seat's turn."""
        mark = game.seat_of(member_id)
        if mark is None:
            raise sentences.not_your_game(game)
        if game.board.to_move is not mark:
            raise sentences.not_your_turn(game)
