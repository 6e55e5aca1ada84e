"""Two real processes of the bot on one database (an SQLite file, a PostgreSQL database): a
server's settings changed in one are followed by the other within ``CACHE_SECONDS``, and at
once by the one that changed them."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games import GameService, Seat
from bot.games.errors import DuelsOffError
from bot.games.server_settings import CACHE_SECONDS
from bot.storage import SqliteGameStore
from bot.storage.postgres.store import PostgresGameStore

pytestmark = pytest.mark.processes

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "tests" / "helpers" / "settings_process.py"
GUILD = 7
MARGIN = 1.0
"""Seconds allowed beyond the cache's for a process to start answering and a read to return."""


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        SqliteGameStore(tmp_path / "shared.db")  # made (and migrated) before both open it
        yield str(tmp_path / "shared.db")
    else:
        yield request.getfixturevalue("postgres_url")


async def open_service(database: str) -> GameService:
    if database.startswith("postgresql://"):
        return GameService(await PostgresGameStore.open(database))
    return GameService(SqliteGameStore(database))


async def worker(database: str, mode: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        str(WORKER),
        database,
        mode,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )


async def line(process: asyncio.subprocess.Process) -> str:
    assert process.stdout is not None
    return (await asyncio.wait_for(process.stdout.readline(), 60)).decode().strip()


async def test_a_change_in_another_process_is_followed_here_within_the_cache_time(
    database: str,
) -> None:
    here = await open_service(database)
    try:
        assert (await here.servers.settings(GUILD)).duels  # now in this process's cache
        other = await worker(database, "change")
        assert await line(other) == "done"
        changed = time.monotonic()
        assert await other.wait() == 0
        while (await here.servers.settings(GUILD)).duels:
            assert time.monotonic() - changed < CACHE_SECONDS + MARGIN
            await asyncio.sleep(0.05)
        with pytest.raises(DuelsOffError):
            await here.duels.challenge(
                channel_id=1, guild_id=GUILD, challenger=Seat(1, "alice"), opponent=Seat(2, "bob")
            )
    finally:
        await here.close()


async def test_a_change_here_is_seen_here_at_once_and_there_within_the_cache_time(
    database: str,
) -> None:
    here = await open_service(database)
    other = await worker(database, "watch")
    try:
        assert await line(other) == "ready"  # the settings are in its cache
        await here.servers.set_limits(GUILD, duels="off")
        assert not (await here.servers.settings(GUILD)).duels  # at once, here
        assert other.stdin is not None
        other.stdin.write(b"changed\n")
        await other.stdin.drain()
        waited = float(await line(other))
        assert waited <= CACHE_SECONDS + MARGIN
        assert await other.wait() == 0
    finally:
        if other.returncode is None:
            other.kill()
            await other.wait()
        await here.close()
