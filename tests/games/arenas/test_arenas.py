"""The arenas collaborator (``service.arenas``) on SQLite in memory with a fake clock: starting,
joining, pairing, scoring (the fire rule), leaving and coming back, a thread that cannot be
made, cancelling, and the final standings."""

from __future__ import annotations

from datetime import timedelta

import pytest
from games_helpers import START, FakeClock

from bot.engine import Player
from bot.games import GameService, GameStore, Status
from bot.games.arenas import ArenaStatus, EndedBy, PairingStatus
from bot.games.store_errors import ArenaChangedError
from tests.games.arenas.arena_helpers import (
    CHANNEL,
    GUILD,
    THREAD_BASE,
    busy_by_member,
    end,
    open_arena,
    recount,
    seat_id,
    stored_counts,
    tick_and_open,
)


async def test_start_opens_an_arena_for_its_window(service: GameService) -> None:
    state = await open_arena(service, minutes=45, clock=20)
    arena = state.arena
    assert (arena.status, arena.starts_at, arena.ends_at) == (
        ArenaStatus.OPEN, START, START + timedelta(minutes=45)
    )  # fmt: skip
    assert (arena.clock, arena.guild_id, arena.channel_id) == (20, GUILD, CHANNEL)
    assert arena.kind == "classic"
    assert (await service.arenas.here(CHANNEL)).arena == arena
    assert [a.id for a in await service.arenas.due()] == [arena.id]


async def test_four_members_are_paired_at_once_and_a_fifth_waits(service: GameService) -> None:
    state = await open_arena(service, [1, 2, 3, 4, 5])
    tick, games = await tick_and_open(service, state.arena.id)
    assert len(tick.to_open) == 2 and tick.changed
    busy = busy_by_member(tick.state)
    assert len(busy) == 4 and set(busy.values()) == {1}
    for pairing, game in zip(tick.to_open, games, strict=True):
        assert (seat_id(game.x), seat_id(game.o)) == (pairing.x_id, pairing.o_id)
        assert (game.arena_id, game.channel_id, game.status) == (
            state.arena.id, THREAD_BASE + pairing.id, Status.ACTIVE
        )  # fmt: skip
        assert pairing.round == 1
    again = await service.arenas.tick(state.arena.id)
    assert again.to_open == () and not again.changed  # the fifth waits alone
    stored = {p.id: p.status for p in again.state.pairings}
    assert set(stored.values()) == {PairingStatus.PLAYING}


async def test_a_pairing_starts_its_game_once(service: GameService, store: GameStore) -> None:
    state = await open_arena(service, [1, 2])
    tick = await service.arenas.tick(state.arena.id)
    (pairing,) = tick.to_open
    await service.arenas.open_game(pairing, 900, owe_board=False)
    with pytest.raises(ArenaChangedError):
        await service.arenas.open_game(pairing, 901, owe_board=False)
    assert len(await store.arena_games(state.arena.id)) == 1


async def test_results_score_two_one_naught_and_fire_from_the_third_win(
    service: GameService, store: GameStore
) -> None:
    """Two members alone play again and again; 1 wins three, draws, wins: 2 2 4 1 2."""
    state = await open_arena(service, [1, 2])
    arena_id = state.arena.id
    plan = ["win", "win", "win", "draw", "win"]
    for round_, result in enumerate(plan, start=1):
        tick, (game,) = await tick_and_open(service, arena_id)
        assert tick.to_open[0].round == round_
        one = Player.X if seat_id(game.x) == 1 else Player.O
        await end(service, game, "draw" if result == "draw" else one.value)
    tick = await service.arenas.tick(arena_id)
    first = tick.state.entrant(1)
    second = tick.state.entrant(2)
    assert first is not None and second is not None
    assert (first.points, first.sheet, first.streak) == (11, "22412", 1)
    assert (second.points, second.sheet, second.losses, second.draws) == (1, "00010", 4, 1)
    assert (first.as_x + first.as_o, abs(first.as_x - first.as_o) <= 1) == (5, True)
    done = [p for p in tick.state.pairings if p.status is PairingStatus.DONE]
    assert len(done) == 5 and {p.ended_by for p in done} == {EndedBy.BOARD}
    assert stored_counts(tick.state) == dict(recount(await store.arena_games(arena_id)))


