"""Choosing the engine's move at each difficulty level.

========  =====================================  ===================================
Level     Search                                 Mistakes
========  =====================================  ===================================
easy      1 ply, heuristic evaluation            40 %: any legal move at random
                                                 (may miss wins and blocks)
medium    3 plies, heuristic evaluation          15 %: a random move, but it always
                                                 takes a win on the board
hard      5 plies, heuristic evaluation          5 %: a random move, but it always
                                                 takes a win and blocks a threat
perfect   exact search to the end of the game    none: never loses, wins whenever
                                                 the position allows, as fast as
                                                 possible
========  =====================================  ===================================

Every level that searches sees a win on the board and a threat to block even
at depth 1 (those are checked exactly before any estimate), so weak play comes
from the mistakes and from the short horizon: easy and medium walk into forks
they cannot see coming. The search depth is counted in plies (single moves)
including the engine's own move.

The numbers live in :data:`bot.engine.profiles.PROFILES`. Among equally good moves
the choice is random (``rng``), so games vary.

"Perfect" is exact on 3x3 and 4x4 boards, and on 5x5 with four in a row, where it
plays from an opening book and then a win/draw/loss solver (:mod:`bot.engine.perfect_5x5`);
there it takes the fastest win whenever a budgeted search proves it, and otherwise still
a forced win.
Early positions on other 5x5 and 6x6 boards are too big for an exact search in pure
Python (it stops after ``solver.NODE_BUDGET`` positions); there "perfect" plays the move
of a 5-ply heuristic search instead, without mistakes.

Perfect play on a position already solved is a dictionary lookup: the set of
best moves is cached per position, and ``choose_move`` only picks one of them.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from .board import Board
from .errors import GameOverError, SearchTooLargeError, UnknownLevelError
from .moves import Move
from .perfect import best_moves, cached_best_moves

if TYPE_CHECKING:
    import random


class Level(enum.StrEnum):
    """A difficulty level. A StrEnum equals its name, so ``"perfect"`` works wherever a
    Level is asked for; :meth:`of` turns text into a Level or says what the choices are."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    PERFECT = "perfect"

    @classmethod
    def of(cls, name: str) -> Level:
        """The level called ``name`` (exactly, lower case).

        Raises:
            UnknownLevelError: ``name`` is not one of ``LEVELS``; the message lists them.
        """
        try:
            return cls(name)
        except ValueError:
            raise UnknownLevelError(
                f"Unknown level {name!r}: choose one of {', '.join(LEVELS)}."
            ) from None


LEVELS: tuple[str, ...] = tuple(level.value for level in Level)
"""The level names, weakest first: what players type and what the game layer stores."""


_PERFECT = Level.PERFECT.value  # a plain str: "perfect" == Level.PERFECT is 4x slower
_FALLBACK_DEPTH = 5  # "perfect" on a position too big to solve exactly (5x5, 6x6 openings)

_shared_rng: list[random.Random] = []  # the default rng, made on first use


def _default_rng() -> random.Random:
    """The module's own ``random.Random()`` (importing random costs ~1 ms, so made lazily)."""
    if not _shared_rng:
        import random

        _shared_rng.append(random.Random())
    return _shared_rng[0]


def choose_move(
    board: Board, level: Level | str = Level.PERFECT, rng: random.Random | None = None
) -> Move:
    """The engine's move for the side to move at ``level`` (see the module table).

    ``level`` is a :class:`Level` or its name (``"perfect"``).

    Raises:
        GameOverError: the game is already over.
        UnknownLevelError: ``level`` is not one of ``LEVELS``.
    """
    if level == _PERFECT:
        best = cached_best_moves(board.key)
        if best is not None:
            return (rng or _default_rng()).choice(best)
    return _choose(board, Level.of(level), rng or _default_rng())


def _choose(board: Board, level: Level, rng: random.Random) -> Move:
    if board.is_over:
        raise GameOverError()
    if level is Level.PERFECT:
        geo = board.geometry
        if geo.size == 5 and geo.k == 4:  # opening book + win/draw/loss solver: exact, fast
            from .perfect_5x5 import perfect_move

            return perfect_move(board)
        try:
            return rng.choice(best_moves(board))
        except SearchTooLargeError:
            pass
    # The searching levels are loaded on first use: a perfect decision seldom needs them.
    from .profiles import PROFILES, profile_move, searched_move

    if level is Level.PERFECT:  # too big to solve exactly: the best move of a deep search
        return searched_move(board, _FALLBACK_DEPTH, rng)
    return profile_move(board, PROFILES[level], rng)
