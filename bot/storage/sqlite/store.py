"""``GameStore`` on one SQLite file in WAL mode, migrated by the program.

Each write is one ``BEGIN IMMEDIATE`` transaction run whole on the writer's thread, one at a
time; reads run on a reader thread, so the event loop never waits on the disk. A write that
cannot get the file's lock within ``write_timeout`` changes nothing and raises
``StoreBusyError``. Errors a player may read never name the file; only opening does. Design
notes: docs/storage.md.
"""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any, Literal, TypeVar

from bot.games.errors import DatabaseGoneError, StorageError, StoreBusyError
from bot.games.store_errors import ChannelTakenError, StoreClosedError, StoreUnavailableError
from bot.storage.arenas import ArenaSql
from bot.storage.boards import BoardsSql
from bot.storage.defaults import DEFAULT_WRITE_TIMEOUT
from bot.storage.migrations import MIGRATIONS
from bot.storage.operations import SqlGameStore
from bot.storage.puzzles import PuzzleSql
from bot.storage.rows import Row
from bot.storage.server_settings import SettingsSql
from bot.storage.solo import SoloSql
from bot.storage.sql import CHANNEL_RULES, GameSql
from bot.storage.sqlite.file import (
    APPLICATION_ID,
    FileFacts,
    FileIdentity,
    check_writable,
    inspect,
    unusable,
)
from bot.storage.sqlite.worker import Worker
from bot.storage.transaction import Params, Transaction

Synchronous = Literal["NORMAL", "FULL"]
SYNCHRONOUS_MODES: tuple[Synchronous, ...] = ("NORMAL", "FULL")
"""The ``PRAGMA synchronous`` settings the store offers (see the module docstring)."""

OPENING_WAIT_SECONDS = 30
"""How long opening a file waits for another process's write lock (say, one migrating the
same new file) before it gives up."""

_SYNCHRONOUS_LEVELS: dict[int, Synchronous] = {1: "NORMAL", 2: "FULL"}

T = TypeVar("T")

log = logging.getLogger(__name__)


