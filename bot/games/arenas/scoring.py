"""An arena's scoring, as Lichess's arenas score: 2 points a win, 1 a draw, 0 a loss; after
two wins in a row every further win counts double ("on fire") until a game is not won. A game
that ended without a result (it expired) scores nothing and leaves the streak as it was.

Pure functions: the standings are the fold of ``scored`` over an entrant's games in the order
they ended, which is how the bench recomputes them from the stored games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from bot.engine import Player, Value
from bot.games.arenas.models import Entrant, FinalLine, Standing
from bot.games.models import Game

WIN, DRAW, LOSS = 2, 1, 0
"""Points of a win, a draw and a loss."""

FIRE = 2
"""Wins in a row after which a win counts double."""

PERFORMANCE_SPREAD = 400
"""Rating points a performance moves per win (or loss) a game, as FIDE's rough formula."""


def points(result: Value, streak: int) -> int:
    """The points ``result`` scores for an entrant who had won ``streak`` games in a row."""
    if result is Value.WIN:
        return WIN * 2 if streak >= FIRE else WIN
    return DRAW if result is Value.DRAW else LOSS


def scored(entrant: Entrant, result: Value, opponent: int, as_x: bool, at: datetime) -> Entrant:
    """``entrant`` after one more game: its points, streak, counts, colours, last opponent and
    sheet; free again ``at``."""
    gained = points(result, entrant.streak)
    return replace(
        entrant,
        points=entrant.points + gained,
        streak=entrant.streak + 1 if result is Value.WIN else 0,
        wins=entrant.wins + (result is Value.WIN),
        draws=entrant.draws + (result is Value.DRAW),
        losses=entrant.losses + (result is Value.LOSS),
        as_x=entrant.as_x + as_x,
        as_o=entrant.as_o + (not as_x),
        last_opponent=opponent,
        free_since=at,
        sheet=entrant.sheet + str(gained),
    )


def absent(game: Game, mark: Player) -> bool:
    """Whether ``mark``'s player lost ``game`` on the clock without a single move of theirs:
    gone from the arena, not thinking; the arena pauses them."""
    if not game.timed_out or game.winner is not mark.other:
        return False
    first = 0 if mark is Player.X else 1
    return len(game.moves) <= first


def unscored(entrant: Entrant, opponent: int, at: datetime) -> Entrant:
    """``entrant`` after a game without a result: free again ``at``, their score unchanged."""
    return replace(entrant, last_opponent=opponent, free_since=at)


def order_key(entrant: Entrant) -> tuple[float, ...]:
    """The standings' order: points, then the fewer games, then the higher rating."""
    return (-entrant.points, entrant.games, -entrant.rating)


def standings(entrants: Sequence[Entrant]) -> list[Standing]:
    """The entrants ranked: most points first (the fewer games, then the higher rating,
    breaking ties in the order only; equal points share a rank)."""
    ranked = sorted(entrants, key=lambda e: (*order_key(e), e.name.casefold(), e.member_id))
    lines: list[Standing] = []
    for index, entrant in enumerate(ranked):
        shared = lines and lines[-1].entrant.points == entrant.points
        lines.append(Standing(lines[-1].rank if shared else index + 1, entrant))
    return lines


def performance(opponents: Sequence[float], wins: int, losses: int) -> int | None:
    """A performance rating: the opponents' mean rating, moved ``PERFORMANCE_SPREAD`` per
    win more than losses, divided by the games; None without games."""
    if not opponents:
        return None
    mean = sum(opponents) / len(opponents)
    return round(mean + PERFORMANCE_SPREAD * (wins - losses) / len(opponents))


def final_lines(
    entrants: Sequence[Entrant], opponents: dict[int, list[float]]
) -> list[FinalLine]:
    """The final standings: each entrant's rank and performance (``opponents``: the ratings
    of whoever they played, a game each)."""
    return [
        FinalLine(
            line.rank,
            line.entrant,
            performance(
                opponents.get(line.entrant.member_id, []), line.entrant.wins, line.entrant.losses
            ),
        )
        for line in standings(entrants)
    ]
