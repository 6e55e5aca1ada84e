"""The engine's caches keep within a budget in bytes (bot/engine/caches.py), set at start-up."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from reachable import live_positions

from bot.engine import best_moves
from bot.engine.caches import (
    BEST_MOVES_ENTRY_BYTES,
    DEFAULT_BUDGET_BYTES,
    LIMITS,
    TABLE_ENTRY_BYTES,
    set_cache_budget,
)
from bot.engine.perfect import cached_best_moves
from bot.games import GameService
from bot.settings import Settings


@pytest.fixture
def budget() -> Iterator[None]:
    """Every test leaves the default budget behind it."""
    yield
    set_cache_budget(DEFAULT_BUDGET_BYTES)


def test_the_default_budget_is_64_mb_turned_into_entries_by_measured_sizes() -> None:
    assert DEFAULT_BUDGET_BYTES == 64 * 2**20
    assert LIMITS.budget_bytes == DEFAULT_BUDGET_BYTES
    used = LIMITS.best_moves * BEST_MOVES_ENTRY_BYTES + LIMITS.tables * TABLE_ENTRY_BYTES
    assert used < DEFAULT_BUDGET_BYTES


def test_the_best_move_cache_never_holds_more_than_its_share(budget: None) -> None:
    set_cache_budget(2**19)  # 512 KB: the floor of 1,000 best-move entries
    assert LIMITS.best_moves == 1_000
    positions = live_positions()
    assert len(positions) > 4 * LIMITS.best_moves
    for index, board in enumerate(positions):
        best_moves(board)
        if index % 250 == 0:
            cached = sum(cached_best_moves(other.key) is not None for other in positions)
            assert 0 < cached <= LIMITS.best_moves
    assert cached_best_moves(positions[-1].key) == best_moves(positions[-1])  # still a cache


def test_a_bad_budget_is_refused(budget: None) -> None:
    with pytest.raises(ValueError, match="positive"):
        set_cache_budget(0)


def test_the_service_applies_engine_cache_mb(budget: None, tmp_path: Path) -> None:
    async def open_and_close() -> None:
        settings = Settings(database_path=tmp_path / "g.db", engine_cache_mb=8)
        service = await GameService.open(settings)
        await service.close()

    asyncio.run(open_and_close())
    assert LIMITS.budget_bytes == 8 * 2**20
    assert LIMITS.tables == 8 * 2**20 * 40 // 100 // TABLE_ENTRY_BYTES
