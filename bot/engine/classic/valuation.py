"""What is proven about the positions of one game, within a budget: what a look back relies on.

A :class:`Valuer` answers, for each position it is asked about, the value for the side to move
under best play, how many plies the game then lasts (the fastest win, the slowest loss; a draw
fills the board) and a move that keeps both. On 3x3 and 4x4 that is
:func:`~.analysis.analyze`, always exact. On 5x5 with four in a row it is the opening
book and the win/draw/loss solver with search horizons (the length of a win or a loss), whose
searches together examine at most ``budget`` positions, at most ``per_position`` for any one
position: what they do not prove within that is None, never a guess. Other shapes: whatever
``analyze`` finishes. The figures: docs/decisions.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import GameOverError, SearchTooLargeError
from ..moves import Move
from ..values import Value
from .analysis import analyze
from .board import Board
from .book import BOOK_MARKS, book_move, load_book
from .geometry import Bitboard, Cell, Geometry
from .perfect_5x5 import is_5x5_four
from .wdl_solver import DRAW, LOSS, WIN, Stopped, WdlSolver

TABLE_LIMIT = 200_000
"""Entries the valuer's own win/draw/loss table may hold (about 20 MB, dropped with it)."""

_VALUES = {WIN: Value.WIN, DRAW: Value.DRAW, LOSS: Value.LOSS}


@dataclass(frozen=True, slots=True)
class Valuation:
    """What is proven about a position for the side to move. ``value``: its result under best
    play; ``plies``: the moves to the end then, both sides', the next one included (the
    fastest win, the slowest loss, the cells left for a draw); ``best``: a move reaching
    ``value`` (and ``plies`` when that is known), or None. Each None: not proven."""

    value: Value | None
    plies: int | None
    best: Move | None

    @property
    def exact(self) -> bool:
        """Whether value and length are both proven."""
        return self.value is not None and self.plies is not None


UNKNOWN = Valuation(None, None, None)


class Valuer:
    """Valuations of the positions of one game (any board shape), with one table and one
    budget shared by its questions; not thread-safe (one valuer per game looked back on)."""

    def __init__(self, *, budget: int, per_position: int) -> None:
        """``budget``: positions all 5x5 searches together may examine; ``per_position``: those
        the searches about any one position may (both positive)."""
        if budget <= 0 or per_position <= 0:
            raise ValueError(f"budgets must be positive: {budget}, {per_position}")
        self.left = budget
        """Positions the searches may still examine."""
        self._per_position = per_position
        self._position_left = 0
        self._solver: WdlSolver | None = None

    def valuation(self, board: Board) -> Valuation:
        """What is proven about ``board`` (see :class:`Valuation`); ``GameOverError`` if the
        game is over."""
        if board.is_over:
            raise GameOverError()
        if is_5x5_four(board):
            self._position_left = min(self._per_position, self.left)
            return self._valuation_5x5(board)
        try:
            analysis = analyze(board)
        except SearchTooLargeError:
            return UNKNOWN
        first = analysis.moves[0]
        return Valuation(first.value, first.plies, first.move)

    # -- 5x5, four in a row --------------------------------------------------------------------

    def _valuation_5x5(self, board: Board) -> Valuation:
        geo = board.geometry
        me, opp = board.sides
        empties = geo.cells - (me | opp).bit_count()
        solver = self._solver
        if solver is None:
            solver = self._solver = WdlSolver(geo, table_limit=TABLE_LIMIT)
        found = book_move(geo, me, opp, load_book()) if empties > geo.cells - BOOK_MARKS else None
        if found is not None:
            cell: Cell | None = found[0]
            value: int | None = found[1]
        else:
            cell = None
            value = self._spend(solver, solver.value, me, opp)
        if value is None:
            return UNKNOWN
        if value == DRAW:
            if cell is None:
                cell = self._keeping_cell(solver, me, opp, DRAW)
            return Valuation(Value.DRAW, empties, None if cell is None else geo.moves[cell])
        length = self._length(geo, me, opp, value, empties)
        if length is not None:
            plies, fastest = length
            if value == WIN:
                return Valuation(Value.WIN, plies, geo.moves[fastest])
            return Valuation(Value.LOSS, plies, None)
        if value == WIN and cell is None:
            cell = self._keeping_cell(solver, me, opp, WIN)
        best = None if cell is None or value == LOSS else geo.moves[cell]
        return Valuation(_VALUES[value], None, best)

    def _length(
        self, geo: Geometry, me: Bitboard, opp: Bitboard, value: int, empties: int
    ) -> tuple[int, Cell] | None:
        """``(plies, cell)`` of a won position's fastest win (its first cell) or a lost one's
        slowest loss (cell -1): the shortest search horizon that already decides ``value``.
        None if the budget runs out first."""
        start = 1 if value == WIN else 2  # the mover wins on its own plies, loses on the other
        for plies in range(start, empties + 1, 2):
            solver = WdlSolver(geo, cutoff=empties - plies)  # a value under one horizon only
            try:
                found = self._spend(solver, solver.value, me, opp)
                if found is None:
                    return None
                if found != value:
                    continue
                if value == LOSS:
                    return plies, -1
                cell = self._keeping_cell(solver, me, opp, WIN)
                return None if cell is None else (plies, cell)
            finally:
                solver.table.clear()  # the solver and its search refer to each other
        return None

    def _keeping_cell(
        self, solver: WdlSolver, me: Bitboard, opp: Bitboard, value: int
    ) -> Cell | None:
        """The first cell in the solver's order whose move reaches ``value`` (the position's
        value under the solver's horizon), or None if the budget runs out first."""
        geo = solver.geo
        empty = geo.full ^ (me | opp)
        for cell in geo.order:
            if empty >> cell & 1:
                after = self._spend(solver, solver.after_move, me, opp, cell)
                if after is None:
                    return None
                if after == value:
                    return cell
        return None

    def _spend(self, solver: WdlSolver, search: Callable[..., int], *args: int) -> int | None:
        """``search(*args, budget=...)``, one of ``solver``'s questions, within what this
        position and the whole budget have left, counted; None if it needs more."""
        budget = self._position_left
        if budget <= 0:
            return None
        solver.nodes = 0
        try:
            return search(*args, budget=budget)
        except Stopped:
            return None
        finally:
            self._position_left -= solver.nodes
            self.left -= solver.nodes
