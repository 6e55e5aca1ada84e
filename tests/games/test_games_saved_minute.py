"""Migration 6: the sweep's index holds the minute a game was saved (``saved_minute``), not the
moment, so a move's save rewrites no indexed column.

Checked here: a database of schema version 5 gets each game's minute from its ``updated_at``
(to the microsecond before a minute's end) and is then swept as a new one; and on PostgreSQL a
move's save is a HOT update (a new row version in its page, no index touched), which is what
the migration is for. The sweep's paging within a minute is in the store contract."""

from __future__ import annotations

import itertools
import random
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import psycopg
import pytest
from games_helpers import START, running_game, sqlite_at_version, statistics_once_sent

from bot.games import Game, GameService, GameStore, SqliteGameStore
from bot.games.migrations import MIGRATIONS
from bot.games.postgres_store import VERSION_TABLE, PostgresGameStore
from bot.games.rows import COLUMNS, saved_minute, to_row

V5_COLUMNS = [column.name for column in COLUMNS if column.name != "saved_minute"]

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


@pytest.mark.parametrize("dialect", ["sqlite", "postgresql"])
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


async def test_a_moves_save_on_postgresql_touches_no_index(postgres_url: str) -> None:
    """Three moves of a 4x4 game against the bot, seconds apart within one minute: each save
    is a HOT update. (Before migration 6 the sweep's index held ``updated_at``, which every
    save changes, and none was.)"""
    store = await PostgresGameStore.open(postgres_url)
    ticks = itertools.count(10)  # a second later at each look, all in START's minute
    service = GameService(
        store, clock=lambda: START + timedelta(seconds=next(ticks)), rng=random.Random(1)
    )
    reply = await service.start(
        channel_id=1,
        guild_id=None,
        member_id=1,
        member_name="alice",
        level="easy",
        first="me",
        size=4,
    )
    for _ in range(3):
        move = reply.game.board.legal_moves[0]
        reply = await service.move(channel_id=1, member_id=1, move=move)
    assert reply.game.is_active and len(reply.game.moves) == 6
    await service.close()  # its connections end, and with them their statistics are sent
    row = await statistics_once_sent(
        postgres_url,
        "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = 'games'",
        lambda row: row[0] >= 3,
    )
    assert row == (3, 3)
