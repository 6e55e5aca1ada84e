"""Choosing the engine's move at each difficulty level (:func:`choose_move`).

``easy``, ``medium`` and ``hard`` search 1, 3 and 5 plies with a heuristic evaluation and
sometimes play a random move instead (:data:`PROFILES`); every level sees a
win on the board and a threat to block. ``perfect`` never loses and wins as fast as the position
allows: exactly on 3x3 and 4x4, and on 5x5 with four in a row (:mod:`.perfect_5x5`);
early positions on other 5x5 and 6x6 boards, too big to solve, get a 5-ply heuristic search
without mistakes. Among equally good moves the choice is random (``rng``). The levels in a
table, and why they play as they do: docs/decisions.md.
"""

from __future__ import annotations

import random

from ..errors import GameOverError, SearchTooLargeError
from ..moves import Move
from ..values import LevelName
from .board import Board
from .perfect import best_moves, cached_best_moves
from .perfect_5x5 import is_5x5_four, perfect_move
from .profiles import Profile, profile_move, searched_move


class Level(LevelName):
    """A difficulty level of the classic boards."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    PERFECT = "perfect"


LEVELS: tuple[str, ...] = tuple(level.value for level in Level)
"""The level names, weakest first: what players type and what the game layer stores."""


PROFILES: dict[Level, Profile] = {
    Level.EASY: Profile(depth=1, mistake_rate=0.40, takes_wins=False, blocks_threats=False),
    Level.MEDIUM: Profile(depth=3, mistake_rate=0.15, takes_wins=True, blocks_threats=False),
    Level.HARD: Profile(depth=5, mistake_rate=0.05, takes_wins=True, blocks_threats=True),
}
"""How every level but perfect plays (perfect searches exactly and makes no mistakes)."""

_PERFECT = Level.PERFECT.value  # a plain str compares faster than the StrEnum member
_FALLBACK_DEPTH = 5  # "perfect" on a position too big to solve exactly (5x5, 6x6 openings)

_RNG = random.Random()
"""The choices' randomness when the caller passes no ``rng``."""


def choose_move(
    board: Board, level: Level | str = Level.PERFECT, rng: random.Random | None = None
) -> Move:
    """The engine's move for the side to move at ``level`` (see the module docstring).

    ``level`` is a :class:`Level` or its name (``"perfect"``).

    Raises:
        GameOverError: the game is already over.
        UnknownLevelError: ``level`` is not one of ``LEVELS``.
    """
    if level == _PERFECT:
        best = cached_best_moves(board.key)
        if best is not None:
            return (rng or _RNG).choice(best)
    return _choose(board, Level.of(level), rng or _RNG)


def _choose(board: Board, level: Level, rng: random.Random) -> Move:
    if board.is_over:
        raise GameOverError()
    if level is not Level.PERFECT:
        return profile_move(board, PROFILES[level], rng)
    if is_5x5_four(board):  # opening book + win/draw/loss solver: exact, fast
        return perfect_move(board)
    try:
        return rng.choice(best_moves(board))
    except SearchTooLargeError:  # too big to solve exactly: the best move of a deep search
        return searched_move(board, _FALLBACK_DEPTH, rng)
