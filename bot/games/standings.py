"""Standings: a member's record and the leaderboards, read from the store.

Plain reads with no lock and no write (``Standings``, which adapters reach as
``service.standings``). Expired games and games still running are never counted; a
resignation is a loss. Each kind of game is counted apart (its own points and duel ratings).
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.arguments import check_id, check_optional_id
from bot.games.channels import Channels
from bot.games.models import (
    DUEL,
    DuelEntry,
    HeadToHead,
    LeaderboardEntry,
    Rating,
    Record,
    SoloEntry,
    Stats,
)
from bot.games.options import check_limit
from bot.games.solo import solo_leaderboard
from bot.games.store import GameStore
from bot.games.variants import GameKind, all_variants, find_variant, fixed_levels


class Standings:
    """Members' stats and the servers' leaderboards."""

    def __init__(self, channels: Channels) -> None:
        self._channels = channels
        self._store = channels.store

    async def stats(
        self, *, member_id: int, guild_id: int | None = None, other_id: int | None = None
    ) -> Stats:
        """The member's record against the bot and in duels, their ratings, their puzzle
        standing, and with ``other_id`` their duels against that member. ``guild_id=None``
        counts every server (and the terminal), an id only that server."""
        check_id("member_id", member_id)
        check_optional_id("guild_id", guild_id)
        check_optional_id("other_id", other_id)
        self._channels.check_open()
        stats = await _stats(self._store, member_id, guild_id, other_id)
        player = await self._store.puzzle_player(member_id)
        if player is None:
            return stats
        today = self._channels.now().date()
        streak = replace(player.streak, current=player.streak.on(today))
        return replace(stats, puzzles=replace(player, streak=streak))

    async def leaderboard(
        self, *, guild_id: int | None, limit: int = 10, game: str | None = None
    ) -> list[LeaderboardEntry]:
        """The server's best ``limit`` players against the bot (``guild_id=None``: games
        outside any server) in games of the kind ``game`` (None: the default kind), each kind
        ranked apart: 3 points
        per win, 1 per draw; ties go to fewer losses, then more wins, then name."""
        check_optional_id("guild_id", guild_id)
        check_limit(limit)
        kind = find_variant(game).kind
        self._channels.check_open()
        rows = await self._store.standings(guild_id, limit, kind=kind)
        entries = [LeaderboardEntry(mid, name, rec, rec.points) for mid, name, rec in rows]
        entries.sort(key=_rank_key)  # already in this order from the store; cheap to be sure
        return entries[:limit]

    async def duel_leaderboard(
        self, *, guild_id: int | None, limit: int = 10, game: str | None = None
    ) -> list[DuelEntry]:
        """The server's best ``limit`` duelists by their rating in duels of the kind ``game``
        (then more games, then name)."""
        check_optional_id("guild_id", guild_id)
        check_limit(limit)
        kind = find_variant(game).kind
        self._channels.check_open()
        rows = await self._store.duel_standings(guild_id, limit, kind=kind)
        return [DuelEntry(mid, name, rating.rating, rating.games) for mid, name, rating in rows]

    async def solo_leaderboard(
        self, *, guild_id: int | None, limit: int = 10
    ) -> dict[int, list[SoloEntry]]:
        """The server's best players against the bot by solo rating, per board size played
        there (``solo.solo_leaderboard``)."""
        check_optional_id("guild_id", guild_id)
        check_limit(limit)
        self._channels.check_open()
        return await solo_leaderboard(self._store, guild_id, limit)


async def _stats(
    store: GameStore, member_id: int, guild_id: int | None, other_id: int | None
) -> Stats:
    """The member's record against the bot per level (every fixed level of the default kind
    listed, each other kind's levels under its own heading, ``Variant.stats_level``) and per
    kind, level and size; their duel record per kind and size, and ratings; with
    ``other_id``, their duels against that member. ``guild_id=None`` counts every server, an
    id only that server (ratings are per server; ``None``: outside any server)."""
    records = await store.records(member_id, guild_id)
    by_size = {key: record for key, record in records.items() if key[1] != DUEL}
    by_level: dict[str, Record] = {level: Record() for level in fixed_levels()}
    for (kind, level, _size), record in sorted(by_size.items()):
        heading = find_variant(kind).stats_level(level)
        by_level[heading] = by_level.get(heading, Record()) + record  # dropped levels still show
    duels_by_size = {
        (kind, size): record for (kind, level, size), record in records.items() if level == DUEL
    }
    total = sum(by_level.values(), Record())
    name = await store.member_name(member_id) or f"member {member_id}"
    head_to_head = None
    if other_id is not None and other_id != member_id:
        other_name = await store.member_name(other_id) or f"member {other_id}"
        record = await store.head_to_head(member_id, other_id, guild_id)
        head_to_head = HeadToHead(other_id, other_name, record)
    return Stats(
        member_id,
        name,
        guild_id,
        by_level,
        total,
        by_size=dict(sorted(by_size.items())),
        duels=sum(duels_by_size.values(), Record()),
        duels_by_size=dict(sorted(duels_by_size.items())),
        ratings=await _ratings(store, member_id, guild_id),
        head_to_head=head_to_head,
        solo=await store.solo_ratings(member_id, guild_id),
    )


async def _ratings(
    store: GameStore, member_id: int, guild_id: int | None
) -> dict[GameKind, Rating]:
    """The member's duel rating per kind they have a counted duel of, in the scope."""
    kinds = [variant.kind for variant in all_variants()]
    ratings = {kind: await store.rating(member_id, guild_id, kind=kind) for kind in kinds}
    return {kind: rating for kind, rating in ratings.items() if rating.games}


def _rank_key(entry: LeaderboardEntry) -> tuple[int, int, int, str, int]:
    """Points first; among equals fewer losses, then more wins (= fewer games for the same
    points), then name and id so the order is stable."""
    record = entry.record
    return (-entry.points, record.losses, -record.wins, entry.name.casefold(), entry.member_id)
