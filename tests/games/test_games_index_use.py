"""Migration 7: a lookup of a channel's running game never reads the sweep's index.

``games_idle_since`` once had the predicate of ``games_one_active_per_channel``, so it could
answer ``channel_id = ? AND status = 'active'`` by reading every running game's entry; on a
new PostgreSQL database (no statistics yet) the check each start makes did exactly that, and
kept doing it for as long as its connection lived. Checked here on both dialects: the starts'
checks and the reads of a channel use the channel's index, the sweep still uses its own."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from datetime import timedelta
from pathlib import Path

from games_helpers import START, statistics_once_sent

from bot.games import GameService, SqliteGameStore
from bot.games.postgres_store import PostgresGameStore
from bot.games.rows import GameSql

CHANNELS = 20

SWEEP_PARAMS = {
    "before_minute": 0,
    "before": START.isoformat(),
    "after_minute": -1,
    "after_id": 0,
    "limit": 50,
}


def sqlite_plan(path: Path, query: str, params: dict[str, object]) -> str:
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute(f"EXPLAIN QUERY PLAN {query}", params).fetchall()
    return " / ".join(str(row[3]) for row in rows)


def test_sqlite_reads_a_channel_by_its_index_and_sweeps_by_the_sweeps(tmp_path: Path) -> None:
    """SQLite picks the channel's index with or without migration 7; what this guards is the
    sweep, which can read the new index only because its query names the predicate's term."""
    SqliteGameStore(tmp_path / "games.db")
    sql = GameSql.styled(":{}")
    channel = sqlite_plan(tmp_path / "games.db", sql.active_game, {"channel_id": 1})
    assert channel == "SEARCH games USING INDEX games_one_active_per_channel (channel_id=?)"
    sweep = sqlite_plan(tmp_path / "games.db", sql.idle_page.format(scope=""), SWEEP_PARAMS)
    assert sweep.startswith("SEARCH games USING INDEX games_idle_since (")
    assert "TEMP B-TREE" not in sweep  # read in the index's order: no sort


INDEX_SCANS = (
    "SELECT (SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = '{index}'), "
    "(SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = 'games_idle_since')"
)
"""The scans of ``index`` and of the sweep's index so far."""


async def test_postgresql_reads_a_channel_by_its_index_on_a_new_database(
    postgres_url: str,
) -> None:
    """Starts in twenty channels of a new database (each start checks its channel), then the
    board of each: none of it reads the sweep's index; a sweep then does."""
    service = GameService(
        await PostgresGameStore.open(postgres_url), clock=lambda: START, rng=random.Random(1)
    )
    for channel in range(1, CHANNELS + 1):
        await service.start(
            channel_id=channel,
            guild_id=None,
            member_id=channel,
            member_name=f"m{channel}",
            level="easy",
            first="me",
        )
    for channel in range(1, CHANNELS + 1):
        assert (await service.active_game(channel)).channel_id == channel
    await service.close()  # its connections end, and with them their statistics are sent
    by_channel = INDEX_SCANS.format(index="games_one_active_per_channel")
    scans = await statistics_once_sent(postgres_url, by_channel, lambda r: r[0] >= 2 * CHANNELS)
    assert scans[0] >= 2 * CHANNELS and scans[1] == 0

    store = await PostgresGameStore.open(postgres_url)
    page = await store.expire_idle(START + timedelta(hours=1), START + timedelta(hours=1), limit=50)
    await store.close()
    assert len(page.items) == CHANNELS
    assert (await statistics_once_sent(postgres_url, by_channel, lambda r: r[1] >= 1))[1] >= 1
