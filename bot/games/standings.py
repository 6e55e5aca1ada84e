"""Standings: a member's record and the leaderboards, read from the store.

Plain reads with no lock and no write; the caller checks the arguments first
(``GameService.stats`` and the leaderboards). Expired games and games still running are never
counted; a resignation is a loss.
"""

from __future__ import annotations

from bot.engine import LEVELS
from bot.games.models import (
    DUEL,
    ULTIMATE,
    DuelEntry,
    HeadToHead,
    LeaderboardEntry,
    Record,
    Stats,
)
from bot.games.store import GameStore


async def stats(
    store: GameStore, member_id: int, guild_id: int | None, other_id: int | None
) -> Stats:
    """The member's record against the bot per level (every level listed) and per level and
    size; their duel record, per size, and rating; with ``other_id``, their duels against that
    member. ``guild_id=None`` counts every server, an id only that server (ratings are per
    server; ``None``: outside any server)."""
    records = await store.records(member_id, guild_id)
    by_size = {key: record for key, record in records.items() if key[0] != DUEL}
    by_level: dict[str, Record] = {level: Record() for level in LEVELS}
    for (level, size), record in sorted(by_size.items()):
        if size == ULTIMATE:  # its own kind: "ultimate hard" beside the classic levels
            level = f"ultimate {level}"
        by_level[level] = by_level.get(level, Record()) + record  # dropped levels still show
    duels_by_size = {size: record for (level, size), record in records.items() if level == DUEL}
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
        rating=await store.rating(member_id, guild_id),
        ultimate_rating=await store.rating(member_id, guild_id, kind="ultimate"),
        head_to_head=head_to_head,
        solo=await store.solo_ratings(member_id, guild_id),
    )


async def leaderboard(
    store: GameStore, guild_id: int | None, limit: int, game: str = "classic"
) -> list[LeaderboardEntry]:
    """The server's best ``limit`` players against the bot in games of the kind ``game``
    (classic or ultimate, each its own board): 3 points per win, 1 per draw; ties go to fewer
    losses, then more wins, then name."""
    rows = await store.standings(guild_id, limit, kind=game)
    entries = [LeaderboardEntry(mid, name, rec, rec.points) for mid, name, rec in rows]
    entries.sort(key=_rank_key)  # already in this order from the store; cheap to be sure
    return entries[:limit]


async def duel_leaderboard(
    store: GameStore, guild_id: int | None, limit: int, game: str = "classic"
) -> list[DuelEntry]:
    """The server's best ``limit`` duelists by their rating in duels of the kind ``game``
    (then more games, then name)."""
    rows = await store.duel_standings(guild_id, limit, kind=game)
    return [DuelEntry(mid, name, rating.rating, rating.games) for mid, name, rating in rows]


def _rank_key(entry: LeaderboardEntry) -> tuple[int, int, int, str, int]:
    """Points first; among equals fewer losses, then more wins (= fewer games for the same
    points), then name and id so the order is stable."""
    record = entry.record
    return (-entry.points, record.losses, -record.wins, entry.name.casefold(), entry.member_id)
