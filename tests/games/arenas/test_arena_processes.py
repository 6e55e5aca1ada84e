"""Two real OS processes run one arena's upkeep on one database (an SQLite file, a real
PostgreSQL database) on the real clock, each pairing, opening games, moving and judging the
clock (``arena_worker``): no member is ever in two pairings at once (each process checks
every state it reads, and the stored games of a member never overlap), every pairing's game
is made once, and the stored points equal a recount of the stored games. A process killed
(SIGKILL) in the middle of an arena loses nothing: a fresh one on the same database runs it
to its end, judging the clocks that ran out while none ran."""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import signal
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot.engine import Player
from bot.games import Game, GameService, GameStore, Status
from bot.games.arenas import Arena, ArenaState, ArenaStatus, EndedBy, PairingStatus
from bot.games.service import utc_now
from bot.games.variants import find_variant
from bot.storage import SqliteGameStore
from bot.storage.postgres.store import PostgresGameStore
from tests.games.arenas.arena_helpers import (
    CHANNEL,
    GUILD,
    recount,
    seat_id,
    stored_counts,
)

pytestmark = pytest.mark.processes

WORKER = Path(__file__).with_name("arena_worker.py")
ROOT = WORKER.parents[3]
MEMBERS = range(1, 8)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "games.db")
    else:
        yield request.getfixturevalue("postgres_url")


async def service_on(database: str) -> tuple[GameService, GameStore]:
    """A service on the database, and its store."""
    store = (
        await PostgresGameStore.open(database)
        if database.startswith("postgresql://")
        else SqliteGameStore(database)
    )
    return GameService(store, rng=random.Random(0)), store


async def new_arena(database: str, *, seconds: float, clock: int) -> int:
    """An arena of ``seconds`` from now, ``clock`` seconds a move, inserted whole (the
    commands' bounds would make the processes run for minutes), every member joined."""
    service, store = await service_on(database)
    try:
        now = utc_now()
        arena = await store.insert_arena(
            Arena(0, GUILD, CHANNEL, 1, 3, clock, now, now + timedelta(seconds=seconds),
                  ArenaStatus.OPEN, now, variant=find_variant(None))
        )  # fmt: skip
        for member in MEMBERS:
            await service.arenas.join(arena_id=arena.id, member_id=member, member_name=f"m{member}")
    finally:
        await service.close()
    return arena.id


