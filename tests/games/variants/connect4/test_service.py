"""Connect Four through GameService, on SQLite and on PostgreSQL: a game against the bot's real
levels played to its end (each answer a disc that lands where the engine drops it), counted as
its own kind; a duel and its Connect Four rating; the adaptive level at the stored rating and
its record and solo rating after the game; a restart (a new store on the same database) that
keeps a running game and its kind; hints, explanations and the review of a finished game."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from games_helpers import ALICE, BOB, CHANNEL, GUILD, FakeClock, assert_consistent, plays

from bot.engine import Move, Player, Value
from bot.engine.connect4 import LEVEL_RATINGS, Connect4Board
from bot.engine.connect4 import adaptive as connect4_adaptive
from bot.engine.position import Position
from bot.engine.ratings import ADAPTIVE, START_RATING, AdaptiveRecord
from bot.games import GameError, GameService, MoveReply, Rating, Record, Seat, Status
from bot.games.errors import TooEarlyToSolveError
from bot.games.models import Game
from bot.games.render.boards import status_line
from bot.games.render.history import render_history
from bot.games.review import Turn
from bot.games.solo import member_score, rated
from bot.games.store import GameStore
from bot.games.variants.connect4 import CONNECT4, Connect4Explained, Connect4Hint
from bot.games.variants.connect4 import variant as connect4_variant
from bot.storage import SqliteGameStore
from tests.games.variants.connect4.connect4_games import dropped, scripted

Opener = Callable[[], Awaitable[GameStore]]
Chooser = Callable[[Position, str, random.Random, float | None], Move]
SIZE = 7
BOT_WINS = "5357345575312464435436174631672716"  # alice (X) against the bot: O wins, column 6
WON = "443574124251376221334422561713"  # alice (X) to move and win in 3 of her moves




async def open_service(
    opener: Opener, services: list[GameService], chooser: Chooser | None = None, seed: int = 1
) -> GameService:
    service = GameService(
        await opener(), clock=FakeClock(), rng=random.Random(seed), choose_move=chooser
    )
    services.append(service)
    return service


async def start(service: GameService, *, channel: int = CHANNEL, **options: object) -> MoveReply:
    return await service.start(
        channel_id=channel, guild_id=GUILD, member_id=ALICE, member_name="alice",
        **{"game": "connect4", "first": "me", "level": "easy", **options},  # type: ignore[arg-type]
    )  # fmt: skip


async def play_out(
    service: GameService, game: Game, rng: random.Random, *, channel: int = CHANNEL
) -> Game:
    """alice drops her discs in random open columns until the game ends; each of the bot's
    answers is the cell its disc lands in, in the position her move left."""
    while game.is_active:
        board = game.position
        assert isinstance(board, Connect4Board)
        move = board.landing(rng.choice(board.legal_columns))
        reply = await service.move(channel_id=channel, member_id=ALICE, move=move)
        after = board.play(move)
        assert reply.member_move == move
        if reply.bot_move is not None:
            assert reply.bot_move == after.landing(reply.bot_move.col)
            after = after.play(reply.bot_move)
        else:
            assert after.is_over
        game = reply.game
        assert game.position == after
    return game


# -- against the bot ----------------------------------------------------------------------------


async def test_a_game_against_the_bot_plays_to_its_end_and_counts_as_connect4(
    opener: Opener, services: list[GameService]
) -> None:
    service = await open_service(opener, services)  # the variant's own engine
    reply = await start(service)
    game = reply.game
    assert (game.kind, game.level, game.size, game.moves) == ("connect4", "easy", SIZE, ())
    game = await play_out(service, game, random.Random(3))
    assert game.status in (Status.WON, Status.LOST, Status.DRAWN)
    assert_consistent(game)
    stats = await service.standings.stats(member_id=ALICE, guild_id=GUILD)
    record = stats.by_size[("connect4", "easy", SIZE)]
    assert record.games == 1 and stats.by_level["connect4 easy"] == record
    assert stats.by_level["easy"] == Record()  # classic's easy: untouched
    score = member_score(game)
    assert stats.solo == {SIZE: rated(Rating(), score, LEVEL_RATINGS["easy"])}
    board = await service.standings.leaderboard(guild_id=GUILD, game="c4")
    assert [(entry.member_id, entry.record) for entry in board] == [(ALICE, record)]
    assert await service.standings.leaderboard(guild_id=GUILD) == []  # classic's board
    page = await service.history.page(member_id=ALICE)
    assert " Connect Four easy, against the bot: " in render_history(page)


async def test_the_bot_opens_with_a_disc_on_the_bottom_row(
    opener: Opener, services: list[GameService]
) -> None:
    service = await open_service(opener, services)
    reply = await start(service, first="bot", level="medium")
    assert reply.bot_move is not None and reply.bot_move.row == 5
    assert reply.game.x.is_bot and reply.game.moves == (reply.bot_move,)


async def test_a_restart_keeps_the_running_game_and_its_kind(
    opener: Opener, services: list[GameService]
) -> None:
    first = await open_service(opener, services, plays(scripted("4455")))
    await start(first, level="hard")
    before = (await first.move(channel_id=CHANNEL, member_id=ALICE, move=Move(5, 3))).game
    assert before.moves == dropped("44")
    await first.close()
    again = await open_service(opener, services, plays(scripted("4455")))
    game = await again.active_game(CHANNEL)
    assert game == before and game.variant is CONNECT4 and game.kind == "connect4"
    assert game.position == Connect4Board.from_notation("44")
    reply = await again.move(channel_id=CHANNEL, member_id=ALICE, move=Move(5, 4))
    assert reply.game.moves == dropped("4455")
    with pytest.raises(GameError, match=r"^Column 8 is off the board"):
        await again.move(channel_id=CHANNEL, member_id=ALICE, move=Move(5, 7))


# -- duels ----------------------------------------------------------------------------------------


async def test_a_duel_of_connect4_is_played_and_rated_as_its_own_kind(
    opener: Opener, services: list[GameService]
) -> None:
    service = await open_service(opener, services)
    challenge = await service.duels.challenge(
        channel_id=CHANNEL, guild_id=GUILD, challenger=Seat(ALICE, "alice"),
        opponent=Seat(BOB, "bob"), first="challenger", game="connect-four",
    )  # fmt: skip
    assert challenge.kind == "connect4" and challenge.size == SIZE
    game = await service.duels.accept(challenge_id=challenge.id, member_id=BOB)
    assert (game.kind, game.is_duel, game.x.member_id, game.o.member_id) == (
        "connect4", True, ALICE, BOB
    )
    with pytest.raises(GameError, match=r"^It is not your turn: wait for alice"):
        await service.move(channel_id=CHANNEL, member_id=BOB, move=Move(5, 0))
    for number, move in enumerate(dropped("1122334")):
        member = ALICE if number % 2 == 0 else BOB
        with pytest.raises(GameError, match=r"^Hints are not available in a duel"):
            await service.hint(channel_id=CHANNEL, member_id=member)
        reply = await service.move(channel_id=CHANNEL, member_id=member, move=move)
        assert reply.bot_move is None
    game = reply.game
    assert (game.status, game.winner) == (Status.WON, Player.X)
    assert status_line(game, plain=True) == "alice wins - four in a row."
    alice = await service.standings.stats(member_id=ALICE, guild_id=GUILD)
    assert alice.duels_by_size == {("connect4", SIZE): Record(1, 0, 0)}
    assert alice.ratings == {"connect4": Rating(1216, 1)}  # classic's rating: untouched
    board = await service.standings.duel_leaderboard(guild_id=GUILD, game="connect4")
    assert [(entry.name, entry.rating) for entry in board] == [("alice", 1216), ("bob", 1184)]
    assert await service.standings.duel_leaderboard(guild_id=GUILD) == []


# -- adaptive -------------------------------------------------------------------------------------


class Watched:
    """Connect Four's own adaptive level, noting the rating it was asked to play at."""

    def __init__(self) -> None:
        self.ratings: list[float] = []

    def __call__(
        self, position: Position, level: str, rng: random.Random, rating: float | None
    ) -> Move:
        if level == ADAPTIVE:
            assert rating is not None
            self.ratings.append(rating)
        return CONNECT4.choose_move(position, level, rng, rating)


