"""The exact Connect Four solver: negamax with alpha-beta, a transposition table, move ordering
and null-window searches (gamesolver.org's design, in Python).

**The score** of a position, for the side to move (the benchmark's convention): 0 for a draw
with best play; a side that wins with its ``n``-th disc at the earliest against the best
defence scores ``22 - n`` (7x6; ``cells / 2 + 1 - n`` on other boards), and a side that loses
scores ``-(22 - n)``, ``n`` the winner's discs. Winning at once with one's 4th disc is 18; a
draw and a win with the very last disc (21st) are told apart as 0 and 1.

**The search**, each step cutting the positions it visits:

- Only moves that do not hand the opponent a win at once are searched: a threat of theirs must
  be blocked (two of them lose), and no disc goes right under one. A position whose side to
  move has a win at once is never searched (its parent scores it), so a leaf is cheap.
- A score cannot beat the fastest win still possible nor fall below the slowest loss: the
  window shrinks to those bounds before the moves are tried.
- A transposition table (:class:`Table`) keeps an upper or a lower bound per position.
- Moves are tried by the threats they make (cells that would then complete four), most first,
  ties centre first.
- :meth:`Solver.solve` narrows the score by null-window searches (each asks "is the score above
  ``m``?"), halving the range, the first tests near 0; a win or loss is proven by the first
  ones, the exact score costs a few more.

Python's speed sets the scale: about 100,000 positions a second, so positions of 20 discs and
more solve in well under a second, 12 to 16 discs in seconds to a minute, the first few plies
not at all within a move's time (figures: docs/benchmarks.md). A search past its ``deadline``
or ``max_nodes`` raises :class:`~bot.engine.errors.SearchTooLargeError`; what it has proven
stays in the table.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import GameOverError, SearchTooLargeError
from .board import Connect4Board
from .geometry import STANDARD, Bitboard, Geometry, threat_finder, winning_cells

TABLE_SIZE = 1_048_573
"""Entries of a solver's transposition table: the largest prime below 2**20. One entry is a
64-bit slot (the key and a bound), so a table is 8 MB, whatever it holds."""

_CHECK_EVERY = 1023
"""The clock is read once every 1,024 positions (``nodes & _CHECK_EVERY == 0``)."""

Search = Callable[[Bitboard, Bitboard, int, int, int], int]


class Table:
    """A transposition table of fixed size: slot ``key % size`` holds ``key << 8 | bound``,
    the newest entry replacing the old (gamesolver.org's). A bound is stored as one byte:
    ``score - min_score + 1`` for an upper bound, above ``max_score - min_score + 1`` for a
    lower one. Its entries are facts about positions, true whatever search wrote them, so one
    table serves every search on its board shape.
    """

    __slots__ = ("size", "slots")

    def __init__(self, size: int = TABLE_SIZE) -> None:
        self.size = size
        self.slots = array("q", bytes(8 * size))

    def clear(self) -> None:
        """Forget every entry (in place: the searches built on this table keep it)."""
        self.slots[:] = array("q", bytes(8 * self.size))

    def used(self) -> int:
        """Slots holding an entry."""
        return self.size - self.slots.count(0)


@dataclass(frozen=True, slots=True)
class Budget:
    """When a search gives up: past ``deadline`` (a ``time.perf_counter()`` value) or
    ``max_nodes`` positions, either None for no limit."""

    deadline: float | None = None
    max_nodes: int | None = None


class Solver:
    """Exact scores of positions on one board shape (:data:`STANDARD` by default), with its own
    transposition table. ``nodes`` counts the positions the searches visited (every call of the
    inner search), summed until :meth:`reset`.

    Not thread-safe in its counters: give each thread its own solver, or share one with a lock
    (:func:`.analysis.thread_solver` keeps one per thread).
    """

    def __init__(self, geometry: Geometry = STANDARD, table: Table | None = None) -> None:
        self.geometry = geometry
        self.table = table if table is not None else Table()
        self._budget = Budget()
        self._limit = -1
        self.negamax: Search
        self._count: Callable[[int | None], int]
        self.negamax, self._count = self._build()

    @property
    def nodes(self) -> int:
        """The positions the searches visited since the solver was made or :meth:`reset`."""
        return self._count(None)

    def reset(self) -> None:
        """Empty the table and zero the node count (a cold start, as the benchmarks measure)."""
        self.table.clear()
        self._count(0)

    # -- the public searches -------------------------------------------------

    def solve(self, board: Connect4Board, budget: Budget | None = None) -> int:
        """The exact score of ``board`` for the side to move (see the module docstring).

        Raises:
            GameOverError: the game is over.
            SearchTooLargeError: ``budget`` ran out first.
        """
        self._check(board)
        return self.score(board.current, board.mask, board.discs, budget)

    def score(
        self, current: Bitboard, mask: Bitboard, moves: int, budget: Budget | None = None
    ) -> int:
        """:meth:`solve` on raw bitboards: the side to move's discs, every disc, their count
        (the game is not over)."""
        geo = self.geometry
        empty = geo.full ^ mask
        if winning_cells(current, empty, geo.height) & (mask + geo.bottom):
            return geo.win_score(moves)
        low, high = -((geo.cells - moves) // 2), geo.win_score(moves)
        self._start(budget)
        while low < high:  # a null-window search per step, nearer 0 first (gamesolver.org)
            middle = low + (high - low) // 2
            if middle <= 0 and int(low / 2) < middle:
                middle = int(low / 2)
            elif middle >= 0 and high // 2 > middle:
                middle = high // 2
            found = self._search(current, mask, moves, middle, middle + 1)
            if found <= middle:
                high = found
            else:
                low = found
        return low

    def at_least(
        self, current: Bitboard, mask: Bitboard, moves: int, bound: int, budget: Budget | None
    ) -> bool:
        """Whether the score (raw bitboards, as :meth:`score`) is ``bound`` or more: one
        null-window search. The side to move must not have a win at once."""
        self._start(budget)
        return self._search(current, mask, moves, bound - 1, bound) >= bound

    def column_scores(
        self, board: Connect4Board, budget: Budget | None = None
    ) -> tuple[int | None, ...]:
        """Each column's exact score for the side to move if it plays there (None for a full
        column), left to right: a win at once scores :meth:`Geometry.win_score`, any other
        move minus the score of the position it leaves.

        Raises:
            GameOverError: the game is over.
            SearchTooLargeError: ``budget`` ran out first.
        """
        self._check(board)
        geo = self.geometry
        current, mask, moves = board.current, board.mask, board.discs
        wins = winning_cells(current, geo.full ^ mask, geo.height)
        scores: list[int | None] = []
        for column in geo.columns:
            bit = (mask + (geo.bottom & column)) & column
            if not bit:
                scores.append(None)
            elif bit & wins:
                scores.append(geo.win_score(moves))
            elif moves + 1 == geo.cells:
                scores.append(0)
            else:
                scores.append(-self.score(current ^ mask, mask | bit, moves + 1, budget))
        return tuple(scores)

    # -- the search -------------------------------------------------------------

    def _check(self, board: Connect4Board) -> None:
        if board.geometry != self.geometry:
            raise ValueError(f"this solver plays {self.geometry}, not {board.geometry}")
        if board.is_over:
            raise GameOverError()

    def _start(self, budget: Budget | None) -> None:
        self._budget = budget or Budget()
        limit = self._budget.max_nodes
        self._limit = self.nodes + limit if limit is not None else -1

    def _search(self, current: Bitboard, mask: Bitboard, moves: int, alpha: int, beta: int) -> int:
        return self.negamax(current, mask, moves, alpha, beta)

    def _out_of_budget(self, nodes: int) -> bool:
        if 0 <= self._limit <= nodes:
            return True
        deadline = self._budget.deadline
        return deadline is not None and time.perf_counter() > deadline

    def _build(self) -> tuple[Search, Callable[[int | None], int]]:
        """The inner negamax, a closure over this board shape's constants and this table (local
        names are the fastest Python reads), and its node count's reader (``None``) and setter."""
        geo = self.geometry
        height, cells, bottom, full = geo.height, geo.cells, geo.bottom, geo.full
        min_score, max_score = geo.min_score, geo.max_score
        lower_from = max_score - min_score + 1  # stored bounds above it are lower bounds
        lower_shift = max_score - 2 * min_score + 2  # score + shift: a stored lower bound
        columns = tuple(geo.columns[col] for col in geo.order)
        table = self.table
        slots, size = table.slots, table.size
        solver = self
        nodes = 0

        def count(value: int | None) -> int:
            nonlocal nodes
            if value is not None:
                nodes = value
            return nodes

        threats = threat_finder(height)

        def negamax(current: Bitboard, mask: Bitboard, moves: int, alpha: int, beta: int) -> int:
            # The side to move has no win at once (the caller saw to it).
            nonlocal nodes
            nodes += 1
            if not nodes & _CHECK_EVERY and solver._out_of_budget(nodes):
                raise SearchTooLargeError(
                    f"Connect Four: not solved within the budget ({nodes:,} positions)."
                )
            empty = full ^ mask
            possible = (mask + bottom) & full
            theirs = threats(current ^ mask, empty)
            forced = possible & theirs
            if forced:
                if forced & (forced - 1):  # two threats to block: lost
                    return -((cells - moves) // 2)
                possible = forced
            possible &= ~(theirs >> 1)  # never under a threat of theirs
            if not possible:
                return -((cells - moves) // 2)
            if moves >= cells - 2:  # each side has one disc left, neither wins: a draw
                return 0
            low = -((cells - 2 - moves) // 2)
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
            high = (cells - 1 - moves) // 2
            if beta > high:
                beta = high
                if alpha >= beta:
                    return beta
            key = current + mask
            index = key % size
            entry = slots[index]
            if entry >> 8 == key and entry:  # an empty slot reads as the empty board's key
                bound = entry & 255
                if bound > lower_from:
                    low = bound - lower_shift
                    if alpha < low:
                        alpha = low
                        if alpha >= beta:
                            return alpha
                else:
                    high = bound + min_score - 1
                    if beta > high:
                        beta = high
                        if alpha >= beta:
                            return beta
            # order: most threats made first, then centre first (rank: threats, 15 - place)
            ranked = []
            for place, column in enumerate(columns):
                bit = possible & column
                if bit:
                    ranked.append(threats(current | bit, empty ^ bit).bit_count() << 4 | 15 - place)
            if len(ranked) > 1:
                ranked.sort(reverse=True)
            child = current ^ mask
            for rank in ranked:
                bit = possible & columns[15 - (rank & 15)]
                score = -negamax(child, mask | bit, moves + 1, -beta, -alpha)
                if score >= beta:
                    slots[index] = key << 8 | (score + lower_shift)
                    return score
                if score > alpha:
                    alpha = score
            slots[index] = key << 8 | (alpha - min_score + 1)
            return alpha

        return negamax, count
