"""Statements sent straight through libpq (bot/games/postgres_wire.py) behave as psycopg's
cursor would: the same values, the same exceptions, the connection left usable, and a
statement the session lost is prepared again. On the suite's real PostgreSQL server."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import psycopg
import pytest
from games_helpers import until_a_backend_waits_for_a_lock
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from psycopg import pq
from psycopg.rows import dict_row

from bot.games.postgres_pool import Connection
from bot.games.postgres_wire import PreparedStatement

HALF_BIGINTS = st.integers(min_value=-(2**62), max_value=2**62 - 1)  # any sum is a bigint

SUM_AND_FIRST = PreparedStatement(
    "test_sum_and_first",
    "SELECT %(a)s::bigint + %(b)s::bigint UNION ALL SELECT %(a)s::bigint",
)


@pytest.fixture
async def conn(postgres_url: str) -> AsyncIterator[Connection]:
    """A connection as the store's pool makes them: autocommit, rows as dicts."""
    connection = await Connection.connect(postgres_url, autocommit=True, row_factory=dict_row)
    await connection.execute("CREATE TABLE t (id bigint PRIMARY KEY, note text NOT NULL)")
    yield connection
    await connection.close()


def test_placeholders_are_numbered_by_first_appearance() -> None:
    statement = PreparedStatement("n", "SELECT %(b)s, %(a)s, %(b)s, 7 %% 2, '%%'")
    assert statement.sql == "SELECT $1, $2, $1, 7 % 2, '%'"
    assert statement.params == ["b", "a"]


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(a=HALF_BIGINTS, b=HALF_BIGINTS)
async def test_values_come_back_as_the_server_computed_them(
    conn: Connection, a: int, b: int
) -> None:
    assert await SUM_AND_FIRST.ids(conn, {"a": a, "b": b}) == [a + b, a]


async def test_text_and_null_parameters_reach_the_server(conn: Connection) -> None:
    insert = PreparedStatement(
        "test_insert", "INSERT INTO t (id, note) VALUES (%(id)s, %(note)s) RETURNING id"
    )
    assert await insert.ids(conn, {"id": 5, "note": "naïve 'quoted' %s"}) == [5]
    row = await (await conn.execute("SELECT note FROM t WHERE id = 5")).fetchone()
    assert row == {"note": "naïve 'quoted' %s"}
    with pytest.raises(psycopg.errors.NotNullViolation):
        await insert.ids(conn, {"id": 6, "note": None})


async def test_a_refused_statement_raises_psycopgs_own_error_and_leaves_the_connection_usable(
    conn: Connection,
) -> None:
    await conn.execute("ALTER TABLE t ADD CONSTRAINT short_note CHECK (length(note) < 5)")
    insert = PreparedStatement(
        "test_checked", "INSERT INTO t (id, note) VALUES (%(id)s, %(note)s) RETURNING id"
    )
    with pytest.raises(psycopg.errors.CheckViolation) as refused:
        await insert.ids(conn, {"id": 1, "note": "too long"})
    assert refused.value.diag.constraint_name == "short_note"
    assert conn.pgconn.transaction_status == pq.TransactionStatus.IDLE
    assert await insert.ids(conn, {"id": 1, "note": "ok"}) == [1]


async def test_a_statement_the_session_dropped_is_prepared_again(conn: Connection) -> None:
    assert await SUM_AND_FIRST.ids(conn, {"a": 1, "b": 2}) == [3, 1]
    await conn.execute("DEALLOCATE ALL")  # as psycopg does after it sees a rollback
    assert await SUM_AND_FIRST.ids(conn, {"a": 4, "b": 5}) == [9, 4]


