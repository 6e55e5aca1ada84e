"""What is proven about the positions of one game, within a budget: what a look back relies on.

A :class:`Valuer` answers, for each position it is asked about, the value for the side to move
under best play, how many plies the game then lasts (the fastest win, the slowest loss; a draw
fills the board) and a move that keeps both. On 3x3 and 4x4 that is
:func:`~.analysis.analyze`, always exact. On 5x5 with four in a row it is the opening
book and the win/draw/loss solver with search horizons (the length of a win or a loss), whose
searches together examine at most ``budget`` positions, at most ``per_position`` for any one
position: what they do not prove within that is None, never a guess. Other shapes: whatever
``analyze`` finishes. The figures: docs/decisions.md.

:func:`appraise` asks a valuer about a position and about the position after each of its
moves: a hint and an explanation on 5x5 prove what a review of the same game proves, and each
move's value besides where the budget reaches (:class:`Appraisal`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import GameOverError, SearchTooLargeError
from ..moves import Move
from ..values import Value
from .analysis import Analysis, MoveAnalysis, analyze
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

    def valuation(self, board: Board, *, limit: int | None = None) -> Valuation:
        """What is proven about ``board`` (see :class:`Valuation`); ``GameOverError`` if the
        game is over. ``limit``: positions this question may examine, if fewer than the
        valuer's ``per_position``."""
        if board.is_over:
            raise GameOverError()
        if is_5x5_four(board):
            per_position = self._per_position if limit is None else min(limit, self._per_position)
            self._position_left = min(per_position, self.left)
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


# -- every move of a position --------------------------------------------------------------------

_OTHER = {Value.WIN: Value.LOSS, Value.DRAW: Value.DRAW, Value.LOSS: Value.WIN}
_RANK = {Value.WIN: 2, Value.DRAW: 1, Value.LOSS: 0}

FIRST_PASS_SHARE = 4
"""Each move's first question may spend the budget left over ``FIRST_PASS_SHARE`` times the
moves (the cheap ones answer well within it); what is left then goes to the moves still
unproven, one at a time, each up to the valuer's ``per_position``."""


@dataclass(frozen=True, slots=True)
class MoveValuation:
    """One legal move and what is proven about it for the side playing it: ``value`` under
    best play and ``plies`` to the end, this move included (each None: not proven)."""

    move: Move
    value: Value | None
    plies: int | None

    @property
    def exact(self) -> bool:
        return self.value is not None and self.plies is not None


@dataclass(frozen=True, slots=True)
class Appraisal:
    """What a valuer proved about ``board`` for the side to move: ``position``, as a review
    values it (asked first, with the same budget for a position), and ``moves``, every legal
    move, the proven ones best first (by value, then the fastest win or slowest loss, then row
    by row), then those whose length is not proven, then the unproven; ``examined``: the
    positions its searches examined (the opening book's answers cost none)."""

    board: Board
    position: Valuation
    moves: tuple[MoveValuation, ...]
    examined: int

    @property
    def value(self) -> Value | None:
        """The position's value: as proven about it, else as its moves prove it (the best if
        every move's value is known, a win if one move is known to win); None if neither."""
        if self.position.value is not None:
            return self.position.value
        known = [entry.value for entry in self.moves if entry.value is not None]
        if Value.WIN in known:
            return Value.WIN
        if known and len(known) == len(self.moves):
            return max(known, key=_RANK.__getitem__)
        return None

    @property
    def analysis(self) -> Analysis | None:
        """The exact analysis (as :func:`~.analysis.analyze` gives it) when every move's value
        and length are proven, else None."""
        if not self.moves or not all(entry.exact for entry in self.moves):
            return None
        moves = tuple(
            MoveAnalysis(entry.move, entry.value, entry.plies)
            for entry in self.moves
            if entry.value is not None and entry.plies is not None
        )
        top = (moves[0].value, moves[0].plies)
        best = tuple(m.move for m in moves if (m.value, m.plies) == top)
        return Analysis(self.board, moves, moves[0].value, best, self.examined)


def budgeted(board: Board) -> bool:
    """Whether a valuer answers ``board`` within a budget (5x5 with four in a row, where the
    general solver gives up on early positions), not by :func:`~.analysis.analyze`."""
    return is_5x5_four(board)


def appraise(board: Board, *, budget: int, per_position: int) -> Appraisal:
    """What a new valuer (``budget``, ``per_position``) proves about ``board`` and about each
    of its moves: the position first, as a review asks it, then each move's position within
    what is left (``FIRST_PASS_SHARE``). A move that ends the game is exact at once.
    ``GameOverError`` if the game is over."""
    valuer = Valuer(budget=budget, per_position=per_position)
    position = valuer.valuation(board)
    moves = board.legal_moves
    found: dict[Move, MoveValuation] = {}
    for move in moves:
        after = board.play(move)
        if after.is_over:
            found[move] = MoveValuation(move, Value.DRAW if after.winner is None else Value.WIN, 1)
    share = max(1, valuer.left // (FIRST_PASS_SHARE * max(1, len(moves) - len(found))))
    for limit in (share, None):
        for move in moves:
            if move not in found or not found[move].exact:
                found[move] = _valued(move, valuer.valuation(board.play(move), limit=limit))
    ranked = sorted(found.values(), key=lambda entry: _order(entry, board))
    return Appraisal(board, position, tuple(ranked), budget - valuer.left)


def _valued(move: Move, after: Valuation) -> MoveValuation:
    """A move's valuation for its mover, from the valuation of the position it leads to."""
    value = None if after.value is None else _OTHER[after.value]
    return MoveValuation(move, value, None if after.plies is None else after.plies + 1)


def _order(entry: MoveValuation, board: Board) -> tuple[int, int, int, int]:
    """Best first: proven values by rank, the exact before the unmeasured, the fastest win
    and the slowest loss first, then row by row."""
    cell = entry.move.row * board.size + entry.move.col
    if entry.value is None:
        return (3, 0, 0, cell)
    length = entry.plies if entry.plies is not None else 0
    speed = length if entry.value is Value.WIN else -length
    return (-_RANK[entry.value], entry.plies is None, speed, cell)