def spawn(database: str, arena_id: int, seed: int, *extra: str) -> subprocess.Popen[str]:
    """An ``arena_worker`` process on the arena (``extra``: "leave", its games running)."""
    return subprocess.Popen(
        [sys.executable, str(WORKER), database, str(arena_id), str(seed), *extra],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


async def stored(database: str, arena_id: int) -> tuple[ArenaState, list[Game]]:
    service, store = await service_on(database)
    try:
        state = await service.arenas.get(arena_id)
        games = await store.arena_games(arena_id)
    finally:
        await service.close()
    assert state is not None
    return state, games


def check_run_whole(state: ArenaState, games: list[Game]) -> None:
    """The arena ended, every pairing scored or failed with its game made once, the points a
    recount of the games, and no member in two games at once."""
    assert state.arena.status is ArenaStatus.FINISHED
    assert len(games) >= 4, "too few games to say anything"
    assert all(not g.is_active and g.status is not Status.EXPIRED for g in games)
    assert stored_counts(state) == dict(recount(games))
    assert sum(e.games for e in state.entrants) == 2 * len(games)
    by_game = [p.game_id for p in state.pairings if p.game_id is not None]
    assert len(set(by_game)) == len(by_game), "a game in two pairings"
    assert sorted(by_game) == sorted(g.id for g in games)
    assert all(p.status in (PairingStatus.DONE, PairingStatus.FAILED) for p in state.pairings)
    spans: dict[int, list[tuple[datetime, datetime]]] = defaultdict(list)
    for game in games:
        for member in (seat_id(game.x), seat_id(game.o)):
            spans[member].append((game.created_at, game.updated_at))
    for member, played in spans.items():
        played.sort()
        for (_, ended), (began, _) in itertools.pairwise(played):
            assert began >= ended, f"member {member} was in two games at once"


async def test_two_processes_run_one_arena(database: str) -> None:
    """A short arena (8 seconds, 2 seconds a move)."""
    arena_id = await new_arena(database, seconds=8, clock=2)
    workers = [spawn(database, arena_id, seed) for seed in (1, 2)]
    try:
        outcomes = [worker.communicate(timeout=120) for worker in workers]
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
    for worker, (_, err) in zip(workers, outcomes, strict=True):
        assert worker.returncode == 0, err[-3000:]
    check_run_whole(*await stored(database, arena_id))


async def test_a_killed_process_loses_nothing(database: str) -> None:
    """One process runs a short arena (8 seconds, 1 second a move) until some games ended,
    and is killed (SIGKILL) a few milliseconds after it is seen to have made new pairings,
    while games run: between saving the pairings and opening their games, or in an opening,
    a move or a tick. No process runs for longer than the move clock; then a fresh one runs
    the arena to its end, never moving in the games left running (their members gone). Those
    lost on time, by whoever was to move, only a full clock after the restart (downtime is
    nobody's clock); a loser who had never moved in theirs is paused, any other is not."""
    clock = 1
    arena_id = await new_arena(database, seconds=8, clock=clock)
    first = spawn(database, arena_id, 1)
    try:
        service, _ = await service_on(database)
        try:
            seen, give_up = 0, time.monotonic() + 30
            while first.poll() is None and time.monotonic() < give_up:
                state = await service.arenas.get(arena_id)
                assert state is not None
                done = sum(p.status is PairingStatus.DONE for p in state.pairings)
                playing = sum(p.status is PairingStatus.PLAYING for p in state.pairings)
                if done >= 2 and playing and len(state.pairings) > seen > 0:
                    await asyncio.sleep(random.uniform(0, 0.03))
                    os.kill(first.pid, signal.SIGKILL)
                    break
                seen = len(state.pairings)
        finally:
            await service.close()
        _, err = first.communicate(timeout=30)
    finally:
        if first.poll() is None:
            first.kill()
    assert first.returncode == -signal.SIGKILL, err[-3000:]
    killed_at = utc_now()
    _, games = await stored(database, arena_id)
    stalled = {g.id: g for g in games if g.is_active}
    assert stalled, "no game was left running"
    await asyncio.sleep(clock + 0.3)  # every stalled game past its clock, no process running
    restarted_at = utc_now()
    second = spawn(database, arena_id, 2, "leave")
    try:
        _, err = second.communicate(timeout=60)
    finally:
        if second.poll() is None:
            second.kill()
    assert second.returncode == 0, err[-3000:]
    state, games = await stored(database, arena_id)
    check_run_whole(state, games)
    if state.arena.ends_at - restarted_at > timedelta(seconds=clock + 2):  # time to pair in
        assert any(p.created_at > killed_at for p in state.pairings), "the second paired nobody"
    ended = {g.id: g for g in games}
    for game_id, before in stalled.items():
        after = ended[game_id]
        assert after.timed_out and after.status is Status.RESIGNED
        assert after.moves == before.moves
        assert after.winner is before.position.to_move.other
        assert after.updated_at >= restarted_at + timedelta(seconds=clock)
        loser = before.position.to_move
        never_moved = len(before.moves) <= (0 if loser is Player.X else 1)
        entrant = state.entrant(seat_id(before.seat(loser)))
        assert entrant is not None and entrant.active is not never_moved, (before, entrant)
    by_game = {p.game_id: p for p in state.pairings}
    assert all(by_game[g].ended_by is EndedBy.CLOCK for g in stalled)
