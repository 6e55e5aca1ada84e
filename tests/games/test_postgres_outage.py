"""The game service on PostgreSQL when the database fails under it: a row another process
holds answers "busy", a server that goes away answers "unavailable", both change nothing, and
play goes on by itself once the database is back. Real servers throughout
(tools/postgres_server.py); the outage stops one and starts it again."""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator

import pytest
from games_helpers import ALICE, CHANNEL, GUILD, row_locked, start_game
from postgres_server import PostgresServer, fresh_database

from bot.engine import Move
from bot.games import GameService, MoveReply, StorageError
from bot.games.errors import BUSY, UNAVAILABLE
from bot.settings import DatabaseUrl, Settings
from bot.startup import open_service
from bot.storage.postgres.store import WAIT_FOR_CONNECTION_SECONDS

CENTRE = Move(1, 1)
RECOVERY_SECONDS = 15.0


async def service_at(url: str, write_timeout: float = 2.0) -> GameService:
    settings = Settings(database_url=DatabaseUrl(url), database_write_timeout=write_timeout)
    return await open_service(settings, rng=random.Random(3))


async def move(service: GameService) -> MoveReply:
    return await service.move(channel_id=CHANNEL, member_id=ALICE, move=CENTRE)


@pytest.fixture
async def outage_url(outage_server: PostgresServer) -> AsyncIterator[str]:
    with fresh_database(outage_server) as url:
        yield url


async def test_a_move_on_a_game_another_process_holds_is_busy_then_goes_through(
    postgres_url: str,
) -> None:
    service = await service_at(postgres_url, write_timeout=0.3)
    game = (await start_game(service, level="easy")).game
    with (
        row_locked(postgres_url, game.id),  # another process, saving this very game
        pytest.raises(StorageError) as raised,
    ):
        await move(service)
    assert str(raised.value) == BUSY
    assert await service.get(game.id) == game  # nothing of the move was saved
    reply = await move(service)  # the same cell: the busy move left no trace in memory either
    assert reply.game.moves[0] == CENTRE and reply.bot_move is not None
    await service.close()


async def test_while_the_server_is_down_play_is_unavailable_then_resumes_by_itself(
    outage_server: PostgresServer, outage_url: str
) -> None:
    service = await service_at(outage_url)
    game = (await start_game(service, level="easy")).game
    outage_server.pause()
    try:
        for _ in range(2):  # the lost connection, then no server to connect to at all
            started = time.monotonic()
            with pytest.raises(StorageError) as raised:
                await move(service)
            assert str(raised.value) == UNAVAILABLE
            assert time.monotonic() - started < WAIT_FOR_CONNECTION_SECONDS + 1
        with pytest.raises(StorageError, match=f"^{UNAVAILABLE}$"):
            await service.standings.stats(member_id=ALICE, guild_id=GUILD)
    finally:
        outage_server.resume()
    reply = await played_once_back(service)
    assert reply.game.moves[0] == CENTRE and reply.bot_move is not None
    await service.close()
    again = await service_at(outage_url)  # what is stored: the move once, with its answer
    assert await again.get(game.id) == reply.game
    await again.close()


async def played_once_back(service: GameService) -> MoveReply:
    """The move, tried until the store has reconnected by itself; each failure meanwhile is
    the player's sentence."""
    deadline = time.monotonic() + RECOVERY_SECONDS
    while True:
        try:
            return await move(service)
        except StorageError as error:
            assert str(error) == UNAVAILABLE
            assert time.monotonic() < deadline, "the store did not reconnect by itself"
