"""The boards owed (bot/games/boards.py): a board is due to the sweep ``first_try`` seconds
after its save (``DELIVERY_FIRST_TRY_SECONDS``), or within seconds of the adapter saying its
own try failed."""

from __future__ import annotations

from pathlib import Path

import pytest
from games_helpers import ALICE, CHANNEL, GUILD, FakeClock, make_service

from bot.engine import Move
from bot.games import GameService
from bot.games.boards import FIRST_TRY, next_try
from bot.settings import Settings
from bot.startup import open_service
from bot.storage import SqliteGameStore


async def owed_after(service: GameService, clock: FakeClock, seconds: float) -> list[int]:
    """The games whose board is due ``seconds`` after now (the clock moved there)."""
    clock.advance(seconds)
    return [board.game.id for board in await service.boards.owed()]


async def start(service: GameService) -> int:
    reply = await service.start(
        channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice", owe_board=True
    )
    return reply.game.id


@pytest.mark.parametrize("first_try", [FIRST_TRY, 3.0])
async def test_a_board_nobody_reported_is_due_first_try_seconds_after_its_save(
    first_try: float,
) -> None:
    clock = FakeClock()
    service = GameService(SqliteGameStore(":memory:"), clock=clock, first_try=first_try)
    game_id = await start(service)
    assert await owed_after(service, clock, first_try - 0.5) == []
    assert await owed_after(service, clock, 0.5) == [game_id]
    await service.close()


async def test_a_board_whose_first_try_failed_is_due_seconds_after_the_failure() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    game_id = await start(service)
    clock.advance(1)
    await service.boards.failed(game_id, 0)  # Discord refused the start's answer
    retry = (next_try(clock.now, 1) - clock.now).total_seconds()
    assert 0 < retry < 5 < FIRST_TRY
    assert await owed_after(service, clock, retry - 0.5) == []
    clock.advance(0.5)
    [owed] = await service.boards.owed()
    assert (owed.game.id, owed.version, owed.attempts) == (game_id, 0, 1)
    await service.close()


async def test_a_failure_of_an_older_board_leaves_the_newer_one_due_at_its_first_try() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    game_id = await start(service)
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1), owe_board=True)
    await service.boards.failed(game_id, 0)  # the start's board: a newer one is owed now
    assert await owed_after(service, clock, FIRST_TRY - 0.5) == []
    assert await owed_after(service, clock, 0.5) == [game_id]
    await service.close()


async def test_the_service_opened_from_settings_waits_delivery_first_try_seconds(
    tmp_path: Path,
) -> None:
    settings = Settings.from_env(
        {"DATABASE_PATH": str(tmp_path / "games.db"), "DELIVERY_FIRST_TRY_SECONDS": "4"}
    )
    clock = FakeClock()
    service = await open_service(settings, clock=clock)
    game_id = await start(service)
    assert await owed_after(service, clock, 3.5) == []
    assert await owed_after(service, clock, 0.5) == [game_id]
    await service.close()


@pytest.mark.parametrize("first_try", [0, -1.0, float("nan")])
async def test_a_first_try_that_is_not_a_positive_number_of_seconds_is_refused(
    first_try: float,
) -> None:
    store = SqliteGameStore(":memory:")
    with pytest.raises(ValueError, match="first_try must be a positive number of seconds"):
        GameService(store, first_try=first_try)
    await store.close()
