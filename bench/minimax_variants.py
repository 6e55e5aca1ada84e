"""Minimax, one idea at a time, on 3x3: the searches docs/minimax.md measures and compares.

Each step of the tour is the same negamax with one more idea switched on (``Ideas``), so the
count of positions examined shows what that idea buys. The classic mistakes are here too,
written the way they usually appear in class, so tests/engine/classic/test_tour.py can run
each one against the real engine on the position the tour shows.

Self-contained on purpose (only the standard library): a student can read it top to bottom.
A position is two 9-bit ints, ``me`` (side to move) and ``opp``; bit ``row * 3 + col``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

FULL = 0b111_111_111
LINES = (
    0b000_000_111, 0b000_111_000, 0b111_000_000,  # rows
    0b001_001_001, 0b010_010_010, 0b100_100_100,  # columns
    0b100_010_001, 0b001_010_100,  # diagonals
)  # fmt: skip
ROW_MAJOR = tuple(range(9))
CENTRE_FIRST = (4, 0, 2, 6, 8, 1, 3, 5, 7)  # the engine's order: centre, corners, edges
INFINITY = 1_000


def has_line(marks: int) -> bool:
    return any(marks & line == line for line in LINES)


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 rotations and reflections of the 3x3 board as cell permutations."""
    turn = (6, 3, 0, 7, 4, 1, 8, 5, 2)  # quarter turn: the cell that lands on each cell
    mirror = (2, 1, 0, 5, 4, 3, 8, 7, 6)
    perms = [tuple(range(9))]
    for _ in range(3):
        perms.append(tuple(perms[-1][turn[cell]] for cell in range(9)))
    perms += [tuple(perm[mirror[cell]] for cell in range(9)) for perm in perms]
    return tuple(perms)


SYMMETRIES = _symmetries()


def permute(perm: tuple[int, ...], bits: int) -> int:
    return sum(1 << cell for cell in range(9) if bits >> perm[cell] & 1)


@dataclass(frozen=True)
class Ideas:
    """Which ideas a search uses; each tour step switches one more on."""

    fastest_win: bool = False  # a win scores 1 + the cells left after it (else always 1)
    pruning: bool = False  # alpha-beta
    order: tuple[int, ...] = ROW_MAJOR  # the order moves are tried in
    table: bool = False  # transposition table with EXACT / LOWER / UPPER flags
    symmetry: bool = False  # store positions under their smallest rotation/reflection


WITHOUT_DISTANCE = Ideas(fastest_win=False, pruning=True, order=CENTRE_FIRST)
"""Mistake: every win scores the same, however far away (alpha-beta and ordering kept)."""

EXACT, LOWER, UPPER = 0, 1, 2


