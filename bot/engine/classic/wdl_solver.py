"""A fast exact win/draw/loss solver for k-in-a-row, built for 5x5 with four in a row.

:class:`WdlSolver` answers only win, draw or loss (``WIN, DRAW, LOSS = 1, 0, -1`` for the side
to move, the owner of ``me``) for positions that are not over, with one transposition table of
at most ``table_limit`` entries; :func:`fastest_win` finds the quickest forced win. How the
search works (threats kept incrementally, one line scan per node, dead cells, move order):
docs/decisions.md.
"""

from __future__ import annotations

from collections.abc import Callable

from .geometry import Geometry
from .symmetry import byte_tables

Negamax = Callable[[int, int, int, int, int, tuple[int, ...]], int]

WIN, DRAW, LOSS = 1, 0, -1

TABLE_LIMIT = 1_500_000  # entries the table may hold (see WdlSolver._make_room)
CANONICAL_UP_TO = 6  # marks on the board up to which positions use their canonical key


class Stopped(Exception):  # an internal signal: callers turn it into their own answer
    """Raised inside a search that ran out of its node budget."""


class WdlSolver:
    """Exact win/draw/loss values and moves for one geometry, with a shared table."""

    def __init__(
        self,
        geo: Geometry,
        *,
        table_limit: int = TABLE_LIMIT,
        canonical_up_to: int = CANONICAL_UP_TO,
        cutoff: int = 0,
    ) -> None:
        """``cutoff``: empty cells left at which the game is stopped and scored a draw (0: it
        is played to a full board; more: a horizon, see :func:`fastest_win`)."""
        self.geo = geo
        self.table: dict[int, int] = {}
        self.table_limit = table_limit
        self.cutoff = cutoff
        self.nodes = 0
        self.budget = -1
        self._negamax = _build(self, canonical_up_to)

    # -- public API -------------------------------------------------------------

    def value(self, me: int, opp: int, *, budget: int = -1) -> int:
        """The value of a position for the side to move (owner of ``me``): 1, 0 or -1.

        ``budget`` (positions examined) raises :class:`Stopped` when exceeded; -1 = none.
        The position must not be over (no completed line, an empty cell left).
        """
        self._make_room()
        return self._window(me, opp, LOSS, WIN, budget)

    def move_values(self, me: int, opp: int, *, budget: int = -1) -> dict[int, int]:
        """Every legal move's exact value for the mover: ``{cell: 1 | 0 | -1}``."""
        geo = self.geo
        empty = geo.full ^ (me | opp)
        values: dict[int, int] = {}
        for cell in geo.order:
            bit = 1 << cell
            if empty & bit:
                values[cell] = self.after_move(me, opp, cell, budget=budget)
        return values

    def best_move(self, me: int, opp: int, *, budget: int = -1) -> tuple[int, int]:
        """A move that keeps the position's value, and that value: ``(cell, value)``.

        In a won position that is *a* winning move, not the fastest (:func:`fastest_win`).
        """
        # Solve the position, then test each move with a null window ("does it reach the
        # value?"): the table the first search left makes those tests cheap.
        target = self.value(me, opp, budget=budget)
        geo = self.geo
        empty = geo.full ^ (me | opp)
        for cell in geo.order:
            if not empty >> cell & 1:
                continue
            mine = me | 1 << cell
            if _threat_cells(geo, mine, opp, geo.lines_through[cell]) < 0:
                return cell, WIN
            if (geo.full ^ (mine | opp)).bit_count() <= self.cutoff:
                if target == DRAW:
                    return cell, DRAW
                continue
            if -self._window(opp, mine, -target, -target + 1, budget) >= target:
                return cell, target
        raise AssertionError("no move reaches the position's own value")

    def after_move(self, me: int, opp: int, cell: int, *, budget: int = -1) -> int:
        """The mover's value after playing ``cell`` (1 if it completes a line)."""
        geo = self.geo
        mine = me | 1 << cell
        if _threat_cells(geo, mine, opp, geo.lines_through[cell]) < 0:
            return WIN
        if (geo.full ^ (mine | opp)).bit_count() <= self.cutoff:
            return DRAW
        self._make_room()
        return -self._window(opp, mine, LOSS, WIN, budget)

    def _make_room(self) -> None:
        """Empty the table if it is over half full (why: docs/decisions.md)."""
        if 2 * len(self.table) > self.table_limit:
            self.table.clear()

    def _window(self, me: int, opp: int, alpha: int, beta: int, budget: int) -> int:
        geo = self.geo
        self.nodes = 0
        self.budget = budget
        if (geo.full ^ (me | opp)).bit_count() <= self.cutoff:
            return DRAW
        mine_threats = _all_threats(geo, me, opp)
        if mine_threats:
            return WIN
        their_threats = _all_threats(geo, opp, me)
        return self._negamax(me, opp, their_threats, alpha, beta, geo.lines)


