"""Fixtures of the arena tests: ``opener`` opens a store on one database, an SQLite file or a
real PostgreSQL one (marked ``postgres``), the same database each call, so a second call is a
restart or another process; ``services`` closes every service a test opens; ``service`` is one
on an SQLite database in memory, its time ``clock``'s."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from games_helpers import FakeClock, make_service

from bot.games import GameService, GameStore
from bot.storage import SqliteGameStore
from bot.storage.postgres.store import PostgresGameStore
from tests.games.arenas.arena_helpers import Opener


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Opener:
    if request.param == "sqlite":

        async def sqlite() -> GameStore:
            return SqliteGameStore(tmp_path / "games.db")

        return sqlite
    url: str = request.getfixturevalue("postgres_url")

    async def postgresql() -> GameStore:
        return await PostgresGameStore.open(url, pool_size=3)

    return postgresql


@pytest.fixture
async def services() -> AsyncIterator[list[GameService]]:
    opened: list[GameService] = []
    yield opened
    for service in opened:
        await service.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(clock: FakeClock) -> AsyncIterator[GameService]:
    opened = make_service(clock=clock)
    yield opened
    await opened.close()
