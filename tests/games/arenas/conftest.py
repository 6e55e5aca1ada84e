"""Fixtures of the arena tests: ``store``, an SQLite store in memory, ``service``, a game
service on it, and its time ``clock`` (``opener`` and ``services``, for real databases and
restarts, are every test's: tests/conftest.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from games_helpers import FakeClock, make_service

from bot.games import GameService, GameStore
from bot.storage import SqliteGameStore


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store() -> GameStore:
    """The service's store, for what a test reads past the service (``arena_games``)."""
    return SqliteGameStore(":memory:")


@pytest.fixture
async def service(clock: FakeClock, store: GameStore) -> AsyncIterator[GameService]:
    opened = make_service(clock=clock, store=store)
    yield opened
    await opened.close()
