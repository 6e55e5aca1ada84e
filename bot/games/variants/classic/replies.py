"""What classic's hint and explanation return: exact values, or what is proven of them where
not every move is (early 5x5), for the renderer to word (``bot.games.variants.classic.explain``,
``bot.games.variants.classic.partial``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Move, Player
from bot.engine.classic import Analysis, Appraisal, Board, Explanation
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


@dataclass(frozen=True, slots=True)
class Partial:
    """A hint or an explanation where the budget proved some of the position but not every
    move (early 5x5): ``appraisal`` says what, for ``mover``, the side to move in its board.
    ``explained``: an explanation's (else a hint's, for the member to move); ``played`` as in
    ``Explained``: the board before a finished game's last move."""

    game: Game
    appraisal: Appraisal
    mover: Player
    explained: bool
    played: bool = False
