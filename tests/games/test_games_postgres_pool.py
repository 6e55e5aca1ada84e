"""The store's pool hands out the connection used last (bot/games/postgres_pool.py), so a bot
that is not saturated keeps its operations on the fewest server processes, each still warm.
On the suite's real PostgreSQL server."""

from __future__ import annotations

import psycopg
from psycopg.rows import DictRow, dict_row

from bot.games.postgres_pool import Connection, WarmestFirstPool


async def server_process(conn: Connection) -> int:
    row = await (await conn.execute("SELECT pg_backend_pid() AS pid")).fetchone()
    assert row is not None
    return int(row["pid"])


async def test_the_pool_hands_out_the_connection_returned_last(postgres_url: str) -> None:
    pool = WarmestFirstPool(
        postgres_url,
        connection_class=psycopg.AsyncConnection[DictRow],
        kwargs={"autocommit": True, "row_factory": dict_row},
        min_size=3,
        max_size=3,
        open=False,
    )
    await pool.open(wait=True)
    try:
        async with pool.connection() as a, pool.connection() as b, pool.connection() as c:
            held = [await server_process(conn) for conn in (a, b, c)]
        assert len(set(held)) == 3  # three server processes, a returned last
        served = []
        for _ in range(6):  # one operation at a time: always the same, warm one
            async with pool.connection() as conn:
                served.append(await server_process(conn))
        assert served == [held[0]] * 6
    finally:
        await pool.close()