class Negamax:
    """One search with a node counter: ``value(me, opp)`` is the score for the side to move."""

    def __init__(self, ideas: Ideas) -> None:
        self.ideas = ideas
        self.nodes = 0
        self.table: dict[int, tuple[int, int]] = {}

    def value(self, me: int, opp: int, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        self.nodes += 1
        empty = FULL ^ (me | opp)
        if has_line(opp):  # the previous move won
            return -(empty.bit_count() + 1 if self.ideas.fastest_win else 1)
        if not empty:
            return 0
        ideas = self.ideas
        if not ideas.pruning:
            alpha, beta = -INFINITY, INFINITY
        low = alpha
        key = self.key(me, opp)
        if ideas.table and key in self.table:
            score, flag = self.table[key]
            if flag == EXACT:
                return score
            if flag == LOWER:
                alpha = max(alpha, score)
            else:
                beta = min(beta, score)
            if alpha >= beta:
                return score
        high = beta
        best = -INFINITY
        for cell in ideas.order:
            if empty >> cell & 1:
                score = -self.value(opp, me | 1 << cell, -beta, -alpha)
                best = max(best, score)
                if ideas.pruning:
                    alpha = max(alpha, score)
                    if alpha >= beta:
                        break
        if ideas.table:
            flag = LOWER if best >= high else UPPER if best <= low else EXACT
            self.table[key] = (best, flag)
        return best

    def key(self, me: int, opp: int) -> int:
        if not self.ideas.symmetry:
            return me | opp << 9
        return min(permute(p, me) | permute(p, opp) << 9 for p in SYMMETRIES)


# --- depth-limited search and its evaluation ------------------------------------------------


def estimate(me: int, opp: int) -> int:
    """The engine's evaluation (bot/engine/heuristic.py): open lines weigh 1, 4 for 1, 2 marks."""
    weight = (0, 1, 4, 16)
    total = 0
    for line in LINES:
        if not line & opp:
            total += weight[(line & me).bit_count()]
        elif not line & me:
            total -= weight[(line & opp).bit_count()]
    return total


WIN = 10_000


class Limited:
    """Negamax that stops ``depth`` moves down and asks ``horizon`` what the position is worth."""

    def __init__(self, horizon: Callable[[int, int], int]) -> None:
        self.horizon = horizon
        self.nodes = 0

    def value(self, me: int, opp: int, depth: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        empty = FULL ^ (me | opp)
        if has_line(opp):
            return -(WIN + empty.bit_count())
        if not empty:
            return 0
        if depth == 0:
            return self.horizon(me, opp)
        best = -INFINITY * WIN
        for cell in CENTRE_FIRST:
            if empty >> cell & 1:
                score = -self.value(opp, me | 1 << cell, depth - 1, -beta, -alpha)
                best = max(best, score)
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        return best

    def choose(self, me: int, opp: int, depth: int) -> int:
        """The first best cell (centre-first order) of a ``depth``-move search."""
        empty = FULL ^ (me | opp)
        best_cell, best = -1, -INFINITY * WIN
        for cell in CENTRE_FIRST:
            if empty >> cell & 1:
                score = -self.value(opp, me | 1 << cell, depth - 1, -INFINITY * WIN, -best)
                if score > best:
                    best_cell, best = cell, score
        return best_cell


def draw_at_horizon(me: int, opp: int) -> int:
    """Mistake: a position the search did not finish is scored as a draw."""
    return 0


# --- choosing a move ------------------------------------------------------------------------


def choose(me: int, opp: int, ideas: Ideas) -> int:
    """The first cell (in ``ideas.order``) with the best negamax score for the side to move."""
    search = Negamax(ideas)
    empty = FULL ^ (me | opp)
    scores = {c: -search.value(opp, me | 1 << c) for c in ideas.order if empty >> c & 1}
    return max(scores, key=lambda cell: scores[cell])  # max keeps the first of equals


def minimax_for_x(x: int, o: int) -> int:
    """Plain minimax from X's side: X maximises, O minimises (wins score 1 + cells left)."""
    empty = FULL ^ (x | o)
    if has_line(x):
        return empty.bit_count() + 1
    if has_line(o):
        return -(empty.bit_count() + 1)
    if not empty:
        return 0
    x_to_move = x.bit_count() == o.bit_count()
    scores = [
        minimax_for_x(x | 1 << c, o) if x_to_move else minimax_for_x(x, o | 1 << c)
        for c in ROW_MAJOR
        if empty >> c & 1
    ]
    return max(scores) if x_to_move else min(scores)


def wrong_side_choice(x: int, o: int) -> int:
    """Mistake: the computer always takes the move with the highest score *for X*, even when
    it plays O, so as O it plays its opponent's best square."""
    x_to_move = x.bit_count() == o.bit_count()
    empty = FULL ^ (x | o)
    scores = {
        c: minimax_for_x(x | 1 << c, o) if x_to_move else minimax_for_x(x, o | 1 << c)
        for c in ROW_MAJOR
        if empty >> c & 1
    }
    return max(scores, key=lambda cell: scores[cell])
