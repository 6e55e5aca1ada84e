"""Real processes of the bot sweeping the daily posts of one database (an SQLite file, a
PostgreSQL database) at the same moment: each server's post of the day is claimed by exactly
one of them, and a process started afterwards (a restart) claims none."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games import GameService
from bot.storage import SqliteGameStore
from bot.storage.postgres.store import PostgresGameStore

pytestmark = pytest.mark.processes

ROOT = Path(__file__).resolve().parents[3]
WORKER = ROOT / "tests" / "helpers" / "daily_process.py"
SERVERS = [7 + (n << 22) for n in range(12)]
"""Servers of several shards, each with a daily puzzle at hour 0 (due whenever it runs)."""


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "shared.db")
    else:
        yield request.getfixturevalue("postgres_url")


async def open_service(database: str) -> GameService:
    if database.startswith("postgresql://"):
        return GameService(await PostgresGameStore.open(database))
    return GameService(SqliteGameStore(database))


async def sweep_at_once(database: str, processes: int) -> list[list[int]]:
    """``processes`` workers, each told to sweep once all are ready; what each claimed."""
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            str(WORKER),
            database,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env={"PYTHONPATH": str(ROOT), "PATH": ""},
        )
        for _ in range(processes)
    ]
    try:
        for worker in workers:
            assert worker.stdout is not None
            ready = await asyncio.wait_for(worker.stdout.readline(), 60)
            assert ready.decode().strip() == "ready"
        for worker in workers:
            assert worker.stdin is not None
            worker.stdin.write(b"go\n")
            await worker.stdin.drain()
        claims = []
        for worker in workers:
            assert worker.stdout is not None
            said = await asyncio.wait_for(worker.stdout.readline(), 60)
            claims.append(json.loads(said))
        return claims
    finally:
        for worker in workers:
            if worker.returncode is None:
                await asyncio.wait_for(worker.wait(), 60)


async def test_processes_sweeping_at_once_post_each_server_once_a_day(database: str) -> None:
    service = await open_service(database)
    try:
        for guild in SERVERS:
            await service.puzzles.daily.change(guild, channel_id=1, channel_guild_id=guild, hour=0)
    finally:
        await service.close()
    claims = await sweep_at_once(database, 3)
    assert sorted(guild for claimed in claims for guild in claimed) == SERVERS
    assert await sweep_at_once(database, 1) == [[]]  # a restart: nothing left to post
    service = await open_service(database)
    try:
        day = service.puzzles.today()
        posts = [await service.puzzles.daily.post(guild, day) for guild in SERVERS]
        assert all(post is not None and post.message_id is not None for post in posts)
    finally:
        await service.close()
