"""A static estimate of an ultimate position: :func:`evaluate`, X's chance of winning.

Each open small board gets two chances, X's and O's of three in a row there first, as if its
empty cells were filled in a random order with random marks (exact over every order and mark,
from a table of the 19,683 ways to fill a 3x3 board); a won board counts 1 for its winner, a
full one 0 for both. Treating the small boards as independent, a side completes a line of
small boards with chance ``1 - prod(1 - p_a * p_b * p_c)`` over the 8 lines, and the estimate
is ``1/2 + (X's chance - O's chance) / 2``. Why the search reads this instead of a playout:
docs/decisions.md, "Ultimate tic-tac-toe".
"""

from __future__ import annotations

from functools import cache

from .playout import SearchPosition
from .tables import BITS, FULL, HAS_LINE, LINES

TERNARY: tuple[int, ...] = tuple(sum(3**c for c in BITS[p]) for p in range(512))
"""``TERNARY[x] + 2 * TERNARY[o]`` numbers a small board's (X pattern, O pattern) in base 3."""


@cache
def chances_table() -> list[tuple[float, float]]:
    """``(X's chance, O's chance)`` of a first line on one small board, per base-3 number
    ``TERNARY[x] + 2 * TERNARY[o]``; built on first use (about 40 ms), not at import."""
    memo: dict[tuple[int, int], tuple[float, float]] = {}

    def chances(x: int, o: int) -> tuple[float, float]:
        if HAS_LINE[x]:
            return (1.0, 0.0)
        if HAS_LINE[o]:
            return (0.0, 1.0)
        known = memo.get((x, o))
        if known is not None:
            return known
        cells = BITS[FULL & ~(x | o)]
        x_total = o_total = 0.0
        for c in cells:
            x_after, o_after = chances(x | 1 << c, o), chances(x, o | 1 << c)
            x_total += x_after[0] + o_after[0]
            o_total += x_after[1] + o_after[1]
        result = (x_total / (2 * len(cells)), o_total / (2 * len(cells))) if cells else (0.0, 0.0)
        memo[(x, o)] = result
        return result

    table = [(0.0, 0.0)] * 3**9
    for x in range(512):
        free = FULL & ~x
        o = free
        while True:  # every o inside the cells x leaves free: 3^9 pairs in all
            table[TERNARY[x] + 2 * TERNARY[o]] = chances(x, o)
            if not o:
                break
            o = (o - 1) & free
    return table


_MACRO_LINES = tuple(tuple(BITS[line]) for line in LINES)


def evaluate(pos: SearchPosition) -> float:
    """X's estimated chance of winning ``pos`` (0 to 1; draws count half; exact once the game
    is won), blind to whose turn it is and where the last move sends: the search looks after
    that."""
    marks, open_ = pos.marks, pos.open
    x_won, o_won = pos.won
    if HAS_LINE[x_won] or HAS_LINE[o_won]:
        return 1.0 if HAS_LINE[x_won] else 0.0
    px = [0.0] * 9
    po = [0.0] * 9
    ternary, chances = TERNARY, chances_table()
    for b in range(9):
        if open_ >> b & 1:
            px[b], po[b] = chances[ternary[marks[b]] + 2 * ternary[marks[9 + b]]]
        elif x_won >> b & 1:
            px[b] = 1.0
        elif o_won >> b & 1:
            po[b] = 1.0
    x_misses = o_misses = 1.0
    for a, b, c in _MACRO_LINES:
        x_misses *= 1.0 - px[a] * px[b] * px[c]
        o_misses *= 1.0 - po[a] * po[b] * po[c]
    return 0.5 + 0.5 * (o_misses - x_misses)
