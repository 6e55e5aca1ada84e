"""The move clock, the window and a restart, on an SQLite file and on a real PostgreSQL
database: whoever is to move when ``clock`` seconds pass loses (RESIGNED, ended by CLOCK); a
move just in time keeps the game; nobody is paired before the start or after the end; games
running at the end still count, then the arena is FINISHED; a new service on the same
database picks up the standings, the pairings and a clock that ran out while it was down."""

from __future__ import annotations

import random

import pytest
from games_helpers import FakeClock

from bot.engine import Move, Player
from bot.games import GameService, Status
from bot.games.arenas import ArenaStatus, EndedBy, PairingStatus
from bot.games.arenas.sentences import ArenaError
from tests.games.arenas.arena_helpers import (
    Opener,
    busy_by_member,
    end,
    open_arena,
    play,
    recount,
    seat_id,
    stored_counts,
    tick_and_open,
)


async def opened(opener: Opener, services: list[GameService], clock: FakeClock) -> GameService:
    service = GameService(await opener(), clock=clock, rng=random.Random(1))
    services.append(service)
    return service


async def test_the_member_to_move_loses_on_the_clock(
    opener: Opener, services: list[GameService]
) -> None:
    """First X never moves; then X moves and O never does: each time the silent one loses."""
    clock = FakeClock()
    service = await opened(opener, services, clock)
    arena_id = (await open_arena(service, [1, 2], clock=30)).arena.id
    _, (game,) = await tick_and_open(service, arena_id)
    clock.advance(30)
    tick, (second,) = await tick_and_open(service, arena_id)
    (timeout,) = tick.timeouts
    assert (timeout.loser, timeout.game.id) == (Player.X, game.id)
    assert (timeout.game.status, timeout.game.winner) == (Status.RESIGNED, Player.O)
    (first,) = [p for p in tick.state.pairings if p.game_id == game.id]
    assert (first.status, first.ended_by, first.winner) == (
        PairingStatus.DONE, EndedBy.CLOCK, Player.O
    )  # fmt: skip
    assert tick.state.entrant(seat_id(game.o)).points == 2  # type: ignore[union-attr]
    assert tick.state.entrant(seat_id(game.x)).points == 0  # type: ignore[union-attr]
    await play(service, second, [Move(1, 1)])
    clock.advance(31)
    tick = await service.arenas.tick(arena_id)
    (timeout,) = tick.timeouts
    assert (timeout.loser, timeout.game.winner) == (Player.O, Player.X)
    assert stored_counts(tick.state) == dict(recount(await service._store.arena_games(arena_id)))


async def test_a_move_just_before_the_clock_keeps_the_game(
    opener: Opener, services: list[GameService]
) -> None:
    clock = FakeClock()
    service = await opened(opener, services, clock)
    arena_id = (await open_arena(service, [1, 2], clock=20)).arena.id
    _, (game,) = await tick_and_open(service, arena_id)
    for move in (Move(0, 0), Move(1, 1), Move(2, 2)):
        clock.advance(19.9)
        assert (await service.arenas.tick(arena_id)).timeouts == ()
        game = await play(service, game, [move])
    clock.advance(19.9)
    tick = await service.arenas.tick(arena_id)
    assert (tick.timeouts, tick.changed, busy_by_member(tick.state)) == ((), False, {1: 1, 2: 1})
    assert (await service._store.get(game.id)).is_active  # type: ignore[union-attr]
    clock.advance(0.1)  # exactly the clock since O's last chance began: O loses
    (timeout,) = (await service.arenas.tick(arena_id)).timeouts
    assert timeout.loser is Player.O


async def test_nobody_is_paired_before_the_start(
    opener: Opener, services: list[GameService]
) -> None:
    clock = FakeClock()
    service = await opened(opener, services, clock)
    state = await open_arena(service, [1, 2, 3], starts="10m")
    assert (state.arena.starts_at - clock.now).total_seconds() == 600
    clock.advance(599)
    tick = await service.arenas.tick(state.arena.id)
    assert (tick.to_open, tick.changed) == ((), False)
    clock.advance(1)
    assert len((await service.arenas.tick(state.arena.id)).to_open) == 1


