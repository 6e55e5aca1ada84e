"""Exact game-tree search: negamax with alpha-beta, a transposition table and symmetry.

:class:`Solver` keeps one board geometry's transposition table; each :meth:`Solver.search` is a
:class:`Search` that scores positions with depth-aware scores: a win with ``e`` cells left
empty after the winning move scores ``e + 1``, a draw 0, a loss minus the opponent's win. A
search raises :class:`~bot.engine.errors.SearchTooLargeError` past :data:`NODE_BUDGET`
positions. How and why it works: docs/decisions.md (and docs/minimax.md, step by step).
"""

from __future__ import annotations

from collections.abc import Callable

from ..caches import int_table_bytes
from ..errors import SearchTooLargeError
from .board import completes_line
from .geometry import Bitboard, Cell, Geometry
from .symmetry import permute_bits

EXACT = 0
LOWER = 1
UPPER = 2

INFINITY = 1 << 10  # larger than any score (at most 36 on a 6x6 board)

# Transposition-table entries are packed into one small int to save memory:
#   bits 0-6  (``entry & 0x7F``)      score + 64: scores lie within -37..37 (at most 36 cells
#                                     on 6x6, plus one), so score + 64 fits 7 bits unsigned;
#   bits 7-8  (``entry >> 7 & 3``)    the flag: EXACT, LOWER or UPPER (0-2, two bits);
#   bits 9+   (``entry >> 9``)        the best cell + 1, 0 when there is none.
# ``negamax`` packs and unpacks them inline (a function call per node would cost more).
_SCORE_BIAS = 64


# Per cell count (9: 3x3, 16: 4x4), how many marks a position may hold and still be stored
# under its canonical (symmetry-reduced) key; tuned by timing (docs/decisions.md).
_CANONICAL_UP_TO = {9: 0, 16: 7}
# Memory and time guards (a 4x4 search stays far below the budget); tables count their own
# bytes (caches.py).
NODE_BUDGET = 300_000  # positions one search may examine before giving up
CHECK_EVERY = 4_096  # positions between two calls of a solver's ``trim`` during a search


class Solver:
    """The exact solver for one board geometry: a transposition table its searches share.

    Searches may run in several threads at once. ``trim``, if given, is called when a search
    starts, every :data:`CHECK_EVERY` positions and when :meth:`Search.score_moves` returns,
    to empty the table in place when it is too big; without it only :data:`NODE_BUDGET`
    bounds a search.
    """

    def __init__(self, geo: Geometry, trim: Callable[[], None] | None = None) -> None:
        self.geo = geo
        self.table: dict[int, int] = {}
        self.trim = trim
        # Larger boards: off (the inlined key code handles two byte-chunks only).
        self.canonical_up_to = _CANONICAL_UP_TO.get(geo.cells, 0)

    def table_bytes(self) -> int:
        """The memory the TT holds now (caches.py says how it is counted)."""
        return int_table_bytes(self.table, 2 * self.geo.cells)

    def search(self) -> Search:
        """A fresh search context (node counter) that uses the shared TT."""
        if self.trim is not None:
            self.trim()
        return Search(self)


