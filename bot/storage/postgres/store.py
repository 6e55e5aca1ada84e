"""``GameStore`` on PostgreSQL: psycopg 3 (async) through ``psycopg_pool.AsyncConnectionPool``.

Opening connects once (a sentence naming the server if it cannot), then migrates under an
advisory lock, one migration per transaction; a newer schema or another program's tables are
refused and left untouched. A write waits at most ``write_timeout`` for another's row lock
(then ``StoreBusyError``); a lost server makes operations fail with "unavailable" until the
pool reconnects by itself. Design notes: docs/storage.md.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeAlias, TypeVar

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import DictRow, dict_row
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from bot.games.errors import GameError, StorageError, StoreBusyError
from bot.games.store_errors import (
    ChannelTakenError,
    RowRefusedError,
    StoreClosedError,
    StoreFailedError,
    StoreUnavailableError,
)
from bot.storage.arenas import ArenaSql
from bot.storage.boards import BoardsSql
from bot.storage.defaults import DEFAULT_POOL_SIZE, DEFAULT_WRITE_TIMEOUT
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.storage.operations import SqlGameStore
from bot.storage.puzzles import PuzzleSql
from bot.storage.rows import Row
from bot.storage.server_settings import SettingsSql
from bot.storage.solo import SoloSql
from bot.storage.sql import CHANNEL_RULES, GameSql
from bot.storage.transaction import Params, Transaction

logger = logging.getLogger(__name__)

T = TypeVar("T")

Connection: TypeAlias = psycopg.AsyncConnection[DictRow]
"""A pooled connection: autocommit, rows as dicts (read by column name)."""

CONNECT_TIMEOUT_SECONDS = 10.0

WAIT_FOR_CONNECTION_SECONDS = 1.5
"""How long an operation waits for a connection (all in use, or the server away) before the
player hears the store is unavailable: within the 2 s a command may take before its first
answer (``bot.discord_bot.interactions.ANSWER_WITHIN``), which Discord's 3 s bound."""

GIVE_UP_RECONNECTING_SECONDS = 10.0
"""How long the pool retries one lost connection (backing off 1, 2, 4... s) before it leaves
the next operation to ask for a fresh one: so a server back after a long outage is used within
seconds, not after the pool's backoff has grown to minutes."""

MIGRATION_LOCK = 0x7469_6374_6163  # "tictac": the advisory lock key migrations take

CHANNEL_LOCK = 0x7474_6368  # "ttch": with a channel, the (int, int) key of its lock
ARENA_MEMBER_LOCK = 0x6172_656E  # "aren": with a member, the key an arena's save locks

VERSION_TABLE = "tictactoe_schema"

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


