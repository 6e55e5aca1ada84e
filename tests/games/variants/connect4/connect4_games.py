"""Connect Four games for the game-layer tests (not collected: no ``test_`` prefix): games
written as the columns players type, turned into the engine's moves (the cells the discs land
in) by the engine, and a bot that plays a script of columns."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime

from bot.engine import Move, Player
from bot.engine.connect4 import Connect4Board
from bot.engine.position import Position
from bot.games import Game, Seat, Status
from bot.games.variants.connect4 import COLUMNS, CONNECT4

NOW = datetime(2026, 1, 1, tzinfo=UTC)
ALICE, BOB = Seat(1, "alice"), Seat(2, "bob")
BOT = Seat(None, "me")

# A full board nobody wins: the longest game there is (random columns).
FULL = "617315721371413543521632362446574577645622"


def dropped(columns: str) -> tuple[Move, ...]:
    """The moves of a game written as 1-based columns ("4453"): the cells the discs land in."""
    board, played = Connect4Board(), []
    for column in columns:
        move = board.landing(int(column) - 1)
        played.append(move)
        board = board.play(move)
    return tuple(played)


def board_after(columns: str) -> Connect4Board:
    return Connect4Board.from_notation(columns)


def game_of(
    columns: str,
    *,
    x: Seat = ALICE,
    o: Seat = BOT,
    level: str = "hard",
    status: Status | None = None,
    winner: Player | None = None,
) -> Game:
    """A game of ``columns`` between ``x`` and ``o`` (alice against the bot unless told):
    running while its board is not over, else won, lost or drawn as the board says (from
    the member's side; X's between members), unless ``status`` (and ``winner``) say."""
    moves = dropped(columns)
    board = board_after(columns)
    if status is None:
        if not board.is_over:
            status = Status.ACTIVE
        else:
            winner = board.winner
            member = o if x.is_bot else x
            if winner is None:
                status = Status.DRAWN
            else:
                status = Status.WON if (x if winner is Player.X else o) == member else Status.LOST
    return Game(
        id=1, channel_id=100, guild_id=7, x=x, o=o, level=level, size=COLUMNS,
        first="me" if not x.is_bot else "bot", moves=moves, status=status, winner=winner,
        created_at=NOW, updated_at=NOW, variant=CONNECT4,
    )  # fmt: skip


def scripted(columns: str) -> Callable[[Position, str, random.Random], Move]:
    """A bot for ``games_helpers.plays`` that drops its disc where ``columns`` (the whole
    game, both sides, 1-based) says for the move it is asked for."""

    def bot(position: Position, level: str, rng: random.Random) -> Move:
        assert isinstance(position, Connect4Board)
        return position.landing(int(columns[position.discs]) - 1)

    return bot


def first_open_column(position: Position, level: str, rng: random.Random) -> Move:
    """A predictable bot: the leftmost column that is not full."""
    assert isinstance(position, Connect4Board)
    return position.landing(position.legal_columns[0])
