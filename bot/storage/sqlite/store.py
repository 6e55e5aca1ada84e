"""``GameStore`` on one SQLite file in WAL mode, migrated by the program.

Writes run on a writer thread (``BEGIN IMMEDIATE``, compare and set), reads on a reader
thread, so the event loop never waits on the disk; a write that cannot get the file's lock
within ``write_timeout`` changes nothing and raises ``StoreBusyError``. Errors a player may read
never name the file; only opening does. Design notes: docs/storage.md.
"""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Literal, TypeVar

from bot.games.errors import (
    CHALLENGE_MISSING,
    GAME_MISSING,
    STORE_CLOSED,
    UNAVAILABLE,
    DatabaseGoneError,
    GameChangedError,
    StorageError,
    StoreBusyError,
)
from bot.games.models import Challenge, ChallengeStatus, Game, Status
from bot.games.sentences import (
    CHALLENGE_ANSWERED,
)
from bot.games.server_settings import SETTINGS_CHANGED, ServerSettings
from bot.games.shards import ShardSet
from bot.games.solo import after_game
from bot.games.store import START, Page, PageKey
from bot.storage.defaults import DEFAULT_WRITE_TIMEOUT
from bot.storage.migrations import MIGRATIONS
from bot.storage.reads import StoreReads
from bot.storage.rows import (
    Row,
    challenge_to_row,
    ends_a_duel,
    iso,
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
)
from bot.storage.sqlite.file import (
    APPLICATION_ID,
    FileFacts,
    FileIdentity,
    check_writable,
    inspect,
    unusable,
)
from bot.storage.sqlite.worker import Worker

Synchronous = Literal["NORMAL", "FULL"]
SYNCHRONOUS_MODES: tuple[Synchronous, ...] = ("NORMAL", "FULL")
"""The ``PRAGMA synchronous`` settings the store offers (see the module docstring)."""

OPENING_WAIT_SECONDS = 30
"""How long opening a file waits for another process's write lock (say, one migrating the
same new file) before it gives up."""

_SYNCHRONOUS_LEVELS: dict[int, Synchronous] = {1: "NORMAL", 2: "FULL"}

_SQL = GameSql.styled(":{}")
_SOLO = SoloSql.styled(":{}")
_SETTINGS = SettingsSql.styled(":{}")

T = TypeVar("T")

log = logging.getLogger(__name__)