class SqliteGameStore(SqlGameStore):
    """``GameStore`` on one SQLite file (``":memory:"`` for tests: each a copy of one migrated
    database, ``_copy_migrated``). Opening creates the file and its folder, checks the file is
    healthy and migrates the schema; any problem raises ``StorageError`` naming the file.
    Nothing is ever reset or deleted to "fix" a file."""

    _sql = GameSql.styled(":{}")
    _solo_sql = SoloSql.styled(":{}")
    _settings_sql = SettingsSql.styled(":{}")
    _boards_sql = BoardsSql.styled(":{}")
    _puzzle_sql = PuzzleSql.styled(":{}")
    _arena_sql = ArenaSql.styled(":{}", _sql)

    def __init__(
        self,
        path: Path | str,
        *,
        synchronous: Synchronous = "NORMAL",
        write_timeout: float = DEFAULT_WRITE_TIMEOUT,
    ) -> None:
        if synchronous not in SYNCHRONOUS_MODES:  # it goes into a PRAGMA: nothing else may
            raise ValueError(f"synchronous must be 'NORMAL' or 'FULL', not {synchronous!r}.")
        if not 0 < write_timeout <= 3600:
            raise ValueError(f"write_timeout must be 0 < seconds <= 3600, not {write_timeout!r}.")
        self.write_timeout = float(write_timeout)
        self.path: Path | str = ":memory:" if str(path) == ":memory:" else Path(path)
        self.where = "the in-memory database" if str(path) == ":memory:" else f"'{path}'"
        self._conn: sqlite3.Connection | None = None
        self._workers: tuple[Worker, Worker] | None = None  # (writer, reader)
        self._identity: FileIdentity | None = None
        facts = FileFacts(version=0, stamped=False)
        exists = False
        if isinstance(self.path, Path):
            _make_room(self.path, self.where)
            exists = os.path.exists(self.path)
            if exists:  # every check reads only; the file is opened for writing once it passed
                facts = inspect(self.path)
                check_writable(self.path)
        try:
            self._conn = self._connect("rw" if exists else "rwc")
            # Opening may wait longer than a move for another process's lock: one that opens
            # the same new file at the same moment holds it while it migrates (start-up, not
            # a player's click; the PostgreSQL store waits for its migration lock too). Each
            # write transaction sets its own wait (_transact).
            self._conn.execute(f"PRAGMA busy_timeout = {OPENING_WAIT_SECONDS * 1000}")
            _use_wal(self._conn)
            self._conn.execute(f"PRAGMA synchronous = {synchronous}")
            if self.path == ":memory:":
                _copy_migrated(self._conn)  # the migrations below then find nothing to do
            _migrate(self._conn, stamp=not facts.stamped)
            level = int(self._conn.execute("PRAGMA synchronous").fetchone()[0])
            self.synchronous: Synchronous = _SYNCHRONOUS_LEVELS[level]
            """The durability setting the connection runs with, as SQLite reports it."""
            writer = Worker(self._conn, "sqlite-writer")
            if isinstance(self.path, Path):
                self._identity = FileIdentity.of(self.path)
                reader_conn = self._connect("rw")
                reader_conn.execute("PRAGMA query_only = ON")
                self._workers = (writer, Worker(reader_conn, "sqlite-reader"))
            else:  # one connection holds an in-memory database: reads share its thread
                self._workers = (writer, writer)
        except StorageError:
            self._close_quietly()
            raise
        except (sqlite3.Error, OSError) as error:
            self._close_quietly()
            if isinstance(self.path, Path) and not os.path.exists(self.path):
                raise StorageError(
                    "Cannot create the game database {where} in the folder '{folder}'. Check "
                    "that this user may write there, or point DATABASE_PATH somewhere else.",
                    where=self.where,
                    folder=self.path.parent,
                ) from error
            if isinstance(error, sqlite3.Error) and isinstance(self.path, Path):
                raise unusable(self.path, error) from error
            raise StorageError(
                "Cannot open the game database {where}. Restore a backup, or move it aside "
                "(the bot then starts a new, empty one) and start again.",
                where=self.where,
            ) from error

    # -- opening -------------------------------------------------------------------------

    def _connect(self, mode: str) -> sqlite3.Connection:
        """A connection for a worker thread (``mode``: rw, or rwc to create the file)."""
        if isinstance(self.path, Path):
            target = f"{self.path.absolute().as_uri()}?mode={mode}"
            conn = sqlite3.connect(target, uri=True, isolation_level=None, check_same_thread=False)
        else:
            conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        _add_functions(conn)
        conn.execute(f"PRAGMA busy_timeout = {int(self.write_timeout * 1000)}")
        return conn

    # -- GameStore (the rest: bot.storage.operations) -----------------------------------

    async def check_file(self) -> None:
        """Raise ``DatabaseGoneError`` if the path no longer names the file this store opened
        (deleted, or replaced by another file): writing on would go where no one reads."""
        if not isinstance(self.path, Path) or self._identity is None:
            return
        path = self.path
        now = await self._both()[1].run(lambda conn: FileIdentity.of(path))
        if now != self._identity:
            await self._empty_the_log()
            raise DatabaseGoneError(
                "The game database {where} was {what} while the bot was running, so "
                "nothing more can be saved to it. The bot stopped instead of writing into "
                "a file no one will read: put the right file back (or restore a backup) "
                "and start again.",
                where=self.where,
                what="deleted" if now is None else "replaced by another file",
            )

    async def _empty_the_log(self) -> None:
        """Move this store's write-ahead log into the file it opened (wherever that is now)
        and empty it. SQLite leaves the log of a moved or deleted file behind, under the
        path's name, and whoever opens the file now at the path (a restored backup, a new
        database) would replay our pages into it."""
        try:
            await self._both()[0].run(
                lambda conn: conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            )
        except sqlite3.Error as error:
            log.error(
                "Could not empty the write-ahead log of the game database %s that was moved "
                "away: move '%s-wal' aside before opening the file now at that path (%s).",
                self.where,
                self.path,
                error,
            )

    async def close(self) -> None:
        """Close both connections on their own threads, then stop the threads."""
        workers, self._workers = self._workers, None
        if workers is None:
            return
        for worker in dict.fromkeys(workers):  # the in-memory database has one worker
            await worker.close()

    # -- plumbing ------------------------------------------------------------------------

    def _close_quietly(self) -> None:
        """Close the connection of a store that failed to open (no threads run yet)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            with suppress(sqlite3.Error):
                conn.close()

    def _both(self) -> tuple[Worker, Worker]:
        if self._workers is None:
            raise StoreClosedError()
        return self._workers

    async def _transact(
        self,
        doing: str,
        work: Callable[[Transaction], Coroutine[Any, Any, T]],
        *,
        channel: int | None = None,
        alone: bool = False,
    ) -> T:
        """``work`` in one ``BEGIN IMMEDIATE`` transaction, run whole in one call on the writer
        thread (``_run_to_end``), committed before this returns, rolled back on any error; the
        file's write lock holds every ``channel``, and ``alone`` changes nothing. The lock is
        waited for at most until ``write_timeout`` after this call, queueing included
        (``StoreBusyError``). A game or challenge the schema refuses (a channel holds one
        running game or one open challenge, migration 5) is ``ChannelTakenError``; any other
        SQLite error ``StoreUnavailableError``, SQLite's words in the log."""
        deadline = time.monotonic() + self.write_timeout
        writer = self._both()[0]

        def transaction(conn: sqlite3.Connection) -> T:
            left = deadline - time.monotonic()
            if left <= 0:
                raise sqlite3.OperationalError("waited in the queue past write_timeout")
            conn.execute(f"PRAGMA busy_timeout = {max(1, int(left * 1000))}")
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = _run_to_end(work(_Statements(conn)))
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            return result

        try:
            return await writer.run(transaction)
        except sqlite3.IntegrityError as error:
            holder = CHANNEL_RULES.get(str(error))
            if holder is None:
                raise self._failure("save", error) from error
            log.warning("The game database %s refused a row: %s", self.where, error)
            raise ChannelTakenError(by=holder) from error
        except sqlite3.Error as error:
            raise self._failure("save", error) from error

    async def _read(self, sql: str, params: Params | None = None) -> list[Row]:
        """Every row of ``sql``, read on the reader thread; failures as ``_transact``'s."""
        reader = self._both()[1]
        try:
            return await reader.run(lambda conn: conn.execute(sql, params or {}).fetchall())
        except sqlite3.Error as error:
            raise self._failure("read", error) from error

    def _failure(self, doing: str, error: sqlite3.Error) -> StorageError:
        """The typed error of a failed read or write; SQLite's words go to the log."""
        if _is_busy(error):
            log.warning("The game database %s was busy (%s): %s", self.where, doing, error)
            return StoreBusyError()
        log.error("The game database %s failed to %s: %s", self.where, doing, error)
        return StoreUnavailableError()


