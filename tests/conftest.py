"""Fixtures every test directory may use: a real PostgreSQL server (tools/postgres_server.py).

The server starts once per session, and only if some test asks for it. It is never skipped: a
machine where it cannot start fails the run, since `make test` installs everything it needs.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest
from postgres_server import PostgresServer, fresh_database, running_server

from bot.storage.postgres.store import PostgresGameStore


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    with running_server() as server:
        yield server


@pytest.fixture(scope="session")
def outage_server() -> Iterator[PostgresServer]:
    """A server of its own for the tests that stop it and start it again (an outage), so
    the other tests' server never goes away under them. Running again after each test."""
    with running_server() as server:
        yield server


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A new empty database for one test, dropped afterwards."""
    with fresh_database(postgres_server) as url:
        yield url


@pytest.fixture
async def open_store() -> AsyncIterator[Callable[..., Awaitable[PostgresGameStore]]]:
    """``PostgresGameStore.open``, each store closed however the test ends (a pool left open
    would keep the test's event loop from ending)."""
    opened: list[PostgresGameStore] = []

    async def open_store(url: str, **options: Any) -> PostgresGameStore:
        opened.append(await PostgresGameStore.open(url, **options))
        return opened[-1]

    yield open_store
    for store in opened:
        await store.close()
