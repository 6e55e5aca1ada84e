"""Prepared statements sent straight through libpq (``psycopg.pq``), past psycopg's cursor.

Every move is saved by one statement (``bot.games.postgres_saves``) and every game starts
with one (``PostgresGameStore._insert``). psycopg's cursor spent more of the bot's CPU on
such a statement than libpq and the event loop together: about 780 against 400 us when they
came every 2 ms, as saves do at 500 moves a second in one process (after a pause, code runs
from cold caches, so each line costs about three times what it does in a tight loop). On a
machine whose cores the bot shares with the database server, that CPU is what the next moves
queue behind (bench/games.py, p99). So those two statements go through here: each prepared
on a connection the first time it runs there, its parameters sent as text for the server to
read by their place in the statement. Everything else uses psycopg's cursors, and so do these
two inside a transaction (``PreparedStatement.ids`` says why).

The connection is a pooled psycopg connection in autocommit, checked out for the call, and is
left as psycopg leaves it: idle, nothing pending. A call cancelled midway asks the server to
cancel its statement, as psycopg does, so a start or save the caller gave up on is not
committed behind its back (unless it had already finished); the connection is then busy, and
one that broke is unusable: the pool closes either when it is given back (its transaction
status says so). A failure raises the exception psycopg raises for it (``psycopg.errors``),
so a caller handles both paths alike. Text goes in the connection's encoding, as psycopg
sends it.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import weakref
from collections.abc import Mapping

import psycopg
from psycopg import pq
from psycopg.rows import tuple_row

from bot.games.postgres_pool import Connection

CANCEL_TIMEOUT_SECONDS = 5.0
"""How long a cancelled call waits for the server to confirm it stopped the statement."""

_PLACEHOLDER = re.compile(r"%\((\w+)\)s|%%")


class PreparedStatement:
    """``sql``, written with psycopg's named placeholders (``%(name)s``, ``%%`` for ``%``),
    prepared as ``name`` on each connection the first time it runs there (after the schema's
    migrations, which it depends on). A placeholder the server cannot give a type from its
    place needs a cast (``%(count)s::bigint``): the values are sent as text."""

    def __init__(self, name: str, sql: str) -> None:
        self.name = name
        self.named_sql = sql
        self.params: list[str] = []
        self.sql = _PLACEHOLDER.sub(self._numbered, sql)
        self._prepared_on = weakref.WeakSet[Connection]()

    def _numbered(self, match: re.Match[str]) -> str:
        """``$n`` for the n-th parameter named (the same name, the same n); ``%`` for ``%%``."""
        param = match.group(1)
        if param is None:
            return "%"
        if param not in self.params:
            self.params.append(param)
        return f"${self.params.index(param) + 1}"

    async def ids(self, conn: Connection, params: Mapping[str, object]) -> list[int]:
        """Run the statement on ``conn`` with ``params`` (ints, text or None, by name); the
        integer each row returned holds in its first column (``RETURNING id``). In a
        transaction, psycopg's cursor runs it: psycopg may drop every prepared statement of the
        session (``DEALLOCATE ALL``, after a rollback, for one), and there a statement found
        missing would abort the transaction instead of being prepared again."""
        if conn.pgconn.transaction_status != pq.TransactionStatus.IDLE:
            cursor = conn.cursor(row_factory=tuple_row)
            await cursor.execute(self.named_sql, params)
            return [int(row[0]) for row in await cursor.fetchall()]
        encoding = conn.info.encoding  # libpq reads text in the connection's encoding
        values = [_text_of(params[param], encoding) for param in self.params]
        try:
            result = await self._run(conn, values)
        except psycopg.errors.InvalidSqlStatementName:  # dropped (see above): prepare it again
            self._prepared_on.discard(conn)
            result = await self._run(conn, values)
        ids = []
        for row in range(result.ntuples):
            value = result.get_value(row, 0)
            if value is None:
                raise psycopg.InterfaceError(f"{self.name} returned NULL for an id")
            ids.append(int(value))
        return ids

    async def _run(self, conn: Connection, values: list[bytes | None]) -> pq.abc.PGresult:
        name = self.name.encode()
        if conn not in self._prepared_on:
            conn.pgconn.send_prepare(name, self.sql.encode())
            await _outcome(conn)
            self._prepared_on.add(conn)
        conn.pgconn.send_query_prepared(name, values)
        return await _outcome(conn)


def _text_of(value: object, encoding: str) -> bytes | None:
    """A parameter as PostgreSQL reads it in text, refused as psycopg refuses it (libpq would
    cut a text at a NUL); only the types a row holds (``rows``)."""
    if value is None:
        return None
    if isinstance(value, str):
        if "\x00" in value:
            raise psycopg.DataError("PostgreSQL text fields cannot contain NUL (0x00) bytes")
        try:
            return value.encode(encoding)
        except UnicodeEncodeError as error:
            raise psycopg.DataError(f"{value!r:.40} cannot be written in {encoding}") from error
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value).encode()
    raise TypeError(f"cannot send a {type(value).__name__} as a parameter: {value!r:.40}")


async def _outcome(conn: Connection) -> pq.abc.PGresult:
    """The last result of the command just sent on ``conn``, once libpq has them all; the
    ``psycopg.Error`` of a result that failed, or of a connection lost meanwhile."""
    pgconn = conn.pgconn
    while pgconn.flush():  # nonblocking (psycopg's async connections are): 1 = not all sent
        await _ready(pgconn.socket, writing=True)
    last: pq.abc.PGresult | None = None
    failed: pq.abc.PGresult | None = None
    try:
        while True:
            if pgconn.is_busy():
                await _ready(pgconn.socket, writing=False)
                pgconn.consume_input()
                continue
            result = pgconn.get_result()
            if result is None:
                break
            if result.status == pq.ExecStatus.FATAL_ERROR and failed is None:
                failed = result
            last = result
    except BaseException:  # cancelled while the statement runs: stop it on the server, or
        if pgconn.transaction_status == pq.TransactionStatus.ACTIVE:  # it would still commit
            with contextlib.suppress(Exception):  # (the pool closes the busy connection)
                await conn.cancel_safe(timeout=CANCEL_TIMEOUT_SECONDS)
        raise
    if failed is not None:
        raise psycopg.errors.error_from_result(failed, encoding=conn.info.encoding)
    if last is None or last.status not in (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK):
        status = "none" if last is None else pq.ExecStatus(last.status).name
        raise psycopg.InterfaceError(f"unexpected result from the server: {status}")
    return last


async def _ready(fd: int, *, writing: bool) -> None:
    """Until the socket ``fd`` can be read (or written)."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    watch, unwatch = (
        (loop.add_writer, loop.remove_writer) if writing else (loop.add_reader, loop.remove_reader)
    )
    watch(fd, _wake, ready)
    try:
        await ready
    finally:
        unwatch(fd)


def _wake(ready: asyncio.Future[None]) -> None:
    if not ready.done():
        ready.set_result(None)
