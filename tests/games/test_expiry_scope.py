"""An adapter that owns one channel (or a process that runs some shards) expires only its own
games, so the games of other channels (sharing the database) stay for the adapter that can
announce them; a backlog is swept in bounded batches."""

from __future__ import annotations

from pathlib import Path

from games_helpers import ALICE, BOB, FakeClock, make_service, start_game

from bot.engine import Move
from bot.games import SWEEP_MOST, ShardSet, Status

TERMINAL, DISCORD_CHANNEL = 0, 555


async def test_a_scoped_sweep_leaves_other_channels_to_their_adapter(tmp_path: Path) -> None:
    clock = FakeClock()
    path = tmp_path / "shared.db"
    bot_side = make_service(path, clock=clock)
    await start_game(bot_side, channel=DISCORD_CHANNEL, member=BOB)
    await bot_side.close()

    terminal = make_service(path, clock=clock)
    await start_game(terminal, channel=TERMINAL, guild=None)
    clock.advance(601)
    [mine] = await terminal.expire_idle(channel_id=TERMINAL)
    assert mine.channel_id == TERMINAL and mine.status is Status.EXPIRED
    assert await terminal.expire_idle(channel_id=TERMINAL) == []
    await terminal.close()

    restarted_bot = make_service(path, clock=clock)
    [theirs] = await restarted_bot.expire_idle()
    assert theirs.channel_id == DISCORD_CHANNEL and theirs.status is Status.EXPIRED
    await restarted_bot.close()


async def test_a_scoped_sweep_keeps_other_channels_lazy_expiries_for_the_full_sweep(
    tmp_path: Path,
) -> None:
    """A game an operation expired in another channel is still reported, once, to a full sweep."""
    clock = FakeClock()
    service = make_service(tmp_path / "g.db", clock=clock)
    await start_game(service, channel=DISCORD_CHANNEL, member=BOB)
    clock.advance(601)
    # Starting anew in the idle channel expires the old game on the way.
    await start_game(service, channel=DISCORD_CHANNEL)
    await service.move(channel_id=DISCORD_CHANNEL, member_id=ALICE, move=Move(1, 1))
    assert await service.expire_idle(channel_id=TERMINAL) == []
    [old] = await service.expire_idle()
    assert old.member.name == "bob" and old.status is Status.EXPIRED
    assert await service.expire_idle() == []
    await service.close()


async def test_a_shard_process_sweeps_only_the_servers_of_its_shards(tmp_path: Path) -> None:
    """Two processes of one bot, shards {0, 2} and {1, 3} of 4, share the database: each
    expires and reports only the games of its own servers (DMs belong to shard 0)."""
    clock = FakeClock()
    path = tmp_path / "shared.db"
    service = make_service(path, clock=clock)
    servers: list[int | None] = [(1 << 22) * shard for shard in range(4)] + [None]
    for channel, guild in enumerate(servers, start=1):
        await start_game(service, channel=channel, guild=guild)
    clock.advance(601)
    even = await make_service(path, clock=clock).expire_idle(shards=ShardSet(4, frozenset({0, 2})))
    assert sorted(game.channel_id for game in even) == [1, 3, 5]
    odd = await service.expire_idle(shards=ShardSet(4, frozenset({1, 3})))
    assert sorted(game.channel_id for game in odd) == [2, 4]
    assert await service.expire_idle() == []  # each game was expired, and reported, once


async def test_a_backlog_is_reported_in_bounded_batches_oldest_first(tmp_path: Path) -> None:
    """After an outage, one call returns at most SWEEP_MOST games (the adapter calls again),
    so thousands of expired games never sit in memory at once; none is lost or repeated."""
    clock = FakeClock()
    service = make_service(tmp_path / "g.db", clock=clock)
    backlog = SWEEP_MOST + 7  # past the cap, and not a whole number of batches
    for channel in range(1, backlog + 1):
        await start_game(service, channel=channel)
        clock.advance(0.001)
    clock.advance(601)
    first = await service.expire_idle()
    second = await service.expire_idle()
    assert len(first) == SWEEP_MOST and len(second) == backlog - SWEEP_MOST
    assert [g.channel_id for g in first + second] == list(range(1, backlog + 1))
    assert await service.expire_idle() == [] and await service.state.open_game_count() == 0