class _Statements(Transaction):
    """A ``Transaction`` on the writer thread's connection: each statement runs at once, so a
    body that awaits only these never suspends (``_run_to_end``)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params | None = None) -> int:
        return self._conn.execute(sql, params or {}).rowcount

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        self._conn.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Params | None = None) -> list[Row]:
        return self._conn.execute(sql, params or {}).fetchall()

    async def insert(self, sql: str, params: Params) -> int:
        row_id = self._conn.execute(sql, params).lastrowid
        assert row_id is not None
        return row_id


def _add_functions(conn: sqlite3.Connection) -> None:
    """Rows by column name, and the SQL functions the schema uses."""
    conn.row_factory = sqlite3.Row
    # Leaderboard ties sort by name as Python's str.casefold() does (SQLite's own
    # lower() only folds ASCII); the v2 migration fills members.name_key with it.
    conn.create_function("casefold", 1, str.casefold, deterministic=True)


def _migrate(conn: sqlite3.Connection, *, stamp: bool) -> None:
    """Stamp the application id if ``stamp``, then run the migrations the file lacks, one
    per transaction, reading the version under the write lock each time: processes that
    open a new file together migrate it once, the others find it done."""
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if stamp:
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                stamp = False
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if version >= len(MIGRATIONS):
                conn.execute("COMMIT")
                return
            migration = MIGRATIONS[version]
            for statement in migration.statements("sqlite"):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {migration.version}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise


_migrated_in_memory: sqlite3.Connection | None = None
"""The in-memory database every in-memory store starts as a copy of: migrated once."""
_migrating_in_memory = threading.Lock()


def _copy_migrated(conn: sqlite3.Connection) -> None:
    """Make the new in-memory database ``conn`` a copy of one this process migrated (on first
    use): a copy takes a fraction of a millisecond, the migrations tens (docs/storage.md)."""
    global _migrated_in_memory
    with _migrating_in_memory:
        if _migrated_in_memory is None:
            template = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            _add_functions(template)
            _migrate(template, stamp=True)
            _migrated_in_memory = template
        _migrated_in_memory.backup(conn)


def _run_to_end(work: Coroutine[Any, Any, T]) -> T:
    """Run ``work`` to its end in this thread, in one step: it awaits only ``_Statements``,
    which never suspend, so a write stays one call on the writer thread (why: docs/storage.md)."""
    try:
        work.send(None)
    except StopIteration as end:
        result: T = end.value
        return result
    work.close()
    raise RuntimeError("an SQLite write awaited something other than its own statements")


def _use_wal(conn: sqlite3.Connection) -> None:
    """Put the file in WAL mode. Changing the mode needs the file to itself, and SQLite
    answers "locked" at once, without its busy wait, while another connection writes (say,
    another process migrating the same new file): so ask again until
    ``OPENING_WAIT_SECONDS`` have passed."""
    deadline = time.monotonic() + OPENING_WAIT_SECONDS
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL").fetchone()
            return
        except sqlite3.OperationalError as error:
            if not _is_busy(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _is_busy(error: sqlite3.Error) -> bool:
    """Whether SQLite gave up waiting for another connection's lock."""
    code = getattr(error, "sqlite_errorcode", None)
    busy = code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return busy or "locked" in str(error) or "write_timeout" in str(error)


