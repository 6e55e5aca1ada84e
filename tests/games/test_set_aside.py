"""A game nobody has moved in yet (or only the bot) is an offer, not a match: its member may
start another over it or resign it, and it is set aside, not counted (issue 10, item 1)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from games_helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    make_service,
    member_vs_member,
    start_game,
    started_game,
)

from bot.engine import Move
from bot.games import Game, GameChangedError, GameOverError, GameRunningError, Record, Status
from bot.games.render.boards import SET_ASIDE, describe_set_aside, status_line
from bot.storage import SqliteGameStore


@pytest.mark.parametrize("first", ["me", "bot"])
async def test_start_over_a_game_nobody_moved_in_replaces_it(first: str) -> None:
    service = make_service()
    old = (await start_game(service, level="medium", first=first)).game
    reply = await start_game(service, level="perfect", size=4)
    assert reply.replaced is not None and reply.replaced.id == old.id
    assert reply.replaced.status is Status.EXPIRED and reply.replaced.winner is None
    assert await service.get(old.id) == reply.replaced
    assert (await service.active_game(CHANNEL)) == reply.game
    assert (reply.game.level, reply.game.size) == ("perfect", 4)
    assert describe_set_aside(reply) == SET_ASIDE
    assert (await service.standings.stats(member_id=ALICE)).total == Record()
    assert await service.expire_idle() == []  # told by the reply, never announced as expired
    # The old game's board (a Discord button names its game) is over.
    with pytest.raises(GameOverError, match=r"^That game is over\.$"):
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0), game_id=old.id)


async def test_a_plain_start_replaces_nothing() -> None:
    reply = await start_game(make_service())
    assert reply.replaced is None and describe_set_aside(reply) == ""


async def test_once_the_member_moved_start_still_refuses() -> None:
    service = make_service()
    await started_game(service)
    with pytest.raises(GameRunningError, match="You already have a game running here"):
        await start_game(service)


async def test_nobody_sets_aside_another_members_game() -> None:
    service = make_service()
    alices = (await start_game(service)).game
    with pytest.raises(GameRunningError, match="alice is already playing here"):
        await start_game(service, member=BOB)
    assert (await service.active_game(CHANNEL)) == alices


@pytest.mark.parametrize("first", ["me", "bot"])
async def test_resigning_before_moving_is_not_a_loss(first: str) -> None:
    service = make_service()
    game = (await start_game(service, first=first)).game
    ended = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    assert ended.id == game.id
    assert ended.status is Status.EXPIRED and ended.winner is None
    assert status_line(ended) == "This game ended before alice moved, so it does not count."
    assert (await service.standings.stats(member_id=ALICE)).total == Record()
    assert await service.standings.leaderboard(guild_id=GUILD) == []
    assert await service.expire_idle() == []


async def test_resigning_after_a_move_is_still_a_loss() -> None:
    service = make_service()
    await started_game(service)
    ended = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    assert ended.status is Status.RESIGNED
    assert (await service.standings.stats(member_id=ALICE)).total == Record(0, 1, 0)


async def test_a_game_between_members_has_started_once_either_moved() -> None:
    store = SqliteGameStore(":memory:")
    await store.insert(member_vs_member())
    service = make_service(store=store)
    ended = await service.resign(channel_id=CHANNEL, member_id=BOB)
    assert status_line(ended) == "This game ended before anyone moved, so it does not count."
    await store.insert(member_vs_member())  # behind the service's back: the store is the truth
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))
    resigned = await service.resign(channel_id=CHANNEL, member_id=BOB)  # alice moved: a loss
    assert resigned.status is Status.RESIGNED
    assert (await service.standings.stats(member_id=BOB)).total == Record(0, 1, 0)


async def test_a_start_refused_because_another_process_started_first_sets_nothing_aside(
    tmp_path: Path,
) -> None:
    """Two processes on one file start over alice's offer at once: the one that saves first
    sets it aside and starts; the other is refused and has written nothing (setting the
    offer aside and the new game are one transaction)."""
    path = tmp_path / "shared.db"
    parked, release = asyncio.Event(), asyncio.Event()

    class ParkedStore(SqliteGameStore):
        async def insert(self, game: Game, **options: Any) -> Game:
            parked.set()
            await release.wait()  # the channel was read; the other process runs now
            return await super().insert(game, **options)

    here = make_service(store=ParkedStore(path))
    there = make_service(path)
    offer = (await start_game(there, level="easy")).game
    late = asyncio.create_task(start_game(here, level="hard"))
    await parked.wait()
    first = await start_game(there, level="medium")
    release.set()
    with pytest.raises(GameChangedError):
        await late
    assert first.replaced == replace(offer, status=Status.EXPIRED, version=1)
    assert await there.get(offer.id) == first.replaced
    assert await there.active_game(CHANNEL) == first.game
    await here.close()
    await there.close()
