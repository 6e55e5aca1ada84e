"""Fixtures every test directory may use: a real PostgreSQL server (tools/postgres_server.py).

The server starts once per session, and only if some test asks for it. It is never skipped: a
machine where it cannot start fails the run, since `make test` installs everything it needs.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from postgres_server import PostgresServer, fresh_database, running_server


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
