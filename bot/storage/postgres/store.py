"""``GameStore`` on PostgreSQL: psycopg 3 (async) through ``psycopg_pool.AsyncConnectionPool``.

Opening connects once (a sentence naming the server if it cannot), then migrates under an
advisory lock, one migration per transaction; a newer schema or another program's tables are
refused and left untouched. A write waits at most ``write_timeout`` for another's row lock
(then ``StoreBusyError``); a lost server makes operations fail with "unavailable" until the
pool reconnects by itself. Design notes: docs/storage.md.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime
from typing import Any, TypeAlias

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import DictRow, dict_row
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from bot.games.errors import (
    CHALLENGE_MISSING,
    GAME_MISSING,
    STORE_CLOSED,
    STORE_FAILED,
    UNAVAILABLE,
    GameChangedError,
    GameError,
    StorageError,
    StoreBusyError,
)
from bot.games.models import Challenge, ChallengeStatus, Game, Status
from bot.games.sentences import (
    CHALLENGE_ANSWERED,
)
from bot.games.server_settings import SETTINGS_CHANGED, ServerSettings
from bot.games.shards import ShardSet
from bot.games.solo import after_game, rates_solo
from bot.games.store import START, Page, PageKey
from bot.storage.defaults import DEFAULT_POOL_SIZE, DEFAULT_WRITE_TIMEOUT
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.storage.reads import StoreReads
from bot.storage.rows import (
    MEMBER_COLUMNS,
    challenge_to_row,
    ends_a_duel,
    iso,
    may_end_a_duel,
    member_rows,
    rating_from_row,
    rating_rows,
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
    SoloSql,
    adaptive_key,
    ends_a_solo_game,
    is_adaptive,
    new_values,
    rating_of,
    record_of,
    solo_key,
)
from bot.storage.sql import (
    CHANNEL_RULES,
    GameSql,
    page_end,
    scoped,
    upsert,
)

logger = logging.getLogger(__name__)

Connection: TypeAlias = psycopg.AsyncConnection[DictRow]
"""A pooled connection: autocommit, rows as dicts (read by column name)."""

CONNECT_TIMEOUT_SECONDS = 10.0

WAIT_FOR_CONNECTION_SECONDS = 2.0
"""How long an operation waits for a connection (all in use, or the server away) before the
player hears the store is unavailable: Discord gives up on an unanswered click after 3 s."""

GIVE_UP_RECONNECTING_SECONDS = 10.0
"""How long the pool retries one lost connection (backing off 1, 2, 4... s) before it leaves
the next operation to ask for a fresh one: so a server back after a long outage is used within
seconds, not after the pool's backoff has grown to minutes."""

MIGRATION_LOCK = 0x7469_6374_6163  # "tictac": the advisory lock key migrations take

CHANNEL_LOCK = 0x7474_6368  # "ttch": with a channel, the (int, int) key of its lock

VERSION_TABLE = "tictactoe_schema"

_SQL = GameSql.styled("%({})s")
_SOLO = SoloSql.styled("%({})s")
_SETTINGS = SettingsSql.styled("%({})s")

UNREACHABLE = (
    "Cannot reach the game database {server}: check that PostgreSQL is running there and that "
    "DATABASE_URL is right (the log has the details)."
)
NO_DATABASE = (
    "The game database {server} does not exist: create it on that server (for example with "
    "createdb), or correct the database name in DATABASE_URL."
)
NO_PASSWORD = (
    "The game database {server} asks for a password, and DATABASE_URL gives none: write it "
    "as postgresql://user:password@host:5432/dbname."
)
UNREADABLE_URL = (
    "DATABASE_URL is not one PostgreSQL can read: check its options after '?' and that "
    "@ : / ? # in the user name or password are written as %40 %3A %2F %3F %23."
)
"""Names no server: a URL libpq cannot read has none that ``describe`` could name."""
REFUSED_LOGIN = (
    "The game database {server} refused the user name or password in DATABASE_URL: check "
    "both (the log has the server's words)."
)


