"""Fixtures of the arena tests: ``service``, a game service on an SQLite database in memory,
its time ``clock``'s (``opener`` and ``services``, for real databases and restarts, are every
test's: tests/conftest.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from games_helpers import FakeClock, make_service

from bot.games import GameService


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(clock: FakeClock) -> AsyncIterator[GameService]:
    opened = make_service(clock=clock)
    yield opened
    await opened.close()
