"""Ultimate's adaptive level: a move at a member's own strength, weakened through the search's
values (the classic sizes' level: :mod:`bot.engine.classic.adaptive`).

A member's record is the same :class:`~bot.engine.ratings.AdaptiveRecord` as on the
classic sizes (kept apart from theirs); after each game it moves by Elo against the rating the
level played at (:func:`playing_rating`, within :data:`CALIBRATION`'s range), so a member who
wins more than half their points makes the level play stronger and the score settles at one
half.

How it plays at rating ``r`` (:func:`strength` turns ``r`` into a :class:`Strength`): a game
win on the board is always played (it never misses a win in one). Otherwise the search
(:func:`bot.engine.ultimate.search.search`, :data:`SIMULATIONS` simulations) values every
legal move for the side to move (a move that lets the opponent win at once is a proven loss,
0). With the calibrated chance ``weakness`` it makes a mistake, else it plays the search's
move. A mistake is the lowest-valued move whose value lies within ``weakness`` of the
search's move (so the same figure sets both how often and how far it errs): at a small
weakness a slightly worse move now and then, at weakness 1 the worst move there is every
time. It never plays a random legal move: every move is within the margin of the search's
value, so while it stands better (its move valued above one half) a move that gives the
opponent a win in one (valued 0) comes only at a weakness above one half, that is at ratings
below about 980, where a weak player wins no other way. Reasons and figures:
docs/decisions.md, "Adaptive on ultimate".
"""

from __future__ import annotations

import random

from ..errors import GameOverError
from ..moves import Move
from ..ratings import Calibration, clamped_rating, strength_at
from ..ratings import Strength as Strength
from .board import UltimateBoard
from .playout import SearchPosition, game_win
from .search import SearchResult, search
from .tables import MOVES

SIZE = 9
"""The size an ultimate member's adaptive record is stored with (the grid's side)."""

SIMULATIONS = 3_000
"""The search's simulations per move at every rating (``hard``'s; about 0.1 s a move): the
level weakens through its choice among the values, not through a shallower search."""

SECONDS = 1.0
"""The search's time cap per move, should the machine be slow."""

CALIBRATION: Calibration = (
    (500, 0.85),
    (800, 0.68),
    (1020, 0.46),
    (1360, 0.28),
    (1500, 0.18),
    (1650, 0.10),
    (1900, 0.00),
)
"""``(rating, weakness)`` points, ratings rising: the level plays at a rating between two
points with the weakness on the straight line between them; the first point is the weakest it
plays, the last the strongest (no mistakes). The scale is the classic sizes' (a random mover at
800). Set on 2026-11-28 from 20 games a point of each weakness against ultimate's scripted
players, then moved to where bench/adaptive.py's members settled (docs/decisions.md, "Adaptive
on ultimate"); ``bench/adaptive.py --calibrate --sizes 9`` measures it afresh."""


def rating_range() -> tuple[int, int]:
    """The weakest and the strongest rating the level plays at on ultimate."""
    return CALIBRATION[0][0], CALIBRATION[-1][0]


def playing_rating(rating: float) -> int:
    """The rating the level plays at against a member rated ``rating``: that rating, within
    :func:`rating_range`. Elo updates the member's rating against it."""
    return clamped_rating(rating, CALIBRATION)


def strength(rating: float) -> Strength:
    """How the level plays against a member rated ``rating``."""
    return strength_at(rating, CALIBRATION)


def adaptive_move(board: UltimateBoard, rating: float, rng: random.Random | None = None) -> Move:
    """The level's move against a member rated ``rating``: :func:`move_at` their
    :func:`strength`.

    Raises:
        GameOverError: the game is already over.
    """
    return move_at(board, strength(rating), rng)


def move_at(board: UltimateBoard, how: Strength, rng: random.Random | None = None) -> Move:
    """The level's move at strength ``how`` (the calibration plays it directly).

    Raises:
        GameOverError: the game is already over.
    """
    if board.is_over:
        raise GameOverError()
    rng = rng or random.Random()
    win = game_win(SearchPosition.of(board))
    if win is not None:
        return MOVES[win]
    result = search(board, seconds=SECONDS, simulations=SIMULATIONS, rng=rng)
    return choose(result, how.weakness, rng)


def choose(result: SearchResult, weakness: float, rng: random.Random) -> Move:
    """The move at ``weakness`` among ``result``'s: the search's move, except with the chance
    ``weakness`` one of :func:`allowed_mistakes` (valued at least the search's move's value
    less ``weakness``)."""
    if weakness <= 0.0 or rng.random() >= weakness:
        return result.move
    return rng.choice(allowed_mistakes(result, weakness))


def allowed_mistakes(result: SearchResult, margin: float) -> list[Move]:
    """The moves a mistake may be among ``result``'s (every legal move, valued): those of the
    lowest value still within ``margin`` of the search's move (the search's move itself when
    nothing worse is allowed)."""
    floor = result.value - margin
    values = [(stat.win_rate, stat.move) for stat in result.moves if stat.win_rate >= floor]
    lowest = min(value for value, _move in values)
    return [move for value, move in values if value == lowest]
