"""What classic's hint and explanation return: exact values, for the renderer to word
(``bot.games.variants.classic.explain``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Move, Player
from bot.engine.classic import Analysis, Board, Explanation
from bot.games.models import Game


@dataclass(frozen=True, slots=True)
class Hint:
    """The engine's exact analysis of the position, for the member whose turn it is."""

    game: Game
    analysis: Analysis


@dataclass(frozen=True, slots=True)
class Explained:
    """What the engine sees in one position of ``game``, and the move it explains.

    While the game runs, ``position`` is the current board and ``move`` the one the bot would
    play there (``played`` False). Once it is over, ``position`` is the board before the bot's
    last move (the last move of a game between members) and ``move`` that move (``played``
    True). ``explanation`` gives every empty cell's value for ``mover``, the side to move in
    ``position``, and what the search cost.
    """

    game: Game
    position: Board
    mover: Player
    move: Move
    played: bool
    explanation: Explanation