class PostgresGameStore(StoreReads, SoloReads):
    """``GameStore`` on a PostgreSQL database, through a pool of ``pool_size`` connections.
    Open it with ``await PostgresGameStore.open(url)``."""

    _sql = _SQL
    _solo_sql = _SOLO

    def __init__(self, pool: AsyncConnectionPool[Connection], server: str) -> None:
        self._pool: AsyncConnectionPool[Connection] | None = pool
        self.where = server

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        pool_size: int = DEFAULT_POOL_SIZE,
        timeout: float = CONNECT_TIMEOUT_SECONDS,
        write_timeout: float = DEFAULT_WRITE_TIMEOUT,
    ) -> PostgresGameStore:
        """Connect, check the schema and migrate it. ``StorageError`` names the server (host,
        port and database, never the password) if it cannot be reached or used. ``timeout``
        bounds connecting; ``write_timeout`` how long a write waits for another's lock."""
        if pool_size < 1:
            raise ValueError(f"pool_size must be at least 1, not {pool_size}.")
        if not 0 < write_timeout <= 3600:
            raise ValueError(f"write_timeout must be 0 < seconds <= 3600, not {write_timeout!r}.")
        server = describe(url)
        await _try_connecting(url, server, timeout)
        lock_timeout = f"SET lock_timeout = {max(1, round(write_timeout * 1000))}"

        async def configure(conn: Connection) -> None:
            await conn.execute(lock_timeout)

        pool = AsyncConnectionPool(
            url,
            connection_class=Connection,
            kwargs={"autocommit": True, "row_factory": dict_row},
            min_size=1,
            max_size=pool_size,
            configure=configure,
            check=AsyncConnectionPool.check_connection,
            timeout=WAIT_FOR_CONNECTION_SECONDS,
            reconnect_timeout=GIVE_UP_RECONNECTING_SECONDS,
            open=False,
        )
        try:
            try:
                await pool.open(wait=True, timeout=timeout)
            except PoolTimeout as error:
                logger.info("cannot connect to the game database %s: %s", server, error)
                raise StorageError(UNREACHABLE, server=server) from error
            store = cls(pool, server)
            try:
                await store._migrate()
            except StorageError as error:
                if not isinstance(error.__cause__, psycopg.Error | PoolTimeout):
                    raise  # already the sentence to show (a newer schema, ...)
                raise StorageError(
                    "Cannot prepare the game database {server}: it refused to migrate its "
                    "schema (the log has the details). It was left as it was.",
                    server=server,
                ) from error
            return store
        except BaseException:
            await pool.close()
            raise

    # -- opening -------------------------------------------------------------------------

    async def _migrate(self) -> None:
        """Run the migrations this database lacks, each in its own transaction under the
        migration lock; re-read the version each time, another process may have run some."""
        while True:
            async with self._transaction("migrate its schema") as conn:
                await conn.execute("SET LOCAL lock_timeout = 0")  # wait for whoever migrates
                await conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
                version = await self._version(conn)
                if version == SCHEMA_VERSION:
                    return
                migration = MIGRATIONS[version]
                for statement in migration.statements("postgresql"):
                    await conn.execute(statement)
                await conn.execute(
                    f"UPDATE {VERSION_TABLE} SET version = %(version)s",
                    {"version": migration.version},
                )
                logger.info("game database migrated to schema version %d", migration.version)

    async def _version(self, conn: Connection) -> int:
        """The schema version (creating the version table on a new database), if this
        program can use it. Run under the migration lock."""
        cursor = await conn.execute(
            "SELECT count(*) AS tables FROM pg_tables WHERE schemaname = current_schema() "
            "AND tablename <> %(version_table)s",
            {"version_table": VERSION_TABLE},
        )
        tables = await cursor.fetchone()
        await conn.execute(f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} (version integer NOT NULL)")
        cursor = await conn.execute(f"SELECT version FROM {VERSION_TABLE}")
        row = await cursor.fetchone()
        if row is None:
            if tables and tables["tables"]:
                raise StorageError(
                    "The game database {server} holds another program's tables (it has no "
                    "tictactoe-bot schema version). It was left untouched: point DATABASE_URL "
                    "at a database of its own.",
                    server=self.where,
                )
            await conn.execute(f"INSERT INTO {VERSION_TABLE} (version) VALUES (0)")
            return 0
        version = int(row["version"])
        if version > SCHEMA_VERSION:
            raise StorageError(
                "The game database {server} has schema version {version}, but this version "
                "of tictactoe-bot only knows up to version {known}: it was written by a newer "
                "release. Upgrade the bot, or point DATABASE_URL at another database. The "
                "database was left untouched.",
                server=self.where,
                version=version,
                known=SCHEMA_VERSION,
            )
        return version

    # -- GameStore -----------------------------------------------------------------------

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
        # SKIP LOCKED: a game another process is saving right now is left to it (its save
        # makes it not idle, or the next sweep takes it); the page key still moves past it.
        scope = idle_scope(idle_minutes)
        sql = f"{scoped(_SQL, _SQL.idle_page, shards, channel_id, scope)} FOR UPDATE SKIP LOCKED"
        params = {
            "before": iso(before),
            "before_minute": saved_minute(before),
            "after_minute": after[0],
            "after_id": after[1],
            "limit": limit,
            "channel_id": channel_id,
        }
        async with self._transaction("expire idle games") as conn:
            cursor = await conn.execute(sql, params)
            rows = await cursor.fetchall()
            expired = []
            for game in readable(rows, self.where):
                done = replace(game, status=Status.EXPIRED, winner=None, updated_at=at)
                cursor = await conn.execute(_SQL.update, to_row(done))
                if cursor.rowcount == 1:
                    expired.append(replace(done, version=game.version + 1))
        return Page(expired, page_end(rows, "saved_minute", limit))

    async def insert(self, game: Game, *, replacing: Game | None = None) -> Game:
        async with self._into_channel("save a new game", game.channel_id, replacing) as conn:
            return await self._insert(conn, game)

    @asynccontextmanager
    async def _into_channel(
        self, doing: str, channel_id: int, replacing: Game | None
    ) -> AsyncIterator[Connection]:
        """Where a start or a challenge in ``channel_id`` runs its INSERT: without a game to
        replace, a connection in autocommit (the INSERT is its own transaction; its trigger
        checks the channel); else a transaction that holds the channel (``_hold_channel``)
        and first saves ``replacing`` as ``update`` saves it."""
        if replacing is None:
            async with self._connection(doing) as conn:
                yield conn
            return
        async with self._transaction(doing) as conn:
            await self._hold_channel(conn, channel_id)
            await self._update(conn, replacing, to_row(replacing))
            yield conn

    async def _hold_channel(self, conn: Connection, channel_id: int) -> None:
        """Take the channel's lock until the transaction ends, first thing in a transaction
        that starts a game or opens a challenge there after other writes (a ``replacing``
        game, an accepted challenge): the lock migration 5's trigger takes before it checks
        the channel, taken before any row lock, so two such transactions never wait for each
        other (see the migration). The trigger's own take is then free."""
        await conn.execute(
            "SELECT pg_advisory_xact_lock(%(lock)s, (%(channel)s %% 2147483647)::integer)",
            {"lock": CHANNEL_LOCK, "channel": channel_id},
        )

    async def _insert(self, conn: Connection, game: Game) -> Game:
        """Insert ``game`` and its members' names in one statement (``_starting``); an ACTIVE
        game only into a free channel (migration 5's trigger)."""
        members = member_rows(game)
        params = to_row(game)
        for n, member in enumerate(members):
            params.update({f"seat{n}_{name}": value for name, value in member.items()})
        cursor = await conn.execute(_starting(len(members)), params)
        row = await cursor.fetchone()
        assert row is not None
        return replace(game, id=int(row["id"]))

    async def update(self, game: Game) -> Game:
        row = to_row(game)
        if may_end_a_duel(game) or rates_solo(game):  # reads the stored status, rates with it
            async with self._transaction("save a game") as conn:
                await self._update(conn, game, row)
        else:  # one compare-and-set UPDATE, its own transaction, the totals' triggers included
            await self._save_alone(game, row)
        return replace(game, version=game.version + 1)

    async def _save_alone(self, game: Game, row: dict[str, object]) -> None:
        """The compare-and-set UPDATE of one game, waiting for its row up to the lock
        timeout (then ``StoreBusyError``); ``GameChangedError`` if another save came first."""
        async with self._connection("save a game") as conn:
            cursor = await conn.execute(_SQL.update, row)
            if cursor.rowcount != 1:
                params = {"id": game.id}
                cursor = await conn.execute("SELECT 1 FROM games WHERE id = %(id)s", params)
                if await cursor.fetchone() is None:
                    raise _missing(game.id)
                raise GameChangedError()

    async def _update(self, conn: Connection, game: Game, row: dict[str, object]) -> None:
        cursor = await conn.execute(
            "SELECT status FROM games WHERE id = %(id)s FOR UPDATE", {"id": game.id}
        )
        found = await cursor.fetchone()
        if found is None:
            raise _missing(game.id)
        cursor = await conn.execute(_SQL.update, row)
        if cursor.rowcount != 1:
            raise GameChangedError()
        if ends_a_duel(Status(found["status"]), game):
            before = []
            for seat in (game.x, game.o):
                cursor = await conn.execute(
                    f"{_SQL.rating} FOR UPDATE",
                    {**scope(game.guild_id), "kind": game.kind, "member_id": seat.member_id},
                )
                before.append(rating_from_row(await cursor.fetchone()))
            await cursor.executemany(_SQL.upsert_rating, rating_rows(game, *before))
        if ends_a_solo_game(Status(found["status"]), game):
            await _rate_solo(conn, game)

    async def check_file(self) -> None:
        """Nothing to check: the server owns its files (a replaced server is a new URL)."""

    async def insert_challenge(
        self, challenge: Challenge, *, replacing: Game | None = None
    ) -> Challenge:
        channel_id = challenge.channel_id
        async with self._into_channel("save a challenge", channel_id, replacing) as conn:
            cursor = await conn.execute(
                f"{_SQL.insert_challenge} RETURNING id", challenge_to_row(challenge)
            )
            row = await cursor.fetchone()
        assert row is not None
        return replace(challenge, id=int(row["id"]))

    async def set_bot_state(self, name: str, value: str, at: datetime) -> None:
        params = {"name": name, "value": value, "updated_at": iso(at)}
        async with self._connection("save the bot's state") as conn:
            await conn.execute(_SQL.set_bot_state, params)

    async def update_challenge(self, challenge: Challenge) -> None:
        async with self._transaction("save a challenge") as conn:
            await self._update_challenge(conn, challenge)

    async def close_challenge(self, challenge: Challenge) -> None:
        async with self._transaction("answer a challenge") as conn:
            await self._update_challenge(conn, challenge, close=True)

    async def _update_challenge(
        self, conn: Connection, challenge: Challenge, *, close: bool = False
    ) -> None:
        sql = _SQL.close_challenge if close else _SQL.update_challenge
        cursor = await conn.execute(sql, challenge_to_row(challenge))
        if cursor.rowcount == 1:
            return
        params = {"id": challenge.id}
        cursor = await conn.execute("SELECT 1 FROM challenges WHERE id = %(id)s", params)
        if await cursor.fetchone() is None:
            raise StorageError(CHALLENGE_MISSING, **params)
        raise GameChangedError(CHALLENGE_ANSWERED)

    async def accept_challenge(self, challenge: Challenge, game: Game) -> Game:
        accepted = replace(challenge, status=ChallengeStatus.ACCEPTED)
        async with self._transaction("start a duel") as conn:
            await self._hold_channel(conn, game.channel_id)
            await self._update_challenge(conn, accepted, close=True)
            started = await self._insert(conn, game)
            await self._update_challenge(conn, replace(accepted, game_id=started.id))
        return started

    async def expire_challenges(
        self,
        at: datetime,
        *,
        after: PageKey = START,
        shards: ShardSet | None = None,
        limit: int = 200,
    ) -> Page[Challenge]:
        sql = f"{scoped(_SQL, _SQL.due_challenges_page, shards, None)} FOR UPDATE SKIP LOCKED"
        params = {"now": iso(at), "after_id": after[1], "limit": limit}
        async with self._transaction("expire challenges") as conn:
            cursor = await conn.execute(sql, params)
            rows = await cursor.fetchall()
            expired = []
            for row in rows:
                closed = replace(self._challenge(row), status=ChallengeStatus.EXPIRED)
                cursor = await conn.execute(_SQL.close_challenge, challenge_to_row(closed))
                if cursor.rowcount == 1:
                    expired.append(closed)
        return Page(expired, page_end(rows, None, limit))

    async def server_settings(self, guild_id: int) -> ServerSettings | None:
        rows = await self._read(_SETTINGS.select, {"guild_id": guild_id})
        return settings_from_row(rows[0]) if rows else None

    async def save_server_settings(self, settings: ServerSettings, at: datetime) -> ServerSettings:
        sql = _SETTINGS.insert if settings.version == 0 else _SETTINGS.update
        async with self._connection("save a server's settings") as conn:
            cursor = await conn.execute(sql, settings_row(settings, at))
            if cursor.rowcount != 1:
                raise GameChangedError(SETTINGS_CHANGED)
        return saved(settings)

    async def delete_server_settings(self, guild_id: int) -> None:
        async with self._connection("delete a server's settings") as conn:
            await conn.execute(_SETTINGS.delete, {"guild_id": guild_id})

    async def idle_minutes_in_use(self) -> list[int]:
        return [int(row["idle_minutes"]) for row in await self._read(_SETTINGS.idle_in_use)]

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    # -- plumbing ------------------------------------------------------------------------

    @asynccontextmanager
    async def _connection(self, doing: str) -> AsyncIterator[Connection]:
        """A pooled connection; a closed store, an unreachable server or a driver error
        becomes a ``StorageError`` for the player, with the detail in the log; a game or
        challenge refused because its channel is taken (migration 5: another process was
        first) is ``GameChangedError`` saying what the channel has."""
        if self._pool is None:
            raise StorageError(STORE_CLOSED)
        try:
            async with self._pool.connection() as conn:
                yield conn
        except GameError:
            raise
        except psycopg.errors.UniqueViolation as error:
            logger.warning("game database %s refused to %s: %s", self.where, doing, error)
            rule = error.diag.constraint_name or ""
            raise GameChangedError(CHANNEL_RULES.get(rule, STORE_FAILED)) from error
        except psycopg.errors.LockNotAvailable as error:  # lock_timeout: another holds the row
            logger.warning("game database %s too busy to %s: %s", self.where, doing, error)
            raise StoreBusyError() from error
        except (psycopg.OperationalError, PoolTimeout) as error:
            logger.error("game database %s unavailable to %s: %s", self.where, doing, error)
            raise StorageError(UNAVAILABLE) from error
        except psycopg.Error as error:
            logger.error("game database %s failed to %s: %s", self.where, doing, error)
            raise StorageError(STORE_FAILED) from error

    @asynccontextmanager
    async def _transaction(self, doing: str) -> AsyncIterator[Connection]:
        """One transaction, committed when the block exits normally, rolled back on any
        error; errors as in ``_connection``."""
        async with self._connection(doing) as conn, conn.transaction():
            yield conn

    async def _read(self, query: str, params: Mapping[str, Any] | None = None) -> list[DictRow]:
        async with self._connection("read") as conn:
            cursor = await conn.execute(query, params)
            return await cursor.fetchall()


