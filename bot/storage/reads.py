"""The reads every SQL store shares: games, challenges, names, results, standings, ratings.

A store supplies ``_sql`` (its statements in its driver's parameter style), ``_read`` and
``where`` (how the log names its database) and inherits these.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.models import Challenge, Game, GameKind, Rating, Record
from bot.games.store_errors import UnreadableRowError
from bot.storage.rows import (
    Row,
    UnreadableGame,
    challenge_from_row,
    duel_ranking,
    from_row,
    ranking,
    rating_from_row,
    readable,
    record_from_row,
    records_by_level,
    scope,
)
from bot.storage.sql import (
    GameSql,
    standings_scope,
)

log = logging.getLogger(__name__)

LAST_ID = 2**63 - 1
"""Above every id a game can have (64-bit): ``before_id`` of a history's first page."""


class StoreReads:
    """``GameStore``'s plain reads (see ``bot.games.store`` for each)."""

    _sql: GameSql
    where: str
    """The database as the operator's log names it (a file, or a server without password)."""

    async def _read(self, sql: str, params: Mapping[str, Any] | None = None) -> Sequence[Row]:
        """Every row ``sql`` returns; failures as the store's contract says."""
        raise NotImplementedError

    async def active_games(self) -> list[Game]:
        return readable(await self._read(self._sql.active_games), self.where)

    async def active_game(self, channel_id: int) -> Game | None:
        return self._first_game(await self._read(self._sql.active_game, {"channel_id": channel_id}))

    async def last_finished(self, channel_id: int) -> Game | None:
        rows = await self._read(self._sql.last_finished, {"channel_id": channel_id})
        return self._first_game(rows)

    async def get(self, game_id: int) -> Game | None:
        return self._first_game(await self._read(self._sql.game_by_id, {"id": game_id}))

    async def history(
        self,
        member_id: int,
        guild_id: int | None,
        *,
        before_id: int | None = None,
        after_id: int | None = None,
        limit: int = 10,
    ) -> list[Game]:
        if before_id is not None and after_id is not None:
            raise ValueError("history takes before_id or after_id, not both")
        sql = self._sql
        params = {
            "member_id": member_id,
            "guild_id": guild_id,
            "before_id": LAST_ID if before_id is None else before_id,
            "after_id": after_id,
            "limit": limit,
        }
        if after_id is None:
            query = sql.history_before if guild_id is None else sql.history_before_in_guild
            return [self._game(row) for row in await self._read(query, params)]
        query = sql.history_after if guild_id is None else sql.history_after_in_guild
        return [self._game(row) for row in reversed(await self._read(query, params))]

    async def latest_game(self, channel_id: int, member_id: int) -> Game | None:
        params = {"channel_id": channel_id, "member_id": member_id}
        return self._first_game(await self._read(self._sql.latest_game, params))

    async def open_game_count(self) -> int:
        rows = await self._read(self._sql.open_game_count)
        return int(rows[0]["n"])

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        rows = await self._read(self._sql.challenge_by_id, {"id": challenge_id})
        return self._challenge(rows[0]) if rows else None

    async def open_challenge(self, channel_id: int) -> Challenge | None:
        rows = await self._read(self._sql.open_challenge, {"channel_id": channel_id})
        return self._challenge(rows[0]) if rows else None

    async def open_challenges(self) -> list[Challenge]:
        return [self._challenge(row) for row in await self._read(self._sql.open_challenges)]

    async def bot_state(self, name: str) -> str | None:
        rows = await self._read(self._sql.bot_state, {"name": name})
        return str(rows[0]["value"]) if rows else None

    async def member_name(self, member_id: int) -> str | None:
        rows = await self._read(self._sql.member_name, {"member_id": member_id})
        return str(rows[0]["name"]) if rows else None

    async def records(
        self, member_id: int, guild_id: int | None
    ) -> dict[tuple[GameKind, str, int], Record]:
        query = self._sql.records if guild_id is None else self._sql.records_in_guild
        rows = await self._read(query, {"member_id": member_id, "guild_id": guild_id})
        return records_by_level(rows)

    async def standings(
        self, guild_id: int | None, limit: int | None = None, *, kind: GameKind
    ) -> list[tuple[int, str, Record]]:
        query = self._sql.standings if limit is None else self._sql.standings_top
        return ranking(await self._read(query, standings_scope(guild_id, limit, kind)))

    async def rating(self, member_id: int, guild_id: int | None, *, kind: GameKind) -> Rating:
        params = {**scope(guild_id), "kind": kind, "member_id": member_id}
        rows = await self._read(self._sql.rating, params)
        return rating_from_row(rows[0] if rows else None)

    async def duel_standings(
        self, guild_id: int | None, limit: int | None = None, *, kind: GameKind
    ) -> list[tuple[int, str, Rating]]:
        query = self._sql.duel_standings if limit is None else self._sql.duel_standings_top
        return duel_ranking(await self._read(query, standings_scope(guild_id, limit, kind)))

    async def head_to_head(self, member_id: int, other_id: int, guild_id: int | None) -> Record:
        query = self._sql.head_to_head if guild_id is None else self._sql.head_to_head_in_guild
        params = {"member": member_id, "other": other_id, "guild_id": guild_id}
        return record_from_row((await self._read(query, params))[0])

    def _first_game(self, rows: Sequence[Row]) -> Game | None:
        return self._game(rows[0]) if rows else None

    def _game(self, row: Row) -> Game:
        """``rows.from_row``; a row that fails is an ``UnreadableRowError`` naming the game,
        instead of a game loaded half-broken that fails later in front of a player."""
        try:
            return from_row(row)
        except UnreadableGame as error:
            log.error(
                "game database %s: game #%s cannot be read: %s", self.where, error.game_id, error
            )
            raise UnreadableRowError(what="game", id=error.game_id, reason=str(error)) from error

    def _challenge(self, row: Row) -> Challenge:
        """``rows.challenge_from_row``; a row that fails raises as in ``_game``."""
        try:
            return challenge_from_row(row)
        except UnreadableGame as error:
            log.error(
                "game database %s: challenge #%s cannot be read: %s",
                self.where,
                error.game_id,
                error,
            )
            reason = str(error)
            raise UnreadableRowError(what="challenge", id=error.game_id, reason=reason) from error
