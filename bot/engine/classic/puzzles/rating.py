"""A puzzle's difficulty before anyone has solved it: its initial rating on the puzzle scale.

The puzzle scale is Elo's (and Glicko-2's, as Lichess rates puzzles): 400 points are a factor
of ten in the odds. :func:`initial_rating` puts a puzzle at ``BASE_RATING + 400 * log10(1/p)``,
where ``p`` is the chance that a guessing beginner finds every move of the solution. At each
of the mover's moves in the line, a move that completes a line or blocks the opponent's only
threat is obvious (found for sure); otherwise the beginner guesses, half the time among the
moves that make a threat (where it looks first) and half the time among all the legal moves.
So a longer win, more moves to choose from, more threats that tempt and fail, and a quiet
winning move (one that makes no threat) all make a puzzle harder. Players' results move the
rating from there. Reasons and the shipped set's ratings: docs/puzzles.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from ...moves import Move
from ..board import Board, completes_line
from ..geometry import Bitboard, Cell, Geometry

BASE_RATING = 800
"""A puzzle whose every move is obvious (a forced block that is also the win, then lines to
complete): the bottom of the scale, where a member who starts at 1,500 solves nearly always."""

POINTS_PER_TENFOLD = 400
"""Elo's scale: a player 400 points above another is ten times as likely to win."""


def chances(board: Board, line: Sequence[Move]) -> tuple[Fraction, ...]:
    """At each of the mover's moves in ``line`` (a solution line from ``board``), the chance
    that the guessing beginner plays it (1: the move is obvious)."""
    found = []
    for index, move in enumerate(line):
        if index % 2 == 0:
            found.append(_chance(board, move))
        board = board.play(move)
    return tuple(found)


def initial_rating(board: Board, line: Sequence[Move]) -> int:
    """The puzzle's rating before any player's result: ``BASE_RATING`` plus 400 points for
    every tenfold fall in the chance that a guessing beginner plays the whole line."""
    chance = math.prod(chances(board, line), start=Fraction(1))
    return round(BASE_RATING + POINTS_PER_TENFOLD * math.log10(1 / chance))


def _chance(board: Board, right: Move) -> Fraction:
    """The chance that the beginner plays ``right`` here (see the module docstring)."""
    geo = board.geometry
    me, opp = board.sides
    empty = geo.full ^ (me | opp)
    cells = [cell for cell in range(geo.cells) if empty >> cell & 1]
    if any(completes_line(geo, me | 1 << cell, cell) for cell in cells):
        return Fraction(1)  # a line to complete: everyone sees it
    if any(completes_line(geo, opp | 1 << cell, cell) for cell in cells):
        return Fraction(1)  # a threat to block: everyone blocks it (the right move does)
    forcing = [cell for cell in cells if _makes_threat(geo, me | 1 << cell, opp, cell)]
    anywhere = Fraction(1, len(cells))
    if not forcing:
        return anywhere
    among_threats = Fraction(1, len(forcing)) if board.cell(right) in forcing else Fraction(0)
    return (among_threats + anywhere) / 2


def _makes_threat(geo: Geometry, mine: Bitboard, theirs: Bitboard, cell: Cell) -> bool:
    """Whether ``mine`` (just played ``cell``) has a line through it one mark short of complete
    and free of ``theirs``."""
    short = geo.k - 1
    return any(
        not line & theirs and (line & mine).bit_count() == short
        for line in geo.lines_through[cell]
    )
