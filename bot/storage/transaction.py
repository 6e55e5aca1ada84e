"""One transaction of an SQL store, as every write runs it: the interface ``operations`` and
``arenas`` write against, and each store's driver implements (``sqlite/``, ``postgres/``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.storage.rows import Row

Params = Mapping[str, Any]
"""Named parameters of one statement."""


class Transaction(Protocol):
    """Statements of one transaction on one connection, in the store's parameter style. A
    driver's error goes up as it is; the ``_transact`` that opened the transaction rolls it
    back and raises the typed error instead."""

    async def execute(self, sql: str, params: Params | None = None) -> int:
        """Run ``sql``; how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        """Run ``sql`` once for each row of parameters."""
        ...

    async def fetchall(self, sql: str, params: Params | None = None) -> Sequence[Row]:
        """Every row ``sql`` returns."""
        ...

    async def insert(self, sql: str, params: Params) -> int:
        """Run ``sql``, an INSERT of one row into a table with an ``id``; the id it got."""
        ...

    async def fetchone(self, sql: str, params: Params | None = None) -> Row | None:
        """The first row ``sql`` returns, or None."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None
