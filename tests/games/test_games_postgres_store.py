"""What the PostgreSQL store promises beyond the store contract (which it also passes, in
test_games_store_contract.py): migrating once however many processes start together, refusing
a database it must not touch, and sentences that never show a player the server or the driver.

All on the suite's real PostgreSQL server (tests/postgres_server.py)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import psycopg
import pytest
from games_helpers import GUILD, finished_game
from postgres_server import free_port

from bot.games import SCHEMA_VERSION, GameChangedError, Record, Seat, Status, StorageError
from bot.games.migrations import MIGRATIONS
from bot.games.postgres_store import PostgresGameStore
from bot.games.rows import GameSql, member_rows, to_row

VERSION = "SELECT version FROM tictactoe_schema"


def scalar(url: str, query: str) -> object:
    with psycopg.connect(url) as connection:
        row = connection.execute(query).fetchone()
    assert row is not None
    return row[0]


async def test_ten_stores_opening_together_migrate_once(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.games.postgres_store")
    stores = await asyncio.gather(
        *(PostgresGameStore.open(postgres_url, pool_size=1) for _ in range(10))
    )
    migrated = [r.message for r in caplog.records if "migrated" in r.message]
    assert len(migrated) == SCHEMA_VERSION
    assert scalar(postgres_url, VERSION) == SCHEMA_VERSION
    assert scalar(postgres_url, "SELECT count(*) FROM tictactoe_schema") == 1
    game = await stores[3].insert(finished_game(1, "alice", status=Status.WON))
    assert await stores[7].get(game.id) == game
    await asyncio.gather(*(store.close() for store in stores))


async def test_reopening_keeps_every_game_and_total(postgres_url: str) -> None:
    store = await PostgresGameStore.open(postgres_url)
    game = await store.insert(finished_game(1, "alice", status=Status.WON))
    await store.close()
    again = await PostgresGameStore.open(postgres_url)
    assert await again.get(game.id) == game
    assert await again.records(1, None) == {("perfect", 3): Record(1, 0, 0)}
    await again.close()


async def test_a_newer_schema_is_refused_and_left_untouched(postgres_url: str) -> None:
    store = await PostgresGameStore.open(postgres_url)
    await store.insert(finished_game(1, "alice", status=Status.WON))
    await store.close()
    with psycopg.connect(postgres_url) as connection:
        connection.execute("UPDATE tictactoe_schema SET version = 99")
    known = rf"schema version 99.*only knows up to version {SCHEMA_VERSION}"
    with pytest.raises(StorageError, match=known):
        await PostgresGameStore.open(postgres_url)
    assert scalar(postgres_url, VERSION) == 99
    assert scalar(postgres_url, "SELECT count(*) FROM games") == 1


async def test_another_programs_database_is_refused_and_left_untouched(
    postgres_url: str,
) -> None:
    with psycopg.connect(postgres_url) as connection:
        connection.execute("CREATE TABLE invoices (id integer)")
    with pytest.raises(StorageError, match="another program's tables"):
        await PostgresGameStore.open(postgres_url)
    tables = "SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = 'public'"
    assert scalar(postgres_url, tables) == "invoices"


async def test_a_version_1_database_is_upgraded_with_its_totals_counted(
    postgres_url: str,
) -> None:
    """Migration 2's PostgreSQL backfill: the totals of games played before it existed."""
    sql = GameSql.styled("%({})s")
    drawn = replace(finished_game(1, "Alice", status=Status.DRAWN), o=Seat(2, "bob"))
    won = finished_game(2, "bob", status=Status.WON, guild_id=None)
    with psycopg.connect(postgres_url) as connection:
        for statement in MIGRATIONS[0].statements("postgresql"):
            connection.execute(statement)
        connection.execute("CREATE TABLE tictactoe_schema (version integer NOT NULL)")
        connection.execute("INSERT INTO tictactoe_schema VALUES (1)")
        v1_insert = sql.insert.replace(", version)", ")").replace(", %(version)s)", ")")
        for game in (drawn, won):
            connection.execute(v1_insert, to_row(game))  # version 1 has no version column
            for member in member_rows(game):  # version 1 has no name_key yet
                connection.execute(
                    "INSERT INTO members (member_id, name, updated_at) "
                    "VALUES (%(member_id)s, %(name)s, %(updated_at)s) ON CONFLICT DO NOTHING",
                    member,
                )
    store = await PostgresGameStore.open(postgres_url)
    assert await store.records(1, GUILD) == {(drawn.level, 3): Record(0, 0, 1)}
    assert await store.records(2, None) == {(drawn.level, 3): Record(1, 0, 1)}
    draw = Record(0, 0, 1)
    assert await store.standings(GUILD) == [(1, "Alice", draw), (2, "bob", draw)]
    assert await store.standings(None) == [(2, "bob", Record(1, 0, 0))]
    await store.close()


async def test_an_unreachable_server_is_named_without_its_password() -> None:
    url = f"postgresql://bot:s3cret@127.0.0.1:{free_port()}/games"
    with pytest.raises(StorageError) as raised:
        await PostgresGameStore.open(url, timeout=1)
    assert "'127.0.0.1:" in str(raised.value)
    assert "/games'" in str(raised.value)
    assert "s3cret" not in str(raised.value)


async def test_a_lost_connection_fails_in_plain_words_and_the_store_recovers(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    store = await PostgresGameStore.open(postgres_url, pool_size=1)
    game = await store.insert(finished_game(1, "alice", status=Status.WON))
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    with pytest.raises(StorageError) as raised:
        await store.get(game.id)
    sentence = str(raised.value)
    assert sentence == "The game store is unavailable right now; please try again in a moment."
    assert "terminat" in caplog.text  # the driver's own words go to the log only
    assert await store.get(game.id) == game  # the pool reconnected by itself
    await store.close()


async def test_a_second_active_game_in_a_channel_is_refused_in_plain_words(
    postgres_url: str,
) -> None:
    store = await PostgresGameStore.open(postgres_url)
    active = replace(finished_game(1, "alice", status=Status.EXPIRED), status=Status.ACTIVE)
    await store.insert(active)
    with pytest.raises(GameChangedError, match=r"^This channel already has a game running\.$"):
        await store.insert(active)
    await store.close()


async def test_pool_size_must_be_at_least_one(postgres_url: str) -> None:
    with pytest.raises(ValueError, match="pool_size"):
        await PostgresGameStore.open(postgres_url, pool_size=0)
