"""Connect Four's difficulty levels and :func:`choose_move`.

``easy``, ``medium`` and ``hard`` search 2, 4 and 6 plies over the heuristic
(:mod:`.heuristic`) and sometimes play a random move instead (:data:`PROFILES`), as the classic
levels do; every search takes a win at once and blocks a single threat, but a random move may
miss either unless its profile says otherwise.

``strongest`` (:func:`strongest`) asks the exact solver first, for :data:`PROOF_SECONDS`: from
:data:`EXACT_FROM` discs for the exact score and the columns that keep it, from
:data:`WIN_FROM` discs whether the position is a forced win and which columns win. Unproven,
it plays the deepest finished iterative-deepening result of its :data:`SECONDS`, and from
:data:`WIN_FROM` discs checks that choice with the solver in the last :data:`CHECK_SECONDS`
(the search's best column that the solver does not prove lost). Among equally good moves the
choice is random (``rng``). Why these figures: docs/decisions.md, "Connect Four".
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..errors import GameOverError, SearchTooLargeError
from ..moves import Move
from ..values import LevelName
from .analysis import best_columns, loses, thread_solver, winning_columns
from .board import Connect4Board
from .geometry import winning_cells
from .heuristic import deepening, search
from .solver import Budget


class Level(LevelName):
    """A level of the Connect Four engine."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    STRONGEST = "strongest"

    @classmethod
    def game(cls) -> str:
        return " for Connect Four"


LEVELS: tuple[str, ...] = tuple(level.value for level in Level)
"""The level names, weakest first."""


@dataclass(frozen=True, slots=True)
class Profile:
    """How a level below strongest plays: ``depth`` plies over the heuristic, except that with
    probability ``mistake_rate`` it plays a random column instead. Even then it takes a win at
    once if ``takes_wins``, and blocks a single threat if ``blocks_threats``."""

    depth: int
    mistake_rate: float
    takes_wins: bool
    blocks_threats: bool


PROFILES: dict[Level, Profile] = {
    Level.EASY: Profile(depth=2, mistake_rate=0.35, takes_wins=False, blocks_threats=False),
    Level.MEDIUM: Profile(depth=4, mistake_rate=0.12, takes_wins=True, blocks_threats=False),
    Level.HARD: Profile(depth=6, mistake_rate=0.03, takes_wins=True, blocks_threats=True),
}
"""How every level but strongest plays."""

SECONDS = 0.6
"""``strongest``'s time a move: the exact attempt, then iterative deepening to this."""

PROOF_SECONDS = 0.3
"""How long ``strongest`` lets the solver try to prove the position (from :data:`EXACT_FROM`
discs its exact score, from :data:`WIN_FROM` a forced win) before it falls back on iterative
deepening for the rest of :data:`SECONDS`."""

CHECK_SECONDS = 0.15
"""From :data:`WIN_FROM` discs, where the solver proved no win, the end of ``strongest``'s time
that checks the search's choice: its columns best first, the first the solver does not prove
lost is played (a proof that it does not lose, or the time running out)."""

EXACT_FROM = 18
"""The discs from which ``strongest`` asks the solver for the exact score: positions of 20
discs and more solve in 0.02 s on average and 0.4 s at most, those of 12 to 16 in seconds
(docs/benchmarks.md)."""

WIN_FROM = 10
"""The discs from which ``strongest`` asks the solver, below :data:`EXACT_FROM`, whether the
position is a forced win, and which columns win: a weak solve, proven within a few tenths of
a second in most won positions of 12 to 16 discs (docs/decisions.md)."""

_RNG = random.Random()


@dataclass(frozen=True, slots=True)
class Decision:
    """How ``strongest`` chose: the ``columns`` it found best (0-based), ``how`` (``"exact"``,
    ``"win"`` for a proven win of unknown length, or ``"depth N"``, the deepest search
    finished) and, for an exact decision, the position's ``score``."""

    columns: tuple[int, ...]
    how: str
    score: int | None


def choose_move(
    board: Connect4Board,
    level: Level | str = Level.STRONGEST,
    rng: random.Random | None = None,
    *,
    seconds: float = SECONDS,
) -> Move:
    """The move ``level`` plays on ``board``: the cell its disc lands in
    (:meth:`Connect4Board.landing`; the game layer reads ``move.col``). ``seconds`` is
    ``strongest``'s time (the others do not need it).

    Raises:
        GameOverError: the game is already over.
        UnknownLevelError: ``level`` is not one of ``LEVELS``.
    """
    return board.landing(choose_column(board, level, rng, seconds=seconds))


def choose_column(
    board: Connect4Board,
    level: Level | str = Level.STRONGEST,
    rng: random.Random | None = None,
    *,
    seconds: float = SECONDS,
) -> int:
    """:func:`choose_move`'s column (0-based)."""
    chosen = Level.of(level)
    if board.is_over:
        raise GameOverError()
    rng = rng or _RNG
    if chosen is Level.STRONGEST:
        return rng.choice(strongest(board, seconds).columns)
    profile = PROFILES[chosen]
    if rng.random() < profile.mistake_rate:
        return rng.choice(mistake_candidates(board, profile))
    found = search(board.current, board.mask, board.discs, profile.depth, board.geometry)
    return rng.choice(found.best_columns())


def strongest(board: Connect4Board, seconds: float = SECONDS) -> Decision:
    """``strongest``'s best columns on ``board`` within ``seconds`` (see the module docstring).

    Raises:
        GameOverError: the game is already over.
    """
    if board.is_over:
        raise GameOverError()
    start = time.perf_counter()
    proof_until = start + seconds * PROOF_SECONDS / SECONDS
    try:
        if board.discs >= EXACT_FROM:
            score, columns = best_columns(board, Budget(deadline=proof_until))
            return Decision(columns, "exact", score)
        if board.discs >= WIN_FROM:
            winning = winning_columns(board, Budget(deadline=proof_until))
            if winning:
                return Decision(winning, "win", None)
    except SearchTooLargeError:
        pass
    checks = board.discs >= WIN_FROM
    search_until = start + seconds * (1 - (CHECK_SECONDS / SECONDS if checks else 0.0))
    found = deepening(board.current, board.mask, board.discs, board.geometry, search_until)
    best = found.best_columns()
    how = f"depth {found.depth}"
    if not checks:
        return Decision(best, how, None)
    budget = Budget(deadline=start + seconds)
    ranked = sorted(found.values, key=lambda col: -found.values[col])
    try:
        for col in ranked:  # the first the solver does not prove lost
            if not loses(board, col, budget):
                return Decision((col,), f"{how}, not losing", None)
    except SearchTooLargeError:
        return Decision((col,), how, None)
    return Decision(best, f"{how}, every move losing", None)


def mistake_candidates(board: Connect4Board, profile: Profile) -> tuple[int, ...]:
    """The columns a level may play by mistake: any, but some levels never miss a win at once
    or a single threat to block."""
    legal = board.legal_columns
    if not profile.takes_wins:
        return legal
    geo = board.geometry
    empty = geo.full ^ board.mask
    possible = (board.mask + geo.bottom) & geo.full
    wins = winning_cells(board.current, empty, geo.height) & possible
    if wins:
        return tuple(col for col in legal if wins & geo.columns[col])
    if profile.blocks_threats:
        threats = winning_cells(board.current ^ board.mask, empty, geo.height) & possible
        if threats:
            return tuple(col for col in legal if threats & geo.columns[col])
    return legal


def solver_nodes() -> int:
    """The positions this thread's solver has searched (the benches' figure)."""
    return thread_solver().nodes
