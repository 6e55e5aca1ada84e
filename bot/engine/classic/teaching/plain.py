"""How many positions a plain minimax would examine: the yardstick for the real search.

Plain minimax (no pruning, no table, no shortcuts) visits a position and every position below
it until each line of play ends, so the count of a position is 1 plus the counts of the
positions after each move; it is computed once per distinct position (memoized), not walked.
From the empty 3x3 board that gives the textbook 549,946.
"""

from __future__ import annotations

from ..board import Board, completes_line

PLAIN_COUNT_LIMIT = 150_000
"""Distinct positions the count may memorise before it gives up: enough for any 3x3 position
(5,478 at most) and for 4x4 positions with at most 12 empty cells (cost: docs/decisions.md)."""


class _TooMany(Exception):
    """Internal: the count would memorise more than PLAIN_COUNT_LIMIT positions."""


def plain_minimax_positions(board: Board, limit: int = PLAIN_COUNT_LIMIT) -> int | None:
    """Positions a plain minimax examines from ``board`` (itself included) to the end of play.

    A finished game counts 1. Returns None when counting would need more than ``limit``
    distinct positions (early 4x4 positions and larger boards).
    """
    if board.is_over:
        return 1
    geo = board.geometry
    full = geo.full
    order = range(geo.cells)
    memo: dict[tuple[int, int], int] = {}

    def count(me: int, opp: int) -> int:
        """Positions below and including (me to move, opp just moved), game still on."""
        key = (me, opp)
        known = memo.get(key)
        if known is not None:
            return known
        if len(memo) >= limit:
            raise _TooMany
        empty = full ^ (me | opp)
        total = 1
        for cell in order:
            if empty >> cell & 1:
                child = me | 1 << cell
                if completes_line(geo, child, cell) or child | opp == full:
                    total += 1  # the game ends here: a leaf
                else:
                    total += count(opp, child)
        memo[key] = total
        return total

    me, opp = board.sides
    try:
        return count(me, opp)
    except _TooMany:
        return None