async def test_in_a_transaction_it_runs_even_after_the_session_dropped_it(
    conn: Connection,
) -> None:
    """psycopg drops every prepared statement after a rollback; inside a transaction a
    missing statement would abort it, so there psycopg's cursor runs the statement."""
    insert = PreparedStatement(
        "test_in_transaction", "INSERT INTO t (id, note) VALUES (%(id)s, 'x') RETURNING id"
    )
    assert await insert.ids(conn, {"id": 1}) == [1]
    await conn.execute("DEALLOCATE ALL")
    async with conn.transaction():
        assert await insert.ids(conn, {"id": 2}) == [2]
        assert await insert.ids(conn, {"id": 3}) == [3]
    with pytest.raises(psycopg.errors.UniqueViolation):
        async with conn.transaction():
            await insert.ids(conn, {"id": 4})
            await insert.ids(conn, {"id": 1})  # refused: the whole transaction rolls back
    rows = await (await conn.execute("SELECT id FROM t ORDER BY id")).fetchall()
    assert [row["id"] for row in rows] == [1, 2, 3]


async def test_a_null_where_an_id_was_expected_is_an_error(conn: Connection) -> None:
    with pytest.raises(psycopg.InterfaceError, match="NULL"):
        await PreparedStatement("test_null", "SELECT NULL::bigint").ids(conn, {})


async def test_text_goes_in_the_connections_encoding(conn: Connection, postgres_url: str) -> None:
    insert = PreparedStatement(
        "test_encoding", "INSERT INTO t (id, note) VALUES (%(id)s, %(note)s) RETURNING id"
    )
    latin = await Connection.connect(
        postgres_url, autocommit=True, row_factory=dict_row, client_encoding="latin1"
    )
    async with latin:
        assert await insert.ids(latin, {"id": 1, "note": "Zoë"}) == [1]
        with pytest.raises(psycopg.DataError):  # no such letter in latin1: nothing is sent
            await insert.ids(latin, {"id": 2, "note": "漢"})
    rows = await (await conn.execute("SELECT note FROM t ORDER BY id")).fetchall()
    assert rows == [{"note": "Zoë"}]


async def test_a_text_with_nul_is_refused_not_cut_short(conn: Connection) -> None:
    insert = PreparedStatement(
        "test_nul", "INSERT INTO t (id, note) VALUES (%(id)s, %(note)s) RETURNING id"
    )
    with pytest.raises(psycopg.DataError, match="NUL"):
        await insert.ids(conn, {"id": 1, "note": "ab\x00cd"})
    assert await (await conn.execute("SELECT count(*) AS n FROM t")).fetchone() == {"n": 0}


async def test_a_cancelled_statement_is_stopped_on_the_server(
    conn: Connection, postgres_url: str
) -> None:
    """A caller that gave up (a cancelled task) must not have its write committed later, when
    the lock it waited for is released."""
    await conn.execute("INSERT INTO t (id, note) VALUES (1, 'before')")
    change = PreparedStatement(
        "test_cancelled", "UPDATE t SET note = 'after' WHERE id = %(id)s RETURNING id"
    )
    async with await Connection.connect(postgres_url) as holder:  # in a transaction
        await holder.execute("SELECT id FROM t WHERE id = 1 FOR UPDATE")
        waiting = asyncio.create_task(change.ids(conn, {"id": 1}))
        await until_a_backend_waits_for_a_lock(postgres_url)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        await holder.rollback()
        # Waits for the row if the UPDATE were still running, then reads what it left.
        cursor = await holder.execute("SELECT note FROM t WHERE id = 1 FOR UPDATE")
        assert await cursor.fetchone() == ("before",)


async def test_only_the_types_a_row_holds_are_sent(conn: Connection) -> None:
    for value in (1.5, True, b"bytes"):
        with pytest.raises(TypeError, match="cannot send"):
            await SUM_AND_FIRST.ids(conn, {"a": value, "b": 1})


async def test_a_connection_lost_raises_an_operational_error(
    conn: Connection, postgres_url: str
) -> None:
    pid = conn.pgconn.backend_pid
    async with await Connection.connect(postgres_url, autocommit=True) as other:
        await other.execute("SELECT pg_terminate_backend(%s)", (pid,))
    with pytest.raises(psycopg.OperationalError):
        await SUM_AND_FIRST.ids(conn, {"a": 1, "b": 2})
    assert conn.pgconn.transaction_status == pq.TransactionStatus.UNKNOWN  # the pool drops it