async def test_nobody_plays_the_same_opponent_twice_in_a_row_beside_others(
    service: GameService,
) -> None:
    state = await open_arena(service, [1, 2, 3, 4])
    arena_id = state.arena.id
    tick, games = await tick_and_open(service, arena_id)
    first = {frozenset((p.x_id, p.o_id)) for p in tick.to_open}
    for game in games:
        await end(service, game, "X")
    tick, games = await tick_and_open(service, arena_id)
    assert len(tick.to_open) == 2
    assert not first & {frozenset((p.x_id, p.o_id)) for p in tick.to_open}
    winners = {e.member_id for e in tick.state.entrants if e.points == 2}
    for p in tick.to_open:  # the nearest in the standings: winners meet, losers meet
        assert (p.x_id in winners) == (p.o_id in winners)
        assert p.round == 2


async def test_leaving_pauses_a_member_whose_game_still_counts(service: GameService) -> None:
    state = await open_arena(service, [1, 2, 3])
    arena_id = state.arena.id
    tick, (game,) = await tick_and_open(service, arena_id)
    leaver = seat_id(game.x)
    left = await service.arenas.leave(arena_id=arena_id, member_id=leaver)
    assert not left.entrant(leaver).active  # type: ignore[union-attr]
    await end(service, game, "X")
    tick, _ = await tick_and_open(service, arena_id)
    entrant = tick.state.entrant(leaver)
    assert entrant is not None and (entrant.points, entrant.active) == (2, False)
    assert all(not p.has(leaver) for p in tick.to_open)
    back = await service.arenas.join(arena_id=arena_id, member_id=leaver, member_name="again")
    assert not back.already
    entrant = back.state.entrant(leaver)
    assert entrant is not None
    assert (entrant.points, entrant.active, entrant.name) == (2, True, "again")
    again = await service.arenas.join(arena_id=arena_id, member_id=leaver, member_name="again")
    assert again.already and again.state == back.state


async def test_a_thread_that_cannot_be_made_frees_both_and_pauses_pairing(
    service: GameService, clock: FakeClock
) -> None:
    state = await open_arena(service, [1, 2])
    arena_id = state.arena.id
    (pairing,) = (await service.arenas.tick(arena_id)).to_open
    assert await service.arenas.thread_failed(pairing) is True  # tell the host, once
    assert await service.arenas.thread_failed(pairing) is False  # already failed: nothing
    tick = await service.arenas.tick(arena_id)
    assert tick.to_open == () and busy_by_member(tick.state) == {}
    assert tick.state.pairings[0].status is PairingStatus.FAILED
    clock.advance(59)
    assert (await service.arenas.tick(arena_id)).to_open == ()
    clock.advance(2)
    (again,) = (await service.arenas.tick(arena_id)).to_open
    assert await service.arenas.thread_failed(again) is False  # the host was told already
    with pytest.raises(ArenaChangedError):
        await service.arenas.open_game(again, 77, owe_board=False)


async def test_cancel_ends_everything_without_results(
    service: GameService, store: GameStore
) -> None:
    state = await open_arena(service, [1, 2, 3, 4, 5, 6])
    arena_id = state.arena.id
    _, games = await tick_and_open(service, arena_id)
    await end(service, games[0], "X")
    scored = await service.arenas.tick(arena_id)  # scores it; its two wait (they just met)
    before = {e.member_id: e for e in scored.state.entrants}
    cancelled = await service.arenas.cancel(channel_id=CHANNEL)
    arena = cancelled.state.arena
    assert (arena.status, arena.announced) == (ArenaStatus.CANCELLED, True)
    assert {g.id for g in cancelled.expired} == {g.id for g in games[1:]}
    for game in await store.arena_games(arena_id):
        assert (game.status is Status.EXPIRED) == (game.id != games[0].id)
    assert busy_by_member(cancelled.state) == {}
    assert {e.member_id: e for e in cancelled.state.entrants} == before
    for p in cancelled.state.pairings:
        if p.id in {q.id for q in scored.state.running}:
            assert p.ended_by is EndedBy.NO_RESULT
    after = await service.arenas.tick(arena_id)
    assert (after.to_open, after.finished, after.state) == ((), False, cancelled.state)
    assert await service.arenas.due() == []
    await open_arena(service, [1])  # the channel is free, and so is every member


async def test_final_standings_share_ranks_and_rate_performance(service: GameService) -> None:
    state = await open_arena(service, [1, 2, 3, 4])
    arena_id = state.arena.id
    _, games = await tick_and_open(service, arena_id)
    await end(service, games[0], "X")
    await end(service, games[1], "X")
    await service.arenas.tick(arena_id)
    lines = await service.arenas.final(arena_id)
    assert [line.rank for line in lines] == [1, 1, 3, 3]
    assert [line.entrant.points for line in lines] == [2, 2, 0, 0]
    for line in lines:
        assert line.performance is not None
        assert (line.performance > 1200) == (line.entrant.points == 2)
