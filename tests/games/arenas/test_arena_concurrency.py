"""Two services on one database (an SQLite file, a real PostgreSQL database) stand for two
processes running the same arena's upkeep at the same moments: a member is never in two
pairings being made or played, a pairing's game is made once, and every game is scored once
(the stored points equal a recount of the stored games)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from dataclasses import replace

import pytest
from games_helpers import FakeClock

from bot.games import Game, GameError, GameService, GameStore, Status
from bot.games.arenas import ArenaStatus, PairingStatus, Tick
from bot.games.arenas.sentences import ArenaError
from bot.games.store_errors import ArenaChangedError
from tests.games.arenas.arena_helpers import (
    CHANNEL,
    THREAD_BASE,
    Opener,
    busy_by_member,
    open_arena,
    recount,
    seat_id,
    stored_counts,
)

MEMBERS = list(range(1, 10))


async def pair(
    opener: Opener, services: list[GameService], clock: FakeClock
) -> tuple[GameService, GameService, GameStore]:
    """Two services on one database, and the first one's store."""
    stores = [await opener(), await opener()]
    for seed, store in enumerate(stores, start=1):
        services.append(GameService(store, clock=clock, rng=random.Random(seed)))
    return services[0], services[1], stores[0]


RACED: list[str] = []
"""What a process was refused because the other came first (the test checks they raced)."""


async def opening(service: GameService, tick: Tick | BaseException) -> list[Game]:
    """The adapter's part: each pairing left to open gets its thread (the same thread id in
    both processes); refused where the other process made it first."""
    games: list[Game] = []
    if isinstance(tick, BaseException):
        assert isinstance(tick, GameError), tick
        RACED.append("tick")
        return games
    for p in tick.to_open:
        try:
            games.append(await service.arenas.open_game(p, THREAD_BASE + p.id, owe_board=False))
        except GameError:
            RACED.append("open")
    return games


async def moves(
    service: GameService, store: GameStore, arena_id: int, rng: random.Random
) -> None:
    """Whoever is to move in each running game of the arena plays a random free cell, or
    (now and then) lets their clock run."""
    for game in await store.arena_games(arena_id):
        if not game.is_active or rng.random() < 0.15:
            continue
        move = rng.choice(list(game.position.legal_moves))
        mover = seat_id(game.to_move_seat)
        with contextlib.suppress(GameError):  # the clock ran out on it meanwhile
            await service.move(channel_id=game.channel_id, member_id=mover, move=move)


async def check(service: GameService, arena_id: int) -> None:
    state = await service.arenas.get(arena_id)
    assert state is not None
    assert all(count == 1 for count in busy_by_member(state).values()), busy_by_member(state)
    game_ids = [p.game_id for p in state.pairings if p.game_id is not None]
    assert len(game_ids) == len(set(game_ids))
    scored = [p for p in state.pairings if p.status is PairingStatus.DONE]
    assert sum(e.games for e in state.entrants) <= 2 * len(scored)


async def test_two_processes_ticking_together_pair_and_score_once(
    opener: Opener, services: list[GameService]
) -> None:
    clock = FakeClock()
    here, there, store = await pair(opener, services, clock)
    rng = random.Random(5)
    RACED.clear()
    arena_id = (await open_arena(here, MEMBERS, minutes=10, clock=30)).arena.id
    for _ in range(60):
        ticks = await asyncio.gather(
            here.arenas.tick(arena_id), there.arenas.tick(arena_id), return_exceptions=True
        )
        await asyncio.gather(opening(here, ticks[0]), opening(there, ticks[1]))
        await check(here, arena_id)
        await asyncio.gather(
            moves(here, store, arena_id, rng), moves(there, store, arena_id, rng)
        )
        clock.advance(rng.choice([1, 5, 12]))
        if rng.random() < 0.1:  # someone leaves, or comes back, meanwhile
            member = rng.choice(MEMBERS)
            try:
                await there.arenas.leave(arena_id=arena_id, member_id=member)
            except ArenaError:
                await there.arenas.join(arena_id=arena_id, member_id=member, member_name="back")
    for _ in range(30):  # the window closes; the clocks end the games still running
        clock.advance(20)
        ticks = await asyncio.gather(
            here.arenas.tick(arena_id), there.arenas.tick(arena_id), return_exceptions=True
        )
        await asyncio.gather(opening(here, ticks[0]), opening(there, ticks[1]))
    state = await here.arenas.get(arena_id)
    assert state is not None and state.arena.status is ArenaStatus.FINISHED
    games = await store.arena_games(arena_id)
    assert len(games) > 10 and all(g.status is not Status.EXPIRED for g in games)
    assert stored_counts(state) == dict(recount(games))
    assert sum(e.games for e in state.entrants) == 2 * len(games)
    assert {p.game_id for p in state.pairings if p.game_id} == {g.id for g in games}
    assert RACED.count("open") > 5, "the two processes never raced to open one pairing"


@pytest.mark.parametrize("rounds", [20])
async def test_joins_of_one_member_to_two_arenas_at_once_keep_them_in_one(
    opener: Opener, services: list[GameService], rounds: int
) -> None:
    """Each round a new member clicks Join on two arenas at the same moment, through two
    processes: at most one join is taken."""
    here, there, _ = await pair(opener, services, FakeClock())
    first = (await open_arena(here, channel=CHANNEL)).arena.id
    second = (await open_arena(here, channel=CHANNEL + 1)).arena.id
    for member in range(100, 100 + rounds):
        await asyncio.gather(
            here.arenas.join(arena_id=first, member_id=member, member_name="a"),
            there.arenas.join(arena_id=second, member_id=member, member_name="b"),
            return_exceptions=True,
        )
    states = [await here.arenas.get(first), await here.arenas.get(second)]
    in_first, in_second = ({e.member_id for e in s.entrants} for s in states if s is not None)
    assert in_first | in_second == set(range(100, 100 + rounds))
    assert in_first & in_second == set()


async def test_a_save_over_a_stale_version_writes_nothing(
    opener: Opener, services: list[GameService]
) -> None:
    """``save_arena`` compares the version it read: a save made meanwhile elsewhere wins, the
    late one raises ``ArenaChangedError`` and none of its entrants or pairings is written."""
    here, there, store = await pair(opener, services, FakeClock())
    stale = await open_arena(here, [1, 2])
    await there.arenas.join(arena_id=stale.arena.id, member_id=3, member_name="m3")
    now = await there.arenas.get(stale.arena.id)
    entrant = stale.entrant(1)
    assert entrant is not None
    with pytest.raises(ArenaChangedError):
        await store.save_arena(stale.arena, [replace(entrant, points=99)], [])
    assert await here.arenas.get(stale.arena.id) == now
