"""Connect Four's post-game review: every move judged by the solver's exact scores
(``bot.games.review.judge`` judges any kind's moves from its values).

The solver proves positions of 20 discs and more in hundredths of a second and early ones in
seconds to hours, so each position gets at most ``PER_POSITION_SECONDS`` and the review
``REVIEW_SECONDS`` in all, the last positions first: a move in a position it could not prove is
an ``estimate``, never a guess. The figures: docs/decisions.md, "Connect Four".
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.engine import Move, SearchTooLargeError, Value
from bot.engine.connect4 import Budget, best_columns
from bot.engine.connect4.analysis import thread_solver
from bot.engine.position import Position
from bot.games.models import Game
from bot.games.review import Review, judge
from bot.games.variants.connect4.drawing import board_of
from bot.games.variants.connect4.replies import outcome

REVIEW_SECONDS = 3.0
"""The solver's time for one review in all."""

PER_POSITION_SECONDS = 0.5
"""The solver's time for any one position: an opening too early to prove gives up there and
leaves the rest to the others."""


@dataclass(frozen=True, slots=True)
class Valuation:
    """What the solver proved about one position (``bot.games.review.Valuation``): its value
    for the side to move, the plies to the end and a best move; each None where it ran out of
    time."""

    value: Value | None
    plies: int | None
    best: Move | None


UNPROVEN = Valuation(None, None, None)


def review_game(game: Game, *, seconds: float = REVIEW_SECONDS) -> Review:
    """Judge every move of the Connect Four ``game`` as it stands, in about ``seconds`` of
    search at most (past it, a position that is not won at once goes unproven)."""
    deadline = time.perf_counter() + seconds

    def valuation(position: Position) -> Valuation:
        board = board_of(position)
        budget = Budget(deadline=min(deadline, time.perf_counter() + PER_POSITION_SECONDS))
        solver = thread_solver(board.geometry)
        try:
            score = solver.solve(board, budget)
        except SearchTooLargeError:
            return UNPROVEN
        proven = outcome(board, board.legal_columns[0], score)  # the position's, any column
        try:
            _score, columns = best_columns(board, budget, solver)
        except SearchTooLargeError:  # the value stands; only the better move is not named
            return Valuation(proven.value, proven.plies, None)
        return Valuation(proven.value, proven.plies, board.landing(columns[0]))

    return judge(game, valuation)
