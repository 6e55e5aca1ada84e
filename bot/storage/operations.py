"""Every ``GameStore`` write, written once for every SQL store against one async transaction
interface, ``Transaction`` (``bot.storage.transaction``); an arena write's work in its
transaction is ``bot.storage.arenas``'s.

A store supplies ``_transact`` (one transaction, its driver's errors turned into the typed
errors of ``bot.games.store_errors``), ``_read`` (as ``StoreReads`` asks) and its dialect's few
differences (``_sql`` and the rest in its parameter style, ``_locking``, ``_skipping``), and
inherits the operations. The rating rules are the engine's and the game layer's
(``bot.engine.ratings.rate`` through ``rows.rating_rows``, ``bot.games.solo.after_game``),
applied here once, in the transaction of the save that first counts a result. Design:
docs/storage.md.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import replace
from datetime import date, datetime
from functools import partial
from typing import Any, TypeVar

from bot.games.arenas.models import Arena, ArenaState, Entrant, Pairing
from bot.games.errors import GameChangedError
from bot.games.models import Challenge, ChallengeStatus, Game, OwedBoard, Status
from bot.games.puzzles.models import (
    Attempt,
    AttemptStatus,
    DailyPost,
    DailySetting,
    Finished,
    MadePuzzle,
    PuzzlePlayer,
    PuzzleRating,
)
from bot.games.puzzles.rating import after_attempt
from bot.games.server_settings import ServerSettings
from bot.games.shards import ShardSet
from bot.games.solo import after_game, counts_against_bot, rates_solo
from bot.games.store import START, Page, PageKey
from bot.games.store_errors import (
    ChallengeAnsweredError,
    ChallengeMissingError,
    GameMissingError,
    PuzzleChangedError,
    SettingsChangedError,
)
from bot.storage import arenas
from bot.storage.arenas import ArenaReads, ArenaSql
from bot.storage.boards import BoardsSql, owe_row, owed_from_row
from bot.storage.puzzles import (
    PuzzleReads,
    PuzzleSql,
    attempt_from_row,
    attempt_row,
    claim_row,
    made_row,
    member_row,
    player_from_row,
    player_row,
    post_from_row,
    puzzle_rating_from_row,
    rating_row,
    setting_row,
)
from bot.storage.reads import StoreReads
from bot.storage.rows import (
    challenge_to_row,
    ends_a_duel,
    iso,
    may_end_a_duel,
    member_rows,
    rating_from_row,
    rating_rows,
    read_all,
    readable,
    saved_minute,
    scope,
    to_row,
)
from bot.storage.server_settings import (
    SettingsSql,
    idle_scope,
    saved,
    settings_from_row,
    settings_row,
)
from bot.storage.solo import (
    SoloReads,
    adaptive_key,
    ends_a_solo_game,
    is_adaptive,
    new_values,
    rating_of,
    record_of,
    solo_key,
)
from bot.storage.sql import page_end, scoped
from bot.storage.transaction import Params, Transaction

T = TypeVar("T")


class SqlGameStore(StoreReads, SoloReads, PuzzleReads, ArenaReads):
    """The ``GameStore`` operations of an SQL store (see ``bot.games.store`` for each)."""

    _settings_sql: SettingsSql
    _boards_sql: BoardsSql
    _puzzle_sql: PuzzleSql
    _arena_sql: ArenaSql
    _member_lock: str | None = None
    """A statement locking ``member_id`` until the transaction ends, where transactions run
    side by side (PostgreSQL's advisory lock); None where one writes at a time (SQLite)."""
    _locking = ""
    """Appended to a SELECT of rows the transaction then changes: PostgreSQL's " FOR UPDATE"
    (two transactions rating one member apply one after the other); nothing on SQLite, whose
    write transaction holds the whole file."""
    _skipping = ""
    """Appended to a sweep's page: PostgreSQL's " FOR UPDATE SKIP LOCKED"."""

    async def _transact(
        self,
        doing: str,
        work: Callable[[Transaction], Coroutine[Any, Any, T]],
        *,
        channel: int | None = None,
        alone: bool = False,
    ) -> T:
        """``work(tx)`` in one transaction, committed when it returns and rolled back on any
        error, which leaves as a typed error (``StoreBusyError``, ``ChannelTakenError``...)
        with the driver's words in the log; ``doing`` names it there. ``work`` awaits only
        ``tx``'s statements (the SQLite store runs it on its writer's thread). ``channel``: the
        transaction starts a game or opens a challenge there after other writes, so it takes
        the channel's lock first (PostgreSQL; see migration 5). ``alone``: ``work`` writes
        with one statement (reads after it aside), its own transaction where the database
        has autocommit (PostgreSQL: no BEGIN and COMMIT to send)."""
        raise NotImplementedError

    # -- games ---------------------------------------------------------------------------

    async def insert(
        self, game: Game, *, replacing: Game | None = None, board_due: datetime | None = None
    ) -> Game:
        row = to_row(game)
        before = None if replacing is None else (replacing, to_row(replacing))

        async def insert(tx: Transaction) -> int:
            if before is not None:
                await self._save(tx, *before)
            game_id = await self._insert_game(tx, game, row)
            await self._owe(tx, game_id, game.version, game.updated_at, board_due)
            return game_id

        channel = None if replacing is None else game.channel_id
        return replace(game, id=await self._transact("save a new game", insert, channel=channel))

    async def _insert_game(self, tx: Transaction, game: Game, row: Params) -> int:
        """Insert ``game`` (an ACTIVE one only into a free channel: migration 5's rule), then
        its members' names: after the game's row, whose trigger takes the channel's lock, so
        that lock comes before any member row's (migration 5 on deadlocks)."""
        game_id = await tx.insert(self._sql.insert, row)
        await tx.executemany(self._sql.upsert_member, member_rows(game))
        return game_id

    async def update(self, game: Game, *, board_due: datetime | None = None) -> Game:
        row = to_row(game)
        alone = not _counts(game) and board_due is None

        async def update(tx: Transaction) -> None:
            await self._save(tx, game, row)
            await self._owe(tx, game.id, game.version + 1, game.updated_at, board_due)

        await self._transact("save a game", update, alone=alone)
        return replace(game, version=game.version + 1)

    async def _owe(
        self, tx: Transaction, game_id: int, version: int, at: datetime, due: datetime | None
    ) -> None:
        """In ``tx``: the board of ``game_id`` at ``version`` is owed from ``due`` on (None:
        the save owes none)."""
        if due is not None:
            await tx.execute(self._boards_sql.owe, owe_row(game_id, version, due, at))

    async def _save(self, tx: Transaction, game: Game, row: Params) -> None:
        """``update``'s compare-and-set in ``tx``. A save that may count a result first reads
        the stored status (locked where rows lock), so a result moves the ratings once."""
        counts = _counts(game)
        by_id = {"id": game.id}
        found = await tx.fetchone(self._sql.game_by_id + self._locking, by_id) if counts else None
        if counts and found is None:
            raise GameMissingError(id=game.id)
        if await tx.execute(self._sql.update, row) != 1:
            if found is None and await tx.fetchone(self._sql.game_by_id, by_id) is None:
                raise GameMissingError(id=game.id)
            raise GameChangedError()
        if found is not None:
            if ends_a_duel(Status(found["status"]), game):
                await self._rate_duel(tx, game)
            if ends_a_solo_game(Status(found["status"]), game):
                await self._rate_solo(tx, game)

    async def _rate_duel(self, tx: Transaction, game: Game) -> None:
        """Move both players' duel ratings by ``game``, a duel first counted in this
        transaction (``rows.rating_rows``: Elo from their ratings before it)."""
        before = []
        for seat in (game.x, game.o):
            params = {**scope(game.guild_id), "kind": game.kind, "member_id": seat.member_id}
            found = await tx.fetchone(self._sql.rating + self._locking, params)
            before.append(rating_from_row(found))
        await tx.executemany(self._sql.upsert_rating, rating_rows(game, *before))

    async def _rate_solo(self, tx: Transaction, game: Game) -> None:
        """Move the member's solo rating (where ``rates_solo``) and adaptive record (at a level
        that plays at their rating) by ``game``, a result against the bot first counted in
        this transaction (``bot.games.solo.after_game``). Each row is made first if missing,
        then read (and locked), so two games of one member finishing at once in two channels
        apply one after the other and neither update is lost."""
        solo_sql, key = self._solo_sql, solo_key(game)
        solo = rating_of(None)
        if rates_solo(game):
            await tx.execute(solo_sql.new_solo, key)
            solo = rating_of(await tx.fetchone(solo_sql.solo + self._locking, key))
        adaptive = record_of(None)
        if is_adaptive(game):
            await tx.execute(solo_sql.new_adaptive, adaptive_key(game))
            found = await tx.fetchone(solo_sql.adaptive + self._locking, adaptive_key(game))
            adaptive = record_of(found)
        new_solo, new_record = after_game(game, solo, adaptive)
        if new_solo is not None:
            await tx.execute(solo_sql.set_solo, new_values(key, new_solo.rating, new_solo.games))
        if new_record is not None:
            params = new_values(adaptive_key(game), new_record.rating, new_record.games)
            await tx.execute(solo_sql.set_adaptive, params)

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
        page = scoped(self._sql, self._sql.idle_page, shards, channel_id, idle_scope(idle_minutes))
        params = {
            "before": iso(before),
            "before_minute": saved_minute(before),
            "after_minute": after[0],
            "after_id": after[1],
            "limit": limit,
            "channel_id": channel_id,
        }

        async def expire(tx: Transaction) -> Page[Game]:
            rows = await tx.fetchall(page + self._skipping, params)
            expired = []
            for game in readable(rows, self.where):
                done = replace(game, status=Status.EXPIRED, winner=None, updated_at=at)
                if await tx.execute(self._sql.update, to_row(done)) == 1:
                    expired.append(replace(done, version=game.version + 1))
            return Page(expired, page_end(rows, "saved_minute", limit))

        return await self._transact("expire idle games", expire)

    async def check_file(self) -> None:
        """Nothing to check here: a server owns its files (the SQLite store checks its own)."""

    # -- challenges ----------------------------------------------------------------------

    async def insert_challenge(
        self, challenge: Challenge, *, replacing: Game | None = None
    ) -> Challenge:
        row = challenge_to_row(challenge)
        before = None if replacing is None else (replacing, to_row(replacing))

        async def insert(tx: Transaction) -> int:
            if before is not None:
                await self._save(tx, *before)
            return await tx.insert(self._sql.insert_challenge, row)  # migration 5's rule

        channel = None if replacing is None else challenge.channel_id
        challenge_id = await self._transact(
            "save a challenge", insert, channel=channel, alone=replacing is None
        )
        return replace(challenge, id=challenge_id)

    async def update_challenge(self, challenge: Challenge) -> None:
        await self._transact("save a challenge", lambda tx: self._answer(tx, challenge))

    async def close_challenge(self, challenge: Challenge) -> None:
        await self._transact("answer a challenge", lambda tx: self._answer(tx, challenge, True))

    async def _answer(self, tx: Transaction, challenge: Challenge, close: bool = False) -> None:
        """``update_challenge`` (``close_challenge`` if ``close``) in ``tx``."""
        sql = self._sql.close_challenge if close else self._sql.update_challenge
        if await tx.execute(sql, challenge_to_row(challenge)) == 1:
            return
        if await tx.fetchone(self._sql.challenge_by_id, {"id": challenge.id}) is None:
            raise ChallengeMissingError(id=challenge.id)
        raise ChallengeAnsweredError()

    async def accept_challenge(
        self, challenge: Challenge, game: Game, *, board_due: datetime | None = None
    ) -> Game:
        row = to_row(game)
        accepted = replace(challenge, status=ChallengeStatus.ACCEPTED)

        async def accept(tx: Transaction) -> Game:
            await self._answer(tx, accepted, close=True)
            started = replace(game, id=await self._insert_game(tx, game, row))
            await self._answer(tx, replace(accepted, game_id=started.id))
            await self._owe(tx, started.id, started.version, started.updated_at, board_due)
            return started

        return await self._transact("start a duel", accept, channel=game.channel_id)

    async def expire_challenges(
        self,
        at: datetime,
        *,
        after: PageKey = START,
        shards: ShardSet | None = None,
        limit: int = 200,
    ) -> Page[Challenge]:
        page = scoped(self._sql, self._sql.due_challenges_page, shards, None) + self._skipping
        params = {"now": iso(at), "after_id": after[1], "limit": limit}

        async def expire(tx: Transaction) -> Page[Challenge]:
            rows = await tx.fetchall(page, params)
            expired = []
            for row in rows:
                closed = replace(self._challenge(row), status=ChallengeStatus.EXPIRED)
                if await tx.execute(self._sql.close_challenge, challenge_to_row(closed)) == 1:
                    expired.append(closed)
            return Page(expired, page_end(rows, None, limit))

        return await self._transact("expire challenges", expire)

    # -- boards owed ---------------------------------------------------------------------

    async def boards_owed(
        self, at: datetime, *, shards: ShardSet | None = None, limit: int = 50
    ) -> list[OwedBoard]:
        page = scoped(self._sql, self._boards_sql.due_page, shards, None)
        rows = await self._read(page, {"now": iso(at), "limit": limit})
        return read_all(rows, self.where, owed_from_row)

    async def board_shown(self, game_id: int, version: int) -> None:
        params = {"game_id": game_id, "version": version}
        shown = self._boards_sql.shown
        await self._transact(
            "forget a board shown", lambda tx: tx.execute(shown, params), alone=True
        )

    async def board_late(self, game_id: int, version: int, attempts: int, due: datetime) -> None:
        params = {"game_id": game_id, "version": version, "attempts": attempts, "due_at": iso(due)}
        late = self._boards_sql.late
        await self._transact("note a board late", lambda tx: tx.execute(late, params), alone=True)

    # -- the bot's state and servers' settings -------------------------------------------

    async def set_bot_state(self, name: str, value: str, at: datetime) -> None:
        params = {"name": name, "value": value, "updated_at": iso(at)}
        upsert = self._sql.set_bot_state
        await self._transact(
            "save the bot's state", lambda tx: tx.execute(upsert, params), alone=True
        )

    async def server_settings(self, guild_id: int) -> ServerSettings | None:
        rows = await self._read(self._settings_sql.select, {"guild_id": guild_id})
        return settings_from_row(rows[0]) if rows else None

    async def save_server_settings(self, settings: ServerSettings, at: datetime) -> ServerSettings:
        sql = self._settings_sql.insert if settings.version == 0 else self._settings_sql.update
        row = settings_row(settings, at)

        async def save(tx: Transaction) -> None:
            if await tx.execute(sql, row) != 1:
                raise SettingsChangedError()

        await self._transact("save a server's settings", save, alone=True)
        return saved(settings)

    async def delete_server_settings(self, guild_id: int) -> None:
        params = {"guild_id": guild_id}
        delete = self._settings_sql.delete
        await self._transact(
            "delete a server's settings", lambda tx: tx.execute(delete, params), alone=True
        )

    async def idle_minutes_in_use(self) -> list[int]:
        rows = await self._read(self._settings_sql.idle_in_use)
        return [int(row["idle_minutes"]) for row in rows]

    # -- puzzles (migration 16) ----------------------------------------------------------

    async def start_attempt(
        self,
        attempt: Attempt,
        *,
        member_name: str,
        player: PuzzlePlayer,
        rating: PuzzleRating,
    ) -> tuple[Attempt, Attempt | None]:
        sql, at = self._puzzle_sql, attempt.started_at
        key = {"member_id": attempt.member_id}

        async def start(tx: Transaction) -> tuple[Attempt, Attempt | None]:
            await tx.execute(sql.new_player, player_row(attempt.member_id, player, at))
            await tx.fetchone(sql.player + self._locking, key)  # one start of a member at once
            aside = None
            running = await tx.fetchone(sql.running + self._locking, key)
            if running is not None:
                found = attempt_from_row(running)
                await tx.execute(sql.set_aside, {"id": found.id, "updated_at": iso(at)})
                aside = replace(
                    found,
                    status=AttemptStatus.SET_ASIDE,
                    version=found.version + 1,
                    updated_at=at,
                )
            tried = {**key, "puzzle_id": attempt.puzzle_id}
            rated = await tx.fetchone(sql.tried_before, tried) is None
            daily = attempt.daily
            if daily is not None and attempt.guild_id is not None:
                params = {**key, "guild_id": attempt.guild_id, "daily": daily.isoformat()}
                if await tx.fetchone(sql.daily_attempt, params) is not None:
                    daily = None
            started = replace(attempt, rated=rated, daily=daily, status=AttemptStatus.RUNNING)
            await tx.execute(sql.new_rating, rating_row(attempt.puzzle_id, rating))
            started = replace(started, id=await tx.insert(sql.insert_attempt, attempt_row(started)))
            await tx.executemany(
                self._sql.upsert_member, [member_row(attempt.member_id, member_name, at)]
            )
            return started, aside

        return await self._transact("start a puzzle", start)

    async def save_attempt(self, attempt: Attempt) -> Finished | None:
        sql, row = self._puzzle_sql, attempt_row(attempt)
        ends = attempt.status in (AttemptStatus.SOLVED, AttemptStatus.MISSED)
        member = {"member_id": attempt.member_id}
        puzzle = {"puzzle_id": attempt.puzzle_id}

        async def save(tx: Transaction) -> Finished | None:
            player_found = None
            if ends:  # the member's row first, as a start locks it: one order, no deadlock
                player_found = await tx.fetchone(sql.player + self._locking, member)
            if await tx.execute(sql.update_attempt, row) != 1:
                raise PuzzleChangedError()
            if not ends:
                return None
            rating_found = await tx.fetchone(sql.rating + self._locking, puzzle)
            if player_found is None or rating_found is None:  # made by the start, never gone
                raise PuzzleChangedError()
            before = player_from_row(player_found)
            rating = puzzle_rating_from_row(rating_found)
            saved = replace(attempt, version=attempt.version + 1)
            after, rated = after_attempt(before, rating, saved)
            at = attempt.updated_at
            await tx.execute(sql.set_player, player_row(attempt.member_id, after, at))
            await tx.execute(sql.set_rating, rating_row(attempt.puzzle_id, rated))
            return Finished(before, after, rated)

        return await self._transact("save a puzzle attempt", save, alone=not ends)

    async def add_made_puzzles(self, made: Sequence[MadePuzzle], at: datetime) -> int:
        rows = [made_row(one, at) for one in made]
        insert = self._puzzle_sql.insert_made

        async def add(tx: Transaction) -> int:
            return sum([await tx.execute(insert, row) for row in rows])

        return await self._transact("save made puzzles", add)

    async def set_daily_setting(self, setting: DailySetting, at: datetime) -> None:
        upsert, row = self._puzzle_sql.set_daily_setting, setting_row(setting, at)
        await self._transact(
            "save a daily puzzle channel", lambda tx: tx.execute(upsert, row), alone=True
        )

    async def delete_daily_setting(self, guild_id: int) -> None:
        delete, params = self._puzzle_sql.delete_daily_setting, {"guild_id": guild_id}
        await self._transact(
            "delete a daily puzzle channel", lambda tx: tx.execute(delete, params), alone=True
        )

    async def claim_daily(self, post: DailyPost, at: datetime, stale: datetime) -> DailyPost | None:
        sql, params = self._puzzle_sql, claim_row(post, at, stale)

        async def claim(tx: Transaction) -> DailyPost | None:
            claimed = await tx.execute(sql.claim_new, params) == 1
            if not claimed:
                claimed = await tx.execute(sql.claim_stale, params) == 1
            if not claimed:
                return None
            found = await tx.fetchone(sql.daily_post, params)
            return None if found is None else post_from_row(found)

        return await self._transact("claim a daily puzzle post", claim)

    # -- arenas (bot.storage.arenas) -------------------------------------------------------

    async def insert_arena(self, arena: Arena) -> Arena:
        work = partial(arenas.insert_arena, sql=self._arena_sql, arena=arena)
        return replace(arena, id=await self._transact("save a new arena", work))

    async def save_arena(
        self, arena: Arena, entrants: Sequence[Entrant], pairings: Sequence[Pairing]
    ) -> ArenaState:
        work = partial(
            arenas.save_arena,
            sql=self._arena_sql,
            member_lock=self._member_lock,
            arena=arena,
            entrants=entrants,
            pairings=pairings,
        )
        return await self._transact("save an arena", work)

    async def open_arena_game(
        self, pairing: Pairing, game: Game, *, board_due: datetime | None = None
    ) -> Game:
        sql, row = self._arena_sql, to_row(game)

        async def start(tx: Transaction) -> int:
            await arenas.arena_still_open(tx, sql, pairing.arena_id)
            game_id = await self._insert_game(tx, game, row)
            await arenas.start_pairing(tx, sql, pairing, game_id)
            await self._owe(tx, game_id, game.version, game.updated_at, board_due)
            return game_id

        game_id = await self._transact("start an arena game", start, channel=game.channel_id)
        return replace(game, id=game_id)

    async def daily_posted(self, guild_id: int, day: date, message_id: int) -> None:
        posted = self._puzzle_sql.daily_posted
        params = {"guild_id": guild_id, "day": day.isoformat(), "message_id": message_id}
        await self._transact(
            "note a daily puzzle posted", lambda tx: tx.execute(posted, params), alone=True
        )


def _counts(game: Game) -> bool:
    """Whether saving ``game`` may count a result that moves a rating: only such a save reads
    the stored status first (every other is one compare-and-set UPDATE)."""
    return may_end_a_duel(game) or counts_against_bot(game)
