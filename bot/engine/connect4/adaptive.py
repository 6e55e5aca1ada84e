"""Connect Four's adaptive level: a move at a member's own strength, weakened through the
search's values (as ultimate's: :mod:`bot.engine.ultimate.adaptive`).

A member's record is the shared :class:`~bot.engine.ratings.AdaptiveRecord`, kept for Connect
Four alone (:data:`SIZE`); after each game it moves by Elo against the rating the level played
at (:func:`playing_rating`, within :data:`CALIBRATION`'s range), so a member who wins more than
half their points makes the level play stronger and the score settles at one half.

How it plays at rating ``r`` (:func:`strength` turns ``r`` into a :class:`Strength`): a win at
once is always played, above the random mover's rating. Otherwise a :data:`DEPTH`-ply search
(:mod:`.heuristic`, every column's value exact) values each column for the side to move, as a
chance from 0 to 1 (:func:`chance`: a proven win 1, a proven loss 0, an estimate on a logistic
curve). With the calibrated chance ``weakness`` it makes a mistake, else it plays the best
column. A mistake is the lowest-valued column whose value lies within ``weakness`` of the
best's (the same figure sets how often and how far it errs): at a small weakness a slightly
worse column now and then, at weakness 1 the worst column every time. It never plays a column
that loses at once (valued 0) while a better one is valued above ``weakness``, so such gifts come
only at high weaknesses (0.75 at the weakest rating it plays), where a weak member wins no other
way. Reasons and figures:
docs/decisions.md, "Connect Four".
"""

from __future__ import annotations

import math
import random

from ..errors import GameOverError
from ..moves import Move
from ..ratings import RANDOM_RATING, AdaptiveRecord, Calibration, clamped_rating, strength_at
from ..ratings import Strength as Strength
from .board import Connect4Board
from .geometry import winning_cells
from .heuristic import SCALE, search

SIZE = 7
"""The size a Connect Four member's adaptive record is stored with: the board's columns."""

DEPTH = 6
"""The search's plies at every rating, ``hard``'s (0.08 s a move on average, every column
valued): the level weakens through its choice among the values, not through a shallower
search."""

SPREAD = 120.0
"""The estimate that makes a chance of 0.73 (``1 / (1 + e**-1)``): how the heuristic's
estimates (a line of three is worth 12) turn into chances."""

CALIBRATION: Calibration = (
    (777, 0.75),
    (997, 0.60),
    (1262, 0.50),
    (1499, 0.40),
    (1695, 0.30),
    (1756, 0.20),
    (1870, 0.10),
    (2016, 0.00),
)
"""``(rating, weakness)`` points, ratings rising: the level plays at a rating between two
points with the weakness on the straight line between them; the first point is the weakest it
plays (a random mover's strength), the last the strongest (no mistakes: about ``strongest``).
Measured on 2026-11-29 by ``bench/adaptive.py --calibrate --sizes connect4
--calibration-games 20``: each weakness 20 games against each scripted player and each level,
rated against their ratings (bot.engine.connect4.ratings); weakness 1 lost every game, so the
table starts at 0.75 (docs/decisions.md, "Connect Four")."""


def rating_range() -> tuple[int, int]:
    """The weakest and the strongest rating the level plays at."""
    return CALIBRATION[0][0], CALIBRATION[-1][0]


def playing_rating(rating: float) -> int:
    """The rating the level plays at against a member rated ``rating``: that rating, within
    :func:`rating_range`. Elo updates the member's rating against it."""
    return clamped_rating(rating, CALIBRATION)


def strength(rating: float) -> Strength:
    """How the level plays against a member rated ``rating``."""
    return strength_at(rating, CALIBRATION)


def adaptive_move(board: Connect4Board, rating: float, rng: random.Random | None = None) -> Move:
    """The level's move against a member rated ``rating``: :func:`move_at` their
    :func:`strength`.

    Raises:
        GameOverError: the game is already over.
    """
    return move_at(board, strength(rating), rng)


def record_after(record: AdaptiveRecord, score: float) -> AdaptiveRecord:
    """``record`` after a game in which the member scored ``score`` (1, 0.5 or 0): Elo against
    the rating the level played at (:func:`playing_rating`)."""
    return record.against(score, playing_rating(record.rating))


def move_at(board: Connect4Board, how: Strength, rng: random.Random | None = None) -> Move:
    """The level's move at strength ``how`` (the calibration plays it directly): the cell its
    disc lands in.

    Raises:
        GameOverError: the game is already over.
    """
    return board.landing(column_at(board, how, rng))


def column_at(board: Connect4Board, how: Strength, rng: random.Random | None = None) -> int:
    """:func:`move_at`'s column (0-based)."""
    if board.is_over:
        raise GameOverError()
    rng = rng or random.Random()
    geo = board.geometry
    if how.rating > RANDOM_RATING:
        possible = (board.mask + geo.bottom) & geo.full
        wins = winning_cells(board.current, geo.full ^ board.mask, geo.height) & possible
        if wins:
            return min(col for col in board.legal_columns if wins & geo.columns[col])
    found = search(board.current, board.mask, board.discs, DEPTH, geo, exact_values=True)
    chances = {col: chance(value) for col, value in found.values.items()}
    return choose(chances, how.weakness, rng)


def chance(value: int) -> float:
    """A search value as the side to move's chance, 0 to 1: a proven win 1, a proven loss 0, an
    estimate on the logistic curve (:data:`SPREAD`)."""
    if value >= SCALE:
        return 1.0
    if value <= -SCALE:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value / SPREAD))


def choose(chances: dict[int, float], weakness: float, rng: random.Random) -> int:
    """The column at ``weakness`` among ``chances`` (every legal column's): a best one, except
    with the chance ``weakness`` one of the lowest-valued columns within ``weakness`` of the
    best's."""
    best = max(chances.values())
    if weakness <= 0.0 or rng.random() >= weakness:
        return rng.choice(sorted(col for col, value in chances.items() if value == best))
    allowed = {col: value for col, value in chances.items() if value >= best - weakness}
    lowest = min(allowed.values())
    return rng.choice(sorted(col for col, value in allowed.items() if value == lowest))
