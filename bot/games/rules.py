"""The rules of one move, as the service applies them: whose turn it is, a move played into a
position (the engine's refusal worded by the variant), and the result a finished position
gives a game against the bot."""

from __future__ import annotations

from dataclasses import replace

from bot import engine
from bot.engine import Move
from bot.engine.position import Position
from bot.games import sentences
from bot.games.models import Game, Status
from bot.games.variants.base import Variant


def check_turn(game: Game, member_id: int) -> None:
    """Raise unless ``member_id`` has a seat and it is that seat's turn."""
    mark = game.seat_of(member_id)
    if mark is None:
        raise sentences.not_your_game(game)
    if game.position.to_move is not mark:
        raise sentences.not_your_turn(game)


def play(variant: Variant, position: Position, move: Move) -> Position:
    """``position.play`` with the engine's errors turned into the variant's sentences."""
    try:
        return position.play(move)
    except engine.IllegalMoveError as error:
        raise variant.move_refused(error, position, move) from error


def settle(game: Game) -> Game:
    """Set status and winner from the position once it is over (member's point of view)."""
    position = game.position
    if not position.is_over:
        return game
    winner = position.winner
    if winner is None:
        return replace(game, status=Status.DRAWN, winner=None)
    member_won = game.seat(winner) == game.member
    return replace(game, status=Status.WON if member_won else Status.LOST, winner=winner)
