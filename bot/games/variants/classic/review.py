"""Classic's post-game review: every move judged by the classic engine's exact values.

Exact on 3x3 and 4x4; on 5x5 the engine proves what its budget reaches
(``bot.engine.classic.valuation``), and a move it cannot judge is an ``estimate``
(``bot.games.review``, which judges any kind's moves from its values). The figures:
docs/decisions.md.
"""

from __future__ import annotations

from bot.engine.classic import Valuation, Valuer
from bot.engine.position import Position
from bot.games.models import Game
from bot.games.review import Review, judge
from bot.games.variants.classic.render import board_of

REVIEW_BUDGET = 300_000
"""Positions the 5x5 searches of one review may examine in all (about 1.2 s of search)."""

REVIEW_PER_POSITION = 100_000
"""Positions the searches about any one 5x5 position may examine: an opening too early to
solve gives up there and leaves the rest of the budget to the others."""

HINT_BUDGET = 2 * REVIEW_PER_POSITION
"""Positions a 5x5 hint or explanation may examine in all: the position itself first, with a
review's ``REVIEW_PER_POSITION`` (so what a review proves about it, a hint proves), then its
moves with the rest (about 0.7 s of search at most; the figures: docs/decisions.md)."""


def review_game(game: Game, *, valuer: Valuer | None = None) -> Review:
    """Judge every move of the classic ``game`` as it stands. ``valuer``: where values come
    from (a new one with ``REVIEW_BUDGET`` by default; one valuer may serve many 3x3 and 4x4
    games)."""
    chosen = valuer or Valuer(budget=REVIEW_BUDGET, per_position=REVIEW_PER_POSITION)

    def valuation(position: Position) -> Valuation:
        return chosen.valuation(board_of(position))

    return judge(game, valuation)
