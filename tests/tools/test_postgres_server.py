"""The test suite's own PostgreSQL server really runs, isolates tests, and leaves nothing behind."""

from __future__ import annotations

import os

import psycopg
import pytest
from postgres_server import PostgresServer, fresh_database, running_server
from psycopg_pool import AsyncConnectionPool


async def test_async_pool_commits_and_rolls_back(postgres_url: str) -> None:
    async with AsyncConnectionPool(postgres_url, min_size=1, max_size=2, open=False) as pool:
        async with pool.connection() as connection:
            await connection.execute("CREATE TABLE moves (cell integer PRIMARY KEY)")
        async with pool.connection() as connection, connection.transaction():
            await connection.execute("INSERT INTO moves VALUES (4)")
        with pytest.raises(psycopg.errors.UniqueViolation):
            async with pool.connection() as connection, connection.transaction():
                await connection.execute("INSERT INTO moves VALUES (0)")
                await connection.execute("INSERT INTO moves VALUES (4)")
        async with pool.connection() as connection:
            cursor = await connection.execute("SELECT cell FROM moves ORDER BY cell")
            assert await cursor.fetchall() == [(4,)]


def test_each_database_starts_empty(postgres_server: PostgresServer) -> None:
    with fresh_database(postgres_server) as first, psycopg.connect(first) as connection:
        connection.execute("CREATE TABLE games (id integer)")
    with fresh_database(postgres_server) as second, psycopg.connect(second) as connection:
        cursor = connection.execute("SELECT count(*) FROM pg_tables WHERE tablename = 'games'")
        assert cursor.fetchone() == (0,)


def test_server_listens_on_loopback_only(postgres_url: str) -> None:
    with psycopg.connect(postgres_url) as connection:
        cursor = connection.execute("SHOW listen_addresses")
        assert cursor.fetchone() == ("127.0.0.1",)


@pytest.mark.postgres  # starts a server of its own, not through the fixtures
def test_stopping_leaves_no_server_process() -> None:
    with running_server() as server:
        pid = server.pid
        assert pid is not None
        with psycopg.connect(server.url) as connection:
            assert connection.execute("SELECT 1").fetchone() == (1,)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
