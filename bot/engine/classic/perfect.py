"""Perfect play from a Board: the exact solver per board shape, and the cache of best moves.

:func:`best_moves` is what a perfect decision needs; :mod:`.analysis` builds every move's
result on the same solvers.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from .. import caches
from ..caches import LIMITS, allocated
from ..errors import GameOverError
from ..moves import Move
from .board import Board
from .geometry import Geometry
from .solver import Search, Solver

_SOLVERS: dict[Geometry, Solver] = {}


def tables_bytes() -> int:
    """What the shared solvers' tables (every board shape together) hold now."""
    return sum(solver.table_bytes() for solver in list(_SOLVERS.values()))


def empty_tables() -> None:
    """Empty every shared table in place (whoever holds one sees it empty)."""
    for solver in list(_SOLVERS.values()):
        solver.table.clear()


def trim_tables() -> None:
    """Empty the shared tables once together they pass their share (caches.py)."""
    if tables_bytes() > LIMITS.tables:
        empty_tables()


def solver_for(geo: Geometry) -> Solver:
    """The shared exact solver (and its transposition table) for a geometry."""
    solver = _SOLVERS.get(geo)
    if solver is None:
        solver = _SOLVERS.setdefault(geo, Solver(geo, trim_tables))
    return solver


def start_search(board: Board) -> Search:
    """A new exact search on the board's geometry; GameOverError if the game is over."""
    if board.is_over:
        raise GameOverError()
    return solver_for(board.geometry).search()


_BEST_MOVES: dict[int, tuple[Move, ...]] = {}  # within LIMITS.best_moves bytes (caches.py)
_best_moves_held = 0  # bytes of the keys and tuples in _BEST_MOVES


def best_moves_bytes() -> int:
    """What the best-move cache holds now: the dict and each key and tuple it keeps."""
    return sys.getsizeof(_BEST_MOVES) + _best_moves_held


def empty_best_moves() -> None:
    """Empty the best-move cache in place (``cached_best_moves`` is its ``get``)."""
    global _best_moves_held
    _BEST_MOVES.clear()
    _best_moves_held = 0


caches.register("best_moves", best_moves_bytes, empty_best_moves)
caches.register("tables", tables_bytes, empty_tables)

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
        _remember(board.key, best)
    return best


def _remember(key: int, best: tuple[Move, ...]) -> None:
    """Cache ``best``; past the cache's share (counted after the insert, which may have
    doubled the dict) empty it in place and keep only this entry."""
    global _best_moves_held
    if key in _BEST_MOVES:  # another thread solved it meanwhile
        return
    entry = allocated(sys.getsizeof(key)) + allocated(sys.getsizeof(best))
    _BEST_MOVES[key] = best
    _best_moves_held += entry
    if best_moves_bytes() > LIMITS.best_moves:
        empty_best_moves()
        _BEST_MOVES[key] = best
        _best_moves_held = entry
