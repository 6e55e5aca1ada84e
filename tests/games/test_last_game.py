"""``last_game``: the running game, or else the member's latest game in the channel, so the
final board can be seen again and a new game can repeat the last settings (issue 10, items 2
and 4), also after a restart and after an expiry."""

from __future__ import annotations

from pathlib import Path

import pytest
from games_helpers import ALICE, BOB, CHANNEL, FakeClock, make_service, start_game, started_game

from bot.games import NoGameError, Status


async def test_nothing_played_here_is_no_game() -> None:
    service = make_service()
    with pytest.raises(NoGameError, match=r"^There is no game running here\."):
        await service.last_game(channel_id=CHANNEL, member_id=ALICE)


async def test_the_running_game_whoever_plays_it() -> None:
    service = make_service()
    running = (await start_game(service)).game
    assert await service.last_game(channel_id=CHANNEL, member_id=ALICE) == running
    assert await service.last_game(channel_id=CHANNEL, member_id=BOB) == running


async def test_after_the_game_its_final_state_also_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    service = make_service(path)
    await started_game(service, level="hard", first="me", size=4)
    resigned = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    assert await service.last_game(channel_id=CHANNEL, member_id=ALICE) == resigned
    with pytest.raises(NoGameError):  # bob has no game here
        await service.last_game(channel_id=CHANNEL, member_id=BOB)
    await service.close()
    again = make_service(path)
    shown = await again.last_game(channel_id=CHANNEL, member_id=ALICE)
    assert shown == resigned and (shown.level, shown.size) == ("hard", 4)
    await again.close()


async def test_an_expired_game_is_shown_as_expired() -> None:
    clock = FakeClock()
    service = make_service(clock=clock, idle_timeout=60)
    game = (await start_game(service, level="perfect", first="bot")).game
    clock.advance(61)
    shown = await service.last_game(channel_id=CHANNEL, member_id=ALICE)
    assert shown.id == game.id and shown.status is Status.EXPIRED
    assert [g.id for g in await service.expire_idle()] == [game.id]  # still announced once
