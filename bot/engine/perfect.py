"""Perfect play from a Board: the exact solver per board shape, and the cache of best moves.

Kept apart from :mod:`bot.engine.analysis` so that choosing a perfect move
does not need to load the analysis types (a cold start should stay cheap).
"""

from __future__ import annotations

from .board import Board
from .caches import LIMITS
from .errors import GameOverError
from .geometry import Geometry
from .moves import Move
from .solver import Search, Solver

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

_SOLVERS: dict[Geometry, Solver] = {}


def solver_for(geo: Geometry) -> Solver:
    """The shared exact solver (and its transposition table) for a geometry."""
    solver = _SOLVERS.get(geo)
    if solver is None:
        solver = _SOLVERS.setdefault(geo, Solver(geo))
    return solver


def start_search(board: Board) -> Search:
    """A new exact search on the board's geometry; GameOverError if the game is over."""
    if board.is_over:
        raise GameOverError()
    if sum(len(solver.table) for solver in _SOLVERS.values()) > LIMITS.tables:
        for solver in _SOLVERS.values():  # a search under way keeps the table it holds
            solver.table = {}
    return solver_for(board.geometry).search()


_BEST_MOVES: dict[int, tuple[Move, ...]] = {}  # at most LIMITS.best_moves (caches.py)

cached_best_moves: Callable[[int], tuple[Move, ...] | None] = _BEST_MOVES.get
"""``cached_best_moves(board.key)``: the best moves an earlier :func:`best_moves` found for
that position, else None. Never searches: it is the warm path of a perfect decision, so it
is the cache's own ``dict.get`` (a Python function around it would cost a call frame)."""


def best_moves(board: Board) -> tuple[Move, ...]:
    """Every move that is best under perfect play, row-major (cached per position).

    "Best" uses the depth-aware score: the fastest win, else a draw, else the
    slowest loss. Raises GameOverError if the game is over.
    """
    best = _BEST_MOVES.get(board.key)
    if best is None:
        search = start_search(board)
        me, opp = board.sides
        scores = search.score_moves(me, opp, exact=False)
        top = max(score for _, score in scores)
        moves = board.geometry.moves
        best = tuple(moves[cell] for cell, score in scores if score == top)
        if len(_BEST_MOVES) >= LIMITS.best_moves:
            _BEST_MOVES.clear()
        _BEST_MOVES[board.key] = best
    return best
