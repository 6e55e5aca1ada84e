"""The adaptive level: a move at a member's own strength, and the rating that sets it.

The game layer keeps one :class:`~bot.engine.ratings.AdaptiveRecord` per member, kind and board
size (a rating and a game count, ``START_RATING`` before the first game). Each bot move is
``adaptive_move(board, record.rating, rng)``; after each game the record becomes
``record_after(record, score, size)`` (the member's score: 1 win, 0.5 draw, 0 loss), an Elo
update
against the rating the level played at (:func:`playing_rating`). A member who wins more than
half their points makes the level play stronger, so the score settles at one half.

How it plays at rating ``r`` (:func:`strength` turns ``r`` into a :class:`Strength`): every
move is chosen by its exact value (:func:`.analysis.analyze`). Without a mistake it
plays the best value: the fastest win, the slowest loss, or of the drawing moves the one that
leaves the opponent the most losing replies (a trap, so that draws are not safe). With the
calibrated chance ``mistake_rate`` (:data:`CALIBRATION`), where a worse move exists, it makes
a result-changing mistake instead, never a random legal move:

- at ratings of :func:`no_gifts_from` and above (on 3x3 the one-ply player's: a player who
  never misses a win in one) the mistake is one result worse (a win let go to a
  draw, a draw to a loss), the loss that comes soonest, and never leaves a win in one;
- below it the mistake is the worst move there is, the one that loses soonest, often a win in
  one left to the opponent: a weak player wins no other way.

It never misses a win in one at ratings above :data:`bot.engine.ratings.RANDOM_RATING` (the
random mover's), and never leaves a win in one it could prevent at ratings of
:func:`no_gifts_from` and above. Positions too big to solve exactly (early 5x5 positions) get
the move of the rated level nearest to ``r`` instead (:func:`fallback_level`), after those two
checks. Reasons and figures: docs/decisions.md.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from ..errors import GameOverError, SearchTooLargeError
from ..moves import Move
from ..ratings import RANDOM_RATING, AdaptiveRecord
from ..values import Value
from .analysis import MoveAnalysis, analyze
from .board import Board, completes_line
from .chances import novice_chances
from .levels import Level, choose_move
from .ratings import LEVEL_RATINGS, SCRIPTED_RATINGS

CALIBRATION: dict[int, tuple[tuple[int, float], ...]] = {
    3: (
        (519, 1.00),
        (747, 0.70),
        (800, 0.62),
        (801, 0.83),
        (873, 0.70),
        (965, 0.50),
        (1082, 0.35),
        (1147, 0.23),
        (1148, 1.00),
        (1186, 1.00),
        (1223, 0.70),
        (1250, 0.50),
        (1261, 0.35),
        (1287, 0.20),
        (1300, 0.10),
        (1325, 0.00),
    ),
    4: (
        (703, 1.00),
        (800, 0.83),
        (801, 1.00),
        (847, 1.00),
        (934, 0.70),
        (1045, 0.50),
        (1071, 0.35),
        (1108, 0.20),
        (1156, 0.10),
        (1175, 0.00),
    ),
    5: (
        (600, 1.00),
        (2100, 0.00),
    ),
}
"""Per board size, ``(rating, mistake_rate)`` points, ratings rising: the level plays at a
rating between two points with the rate on the straight line between them. The first point
is the weakest the level plays, the last the strongest (no mistakes). Measured by
``bench/adaptive.py --calibrate`` (the date and figures: docs/decisions.md)."""

NO_GIFTS_FROM: dict[int, int] = {3: SCRIPTED_RATINGS["one-ply", 3]}
"""Per board size, the rating from which the level never leaves the member a win in one: on
3x3 the one-ply player's, a player who takes every win in one, so that a strong player never
gets one as a present; below it a gift is how a weaker player wins. Sizes not listed give wins
away at every rating where they make mistakes: on 4x4 hardly any other mistake loses (a drawn
position has another losing move at 2 % of the level's moves), so games above a limit would be
safe draws (docs/decisions.md)."""

_EXACT_FROM = {5: 8}
"""Marks on the board below which a size's positions are not even tried exactly (the exact
search gives up after about a second there, measured on 5x5; docs/decisions.md)."""

CHANCE_WEIGHT = 2.0
"""How much a novice's chance of walking into a fork counts against the share of replies that
lose at once when the level chooses among drawing moves (docs/decisions.md)."""

_SHARES_UP_TO = 16  # cells: the boards whose drawing moves get every reply valued exactly

_RANK = {Value.LOSS: 0, Value.DRAW: 1, Value.WIN: 2}


@dataclass(frozen=True, slots=True)
class Strength:
    """How the adaptive level plays at one rating on one board size.

    ``rating`` is the rating it plays at; ``mistake_rate`` the chance, per move where a worse
    move exists, of a result-changing mistake; ``takes_wins``: it plays a win in one whenever
    it has one; ``keeps_wins``: it makes no mistake in a won position; ``gives_wins``: its
    mistakes may leave the opponent a win in one (they are then the worst move there is, else
    a drawn position's soonest loss).
    """

    rating: int
    mistake_rate: float
    takes_wins: bool
    keeps_wins: bool
    gives_wins: bool


def rating_range(size: int) -> tuple[int, int]:
    """The weakest and the strongest rating the level plays at on ``size`` (3, 4 or 5)."""
    points = CALIBRATION[size]
    return points[0][0], points[-1][0]


def keeps_wins_from(size: int) -> int:
    """The rating from which the level never lets a won position go on ``size``: the one-ply
    player's (bot.engine.classic.ratings.SCRIPTED_RATINGS)."""
    return SCRIPTED_RATINGS["one-ply", size]


def no_gifts_from(size: int) -> int:
    """The rating from which the level never leaves a win in one on ``size``
    (:data:`NO_GIFTS_FROM`, else the strongest it plays at, where it makes no mistakes)."""
    return NO_GIFTS_FROM.get(size, rating_range(size)[1])


def playing_rating(rating: float, size: int) -> int:
    """The rating the level plays at against a member rated ``rating``: that rating, within
    :func:`rating_range`. Elo updates the member's rating against it."""
    low, high = rating_range(size)
    return round(min(max(rating, low), high))


def strength(rating: float, size: int) -> Strength:
    """How the level plays against a member rated ``rating`` on ``size`` (3, 4 or 5)."""
    played = playing_rating(rating, size)
    points = CALIBRATION[size]
    rate = points[-1][1]
    for (low, low_rate), (high, high_rate) in itertools.pairwise(points):
        if low <= played <= high:
            share = (played - low) / (high - low) if high > low else 1.0
            rate = low_rate + share * (high_rate - low_rate)
            break
    return Strength(
        rating=played,
        mistake_rate=min(max(rate, 0.0), 1.0),
        takes_wins=played > RANDOM_RATING,
        keeps_wins=played >= keeps_wins_from(size),
        gives_wins=played < no_gifts_from(size),
    )


def adaptive_move(board: Board, rating: float, rng: random.Random | None = None) -> Move:
    """The adaptive level's move against a member rated ``rating`` (see the module docstring):
    :func:`move_at` the member's :func:`strength`.

    Raises:
        GameOverError: the game is already over.
        KeyError: the board is not one of the game's sizes (3x3; 4x4, 5x5 four in a row).
    """
    return move_at(board, strength(rating, board.size), rng)


def move_at(board: Board, how: Strength, rng: random.Random | None = None) -> Move:
    """The adaptive level's move at strength ``how`` (the calibration plays it directly).

    Raises:
        GameOverError: the game is already over.
    """
    if board.is_over:
        raise GameOverError()
    if rng is None:
        rng = random.Random()
    me, opp = board.sides
    geo = board.geometry
    free = [(board.cell(move), move) for move in board.legal_moves]
    if how.takes_wins:
        wins = [move for cell, move in free if completes_line(geo, me | 1 << cell, cell)]
        if wins:
            return rng.choice(wins)
    if board.moves_played >= _EXACT_FROM.get(board.size, 0):
        try:
            moves = analyze(board).moves
        except SearchTooLargeError:
            pass
        else:
            return _choose(board, moves, how, rng)
    if not how.gives_wins:  # a single threat is blocked, whatever the level below does
        blocks = [move for cell, move in free if completes_line(geo, opp | 1 << cell, cell)]
        if len(blocks) == 1:
            return blocks[0]
    return choose_move(board, fallback_level(how.rating, board.size), rng)


def fallback_level(rating: float, size: int) -> Level:
    """The rated level whose rating on ``size`` is nearest to ``rating``: what the adaptive
    level plays where no exact value is known (early 5x5 positions)."""
    return min(Level, key=lambda level: abs(LEVEL_RATINGS[level.value, size] - rating))


def _choose(
    board: Board, moves: tuple[MoveAnalysis, ...], how: Strength, rng: random.Random
) -> Move:
    """The move among ``moves`` (every legal move, exactly valued) at strength ``how``."""
    allowed = moves
    if not how.gives_wins:
        safe = tuple(m for m in moves if not _gives_win(m))
        allowed = safe or moves
    best = max(_RANK[m.value] for m in allowed)
    if rng.random() < how.mistake_rate:
        mistakes = _mistakes(board, allowed, best, how)
        if mistakes:
            return rng.choice(mistakes).move
    top = [m for m in allowed if _RANK[m.value] == best]
    if top[0].value is Value.WIN:
        fastest = min(m.plies for m in top)
        return rng.choice([m for m in top if m.plies == fastest]).move
    if top[0].value is Value.LOSS:
        slowest = max(m.plies for m in top)
        return rng.choice([m for m in top if m.plies == slowest]).move
    return rng.choice(_traps(board, top)).move


def _mistakes(
    board: Board, allowed: tuple[MoveAnalysis, ...], best: int, how: Strength
) -> list[MoveAnalysis]:
    """The mistakes the level may make among ``allowed`` moves (best value ``best``).

    A won position is never let go from the one-ply player's rating up (``keeps_wins``): a
    stronger player's wins must come from the level's mistakes in drawn positions, or games
    turn into draws. While it may give wins away: the worst move, the loss that comes soonest
    (fewest wins in one of its own among equals), unless every move is as good. Else only from
    a drawn position: a loss, the soonest.
    """
    if best == _RANK[Value.WIN] and how.keeps_wins:
        return []
    if how.gives_wins:
        worst = min((_RANK[m.value], m.plies) for m in allowed)
        if worst == max((_RANK[m.value], m.plies) for m in allowed):
            return []
        return _fewest_threats(board, [m for m in allowed if (_RANK[m.value], m.plies) == worst])
    losing = [m for m in allowed if m.value is Value.LOSS]
    if best != _RANK[Value.DRAW] or not losing:
        return []
    soonest = min(m.plies for m in losing)
    return [m for m in losing if m.plies == soonest]


def _gives_win(move: MoveAnalysis) -> bool:
    """True if ``move`` leaves the opponent a win in one (it loses on the very next ply)."""
    return move.value is Value.LOSS and move.plies == 2


def _traps(board: Board, drawing: list[MoveAnalysis]) -> list[MoveAnalysis]:
    """The drawing moves that set the most traps: the share of the opponent's replies that
    lose, plus :data:`CHANCE_WEIGHT` times the chance that a novice walks into a fork within a
    few moves (:func:`.chances.novice_chances`). The share needs every reply valued
    exactly, so boards above 4x4 count only the novice's chance."""
    if len(drawing) == 1:
        return drawing
    cells = [board.cell(m.move) for m in drawing]
    pressure = [CHANCE_WEIGHT * chance for chance in novice_chances(board, cells)]
    if board.geometry.cells <= _SHARES_UP_TO:
        for index, m in enumerate(drawing):
            after = board.play(m.move)
            if not after.is_over:
                replies = analyze(after).moves
                pressure[index] += sum(r.value is Value.LOSS for r in replies) / len(replies)
    most = max(pressure)
    return [m for m, value in zip(drawing, pressure, strict=True) if value == most]


def _fewest_threats(board: Board, candidates: list[MoveAnalysis]) -> list[MoveAnalysis]:
    """The candidates after which the mover has the fewest wins in one of its own (a weak
    mistake builds nothing: a line left for later would win the game back)."""
    if len(candidates) == 1:
        return candidates
    me, opp = board.sides
    geo = board.geometry
    taken = me | opp
    counts = []
    for m in candidates:
        cell = board.cell(m.move)
        mine = me | 1 << cell
        empty = geo.full & ~(taken | 1 << cell)
        counts.append(
            sum(
                1
                for other in range(geo.cells)
                if empty >> other & 1 and completes_line(geo, mine | 1 << other, other)
            )
        )
    fewest = min(counts)
    return [m for m, count in zip(candidates, counts, strict=True) if count == fewest]


def record_after(record: AdaptiveRecord, score: float, size: int) -> AdaptiveRecord:
    """``record`` after a game in which the member scored ``score`` (1, 0.5 or 0) on
    ``size``: Elo against the rating the level played at (:func:`playing_rating`)."""
    return record.against(score, playing_rating(record.rating, size))
