"""Per-member stats (per level) and per-server leaderboards, from finished games."""

from __future__ import annotations

import pytest
from games_helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    finished_game,
    first_free,
    make_service,
    start_game,
    started_game,
)

from bot.engine import Move
from bot.engine.classic import LEVELS
from bot.games import InvalidOptionError, LeaderboardEntry, Record, Stats, Status
from bot.storage import SqliteGameStore

CAROL, DAVE, ERIN = 3, 4, 5


async def _seed(
    store: SqliteGameStore,
    member_id: int,
    name: str,
    results: str,
    *,
    level: str = "perfect",
    guild_id: int | None = GUILD,
) -> None:
    """results: one letter per game, W(on) L(ost) D(rawn) R(esigned) E(xpired)."""
    status = {
        "W": Status.WON,
        "L": Status.LOST,
        "D": Status.DRAWN,
        "R": Status.RESIGNED,
        "E": Status.EXPIRED,
    }
    for letter in results:
        await store.insert(
            finished_game(member_id, name, status=status[letter], level=level, guild_id=guild_id)
        )


async def test_stats_per_level_count_resignations_as_losses_and_skip_expired() -> None:
    store = SqliteGameStore(":memory:")
    await _seed(store, ALICE, "alice", "WWLDRE", level="easy")
    await _seed(store, ALICE, "alice", "DDL", level="perfect")
    await _seed(store, ALICE, "alice", "W", level="hard", guild_id=GUILD + 1)
    await _seed(store, BOB, "bob", "WWW", level="easy")
    service = make_service(store=store)
    stats = await service.standings.stats(member_id=ALICE)
    assert stats == Stats(
        member_id=ALICE,
        name="alice",
        guild_id=None,
        by_level={
            "easy": Record(2, 2, 1),
            "medium": Record(),
            "hard": Record(1, 0, 0),
            "perfect": Record(0, 1, 2),
        },
        total=Record(3, 3, 3),
        by_size={
            ("classic", "easy", 3): Record(2, 2, 1),
            ("classic", "hard", 3): Record(1, 0, 0),
            ("classic", "perfect", 3): Record(0, 1, 2),
        },
    )
    assert list(stats.by_level) == list(LEVELS)
    here = await service.standings.stats(member_id=ALICE, guild_id=GUILD)
    assert here.by_level["hard"] == Record() and here.total == Record(2, 3, 3)
    assert here.guild_id == GUILD


async def test_a_member_who_never_played_has_zero_stats() -> None:
    service = make_service()
    stats = await service.standings.stats(member_id=ERIN)
    assert stats.total == Record() and stats.name == f"member {ERIN}"
    assert all(record == Record() for record in stats.by_level.values())


async def test_active_games_are_not_counted_until_they_end() -> None:
    service = make_service()
    await started_game(service)
    assert (await service.standings.stats(member_id=ALICE)).total == Record()
    await service.resign(channel_id=CHANNEL, member_id=ALICE)
    assert (await service.standings.stats(member_id=ALICE)).total == Record(0, 1, 0)


async def test_leaderboard_points_and_tie_breaks() -> None:
    store = SqliteGameStore(":memory:")
    await _seed(store, ALICE, "alice", "W")  # 3 points, 1 game
    await _seed(store, BOB, "bob", "DDD")  # 3 points, no loss
    await _seed(store, CAROL, "carol", "WLL")  # 3 points, 2 losses
    await _seed(store, DAVE, "dave", "WWL")  # 6 points
    await _seed(store, ERIN, "erin", "EEEE")  # only expired games: not listed
    await _seed(store, 6, "frank", "WWWWW", guild_id=GUILD + 1)  # another server
    await _seed(store, 7, "gina", "D", guild_id=None)  # the terminal
    service = make_service(store=store)
    board = await service.standings.leaderboard(guild_id=GUILD)
    assert board == [
        LeaderboardEntry(DAVE, "dave", Record(2, 1, 0), 6),
        LeaderboardEntry(ALICE, "alice", Record(1, 0, 0), 3),
        LeaderboardEntry(BOB, "bob", Record(0, 0, 3), 3),
        LeaderboardEntry(CAROL, "carol", Record(1, 2, 0), 3),
    ]
    assert [e.name for e in await service.standings.leaderboard(guild_id=GUILD, limit=2)] == [
        "dave",
        "alice",
    ]
    assert [e.name for e in await service.standings.leaderboard(guild_id=None)] == ["gina"]
    assert [e.name for e in await service.standings.leaderboard(guild_id=GUILD + 1)] == ["frank"]
    assert await service.standings.leaderboard(guild_id=12345) == []
    with pytest.raises(InvalidOptionError, match="at least 1"):
        await service.standings.leaderboard(guild_id=GUILD, limit=0)


async def test_equal_records_are_ordered_by_name() -> None:
    store = SqliteGameStore(":memory:")
    await _seed(store, 11, "zed", "WD")
    await _seed(store, 12, "Amy", "WD")
    service = make_service(store=store)
    assert [e.name for e in await service.standings.leaderboard(guild_id=GUILD)] == ["Amy", "zed"]


async def test_stats_and_leaderboard_after_games_played_through_the_service() -> None:
    """Real games, end to end: a predictable bot lets each result be played on purpose."""
    service = make_service(bot=first_free)
    win = (Move(1, 1), Move(1, 0), Move(1, 2))  # bot takes (0,0), (0,1): alice wins row 2
    lose = (Move(2, 2), Move(2, 1), Move(1, 1))  # bot completes row 1
    plans = [
        (ALICE, "alice", "easy", win),
        (ALICE, "alice", "easy", lose),
        (BOB, "bob", "hard", win),
        (ALICE, "alice", "hard", win),
        (BOB, "bob", "easy", None),
    ]
    for member, name, level, plan in plans:
        await start_game(service, member=member, name=name, level=level)
        if plan is None:  # a move, so the resignation counts
            await service.move(channel_id=CHANNEL, member_id=member, move=Move(2, 2))
            await service.resign(channel_id=CHANNEL, member_id=member)
            continue
        for cell in plan:
            reply = await service.move(channel_id=CHANNEL, member_id=member, move=cell)
        assert not reply.game.is_active
    alice = await service.standings.stats(member_id=ALICE, guild_id=GUILD)
    assert alice.by_level["easy"] == Record(1, 1, 0)
    assert alice.by_level["hard"] == Record(1, 0, 0)
    bob = await service.standings.stats(member_id=BOB)
    assert (bob.by_level["hard"], bob.by_level["easy"]) == (Record(1, 0, 0), Record(0, 1, 0))
    board = await service.standings.leaderboard(guild_id=GUILD)
    assert [(e.name, e.points) for e in board] == [("alice", 6), ("bob", 3)]
