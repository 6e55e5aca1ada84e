"""Value types: seats, the Game's derived properties, records."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace
from datetime import datetime

import pytest
from games_helpers import ALICE, BOB, CHANNEL, START, make_service, start_game

from bot.engine import Move, Player
from bot.engine.classic import Board
from bot.games import Game, Record, Seat, Status
from bot.games.variants.classic import CLASSIC


def _game(x: Seat, o: Seat, moves: tuple[Move, ...] = (), size: int = 3) -> Game:
    return Game(
        id=1,
        channel_id=CHANNEL,
        guild_id=None,
        x=x,
        o=o,
        level="easy",
        size=size,
        first="me",
        moves=moves,
        status=Status.ACTIVE,
        winner=None,
        created_at=START,
        updated_at=START,
        variant=CLASSIC,
    )


ALICE_SEAT, BOB_SEAT, BOT = Seat(ALICE, "alice"), Seat(BOB, "bob"), Seat(None, "the bot")


def test_game_properties_follow_the_moves() -> None:
    game = _game(BOT, ALICE_SEAT, moves=(Move(1, 1),))
    assert game.position == Board.empty(3).play(Move(1, 1))
    assert game.last_move == Move(1, 1) and game.k == 3
    assert game.member == ALICE_SEAT and game.bot_player is Player.X
    assert game.to_move_seat == ALICE_SEAT
    assert game.seat_of(ALICE) is Player.O and game.seat_of(BOB) is None
    assert game.seat(Player.X) == BOT
    assert _game(ALICE_SEAT, BOT).last_move is None
    over = replace(game, status=Status.DRAWN)
    assert over.to_move_seat is None and not over.is_active
    with pytest.raises(FrozenInstanceError):
        game.level = "hard"  # type: ignore[misc]


def test_member_vs_member_and_bot_vs_bot() -> None:
    game = _game(ALICE_SEAT, BOB_SEAT)
    assert game.member == ALICE_SEAT and game.bot_player is None
    assert (game.seat_of(ALICE), game.seat_of(BOB)) == (Player.X, Player.O)
    with pytest.raises(ValueError, match="no member seat"):
        _ = _game(BOT, BOT).member


def test_games_compare_by_data_not_by_cached_board() -> None:
    one = _game(ALICE_SEAT, BOT, moves=(Move(0, 0),))
    assert one == _game(ALICE_SEAT, BOT, moves=(Move(0, 0),))
    assert one != _game(ALICE_SEAT, BOT, moves=(Move(0, 1),))
    assert _game(ALICE_SEAT, BOT, size=4).position.size == 4


def test_record_arithmetic() -> None:
    record = Record(2, 1, 3) + Record(1, 1, 1)
    assert record == Record(3, 2, 4)
    assert (record.games, record.points) == (9, 13)
    assert Record() == Record(0, 0, 0)


async def test_clock_must_be_aware() -> None:
    service = make_service(clock=lambda: datetime(2026, 1, 1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="aware"):
        await start_game(service, guild=None)
