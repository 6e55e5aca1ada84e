"""Idle games expire after the configured time, measured on an injected clock."""

from __future__ import annotations

from pathlib import Path

import pytest
from games_helpers import ALICE, BOB, CHANNEL, GUILD, FakeClock, make_service, start_game

from bot.engine import Move
from bot.games import GameOverError, NoGameError, Status
from bot.games.render.boards import render_expired
from bot.storage import SqliteGameStore


async def test_expire_idle_after_the_timeout_and_only_once(tmp_path: Path) -> None:
    clock = FakeClock()
    service = make_service(tmp_path / "g.db", clock=clock, idle_timeout=600)
    assert service.idle_timeout == 600
    start = await start_game(service)
    await service.boards.attach(start.game.id, 99)
    clock.advance(599)
    assert await service.expire_idle() == []
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))  # resets the timer
    clock.advance(599)
    assert await service.expire_idle() == []
    clock.advance(1)
    expired = await service.expire_idle()
    assert [g.id for g in expired] == [start.game.id]
    game = expired[0]
    assert game.status is Status.EXPIRED and game.winner is None and not game.is_active
    assert game.message_id == 99  # so the adapter can disable that board's buttons
    assert game.updated_at == clock.now
    assert await service.expire_idle() == []
    with pytest.raises(NoGameError, match="There is no game running here"):
        await service.active_game(CHANNEL)
    assert await service.get(game.id) == game
    await service.close()
    store = SqliteGameStore(tmp_path / "g.db")
    stored = await store.get(game.id)
    assert stored is not None and stored.status is Status.EXPIRED
    assert await store.active_games() == []


async def test_an_operation_on_an_idle_game_expires_it_and_it_is_still_announced() -> None:
    clock = FakeClock()
    service = make_service(clock=clock, idle_timeout=60)
    start = await start_game(service)
    clock.advance(61)
    with pytest.raises(NoGameError) as caught:
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))
    assert str(caught.value) == (
        "The game here (alice) expired after 1 minute without a move. Start a new one with start."
    )
    with pytest.raises(GameOverError, match=r"^That game is over\.$"):
        await service.move(
            channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0), game_id=start.game.id
        )
    announced = await service.expire_idle()
    assert [g.id for g in announced] == [start.game.id]
    assert await service.expire_idle() == []


async def test_start_replaces_an_idle_game() -> None:
    clock = FakeClock()
    service = make_service(clock=clock, idle_timeout=600)
    old = await start_game(service)
    clock.advance(600)
    new = await start_game(service, member=BOB)
    assert new.game.id != old.game.id and new.game.member.name == "bob"
    old_now = await service.get(old.game.id)
    assert old_now is not None and old_now.status is Status.EXPIRED
    assert [g.id for g in await service.expire_idle()] == [old.game.id]


async def test_expired_games_do_not_count_in_stats() -> None:
    clock = FakeClock()
    service = make_service(clock=clock, idle_timeout=60)
    await start_game(service)
    clock.advance(60)
    assert len(await service.expire_idle()) == 1
    stats = await service.standings.stats(member_id=ALICE)
    assert stats.total.games == 0
    assert await service.standings.leaderboard(guild_id=GUILD) == []


async def test_games_idle_across_a_restart_expire_on_the_first_sweep(tmp_path: Path) -> None:
    clock = FakeClock()
    first = make_service(tmp_path / "g.db", clock=clock)
    await start_game(first)
    await first.close()
    clock.advance(3600)  # the bot was down for an hour
    second = make_service(tmp_path / "g.db", clock=clock)
    assert await second.state.open_game_count() == 1
    assert [g.status for g in await second.expire_idle()] == [Status.EXPIRED]


def test_timeout_must_be_positive() -> None:
    with pytest.raises(ValueError, match="idle_timeout"):
        make_service(idle_timeout=0)


async def test_only_the_operation_that_expired_a_game_names_it() -> None:
    clock = FakeClock()
    service = make_service(clock=clock, idle_timeout=600)
    await start_game(service)
    clock.advance(600)
    await start_game(service, member=BOB)
    await service.resign(channel_id=CHANNEL, member_id=BOB)
    plain = r"^There is no game running here\. Start one with start\.$"
    with pytest.raises(NoGameError, match=plain):
        await service.move(channel_id=CHANNEL, member_id=BOB, move=Move(0, 0))
    for ask in (service.active_game(CHANNEL), service.resign(channel_id=CHANNEL, member_id=BOB)):
        with pytest.raises(NoGameError, match=plain):
            await ask
    with pytest.raises(NoGameError, match=plain):
        await service.hint(channel_id=CHANNEL, member_id=BOB)


async def test_after_the_expiry_message_the_channel_simply_has_no_game() -> None:
    clock = FakeClock()
    service = make_service(clock=clock, idle_timeout=60)
    await start_game(service)
    clock.advance(60)
    with pytest.raises(NoGameError, match=r"^The game here \(alice\) expired after"):
        await service.active_game(CHANNEL)
    with pytest.raises(NoGameError, match=r"^There is no game running here\."):
        await service.active_game(CHANNEL)


@pytest.mark.parametrize(("timeout", "words"), [(90, "1.5 minutes"), (7200, "2 hours")])
async def test_the_service_and_the_renderer_name_the_timeout_alike(
    timeout: float, words: str
) -> None:
    clock = FakeClock()
    service = make_service(clock=clock, idle_timeout=timeout)
    await start_game(service)
    clock.advance(timeout)
    with pytest.raises(NoGameError) as caught:
        await service.active_game(CHANNEL)
    (game,) = await service.expire_idle()
    sentence = f"expired after {words} without a move."
    assert sentence in str(caught.value)
    assert sentence in render_expired(game, service.idle_timeout)