class PostgresGameStore(SqlGameStore):
    """``GameStore`` on a PostgreSQL database, through a pool of ``pool_size`` connections.
    Open it with ``await PostgresGameStore.open(url)``."""

    _sql = GameSql.styled("%({})s")
    _solo_sql = SoloSql.styled("%({})s")
    _settings_sql = SettingsSql.styled("%({})s")
    _boards_sql = BoardsSql.styled("%({})s")
    _puzzle_sql = PuzzleSql.styled("%({})s")
    _arena_sql = ArenaSql.styled("%({})s", _sql)
    _member_lock = (
        f"SELECT pg_advisory_xact_lock({ARENA_MEMBER_LOCK}, (%(member_id)s %% 2147483647)"
        "::integer)"
    )
    _locking = " FOR UPDATE"
    # A sweep leaves a game another process is saving right now to it (its save makes it not
    # idle, or the next sweep takes it); the page key still moves past it.
    _skipping = " FOR UPDATE SKIP LOCKED"

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
        while await self._transact("migrate its schema", self._migrate_one):
            pass

    async def _migrate_one(self, tx: Transaction) -> bool:
        """Run the next migration this database lacks, if any (whether there was one)."""
        await tx.execute("SET LOCAL lock_timeout = 0")  # wait for whoever migrates
        await tx.execute("SELECT pg_advisory_xact_lock(%(lock)s)", {"lock": MIGRATION_LOCK})
        version = await self._version(tx)
        if version == SCHEMA_VERSION:
            return False
        migration = MIGRATIONS[version]
        for statement in migration.statements("postgresql"):
            await tx.execute(statement)
        await tx.execute(
            f"UPDATE {VERSION_TABLE} SET version = %(version)s", {"version": migration.version}
        )
        logger.info("game database migrated to schema version %d", migration.version)
        return True

    async def _version(self, tx: Transaction) -> int:
        """The schema version (creating the version table on a new database), if this
        program can use it. Run under the migration lock."""
        tables = await tx.fetchone(
            "SELECT count(*) AS tables FROM pg_tables WHERE schemaname = current_schema() "
            "AND tablename <> %(version_table)s",
            {"version_table": VERSION_TABLE},
        )
        await tx.execute(f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} (version integer NOT NULL)")
        row = await tx.fetchone(f"SELECT version FROM {VERSION_TABLE}")
        if row is None:
            if tables and tables["tables"]:
                raise StorageError(
                    "The game database {server} holds another program's tables (it has no "
                    "tictactoe-bot schema version). It was left untouched: point DATABASE_URL "
                    "at a database of its own.",
                    server=self.where,
                )
            await tx.execute(f"INSERT INTO {VERSION_TABLE} (version) VALUES (0)")
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

    # -- GameStore (the rest: bot.storage.operations) -----------------------------------

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    # -- plumbing ------------------------------------------------------------------------

    @asynccontextmanager
    async def _connection(self, doing: str) -> AsyncIterator[Connection]:
        """A pooled connection; a closed store, an unreachable server, a lock waited for past
        ``lock_timeout`` or a driver error becomes a typed ``StorageError`` for the player,
        with the detail in the log; a game or challenge refused because its channel is taken
        (migration 5: another process was first) is ``ChannelTakenError`` saying by what."""
        if self._pool is None:
            raise StoreClosedError()
        try:
            async with self._pool.connection() as conn:
                yield conn
        except GameError:
            raise
        except psycopg.errors.UniqueViolation as error:
            logger.warning("game database %s refused to %s: %s", self.where, doing, error)
            holder = CHANNEL_RULES.get(error.diag.constraint_name or "")
            raise (RowRefusedError() if holder is None else ChannelTakenError(by=holder)) from error
        except psycopg.errors.LockNotAvailable as error:  # lock_timeout: another holds the row
            logger.warning("game database %s too busy to %s: %s", self.where, doing, error)
            raise StoreBusyError() from error
        except (psycopg.OperationalError, PoolTimeout) as error:
            logger.error("game database %s unavailable to %s: %s", self.where, doing, error)
            raise StoreUnavailableError() from error
        except psycopg.Error as error:
            logger.error("game database %s failed to %s: %s", self.where, doing, error)
            raise StoreFailedError() from error

    async def _transact(
        self,
        doing: str,
        work: Callable[[Transaction], Coroutine[Any, Any, T]],
        *,
        channel: int | None = None,
        alone: bool = False,
    ) -> T:
        """``work(tx)`` in one transaction on a pooled connection, committed when it returns,
        rolled back on any error (``alone``: in autocommit, its one write its own
        transaction); errors as in ``_connection``. With ``channel``, its first statement
        takes that channel's lock until the end: the lock migration 5's trigger takes before
        it checks the channel, taken before any row lock, so two transactions that start a
        game or open a challenge after other writes never wait for each other (see the
        migration). The trigger's own take is then free."""
        async with self._connection(doing) as conn:
            if alone:
                return await work(_Statements(conn))
            async with conn.transaction():
                if channel is not None:
                    await conn.execute(
                        "SELECT pg_advisory_xact_lock(%(lock)s, (%(channel)s %% 2147483647)"
                        "::integer)",
                        {"lock": CHANNEL_LOCK, "channel": channel},
                    )
                return await work(_Statements(conn))

    async def _read(self, sql: str, params: Params | None = None) -> list[DictRow]:
        async with self._connection("read") as conn:
            cursor = await conn.execute(sql, params)
            return await cursor.fetchall()


class _Statements(Transaction):
    """A ``Transaction`` on one pooled connection."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params | None = None) -> int:
        return (await self._conn.execute(sql, params)).rowcount

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        async with self._conn.cursor() as cursor:
            await cursor.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Params | None = None) -> Sequence[Row]:
        return await (await self._conn.execute(sql, params)).fetchall()

    async def insert(self, sql: str, params: Params) -> int:
        row = await self.fetchone(f"{sql} RETURNING id", params)
        assert row is not None
        return int(row["id"])


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


def describe(url: str) -> str:
    """``url`` as the operator may read it: host, port and database, never the password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "(an unreadable DATABASE_URL)"
    host = parts.get("host") or "localhost"
    port = parts.get("port") or "5432"
    return f"'{host}:{port}/{parts.get('dbname') or ''}'"
