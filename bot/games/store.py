"""The storage contract the game service relies on, which every database's store implements.

The database is the one truth, shared by every process that opens it (several Discord
shards, the terminal game): a process never trusts a game it read earlier. Each game has a
``version``; ``update`` saves over the version the caller read and fails with
``GameChangedError`` if another save came first, and a challenge is answered only while it is
open. So of two processes changing one game at once, the second changes nothing and says so.

Methods are ``async`` and never block the event loop: the SQLite store runs its work on worker
threads (reads on their own connection, so they never wait for a writer), PostgreSQL through
an async driver. ``tests/storage/test_store_contract.py`` checks these promises against
every store: a new store adds its factory there.

A store's errors carry no sentence of its own: it raises the typed errors of
``bot.games.store_errors`` (and ``StoreBusyError``, ``GameChangedError``,
``DatabaseGoneError``), built from facts alone, and each class words what the player reads.

Every store keeps the schema of ``bot.storage.migrations`` (same versions, same counting rules)
and maps games to rows with ``bot.storage.rows``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Generic, Protocol, TypeAlias, TypeVar

from bot.engine.ratings import AdaptiveRecord
from bot.games.arenas.models import Arena, ArenaState, Entrant, Pairing
from bot.games.models import Challenge, Game, GameKind, OwedBoard, Rating, Record
from bot.games.puzzles import Puzzle
from bot.games.puzzles.models import (
    Attempt,
    DailyPost,
    DailySetting,
    Finished,
    MadePuzzle,
    PuzzlePlayer,
    PuzzleRating,
)
from bot.games.shards import ShardSet

if TYPE_CHECKING:  # it reads the store, which reads it
    from bot.games.server_settings import ServerSettings

T = TypeVar("T")

PageKey: TypeAlias = tuple[int, int]
"""Where a page of a sweep ended: the stored sort number (a game's ``saved_minute``, or 0)
and the id."""

START: PageKey = (-(2**63), 0)
"""The key before every row: a sweep's first page (the least 64-bit integer, below any
minute a ``datetime`` can hold)."""


@dataclass(frozen=True, slots=True)
class Page(Generic[T]):
    """One batch of a sweep: what it changed, and where the next batch starts (``None``:
    this was the last). The key follows the rows read, so a row set aside as unreadable never
    holds the sweep up."""

    items: list[T]
    after: PageKey | None


class GameStore(Protocol):
    """Durable home of games, members' latest names and the totals of their results.

    Failures: every method raises ``StorageError`` when the database cannot do what it
    promises (unreachable or failed: ``StoreUnavailableError``; busy past the write timeout:
    ``StoreBusyError``; refused: ``StoreFailedError``; closed: ``StoreClosedError``; a game
    or challenge gone: ``GameMissingError``, ``ChallengeMissingError``; a stored one that
    does not read back as a valid one: ``UnreadableRowError``), never a driver's own
    exception. A player may read its sentence, so it names neither the file nor the server
    and quotes no driver: the log has those. ``GameChangedError``: another process changed
    the game or challenge first (compare and set; ``ChannelTakenError`` by a game or a
    challenge, ``ChallengeAnsweredError``, ``SettingsChangedError``, ``RowRefusedError``);
    nothing of that call was written.

    Writes never store a row that would not read back: ``insert`` and ``update`` raise
    ``ValueError`` (``TypeError`` for an id that is no ``int``) for such a game before
    anything is written (``rows.to_row``): an adapter's or the service's bug, not the
    database's. ``insert`` and ``update`` are each one transaction, committed before they
    return, so what they return or confirm survives the program stopping; on
    ``StorageError`` or ``GameChangedError`` nothing of that call was saved.

    What counts as a result (``records`` and ``standings``): games WON, LOST, DRAWN or
    RESIGNED, for each member seat (both seats of a game between members). A seat wins when
    ``winner`` is its mark, loses when it is the other mark (a resignation is the resigner's
    loss), draws when there is no winner. ACTIVE and EXPIRED games do not count. Totals always
    equal a recount of the games as last saved, so saving a game again never counts it twice.
    ``standings`` leaves out duels (level ``DUEL``): they are ranked by ``ratings``.
    Standings and ratings are kept per kind of game (``Game.kind``, the ``kind`` argument of
    their reads): a game counts under its own kind only.

    Ratings: ``update`` that first saves a duel as counted (from a status that did not count)
    changes both players' ratings of that kind in that server (``rows.rating_rows``: Elo from
    their ratings before it) in the same transaction; saving it again changes nothing.

    Solo ratings (migration 12): ``update`` that first saves a game against the bot as
    counted changes, in the same transaction, the member's solo rating on that size in that
    server (on a size of ``bot.games.solo.SOLO_SIZES``) and, at ``adaptive``, their adaptive
    record on that kind and size (migration 18; ``bot.games.solo.after_game`` from their values
    before it); saving it again changes nothing, so a retried or repeated save never counts a
    game twice.

    Puzzles (migration 16): a member's puzzle standing is one everywhere; ``save_attempt``
    that ends an attempt applies ``bot.games.puzzles.rating.after_attempt`` to it and to the
    puzzle's rating in the same transaction, once (compare and set on the attempt's version).
    """

    async def active_games(self) -> list[Game]:
        """Every ACTIVE game, in id order (at most one per channel). A stored game that does
        not read back is set aside: left out, with one log line naming its id, and left in
        the database as it is (``rows.readable``), so it never makes the others unusable."""
        ...

    async def active_game(self, channel_id: int) -> Game | None:
        """The channel's ACTIVE game as last saved, or None (a game that does not read back
        raises ``StorageError``, as ``get``)."""
        ...

    async def last_finished(self, channel_id: int) -> Game | None:
        """The channel's newest game that is no longer ACTIVE (however it ended), or None."""
        ...

    async def open_game_count(self) -> int:
        """How many games are ACTIVE, everywhere."""
        ...

    async def expire_idle(
        self,
        before: datetime,
        at: datetime,
        *,
        after: PageKey = START,
        shards: ShardSet | None = None,
        channel_id: int | None = None,
        limit: int = 200,
        idle_minutes: int | None = None,
    ) -> Page[Game]:
        """Expire one batch of ACTIVE games last saved at or before ``before``, in one
        transaction: at most ``limit`` of them, after the key ``after`` in (``saved_minute``,
        id) order, only in the servers of ``shards`` (``shards.owns``) and in ``channel_id``
        if given. Each is
        saved as EXPIRED at ``at`` (winner none, version plus one) only if nobody saved it
        since it was read, so each expiry is claimed by exactly one process. Returns the games
        this call expired. Rows that do not read back are set aside (``active_games``).
        ``idle_minutes``: None, only games outside any server whose settings set idle minutes
        of its own; a number, only games in servers whose settings set exactly that many. A
        game of an open arena is never expired here: its move clock decides it."""
        ...

    async def get(self, game_id: int) -> Game | None:
        """The game with this id as last saved, active or finished; None if there is none."""
        ...

    async def history(
        self,
        member_id: int,
        guild_id: int | None,
        *,
        before_id: int | None = None,
        after_id: int | None = None,
        limit: int = 10,
    ) -> list[Game]:
        """The member's games that ended with a result (WON, LOST, DRAWN or RESIGNED: never
        ACTIVE nor EXPIRED ones), with a seat for ``member_id``, newest (highest id) first;
        ``guild_id=None`` everywhere, an id only that server's games. With ``before_id``, the
        newest ``limit`` of those with a lower id; with ``after_id``, the oldest ``limit`` of
        those with a higher id (still returned newest first); with neither, the newest
        ``limit``. Both: ``ValueError``. A game that does not read back raises
        ``StorageError`` (as ``get``)."""
        ...

    async def latest_game(self, channel_id: int, member_id: int) -> Game | None:
        """The member's most recent game in the channel (the highest id among the games in
        ``channel_id`` with a seat for ``member_id``), whatever its status; None if none."""
        ...

    async def insert(
        self, game: Game, *, replacing: Game | None = None, board_due: datetime | None = None
    ) -> Game:
        """Save a new game and return it with the id the store assigned (``game.id`` is
        ignored); ids grow with each insert and are never reused. Each member seat's name
        becomes that member's latest name. Raises ``GameChangedError`` if the game is ACTIVE and
        its channel already has an active game or an OPEN challenge (another process started
        one or challenged first): a channel never holds both, as in any serial order.

        ``replacing``: the game this one takes the place of (ended to make room, say set
        aside), saved first as ``update`` saves it, in the same transaction: if another
        process saved it meanwhile (``GameChangedError``), or the insert is refused, neither
        is written. ``board_due``: the new game's board is owed (``boards_owed``), in the same
        transaction, to a sweep from that moment on."""
        ...

    async def update(self, game: Game, *, board_due: datetime | None = None) -> Game:
        """Save the progress of the game ``game.id``: its moves, status, winner,
        ``updated_at`` and ``message_id``, and return it with its version plus one. The rest
        (channel, server, seats, kind, level, size, first, ``created_at``) is fixed at insert and
        left as it is; member names do not change. Compare and set: only if the stored
        version is ``game.version``, else ``GameChangedError`` and nothing is written; so too
        if it makes an ended game ACTIVE again where a game runs or a challenge waits (as
        ``insert``). Raises ``StorageError`` if there is no such game. ``board_due``: the
        saved game's board is owed from that moment on, in the same transaction (a newer
        board replaces an older one owed)."""
        ...

    async def check_file(self) -> None:
        """Raise ``DatabaseGoneError`` if the store's database is no longer the one it opened
        (an SQLite file deleted or replaced under it); a server database does nothing."""
        ...

    async def member_name(self, member_id: int) -> str | None:
        """The member's name in the latest game inserted with them, or None if none was."""
        ...

    async def records(
        self, member_id: int, guild_id: int | None
    ) -> dict[tuple[GameKind, str, int], Record]:
        """The member's counted results per ``(kind, level, size)``, duels under ``DUEL``;
        those without one are absent, and so are those of a kind no variant plays.
        ``guild_id=None`` counts games everywhere (servers and none); an id, only that
        server's games."""
        ...

    async def standings(
        self, guild_id: int | None, limit: int | None = None, *, kind: GameKind
    ) -> list[tuple[int, str, Record]]:
        """``(member_id, name, record)`` of every member with a counted result in the scope:
        the server ``guild_id``, or games outside any server (the terminal) for ``None``;
        server 0 is a server, not "none". ``name`` is the latest name, ``"member <id>"`` if
        that is empty. In leaderboard order: most points (3 per win, 1 per draw), then fewest
        losses, most wins, ``name`` by ``str.casefold`` (compared by code point), member id.
        With ``limit``, only the first ``limit`` of that order. Only games of ``kind``."""
        ...

    async def rating(self, member_id: int, guild_id: int | None, *, kind: GameKind) -> Rating:
        """The member's duel rating for duels of ``kind`` in the server ``guild_id`` (``None``:
        outside any server); ``Rating()`` (1200, no games) if they have not finished one there."""
        ...

    async def duel_standings(
        self, guild_id: int | None, limit: int | None = None, *, kind: GameKind
    ) -> list[tuple[int, str, Rating]]:
        """``(member_id, name, rating)`` of every member rated in duels of ``kind`` in the
        scope (as ``standings``), highest rating first, then more games, name (casefolded),
        id."""
        ...

    async def adaptive_record(self, member_id: int, kind: str, size: int) -> AdaptiveRecord:
        """The member's record against the adaptive level in games of ``kind`` (a kind's name,
        ``Game.kind``) on ``size``, everywhere; ``AdaptiveRecord()`` (``START_RATING``, no
        games) before their first such game."""
        ...

    async def solo_ratings(self, member_id: int, guild_id: int | None) -> dict[int, Rating]:
        """The member's solo rating per board size in the scope (as ``rating``), sizes in
        order; a size without a counted game against the bot there is absent."""
        ...

    async def solo_standings(
        self, guild_id: int | None, size: int, limit: int
    ) -> list[tuple[int, str, Rating]]:
        """``(member_id, name, rating)`` of the scope's members with a solo rating on
        ``size`` (scope and name as ``standings``), highest rating first, then more games,
        name (casefolded), id; the first ``limit`` of them."""
        ...

    async def head_to_head(self, member_id: int, other_id: int, guild_id: int | None) -> Record:
        """The member's counted duels against ``other_id``, from the member's side;
        ``guild_id=None`` everywhere, an id only that server."""
        ...

    async def insert_challenge(
        self, challenge: Challenge, *, replacing: Game | None = None
    ) -> Challenge:
        """Save a new challenge and return it with its assigned id (growing, never reused).
        Raises ``GameChangedError`` if it is open and its channel already has an open one or
        an ACTIVE game (``replacing`` aside). ``replacing``: a game saved in the same
        transaction, as ``insert`` does."""
        ...

    async def update_challenge(self, challenge: Challenge) -> None:
        """Save the challenge's ``status``, ``message_id`` and ``game_id`` (the rest is fixed
        at insert), only while the stored one is OPEN or already has ``challenge.status``:
        else ``GameChangedError`` (somebody answered it first) and nothing is written.
        Raises ``StorageError`` if there is no such challenge."""
        ...

    async def close_challenge(self, challenge: Challenge) -> None:
        """Save the challenge's answer or expiry (as ``update_challenge``) only if the stored
        one is still OPEN: else ``GameChangedError`` (answered first elsewhere), nothing
        written. Raises ``StorageError`` if there is no such challenge."""
        ...

    async def accept_challenge(
        self, challenge: Challenge, game: Game, *, board_due: datetime | None = None
    ) -> Game:
        """In one transaction: close the OPEN ``challenge`` as ACCEPTED (``close_challenge``)
        and insert ``game``
        (its duel) as ``insert`` does, the challenge's ``game_id`` set to the new id; returns
        the game with its id. ``GameChangedError`` if the challenge was answered meanwhile,
        ``StorageError`` as ``insert``; either way nothing is written. ``board_due`` as
        ``insert``'s."""
        ...

    async def open_challenge(self, channel_id: int) -> Challenge | None:
        """The channel's OPEN challenge as last saved, or None."""
        ...

    async def expire_challenges(
        self,
        at: datetime,
        *,
        after: PageKey = START,
        shards: ShardSet | None = None,
        limit: int = 200,
    ) -> Page[Challenge]:
        """Expire one batch of OPEN challenges whose ``expires_at`` is not after ``at``, ids
        after ``after``, only in the servers of ``shards``: each closed as EXPIRED unless it
        was answered meanwhile (claimed once, as ``expire_idle``); returns those closed."""
        ...

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        """The challenge with this id as last saved; None if there is none."""
        ...

    async def open_challenges(self) -> list[Challenge]:
        """Every OPEN challenge, in id order (at most one per channel)."""
        ...

    async def boards_owed(
        self, at: datetime, *, shards: ShardSet | None = None, limit: int = 50
    ) -> list[OwedBoard]:
        """The boards owed whose next try is due by ``at``, oldest due first, at most
        ``limit``, only in the servers of ``shards``; each with its game as stored now. A game
        that does not read back is left out (``active_games``)."""
        ...

    async def board_shown(self, game_id: int, version: int) -> None:
        """The board of ``game_id`` was shown at ``version``: no longer owed, unless a newer
        one is owed meanwhile (then that one stays)."""
        ...

    async def board_late(self, game_id: int, version: int, attempts: int, due: datetime) -> None:
        """Showing the board of ``game_id`` at ``version`` failed ``attempts`` times: the next
        try is due at ``due`` (unless a newer board is owed meanwhile)."""
        ...

    async def bot_state(self, name: str) -> str | None:
        """The value last saved as the bot's state ``name`` (by any process), or None."""
        ...

    async def set_bot_state(self, name: str, value: str, at: datetime) -> None:
        """Save ``value`` as the bot's state ``name`` at ``at``, replacing any earlier value."""
        ...

    async def server_settings(self, guild_id: int) -> ServerSettings | None:
        """The server's settings as last saved (by any process), or None if it has none."""
        ...

    async def save_server_settings(self, settings: ServerSettings, at: datetime) -> ServerSettings:
        """Save the server's settings at ``at`` over the version read (``settings.version``;
        0: the server had none) and return them with the version plus one. Compare and set:
        another save came first, ``GameChangedError`` and nothing is written."""
        ...

    async def delete_server_settings(self, guild_id: int) -> None:
        """Delete the server's settings, if any."""
        ...

    async def idle_minutes_in_use(self) -> list[int]:
        """Every number of idle minutes some server's settings set, ascending, once each."""
        ...

    # -- puzzles (migration 16) -------------------------------------------------------------

    async def puzzle_player(self, member_id: int) -> PuzzlePlayer | None:
        """The member's puzzle standing (everywhere), or None before their first puzzle."""
        ...

    async def puzzle_ratings(self) -> dict[int, PuzzleRating]:
        """Every stored puzzle rating by the puzzle's number (one nobody tried has none)."""
        ...

    async def tried_puzzles(self, member_id: int) -> list[int]:
        """The numbers of the puzzles the member has an attempt at (any status), the most
        recently started first, each once."""
        ...

    async def running_attempt(self, member_id: int) -> Attempt | None:
        """The member's RUNNING attempt (at most one, wherever it started), or None."""
        ...

    async def puzzle_attempt(self, attempt_id: int) -> Attempt | None:
        """The attempt with this id as last saved, or None."""
        ...

    async def daily_attempt(self, member_id: int, guild_id: int, day: date) -> Attempt | None:
        """The member's attempt at the server's daily puzzle of ``day`` (at most one)."""
        ...

    async def start_attempt(
        self,
        attempt: Attempt,
        *,
        member_name: str,
        player: PuzzlePlayer,
        rating: PuzzleRating,
    ) -> tuple[Attempt, Attempt | None]:
        """Save a new RUNNING attempt and return it as saved (its id assigned, growing and
        never reused; ``rated`` True exactly when the member had no attempt at that puzzle
        before; ``daily`` None if the member already has an attempt at that server's daily
        puzzle of that day), with the running attempt it set aside (SET_ASIDE, version plus
        one) or None. One transaction, the member's standing row made first at ``player`` if
        missing and locked (PostgreSQL), so two starts of one member apply one after the
        other; the puzzle's rating row made at ``rating`` if missing; ``member_name`` becomes
        the member's latest name (as ``insert``)."""
        ...

    async def save_attempt(self, attempt: Attempt) -> Finished | None:
        """Save the attempt's moves, status and ``updated_at`` over its version while it runs
        (compare and set: else ``PuzzleChangedError``, nothing written), its version plus one.
        When the save ends it (SOLVED or MISSED), the same transaction reads the member's
        standing and the puzzle's rating (locked), applies
        ``bot.games.puzzles.rating.after_attempt`` and writes both, and returns them before
        and after; else None."""
        ...

    async def puzzle_standings(
        self, guild_id: int | None, limit: int
    ) -> list[tuple[int, str, PuzzlePlayer, int]]:
        """``(member_id, name, standing, solved there)`` of each member who solved a puzzle in
        the scope (as ``standings``: a server, or ``None`` outside any), highest rating first,
        then more solved there, name (casefolded), id; the first ``limit``."""
        ...

    async def add_made_puzzles(self, made: Sequence[MadePuzzle], at: datetime) -> int:
        """Save puzzles made from finished games, numbered from 100001 in the order given,
        leaving out a position already made (same size, k and ``shape``); how many were new."""
        ...

    async def made_puzzles(self, after_id: int, limit: int) -> list[Puzzle]:
        """The made puzzles numbered above ``after_id``, in order, at most ``limit``."""
        ...

    async def finished_games(self, after_id: int, limit: int) -> list[Game]:
        """Games with a result (WON, LOST, DRAWN or RESIGNED) numbered above ``after_id``, in
        id order, at most ``limit``; one that does not read back is left out (logged)."""
        ...

    async def daily_setting(self, guild_id: int) -> DailySetting | None:
        """The server's daily puzzle channel and hour, or None (no daily puzzle)."""
        ...

    async def set_daily_setting(self, setting: DailySetting, at: datetime) -> None:
        """Save the server's daily puzzle channel and hour, replacing any."""
        ...

    async def delete_daily_setting(self, guild_id: int) -> None:
        """No daily puzzle for the server any more (its posts stay)."""
        ...

    async def daily_due(self, day: date, hour: int, stale: datetime) -> list[DailySetting]:
        """The settings of every server whose hour is at most ``hour`` and whose post of
        ``day`` is not claimed, or was claimed at or before ``stale`` and never posted; by
        server id."""
        ...

    async def claim_daily(self, post: DailyPost, at: datetime, stale: datetime) -> DailyPost | None:
        """Claim the server's post of ``post.day`` at ``at``: a new row (``post``'s puzzle and
        channel), or the row of a claim made at or before ``stale`` that never posted, taken
        over (its puzzle kept, the channel ``post``'s). Of several callers at once exactly one
        gets the post as stored; the others None."""
        ...

    async def daily_posted(self, guild_id: int, day: date, message_id: int) -> None:
        """The server's post of ``day`` is the message ``message_id``."""
        ...

    async def daily_post(self, guild_id: int, day: date) -> DailyPost | None:
        """The server's post of ``day``, with the members who solved it from the post (their
        one daily attempt solved), or None."""
        ...

    async def daily_posts(
        self, guild_id: int, limit: int, *, before: date | None = None
    ) -> list[DailyPost]:
        """The server's posts (of the days before ``before``, if given), the newest day first,
        at most ``limit`` (as ``daily_post``)."""
        ...

    # -- arenas (bot.games.arenas) ---------------------------------------------------------

    async def insert_arena(self, arena: Arena) -> Arena:
        """Save a new arena and return it with its id; ``ArenaChangedError`` if its channel
        has an open arena already."""
        ...

    async def arena(self, arena_id: int) -> ArenaState | None:
        """The arena ``arena_id``, with its entrants and pairings, or None."""
        ...

    async def arena_in(self, channel_id: int) -> ArenaState | None:
        """The channel's open arena, with its entrants and pairings, or None."""
        ...

    async def member_arena(self, member_id: int) -> Arena | None:
        """An open arena where the member is active or has a pairing being made or played."""
        ...

    async def arenas_due(self) -> list[Arena]:
        """Every open arena, and every ended one whose end was not posted, oldest first."""
        ...

    async def arena_games(self, arena_id: int) -> list[Game]:
        """The games played in the arena, oldest first."""
        ...

    async def arena_playing(self, arena_id: int) -> list[Game]:
        """The games of the arena's pairings marked playing (as stored now: some may have
        ended since), in one read."""
        ...

    async def arena_unshown(self, arena_id: int) -> set[int]:
        """The ids of those games whose first board is owed (``boards``): never shown."""
        ...

    async def save_arena(
        self, arena: Arena, entrants: Sequence[Entrant], pairings: Sequence[Pairing]
    ) -> ArenaState:
        """Save ``arena`` (its status, message, flags) over the version it was read at, its
        ``entrants`` (inserted or replaced) and ``pairings`` (id 0: inserted, else
        replaced) in one transaction, and return the arena as it then stands.
        ``ArenaChangedError``, nothing written, if another save came first, or if it would
        make a member active in two open arenas or pair a member who is paired already."""
        ...

    async def open_arena_game(
        self, pairing: Pairing, game: Game, *, board_due: datetime | None = None
    ) -> Game:
        """Insert the pending ``pairing``'s ``game`` (in its thread) and mark the pairing
        playing, in one transaction; ``ArenaChangedError``, nothing written, if the pairing
        is no longer pending or its arena no longer open. ``board_due`` as ``insert``'s."""
        ...

    async def close(self) -> None:
        """Release the database; closing again does nothing, any other call then raises
        ``StorageError``."""
        ...