def _make_room(path: Path, where: str) -> None:
    """Refuse a path that cannot be the database file in words that say why (a folder, a
    folder that does not exist and cannot be made), before SQLite answers every such case
    with "unable to open database file" and the advice meant for a damaged file."""
    if os.path.isdir(path):  # os.path: False rather than an error where it may not look
        raise StorageError(
            "DATABASE_PATH {where} is a folder, not a file. Point DATABASE_PATH at a file "
            "inside it, for example '{example}'.",
            where=where,
            example=path / "tictactoe.db",
        )
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(
            "The folder '{folder}' for the game database {where} does not exist and could "
            "not be created: {reason}. Create it, or point DATABASE_PATH somewhere else.",
            folder=folder,
            where=where,
            reason=_why_no_folder(folder, error),
        ) from error


def _why_no_folder(folder: Path, error: OSError) -> str:
    """The reason ``mkdir`` failed, in our words (never the system's message)."""
    for parent in (folder, *folder.parents):
        if os.path.lexists(parent):
            if not os.path.isdir(parent):
                return f"'{parent}' is a file, not a folder"
            if not os.access(parent, os.W_OK | os.X_OK):
                return f"this user may not create folders in '{parent}'"
            break
    return _OS_REASONS.get(error.errno or 0, "the system refused")


_OS_REASONS: dict[int, str] = {
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the file system is read-only",
    errno.ENOSPC: "the disk is full",
    errno.ENAMETOOLONG: "a name in the path is too long",
}
