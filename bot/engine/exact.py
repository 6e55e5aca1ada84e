"""Entry points from a Board to the exact solver, and the cache of best moves.

Kept apart from :mod:`bot.engine.analysis` so that choosing a perfect move
does not need to load the analysis types (a cold start should stay cheap).
"""

from __future__ import annotations

from .board import Board
from .errors import GameOverError
from .geometry import Geometry
from .solver import Search, Solver
from .values import Move

_SOLVERS: dict[Geometry, Solver] = {}


def solver_for(geo: Geometry) -> Solver:
    """The shared exact solver (and its transposition table) for a geometry."""
    solver = _SOLVERS.get(geo)
    if solver is None:
        solver = _SOLVERS.setdefault(geo, Solver(geo))
    return solver


def sides(board: Board) -> tuple[int, int]:
    """The position as ``(mover's bits, opponent's bits)``."""
    x, o = board._x, board._o
    return (x, o) if x.bit_count() == o.bit_count() else (o, x)


def start_search(board: Board) -> Search:
    """A new exact search on the board's geometry; GameOverError if the game is over."""
    if board.is_over:
        raise GameOverError()
    return solver_for(board._geo).search()


_BEST_MOVES: dict[int, tuple[Move, ...]] = {}
_BEST_MOVES_LIMIT = 500_000


def best_moves(board: Board) -> tuple[Move, ...]:
    """Every move that is best under perfect play, row-major (cached per position).

    "Best" uses the depth-aware score: the fastest win, else a draw, else the
    slowest loss. Raises GameOverError if the game is over.
    """
    best = _BEST_MOVES.get(board._key)
    if best is None:
        search = start_search(board)
        me, opp = sides(board)
        scores = search.root(me, opp, exact=False)
        top = max(score for _, score in scores)
        moves = board._geo.moves
        best = tuple(moves[cell] for cell, score in scores if score == top)
        if len(_BEST_MOVES) >= _BEST_MOVES_LIMIT:
            _BEST_MOVES.clear()
        _BEST_MOVES[board._key] = best
    return best
