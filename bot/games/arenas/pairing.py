"""Who plays whom in an arena: whenever two or more entrants are free, each is paired with
the nearest in the standings (ties by rating) whom they did not just play, and colours go to
whoever played the other colour more. A lone free entrant waits.

Pure: ``pairings`` takes the free entrants and gives the pairs, X first. "Never the same two
twice in a row" yields only where nobody else is in the arena: two members alone in an arena
play again rather than wait for its end.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.arenas.models import Entrant
from bot.games.arenas.scoring import order_key


def just_played(a: Entrant, b: Entrant) -> bool:
    """Whether ``a`` and ``b`` played each other in the last game of either."""
    return a.last_opponent == b.member_id or b.last_opponent == a.member_id


def colours(a: Entrant, b: Entrant, rng: random.Random) -> tuple[Entrant, Entrant]:
    """``(x, o)``: X to whoever played X less often than O, compared with the other; on a
    tie, by chance."""
    a_lean, b_lean = a.as_x - a.as_o, b.as_x - b.as_o
    if a_lean != b_lean:
        return (a, b) if a_lean < b_lean else (b, a)
    return (a, b) if rng.random() < 0.5 else (b, a)


def pairings(
    free: Sequence[Entrant], rng: random.Random, *, alone: bool = False
) -> list[tuple[Entrant, Entrant]]:
    """Pairs of ``free`` entrants, X first: the best placed free entrant plays the nearest
    below them in the standings they did not just play, and so on down; one left waits.
    ``alone``: the two free entrants are the arena's only active ones (they may play again)."""
    waiting = sorted(free, key=_waiting_order)
    pairs: list[tuple[Entrant, Entrant]] = []
    while len(waiting) >= 2:
        first = waiting.pop(0)
        again = alone and len(free) == 2
        partner = next((e for e in waiting if again or not just_played(first, e)), None)
        if partner is None:
            continue  # everyone free just played them: they wait for the next free member
        waiting.remove(partner)
        pairs.append(colours(first, partner, rng))
    return pairs


def _waiting_order(entrant: Entrant) -> tuple[float, ...]:
    """The standings' order, then who waited longest, then the member id (no ties left)."""
    since = entrant.free_since.timestamp() if entrant.free_since is not None else 0.0
    return (*order_key(entrant), since, entrant.member_id)
