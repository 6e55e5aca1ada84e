"""Exact game-tree search: negamax with alpha-beta, a transposition table and symmetry.

**What it computes.** The plain statement is the reference solver in
``tests/engine/test_engine_exhaustive_3x3.py`` (``ref_solve``/``ref_move_results``): a
memoized minimax over 9-tuples of marks, depth-aware, sharing no code with this module.
Everything below only makes the same answer fast; that test checks every reachable 3x3
position against the reference.

**Negamax.** Tic-Tac-Toe is zero-sum, so a position worth ``v`` to the side
to move is worth ``-v`` to the other side. One function therefore serves both
players: the value of a position is the maximum over moves of *minus* the
value of the position after the move (for the opponent, who then moves).

**Depth-aware scores.** A win is worth more the sooner it comes: winning with
``e`` empty cells left after the winning move scores ``e + 1`` (always >= 1), a
draw scores 0 and a loss is the negative of the opponent's win. Maximising this
makes the engine win as fast as possible and, when lost, resist as long as
possible. The score depends only on the position (how many cells are empty),
never on how the search reached it, so transposition-table entries can be
reused anywhere.

**Alpha-beta.** ``negamax(me, opp, alpha, beta)`` only needs the exact value
when it lies strictly between ``alpha`` and ``beta``. Once a move scores
``>= beta`` the opponent would never allow this position (they have something
at least as good elsewhere), so the remaining moves are skipped (a *cut*).
If every move scores ``<= alpha`` the result is only an upper bound. Results
are *fail-soft*: a score outside the window is still a true bound.

**Transposition table (TT).** The same position is reached by many move orders.
Each searched position stores ``(score, flag, best cell)``: ``EXACT`` when the
score was inside the window, ``LOWER`` when it caused a cut (true value >=
score), ``UPPER`` when every move failed low (true value <= score). A later
visit returns at once if the stored bound already decides its window, and tries
the stored best move first otherwise.

**Symmetry.** Rotating or reflecting the board (and, on 4x4 with K=4, swapping
inner and outer rows/columns) maps lines onto lines, so it keeps the value.
Positions are stored under the smallest of their images (their *canonical
key*), so all symmetric copies share one entry. That costs one table lookup
per symmetry, so it is used where it pays (measured): on 4x4 for positions
with up to 7 marks. At the root, moves that are images of each other under a
symmetry of the current position are searched once.

**Cheap exact knowledge before searching.**
* a move that completes a line wins at once (score = empties);
* if the opponent threatens to complete a line and we cannot win first, only
  blocking moves matter; two different threats cannot both be blocked;
* a line is *live* for a player if it holds no enemy mark and that player still
  has enough moves left to fill it. With no live line a player cannot win, so
  its score is at most 0; if neither side has one the game is a dead draw;
* no score can beat the fastest conceivable win (our next-but-one move) or be
  worse than the fastest conceivable loss, which narrows the window for free.

**Move ordering.** Alpha-beta cuts most when the best move comes first: the
TT's best move, then cells on the most lines (the centre on 3x3).

**Finding all best moves** (see :meth:`Search.score_moves`): the first move gets an
exact score; every other move only needs to be compared with the best so far,
which a narrow window around that score answers far more cheaply.
"""

from __future__ import annotations

from collections.abc import Callable

from .board import completes_line
from .caches import int_table_bytes
from .errors import SearchTooLargeError
from .geometry import Bitboard, Cell, Geometry

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


# How many marks a position may hold and still be stored under its canonical
# (symmetry-reduced) key; computing the key costs one table lookup per symmetry.
# Tuned by timing: on 3x3 the whole game has only 5,478 positions and hashing the
# raw position is cheaper than canonicalising (the root still merges symmetric
# moves); on 4x4 canonical keys for the first 7 marks pay off.
_CANONICAL_UP_TO = {9: 0, 16: 7}
# Memory and time guards. A 4x4 game never comes close: its hardest positions (one or two
# marks down) examine about 40,000 positions. Tables count their own bytes (caches.py).
NODE_BUDGET = 300_000  # positions one search may examine before giving up
CHECK_EVERY = 4_096  # positions between two calls of a solver's ``trim`` during a search


class Solver:
    """The exact solver for one board geometry.

    The TT is shared by every search on this geometry (entries are true facts
    about positions, so any search can reuse them). Each call to :meth:`search`
    gets its own :class:`Search`, so concurrent searches in different threads
    never share counters; under the GIL a dict read or write is atomic, and so is
    emptying the table, which only costs a search under way some repeated work.

    ``trim`` keeps the table within a memory budget: it is called when a search starts,
    every :data:`CHECK_EVERY` positions and when :meth:`Search.score_moves` returns, and
    empties the table *in place* (``table.clear()``) when it is too big. Without one (a
    solver made for a single analysis) only :data:`NODE_BUDGET` bounds a search.
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
    """One search: the negamax function plus its node counter.

    The recursive negamax is a closure that calls itself, a reference cycle that only
    the cycle collector would free, together with the table it holds (a rare full
    collection: a long-running bot piled up 200 MB of old tables that way). So a Search
    breaks the cycle when it is dropped, and its function goes as soon as it does.
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
        """The exact score of a position, searched first with the window (-1, 1).

        Most positions are draws, and a narrow window cuts far more than the
        full one; only if the value turns out to be a win or a loss is the
        search repeated on the side of the window where the value lies (the
        fail-soft result already bounds it, and the TT remembers the first pass).
        """
        score = self.negamax(me, opp, -1, 1)
        if score <= -1:
            score = self.negamax(me, opp, -INFINITY, score + 1)
        elif score >= 1:
            score = self.negamax(me, opp, score - 1, INFINITY)
        return score

    def score_moves(
        self, me: Bitboard, opp: Bitboard, *, exact: bool
    ) -> list[tuple[Cell, int]]:
        """Score every legal move of a position (side to move owns ``me``).

        Returns ``(cell, score)`` pairs, score from the mover's point of view.
        With ``exact=True`` every score is exact. With ``exact=False`` only the
        best moves get their exact score; to find them cheaply each further move
        is first tested with a narrow window around the best score so far (is it
        worse, equal or better?), and worse moves keep the bound the test gave.

        Where the solver uses symmetry (4x4), moves that are symmetric to one
        already searched (under a symmetry that fixes the position) share its
        score without a search.
        """
        geo = self.geo
        empty = geo.full ^ (me | opp)
        stabilizer: list[tuple[int, ...]] = []
        if self.use_symmetry and (me | opp).bit_count() <= 4:
            from .symmetry import permute_bits

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
            else:
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

    The function is a closure with every table bound to a local name: in
    CPython that is markedly faster than attribute lookups on ``self``. Calling
    the release unbinds the function's own name, the cycle that would keep it alive.
    """
    lines = geo.lines
    k = geo.k
    k_minus_1 = k - 1
    full = geo.full
    n = geo.cells
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
        # the same scan plus its estimate; it stays written out in both because a shared
        # function costs a call per position (measured: 4-8% slower on the 4x4 solve).
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
