"""Perfect play on 5x5 with four in a row: the opening book, then the win/draw/loss solver.

:func:`perfect_move` plays the book's move while fewer than :data:`~.book.BOOK_MARKS`
marks are down, else the move :class:`~.wdl_solver.WdlSolver` proves keeps the
position's value (one table kept between moves). In a won position it plays the first move of
the fastest forced win (:func:`~.wdl_solver.fastest_win`) when that search ends
within :data:`FASTEST_WIN_BUDGET` positions, else the book's or the solver's winning move: still
a forced win, perhaps not the shortest. Positions outside the book are solved live, still
exactly. The budget's figures: docs/decisions.md.
"""

from __future__ import annotations

from functools import lru_cache

from .. import caches
from ..caches import LIMITS, int_table_bytes, wdl_entry_limit
from ..moves import Move
from .board import Board
from .book import BOOK_MARKS, book_move, load_book
from .geometry import Bitboard, Cell, Geometry
from .wdl_solver import WIN, Stopped, WdlSolver, fastest_win

# Positions the fastest-win search may examine before the bot settles for the winning move it
# has: about three times what the book's hardest won position needs (docs/decisions.md). Its
# tables hold at most that many entries and are dropped with the decision.
FASTEST_WIN_BUDGET = 150_000

FASTEST_WINS_REMEMBERED = 1024
"""Won positions whose fastest first move is kept, outside the caches' budget: games meet the
same won positions again, the book's above all, and each search is slow."""

_SOLVER: WdlSolver | None = None


def wdl_table_bytes() -> int:
    """What the win/draw/loss table holds now (caches.py says how it is counted)."""
    solver = _SOLVER
    return 0 if solver is None else int_table_bytes(solver.table, 2 * solver.geo.cells)


def empty_wdl_table() -> None:
    """Empty the win/draw/loss table in place."""
    if _SOLVER is not None:
        _SOLVER.table.clear()


caches.register("wdl", wdl_table_bytes, empty_wdl_table)


def is_5x5_four(board: Board) -> bool:
    """True for the board this module plays: 5x5, four in a row."""
    geo = board.geometry
    return geo.size == 5 and geo.k == 4


def perfect_move(board: Board) -> Move:
    """A move that never turns a win into less or a draw into a loss (board not over), and
    in a won position the start of the fastest win when the search finds it in its budget."""
    global _SOLVER
    geo = board.geometry
    me, opp = board.sides
    found = book_move(geo, me, opp, load_book()) if (me | opp).bit_count() < BOOK_MARKS else None
    if found is None:
        limit = wdl_entry_limit(LIMITS.wdl, 2 * geo.cells)  # the budget may have changed
        if _SOLVER is None:
            _SOLVER = WdlSolver(geo, table_limit=limit)
        _SOLVER.table_limit = limit
        found = _SOLVER.best_move(me, opp)
    cell, value = found
    if value == WIN:
        fastest = fastest_first_cell(geo, me, opp, FASTEST_WIN_BUDGET)
        if fastest is not None:
            cell = fastest
    return geo.moves[cell]


@lru_cache(maxsize=FASTEST_WINS_REMEMBERED)
def fastest_first_cell(geo: Geometry, me: Bitboard, opp: Bitboard, budget: int) -> Cell | None:
    """The first cell of the fastest forced win for ``me`` (to move), or None if the search
    would examine more than ``budget`` positions (or finds no win). Remembered per position
    and budget."""
    try:
        found = fastest_win(geo, me, opp, budget=budget)
    except Stopped:
        return None
    return None if found is None else found[0]