async def _rate_solo(conn: Connection, game: Game) -> None:
    """Move the member's solo rating (and adaptive record) by ``game``, a result against the
    bot first counted in this transaction (``bot.games.solo.after_game``). Each row is made
    first if missing, then locked, so two games of one member finishing at once in two
    channels apply one after the other and neither update is lost."""
    key = solo_key(game)
    await conn.execute(_SOLO.new_solo, key)
    cursor = await conn.execute(f"{_SOLO.solo} FOR UPDATE", key)
    solo = rating_of(await cursor.fetchone())
    adaptive = record_of(None)
    if is_adaptive(game):
        await conn.execute(_SOLO.new_adaptive, adaptive_key(game))
        cursor = await conn.execute(f"{_SOLO.adaptive} FOR UPDATE", adaptive_key(game))
        adaptive = record_of(await cursor.fetchone())
    new_solo, new_record = after_game(game, solo, adaptive)
    await conn.execute(_SOLO.set_solo, new_values(key, new_solo.rating, new_solo.games))
    if new_record is not None:
        params = new_values(adaptive_key(game), new_record.rating, new_record.games)
        await conn.execute(_SOLO.set_adaptive, params)


async def _try_connecting(url: str, server: str, timeout: float) -> None:
    """Connect once, so that a server that cannot be used says why at once, in a sentence
    naming ``server`` (the driver's words go to the log: the operator reads them at INFO)."""
    seconds = max(1, round(timeout))  # libpq counts whole seconds
    try:
        options = conninfo_to_dict(url)
    except psycopg.ProgrammingError as error:  # libpq's text quotes the URL, password and all
        logger.info("DATABASE_URL cannot be read")
        raise StorageError(UNREADABLE_URL) from error
    try:
        conn = await psycopg.AsyncConnection.connect(
            url, connect_timeout=options.get("connect_timeout") or seconds
        )
    except psycopg.Error as error:
        logger.info("cannot connect to the game database %s: %s", server, error)
        raise StorageError(_refusal(error), server=server) from error
    await conn.close()


