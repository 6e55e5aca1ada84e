"""What every kind of game's ratings share: the Elo scale, its anchors, and a member's record
against an ``adaptive`` level.

Duels, solo ratings and each kind's adaptive level all rate on one Elo scale: a new member at
:data:`START_RATING`, a random mover at :data:`RANDOM_RATING` (the anchor of every kind's
measured level ratings). :class:`AdaptiveRecord` is what the game layer stores per member,
kind and size; each kind's adaptive level turns its rating into play
(:mod:`bot.engine.classic.adaptive`, :mod:`bot.engine.ultimate.adaptive`,
:mod:`bot.engine.connect4.adaptive`) and says the rating it played at, which the record then
moves against (:meth:`AdaptiveRecord.against`); the kinds whose level weakens by one figure
read it off their calibration with :func:`strength_at`. Why these figures: docs/decisions.md.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

ADAPTIVE = "adaptive"
"""The name of the level that plays at a member's own rating, as players type it, in every
kind of game that has one."""

START_RATING = 1200
"""A member's rating before their first rated game: in duels and against an adaptive level."""

RANDOM_RATING = 800
"""The random mover's rating on every board, the levels' fits' anchor: 400 below a new
member's 1,200."""

K_FACTOR = 32
"""The Elo K of a duel (:func:`rate`) and of an established adaptive record."""

K_START = 128
"""The K of a member's first game against an adaptive level; it falls by :data:`K_STEP` a
game down to ``K_FACTOR``, so a new member's rating reaches their level within a dozen games
(docs/decisions.md)."""

K_STEP = 8


def expected_score(rating: float, other: float) -> float:
    """Elo's expected score of a player rated ``rating`` against one rated ``other``."""
    return 1.0 / (1.0 + float(10.0 ** ((other - rating) / 400.0)))


def rate(x: int, o: int, x_score: float) -> tuple[int, int]:
    """Both duelists' ratings after one game in which X scored ``x_score`` (1 win, 0.5 draw,
    0 loss), K = :data:`K_FACTOR`. The change is rounded once, given to one player and taken
    from the other, so ratings stay whole and the two players' sum never changes."""
    if x_score not in (0.0, 0.5, 1.0):
        raise ValueError(f"a game scores 0, 0.5 or 1, not {x_score}")
    change = round(K_FACTOR * (x_score - expected_score(x, o)))
    return x + change, o - change


def k_factor(games: int) -> int:
    """The Elo K for a member's game after ``games`` earlier games against the level."""
    return max(K_FACTOR, K_START - K_STEP * games)


def rated(rating: int, games: int, score: float, opponent: float) -> int:
    """A rating after one more game scoring ``score`` against ``opponent``, its ``games``
    earlier games setting the K (:func:`k_factor`): Elo, rounded once."""
    return rating + round(k_factor(games) * (score - expected_score(rating, opponent)))


@dataclass(frozen=True, slots=True)
class AdaptiveRecord:
    """A member's standing against an adaptive level on one kind and size: what to store.

    ``rating`` sets how the level plays; ``games`` counts the games that moved it (the K of
    the next update, :func:`k_factor`).
    """

    rating: int = START_RATING
    games: int = 0

    def against(self, score: float, played: int) -> AdaptiveRecord:
        """The record after a game in which the member scored ``score`` (1, 0.5 or 0) against
        the level playing at ``played`` (its kind's ``playing_rating``): Elo."""
        if score not in (0.0, 0.5, 1.0):
            raise ValueError(f"a game scores 0, 0.5 or 1, not {score}")
        return AdaptiveRecord(rated(self.rating, self.games, score, played), self.games + 1)


Calibration = tuple[tuple[int, float], ...]
"""``(rating, weakness)`` points, ratings rising: an adaptive level plays at a rating between
two points with the weakness on the straight line between them (ultimate's, Connect Four's)."""


@dataclass(frozen=True, slots=True)
class Strength:
    """How an adaptive level that weakens by one figure plays at one rating: ``rating`` the
    rating it plays at, ``weakness`` both the chance of a mistake per move and how far below
    the best move's value a mistake may be (0 plays the best move, 1 the worst every time)."""

    rating: int
    weakness: float


def clamped_rating(rating: float, calibration: Calibration) -> int:
    """The rating the level plays at against a member rated ``rating``: that rating, within
    the calibration's first and last points."""
    low, high = calibration[0][0], calibration[-1][0]
    return round(min(max(rating, low), high))


def strength_at(rating: float, calibration: Calibration) -> Strength:
    """How the level plays against a member rated ``rating``, by ``calibration``."""
    played = clamped_rating(rating, calibration)
    weakness = calibration[-1][1]
    for (low, low_weak), (high, high_weak) in itertools.pairwise(calibration):
        if low <= played <= high:
            share = (played - low) / (high - low) if high > low else 1.0
            weakness = low_weak + share * (high_weak - low_weak)
            break
    return Strength(rating=played, weakness=min(max(weakness, 0.0), 1.0))
