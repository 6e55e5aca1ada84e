"""GameService rules: starting, moving (with the bot's immediate answer), resigning, showing,
hints, and every error a player can run into, with the sentence they read."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from games_helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    FakeClock,
    assert_consistent,
    first_free,
    make_service,
    member_vs_member,
    start_game,
    started_game,
)

from bot.engine import Move, Player, Value
from bot.engine.classic import LEVELS
from bot.games import (
    BOT_NAME,
    CellTakenError,
    Game,
    GameError,
    GameOverError,
    GameRunningError,
    InvalidOptionError,
    NoGameError,
    NotYourGameError,
    NotYourTurnError,
    OffBoardError,
    Seat,
    Status,
    StorageError,
)
from bot.storage import SqliteGameStore


async def test_member_first_plays_x_and_nothing_is_played_yet() -> None:
    service = make_service()
    reply = await start_game(service)
    game = reply.game
    assert (reply.member_move, reply.bot_move) == (None, None)
    assert game.x == Seat(ALICE, "alice") and game.o == Seat(None, BOT_NAME)
    assert game.moves == () and game.status is Status.ACTIVE and game.is_active
    assert game.to_move_seat == game.member == Seat(ALICE, "alice")
    assert (game.level, game.size, game.first, game.guild_id) == ("perfect", 3, "me", GUILD)
    assert game.id > 0 and game.created_at == game.updated_at


async def test_bot_first_plays_x_and_opens_within_start() -> None:
    service = make_service()
    reply = await start_game(service, guild=None, first="bot")
    game = reply.game
    assert game.x.is_bot and game.o == Seat(ALICE, "alice")
    assert reply.bot_move is not None and game.moves == (reply.bot_move,)
    assert game.position.at(reply.bot_move) is Player.X
    assert game.to_move_seat == game.member


async def test_random_first_uses_the_services_rng() -> None:
    firsts = set()
    for seed in range(12):
        service = make_service(seed=seed)
        game = (await start_game(service, first="random")).game
        expected_bot_first = random.Random(seed).random() < 0.5
        assert game.x.is_bot is expected_bot_first
        assert game.first == "random"
        firsts.add(game.x.is_bot)
    assert firsts == {True, False}


async def test_options_are_normalised_and_size_four_works() -> None:
    service = make_service()
    game = (await start_game(service, level=" Easy ", first="ME", size=4)).game
    assert (game.level, game.first, game.size, game.k) == ("easy", "me", 4, 4)
    assert game.position.size == 4 and game.position.k == 4


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (
            {"level": "expert"},
            "There is no level 'expert'. Choose one of: " + ", ".join((*LEVELS, "adaptive")),
        ),
        ({"first": "you"}, "Who goes first must be me, bot or random, not 'you'."),
        ({"size": 6}, "The board size must be 3, 4 or 5, not '6'."),
        ({"size": "big"}, "The board size must be 3, 4 or 5, not 'big'."),
    ],
)
async def test_invalid_options_say_what_is_allowed(options: dict[str, object], says: str) -> None:
    service = make_service()
    with pytest.raises(InvalidOptionError) as caught:
        await start_game(service, **options)
    assert str(caught.value).startswith(says)
    with pytest.raises(NoGameError):
        await service.active_game(CHANNEL)


async def test_second_start_names_who_is_playing_and_since_when() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    await started_game(service)
    clock.advance(180)
    with pytest.raises(GameRunningError) as caught:
        await start_game(service, member=BOB)
    assert str(caught.value) == (
        "alice is already playing here (started 3 minutes ago). Wait until that game is over."
    )
    with pytest.raises(GameRunningError) as caught:
        await start_game(service)
    assert str(caught.value) == (  # which game: its level and board, as its title says
        "You already have a game running here (perfect, 3x3, started 3 minutes ago). Finish or "
        "resign that game first."
    )
    # Another channel is free.
    other = await start_game(service, channel=CHANNEL + 1, member=BOB)
    assert other.game.channel_id == CHANNEL + 1


async def test_move_gets_the_bots_answer_at_once() -> None:
    service = make_service()
    await start_game(service)
    reply = await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    assert reply.member_move == Move(1, 1)
    assert reply.bot_move is not None and reply.bot_move != Move(1, 1)
    game = reply.game
    assert game.moves == (Move(1, 1), reply.bot_move)
    assert game.position.at(Move(1, 1)) is Player.X
    assert game.position.at(reply.bot_move) is Player.O
    assert game.to_move_seat == game.member
    assert game == await service.active_game(CHANNEL)


async def test_member_win_ends_without_a_bot_move() -> None:
    service = make_service(bot=first_free)
    await start_game(service)
    # bot answers (0,0), (0,1): alice completes the middle row.
    for cell in (Move(1, 1), Move(1, 0)):
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=cell)
    reply = await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 2))
    assert reply.bot_move is None
    assert reply.game.status is Status.WON and reply.game.winner is Player.X
    assert reply.game.to_move_seat is None and not reply.game.is_active
    assert_consistent(reply.game)
    with pytest.raises(NoGameError):
        await service.active_game(CHANNEL)


async def test_bot_win_is_a_loss() -> None:
    service = make_service(bot=first_free)
    await start_game(service)
    for cell in (Move(2, 2), Move(2, 1)):
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=cell)
    reply = await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    assert reply.bot_move == Move(0, 2)
    assert reply.game.status is Status.LOST and reply.game.winner is Player.O
    assert_consistent(reply.game)


async def test_perfect_play_from_both_sides_is_a_draw() -> None:
    service = make_service()
    await start_game(service)
    game = await service.active_game(CHANNEL)
    while game.is_active:
        hint = await service.hint(channel_id=CHANNEL, member_id=ALICE)
        assert hint.game == game and hint.analysis.board == game.position
        assert hint.analysis.value is Value.DRAW
        reply = await service.move(
            channel_id=CHANNEL, member_id=ALICE, move=hint.analysis.best_moves[0]
        )
        game = reply.game
    assert game.status is Status.DRAWN and game.winner is None
    assert len(game.moves) == 9
    assert_consistent(game)


async def test_cell_errors_keep_the_engines_sentence() -> None:
    service = make_service()
    await start_game(service)
    reply = await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))
    assert reply.bot_move is not None
    before = await service.active_game(CHANNEL)
    for taken in (Move(0, 0), reply.bot_move):
        with pytest.raises(CellTakenError) as caught:
            await service.move(channel_id=CHANNEL, member_id=ALICE, move=taken)
        assert str(caught.value) == f"{str(taken).capitalize()} is already taken."
    with pytest.raises(OffBoardError) as off:
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(3, 0))
    assert str(off.value) == ("Row 4, column 1 is off the board: rows and columns go from 1 to 3.")
    assert await service.active_game(CHANNEL) == before  # nothing changed


async def test_strangers_cannot_play_hint_or_resign() -> None:
    service = make_service()
    await start_game(service)
    says = "This is alice's game; you can start your own here once it is over."
    with pytest.raises(NotYourGameError, match=says):
        await service.move(channel_id=CHANNEL, member_id=BOB, move=Move(0, 0))
    with pytest.raises(NotYourGameError, match=says):
        await service.hint(channel_id=CHANNEL, member_id=BOB)
    with pytest.raises(NotYourGameError, match=says):
        await service.resign(channel_id=CHANNEL, member_id=BOB)
    assert (await service.active_game(CHANNEL)).moves == ()


async def test_no_game_errors() -> None:
    service = make_service()
    message = "There is no game running here. Start one with start."
    with pytest.raises(NoGameError, match=message):
        await service.active_game(CHANNEL)
    with pytest.raises(NoGameError, match=message):
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))
    with pytest.raises(NoGameError, match=message):
        await service.resign(channel_id=CHANNEL, member_id=ALICE)
    with pytest.raises(NoGameError, match=message):
        await service.hint(channel_id=CHANNEL, member_id=ALICE)


async def test_resign_counts_as_the_other_side_winning() -> None:
    service = make_service()
    game = (await started_game(service)).game
    resigned = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    assert resigned.id == game.id
    assert resigned.status is Status.RESIGNED and resigned.winner is Player.O
    assert not resigned.is_active and resigned.to_move_seat is None
    assert await service.get(game.id) == resigned
    with pytest.raises(NoGameError):
        await service.resign(channel_id=CHANNEL, member_id=ALICE)
    # The channel is free again.
    assert (await start_game(service)).game.id != game.id


async def test_a_click_on_an_old_board_is_game_over() -> None:
    service = make_service()
    old = (await start_game(service)).game
    await service.resign(channel_id=CHANNEL, member_id=ALICE)
    with pytest.raises(GameOverError, match=r"^That game is over\.$"):
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0), game_id=old.id)
    new = (await start_game(service)).game
    with pytest.raises(GameOverError, match=r"^That game is over\.$"):
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0), game_id=old.id)
    reply = await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0), game_id=new.id)
    assert reply.member_move == Move(0, 0)


async def test_get_and_attach_message() -> None:
    service = make_service()
    game = (await start_game(service)).game
    assert await service.get(game.id) == game
    assert await service.get(game.id + 1000) is None
    await service.boards.attach(game.id, 555)
    assert (await service.active_game(CHANNEL)).message_id == 555
    reply = await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    assert reply.game.message_id == 555  # later saves keep it
    finished = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    await service.boards.attach(finished.id, 777)  # finished games can be re-pointed too
    stored = await service.get(finished.id)
    assert stored is not None and stored.message_id == 777
    with pytest.raises(NoGameError, match=r"^There is no game #999\.$"):
        await service.boards.attach(999, 1)


async def test_member_vs_member_turns_are_enforced_and_nobody_plays_for_them() -> None:
    store = SqliteGameStore(":memory:")
    await store.insert(member_vs_member())
    service = make_service(store=store)
    with pytest.raises(NotYourTurnError, match=r"^It is not your turn: wait for alice to move\.$"):
        await service.move(channel_id=CHANNEL, member_id=BOB, move=Move(0, 0))
    reply = await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))
    assert reply.bot_move is None and reply.game.to_move_seat == Seat(BOB, "bob")
    with pytest.raises(NotYourTurnError, match="wait for bob to move"):
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    with pytest.raises(GameError, match=r"^Hints are not available in a duel"):
        await service.hint(channel_id=CHANNEL, member_id=ALICE)
    reply = await service.move(channel_id=CHANNEL, member_id=BOB, move=Move(1, 1))
    assert reply.game.moves == (Move(0, 0), Move(1, 1))
    with pytest.raises(NotYourGameError, match="This game is between alice and bob;"):
        await service.move(channel_id=CHANNEL, member_id=3, move=Move(2, 2))
    resigned = await service.resign(channel_id=CHANNEL, member_id=BOB)
    assert resigned.winner is Player.X


async def test_every_change_is_committed_before_the_reply(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    service = make_service(path)
    reply = await start_game(service)

    def saved() -> tuple[str, str]:
        with sqlite3.connect(path) as other:  # an independent reader sees only commits
            row = other.execute(
                "SELECT moves, status FROM games WHERE id = ?", (reply.game.id,)
            ).fetchone()
        return str(row[0]), str(row[1])

    assert saved() == ("", "active")
    reply = await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    assert reply.bot_move is not None
    bot_cell = reply.bot_move.row * 3 + reply.bot_move.col
    assert saved() == (f"4,{bot_cell}", "active")
    await service.resign(channel_id=CHANNEL, member_id=ALICE)
    assert saved() == (f"4,{bot_cell}", "resigned")
    await service.close()


async def test_a_failed_save_changes_nothing_in_memory() -> None:
    store = SqliteGameStore(":memory:")
    service = make_service(store=store)
    await start_game(service)
    before = await service.active_game(CHANNEL)

    async def broken(game: Game, **options: object) -> None:
        raise StorageError("Could not save to the game database: disk I/O error.")

    store.update = broken  # type: ignore[method-assign]
    with pytest.raises(StorageError):
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    assert await service.active_game(CHANNEL) == before


async def test_closed_service_says_so() -> None:
    service = make_service()
    await service.close()
    await service.close()  # idempotent
    with pytest.raises(StorageError, match="closed"):
        await service.active_game(CHANNEL)


def test_game_rejects_an_impossible_history() -> None:
    game = member_vs_member()
    with pytest.raises(ValueError, match=r"already taken"):
        replace(game, moves=(Move(0, 0), Move(0, 0)))


async def test_who_is_playing_is_counted_not_guessed_from_names() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    await start_game(service, name="Tom and Jerry")
    with pytest.raises(GameRunningError, match=r"^Tom and Jerry is already playing here \("):
        await start_game(service, member=BOB)

    store = SqliteGameStore(":memory:")
    await store.insert(member_vs_member(CHANNEL + 1))
    service = make_service(store=store, clock=clock, idle_timeout=60)
    with pytest.raises(GameRunningError, match=r"^alice and bob are already playing here \("):
        await start_game(service, channel=CHANNEL + 1, member=3, name="cy")
    clock.advance(60)
    with pytest.raises(NoGameError, match=r"^The game here \(alice and bob\) expired after 1 m"):
        await service.active_game(CHANNEL + 1)