class Search:
    """One search: ``negamax(me, opp, alpha, beta)`` (fail-soft) and its node counter.

    Dropping a Search frees its negamax function at once (docs/decisions.md says why).
    """

    def __init__(self, solver: Solver) -> None:
        self.geo = solver.geo
        self.use_symmetry = solver.canonical_up_to > 0
        self._trim = solver.trim
        self.negamax, self._count, self._release = _build_negamax(
            solver.geo, solver.table, solver.canonical_up_to, NODE_BUDGET, solver.trim
        )

    def __del__(self) -> None:
        self._release()

    @property
    def nodes(self) -> int:
        """Positions examined so far by this search."""
        return self._count()

    def exact_value(self, me: Bitboard, opp: Bitboard) -> int:
        """The exact score of a position (side to move owns ``me``).

        Searched first with the narrow window (-1, 1), then again only on the side where a win
        or loss lies (docs/decisions.md).
        """
        score = self.negamax(me, opp, -1, 1)
        if score <= -1:
            score = self.negamax(me, opp, -INFINITY, score + 1)
        elif score >= 1:
            score = self.negamax(me, opp, score - 1, INFINITY)
        return score

    def score_moves(self, me: Bitboard, opp: Bitboard, *, exact: bool) -> list[tuple[Cell, int]]:
        """Score every legal move of a position (side to move owns ``me``).

        Returns ``(cell, score)`` pairs in cell order, scores from the mover's side. With
        ``exact=True`` every score is exact; with ``exact=False`` only the best moves' are,
        and a worse move's score is an upper bound that already shows it is worse.
        """
        geo = self.geo
        empty = geo.full ^ (me | opp)
        # Symmetries that fix the position (4x4): a move's images share its score unsearched.
        stabilizer: list[tuple[int, ...]] = []
        if self.use_symmetry and (me | opp).bit_count() <= 4:
            stabilizer = [
                perm
                for perm in geo.symmetries[1:]
                if permute_bits(perm, me) == me and permute_bits(perm, opp) == opp
            ]
        scores: dict[int, int] = {}
        best = -INFINITY
        for cell in geo.order:
            if not empty >> cell & 1 or cell in scores:
                continue
            child_me, child_opp = opp, me | 1 << cell
            if completes_line(geo, child_opp, cell):
                score = empty.bit_count()  # wins on the spot
            elif exact or best == -INFINITY:
                score = -self.exact_value(child_me, child_opp)
            else:  # a narrow window: is this move worse than, equal to or better than best?
                score = -self.negamax(child_me, child_opp, -best - 1, -best + 1)
                if score > best:  # better than everything so far: get its exact score
                    score = -self.negamax(child_me, child_opp, -INFINITY, -best)
            best = max(best, score)
            scores[cell] = score
            for perm in stabilizer:
                scores.setdefault(perm[cell], score)
        if self._trim is not None:
            self._trim()  # leave the table within its budget between decisions
        return sorted(scores.items())


