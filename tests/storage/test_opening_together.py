"""Processes opening one new SQLite file together (two shard processes started at once on a
fresh install): whichever is first creates and migrates it, and every other accepts it as ours.

The race is a few microseconds wide: the first process's first migration, which creates our
tables and stamps our application id in one transaction, commits between another's reads of
the file's identity. Left to chance, it struck once in 120 to 240 openings (four processes at
a time). Here a real second process commits at exactly that moment: the opening process's
read-only connection runs it from SQLite's statement trace, as its last read starts.
"""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.storage import SqliteGameStore
from bot.storage.migrations import SCHEMA_VERSION

pytestmark = pytest.mark.processes

ROOT = Path(__file__).resolve().parents[2]


def migrate_in_another_process(path: Path) -> None:
    """A second bot process opening ``path``, which migrates it and exits."""
    opening = "import sys; from bot.games import SqliteGameStore; SqliteGameStore(sys.argv[1])"
    subprocess.run([sys.executable, "-c", opening, str(path)], cwd=ROOT, check=True, timeout=60)


def test_a_migration_committed_between_the_identity_reads_is_taken_as_ours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.db"
    with sqlite3.connect(path) as first:  # as the first process leaves it before migrating
        first.execute("PRAGMA journal_mode = WAL")
    first.close()
    commits: list[str] = []
    connect = sqlite3.connect

    def connect_and_trace(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = connect(*args, **kwargs)
        if str(args[0]).endswith("?mode=ro"):  # the checks that read the file's identity

            def trace(statement: str) -> None:
                if statement.startswith("SELECT name FROM sqlite_master") and not commits:
                    commits.append(statement)
                    migrate_in_another_process(path)

            conn.set_trace_callback(trace)
        return conn

    monkeypatch.setattr(sqlite3, "connect", connect_and_trace)
    store = SqliteGameStore(path)
    monkeypatch.undo()
    assert commits, "the other process never ran"
    assert asyncio.run(store.open_game_count()) == 0
    asyncio.run(store.close())
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    check.close()
