"""What the engine sees in a position, for a player who asks "why?".

Every move's exact result (:func:`~bot.engine.classic.analysis.analyze`), the opponent's threats (to
tell a block from any other drawing move), and two counts that show what the search saves:
the positions a *fresh* search examines for that analysis (an empty transposition table, so
the count is a property of the position, not of what was searched before) and the positions a
plain minimax would examine (:mod:`bot.engine.classic.teaching.plain`). On 5x5 with four in a
row, :func:`explain_appraised` explains what a valuer proved about every move instead
(:func:`~bot.engine.classic.valuation.appraise`), its searches' count the one shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..moves import Move
from .analysis import Analysis, analyze
from .board import Board, completes_line
from .perfect import start_search
from .solver import Solver
from .teaching.plain import PLAIN_COUNT_LIMIT, plain_minimax_positions
from .valuation import Appraisal

APPRAISED_PLAIN_LIMIT = 20_000
"""The plain-minimax count's limit beside an appraisal (early 5x5, where it always gives up):
its full ``PLAIN_COUNT_LIMIT`` would take over a second to say only "more than that"."""


@dataclass(frozen=True, slots=True)
class Explanation:
    """The analysis of a position plus what it cost to find.

    ``threats`` are the empty cells where the opponent would complete a line on their next
    move (a move there blocks). ``searched`` counts the positions a fresh alpha-beta search
    examines to value every move (an appraisal's: its searches'); ``plain`` those a plain
    minimax would, or None when there are more than ``plain_limit`` (early 4x4 positions).
    """

    analysis: Analysis
    threats: tuple[Move, ...]
    searched: int
    plain: int | None
    plain_limit: int = PLAIN_COUNT_LIMIT

    @property
    def board(self) -> Board:
        return self.analysis.board


def explain(board: Board) -> Explanation:
    """Analyse ``board`` for the side to move and count the work (see the module).

    Raises:
        GameOverError: the game is already over.
        SearchTooLargeError: the position is too big to solve exactly.
    """
    analysis = analyze(board)
    start_search(board)  # the same refusals as analyze, before the fresh search below
    me, opp = board.sides
    fresh = Solver(board.geometry).search()
    fresh.score_moves(me, opp, exact=True)
    return Explanation(analysis, threats(board), fresh.nodes, plain_minimax_positions(board))


def explain_appraised(appraisal: Appraisal) -> Explanation | None:
    """The explanation of what ``appraisal`` proved, when it proved every move (else None):
    its searches' count, and the plain minimax's up to ``APPRAISED_PLAIN_LIMIT``."""
    analysis = appraisal.analysis
    if analysis is None:
        return None
    board = appraisal.board
    plain = plain_minimax_positions(board, APPRAISED_PLAIN_LIMIT)
    return Explanation(
        analysis, threats(board), appraisal.examined, plain, plain_limit=APPRAISED_PLAIN_LIMIT
    )


def threats(board: Board) -> tuple[Move, ...]:
    """The empty cells where the side not to move would complete a line next."""
    me, opp = board.sides
    geo = board.geometry
    return tuple(
        geo.moves[cell]
        for cell in range(geo.cells)
        if not (me | opp) >> cell & 1 and completes_line(geo, opp | 1 << cell, cell)
    )
