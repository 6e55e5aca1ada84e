"""Solo ratings and the adaptive level's records in SQL (migration 12): the statements both
stores run, the rows they write when a game against the bot first counts, and the reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.ratings import START_RATING, AdaptiveRecord
from bot.games.models import Game, Rating, Status
from bot.games.solo import counts_against_bot
from bot.storage.rows import COUNTED, Row, scope


@dataclass(frozen=True, slots=True)
class SoloSql:
    """Migration 12's statements in one driver's named-parameter style."""

    new_solo: str
    """A member's solo rating row at the start rating, unless they have one (``solo_key``)."""
    solo: str
    """The solo rating of ``solo_key``; the PostgreSQL store adds ``FOR UPDATE`` to lock it."""
    set_solo: str
    """Replace the rating and games of ``solo_key`` (``solo_row``)."""
    new_adaptive: str
    """A member's adaptive record at ``START_RATING``, unless they have one (``adaptive_key``)."""
    adaptive: str
    """The adaptive record of ``adaptive_key`` (``FOR UPDATE`` added as ``solo``)."""
    set_adaptive: str
    """Replace the rating and games of ``adaptive_key``."""
    solo_ratings: str
    """``member_id``'s solo ratings in a scope, by size."""
    solo_standings: str
    """A scope's members on one ``size`` by solo rating, best first, at most ``limit``."""

    @classmethod
    def styled(cls, param: str) -> SoloSql:
        """``param`` spells a named parameter as in ``GameSql.styled``."""
        p = param.format
        solo_key = (
            f"in_guild = {p('in_guild')} AND guild_id = {p('guild_id')} "
            f"AND member_id = {p('member_id')} AND size = {p('size')}"
        )
        adaptive_key = f"member_id = {p('member_id')} AND kind = {p('kind')} AND size = {p('size')}"
        return cls(
            new_solo=(
                "INSERT INTO solo_ratings (in_guild, guild_id, member_id, size, rating, games) "
                f"VALUES ({p('in_guild')}, {p('guild_id')}, {p('member_id')}, {p('size')}, "
                f"{START_RATING}, 0) ON CONFLICT DO NOTHING"
            ),
            solo=f"SELECT rating, games FROM solo_ratings WHERE {solo_key}",
            set_solo=(
                f"UPDATE solo_ratings SET rating = {p('rating')}, games = {p('games')} "
                f"WHERE {solo_key}"
            ),
            new_adaptive=(
                "INSERT INTO adaptive_records (member_id, kind, size, rating, games) "
                f"VALUES ({p('member_id')}, {p('kind')}, {p('size')}, {START_RATING}, 0) "
                "ON CONFLICT DO NOTHING"
            ),
            adaptive=f"SELECT rating, games FROM adaptive_records WHERE {adaptive_key}",
            set_adaptive=(
                f"UPDATE adaptive_records SET rating = {p('rating')}, games = {p('games')} "
                f"WHERE {adaptive_key}"
            ),
            solo_ratings=(
                "SELECT size, rating, games FROM solo_ratings WHERE in_guild = "
                f"{p('in_guild')} AND guild_id = {p('guild_id')} AND member_id = "
                f"{p('member_id')} ORDER BY size"
            ),
            solo_standings=(
                "SELECT r.member_id AS member_id, "
                "COALESCE(NULLIF(m.name, ''), 'member ' || r.member_id) AS name, "
                "r.rating AS rating, r.games AS games FROM solo_ratings AS r "
                "LEFT JOIN members AS m ON m.member_id = r.member_id "
                f"WHERE r.in_guild = {p('in_guild')} AND r.guild_id = {p('guild_id')} "
                f"AND r.size = {p('size')} ORDER BY r.rating DESC, r.games DESC, "
                "COALESCE(m.name_key, 'member ' || r.member_id), r.member_id "
                f"LIMIT {p('limit')}"
            ),
        )


def ends_a_solo_game(before: Status | None, game: Game) -> bool:
    """Whether saving ``game`` over its stored status ``before`` records a result against the
    bot that moves a solo rating: one not counted before, counted now (saving it again, or a
    retried save, never rates it twice)."""
    return counts_against_bot(game) and before not in COUNTED


def solo_key(game: Game) -> dict[str, object]:
    """The key of the member's solo rating that ``game`` moves: scope, member, size."""
    return {**scope(game.guild_id), "member_id": game.member.member_id, "size": game.size}


def adaptive_key(game: Game) -> dict[str, object]:
    """The key of the member's adaptive record on ``game``'s kind and size (migration 18)."""
    return {"member_id": game.member.member_id, "kind": str(game.kind), "size": game.size}


def is_adaptive(game: Game) -> bool:
    """Whether ``game`` was played at a level that plays at the member's rating (adaptive)."""
    return game.variant.rated(game.level)


def rating_of(row: Row | None) -> Rating:
    """A ``solo_ratings`` row's rating; ``Rating()`` (the start) for none."""
    return Rating() if row is None else Rating(int(row["rating"]), int(row["games"]))


def record_of(row: Row | None) -> AdaptiveRecord:
    """An ``adaptive_records`` row's record; ``AdaptiveRecord()`` for none."""
    if row is None:
        return AdaptiveRecord()
    return AdaptiveRecord(int(row["rating"]), int(row["games"]))


def new_values(key: Mapping[str, object], rating: int, games: int) -> dict[str, object]:
    """The parameters of ``set_solo`` / ``set_adaptive``: ``key`` with the new values."""
    return {**key, "rating": rating, "games": games}


class SoloReads:
    """``GameStore``'s reads of migration 12 (see ``bot.games.store``); a store supplies
    ``_solo_sql`` and ``_read`` (as for ``StoreReads``)."""

    _solo_sql: SoloSql

    async def _read(self, sql: str, params: Mapping[str, Any] | None = None) -> Sequence[Row]:
        raise NotImplementedError

    async def adaptive_record(self, member_id: int, kind: str, size: int) -> AdaptiveRecord:
        params = {"member_id": member_id, "kind": str(kind), "size": size}
        rows = await self._read(self._solo_sql.adaptive, params)
        return record_of(rows[0] if rows else None)

    async def solo_ratings(self, member_id: int, guild_id: int | None) -> dict[int, Rating]:
        params = {**scope(guild_id), "member_id": member_id}
        rows = await self._read(self._solo_sql.solo_ratings, params)
        return {int(row["size"]): rating_of(row) for row in rows}

    async def solo_standings(
        self, guild_id: int | None, size: int, limit: int
    ) -> list[tuple[int, str, Rating]]:
        params = {**scope(guild_id), "limit": limit, "size": size}
        rows = await self._read(self._solo_sql.solo_standings, params)
        return [(int(row["member_id"]), str(row["name"]), rating_of(row)) for row in rows]
