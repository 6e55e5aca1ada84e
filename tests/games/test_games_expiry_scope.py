"""An adapter that owns one channel expires only that channel's games, so the games of other
channels (sharing the database) stay for the adapter that can announce them."""

from __future__ import annotations

from pathlib import Path

from games_helpers import ALICE, BOB, FakeClock, make_service, start_game

from bot.engine import Move
from bot.games import Status

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
