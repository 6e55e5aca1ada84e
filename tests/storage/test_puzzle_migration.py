"""Migration 16 (puzzles) on a database an older release left at version 14, SQLite and
PostgreSQL: upgraded through 15 (answers only) and 16 in order, its games are kept as they
were (neither answers only), the new tables work, and made puzzles are numbered from 100001
on both, the upgraded database as a fresh one."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest
from games_helpers import START, finished_game, insert_game_at, scalar, sqlite_at_version

from bot.engine.classic.puzzles import shipped
from bot.games import Game, GameStore, Status
from bot.games.puzzles.models import (
    Attempt,
    AttemptStatus,
    MadePuzzle,
    PuzzlePlayer,
    start_rating,
)
from bot.storage import SqliteGameStore
from bot.storage.migrations import MIGRATIONS
from bot.storage.postgres.store import PostgresGameStore
from bot.storage.rows import member_rows, to_row
from bot.storage.sql import GameSql
from tests.storage.test_migrations import FRESH, schema

V14, V15 = 14, 15


def games(version: int = V14) -> list[Game]:
    """Two finished games; at version 15 the second one in a chat that takes answers only."""
    return [
        finished_game(1, "alice", status=Status.WON),
        replace(
            finished_game(2, "bob", status=Status.LOST, channel_id=101),
            answers_only=version >= V15,
        ),
    ]


async def check_puzzles_work(store: GameStore, kept: list[Game]) -> None:
    """The games as they were; an attempt started and solved; a made puzzle numbered 100001."""
    assert [await store.get(game.id) for game in kept] == kept
    puzzle = shipped().by_id(1)
    attempt = Attempt(0, 1, 1, 3, 7, 100, (), AttemptStatus.RUNNING, False, None, START, START)
    started, aside = await store.start_attempt(
        attempt, member_name="alice", player=PuzzlePlayer(), rating=start_rating(puzzle)
    )
    assert aside is None and started.rated
    solved = replace(started, moves=puzzle.solution, status=AttemptStatus.SOLVED)
    finished = await store.save_attempt(solved)
    assert finished is not None and finished.after.solved == 1
    made = MadePuzzle(replace(shipped().by_id(300), id=0), 5, 1, kept[0].id)
    assert await store.add_made_puzzles([made], START) == 1
    assert [p.id for p in await store.made_puzzles(0, 5)] == [100001]


@pytest.mark.parametrize("version", [V14, V15])
async def test_an_older_file_upgrades_to_the_fresh_schema_with_its_games(
    tmp_path: Path, version: int
) -> None:
    """At 14: through 15 (answers only, none of its games) and 16; at 15: through 16, its
    game in a chat that takes answers only still so."""
    path = tmp_path / "games.db"
    sqlite_at_version(path, version)
    sql, insert = GameSql.styled(":{}"), insert_game_at(version, ":{}")
    kept = []
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.create_function("casefold", 1, str.casefold)
        for game in games(version):
            row_id = conn.execute(insert, to_row(game)).lastrowid
            assert row_id is not None
            kept.append(replace(game, id=row_id))
            conn.executemany(sql.upsert_member, member_rows(game))
    store = SqliteGameStore(path)
    try:
        assert schema(path) == FRESH
        with closing(sqlite3.connect(path)) as conn:
            assert conn.execute("PRAGMA user_version").fetchone() == (len(MIGRATIONS),)
        await check_puzzles_work(store, kept)
    finally:
        await store.close()


async def test_a_version_14_postgresql_database_upgrades_with_its_games(
    postgres_url: str,
) -> None:
    sql, insert = GameSql.styled("%({})s"), insert_game_at(V14, "%({})s")
    kept = []
    with psycopg.connect(postgres_url) as connection:
        for migration in MIGRATIONS[:V14]:
            for statement in migration.statements("postgresql"):
                connection.execute(statement.encode())
        connection.execute("CREATE TABLE tictactoe_schema (version integer NOT NULL)")
        connection.execute(f"INSERT INTO tictactoe_schema VALUES ({V14})")
        for game in games():
            found = connection.execute(f"{insert} RETURNING id", to_row(game)).fetchone()
            assert found is not None
            kept.append(replace(game, id=int(found[0])))
            for member in member_rows(game):
                connection.execute(sql.upsert_member, member)
    store = await PostgresGameStore.open(postgres_url)
    try:
        assert scalar(postgres_url, "SELECT version FROM tictactoe_schema") == len(MIGRATIONS)
        await check_puzzles_work(store, kept)
    finally:
        await store.close()