def _build_negamax(
    geo: Geometry,
    table: dict[int, int],
    canonical_up_to: int,
    budget: int,
    trim: Callable[[], None] | None,
) -> tuple[Callable[[int, int, int, int], int], Callable[[], int], Callable[[], None]]:
    """Make the recursive negamax function, its node counter and its release.

    Calling the release frees the function (it unbinds the name the closure calls itself by).
    """
    lines = geo.lines
    k = geo.k
    k_minus_1 = k - 1
    full = geo.full
    n = geo.cells  # bits per bitboard: a table key is ``me | opp << n``
    order = geo.order
    table_get = table.get
    if canonical_up_to and n <= 16:
        perms = geo.symmetries
        inverses = geo.inverse_symmetries
        pairs = tuple((t[0], t[1]) for t in geo.tables[1:])
    else:
        canonical_up_to = -1
        perms = inverses = ()
        pairs = ()
    nodes = 0
    # The next node count that needs a look: the budget, or sooner the next trim.
    checkpoint = budget if trim is None else min(budget, CHECK_EVERY)

    def check() -> None:
        """Past the budget: give up. Else trim the table and set the next checkpoint."""
        nonlocal checkpoint
        if nodes > budget:
            raise SearchTooLargeError(
                f"Solving this {geo.size}x{geo.size} position exactly needs more than "
                f"{budget:,} positions; exact play is meant for 3x3 and 4x4 boards."
            )
        if trim is not None:
            trim()
        checkpoint = min(budget, nodes + CHECK_EVERY)

    def negamax(me: int, opp: int, alpha: int, beta: int) -> int:
        nonlocal nodes
        nodes += 1
        if nodes > checkpoint:
            check()
        empty = full ^ (me | opp)
        e = empty.bit_count()
        mine_left = (e + 1) >> 1
        theirs_left = e >> 1
        # One pass over the lines: threats, live lines, a win on the spot. heuristic.py has
        # the same scan plus its estimate, written out in both for speed (docs/decisions.md).
        threats = 0
        my_live = their_live = False
        for line in lines:
            if line & opp:
                if line & me:
                    continue  # dead: holds both marks
                c = (line & opp).bit_count()
                if c == k_minus_1:
                    threats |= line & empty
                if k - c <= theirs_left:
                    their_live = True
            elif line & me:
                c = (line & me).bit_count()
                if c == k_minus_1:
                    return e  # complete the line now: the fastest possible win
                if k - c <= mine_left:
                    my_live = True
            else:
                if k <= mine_left:
                    my_live = True
                if k <= theirs_left:
                    their_live = True

        # Bounds known without searching. We cannot win on this move (that returned above).
        # Our fastest conceivable win is our next-but-one move, which leaves e - 3 empty
        # cells and so scores e - 2. Their fastest win: with a threat, their next move
        # (leaves e - 2, worth e - 1 to them, 1 - e to us); without one, their move after
        # that (leaves e - 4, worth e - 3 to them, 3 - e to us).
        if threats:
            if threats & (threats - 1):
                return 1 - e  # two threats: we block one, they complete the other
            lower = 1 - e if their_live else 0
        else:
            lower = 3 - e if their_live else 0
        if my_live:
            upper = e - 2
        elif their_live:
            upper = 0
        else:
            return 0  # nobody can complete a line any more: dead draw
        if upper <= alpha:
            return upper
        if lower >= beta:
            return lower
        if upper < beta:
            beta = upper
        if lower > alpha:
            alpha = lower

        # Transposition table. Early positions use the canonical key: the smallest
        # image of (me, opp) under the board's symmetries, each image read from byte
        # tables (two byte-chunks per bitboard, so at most 16 cells); ``sym`` is the
        # symmetry that gave it, to map the stored best cell back onto this position.
        sym = 0
        if n - e <= canonical_up_to:
            key = me | opp << n
            lo_m, hi_m, lo_o, hi_o = me & 0xFF, me >> 8, opp & 0xFF, opp >> 8
            for index, (t0, t1) in enumerate(pairs, 1):
                image = t0[lo_m] | t1[hi_m] | (t0[lo_o] | t1[hi_o]) << n
                if image < key:
                    key, sym = image, index
        else:
            key = me | opp << n
        entry = table_get(key)
        first = -1
        if entry is not None:
            score = (entry & 0x7F) - _SCORE_BIAS  # unpack: see the layout at _SCORE_BIAS
            flag = entry >> 7 & 3
            if flag == EXACT:
                return score
            if flag == LOWER:
                if score >= beta:
                    return score
                if score > alpha:
                    alpha = score
            else:
                if score <= alpha:
                    return score
                if score < beta:
                    beta = score
            first = (entry >> 9) - 1
            if first >= 0 and sym:
                first = inverses[sym][first]

        # Search the moves: a forced block alone, else TT move first, then static order.
        best = -INFINITY
        best_cell = -1
        a = alpha
        if threats:
            moves: tuple[int, ...] = (threats.bit_length() - 1,)
            first = -1
        else:
            moves = order
            if first >= 0:
                best = -negamax(opp, me | 1 << first, -beta, -a)
                best_cell = first
                if best > a:
                    a = best
        if a < beta:
            for cell in moves:
                bit = 1 << cell
                if not empty & bit or cell == first:
                    continue
                score = -negamax(opp, me | bit, -beta, -a)
                if score > best:
                    best = score
                    best_cell = cell
                    if score > a:
                        a = score
                        if a >= beta:
                            break

        if best >= beta:
            flag = LOWER
        elif best <= alpha:
            flag = UPPER
        else:
            flag = EXACT
        if sym:
            best_cell = perms[sym][best_cell]
        table[key] = (best + _SCORE_BIAS) | flag << 7 | (best_cell + 1) << 9
        return best

    def count() -> int:
        return nodes

    def release() -> None:
        nonlocal negamax
        del negamax

    return negamax, count, release
