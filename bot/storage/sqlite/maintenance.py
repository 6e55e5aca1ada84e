"""The operator's tools for the SQLite game database: a full check and an online backup.

Both read through a read-only connection, so they are safe while the bot runs.
"""

from __future__ import annotations

import os
import shlex
import sqlite3
from contextlib import closing
from pathlib import Path

from bot.games.errors import StorageError
from bot.storage.migrations import SCHEMA_VERSION
from bot.storage.sqlite.file import APPLICATION_ID, inspect, read_only, unusable, where

SHOWN_PROBLEMS = 5
"""How many of integrity_check's lines the report shows (the rest are counted)."""


def check_database(path: Path) -> tuple[bool, str]:
    """Run SQLite's full ``integrity_check`` on ``path``; (healthy, a one-screen report).

    The start-up check is ``quick_check``, which skips comparing each index with its table;
    this one does not, so it finds a damaged index too (and takes longer on a big file).
    """
    if not os.path.isfile(path):
        return False, f"There is no game database at {where(path)}: check DATABASE_PATH."
    try:
        facts = inspect(path, quick_check=False)
        with read_only(path) as conn:
            problems = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
            games = int(conn.execute("SELECT count(*) FROM games").fetchone()[0])
    except StorageError as error:
        return False, str(error)
    except sqlite3.Error as error:
        return False, f"{unusable(path, error)}\n\n{_what_to_do(path)}"
    heading = f"Game database {where(path)}: schema version {facts.version}, {games:,} games."
    if problems == ["ok"]:
        return True, f"{heading}\nSQLite's full integrity check found no problems."
    shown = [f"  {line}" for line in problems[:SHOWN_PROBLEMS]]
    if len(problems) > SHOWN_PROBLEMS:
        shown.append(f"  ... and {len(problems) - SHOWN_PROBLEMS} more.")
    found = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
    lines = [heading, f"SQLite's full integrity check found {found}:", *shown]
    return False, "\n".join([*lines, "", _what_to_do(path)])


def _what_to_do(path: Path) -> str:
    """Both remedies, with command lines to copy (paths quoted for the shell)."""
    file = shlex.quote(str(path))
    new = shlex.quote(f"{path}.recovered")
    old = shlex.quote(f"{path}.damaged")
    pragmas = shlex.quote(
        f"PRAGMA user_version = {SCHEMA_VERSION}; PRAGMA application_id = {APPLICATION_ID};"
    )
    return "\n".join(
        [
            "What to do (stop the bot first; the file is left as it is until you act):",
            "  1. Restore a backup (made with: python -m bot backup FILE): move this file aside,",
            f"     with its -wal and -shm files if present, and copy the backup to {file}.",
            "  2. Or copy what SQLite can still read into a new file, check it, and use it:",
            f"       sqlite3 {file} .recover | sqlite3 {new}",
            f"       (a sqlite3 without .recover: sqlite3 {file} .dump | sqlite3 {new})",
            f"       sqlite3 {new} {pragmas}",
            f"       python -m bot check-db {new}",
            f"       mv {file} {old} && mv {new} {file}",
            "     Games on the damaged pages may be lost; everything else is kept.",
        ]
    )


def backup_database(path: Path, target: Path, *, overwrite: bool = False) -> str:
    """Write a consistent copy of the game database at ``path`` to ``target``; the sentence to
    print. Safe while the bot runs. Raises ``StorageError`` if ``path`` is not a usable game
    database, or ``target`` exists (unless ``overwrite``) or cannot be written."""
    if not os.path.isfile(path):
        raise StorageError("There is no game database at {where}.", where=where(path))
    if os.path.exists(target) and os.path.samefile(path, target):
        # Even with --force: the copy would be renamed over the file the bot is using.
        raise StorageError(
            "{target} is the game database itself; nothing was written. Choose another "
            "file for the backup.",
            target=where(target),
        )
    if os.path.lexists(target) and not (overwrite and os.path.isfile(target)):
        raise StorageError(
            "{target} already exists; nothing was written. Choose a new file name, or add "
            "--force to replace that file.",
            target=where(target),
        )
    if not os.path.isdir(target.parent):
        raise StorageError(
            "The folder {folder} for the backup does not exist; nothing was written.",
            folder=where(target.parent),
        )
    inspect(path, quick_check=False)  # ours (not another program's file), readable
    partial = target.with_name(f".{target.name}.partial")
    try:
        with read_only(path) as source, closing(sqlite3.connect(partial)) as copy:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
            games = int(copy.execute("SELECT count(*) FROM games").fetchone()[0])
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as error:
        partial.unlink(missing_ok=True)
        raise StorageError(
            "Could not write the backup to {target} ({reason}); nothing was written there.",
            target=where(target),
            reason=getattr(error, "strerror", None) or "check the disk space and permissions",
        ) from error
    return (
        f"Wrote a consistent copy of {where(path)} ({games:,} games) to {where(target)}.\n"
        f"To restore it: stop the bot, move {where(path)} aside (with its -wal and -shm files "
        f"if present), copy {where(target)} to {where(path)}, and start the bot."
    )
