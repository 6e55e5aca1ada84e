"""Elo ratings for duels: start at 1200, K = 32, a draw is half a point.

The change is rounded once and given to one player and taken from the other, so ratings stay
whole numbers and the two players' sum never changes (the property tests check it).
"""

from __future__ import annotations

from bot.engine.classic import expected_score

K = 32


def expected(rating: int, other: int) -> float:
    """The score ``rating`` is expected to take from a game against ``other`` (0 to 1)."""
    return expected_score(rating, other)


def rate(x: int, o: int, x_score: float) -> tuple[int, int]:
    """Both ratings after one game in which X scored ``x_score`` (1 win, 0.5 draw, 0 loss)."""
    if x_score not in (0.0, 0.5, 1.0):
        raise ValueError(f"a game scores 0, 0.5 or 1, not {x_score}")
    change = round(K * (x_score - expected(x, o)))
    return x + change, o - change