async def test_games_running_at_the_end_count_then_it_is_finished(
    opener: Opener, services: list[GameService]
) -> None:
    """Of two games running as the window closes, one ends on the board, one on the clock:
    both count, the members freed meanwhile are not paired, then the arena is FINISHED."""
    clock = FakeClock()
    service = await opened(opener, services, clock)
    arena_id = (await open_arena(service, [1, 2, 3, 4, 5], minutes=5, clock=300)).arena.id
    _, (board, timed) = await tick_and_open(service, arena_id)
    clock.advance(200)
    await play(service, timed, [Move(1, 1)])  # O is to move in it from now on
    await play(service, board, [Move(0, 0)])
    clock.advance(100)  # the window closes
    tick = await service.arenas.tick(arena_id)
    assert (tick.to_open, tick.finished) == ((), False)
    with pytest.raises(ArenaError):
        await service.arenas.join(arena_id=arena_id, member_id=9, member_name="late")
    await end(service, board, "draw")
    tick = await service.arenas.tick(arena_id)
    assert (tick.to_open, tick.finished, tick.changed) == ((), False, True)
    assert tick.state.arena.status is ArenaStatus.OPEN  # one game still runs
    clock.advance(300)
    tick = await service.arenas.tick(arena_id)
    assert (tick.finished, tick.state.arena.status, len(tick.timeouts)) == (
        True, ArenaStatus.FINISHED, 1
    )  # fmt: skip
    assert busy_by_member(tick.state) == {}
    games = await service._store.arena_games(arena_id)
    assert len(games) == 2 and all(not g.is_active for g in games)
    assert stored_counts(tick.state) == dict(recount(games))
    assert sum(e.games for e in tick.state.entrants) == 4
    assert (await service.arenas.tick(arena_id)).finished  # until its end is posted
    await service.arenas.announced(arena_id)
    assert not (await service.arenas.tick(arena_id)).finished
    assert await service.arenas.due() == []


async def test_a_restart_keeps_the_arena_and_judges_a_clock_run_out_while_down(
    opener: Opener, services: list[GameService]
) -> None:
    clock = FakeClock()
    before = await opened(opener, services, clock)
    arena_id = (await open_arena(before, [1, 2, 3, 4], clock=40)).arena.id
    _, (won, running) = await tick_and_open(before, arena_id)
    await end(before, won, "O")
    await play(before, running, [Move(0, 0), Move(2, 2)])  # X to move
    tick, _ = await tick_and_open(before, arena_id)  # scores the first; its two just met
    kept = tick.state
    await before.close()
    services.remove(before)
    clock.advance(41)  # down meanwhile
    after = await opened(opener, services, clock)
    assert await after.arenas.get(arena_id) == kept
    tick = await after.arenas.tick(arena_id)
    (timeout,) = tick.timeouts
    assert (timeout.game.id, timeout.loser) == (running.id, Player.X)
    assert stored_counts(tick.state) == dict(recount(await after._store.arena_games(arena_id)))
    winners = {m for m, e in ((e.member_id, e) for e in tick.state.entrants) if e.points == 2}
    assert winners == {seat_id(won.o), seat_id(running.o)}
    assert len(tick.to_open) == 2  # everyone free again: paired, none with their last opponent


async def test_a_clock_run_out_during_a_long_downtime_is_still_a_loss(
    opener: Opener, services: list[GameService]
) -> None:
    """Down for 20 minutes (longer than the idle timeout): the member to move still lost
    on the clock, as after a short downtime."""
    clock = FakeClock()
    before = await opened(opener, services, clock)
    arena_id = (await open_arena(before, [1, 2], minutes=60, clock=30)).arena.id
    _, (game,) = await tick_and_open(before, arena_id)
    await play(before, game, [Move(1, 1)])  # O to move
    await before.close()
    services.remove(before)
    clock.advance(20 * 60)
    after = await opened(opener, services, clock)
    tick = await after.arenas.tick(arena_id)
    stored = await after.get(game.id)
    assert stored is not None and stored.status is Status.RESIGNED, stored
    assert [t.loser for t in tick.timeouts] == [Player.O]
    assert tick.state.entrant(seat_id(game.x)).points == 2  # type: ignore[union-attr]
