"""What the engine sees in a position, for a player who asks "why?".

Every move's exact result (:func:`~bot.engine.classic.analysis.analyze`), the opponent's threats (to
tell a block from any other drawing move), and two counts that show what the search saves:
the positions a *fresh* search examines for that analysis (an empty transposition table, so
the count is a property of the position, not of what was searched before) and the positions a
plain minimax would examine (:mod:`bot.engine.classic.teaching.plain`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..moves import Move
from .analysis import Analysis, analyze
from .board import Board, completes_line
from .perfect import start_search
from .solver import Solver
from .teaching.plain import plain_minimax_positions


@dataclass(frozen=True, slots=True)
class Explanation:
    """The analysis of a position plus what it cost to find.

    ``threats`` are the empty cells where the opponent would complete a line on their next
    move (a move there blocks). ``searched`` counts the positions a fresh alpha-beta search
    examines to value every move; ``plain`` those a plain minimax would, or None when there
    are too many to count (early 4x4 positions).
    """

    analysis: Analysis
    threats: tuple[Move, ...]
    searched: int
    plain: int | None

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
    geo = board.geometry
    threats = tuple(
        geo.moves[cell]
        for cell in range(geo.cells)
        if not (me | opp) >> cell & 1 and completes_line(geo, opp | 1 << cell, cell)
    )
    return Explanation(analysis, threats, fresh.nodes, plain_minimax_positions(board))
