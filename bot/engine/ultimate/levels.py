"""Ultimate tic-tac-toe's difficulty levels: :func:`choose_move`, and :func:`analyze`, a level's
search with its figures.

Every level plays a game win on the board and never lets the opponent win at once when it can
avoid it (the search's tactics). Below ``strongest`` a level searches fewer simulations, and
``easy`` and ``medium`` sometimes play a random safe move instead (:data:`PROFILES`).
``strongest`` searches for the whole time budget, with implicit minimax backups; the levels
below keep plain averages, with which their ratings and the adaptive level were measured.
``perfect`` does not apply: the game is not solved. Why these figures: docs/decisions.md,
"Ultimate tic-tac-toe".
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..moves import Move
from ..values import LevelName
from .board import UltimateBoard
from .compiled import prepare_kernel
from .playout import SearchPosition, game_win, safe_moves
from .search import DEFAULT_SECONDS, MINIMAX, SearchResult, search
from .tables import MOVES


class Level(LevelName):
    """A level of the ultimate engine."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    STRONGEST = "strongest"

    @classmethod
    def game(cls) -> str:
        return " for ultimate"


LEVELS: tuple[str, ...] = tuple(level.value for level in Level)
"""The level names, weakest first."""


@dataclass(frozen=True, slots=True)
class Profile:
    """How a level plays: at most ``simulations`` per move (None: the whole time budget), the
    chance of a random safe move instead of the searched one, and the weight of implicit
    minimax backups in its search (:func:`bot.engine.ultimate.search.search`'s ``minimax``), and
    whether it searches in the compiled kernel (``compiled``)."""

    simulations: int | None
    random_move: float
    minimax: float = 0.0
    compiled: bool = False


PROFILES: dict[Level, Profile] = {
    Level.EASY: Profile(simulations=50, random_move=0.3),
    Level.MEDIUM: Profile(simulations=400, random_move=0.1),
    Level.HARD: Profile(simulations=3_000, random_move=0.0),
    Level.STRONGEST: Profile(simulations=None, random_move=0.0, minimax=MINIMAX, compiled=True),
}


def prepare(*, wait: bool = True) -> bool:
    """Load ``strongest``'s compiled kernel (:func:`~.compiled.prepare_kernel`; ``wait=False``:
    in the background) and return whether it is loaded. Until it is, a ``strongest`` search too
    short to load it searches in Python."""
    return prepare_kernel(wait=wait)


def analyze(
    board: UltimateBoard,
    level: str = Level.STRONGEST,
    rng: random.Random | None = None,
    *,
    seconds: float = DEFAULT_SECONDS,
    simulations: int | None = None,
) -> SearchResult:
    """The level's search of ``board``: its move, top moves with visits and win rates, and
    the proven result if any. ``seconds`` bounds every level; ``simulations`` (if given) replaces
    the level's own count. The level's random moves are not applied here (see
    :func:`choose_move`).

    Raises:
        UnknownLevelError: ``level`` is not one of ``LEVELS``.
        GameOverError: the game is already over.
    """
    profile = PROFILES[Level.of(level)]
    budget = simulations if simulations is not None else profile.simulations
    return search(
        board,
        seconds=seconds,
        simulations=budget,
        rng=rng,
        minimax=profile.minimax,
        compiled=profile.compiled,
    )


def choose_move(
    board: UltimateBoard,
    level: str = Level.STRONGEST,
    rng: random.Random | None = None,
    *,
    seconds: float = DEFAULT_SECONDS,
    simulations: int | None = None,
) -> Move:
    """The move ``level`` plays on ``board`` (0-based row and column of the 9x9 grid).

    Raises:
        UnknownLevelError: ``level`` is not one of ``LEVELS``.
        GameOverError: the game is already over.
    """
    rng = rng or random.Random()
    profile = PROFILES[Level.of(level)]
    if profile.random_move and not board.is_over and rng.random() < profile.random_move:
        pos = SearchPosition.of(board)
        win = game_win(pos)
        if win is not None:
            return MOVES[win]
        choices = safe_moves(pos) or pos.legal()
        return MOVES[choices[int(rng.random() * len(choices))]]
    return analyze(board, level, rng, seconds=seconds, simulations=simulations).move
