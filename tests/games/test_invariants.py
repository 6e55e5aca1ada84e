"""Random sequences of operations (starts, moves, resigns, hints, idle time, restarts) across a
few channels and members: whatever happens, memory and the database agree, every stored game
replays to a legal board with a status that matches it, and a channel never has two games."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from tempfile import TemporaryDirectory

import pytest
from games_helpers import FakeClock, assert_consistent, finished_game, make_service, start_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import Move, Player
from bot.games import Game, GameError, GameService, Status
from bot.storage import SqliteGameStore

CHANNELS = (1, 2)
MEMBERS = (10, 11)

Action = tuple[str, int, int, int, int]

actions = st.lists(
    st.tuples(
        st.sampled_from(
            ["start", "move", "move", "move", "move", "resign", "hint", "idle", "restart", "expire"]
        ),
        st.sampled_from(CHANNELS),
        st.sampled_from(MEMBERS),
        st.integers(0, 4),
        st.integers(0, 3),
    ),
    min_size=5,
    max_size=40,
)


async def _check(service: GameService, path: Path) -> None:
    memory = {c: g for c in CHANNELS if (g := await _current(service, c)) is not None}
    store = SqliteGameStore(path)
    stored = await store.active_games()
    await store.close()
    assert {g.channel_id: g for g in stored} == memory
    with sqlite3.connect(path) as conn:
        ids = [row[0] for row in conn.execute("SELECT id FROM games")]
    reader = SqliteGameStore(path)
    for game_id in ids:
        game = await reader.get(game_id)
        assert game is not None
        assert_consistent(game)
        if game.status is Status.RESIGNED:
            assert game.winner is not None
    await reader.close()


async def _current(service: GameService, channel: int) -> Game | None:
    try:
        return await service.active_game(channel)
    except GameError:
        return None


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(script=actions, seed=st.integers(0, 1000))
async def test_random_operations_keep_memory_and_database_consistent(
    script: list[Action], seed: int
) -> None:
    with TemporaryDirectory() as folder:
        path = Path(folder) / "g.db"
        clock = FakeClock()
        service = make_service(path, clock=clock, seed=seed, idle_timeout=300)
        for kind, channel, member, a, b in script:
            try:
                if kind == "start":
                    await start_game(
                        service,
                        channel=channel,
                        guild=None,
                        member=member,
                        level=["easy", "hard", "perfect"][a % 3],
                        first=["me", "bot", "random"][b % 3],
                        size=4 if a == 4 else 3,
                    )
                elif kind in ("move", "resign"):
                    # Mostly the seated member and a free cell, sometimes anything at all.
                    game = await _current(service, channel)
                    who, cell = member, Move(a, b)
                    if isinstance(game, Game) and a < 3:
                        who = game.member.member_id or member
                        free = game.position.legal_moves
                        cell = free[(a * 4 + b) % len(free)]
                    if kind == "move":
                        await service.move(channel_id=channel, member_id=who, move=cell)
                    else:
                        await service.resign(channel_id=channel, member_id=who)
                elif kind == "hint":
                    game = await service.active_game(channel)
                    if game.size == 3:  # a cold 4x4 analysis is too slow for a unit test
                        await service.hint(channel_id=channel, member_id=member)
                elif kind == "idle":
                    clock.advance(100 * (a + 1))
                elif kind == "expire":
                    for game in await service.expire_idle():
                        assert game.status is Status.EXPIRED
                else:
                    await service.close()
                    service = make_service(path, clock=clock, seed=seed, idle_timeout=300)
            except GameError:
                pass
        await _check(service, path)
        await service.close()


def test_the_consistency_check_catches_each_contradiction() -> None:
    """assert_consistent is the oracle of the tests above: it must be able to fail."""
    won = finished_game(1, "alice", status=Status.WON)
    drawn = finished_game(1, "alice", status=Status.DRAWN)
    open_game = finished_game(1, "alice", status=Status.RESIGNED)  # a board that is not over
    for game in (won, drawn, open_game, finished_game(1, "alice", status=Status.EXPIRED)):
        assert_consistent(game)
    bad = [
        replace(won, status=Status.LOST),
        replace(won, winner=Player.O),
        replace(won, status=Status.ACTIVE, winner=None),
        replace(drawn, status=Status.WON, winner=Player.X),
        replace(open_game, status=Status.WON, winner=Player.X),
        replace(open_game, winner=None),
        replace(open_game, status=Status.EXPIRED),
        replace(open_game, status=Status.ACTIVE),
        replace(open_game, created_at=open_game.updated_at + timedelta(seconds=1)),
    ]
    for game in bad:
        with pytest.raises(AssertionError):
            assert_consistent(game)
