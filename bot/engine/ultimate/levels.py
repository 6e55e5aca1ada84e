"""Ultimate tic-tac-toe's difficulty levels: :func:`choose_ultimate_move`.

Every level plays a game win on the board and never lets the opponent win at once when it can
avoid it (the search's tactics). Below ``strongest`` a level searches fewer simulations, and
``easy`` and ``medium`` sometimes play a random safe move instead (:data:`PROFILES`).
``strongest`` searches for the whole time budget. ``perfect`` does not apply: the game is not
solved. Why these figures: docs/decisions.md, "Ultimate tic-tac-toe".
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from ..errors import UnknownLevelError
from ..moves import Move
from .board import UltimateBoard
from .playout import Position, game_win, safe_moves
from .search import DEFAULT_SECONDS, SearchResult, search
from .tables import MOVES


class UltimateLevel(enum.StrEnum):
    """A level of the ultimate engine; a StrEnum, so ``"hard"`` works wherever one is asked."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    STRONGEST = "strongest"

    @classmethod
    def of(cls, name: str) -> UltimateLevel:
        """The level called ``name``.

        Raises:
            UnknownLevelError: ``name`` is not one of ``ULTIMATE_LEVELS``; the message lists them.
        """
        try:
            return cls(name)
        except ValueError:
            raise UnknownLevelError(
                f"Unknown level {name!r} for ultimate: choose one of {', '.join(ULTIMATE_LEVELS)}."
            ) from None


ULTIMATE_LEVELS: tuple[str, ...] = tuple(level.value for level in UltimateLevel)
"""The level names, weakest first."""


@dataclass(frozen=True, slots=True)
class Profile:
    """How a level plays: at most ``simulations`` per move (None: the whole time budget), and the
    chance of a random safe move instead of the searched one."""

    simulations: int | None
    random_move: float


PROFILES: dict[UltimateLevel, Profile] = {
    UltimateLevel.EASY: Profile(simulations=50, random_move=0.3),
    UltimateLevel.MEDIUM: Profile(simulations=400, random_move=0.1),
    UltimateLevel.HARD: Profile(simulations=3_000, random_move=0.0),
    UltimateLevel.STRONGEST: Profile(simulations=None, random_move=0.0),
}


def analyse_ultimate(
    board: UltimateBoard,
    level: str = UltimateLevel.STRONGEST,
    rng: random.Random | None = None,
    *,
    seconds: float = DEFAULT_SECONDS,
    simulations: int | None = None,
) -> SearchResult:
    """The level's search of ``board``: its move, top moves with visits and win rates, and
    the proven result if any. ``seconds`` bounds every level; ``simulations`` (if given) replaces
    the level's own count. The level's random moves are not applied here (see
    :func:`choose_ultimate_move`).

    Raises:
        UnknownLevelError: ``level`` is not one of ``ULTIMATE_LEVELS``.
        GameOverError: the game is already over.
    """
    profile = PROFILES[UltimateLevel.of(level)]
    budget = simulations if simulations is not None else profile.simulations
    return search(board, seconds=seconds, simulations=budget, rng=rng)


def choose_ultimate_move(
    board: UltimateBoard,
    level: str = UltimateLevel.STRONGEST,
    rng: random.Random | None = None,
    *,
    seconds: float = DEFAULT_SECONDS,
    simulations: int | None = None,
) -> Move:
    """The move ``level`` plays on ``board`` (0-based row and column of the 9x9 grid).

    Raises:
        UnknownLevelError: ``level`` is not one of ``ULTIMATE_LEVELS``.
        GameOverError: the game is already over.
    """
    rng = rng or random.Random()
    profile = PROFILES[UltimateLevel.of(level)]
    if profile.random_move and not board.is_over and rng.random() < profile.random_move:
        pos = Position.of(board)
        win = game_win(pos)
        if win is not None:
            return MOVES[win]
        choices = safe_moves(pos) or pos.legal()
        return MOVES[choices[int(rng.random() * len(choices))]]
    return analyse_ultimate(board, level, rng, seconds=seconds, simulations=simulations).move
