"""The reads of members' names, results, standings and ratings, the same for every SQL store.

They are plain queries of ``GameSql`` whose rows ``bot.storage.rows`` turns into values; only
how a query runs differs between databases, so a store supplies ``_sql`` (its statements, in
its driver's parameter style) and ``_read`` and inherits these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.models import Rating, Record
from bot.storage.rows import (
    GameSql,
    Row,
    duel_ranking,
    ranking,
    rating_from_row,
    record_from_row,
    records_by_level,
    scope,
    standings_scope,
)


class TotalsReads:
    """``GameStore``'s reads of the running totals (see ``bot.games.store`` for each)."""

    _sql: GameSql

    async def _read(self, sql: str, params: Mapping[str, Any] | None = None) -> Sequence[Row]:
        """Every row ``sql`` returns; failures as the store's contract says."""
        raise NotImplementedError

    async def member_name(self, member_id: int) -> str | None:
        rows = await self._read(self._sql.member_name, {"member_id": member_id})
        return str(rows[0]["name"]) if rows else None

    async def records(
        self, member_id: int, guild_id: int | None
    ) -> dict[tuple[str, int], Record]:
        query = self._sql.records if guild_id is None else self._sql.records_in_guild
        rows = await self._read(query, {"member_id": member_id, "guild_id": guild_id})
        return records_by_level(rows)

    async def standings(
        self, guild_id: int | None, limit: int | None = None
    ) -> list[tuple[int, str, Record]]:
        query = self._sql.standings if limit is None else self._sql.standings_top
        return ranking(await self._read(query, standings_scope(guild_id, limit)))

    async def rating(self, member_id: int, guild_id: int | None) -> Rating:
        rows = await self._read(self._sql.rating, {**scope(guild_id), "member_id": member_id})
        return rating_from_row(rows[0] if rows else None)

    async def duel_standings(
        self, guild_id: int | None, limit: int | None = None
    ) -> list[tuple[int, str, Rating]]:
        query = self._sql.duel_standings if limit is None else self._sql.duel_standings_top
        return duel_ranking(await self._read(query, standings_scope(guild_id, limit)))

    async def head_to_head(self, member_id: int, other_id: int, guild_id: int | None) -> Record:
        query = self._sql.head_to_head if guild_id is None else self._sql.head_to_head_in_guild
        params = {"member": member_id, "other": other_id, "guild_id": guild_id}
        return record_from_row((await self._read(query, params))[0])