def fastest_win(geo: Geometry, me: int, opp: int, *, budget: int = -1) -> tuple[int, int] | None:
    """The mover's quickest forced win: ``(first cell, plies)``, or None if it has none.

    ``plies`` counts every move to the end, both sides', the winning one included (1: it
    wins now), against the defence that holds out longest. Raises :class:`Stopped` once its
    searches together have examined ``budget`` positions (-1: no limit).
    """
    threats = _all_threats(geo, me, opp)
    if threats:
        return (threats & -threats).bit_length() - 1, 1
    empties = (geo.full ^ (me | opp)).bit_count()
    left = budget

    def spend(solver: WdlSolver) -> None:
        nonlocal left
        if budget >= 0:
            left -= solver.nodes
            if left <= 0:
                raise Stopped

    for plies in range(3, empties + 1, 2):  # can the mover win within this many plies?
        # A horizon of its own: a value under one cut-off says nothing under another.
        solver = WdlSolver(geo, cutoff=empties - plies)
        try:
            value = solver.value(me, opp, budget=left)
            spend(solver)
            if value == WIN:
                empty = geo.full ^ (me | opp)
                for cell in geo.order:
                    if empty >> cell & 1:
                        value = solver.after_move(me, opp, cell, budget=left)
                        spend(solver)
                        if value == WIN:
                            return cell, plies
                raise AssertionError("no move wins within the horizon that is won")
        finally:
            # A solver and its search function refer to each other: only the cycle collector
            # would free them, table included, long after the decision. Empty it now.
            solver.table.clear()
    return None


def _threat_cells(geo: Geometry, mine: int, theirs: int, lines: tuple[int, ...]) -> int:
    """Threat cells of ``mine`` among ``lines``, or -1 if one of them is complete."""
    k1 = geo.k - 1
    found = 0
    for line in lines:
        if not line & theirs:
            count = (line & mine).bit_count()
            if count == geo.k:
                return -1
            if count == k1:
                found |= line ^ (line & mine)
    return found


def _all_threats(geo: Geometry, mine: int, theirs: int) -> int:
    """Every empty cell that would complete a line for ``mine`` (0 if none)."""
    found = _threat_cells(geo, mine, theirs, geo.lines)
    if found < 0:
        raise ValueError("the position already has a completed line")
    return found


_KEY_SYMMETRIES: dict[Geometry, tuple[tuple[tuple[int, ...], ...], ...]] = {}