def _refusal(error: psycopg.Error) -> str:
    """The sentence for a failed connection. libpq gives no error code for it, only its text
    (and whether a password was asked for or sent); an unknown text reads as unreachable."""
    text = str(error)
    if 'database "' in text and "does not exist" in text:
        return NO_DATABASE
    if error.pgconn is not None and error.pgconn.needs_password:
        return NO_PASSWORD
    if "authentication failed" in text or ('role "' in text and "does not exist" in text):
        return REFUSED_LOGIN
    if error.pgconn is not None and error.pgconn.used_password:
        return REFUSED_LOGIN
    return UNREACHABLE


@functools.cache
def _starting(members: int) -> str:
    """The one statement that inserts a game with ``members`` member seats (1 or 2) and
    returns its id: the game's row first, then its members' names (``seat<n>_<column>``
    parameters, ``rows.member_rows``). The names are selected from the new game's row, so
    they are written strictly after its insert, whose trigger takes the channel's lock:
    the lock comes before any member row's (see migration 5 on deadlocks)."""
    columns = ", ".join(MEMBER_COLUMNS)
    seats = ", ".join(
        f"({', '.join(_seat_value(n, name) for name in MEMBER_COLUMNS)})" for n in range(members)
    )
    rows = f"SELECT seat.* FROM game, (VALUES {seats}) AS seat ({columns})"
    named = upsert("members", MEMBER_COLUMNS, 1, rows)
    sql = f"WITH game AS ({_SQL.insert} RETURNING id), named AS ({named}) SELECT id FROM game"
    return sql


def _seat_value(seat: int, column: str) -> str:
    """The placeholder of a member's ``column`` in ``_starting``'s VALUES list, which gives
    a value sent as text no other type than text: the member's id is cast to its column's."""
    return f"%(seat{seat}_{column})s" + ("::bigint" if column == "member_id" else "")


def _missing(game_id: int) -> StorageError:
    return StorageError(GAME_MISSING, id=game_id)


def describe(url: str) -> str:
    """``url`` as the operator may read it: host, port and database, never the password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "(an unreadable DATABASE_URL)"
    host = parts.get("host") or "localhost"
    port = parts.get("port") or "5432"
    return f"'{host}:{port}/{parts.get('dbname') or ''}'"
