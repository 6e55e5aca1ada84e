"""What a service remembers of its own writes, and why it can never act on it wrongly.

A service decides a write first on what its own last write in the channel left there, so a
move costs the store one write instead of a read and a write. Two services on one database
file stand for two processes: whatever one changes behind the other's back, the other's
next operation must give exactly what it would give had it read the store first.
"""

from __future__ import annotations

from collections import Counter
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

import bot.games.service as service_module
from bot.engine import Move
from bot.games import (
    CellTakenError,
    Game,
    GameRunningError,
    GameService,
    GameStore,
    NoGameError,
    Seat,
    SqliteGameStore,
)
from bot.games.postgres_store import PostgresGameStore

CAROL = 3


class CountingStore(SqliteGameStore):
    """The real SQLite store, counting the channel lookups and saves the service asks for."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.calls = Counter[str]()

    async def active_game(self, channel_id: int) -> Game | None:
        self.calls["active_game"] += 1
        return await super().active_game(channel_id)

    async def update(self, game: Game) -> Game:
        self.calls["update"] += 1
        return await super().update(game)


@pytest.fixture(params=["sqlite", "postgresql"])
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
    await there.challenge(
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


async def test_a_move_in_a_channel_this_process_wrote_last_reads_nothing(
    tmp_path: Path,
) -> None:
    store = CountingStore(tmp_path / "counted.db")
    service = make_service(store=store, bot=first_free)
    await start_game(service, level="easy")
    store.calls.clear()
    for cell in (Move(1, 1), Move(2, 2)):
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=cell)
    assert store.calls == {"update": 2}
    other = make_service(tmp_path / "counted.db", bot=first_free)  # another process moves
    await other.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 2))  # blocks (0, 1)
    store.calls.clear()
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(2, 0))
    # The save over the remembered game is refused, then the game is read and saved.
    assert store.calls == {"update": 2, "active_game": 1}
    await other.close()
    await service.close()


async def test_only_the_latest_channels_are_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service_module, "CHANNELS_REMEMBERED", 3)
    store = CountingStore(tmp_path / "counted.db")
    service = make_service(store=store, bot=first_free)
    for channel in range(1, 5):
        await start_game(service, channel=channel, member=channel, level="easy")
    store.calls.clear()
    for channel in (4, 3, 2):
        await service.move(channel_id=channel, member_id=channel, move=Move(1, 1))
    assert store.calls == {"update": 3}
    await service.move(channel_id=1, member_id=1, move=Move(1, 1))  # the oldest: forgotten
    assert store.calls == {"update": 4, "active_game": 1}
    await service.close()
