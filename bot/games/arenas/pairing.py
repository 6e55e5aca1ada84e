"""Who plays whom in an arena: whenever two or more entrants are free, as many as can be are
paired, each with the nearest in the standings (ties by rating) whom they did not just play,
and colours go to whoever played the other colour more. A lone free entrant waits.

Pure: ``pairings`` takes the free entrants and gives the pairs, X first. "Never the same two
twice in a row" yields only where nobody else is in the arena: two members alone in an arena
play again rather than wait for its end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

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


SEARCH_STEPS = 2_000
"""Steps the search for the most pairs may take (about 40 ms at worst) before it settles for
the greedy pass's pairs, with swaps."""


def pairings(
    free: Sequence[Entrant], rng: random.Random, *, alone: bool = False
) -> list[tuple[Entrant, Entrant]]:
    """Pairs of ``free`` entrants, X first: as many pairs as any pairing allows, and among
    those the one where the best placed free entrant plays the nearest below them in the
    standings they did not just play, and so on down; whoever is left waits. ``alone``: the
    two free entrants are the arena's only active ones (they may play again)."""
    waiting = sorted(free, key=_waiting_order)
    again = alone and len(free) == 2

    def allowed(a: Entrant, b: Entrant) -> bool:
        return again or not just_played(a, b)

    playable = [e for e in waiting if any(allowed(e, o) for o in waiting if o is not e)]
    found = _most_pairs(playable, allowed)
    return [colours(a, b, rng) for a, b in found]


Allowed = Callable[[Entrant, Entrant], bool]


def _most_pairs(waiting: list[Entrant], allowed: Allowed) -> list[tuple[Entrant, Entrant]]:
    """The pairs of ``_pairs_of`` for the largest count it finds within ``SEARCH_STEPS``;
    else the greedy pass's, with one-pair swaps."""
    steps = [SEARCH_STEPS]
    failed: set[tuple[tuple[int, ...], int]] = set()
    for count in range(len(waiting) // 2, 0, -1):
        try:
            found = _pairs_of(waiting, count, allowed, steps, failed)
        except _OutOfSteps:
            break
        if found is not None:
            return found
    else:
        return []
    return _greedy(waiting, allowed)


class _OutOfSteps(Exception):
    """The search took its ``SEARCH_STEPS``."""


def _pairs_of(
    waiting: list[Entrant],
    count: int,
    allowed: Allowed,
    steps: list[int],
    failed: set[tuple[tuple[int, ...], int]],
) -> list[tuple[Entrant, Entrant]] | None:
    """``count`` pairs of ``waiting`` (in standings order), the first free entrant taking the
    nearest partner that still lets ``count`` pairs be made, else waiting; None if none."""
    if count == 0:
        return []
    key = (tuple(e.member_id for e in waiting), count)
    if len(waiting) < 2 * count or key in failed:
        return None
    steps[0] -= 1
    if steps[0] < 0:
        raise _OutOfSteps
    first, rest = waiting[0], waiting[1:]
    for index, partner in enumerate(rest):
        if allowed(first, partner):
            others = _pairs_of(rest[:index] + rest[index + 1 :], count - 1, allowed, steps, failed)
            if others is not None:
                return [(first, partner), *others]
    waits = _pairs_of(rest, count, allowed, steps, failed)
    if waits is None:
        failed.add(key)
    return waits


def _greedy(waiting: list[Entrant], allowed: Allowed) -> list[tuple[Entrant, Entrant]]:
    """Each in standings order with the nearest below they may play; then two left over
    taken in by swapping partners with a pair (``_swapped_in``)."""
    rest = list(waiting)
    pairs: list[tuple[Entrant, Entrant]] = []
    left: list[Entrant] = []
    while rest:
        first = rest.pop(0)
        partner = next((e for e in rest if allowed(first, e)), None)
        if partner is None:
            left.append(first)
            continue
        rest.remove(partner)
        pairs.append((first, partner))
    return _swapped_in(pairs, left, allowed)


def _swapped_in(
    pairs: list[tuple[Entrant, Entrant]], left: list[Entrant], allowed: Allowed
) -> list[tuple[Entrant, Entrant]]:
    """``pairs`` with members of ``left`` taken in by swapping partners: two left over
    (``a``, ``b``) and a pair (``p``, ``q``) become (``p``, ``a``) and (``q``, ``b``) where
    both may play, the best placed pair first."""
    left = list(left)
    result = list(pairs)
    while len(left) >= 2:
        swap = next(
            (
                (index, one, other, a, b)
                for a in left
                for b in left
                if a is not b
                for index, (p, q) in enumerate(result)
                for one, other in ((p, q), (q, p))
                if allowed(one, a) and allowed(other, b)
            ),
            None,
        )
        if swap is None:
            break
        index, one, other, a, b = swap
        result[index : index + 1] = [(one, a), (other, b)]
        left = [e for e in left if e is not a and e is not b]
    return result


def _waiting_order(entrant: Entrant) -> tuple[float, ...]:
    """The standings' order, then who waited longest, then the member id (no ties left)."""
    since = entrant.free_since.timestamp() if entrant.free_since is not None else 0.0
    return (*order_key(entrant), since, entrant.member_id)
