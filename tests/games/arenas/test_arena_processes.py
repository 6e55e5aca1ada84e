"""Two real OS processes run one arena's upkeep on one database (an SQLite file, a real
PostgreSQL database) on the real clock, each pairing, opening games, moving and judging the
clock (``arena_worker``): no member is ever in two pairings at once (each process checks
every state it reads, and the stored games of a member never overlap), every pairing's game
is made once, and the stored points equal a recount of the stored games."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot.games import GameService, Status
from bot.games.arenas import Arena, ArenaStatus, PairingStatus
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


async def service_on(database: str) -> GameService:
    store = (
        await PostgresGameStore.open(database)
        if database.startswith("postgresql://")
        else SqliteGameStore(database)
    )
    return GameService(store, rng=random.Random(0))


async def test_two_processes_run_one_arena(database: str) -> None:
    """A short arena (8 seconds, 2 seconds a move), inserted whole: the commands' bounds
    would make the processes run for minutes."""
    service = await service_on(database)
    try:
        now = utc_now()
        arena = await service._store.insert_arena(
            Arena(0, GUILD, CHANNEL, 1, 3, 2, now, now + timedelta(seconds=8),
                  ArenaStatus.OPEN, now, variant=find_variant(None))
        )  # fmt: skip
        for member in MEMBERS:
            await service.arenas.join(arena_id=arena.id, member_id=member, member_name=f"m{member}")
    finally:
        await service.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, str(WORKER), database, str(arena.id)]
    workers = [
        subprocess.Popen(
            [*command, str(seed)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True,
        )
        for seed in (1, 2)
    ]
    try:
        outcomes = [worker.communicate(timeout=120) for worker in workers]
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
    for worker, (_, err) in zip(workers, outcomes, strict=True):
        assert worker.returncode == 0, err[-3000:]
    service = await service_on(database)
    try:
        state = await service.arenas.get(arena.id)
        games = await service._store.arena_games(arena.id)
    finally:
        await service.close()
    assert state is not None and state.arena.status is ArenaStatus.FINISHED
    assert len(games) >= 4, "too few games to say anything"
    assert all(not g.is_active and g.status is not Status.EXPIRED for g in games)
    assert stored_counts(state) == dict(recount(games))
    assert sum(e.games for e in state.entrants) == 2 * len(games)
    by_game = [p.game_id for p in state.pairings if p.game_id is not None]
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
