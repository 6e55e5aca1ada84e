"""The store's pool hands out the connection used last (bot/games/postgres_pool.py), so a bot
that is not saturated keeps its operations on the fewest server processes, each still warm,
and when it shrinks it closes the connections idle longest. On the suite's real PostgreSQL
server."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from psycopg.rows import dict_row

from bot.games.postgres_pool import Connection, WarmestFirstPool


async def open_pool(url: str, **options: Any) -> tuple[WarmestFirstPool, list[int]]:
    """A pool of up to three connections, all three opened (held at once, the first returned
    last); the server process of each, in that order."""
    pool = WarmestFirstPool(
        url,
        connection_class=Connection,
        kwargs={"autocommit": True, "row_factory": dict_row},
        max_size=3,
        open=False,
        **options,
    )
    await pool.open(wait=True)
    async with pool.connection() as a, pool.connection() as b, pool.connection() as c:
        held = [await server_process(conn) for conn in (a, b, c)]
    assert len(set(held)) == 3
    return pool, held


async def server_process(conn: Connection) -> int:
    row = await (await conn.execute("SELECT pg_backend_pid() AS pid")).fetchone()
    assert row is not None
    return int(row["pid"])


async def test_the_pool_hands_out_the_connection_returned_last(postgres_url: str) -> None:
    pool, held = await open_pool(postgres_url, min_size=3)
    try:
        served = []
        for _ in range(6):  # one operation at a time: always the same, warm one
            async with pool.connection() as conn:
                served.append(await server_process(conn))
        assert served == [held[0]] * 6
    finally:
        await pool.close()


async def test_a_shrinking_pool_closes_the_connections_idle_longest(postgres_url: str) -> None:
    """Every ``max_idle`` seconds the pool closes one connection that went unused: with one
    operation at a time, the two others go, one after the other, and the one serving stays."""
    pool, held = await open_pool(postgres_url, min_size=1, max_idle=0.2)
    try:
        served = []
        deadline = time.monotonic() + 10
        while pool.get_stats()["pool_size"] > 1 and time.monotonic() < deadline:
            async with pool.connection() as conn:
                served.append(await server_process(conn))
            await asyncio.sleep(0.02)
        assert pool.get_stats()["pool_size"] == 1
        assert set(served) == {held[0]}
    finally:
        await pool.close()