async def test_an_adaptive_game_plays_at_the_stored_rating_and_moves_it_across_a_restart(
    opener: Opener, services: list[GameService]
) -> None:
    watched = Watched()
    first = await open_service(opener, services, watched)
    game = await play_out(first, (await start(first, level=ADAPTIVE)).game, random.Random(5))
    assert game.level == ADAPTIVE and not game.is_active
    assert set(watched.ratings) == {START_RATING}  # a first game: the middle rating
    score, played_at = member_score(game), connect4_adaptive.playing_rating(START_RATING)
    record = AdaptiveRecord().against(score, played_at)
    stats = await first.standings.stats(member_id=ALICE, guild_id=GUILD)
    assert stats.solo == {SIZE: rated(Rating(), score, played_at)}
    assert stats.by_level["connect4 adaptive"].games == 1
    await first.close()

    again = Watched()  # a restart: a new service on the same database
    second = await open_service(opener, services, again, seed=2)
    reply = await start(second, level=ADAPTIVE, channel=CHANNEL + 1)
    await second.move(channel_id=CHANNEL + 1, member_id=ALICE, move=Move(5, 3))
    assert set(again.ratings) == {record.rating} and record.rating != START_RATING
    resigned = await second.resign(channel_id=CHANNEL + 1, member_id=ALICE)
    assert resigned.status is Status.RESIGNED and reply.game.kind == "connect4"
    second_at = connect4_adaptive.playing_rating(record.rating)
    stats = await second.standings.stats(member_id=ALICE, guild_id=GUILD)
    assert stats.solo == {SIZE: rated(rated(Rating(), score, played_at), 0.0, second_at)}
    assert stats.by_level["connect4 adaptive"].games == 2
    store = await opener()
    try:
        assert await store.adaptive_record(ALICE, "connect4", SIZE) == record.against(
            0.0, second_at
        )
        for kind, size in (("classic", 3), ("ultimate", 9)):  # the other kinds: untouched
            assert await store.adaptive_record(ALICE, kind, size) == AdaptiveRecord()
    finally:
        await store.close()


