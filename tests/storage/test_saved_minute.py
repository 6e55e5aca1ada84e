"""Migration 6: the sweep's index holds the minute a game was saved (``saved_minute``), not the
moment, so a move's save rewrites no indexed column.

Checked here: a database of schema version 5 gets each game's minute from its ``updated_at``
(to the microsecond before a minute's end) and is then swept as a new one. The sweep's paging
within a minute is in the store contract."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import psycopg
import pytest
from games_helpers import COLUMNS_SINCE, START, running_game, sqlite_at_version

from bot.games import Game, GameStore
from bot.storage import SqliteGameStore
from bot.storage.migrations import MIGRATIONS
from bot.storage.postgres.store import VERSION_TABLE, PostgresGameStore
from bot.storage.rows import (
    COLUMNS,
    saved_minute,
    to_row,
)

V5_COLUMNS = [column.name for column in COLUMNS if COLUMNS_SINCE.get(column.name, 1) <= 5]

SAVED_AT = [  # (a game's updated_at, idle at the cutoff below)
    (START + timedelta(minutes=1, seconds=59, microseconds=999_999), True),
    (START + timedelta(minutes=2), True),
    (START + timedelta(minutes=2, seconds=30), True),
    (START + timedelta(minutes=2, seconds=30, microseconds=1), False),
    (START + timedelta(minutes=3), False),
]
CUTOFF = START + timedelta(minutes=2, seconds=30)


def v5_games() -> list[Game]:
    return [
        replace(running_game(), id=n + 1, channel_id=n + 1, updated_at=at)
        for n, (at, _) in enumerate(SAVED_AT)
    ]


def v5_sqlite(path: Path) -> Callable[[str], list[tuple[int, int]]]:
    """A schema-5 file holding ``v5_games``; a reader of its rows."""
    sqlite_at_version(path, 5)
    with closing(sqlite3.connect(path)) as conn, conn:
        insert = (
            f"INSERT INTO games (id, {', '.join(V5_COLUMNS)}) VALUES (:id, "
            + ", ".join(f":{name}" for name in V5_COLUMNS)
            + ")"
        )
        for game in v5_games():
            conn.execute(insert, to_row(game))

    def read(sql: str) -> list[tuple[int, int]]:
        with closing(sqlite3.connect(path)) as conn:
            return conn.execute(sql).fetchall()

    return read


def v5_postgres(url: str) -> Callable[[str], list[tuple[int, int]]]:
    """A schema-5 PostgreSQL database holding ``v5_games``; a reader of its rows."""
    with psycopg.connect(url) as conn:
        for migration in MIGRATIONS[:5]:
            for statement in migration.statements("postgresql"):
                conn.execute(statement)
        conn.execute(f"CREATE TABLE {VERSION_TABLE} (version integer NOT NULL)")
        conn.execute(f"INSERT INTO {VERSION_TABLE} VALUES (5)")
        insert = (
            f"INSERT INTO games (id, {', '.join(V5_COLUMNS)}) OVERRIDING SYSTEM VALUE "
            f"VALUES (%(id)s, {', '.join(f'%({name})s' for name in V5_COLUMNS)})"
        )
        for game in v5_games():
            conn.execute(insert, to_row(game))

    def read(sql: str) -> list[tuple[int, int]]:
        with psycopg.connect(url) as conn:
            return [(int(a), int(b)) for a, b in conn.execute(sql).fetchall()]

    return read


@pytest.mark.parametrize(
    "dialect", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
async def test_a_version_5_database_gets_each_games_minute_and_is_swept_as_a_new_one(
    dialect: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    store: GameStore
    if dialect == "sqlite":
        read = v5_sqlite(tmp_path / "games.db")
        store = SqliteGameStore(tmp_path / "games.db")
    else:
        url: str = request.getfixturevalue("postgres_url")
        read = v5_postgres(url)
        store = await PostgresGameStore.open(url)
    try:
        minutes = read("SELECT id, saved_minute FROM games ORDER BY id")
        assert minutes == [(n + 1, saved_minute(at)) for n, (at, _) in enumerate(SAVED_AT)]
        assert minutes[0][1] + 1 == minutes[1][1]  # 1:59.999999 is still the minute before
        page = await store.expire_idle(CUTOFF, START + timedelta(hours=1), limit=10)
        assert sorted(game.id for game in page.items) == [
            n + 1 for n, (_, idle) in enumerate(SAVED_AT) if idle
        ]
    finally:
        await store.close()
