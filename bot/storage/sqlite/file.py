"""Telling whether an SQLite file is ours and usable, without changing it.

Every check runs on a read-only connection, so a refused file stays as it was; each refusal
is one sentence naming the file and saying what to do, the details go to the log.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

from bot.games.errors import StorageError
from bot.storage.migrations import SCHEMA_VERSION

log = logging.getLogger(__name__)

APPLICATION_ID = 0x54545462
"""``PRAGMA application_id`` of every file this program creates: "TTTb" in ASCII."""

OUR_TABLES = frozenset({"games", "members"})
"""Tables every schema version has: how a file from before the application id is recognised."""

CHECK_TIMEOUT_MS = 2000
"""How long a check waits for another program's lock before calling the file locked."""

LOGGED_PROBLEMS = 10
"""How many of quick_check's problems the log line quotes (``check-db`` shows them all)."""

CHECK_DB = "python -m bot check-db"

UNTOUCHED = "It was left untouched"


@dataclass(frozen=True, slots=True)
class FileFacts:
    """What the read-only checks found in a file they accepted."""

    version: int  # the schema version (``PRAGMA user_version``); 0 for a new, empty file
    stamped: bool  # True when it carries our application id (False: new or pre-id file)


@dataclass(frozen=True, slots=True)
class FileIdentity:
    """Which file a path named when the store opened it (device and inode)."""

    device: int
    inode: int

    @classmethod
    def of(cls, path: Path) -> FileIdentity | None:
        """The identity of the file at ``path`` now; None if there is none."""
        try:
            status = os.stat(path)
        except OSError:
            return None
        return cls(status.st_dev, status.st_ino)


def where(path: Path) -> str:
    """How sentences name the file."""
    return f"'{path}'"


@contextmanager
def read_only(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to an existing file; closed on leaving."""
    uri = f"{path.absolute().as_uri()}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as conn:
        conn.execute(f"PRAGMA busy_timeout = {CHECK_TIMEOUT_MS}")
        yield conn


def inspect(path: Path, *, quick_check: bool = True) -> FileFacts:
    """Accept an existing file as ours and usable, or raise ``StorageError`` saying why.

    Read-only from start to end: identity first (application id, schema version, tables),
    then ``PRAGMA quick_check`` (fast; ``python -m bot check-db`` runs the full check).
    """
    try:
        with read_only(path) as conn:
            facts = _identify(conn, path)
            if quick_check:
                problems = [str(row[0]) for row in conn.execute("PRAGMA quick_check")]
                if problems != ["ok"]:
                    shown = "; ".join(problems[:LOGGED_PROBLEMS])
                    count = len(problems)
                    log.info("quick_check of %s found %d problem(s): %s", path, count, shown)
                    raise damaged(path, len(problems))
            return facts
    except sqlite3.Error as error:
        raise unusable(path, error) from error


def _identify(conn: sqlite3.Connection, path: Path) -> FileFacts:
    """The file's identity, read in one transaction: another process may be creating it this
    moment, and its first migration's commit landing between two separate reads would show a
    file with our tables but no application id yet, which looks like another program's."""
    conn.execute("BEGIN")
    app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    tables = {str(row[0]) for row in conn.execute("SELECT name FROM sqlite_master")}
    conn.execute("COMMIT")
    ours = app_id == APPLICATION_ID
    if not ours and (app_id != 0 or (tables and not (version and tables >= OUR_TABLES))):
        raise StorageError(
            "The file {where} is an SQLite database of another program, not a tictactoe-bot "
            "game database. {untouched}: point DATABASE_PATH at another file.",
            where=where(path),
            untouched=UNTOUCHED,
        )
    if version > SCHEMA_VERSION:
        raise StorageError(
            "The game database {where} has schema version {version}, but this version of "
            "tictactoe-bot only knows up to version {known}: it was written by a newer "
            "release. {untouched}: upgrade the bot, or point DATABASE_PATH at another file.",
            where=where(path),
            version=version,
            known=SCHEMA_VERSION,
            untouched=UNTOUCHED,
        )
    return FileFacts(version=version, stamped=ours)


def damaged(path: Path, problems: int) -> StorageError:
    """The sentence for a file SQLite's checks found damaged."""
    return StorageError(
        "The game database {where} is damaged ({count} found by SQLite's check; the log lists "
        "them). {untouched}: run '{check_db}' to see how to restore a backup or recover the "
        "games, then start again.",
        where=where(path),
        count="1 problem" if problems == 1 else f"{problems} problems",
        untouched=UNTOUCHED,
        check_db=CHECK_DB,
    )


def unusable(path: Path, error: sqlite3.Error) -> StorageError:
    """The sentence for an SQLite error met while opening or checking the file."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    log.info("SQLite refused %s: %s (%s)", path, error, getattr(error, "sqlite_errorname", ""))
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StorageError(
            "The game database {where} is locked by another program (another copy of the bot, "
            "or a tool holding it open). {untouched}: stop that program, then start again.",
            where=where(path),
            untouched=UNTOUCHED,
        )
    if code == sqlite3.SQLITE_READONLY:
        return read_only_file(path)
    if code == sqlite3.SQLITE_CORRUPT:
        return damaged(path, 1)
    if code == sqlite3.SQLITE_NOTADB:
        return StorageError(
            "The file {where} is not a database (not an SQLite file at all). {untouched}: "
            "restore a backup, or move it aside (the bot then starts a new, empty one) and "
            "start again.",
            where=where(path),
            untouched=UNTOUCHED,
        )
    if code == sqlite3.SQLITE_CANTOPEN:
        return StorageError(
            "Cannot open the game database {where}: check that this user may read and write "
            "it and its folder, or point DATABASE_PATH somewhere else.",
            where=where(path),
        )
    return StorageError(
        "Cannot open the game database {where} (SQLite error {name}). {untouched}: run "
        "'{check_db}' to check it, restore a backup, or move it aside and start again.",
        where=where(path),
        name=getattr(error, "sqlite_errorname", "unknown"),
        untouched=UNTOUCHED,
        check_db=CHECK_DB,
    )


def read_only_file(path: Path) -> StorageError:
    """The sentence for a file (or folder) this user may read but not write."""
    return StorageError(
        "The game database {where} is read-only for this user (the bot writes every move, "
        "and SQLite writes '-wal' and '-shm' files beside it). {untouched}: let this user "
        "write the file and its folder, or point DATABASE_PATH somewhere else.",
        where=where(path),
        untouched=UNTOUCHED,
    )


def check_writable(path: Path) -> None:
    """Refuse a file, or a folder for the ``-wal`` file, that this user may not write."""
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK | os.X_OK):
        raise read_only_file(path)
