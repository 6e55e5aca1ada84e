"""Depth-limited search for the weaker levels, with a heuristic evaluation.

:class:`LimitedSearch` searches ``depth`` plies, then estimates: each line still open for one
side is worth 1, 4, 16, ... for 1, 2, 3, ... of that side's marks in it, and the estimate is the
mover's sum minus the opponent's. Real results dominate: a win scores ``WIN + empties``, far
above any estimate, and the solver's exact shortcuts apply (take a win, block a single threat,
two threats lose, dead lines draw). Why estimate at all: docs/decisions.md.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .board import completes_line
from .geometry import Bitboard, Cell, Geometry

WIN = 100_000
INFINITY = 10 * WIN


class LimitedSearch:
    """One depth-limited search on a board geometry."""

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        self.negamax = _build(geo)

    def score_moves(self, me: Bitboard, opp: Bitboard, depth: int) -> list[tuple[Cell, int]]:
        """``(cell, score)`` for every legal move, searching ``depth`` plies in total.

        Scores of moves worse than the best are upper bounds only (alpha-beta
        at the root keeps ties: a move must reach ``best - 1`` to be searched
        exactly).
        """
        geo = self.geo
        empty = geo.full ^ (me | opp)
        e = empty.bit_count()
        results: list[tuple[int, int]] = []
        best = -INFINITY
        for cell in geo.order:
            if not empty >> cell & 1:
                continue
            child = me | 1 << cell
            if completes_line(geo, child, cell):
                score = WIN + e
            else:
                score = -self.negamax(opp, child, depth - 1, -INFINITY, -(best - 1))
            best = max(best, score)
            results.append((cell, score))
        return results


@cache
def _build(geo: Geometry) -> Callable[[int, int, int, int, int], int]:
    """Make the recursive depth-limited negamax, once per geometry (why: docs/decisions.md).

    It keeps no state between calls, so every decision and every thread shares it."""
    lines = geo.lines
    k = geo.k
    k_minus_1 = k - 1
    full = geo.full
    order = geo.order
    weight = tuple(4 ** (c - 1) if c else 0 for c in range(k + 1))  # c marks: 0, 1, 4, 16, ...

    def negamax(me: int, opp: int, depth: int, alpha: int, beta: int) -> int:
        empty = full ^ (me | opp)
        e = empty.bit_count()
        mine_left = (e + 1) >> 1
        theirs_left = e >> 1
        threats = 0
        estimate = 0
        my_live = their_live = False
        for line in lines:  # the solver's scan plus the estimate (why twice: see solver.py)
            if line & opp:
                if line & me:
                    continue
                c = (line & opp).bit_count()
                if c == k_minus_1:
                    threats |= line & empty
                if k - c <= theirs_left:
                    their_live = True
                estimate -= weight[c]
            elif line & me:
                c = (line & me).bit_count()
                if c == k_minus_1:
                    return WIN + e
                if k - c <= mine_left:
                    my_live = True
                estimate += weight[c]
            else:
                if k <= mine_left:
                    my_live = True
                if k <= theirs_left:
                    their_live = True
        if threats & (threats - 1):
            return 1 - e - WIN
        if not (my_live or their_live):
            return 0
        if depth <= 0:
            return estimate
        if threats:
            moves: tuple[int, ...] = (threats.bit_length() - 1,)
        else:
            moves = order
        best = -INFINITY
        for cell in moves:
            bit = 1 << cell
            if not empty & bit:
                continue
            score = -negamax(opp, me | bit, depth - 1, -beta, -alpha)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    return negamax
