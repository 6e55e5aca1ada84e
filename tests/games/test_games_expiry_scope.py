"""An adapter that owns one channel expires only that channel's games, so the games of other
channels (sharing the database) stay for the adapter that can announce them."""

from __future__ import annotations

from pathlib import Path

from test_games_support import ALICE, BOB, GUILD, FakeClock, make_service

from bot.engine import Move
from bot.games import Status

TERMINAL, DISCORD_CHANNEL = 0, 555


async def test_a_scoped_sweep_leaves_other_channels_to_their_adapter(tmp_path: Path) -> None:
    clock = FakeClock()
    path = tmp_path / "shared.db"
    bot_side = make_service(path, clock=clock)
    await bot_side.start(
        channel_id=DISCORD_CHANNEL, guild_id=GUILD, member_id=BOB, member_name="bob", first="me"
    )
    await bot_side.close()

    terminal = make_service(path, clock=clock)
    await terminal.start(
        channel_id=TERMINAL, guild_id=None, member_id=ALICE, member_name="alice", first="me"
    )
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
    await service.start(
        channel_id=DISCORD_CHANNEL, guild_id=GUILD, member_id=BOB, member_name="bob", first="me"
    )
    clock.advance(601)
    # Starting anew in the idle channel expires the old game on the way.
    await service.start(
        channel_id=DISCORD_CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice", first="me"
    )
    await service.move(channel_id=DISCORD_CHANNEL, member_id=ALICE, move=Move(1, 1))
    assert await service.expire_idle(channel_id=TERMINAL) == []
    [old] = await service.expire_idle()
    assert old.member.name == "bob" and old.status is Status.EXPIRED
    assert await service.expire_idle() == []
    await service.close()