class SqliteGameStore(StoreReads, SoloReads):
    """``GameStore`` on one SQLite file (``":memory:"`` for tests). Opening creates the file
    and its folder, checks the file is healthy and migrates the schema; any problem raises
    ``StorageError`` naming the file. Nothing is ever reset or deleted to "fix" a file."""

    _sql = _SQL
    _solo_sql = _SOLO

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
            # write transaction sets its own wait (_writing).
            self._conn.execute(f"PRAGMA busy_timeout = {OPENING_WAIT_SECONDS * 1000}")
            _use_wal(self._conn)
            self._conn.execute(f"PRAGMA synchronous = {synchronous}")
            self._migrate(stamp=not facts.stamped)
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
        conn.row_factory = sqlite3.Row
        # Leaderboard ties sort by name as Python's str.casefold() does (SQLite's own
        # lower() only folds ASCII); the v2 migration fills members.name_key with it.
        conn.create_function("casefold", 1, str.casefold, deterministic=True)
        conn.execute(f"PRAGMA busy_timeout = {int(self.write_timeout * 1000)}")
        return conn

    def _migrate(self, *, stamp: bool) -> None:
        """Stamp the application id if ``stamp``, then run the migrations the file lacks, one
        per transaction, reading the version under the write lock each time: processes that
        open a new file together migrate it once, the others find it done."""
        conn = self._conn
        assert conn is not None
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
        sql = scoped(_SQL, _SQL.idle_page, shards, channel_id, idle_scope(idle_minutes))
        params = {
            "before": iso(before),
            "before_minute": saved_minute(before),
            "after_minute": after[0],
            "after_id": after[1],
            "limit": limit,
            "channel_id": channel_id,
        }

        def expire(tx: sqlite3.Connection) -> Page[Game]:
            rows = tx.execute(sql, params).fetchall()
            expired = []
            for game in readable(rows, self.where):
                done = replace(game, status=Status.EXPIRED, winner=None, updated_at=at)
                if tx.execute(_SQL.update, to_row(done)).rowcount == 1:
                    expired.append(replace(done, version=game.version + 1))
            return Page(expired, page_end(rows, "saved_minute", limit))

        return await self._writing(expire)

    async def insert(self, game: Game, *, replacing: Game | None = None) -> Game:
        row = to_row(game)
        replaced = self._replacing(replacing)

        def insert(tx: sqlite3.Connection) -> Game:
            replaced(tx)
            return self._insert(tx, game, row)

        return await self._writing(insert)

    def _replacing(self, game: Game | None) -> Callable[[sqlite3.Connection], object]:
        """The update of ``insert``'s ``replacing`` game, checked now (``to_row``) and run
        first in the caller's transaction; nothing to run for None."""
        if game is None:
            return lambda tx: None
        row = to_row(game)
        return lambda tx: self._update(tx, game, row)

    def _insert(self, tx: sqlite3.Connection, game: Game, row: dict[str, object]) -> Game:
        """Insert ``game`` (an ACTIVE one only into a free channel: the schema's rule) and
        its members' names."""
        game_id = tx.execute(_SQL.insert, row).lastrowid
        tx.executemany(_SQL.upsert_member, member_rows(game))
        assert game_id is not None
        return replace(game, id=game_id)

    async def update(self, game: Game) -> Game:
        row = to_row(game)
        return await self._writing(lambda tx: self._update(tx, game, row))

    def _update(self, tx: sqlite3.Connection, game: Game, row: dict[str, object]) -> Game:
        found = tx.execute("SELECT status, version FROM games WHERE id = :id", row).fetchone()
        if found is None:
            raise StorageError(GAME_MISSING, id=game.id)
        if tx.execute(_SQL.update, row).rowcount != 1:
            raise GameChangedError()
        if ends_a_duel(Status(found["status"]), game):
            x, o = (
                rating_from_row(
                    tx.execute(
                        _SQL.rating,
                        {**scope(game.guild_id), "kind": game.kind, "member_id": seat.member_id},
                    ).fetchone()
                )
                for seat in (game.x, game.o)
            )
            tx.executemany(_SQL.upsert_rating, rating_rows(game, x, o))
        if ends_a_solo_game(Status(found["status"]), game):
            _rate_solo(tx, game)
        return replace(game, version=game.version + 1)

    async def check_file(self) -> None:
        """Raise ``DatabaseGoneError`` if the path no longer names the file this store opened
        (deleted, or replaced by another file): writing on would go where no one reads."""
        if not isinstance(self.path, Path) or self._identity is None:
            return
        path = self.path
        now = await self._reading(lambda conn: FileIdentity.of(path))
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

    async def insert_challenge(
        self, challenge: Challenge, *, replacing: Game | None = None
    ) -> Challenge:
        row = challenge_to_row(challenge)
        replaced = self._replacing(replacing)

        def insert(tx: sqlite3.Connection) -> int | None:
            replaced(tx)
            return tx.execute(_SQL.insert_challenge, row).lastrowid  # the schema's rule

        challenge_id = await self._writing(insert)
        assert challenge_id is not None
        return replace(challenge, id=challenge_id)

    async def set_bot_state(self, name: str, value: str, at: datetime) -> None:
        params = {"name": name, "value": value, "updated_at": iso(at)}
        await self._writing(lambda tx: tx.execute(_SQL.set_bot_state, params))

    async def update_challenge(self, challenge: Challenge) -> None:
        row = challenge_to_row(challenge)
        await self._writing(lambda tx: self._update_challenge(tx, challenge.id, row))

    async def close_challenge(self, challenge: Challenge) -> None:
        row = challenge_to_row(challenge)
        await self._writing(lambda tx: self._update_challenge(tx, challenge.id, row, close=True))

    def _update_challenge(
        self,
        tx: sqlite3.Connection,
        challenge_id: int,
        row: dict[str, object],
        *,
        close: bool = False,
    ) -> None:
        sql = _SQL.close_challenge if close else _SQL.update_challenge
        if tx.execute(sql, row).rowcount == 1:
            return
        if tx.execute("SELECT 1 FROM challenges WHERE id = :id", row).fetchone() is None:
            raise StorageError(CHALLENGE_MISSING, id=challenge_id)
        raise GameChangedError(CHALLENGE_ANSWERED)

    async def accept_challenge(self, challenge: Challenge, game: Game) -> Game:
        game_row = to_row(game)

        def accept(tx: sqlite3.Connection) -> Game:
            accepted = replace(challenge, status=ChallengeStatus.ACCEPTED)
            self._update_challenge(tx, challenge.id, challenge_to_row(accepted), close=True)
            started = self._insert(tx, game, game_row)
            closed = challenge_to_row(replace(accepted, game_id=started.id))
            self._update_challenge(tx, challenge.id, closed)
            return started

        return await self._writing(accept)

    async def expire_challenges(
        self,
        at: datetime,
        *,
        after: PageKey = START,
        shards: ShardSet | None = None,
        limit: int = 200,
    ) -> Page[Challenge]:
        sql = scoped(_SQL, _SQL.due_challenges_page, shards, None)
        params = {"now": iso(at), "after_id": after[1], "limit": limit}

        def expire(tx: sqlite3.Connection) -> Page[Challenge]:
            rows = tx.execute(sql, params).fetchall()
            expired = []
            for row in rows:
                closed = replace(self._challenge(row), status=ChallengeStatus.EXPIRED)
                if tx.execute(_SQL.close_challenge, challenge_to_row(closed)).rowcount == 1:
                    expired.append(closed)
            return Page(expired, page_end(rows, None, limit))

        return await self._writing(expire)

    async def server_settings(self, guild_id: int) -> ServerSettings | None:
        rows = await self._read(_SETTINGS.select, {"guild_id": guild_id})
        return settings_from_row(rows[0]) if rows else None

    async def save_server_settings(self, settings: ServerSettings, at: datetime) -> ServerSettings:
        row = settings_row(settings, at)
        sql = _SETTINGS.insert if settings.version == 0 else _SETTINGS.update

        def save(tx: sqlite3.Connection) -> None:
            if tx.execute(sql, row).rowcount != 1:
                raise GameChangedError(SETTINGS_CHANGED)

        await self._writing(save)
        return saved(settings)

    async def delete_server_settings(self, guild_id: int) -> None:
        params = {"guild_id": guild_id}
        await self._writing(lambda tx: tx.execute(_SETTINGS.delete, params))

    async def idle_minutes_in_use(self) -> list[int]:
        return [int(row["idle_minutes"]) for row in await self._read(_SETTINGS.idle_in_use)]

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
            raise StorageError(STORE_CLOSED)
        return self._workers

    async def _writing(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(conn)`` in one ``BEGIN IMMEDIATE`` transaction on the writer thread,
        committed before this returns, rolled back on any error. The lock is waited for at
        most until ``write_timeout`` after this call (``StoreBusyError``). A game or challenge
        the schema refuses (a channel holds one running game or one open challenge, migration
        5) is ``GameChangedError`` saying which the channel has."""
        deadline = time.monotonic() + self.write_timeout
        writer = self._both()[0]

        def transaction(conn: sqlite3.Connection) -> T:
            left = deadline - time.monotonic()
            if left <= 0:
                raise sqlite3.OperationalError("waited in the queue past write_timeout")
            conn.execute(f"PRAGMA busy_timeout = {max(1, int(left * 1000))}")
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = work(conn)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            return result

        try:
            return await writer.run(transaction)
        except sqlite3.IntegrityError as error:
            if str(error) not in CHANNEL_RULES:
                raise self._failure("save", error) from error
            log.warning("The game database %s refused a row: %s", self.where, error)
            raise GameChangedError(CHANNEL_RULES[str(error)]) from error
        except sqlite3.Error as error:
            raise self._failure("save", error) from error

    async def _reading(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(conn)`` on the reader thread; sqlite errors become ``StorageError``."""
        reader = self._both()[1]
        try:
            return await reader.run(work)
        except sqlite3.Error as error:
            raise self._failure("read", error) from error

    async def _read(self, sql: str, params: Mapping[str, object] | None = None) -> list[Row]:
        return await self._reading(lambda conn: conn.execute(sql, params or {}).fetchall())

    def _failure(self, doing: str, error: sqlite3.Error) -> StorageError:
        """The player's sentence for a failed read or write; SQLite's words go to the log."""
        if _is_busy(error):
            log.warning("The game database %s was busy (%s): %s", self.where, doing, error)
            return StoreBusyError()
        log.error("The game database %s failed to %s: %s", self.where, doing, error)
        return StorageError(UNAVAILABLE)


def _rate_solo(tx: sqlite3.Connection, game: Game) -> None:
    """Move the member's solo rating (and adaptive record) by ``game``, a result against the
    bot first counted in this transaction (``bot.games.solo.after_game``)."""
    key = solo_key(game)
    tx.execute(_SOLO.new_solo, key)
    solo = rating_of(tx.execute(_SOLO.solo, key).fetchone())
    adaptive = record_of(None)
    if is_adaptive(game):
        tx.execute(_SOLO.new_adaptive, adaptive_key(game))
        adaptive = record_of(tx.execute(_SOLO.adaptive, adaptive_key(game)).fetchone())
    new_solo, new_record = after_game(game, solo, adaptive)
    tx.execute(_SOLO.set_solo, new_values(key, new_solo.rating, new_solo.games))
    if new_record is not None:
        params = new_values(adaptive_key(game), new_record.rating, new_record.games)
        tx.execute(_SOLO.set_adaptive, params)


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
