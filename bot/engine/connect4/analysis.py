"""Every column's exact score in a position (:func:`analyze`), the best columns by it
(:func:`best_columns`), the winning ones by a weak solve (:func:`winning_columns`), with the
solver each thread keeps (:func:`thread_solver`).

The scores are :mod:`.solver`'s (the benchmark's convention): for the side to move, 0 a draw,
``22 - n`` a win with its ``n``-th disc, ``-(22 - n)`` a loss to the opponent's ``n``-th.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from ..errors import GameOverError
from .board import Connect4Board
from .geometry import STANDARD, Bitboard, Geometry, winning_cells
from .solver import Budget, Solver

_LOCAL = threading.local()


def thread_solver(geometry: Geometry = STANDARD) -> Solver:
    """This thread's solver for ``geometry``: its table lives as long as the thread, so the
    moves of one game find what the previous ones proved. A solver's node count is not safe
    to share between threads, hence one each (8 MB of table each, :data:`.solver.TABLE_SIZE`)."""
    solvers: dict[Geometry, Solver] | None = getattr(_LOCAL, "solvers", None)
    if solvers is None:
        solvers = {}
        _LOCAL.solvers = solvers
    solver = solvers.get(geometry)
    if solver is None:
        solver = solvers[geometry] = Solver(geometry)
    return solver


@dataclass(frozen=True, slots=True)
class Analysis:
    """A position's exact score for the side to move, each column's (None for a full column,
    left to right), the positions searched and the seconds it took."""

    score: int
    columns: tuple[int | None, ...]
    nodes: int
    seconds: float

    def best_columns(self) -> tuple[int, ...]:
        """The columns (0-based) whose score is the position's."""
        return tuple(col for col, score in enumerate(self.columns) if score == self.score)


def analyze(
    board: Connect4Board, budget: Budget | None = None, solver: Solver | None = None
) -> Analysis:
    """Every column's exact score on ``board`` (:meth:`.solver.Solver.column_scores`), with the
    thread's solver unless ``solver`` is given.

    Raises:
        GameOverError: the game is over.
        SearchTooLargeError: ``budget`` ran out first.
    """
    solver = solver or thread_solver(board.geometry)
    start_nodes, start = solver.nodes, time.perf_counter()
    columns = solver.column_scores(board, budget)
    score = max(score for score in columns if score is not None)
    return Analysis(score, columns, solver.nodes - start_nodes, time.perf_counter() - start)


@dataclass(frozen=True, slots=True)
class _Bits:
    """What the searches below read off a board first: its bitboards, the cells a disc can
    drop into (``possible``), those that win at once (``wins``) and the cells that would
    complete a four for the other side (``theirs``)."""

    geo: Geometry
    current: Bitboard
    mask: Bitboard
    moves: int
    possible: Bitboard
    wins: Bitboard
    theirs: Bitboard

    @classmethod
    def of(cls, board: Connect4Board) -> _Bits:
        geo, current, mask = board.geometry, board.current, board.mask
        empty = geo.full ^ mask
        possible = (mask + geo.bottom) & geo.full
        return cls(
            geo,
            current,
            mask,
            board.discs,
            possible,
            winning_cells(current, empty, geo.height) & possible,
            winning_cells(current ^ mask, empty, geo.height),
        )

    def columns(self, cells: Bitboard) -> tuple[int, ...]:
        """The columns, left to right, holding one of ``cells``."""
        return tuple(col for col in range(self.geo.width) if cells & self.geo.columns[col])

    def hands_over(self, bit: Bitboard) -> bool:
        """Whether a disc dropped at ``bit`` loses at once: the other side completes a four
        right above it, or where it did not block."""
        return bool(bit & (self.theirs >> 1) or self.theirs & self.possible & ~bit)

    def test(self, solver: Solver, bit: Bitboard, at_least: int, budget: Budget | None) -> bool:
        """Whether the position a disc at ``bit`` leaves scores ``at_least`` or more for the
        other side."""
        after = self.mask | bit
        return solver.at_least(self.current ^ self.mask, after, self.moves + 1, at_least, budget)


def best_columns(
    board: Connect4Board, budget: Budget | None = None, solver: Solver | None = None
) -> tuple[int, tuple[int, ...]]:
    """The position's exact score and every column that keeps it, left to right: cheaper than
    :func:`analyze`, as the score is solved once and each column only tested against it
    (one null-window search each, mostly answered by the table).

    Raises:
        GameOverError: the game is over.
        SearchTooLargeError: ``budget`` ran out first.
    """
    if board.is_over:
        raise GameOverError()
    solver = solver or thread_solver(board.geometry)
    bits = _Bits.of(board)
    geo, moves = bits.geo, bits.moves
    if bits.wins:
        return geo.win_score(moves), bits.columns(bits.wins)
    score = solver.score(bits.current, bits.mask, moves, budget)
    loses_at_once = -((geo.cells - moves) // 2)
    found = []
    for col in range(geo.width):
        bit = bits.possible & geo.columns[col]
        if not bit:
            continue
        if bits.hands_over(bit):
            keeps = score == loses_at_once
        elif moves + 1 == geo.cells:
            keeps = score == 0
        else:  # the column keeps the score if the position it leaves scores -score or less
            keeps = not bits.test(solver, bit, 1 - score, budget)
        if keeps:
            found.append(col)
    return score, tuple(found)


def winning_columns(
    board: Connect4Board, budget: Budget | None = None, solver: Solver | None = None
) -> tuple[int, ...] | None:
    """The columns that win, if the side to move has a forced win, else None (a draw or a
    loss): a weak solve, cheaper than the exact score. The first null-window search asks
    whether the score is 1 or more; when it is, each column is asked whether it leaves a score
    below 0, mostly answered by the table that search filled.

    Raises:
        GameOverError: the game is over.
        SearchTooLargeError: ``budget`` ran out first.
    """
    if board.is_over:
        raise GameOverError()
    solver = solver or thread_solver(board.geometry)
    bits = _Bits.of(board)
    geo, moves = bits.geo, bits.moves
    if bits.wins:
        return bits.columns(bits.wins)
    if not solver.at_least(bits.current, bits.mask, moves, 1, budget):
        return None
    found = []
    for col in geo.order:
        bit = bits.possible & geo.columns[col]
        if not bit or bits.hands_over(bit):
            continue
        if moves + 1 < geo.cells and not bits.test(solver, bit, 0, budget):
            found.append(col)
    return tuple(sorted(found))


def loses(
    board: Connect4Board, col: int, budget: Budget | None = None, solver: Solver | None = None
) -> bool:
    """Whether dropping a disc in ``col`` (0-based, a legal column) loses against the best
    defence: the position it leaves scores 1 or more for the opponent. One null-window search,
    quick when the move loses (a winning reply ends it), dearer when it does not.

    Raises:
        SearchTooLargeError: ``budget`` ran out first.
    """
    solver = solver or thread_solver(board.geometry)
    bits = _Bits.of(board)
    bit = bits.possible & bits.geo.columns[col]
    if bits.wins & bit:
        return False
    if bits.hands_over(bit):
        return True
    if bits.moves + 1 == bits.geo.cells:
        return False
    return bits.test(solver, bit, 1, budget)
