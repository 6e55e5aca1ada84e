"""The move clock, the window and a restart, on an SQLite file and on a real PostgreSQL
database: whoever is to move when ``clock`` seconds pass loses (RESIGNED, ended by CLOCK); a
move just in time keeps the game; nobody is paired before the start or after the end; games
running at the end still count, then the arena is FINISHED; a new service on the same
database picks up the standings and the pairings, and gives the member to move a full clock again
(downtime is nobody's clock); a member who loses on the clock without a move is paused; the
first board shown starts a game's clock."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from games_helpers import FakeClock

from bot.engine import Move, Player
from bot.games import GameService, GameStore, Status
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


async def opened(
    opener: Opener, services: list[GameService], clock: FakeClock
) -> tuple[GameService, GameStore]:
    """A service on a store of ``opener`` (a restart: a new process), and that store."""
    store = await opener()
    service = GameService(store, clock=clock, rng=random.Random(1))
    services.append(service)
    return service, store


async def test_the_member_to_move_loses_on_the_clock_and_a_silent_one_is_paused(
    opener: Opener, services: list[GameService]
) -> None:
    """Two members alone; X never moves: X loses on the clock (O scores 2), and, gone
    without a move, is paused (points kept), so nobody is paired again until X joins back."""
    clock = FakeClock()
    service, store = await opened(opener, services, clock)
    arena_id = (await open_arena(service, [1, 2], clock=30)).arena.id
    _, (game,) = await tick_and_open(service, arena_id)
    clock.advance(30)
    tick, opened_now = await tick_and_open(service, arena_id)
    (timeout,) = tick.timeouts
    assert (timeout.loser, timeout.game.id) == (Player.X, game.id)
    assert (timeout.game.status, timeout.game.winner) == (Status.RESIGNED, Player.O)
    (first,) = [p for p in tick.state.pairings if p.game_id == game.id]
    assert (first.status, first.ended_by, first.winner) == (
        PairingStatus.DONE, EndedBy.CLOCK, Player.O
    )  # fmt: skip
    silent, mover = tick.state.entrant(seat_id(game.x)), tick.state.entrant(seat_id(game.o))
    assert silent is not None and mover is not None
    assert (silent.points, silent.losses, silent.active) == (0, 1, False)
    assert (mover.points, mover.active) == (2, True)
    assert opened_now == [] and busy_by_member(tick.state) == {}
    clock.advance(300)
    assert (await service.arenas.tick(arena_id)).to_open == ()  # still nobody to pair
    back = await service.arenas.join(arena_id=arena_id, member_id=silent.member_id, member_name="x")
    assert back.state.entrant(silent.member_id).active  # type: ignore[union-attr]
    assert len((await service.arenas.tick(arena_id)).to_open) == 1
    assert stored_counts(back.state) == dict(recount(await store.arena_games(arena_id)))


async def test_a_loser_on_the_clock_who_moved_is_not_paused(
    opener: Opener, services: list[GameService]
) -> None:
    """X and O each move once, then X lets the clock run: X loses, stays active, and the two
    are paired again at once."""
    clock = FakeClock()
    service, store = await opened(opener, services, clock)
    arena_id = (await open_arena(service, [1, 2], clock=30)).arena.id
    _, (game,) = await tick_and_open(service, arena_id)
    await play(service, game, [Move(1, 1), Move(0, 0)])  # X to move again
    clock.advance(30)
    tick, (second,) = await tick_and_open(service, arena_id)
    (timeout,) = tick.timeouts
    assert (timeout.loser, timeout.game.winner) == (Player.X, Player.O)
    loser = tick.state.entrant(seat_id(game.x))
    assert loser is not None and (loser.losses, loser.active) == (1, True)
    assert {seat_id(second.x), seat_id(second.o)} == {1, 2}
    assert stored_counts(tick.state) == dict(recount(await store.arena_games(arena_id)))


async def test_the_first_board_shown_starts_the_clock_a_second_does_not(
    opener: Opener, services: list[GameService]
) -> None:
    """``boards.attach`` of a game nobody moved in, shown for the first time, restarts its
    clock (its ``updated_at`` is now); attaching another message later does not, nor does
    the first attach of a game with a move."""
    clock = FakeClock()
    service, store = await opened(opener, services, clock)
    arena_id = (await open_arena(service, [1, 2, 3, 4], clock=30)).arena.id
    _, (late, moved) = await tick_and_open(service, arena_id)
    moved = await play(service, moved, [Move(1, 1)])
    clock.advance(20)
    await service.boards.attach(late.id, 700)
    await service.boards.attach(moved.id, 701)
    assert (await store.get(late.id)).updated_at == clock.now  # type: ignore[union-attr]
    assert (await store.get(moved.id)).updated_at == moved.updated_at  # type: ignore[union-attr]
    clock.advance(20)  # 40 s since the game began, 20 since its board was shown
    tick = await service.arenas.tick(arena_id)
    assert [t.game.id for t in tick.timeouts] == [moved.id]
    await service.boards.attach(late.id, 702)  # shown again: the clock runs on
    stored = await store.get(late.id)
    assert stored is not None and stored.message_id == 702
    assert stored.updated_at == clock.now - timedelta(seconds=20)
    clock.advance(10)
    (timeout,) = (await service.arenas.tick(arena_id)).timeouts
    assert (timeout.game.id, timeout.loser) == (late.id, Player.X)


async def test_a_move_just_before_the_clock_keeps_the_game(
    opener: Opener, services: list[GameService]
) -> None:
    clock = FakeClock()
    service, store = await opened(opener, services, clock)
    arena_id = (await open_arena(service, [1, 2], clock=20)).arena.id
    _, (game,) = await tick_and_open(service, arena_id)
    for move in (Move(0, 0), Move(1, 1), Move(2, 2)):
        clock.advance(19.9)
        assert (await service.arenas.tick(arena_id)).timeouts == ()
        game = await play(service, game, [move])
    clock.advance(19.9)
    tick = await service.arenas.tick(arena_id)
    assert (tick.timeouts, tick.changed, busy_by_member(tick.state)) == ((), False, {1: 1, 2: 1})
    assert (await store.get(game.id)).is_active  # type: ignore[union-attr]
    clock.advance(0.1)  # exactly the clock since O's last chance began: O loses
    (timeout,) = (await service.arenas.tick(arena_id)).timeouts
    assert timeout.loser is Player.O


async def test_nobody_is_paired_before_the_start(
    opener: Opener, services: list[GameService]
) -> None:
    clock = FakeClock()
    service, _ = await opened(opener, services, clock)
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
    service, store = await opened(opener, services, clock)
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
    games = await store.arena_games(arena_id)
    assert len(games) == 2 and all(not g.is_active for g in games)
    assert stored_counts(tick.state) == dict(recount(games))
    assert sum(e.games for e in tick.state.entrants) == 4
    assert (await service.arenas.tick(arena_id)).finished  # until its end is posted
    await service.arenas.announced(arena_id)
    assert not (await service.arenas.tick(arena_id)).finished
    assert await service.arenas.due() == []


async def test_a_restart_keeps_the_arena_and_gives_the_member_to_move_a_full_clock(
    opener: Opener, services: list[GameService]
) -> None:
    """Down for longer than the clock while X is to move: the new service keeps the arena as
    it was and does not judge the game at once (downtime is nobody's clock); a move of X
    within a clock of the restart keeps the game, which then runs on as before."""
    clock = FakeClock()
    before, _ = await opened(opener, services, clock)
    arena_id = (await open_arena(before, [1, 2, 3, 4], clock=40)).arena.id
    _, (won, running) = await tick_and_open(before, arena_id)
    await end(before, won, "O")
    await play(before, running, [Move(0, 0), Move(2, 2)])  # X to move
    tick, _ = await tick_and_open(before, arena_id)  # scores the first; its two just met
    kept = tick.state
    await before.close()
    services.remove(before)
    clock.advance(41)  # down meanwhile
    after, store = await opened(opener, services, clock)
    assert await after.arenas.get(arena_id) == kept
    tick = await after.arenas.tick(arena_id)  # its first upkeep
    assert (tick.timeouts, tick.changed) == ((), False)
    clock.advance(39.9)
    assert (await after.arenas.tick(arena_id)).timeouts == ()
    running = await play(after, running, [Move(1, 1)])  # just in time: O to move
    assert running.is_active and running.moves[-1] == Move(1, 1)
    clock.advance(39.9)
    assert (await after.arenas.tick(arena_id)).timeouts == ()
    clock.advance(0.1)
    tick = await after.arenas.tick(arena_id)
    (timeout,) = tick.timeouts
    assert (timeout.game.id, timeout.loser) == (running.id, Player.O)
    assert stored_counts(tick.state) == dict(recount(await store.arena_games(arena_id)))
    winners = {e.member_id for e in tick.state.entrants if e.points == 2}
    assert winners == {seat_id(won.o), seat_id(running.x)}
    assert all(e.active for e in tick.state.entrants)  # O had moved: not paused
    assert len(tick.to_open) == 2  # everyone free again: paired, none with their last opponent


async def test_a_clock_run_out_during_a_long_downtime_is_judged_a_full_clock_after_restart(
    opener: Opener, services: list[GameService]
) -> None:
    """Down for 20 minutes (longer than the idle timeout) while O, who never moved, is to
    move: the restarted service leaves the game running for a full clock, then O loses on
    it and, gone without a move, is paused."""
    clock = FakeClock()
    before, _ = await opened(opener, services, clock)
    arena_id = (await open_arena(before, [1, 2], minutes=60, clock=30)).arena.id
    _, (game,) = await tick_and_open(before, arena_id)
    await play(before, game, [Move(1, 1)])  # O to move
    await before.close()
    services.remove(before)
    clock.advance(20 * 60)
    after, _ = await opened(opener, services, clock)
    assert (await after.arenas.tick(arena_id)).timeouts == ()
    clock.advance(29.9)
    assert (await after.arenas.tick(arena_id)).timeouts == ()
    assert (await after.get(game.id)).is_active  # type: ignore[union-attr]
    clock.advance(0.1)
    tick = await after.arenas.tick(arena_id)
    stored = await after.get(game.id)
    assert stored is not None and stored.status is Status.RESIGNED, stored
    assert [t.loser for t in tick.timeouts] == [Player.O]
    assert tick.state.entrant(seat_id(game.x)).points == 2  # type: ignore[union-attr]
    assert not tick.state.entrant(seat_id(game.o)).active  # type: ignore[union-attr]
    assert tick.to_open == ()