def _key_symmetries(geo: Geometry) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Byte tables applying each symmetry but the identity to a 2n-bit key (made once per
    geometry: :func:`fastest_win` builds several solvers per question)."""
    found = _KEY_SYMMETRIES.get(geo)
    if found is None:
        n = geo.cells
        found = tuple(byte_tables((*perm, *(p + n for p in perm))) for perm in geo.symmetries[1:])
        _KEY_SYMMETRIES[geo] = found
    return found


def _build(solver: WdlSolver, canonical_up_to: int) -> Negamax:
    """Make the recursive search as a closure over local tables (faster in CPython)."""
    geo = solver.geo
    lines_through = geo.lines_through
    order = geo.order
    full = geo.full
    stop = solver.cutoff
    n = geo.cells
    k = geo.k
    k1 = k - 1
    k2 = k - 2
    # A table entry packs three small fields: bits 0-1 (``entry & 3``) the lower bound + 1,
    # bits 2-3 (``entry >> 2 & 3``) the upper bound + 1 (values -1..1 fit two bits as 0..2),
    # bits 4+ (``entry >> 4``) the best cell + 1, 0 when there is none.
    table = solver.table
    table_get = table.get
    # Canonical keys: each symmetry applied to the 2n-bit key through byte tables.
    chunks = (2 * n + 7) // 8
    sym_tables = _key_symmetries(geo) if canonical_up_to > 0 else ()
    shifts = tuple(range(0, 8 * chunks, 8))

    perms = geo.symmetries
    inverses = geo.inverse_symmetries if canonical_up_to > 0 else ()

    def canonical(key: int) -> tuple[int, int]:
        """The smallest image of ``key`` under the symmetries, and which symmetry gave it."""
        best, sym = key, 0
        for index, tabs in enumerate(sym_tables, 1):
            image = 0
            for tab, shift in zip(tabs, shifts, strict=False):
                image |= tab[key >> shift & 0xFF]
            if image < best:
                best, sym = image, index
        return best, sym

    def negamax(
        me: int, opp: int, against: int, alpha: int, beta: int, alive: tuple[int, ...]
    ) -> int:
        """Value for the mover, who has no threat; ``against`` = the opponent's threats.

        ``alive`` holds every line that has no marks of both sides (and maybe some that do).
        """
        solver.nodes += 1
        if solver.nodes == solver.budget:
            raise Stopped
        empty = full ^ (me | opp)
        e = empty.bit_count() - stop  # plies left, at least 1 (the mover's)
        if e == 1:  # one last move, and the mover has no threat to complete: nobody wins
            return DRAW
        if against:
            if against & (against - 1):
                return LOSS
            cell = against.bit_length() - 1
            mine = me | against
            return -negamax(opp, mine, _made(cell, mine, opp), -beta, -alpha, alive)

        mine_left = (e + 1) >> 1
        theirs_left = e >> 1

        # Table.
        marks = n - e - stop
        key = me | opp << n
        sym = 0
        if marks <= canonical_up_to:
            key, sym = canonical(key)
        entry = table_get(key)
        first = -1
        if entry is not None:
            low = (entry & 3) - 1
            high = (entry >> 2 & 3) - 1
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
            first = (entry >> 4) - 1
            if first >= 0 and sym:
                first = inverses[sym][first]

        # One scan over the lines.
        my_live = their_live = False
        live = near = crossing = 0
        still = []
        my_make = my_double = 0
        their_make = their_double = 0
        for line in alive:
            a = line & me
            b = line & opp
            if a:
                if b:
                    continue
                still.append(line)
                c = a.bit_count()
                if k - c <= mine_left:
                    free = line ^ a
                    my_live = True
                    live |= free
                    crossing |= near & free
                    near |= free
                    if c == k2:
                        my_double |= my_make & free
                        my_make |= free
            elif b:
                still.append(line)
                c = b.bit_count()
                if k - c <= theirs_left:
                    free = line ^ b
                    their_live = True
                    live |= free
                    crossing |= near & free
                    near |= free
                    if c == k2:
                        their_double |= their_make & free
                        their_make |= free
            else:
                still.append(line)
                if k <= mine_left:
                    my_live = True
                    live |= line
                if k <= theirs_left:
                    their_live = True
                    live |= line
        if not my_live:
            if not their_live:
                return DRAW
            if beta > DRAW:
                beta = DRAW
                if alpha >= beta:
                    return DRAW
        elif not their_live and alpha < DRAW:
            alpha = DRAW
            if alpha >= beta:
                return DRAW

        # A move making two threats at once wins: the opponent has none to reply with.
        while my_double:
            low_bit = my_double & -my_double
            my_double ^= low_bit
            cell = low_bit.bit_length() - 1
            made = _made(cell, me | low_bit, opp)
            if made & (made - 1):
                return WIN

        candidates = live & empty
        # The opponent's double-threat cells: a quiet move must spoil every one of them.
        while their_double:
            low_bit = their_double & -their_double
            their_double ^= low_bit
            cell = low_bit.bit_length() - 1
            spoil = _spoilers(cell, opp | low_bit, me)
            if spoil:
                candidates &= my_make | spoil

        a = alpha
        best = LOSS - 1
        best_cell = -1
        if first >= 0 and candidates >> first & 1:
            moves = [first]
            candidates ^= 1 << first
        else:
            moves = []
        # Move order: table move, then forcing/defending cells, then cells near marks.
        groups = (my_make & their_make, my_make, their_make, near & crossing, near, candidates)
        for group in groups:
            group &= candidates
            if group:
                candidates ^= group
                moves += [c for c in order if group >> c & 1]
        alive = tuple(still)
        for cell in moves:
            bit = 1 << cell
            mine = me | bit
            score = -negamax(opp, mine, _made(cell, mine, opp), -beta, -a, alive)
            if score > best:
                best = score
                best_cell = cell
                if score > a:
                    a = score
                    if a >= beta:
                        break
        if best < LOSS:  # no candidate at all: every live cell loses to a double threat
            best = LOSS
            best_cell = (empty & -empty).bit_length() - 1

        # Store the bound merged with what the table knew.
        low, high = (LOSS, WIN) if entry is None else ((entry & 3) - 1, (entry >> 2 & 3) - 1)
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        if sym:
            best_cell = perms[sym][best_cell]
        if len(table) < solver.table_limit:
            table[key] = (low + 1) | (high + 1) << 2 | (best_cell + 1) << 4
        return best

    def _made(cell: int, mine: int, theirs: int) -> int:
        """Threat cells ``mine`` (which holds ``cell``) has on the lines through ``cell``."""
        made = 0
        for line in lines_through[cell]:
            if not line & theirs:
                m = line & mine
                if m.bit_count() == k1:
                    made |= line ^ m
        return made

    def _spoilers(cell: int, theirs: int, mine: int) -> int:
        """Cells that defuse the double threat ``theirs`` gets by playing ``cell`` (0: none)."""
        made = 0
        spoil = 0
        for line in lines_through[cell]:
            if not line & mine:
                m = line & theirs
                if m.bit_count() == k1:
                    made |= line ^ m
                    spoil |= line ^ m
        if made & (made - 1):
            return spoil | 1 << cell
        return 0

    return negamax
