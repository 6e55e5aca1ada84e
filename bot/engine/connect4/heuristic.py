"""Depth-limited search with a heuristic evaluation: the ``easy``, ``medium`` and ``hard`` levels,
and ``strongest`` where the exact solver runs out of time.

The minimax tutorials' idea of strength by depth: search ``depth`` plies, then estimate
(:func:`evaluate`). Proven results dominate every estimate: a position won at once scores its
exact score (:mod:`.solver`'s convention) times :data:`SCALE`, so the fastest win and the slowest
loss are preferred, and the solver's exact shortcuts apply at every depth (a win at once is
taken, a single threat blocked, two threats lose, no disc goes under an opponent's threat).

:func:`deepening` searches depth 1, 2, 3, ... until its budget runs out and keeps the deepest
finished depth's moves; it stops early once a win is proven (no deeper search finds a faster
one), once every move is proven, or when the depth reaches the end of the game (then its values
are exact). Why this evaluation: docs/decisions.md, "Connect Four".
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ..errors import SearchTooLargeError
from .geometry import Bitboard, Geometry, threat_finder, winning_cells

SCALE = 1_000
"""A proven score ``s`` is worth ``s * SCALE``: more than any estimate (:data:`ESTIMATE_MAX`)."""

ESTIMATE_MAX = SCALE - 1
"""An estimate is clamped to within this of 0."""

WINDOW_WEIGHTS = (0, 1, 4, 12)
"""What one line of four still open to a side is worth by the discs of that side in it."""

CENTRE_WEIGHT = 3
"""Per disc in the centre column: every horizontal and diagonal line of the widest boards
passes through it."""

THREAT_WEIGHT = 16
"""Per threat (an empty cell that would complete four) on a row of the side's parity: rows
1, 3, 5 from the bottom for the first player, 2, 4, 6 for the second (Allis' zugzwang: such a
threat tends to be filled last in the opponent's favour of the other one). Other threats count
as a line of three in :data:`WINDOW_WEIGHTS` only."""

_CHECK_EVERY = 255


@cache
def _starts(geo: Geometry) -> tuple[tuple[int, Bitboard], ...]:
    """Per direction, its bit step and the cells a line of four may start from (its lowest
    bit): up a column (1), along a row (``height + 1``), up and right (``height + 2``), down
    and right (``height``); 69 lines in all on 7x6."""
    found = []
    for step, d_col, d_row in ((1, 0, 1), (geo.stride, 1, 0), (geo.stride + 1, 1, 1),
                               (geo.height, 1, -1)):  # fmt: skip
        starts = 0
        for col in range(geo.width):
            for row in range(geo.height):
                if 0 <= col + 3 * d_col < geo.width and 0 <= row + 3 * d_row < geo.height:
                    starts |= geo.cell_bit(row, col)
        found.append((step, starts))
    return tuple(found)


def windows(discs: Bitboard, others: Bitboard, geo: Geometry) -> tuple[int, int, int]:
    """How many lines of four hold 1, 2 and 3 of ``discs`` and none of ``others``.

    Bit-parallel, a direction at a time: shifting by 0 to 3 steps lays each line's four cells
    on its first one, and a bit-sliced adder counts them there (as :func:`winning_cells` finds
    threats, no loop over the lines)."""
    ones = twos = threes = 0
    for step, starts in _starts(geo):
        blocked = others | others >> step | others >> 2 * step | others >> 3 * step
        first, second = discs, discs >> step
        third, fourth = discs >> 2 * step, discs >> 3 * step
        low_a, high_a = first ^ second, first & second  # the first two cells' count
        low_b, high_b = third ^ fourth, third & fourth  # the last two's
        bit0 = low_a ^ low_b  # the sum's bits
        carry = low_a & low_b
        bit1 = high_a ^ high_b ^ carry
        bit2 = (high_a & high_b) | (carry & (high_a ^ high_b))
        open_ = starts & ~blocked & ~bit2
        ones += (open_ & bit0 & ~bit1).bit_count()
        twos += (open_ & bit1 & ~bit0).bit_count()
        threes += (open_ & bit1 & bit0).bit_count()
    return ones, twos, threes


@cache
def _rows(geo: Geometry) -> tuple[Bitboard, Bitboard]:
    """The cells of the odd rows (1, 3, 5 from the bottom) and of the even rows."""
    odd = even = 0
    for row in range(geo.height):
        line = sum(geo.cell_bit(row, col) for col in range(geo.width))
        if row % 2 == 0:
            odd |= line
        else:
            even |= line
    return odd, even


def evaluate(current: Bitboard, mask: Bitboard, moves: int, geo: Geometry) -> int:
    """An estimate of the position for the side to move (``current`` its discs, ``mask``
    every disc, ``moves`` their count), within :data:`ESTIMATE_MAX` of 0: its open lines of
    four weighted by its discs in them (:data:`WINDOW_WEIGHTS`), its centre discs, its threats
    on rows of its parity, less the opponent's."""
    opponent = current ^ mask
    _zero, one, two, three = WINDOW_WEIGHTS
    mine = windows(current, opponent, geo)
    theirs = windows(opponent, current, geo)
    total = (
        one * (mine[0] - theirs[0]) + two * (mine[1] - theirs[1]) + three * (mine[2] - theirs[2])
    )
    centre = geo.columns[geo.width // 2]
    total += CENTRE_WEIGHT * ((current & centre).bit_count() - (opponent & centre).bit_count())
    odd, even = _rows(geo)
    empty = geo.full ^ mask
    first = moves % 2 == 0  # the side to move is the first player
    mine_rows, their_rows = (odd, even) if first else (even, odd)
    total += THREAT_WEIGHT * (
        (winning_cells(current, empty, geo.height) & mine_rows).bit_count()
        - (winning_cells(opponent, empty, geo.height) & their_rows).bit_count()
    )
    return max(-ESTIMATE_MAX, min(ESTIMATE_MAX, total))


@dataclass(frozen=True, slots=True)
class Searched:
    """What a depth-limited search of a position found: ``values`` per legal column
    (0-based); ``depth`` the plies searched; ``nodes`` the positions visited. A value of
    ``SCALE`` or more is a proven win (``value // SCALE`` the exact score), ``-SCALE`` or less a
    proven loss."""

    values: dict[int, int]
    depth: int
    nodes: int

    @property
    def best(self) -> int:
        """The highest value."""
        return max(self.values.values())

    def best_columns(self) -> tuple[int, ...]:
        """The columns of the highest value, left to right."""
        best = self.best
        return tuple(sorted(col for col, value in self.values.items() if value == best))


Negamax = Callable[[Bitboard, Bitboard, int, int, int, int], int]


class DepthSearch:
    """Depth-limited searches of one position and the positions below it: what one search
    learns (each position's best move so far, :attr:`hints`; each leaf's estimate) orders and
    shortens the next, deeper one (:func:`deepening`). Lives for one decision."""

    def __init__(self, geo: Geometry, deadline: float | None = None) -> None:
        self.geo = geo
        self.deadline = deadline
        self.hints: dict[int, int] = {}
        self._negamax, self._count = _build(geo, self)

    @property
    def nodes(self) -> int:
        """The positions its searches have visited so far."""
        return self._count()

    def search(
        self,
        current: Bitboard,
        mask: Bitboard,
        moves: int,
        depth: int,
        *,
        exact_values: bool = False,
        order: tuple[int, ...] | None = None,
    ) -> Searched:
        """Every column's value after a ``depth``-ply search (the root's move is one ply), the
        columns tried in ``order`` (centre first by default). The game must not be over.

        Values below the best are upper bounds only, unless ``exact_values`` (slower: a full
        window per move): a move must reach the best found so far to be searched exactly, so
        ties with the best are kept.

        Raises:
            SearchTooLargeError: the deadline passed.
        """
        geo = self.geo
        empty = geo.full ^ mask
        possible = (mask + geo.bottom) & geo.full
        wins = winning_cells(current, empty, geo.height) & possible
        opponent = current ^ mask
        theirs = winning_cells(opponent, empty, geo.height)
        values: dict[int, int] = {}
        top = (geo.cells + 1) // 2 * SCALE + SCALE
        best = -top
        start = self.nodes
        for col in order or geo.order:
            bit = possible & geo.columns[col]
            if not bit:
                continue
            if bit & wins:
                values[col] = geo.win_score(moves) * SCALE
            elif bit & (theirs >> 1) or (theirs & possible & ~bit):
                # under their threat, or leaves one of theirs open: they win with their next disc
                values[col] = -((geo.cells - moves) // 2) * SCALE
            elif moves + 1 == geo.cells:
                values[col] = 0
            else:
                floor = -top if exact_values else best - 1
                child = -self._negamax(opponent, mask | bit, moves + 1, depth - 1, -top, -floor)
                values[col] = child
            best = max(best, values[col])
        return Searched(values, depth, self.nodes - start)


def search(
    current: Bitboard,
    mask: Bitboard,
    moves: int,
    depth: int,
    geo: Geometry,
    *,
    exact_values: bool = False,
    deadline: float | None = None,
) -> Searched:
    """One :meth:`DepthSearch.search` of depth ``depth`` (see there).

    Raises:
        SearchTooLargeError: ``deadline`` (a ``time.perf_counter()`` value) passed.
    """
    return DepthSearch(geo, deadline).search(current, mask, moves, depth, exact_values=exact_values)


def deepening(
    current: Bitboard,
    mask: Bitboard,
    moves: int,
    geo: Geometry,
    deadline: float,
    max_depth: int | None = None,
) -> Searched:
    """Iterative deepening to ``deadline``: the deepest finished search (depth 1 is always
    finished, whatever the clock), each depth trying the last one's best columns first,
    stopped early by a proven win, by every move proven, or at the game's end (see the module
    docstring)."""
    left = geo.cells - moves
    last = min(left, max_depth) if max_depth is not None else left
    searcher = DepthSearch(geo)
    found = searcher.search(current, mask, moves, 1)
    searcher.deadline = deadline
    depth = 1
    while depth < last and not _settled(found):
        depth += 1
        order = tuple(sorted(found.values, key=lambda col: -found.values[col]))
        try:
            found = searcher.search(current, mask, moves, depth, order=order)
        except SearchTooLargeError:
            break
    return Searched(found.values, found.depth, searcher.nodes)


def _settled(found: Searched) -> bool:
    return found.best >= SCALE or all(abs(value) >= SCALE for value in found.values.values())


def _build(geo: Geometry, owner: DepthSearch) -> tuple[Negamax, Callable[[], int]]:
    """The depth-limited negamax of one :class:`DepthSearch`, and its node count."""
    height, cells, bottom, full = geo.height, geo.cells, geo.bottom, geo.full
    columns = tuple(geo.columns[col] for col in geo.order)
    hints = owner.hints
    estimates: dict[int, int] = {}
    nodes = 0
    threats = threat_finder(height)

    def negamax(
        current: Bitboard, mask: Bitboard, moves: int, depth: int, alpha: int, beta: int
    ) -> int:
        # The side to move has no win at once (the caller saw to it).
        nonlocal nodes
        nodes += 1
        if not nodes & _CHECK_EVERY:
            deadline = owner.deadline
            if deadline is not None and time.perf_counter() > deadline:
                raise SearchTooLargeError("Connect Four: the depth-limited search ran out of time.")
        empty = full ^ mask
        possible = (mask + bottom) & full
        theirs = threats(current ^ mask, empty)
        forced = possible & theirs
        if forced:
            if forced & (forced - 1):
                return -((cells - moves) // 2) * SCALE
            possible = forced
        possible &= ~(theirs >> 1)
        if not possible:
            return -((cells - moves) // 2) * SCALE
        if moves >= cells - 2:
            return 0
        key = current + mask
        if depth <= 0:
            value = estimates.get(key)
            if value is None:
                value = estimates[key] = evaluate(current, mask, moves, geo)
            return value
        hint = hints.get(key, -1)
        ranked = []  # the last search's best first, then as the solver orders
        for place, column in enumerate(columns):
            bit = possible & column
            if bit:
                if place == hint:
                    ranked.append(1 << 12 | 15 - place)
                else:
                    made = threats(current | bit, empty ^ bit).bit_count()
                    ranked.append(made << 4 | 15 - place)
        if len(ranked) > 1:
            ranked.sort(reverse=True)
        child = current ^ mask
        best = -((cells - moves) // 2) * SCALE
        best_place = -1
        for rank in ranked:
            place = 15 - (rank & 15)
            score = -negamax(child, mask | possible & columns[place], moves + 1, depth - 1,
                             -beta, -alpha)  # fmt: skip
            if score > best:
                best = score
                best_place = place
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        hints[key] = best_place
        return best

    def count() -> int:
        return nodes

    return negamax, count
