"""The adaptive level and solo ratings in the game layer: the level plays at the member's
stored rating, each finished game moves the record and the solo rating once, on SQLite and
PostgreSQL, across a restart; on ultimate it moves the member's ultimate record (size 9) and
nothing else."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from games_helpers import ALICE, BOB, CHANNEL, GUILD, FakeClock, first_free, make_service

from bot.engine import Move
from bot.engine.classic import LEVEL_RATINGS, Board, adaptive_move, choose_move, playing_rating
from bot.engine.classic.adaptive import record_after
from bot.engine.position import Position
from bot.engine.ratings import ADAPTIVE, START_RATING, AdaptiveRecord
from bot.games import GameError, GameService, InvalidOptionError, Rating, Status
from bot.games.models import Game, SoloEntry
from bot.games.solo import member_score, rated
from bot.games.store import GameStore
from bot.games.variants.ultimate import GRID, ULTIMATE
from bot.storage import SqliteGameStore

Opener = Callable[[], Awaitable[GameStore]]



class Watched:
    """The real adaptive level, noting the rating it was asked to play at."""

    def __init__(self) -> None:
        self.ratings: list[float] = []

    def __call__(self, board: Board, rating: float, rng: random.Random) -> Move:
        self.ratings.append(rating)
        return adaptive_move(board, rating, rng)


def service_on(store: GameStore, watched: Watched, seed: int = 3) -> GameService:
    def choose(board: Board, level: str, rng: random.Random, rating: float | None) -> Move:
        if level == ADAPTIVE:  # the adaptive level, watched; the others as they play
            assert rating is not None
            return watched(board, rating, rng)
        return choose_move(board, level, rng)

    return GameService(store, clock=FakeClock(), rng=random.Random(seed), choose_move=choose)



async def play_out(
    service: GameService, *, level: str, channel: int = CHANNEL, member: int = ALICE, size: int = 3
) -> Game:
    """The member starts a game and plays the first free cell each turn until it ends."""
    reply = await service.start(
        channel_id=channel,
        guild_id=GUILD,
        member_id=member,
        member_name={ALICE: "alice", BOB: "bob"}.get(member, f"m{member}"),
        level=level,
        first="me",
        size=size,
    )
    game = reply.game
    while game.is_active:
        move = first_free(game.position, level, random.Random())
        game = (await service.move(channel_id=channel, member_id=member, move=move)).game
    return game


async def test_an_adaptive_game_plays_at_the_stored_rating_and_moves_it_across_a_restart(
    opener: Opener, services: list[GameService]
) -> None:
    watched = Watched()
    first = service_on(await opener(), watched)
    services.append(first)
    game = await play_out(first, level="adaptive")
    assert game.level == "adaptive" and game.status in (Status.WON, Status.LOST, Status.DRAWN)
    assert set(watched.ratings) == {START_RATING}  # a member's first game: the middle rating
    record = record_after(AdaptiveRecord(), member_score(game), 3)
    solo = await first.standings.stats(member_id=ALICE, guild_id=GUILD)
    assert solo.solo == {3: rated(Rating(), member_score(game), playing_rating(START_RATING, 3))}
    await first.close()

    again = Watched()  # a restart: a new service on the same database
    second = service_on(await opener(), again, seed=4)
    services.append(second)
    await play_out(second, level="adaptive", channel=CHANNEL + 1)
    assert set(again.ratings) == {record.rating}
    assert (await second.standings.stats(member_id=ALICE, guild_id=GUILD)).solo[3].games == 2


async def test_a_finish_sent_by_two_processes_at_once_counts_once(tmp_path: Path) -> None:
    a = service_on(SqliteGameStore(tmp_path / "g.db"), Watched())
    b = service_on(SqliteGameStore(tmp_path / "g.db"), Watched())
    try:
        await a.start(
            channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice",
            level="adaptive", first="me",
        )  # fmt: skip
        await a.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
        results = await asyncio.gather(
            a.resign(channel_id=CHANNEL, member_id=ALICE),
            b.resign(channel_id=CHANNEL, member_id=ALICE),
            return_exceptions=True,
        )
        assert sum(isinstance(result, Game) for result in results) == 1
        assert all(isinstance(result, Game | GameError) for result in results)
        stats = await b.standings.stats(member_id=ALICE, guild_id=GUILD)
        assert stats.solo[3].games == 1 and stats.by_level["adaptive"].losses == 1
        watched = Watched()
        c = service_on(SqliteGameStore(tmp_path / "g.db"), watched)
        await play_out(c, level="adaptive", channel=CHANNEL + 1)
        await c.close()
        assert set(watched.ratings) == {record_after(AdaptiveRecord(), 0.0, 3).rating}
    finally:
        await a.close()
        await b.close()


async def test_resigning_an_adaptive_game_is_a_loss_for_the_record() -> None:
    service = make_service()
    await service.start(
        channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice",
        level="adaptive", first="me", size=4,
    )  # fmt: skip
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))
    game = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    assert game.status is Status.RESIGNED
    stats = await service.standings.stats(member_id=ALICE, guild_id=GUILD)
    assert stats.solo == {4: rated(Rating(), 0.0, playing_rating(START_RATING, 4))}
    assert stats.by_level["adaptive"].losses == 1


def test_the_ultimate_variant_offers_adaptive_at_the_members_rating() -> None:
    assert ULTIMATE.levels[-1] == ADAPTIVE and ULTIMATE.check_level(" Adaptive ") == ADAPTIVE
    assert ULTIMATE.rated(ADAPTIVE) and not ULTIMATE.rated("hard")
    assert ULTIMATE.counts_solo(GRID) is False  # its levels are not rated: no solo rating
    assert ULTIMATE.playing_rating(START_RATING, GRID) == START_RATING
    with pytest.raises(ValueError, match="needs the member's rating"):
        ULTIMATE.choose_move(ULTIMATE.start_position(GRID), ADAPTIVE, random.Random(1), None)


async def test_an_adaptive_ultimate_game_moves_the_ultimate_record_and_no_classic_one(
    tmp_path: Path,
) -> None:
    store = SqliteGameStore(tmp_path / "games.db")
    asked: list[float | None] = []

    def choose(position: Position, level: str, rng: random.Random, rating: float | None) -> Move:
        asked.append(rating)  # ultimate's own adaptive level, at the rating it is given
        return ULTIMATE.choose_move(position, level, rng, rating)

    service = GameService(store, clock=FakeClock(), rng=random.Random(5), choose_move=choose)
    try:
        for channel in (CHANNEL, CHANNEL + 1):
            reply = await service.start(
                channel_id=channel, guild_id=GUILD, member_id=ALICE, member_name="alice",
                level="adaptive", game="ultimate", first="me",
            )  # fmt: skip
            assert reply.game.level == "adaptive" and reply.game.kind == "ultimate"
            move = reply.game.position.legal_moves[0]
            await service.move(channel_id=channel, member_id=ALICE, move=move)
            game = await service.resign(channel_id=channel, member_id=ALICE)
            assert game.status is Status.RESIGNED
        first = AdaptiveRecord().against(0.0, ULTIMATE.playing_rating(START_RATING, GRID))
        second = first.against(0.0, ULTIMATE.playing_rating(first.rating, GRID))
        assert asked == [START_RATING, first.rating]  # the stored record, game after game
        assert await store.adaptive_record(ALICE, "ultimate", GRID) == second
        for size in (3, 4, 5):  # the classic sizes' records and solo ratings: untouched
            assert await store.adaptive_record(ALICE, "classic", size) == AdaptiveRecord()
        stats = await service.standings.stats(member_id=ALICE, guild_id=GUILD)
        assert stats.solo == {}  # ultimate has no solo rating
        assert stats.by_level["ultimate adaptive"].losses == 2
    finally:
        await service.close()


async def test_a_mistyped_level_lists_the_levels_of_each_kind() -> None:
    service = make_service()
    with pytest.raises(InvalidOptionError, match="Choose one of: easy, medium, hard, perfect, "):
        await service.start(
            channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice",
            level="adaptiv",
        )  # fmt: skip
    with pytest.raises(InvalidOptionError) as refused:
        await service.start(
            channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice",
            level="adaptiv", game="ultimate",
        )  # fmt: skip
    assert str(refused.value) == (
        "There is no level 'adaptiv' in ultimate tic-tac-toe. Choose one of: easy, medium, "
        "hard, strongest, adaptive."
    )


async def test_a_game_against_a_fixed_level_moves_the_solo_rating_by_elo() -> None:
    service = make_service(bot=first_free)
    game = await play_out(service, level="hard")
    stats = await service.standings.stats(member_id=ALICE, guild_id=GUILD)
    expected = rated(Rating(), member_score(game), LEVEL_RATINGS["hard", 3])
    assert stats.solo == {3: expected} and expected.rating != START_RATING
    assert (
        await service.standings.stats(member_id=ALICE, guild_id=None)
    ).solo == {}  # its own scope


async def test_the_solo_leaderboard_ranks_each_size_by_rating() -> None:
    service = make_service(bot=first_free)
    alice = await play_out(service, level="perfect")  # first free cells: X takes the top row
    bob = await play_out(service, level="easy", member=BOB, channel=CHANNEL + 1)
    carol = await play_out(service, level="easy", member=3, channel=CHANNEL + 2, size=4)
    board = await service.standings.solo_leaderboard(guild_id=GUILD)
    ratings = {
        game.member.member_id: rated(Rating(), member_score(game), LEVEL_RATINGS[lvl, game.size])
        for game, lvl in ((alice, "perfect"), (bob, "easy"), (carol, "easy"))
    }
    ranked = sorted((ALICE, BOB), key=lambda member: -ratings[member].rating)
    names = {ALICE: "alice", BOB: "bob", 3: "m3"}
    assert board == {
        3: [SoloEntry(m, names[m], ratings[m].rating, 1) for m in ranked],
        4: [SoloEntry(3, "m3", ratings[3].rating, 1)],
    }
    assert ratings[ALICE].rating > ratings[BOB].rating  # a win over perfect is worth more
    assert await service.standings.solo_leaderboard(guild_id=None) == {}
    with pytest.raises(InvalidOptionError):
        await service.standings.solo_leaderboard(guild_id=GUILD, limit=0)
