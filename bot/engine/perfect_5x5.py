"""Perfect play on 5x5 with four in a row: the opening book, then the win/draw/loss solver.

The general solver cannot finish early 5x5 positions, so "perfect" on this board plays
* the book's move while fewer than :data:`~bot.engine.book.BOOK_MARKS` marks are down (the
  book holds every position the bot meets there, each solved offline);
* else the move :class:`~bot.engine.wdl_solver.WdlSolver` proves keeps the position's value
  (a draw stays a draw, a win stays a win), with one table kept between moves so each
  decision reuses the last one's work; in a won position with 8 or more marks the general
  solver then picks the fastest win when it can within its node budget (earlier wins are
  still wins, just not always the fastest).
A position outside the book (one the bot could not have reached itself, such as a board set
up by hand) is solved live too: slower in the first plies, but still exact.
"""

from __future__ import annotations

from .board import Board
from .book import BOOK_MARKS, book_move, load_book
from .caches import LIMITS
from .errors import SearchTooLargeError
from .moves import Move
from .wdl_solver import WIN, WdlSolver

# Marks from which a won position asks the general solver for the fastest win: earlier, it
# can spend its whole node budget (over a second) before giving up.
FASTEST_WIN_FROM = 8

_SOLVER: WdlSolver | None = None


def is_5x5_four(board: Board) -> bool:
    """True for the board this module plays: 5x5, four in a row."""
    geo = board.geometry
    return geo.size == 5 and geo.k == 4


def perfect_move(board: Board) -> Move:
    """A move that never turns a win into less or a draw into a loss (board not over)."""
    global _SOLVER
    geo = board.geometry
    me, opp = board.sides
    if (me | opp).bit_count() < BOOK_MARKS:
        found = book_move(geo, me, opp, load_book())
        if found is not None:
            return geo.moves[found[0]]
    if _SOLVER is None:
        _SOLVER = WdlSolver(geo, table_limit=LIMITS.wdl)
    _SOLVER.table_limit = LIMITS.wdl  # the budget may have been set since (caches.py)
    cell, value = _SOLVER.best_move(me, opp)
    if value == WIN and (me | opp).bit_count() >= FASTEST_WIN_FROM:
        from .perfect import best_moves

        try:
            return best_moves(board)[0]  # the fastest win, when the general solver can tell
        except SearchTooLargeError:
            pass
    return geo.moves[cell]
