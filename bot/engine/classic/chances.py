"""A novice's chances of going wrong: how likely a move wins against a one-move-ahead player.

A *novice* here takes a win in one, blocks a single threat, and otherwise moves at random (the
one-ply player of bench/scripted.py). Against a novice a position that is a draw under best play
can still be won: two lines that both lack one mark cannot both be blocked, and a novice does
not see such a fork coming. :func:`novice_chances` gives, for each move, the probability that
the mover completes a line within ``depth`` more moves of its own against a novice, the mover
choosing its moves to make that probability largest. The adaptive level uses it to choose,
among moves of equal value, the one that sets the most traps (docs/decisions.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from .board import Board, completes_line
from .geometry import Bitboard, Cell, Geometry

NOVICE_DEPTH = 3
"""The mover's moves after the one being judged that the search looks at, a winning move not
counted: 3 finds forks a novice walks into on 4x4 and 3x3 in about 20 ms a move."""

_Search = Callable[[Bitboard, Bitboard, int, dict[tuple[int, int, int], float]], float]


def novice_chances(
    board: Board, cells: Sequence[Cell], depth: int = NOVICE_DEPTH
) -> list[float]:
    """For each of ``cells`` (empty cells of a ``board`` whose game goes on), the probability
    that the side to move, playing there, completes a line within ``depth`` more of its moves
    against a novice (see the module docstring), 0.0 to 1.0."""
    me, opp = board.sides
    geo = board.geometry
    after_move = _build(geo)
    memo: dict[tuple[int, int, int], float] = {}
    return [
        1.0
        if completes_line(geo, me | 1 << cell, cell)
        else after_move(me | 1 << cell, opp, depth, memo)
        for cell in cells
    ]


@cache
def _build(geo: Geometry) -> _Search:
    """The search for one geometry, built once and shared (it keeps no state between calls:
    each call gets its own memo)."""
    lines = geo.lines
    k1 = geo.k - 1
    full = geo.full
    need = 2 * k1 - 1  # marks in two open lines a fork needs, its own move included

    def threats(mine: int, theirs: int) -> int:
        """The empty cells that would complete a line of ``mine``."""
        found = 0
        for line in lines:
            if not line & theirs and (line & mine).bit_count() == k1:
                found |= line & ~mine
        return found

    def mover(me: int, opp: int, depth: int, memo: dict[tuple[int, int, int], float]) -> float:
        """The mover to play with ``depth`` moves left: its best chance."""
        key = (me, opp, depth)
        value = memo.get(key)
        if value is not None:
            return value
        value = 0.0
        empty = full & ~(me | opp)
        if empty:
            most = second = -1
            useful = 0
            for line in lines:
                if not line & opp:
                    marks = (line & me).bit_count()
                    if marks > most:
                        most, second = marks, most
                    elif marks > second:
                        second = marks
                    useful |= line
            if most == k1:
                value = 1.0
            elif most + second + depth >= need:  # else no fork is possible in time
                theirs = threats(opp, me) & empty
                if not theirs & (theirs - 1):  # two threats: the novice wins
                    choices = theirs or useful & empty
                    while choices:
                        low = choices & -choices
                        choices ^= low
                        chance = after_move(me | low, opp, depth, memo)
                        if chance > value:
                            value = chance
                            if value >= 1.0:
                                break
        memo[key] = value
        return value

    def after_move(
        me: int, opp: int, depth: int, memo: dict[tuple[int, int, int], float]
    ) -> float:
        """The novice to reply: a win if it has one, a block of a single threat, else random."""
        key = (me, opp, -1 - depth)
        value = memo.get(key)
        if value is not None:
            return value
        empty = full & ~(me | opp)
        if not empty or threats(opp, me) & empty:
            value = 0.0
        else:
            mine = threats(me, opp) & empty
            if mine & (mine - 1):
                value = 1.0
            elif mine:
                value = mover(me, opp | mine, depth - 1, memo)
            else:
                total = 0.0
                replies = empty
                while replies:
                    low = replies & -replies
                    replies ^= low
                    total += mover(me, opp | low, depth - 1, memo)
                value = total / empty.bit_count()
        memo[key] = value
        return value

    return after_move
