"""SQLite implementation of ``GameStore``: one file, WAL mode, schema migrated by the program.

Calls run inline on the event loop. With WAL and ``synchronous=NORMAL`` a commit appends to
the write-ahead log without waiting for the disk (tens of microseconds; bench/games.py measures
a whole move), so a worker thread would cost more in hand-offs than it saves. Durability: once
``commit()`` has returned the change survives the program crashing or being killed; a power
cut may lose the last moments of commits but never corrupts the file. Pass
``synchronous="FULL"`` to fsync every commit instead (slower, survives power cuts too).

The schema is ``bot.games.migrations`` (``PRAGMA user_version`` counts the migrations run);
games become rows and back through ``bot.games.rows``, read by column name (``sqlite3.Row``).
Stats and leaderboards read running totals that triggers keep in step with the games table
(schema v2), so they cost the same with a hundred games or millions: a member's stats read
one row per level, a leaderboard reads its top rows through an index (bench/games.py).
"""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import replace
from pathlib import Path
from typing import Literal

from bot.games.errors import DatabaseGoneError, StorageError
from bot.games.migrations import MIGRATIONS
from bot.games.models import Challenge, Game, Rating, Record, Status
from bot.games.rows import (
    GameSql,
    UnreadableGame,
    challenge_from_row,
    challenge_to_row,
    duel_ranking,
    ends_a_duel,
    from_row,
    member_rows,
    ranking,
    rating_from_row,
    rating_rows,
    readable,
    record_from_row,
    records_by_level,
    scope,
    standings_scope,
    to_row,
)
from bot.games.sqlite_file import (
    APPLICATION_ID,
    FileFacts,
    FileIdentity,
    check_writable,
    inspect,
    unusable,
)

Synchronous = Literal["NORMAL", "FULL"]
SYNCHRONOUS_MODES: tuple[Synchronous, ...] = ("NORMAL", "FULL")
"""The ``PRAGMA synchronous`` settings the store offers (see the module docstring)."""

DEFAULT_WRITE_TIMEOUT = 2.0
"""Seconds a write waits for another process's write lock before it gives up ("busy")."""

_SYNCHRONOUS_LEVELS: dict[int, Synchronous] = {1: "NORMAL", 2: "FULL"}

_SQL = GameSql.styled(":{}")

log = logging.getLogger(__name__)


