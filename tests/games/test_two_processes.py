"""Two services on one database file stand for two processes: whatever one changes behind
the other's back, the other's next operation gives exactly what it would give had it been alone.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from games_helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    first_free,
    make_service,
    start_game,
)

from bot.engine import Move
from bot.games import (
    CellTakenError,
    GameRunningError,
    GameService,
    GameStore,
    NoGameError,
    Seat,
)
from bot.storage import SqliteGameStore
from bot.storage.postgres.store import PostgresGameStore

CAROL = 3


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
async def shared(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[tuple[GameService, GameService]]:
    """Two services on one database, "here" and another process, "there": an SQLite file, or
    one real PostgreSQL database (whose store refuses a start beside a challenge by migration
    5's trigger, not by a check)."""
    if request.param == "sqlite":
        stores: list[GameStore] = [SqliteGameStore(tmp_path / "shared.db") for _ in range(2)]
    else:
        url: str = request.getfixturevalue("postgres_url")
        stores = [await PostgresGameStore.open(url) for _ in range(2)]
    here, there = (make_service(store=store, bot=first_free) for store in stores)
    yield here, there
    await here.close()
    await there.close()


async def test_a_move_after_another_process_moved_plays_on_the_stored_game(
    shared: tuple[GameService, GameService],
) -> None:
    here, there = shared
    await start_game(here, level="easy")
    await there.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))  # bot: (0, 0)
    reply = await here.move(channel_id=CHANNEL, member_id=ALICE, move=Move(2, 2))
    assert reply.game.moves == (Move(1, 1), Move(0, 0), Move(2, 2), Move(0, 1))
    assert await there.active_game(CHANNEL) == reply.game


async def test_no_refusal_is_given_on_a_remembered_board(
    shared: tuple[GameService, GameService],
) -> None:
    """Here the centre is taken in alice's game; meanwhile she resigned it and started a new
    one through another process, where the centre is free: her move there is played."""
    here, there = shared
    await start_game(here, level="easy")
    await here.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    await there.resign(channel_id=CHANNEL, member_id=ALICE)
    new = (await start_game(there, level="easy")).game
    reply = await here.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    assert (reply.game.id, reply.game.moves[0]) == (new.id, Move(1, 1))
    with pytest.raises(CellTakenError):  # the real refusal, on the stored board
        await here.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))


async def test_a_move_in_a_game_another_process_ended_says_there_is_none(
    shared: tuple[GameService, GameService],
) -> None:
    here, there = shared
    await start_game(here, level="easy")
    await there.resign(channel_id=CHANNEL, member_id=ALICE)
    with pytest.raises(NoGameError) as refused:
        await here.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    with pytest.raises(NoGameError) as told_there:
        await there.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    assert str(refused.value) == str(told_there.value)


async def bob_challenges_carol(there: GameService) -> None:
    await there.duels.challenge(
        channel_id=CHANNEL, guild_id=GUILD, challenger=Seat(BOB, "bob"), opponent=Seat(CAROL, "c")
    )


async def bob_plays(there: GameService) -> None:
    await start_game(there, member=BOB, level="easy")
    await there.move(channel_id=CHANNEL, member_id=BOB, move=Move(0, 0))


@pytest.mark.parametrize(
    ("meanwhile", "named"),
    [(bob_challenges_carol, "bob has challenged c here"), (bob_plays, "bob")],
)
async def test_a_start_beside_what_another_process_opened_names_it(
    shared: tuple[GameService, GameService],
    meanwhile: Callable[[GameService], Awaitable[None]],
    named: str,
) -> None:
    """Here the channel is empty since alice's game ended; meanwhile bob opened a challenge
    or a game there through another process: alice hears about it, as she would there."""
    here, there = shared
    await start_game(here, level="easy")
    await here.resign(channel_id=CHANNEL, member_id=ALICE)
    await meanwhile(there)
    with pytest.raises(GameRunningError) as refused:
        await start_game(here, level="easy")
    with pytest.raises(GameRunningError) as told_there:
        await start_game(there, level="easy")
    assert str(refused.value) == str(told_there.value)
    assert named in str(refused.value)
