"""The daily server puzzle in the game layer (``service.puzzles.daily``): the setting's rules,
the day's post due from its hour and claimed once across services sharing one database
(SQLite and PostgreSQL, restarts included), solving it from the post, and the next post
revealing the previous one; and puzzles made from finished games."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from games_helpers import ALICE, BOB, CHANNEL, GUILD, FakeClock, make_service

from bot.engine import Move, Player
from bot.engine.classic.puzzles import puzzles_from_game, shipped
from bot.games import GameService, Seat, ShardSet
from bot.games.errors import SettingsError
from bot.games.models import Game, Status
from bot.games.puzzles.daily import DEFAULT_HOUR, STALE
from bot.games.puzzles.making import MADE_THROUGH, made_from
from bot.games.puzzles.models import MADE_FIRST_ID, DailySetting
from bot.games.puzzles.sentences import NoPuzzleError, PuzzleError
from bot.games.store import GameStore
from bot.games.variants.classic import CLASSIC
from bot.storage import SqliteGameStore
from bot.storage.postgres.store import PostgresGameStore

MORNING = datetime(2026, 3, 1, 8, 0, tzinfo=UTC)
OTHER_SERVER = GUILD + (1 << 22)  # shard 1 of 2 (GUILD is shard 0)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(MORNING)


@pytest.fixture
async def service(clock: FakeClock) -> AsyncIterator[GameService]:
    service = make_service(clock=clock)
    yield service
    await service.close()


async def test_the_setting_and_its_refusals(service: GameService) -> None:
    daily = service.puzzles.daily
    assert await daily.setting(GUILD) is None
    assert await daily.change(GUILD) is None  # nothing asked: as it is
    with pytest.raises(SettingsError, match="Name the channel"):
        await daily.change(GUILD, hour=9)
    with pytest.raises(SettingsError, match="not on this server"):
        await daily.change(GUILD, channel_id=CHANNEL, channel_guild_id=GUILD + 1)
    for bad in (24, -1, "nine", True):
        with pytest.raises(SettingsError, match="from 0 to 23"):
            await daily.change(GUILD, channel_id=CHANNEL, channel_guild_id=GUILD, hour=bad)
    assert await daily.setting(GUILD) is None  # refusals change nothing
    made = await daily.change(GUILD, channel_id=CHANNEL, channel_guild_id=GUILD)
    assert made == DailySetting(GUILD, CHANNEL, DEFAULT_HOUR)
    assert await daily.change(GUILD, hour="7") == DailySetting(GUILD, CHANNEL, 7)
    moved = await daily.change(GUILD, channel_id=CHANNEL + 1, channel_guild_id=GUILD)
    assert moved == DailySetting(GUILD, CHANNEL + 1, 7)  # the hour kept
    assert await daily.change(GUILD) == moved
    with pytest.raises(SettingsError, match="off alone"):
        await daily.change(GUILD, hour=3, off=True)
    assert await daily.change(GUILD, off=True) is None
    assert await daily.setting(GUILD) is None


async def test_the_post_is_due_from_its_hour_once_a_day(
    service: GameService, clock: FakeClock
) -> None:
    daily = service.puzzles.daily
    await daily.change(GUILD, channel_id=CHANNEL, channel_guild_id=GUILD, hour=9)
    assert await daily.due() == []  # 08:00
    clock.advance(3600)
    [plan] = await daily.due()
    assert (plan.post.guild_id, plan.post.day, plan.post.channel_id) == (
        GUILD,
        MORNING.date(),
        CHANNEL,
    )
    assert plan.post.message_id is None and plan.previous is None
    assert plan.puzzle.id == plan.post.puzzle_id
    assert await daily.due() == []  # claimed: due nowhere else
    await daily.posted(plan.post, 4242)
    clock.advance(STALE.total_seconds() * 3)
    assert await daily.due() == []  # posted: never again today
    post = await daily.post(GUILD, MORNING.date())
    assert post == replace(plan.post, message_id=4242)
    clock.advance(86_400)
    [tomorrow] = await daily.due()
    assert tomorrow.previous == post and tomorrow.previous_puzzle == plan.puzzle
    assert tomorrow.puzzle.id != plan.puzzle.id  # a server never gets a puzzle twice


async def test_a_claim_that_never_posted_is_taken_over_once_old(
    service: GameService, clock: FakeClock
) -> None:
    daily = service.puzzles.daily
    await daily.change(GUILD, channel_id=CHANNEL, channel_guild_id=GUILD, hour=8)
    [plan] = await daily.due()  # this process stops before posting
    clock.advance(STALE.total_seconds() - 1)
    assert await daily.due() == []
    clock.advance(2)
    [again] = await daily.due()
    assert again.post.puzzle_id == plan.post.puzzle_id  # the same puzzle, posted once


async def test_each_process_posts_only_for_its_own_shards(service: GameService) -> None:
    daily = service.puzzles.daily
    for guild in (GUILD, OTHER_SERVER):
        await daily.change(guild, channel_id=CHANNEL, channel_guild_id=guild, hour=0)
    shard_1 = await daily.due(shards=ShardSet(2, frozenset({1})))
    assert [plan.post.guild_id for plan in shard_1] == [OTHER_SERVER]
    shard_0 = await daily.due(shards=ShardSet(2, frozenset({0})))
    assert [plan.post.guild_id for plan in shard_0] == [GUILD]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[list[GameStore]]:
    """Four stores on one database, standing for four processes."""
    if request.param == "sqlite":
        opened: list[GameStore] = [SqliteGameStore(tmp_path / "shared.db") for _ in range(4)]
    else:
        url: str = request.getfixturevalue("postgres_url")
        opened = [await PostgresGameStore.open(url, pool_size=2) for _ in range(4)]
    yield opened
    for store in opened:
        await store.close()


async def test_processes_sweeping_at_once_make_one_post_per_server_per_day(
    stores: list[GameStore], clock: FakeClock
) -> None:
    services = [make_service(store=store, clock=clock) for store in stores]
    servers = [GUILD + n for n in range(5)]
    for guild in servers:
        await services[0].puzzles.daily.change(
            guild, channel_id=CHANNEL, channel_guild_id=guild, hour=8
        )
    plans = await asyncio.gather(*(service.puzzles.daily.due() for service in services))
    claimed = sorted(plan.post.guild_id for found in plans for plan in found)
    assert claimed == servers  # each server once, whichever process claimed it
    again = await asyncio.gather(*(service.puzzles.daily.due() for service in services))
    assert again == [[], [], [], []]


async def test_solving_the_days_puzzle_from_its_post(
    service: GameService, clock: FakeClock
) -> None:
    daily = service.puzzles.daily
    await daily.change(GUILD, channel_id=CHANNEL, channel_guild_id=GUILD, hour=8)
    [plan] = await daily.due()
    await daily.posted(plan.post, 77)
    day = plan.post.day

    async def click(member: int) -> object:
        return await daily.solve(
            guild_id=GUILD,
            day=day,
            member_id=member,
            member_name="alice" if member == ALICE else "bob",
            channel_id=CHANNEL,
        )

    reply = await click(ALICE)
    assert reply.attempt.daily == day and reply.puzzle == plan.puzzle and not reply.tried
    resumed = await click(ALICE)  # clicked again while it runs: shown again
    assert resumed.resumed and resumed.attempt == reply.attempt
    for move in plan.puzzle.solution[::2]:
        reply = await service.puzzles.move(member_id=ALICE, move=move)
    post = await daily.post(GUILD, day)
    assert post is not None and post.solvers == 1
    replay = await click(ALICE)  # tried already: a replay that counts for nothing
    assert replay.tried and replay.attempt.daily is None and not replay.attempt.rated
    for move in plan.puzzle.solution[::2]:
        await service.puzzles.move(member_id=ALICE, move=move)
    bob = await click(BOB)
    wrong = next(m for m in bob.board.legal_moves if m != plan.puzzle.first_move)
    await service.puzzles.move(member_id=BOB, move=wrong)
    post = await daily.post(GUILD, day)
    assert post is not None and post.solvers == 1  # alice's replay and bob's miss: no more
    clock.advance(86_400)
    old = await click(BOB)  # yesterday's post: a replay like any, never its count
    assert old.attempt.daily is None and not old.tried
    with pytest.raises(PuzzleError, match="no longer posted here"):
        await daily.solve(
            guild_id=GUILD + 1, day=day, member_id=ALICE, member_name="alice", channel_id=1
        )


async def test_a_restart_after_the_post_posts_nothing_more(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "games.db"
    first = make_service(path, clock=clock)
    await first.puzzles.daily.change(GUILD, channel_id=CHANNEL, channel_guild_id=GUILD, hour=8)
    [plan] = await first.puzzles.daily.due()
    await first.puzzles.daily.posted(plan.post, 5)
    await first.close()
    clock.advance(STALE.total_seconds() * 2)
    again = make_service(path, clock=clock)
    try:
        assert await again.puzzles.daily.due() == []
    finally:
        await again.close()


# -- puzzles made from finished games ----------------------------------------------------------


def four_by_four_win() -> Game:
    """A 4x4 game (two levels' plausible play, seed 110) the member won after the bot's
    blunder left them exactly one winning move, a position the shipped set does not hold."""
    cells = ((3, 1), (1, 2), (2, 3), (0, 0), (2, 2), (3, 0), (0, 1), (3, 3), (2, 1), (2, 0), (1, 1))
    moves = tuple(Move(row, col) for row, col in cells)
    return Game(
        id=0,
        channel_id=CHANNEL,
        guild_id=GUILD,
        x=Seat(ALICE, "alice"),
        o=Seat(None, "the bot"),
        level="easy",
        size=4,
        first="me",
        moves=moves,
        status=Status.WON,
        winner=Player.X,
        created_at=MORNING,
        updated_at=MORNING,
        variant=CLASSIC,
    )


def test_the_example_game_holds_puzzles() -> None:
    game = four_by_four_win()
    assert game.position.is_over and game.position.winner is not None
    assert puzzles_from_game(game.moves, 4)


async def test_puzzles_are_made_from_finished_games_once(clock: FakeClock) -> None:
    store = SqliteGameStore(":memory:")
    service = make_service(clock=clock, store=store)
    saved = await store.insert(four_by_four_win())
    small = replace(
        saved,
        size=3,
        moves=(Move(0, 0), Move(1, 1), Move(0, 1), Move(2, 2), Move(0, 2)),
        status=Status.WON,
        channel_id=CHANNEL + 1,
    )
    small = replace(small, winner=small.position.winner)
    await store.insert(small)  # 3x3: every puzzle is shipped already
    made = await service.puzzles.make_from_games(limit=10)
    expected = made_from([saved])
    assert made == len(expected) >= 1
    assert await store.bot_state(MADE_THROUGH) is not None
    assert await service.puzzles.make_from_games(limit=10) == 0  # nothing new since
    puzzle = await service.puzzles.catalogue.get(MADE_FIRST_ID)
    assert replace(puzzle, id=0) == expected[0].puzzle
    last_made = MADE_FIRST_ID + len(expected) - 1
    for number in (0, 889, last_made + 1):  # every refusal names the numbers there are
        with pytest.raises(NoPuzzleError) as raised:
            await service.puzzles.catalogue.get(number)
        assert str(raised.value) == (
            f"There is no puzzle #{number}: the puzzles are numbered 1 to 888, and "
            f"{MADE_FIRST_ID} to {last_made} for those made from finished games."
        )
    reply = await service.puzzles.serve(
        member_id=BOB, member_name="bob", guild_id=GUILD, channel_id=CHANNEL, number=puzzle.id
    )
    for move in puzzle.solution[::2]:
        reply = await service.puzzles.move(member_id=BOB, move=move)
    assert reply.finished is not None and reply.finished.after.solved == 1
    shipped_shapes = {p.position for p in shipped().of_size(4)}
    assert puzzle.position not in shipped_shapes
    await service.close()


async def test_one_server_failing_holds_back_no_other_servers_post(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Choosing one server's puzzle fails (here its solvers' leaderboard): that server is
    logged and left for the next round, and the other's post is claimed and planned."""
    daily = service.puzzles.daily
    for guild, channel in ((GUILD, CHANNEL), (GUILD + 1, CHANNEL + 1)):
        await daily.change(guild, channel_id=channel, channel_guild_id=guild, hour=9)
    leaderboard = service.puzzles.leaderboard

    async def failing(*, guild_id: int, limit: int = 10) -> Any:
        if guild_id == GUILD:
            raise RuntimeError("a bug in one server's data")
        return await leaderboard(guild_id=guild_id, limit=limit)

    monkeypatch.setattr(service.puzzles, "leaderboard", failing)
    clock.advance(3600)  # 09:00
    [plan] = await daily.due()
    assert plan.post.guild_id == GUILD + 1
    monkeypatch.undo()
    [later] = await daily.due()  # the failed one is still due, and nothing was claimed twice
    assert later.post.guild_id == GUILD