class SqliteGameStore:
    """``GameStore`` on one SQLite file (``":memory:"`` for tests). Opening creates the file
    and its folder, checks the file is healthy and migrates the schema; any problem raises
    ``StorageError`` naming the file. Nothing is ever reset or deleted to "fix" a file."""

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
        self._where = "the in-memory database" if str(path) == ":memory:" else f"'{path}'"
        self._conn: sqlite3.Connection | None = None
        self._identity: FileIdentity | None = None
        facts = FileFacts(version=0, stamped=False)
        if isinstance(self.path, Path):
            _make_room(self.path, self._where)
            exists = os.path.exists(self.path)
            if exists:  # every check reads only; the file is opened for writing once it passed
                facts = inspect(self.path)
                check_writable(self.path)
        try:
            if isinstance(self.path, Path):
                mode = "rw" if exists else "rwc"
                target = f"{self.path.absolute().as_uri()}?mode={mode}"
                self._conn = sqlite3.connect(target, uri=True, isolation_level=None)
            else:
                self._conn = sqlite3.connect(":memory:", isolation_level=None)
            self._conn.row_factory = sqlite3.Row
            # Leaderboard ties sort by name as Python's str.casefold() does (SQLite's own
            # lower() only folds ASCII); the v2 migration fills members.name_key with it.
            self._conn.create_function("casefold", 1, str.casefold, deterministic=True)
            self._conn.execute(f"PRAGMA busy_timeout = {int(self.write_timeout * 1000)}")
            self._conn.execute("PRAGMA journal_mode = WAL").fetchone()
            self._conn.execute(f"PRAGMA synchronous = {synchronous}")
            if not facts.stamped:  # a new file, or one made before the id existed
                with self._transaction() as tx:
                    tx.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self._migrate(facts.version)
            if isinstance(self.path, Path):
                self._identity = FileIdentity.of(self.path)
        except StorageError:
            self._close_quietly()
            raise
        except (sqlite3.Error, OSError) as error:
            self._close_quietly()
            if isinstance(self.path, Path) and not os.path.exists(self.path):
                raise StorageError(
                    "Cannot create the game database {where} in the folder '{folder}'. Check "
                    "that this user may write there, or point DATABASE_PATH somewhere else.",
                    where=self._where,
                    folder=self.path.parent,
                ) from error
            if isinstance(error, sqlite3.Error) and isinstance(self.path, Path):
                raise unusable(self.path, error) from error
            raise StorageError(
                "Cannot open the game database {where}. Restore a backup, or move it aside "
                "(the bot then starts a new, empty one) and start again.",
                where=self._where,
            ) from error

    # -- opening -------------------------------------------------------------------------

    def _migrate(self, version: int) -> None:
        """Run the migrations after ``version`` (each in one transaction)."""
        for migration in MIGRATIONS[version:]:
            with self._transaction() as tx:
                for statement in migration.statements("sqlite"):
                    tx.execute(statement)
                tx.execute(f"PRAGMA user_version = {migration.version}")

    async def check_file(self) -> None:
        """Raise ``DatabaseGoneError`` if the path no longer names the file this store opened
        (deleted, or replaced by another file): writing on would go where no one reads."""
        if isinstance(self.path, Path) and self._identity is not None:
            now = FileIdentity.of(self.path)
            if now != self._identity:
                raise DatabaseGoneError(
                    "The game database {where} was {what} while the bot was running, so "
                    "nothing more can be saved to it. The bot stopped instead of writing into "
                    "a file no one will read: put the right file back (or restore a backup) "
                    "and start again.",
                    where=self._where,
                    what="deleted" if now is None else "replaced by another file",
                )

    # -- GameStore -----------------------------------------------------------------------

    async def active_games(self) -> list[Game]:
        rows = self._read(f"{_SQL.select} WHERE status = 'active' ORDER BY id")
        return readable(rows, self._where)

    async def get(self, game_id: int) -> Game | None:
        rows = self._read(f"{_SQL.select} WHERE id = :id", {"id": game_id})
        return self._game(rows[0]) if rows else None

    async def latest_game(self, channel_id: int, member_id: int) -> Game | None:
        rows = self._read(_SQL.latest_game, {"channel_id": channel_id, "member_id": member_id})
        return self._game(rows[0]) if rows else None

    async def insert(self, game: Game) -> Game:
        row = to_row(game)
        with self._transaction() as tx:
            try:
                game_id = tx.execute(_SQL.insert, row).lastrowid
            except sqlite3.IntegrityError as error:  # the one-active-game-per-channel index
                log.warning("The game database %s refused a new game: %s", self._where, error)
                raise StorageError("This channel already has a game running.") from error
            tx.executemany(_SQL.upsert_member, member_rows(game))
        assert game_id is not None
        return replace(game, id=game_id)

    async def update(self, game: Game) -> None:
        with self._transaction() as tx:
            before = tx.execute("SELECT status FROM games WHERE id = :id", {"id": game.id})
            found = before.fetchone()
            if tx.execute(_SQL.update, to_row(game)).rowcount != 1 or found is None:
                raise StorageError(
                    "Game #{id} is missing from the game database {where}.",
                    id=game.id,
                    where=self._where,
                )
            if ends_a_duel(Status(found["status"]), game):
                x, o = (
                    rating_from_row(
                        tx.execute(
                            _SQL.rating, {**scope(game.guild_id), "member_id": seat.member_id}
                        ).fetchone()
                    )
                    for seat in (game.x, game.o)
                )
                tx.executemany(_SQL.upsert_rating, rating_rows(game, x, o))

    async def member_name(self, member_id: int) -> str | None:
        rows = self._read(_SQL.member_name, {"member_id": member_id})
        return str(rows[0]["name"]) if rows else None

    async def records(
        self, member_id: int, guild_id: int | None
    ) -> dict[tuple[str, int], Record]:
        query = _SQL.records if guild_id is None else _SQL.records_in_guild
        rows = self._read(query, {"member_id": member_id, "guild_id": guild_id})
        return records_by_level(rows)

    async def rating(self, member_id: int, guild_id: int | None) -> Rating:
        rows = self._read(_SQL.rating, {**scope(guild_id), "member_id": member_id})
        return rating_from_row(rows[0] if rows else None)

    async def duel_standings(
        self, guild_id: int | None, limit: int | None = None
    ) -> list[tuple[int, str, Rating]]:
        query = _SQL.duel_standings if limit is None else _SQL.duel_standings_top
        return duel_ranking(self._read(query, standings_scope(guild_id, limit)))

    async def head_to_head(self, member_id: int, other_id: int, guild_id: int | None) -> Record:
        query = _SQL.head_to_head if guild_id is None else _SQL.head_to_head_in_guild
        rows = self._read(query, {"member": member_id, "other": other_id, "guild_id": guild_id})
        return record_from_row(rows[0])

    async def insert_challenge(self, challenge: Challenge) -> Challenge:
        with self._transaction() as tx:
            challenge_id = tx.execute(_SQL.insert_challenge, challenge_to_row(challenge)).lastrowid
        assert challenge_id is not None
        return replace(challenge, id=challenge_id)

    async def update_challenge(self, challenge: Challenge) -> None:
        with self._transaction() as tx:
            if tx.execute(_SQL.update_challenge, challenge_to_row(challenge)).rowcount != 1:
                raise StorageError(
                    "Challenge #{id} is missing from the game database {where}.",
                    id=challenge.id,
                    where=self._where,
                )

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        rows = self._read(f"{_SQL.select_challenge} WHERE id = :id", {"id": challenge_id})
        return self._challenge(rows[0]) if rows else None

    async def open_challenges(self) -> list[Challenge]:
        rows = self._read(f"{_SQL.select_challenge} WHERE status = 'open' ORDER BY id")
        return [self._challenge(row) for row in rows]

    async def standings(
        self, guild_id: int | None, limit: int | None = None
    ) -> list[tuple[int, str, Record]]:
        query = _SQL.standings if limit is None else _SQL.standings_top
        rows = self._read(query, standings_scope(guild_id, limit))
        return ranking(rows)

    async def close(self) -> None:
        self._close_quietly()

    @property
    def synchronous(self) -> Synchronous:
        """The durability setting the connection runs with, as SQLite reports it."""
        level = int(self._read("PRAGMA synchronous")[0][0])
        return _SYNCHRONOUS_LEVELS[level]

    # -- plumbing ------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StorageError("The game database {where} is closed.", where=self._where)
        return self._conn

    def _close_quietly(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with suppress(sqlite3.Error):
                conn.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT; rolled back on any error, sqlite errors become
        ``StorageError``. When the block exits normally the commit has returned."""
        conn = self._connection()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            raise StorageError(
                "Could not save to the game database {where}: {error}.",
                where=self._where,
                error=error,
            ) from error

    def _read(self, sql: str, params: Mapping[str, object] | None = None) -> list[sqlite3.Row]:
        try:
            return self._connection().execute(sql, params or {}).fetchall()
        except sqlite3.Error as error:
            raise self._read_error(error) from error

    def _read_error(self, error: sqlite3.Error) -> StorageError:
        return StorageError(
            "Could not read the game database {where}: {error}.",
            where=self._where,
            error=error,
        )

    def _challenge(self, row: sqlite3.Row) -> Challenge:
        """``rows.challenge_from_row``, a row that fails named as a ``StorageError``."""
        try:
            return challenge_from_row(row)
        except UnreadableGame as error:
            raise StorageError(
                "Challenge #{id} in the game database {where} cannot be read ({error}). "
                "The file was left untouched; restore a backup or move it aside.",
                id=error.game_id,
                where=self._where,
                error=error,
            ) from error

    def _game(self, row: sqlite3.Row) -> Game:
        """``rows.from_row``, with a row that fails named as a ``StorageError`` (the game and
        the file), instead of loading half-broken and failing later in front of a player."""
        try:
            return from_row(row)
        except UnreadableGame as error:
            raise StorageError(
                "Game #{id} in the game database {where} cannot be read ({error}). "
                "The file was left untouched; restore a backup or move it aside.",
                id=error.game_id,
                where=self._where,
                error=error,
            ) from error


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