# -- hints, explanations, reviews -----------------------------------------------------------------


async def test_a_hint_on_a_late_position_and_the_review_and_explanation_of_the_finished_game(
    database_file: Path, services: list[GameService]
) -> None:
    async def sqlite() -> GameStore:
        return SqliteGameStore(database_file)

    service = await open_service(sqlite, services, plays(scripted(WON + "75757")))
    await start(service, level="hard")
    for move in dropped(WON)[::2]:
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=move)
    hint = await service.hint(channel_id=CHANNEL, member_id=ALICE)
    assert isinstance(hint, Connect4Hint) and hint.value is Value.WIN
    best = CONNECT4.renderer.hint(hint).splitlines()[1]
    assert best == "Best: column 5 — wins in 3 of your moves."
    running = await service.explain(channel_id=CHANNEL, member_id=ALICE)
    assert isinstance(running, Connect4Explained) and not running.played
    assert running.move == hint.columns[0].move

    service = await open_service(sqlite, services, plays(scripted(BOT_WINS)), seed=2)
    await service.resign(channel_id=CHANNEL, member_id=ALICE)
    await start(service, level="hard")
    for move in dropped(BOT_WINS)[::2]:
        reply = await service.move(channel_id=CHANNEL, member_id=ALICE, move=move)
    game = reply.game
    assert (game.status, game.winner, game.moves) == (Status.LOST, Player.O, dropped(BOT_WINS))
    explained = await service.explain(channel_id=CHANNEL, member_id=ALICE)
    assert isinstance(explained, Connect4Explained)
    assert explained.played and explained.move == game.moves[-1]
    assert (explained.explained.value, explained.explained.plies) == (Value.WIN, 1)
    review = await service.history.review(member_id=ALICE)
    assert review.game.id == game.id and review.loser is Player.X
    assert review.turn is Turn.UNPROVEN and len(review.moves) == len(BOT_WINS)


async def test_an_opening_hint_through_the_service_is_an_estimate(
    monkeypatch: pytest.MonkeyPatch, services: list[GameService]
) -> None:
    monkeypatch.setattr(connect4_variant, "ANSWER_SECONDS", 0.05)

    async def memory() -> GameStore:
        return SqliteGameStore(":memory:")

    service = await open_service(memory, services, plays(scripted("44")))
    await start(service)
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(5, 3))
    with pytest.raises(TooEarlyToSolveError, match=r"My pick, an estimate: column [1-7]\.$"):
        await service.hint(channel_id=CHANNEL, member_id=ALICE)
