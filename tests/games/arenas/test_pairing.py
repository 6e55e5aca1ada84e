"""Who plays whom (``bot.games.arenas.pairing.pairings``), over random lists of free
entrants: pairs are disjoint, never the two who just played each other (unless they are the
arena's only two), neighbours in the standings meet where nothing stands in the way, as many
play as any pairing allows, two left waiting always just played each other, and X goes to
whoever leans less to X."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from bot.games.arenas.models import Entrant
from bot.games.arenas.pairing import pairings

AT = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def minutes_in(minutes: int) -> datetime:
    return AT + timedelta(minutes=minutes)


@st.composite
def free_entrants(draw: st.DrawFn, *, most: int = 10, constrained: bool = True) -> list[Entrant]:
    """Free entrants with distinct ids and random scores; ``constrained``: some last played
    another of them (or someone outside the list)."""
    ids = draw(st.lists(st.integers(1, 60), max_size=most, unique=True))
    entrants = []
    for member in ids:
        last = draw(st.sampled_from([None, 999, *ids])) if constrained else None
        entrants.append(
            Entrant(
                member,
                f"m{member}",
                rating=draw(st.sampled_from([1000.0, 1200.0, 1500.0])),
                points=draw(st.integers(0, 8)),
                wins=draw(st.integers(0, 3)),
                losses=draw(st.integers(0, 3)),
                as_x=draw(st.integers(0, 4)),
                as_o=draw(st.integers(0, 4)),
                last_opponent=None if last == member else last,
                free_since=draw(st.none() | st.integers(0, 5).map(minutes_in)),
            )
        )
    return entrants


def played(a: Entrant, b: Entrant) -> bool:
    return a.last_opponent == b.member_id or b.last_opponent == a.member_id


def place(entrant: Entrant) -> tuple[float, ...]:
    """The standings' order, as the rules say it: most points, fewer games, higher rating,
    then who waited longest, then the id."""
    since = entrant.free_since.timestamp() if entrant.free_since else 0.0
    games = entrant.wins + entrant.draws + entrant.losses
    return (-entrant.points, games, -entrant.rating, since, entrant.member_id)


def lean(entrant: Entrant) -> int:
    return entrant.as_x - entrant.as_o


def check(free: list[Entrant], pairs: list[tuple[Entrant, Entrant]], alone: bool) -> None:
    ids = [m.member_id for pair in pairs for m in pair]
    assert len(ids) == len(set(ids)), "someone is in two pairs"
    assert set(ids) <= {e.member_id for e in free}
    for x, o in pairs:
        assert lean(x) <= lean(o), "X went to the one who played X more"
        if not (alone and len(free) == 2):
            assert not played(x, o), "two who just played were paired again"
    unpaired = [e for e in free if e.member_id not in ids]
    if not (alone and len(free) == 2):
        for i, a in enumerate(unpaired):
            for b in unpaired[i + 1 :]:
                assert played(a, b), "two who could play each other were both left waiting"


@given(free_entrants(), st.integers(0, 2**32), st.booleans())
def test_pairs_are_disjoint_new_and_leave_no_two_waiting(
    free: list[Entrant], seed: int, alone: bool
) -> None:
    check(free, pairings(free, random.Random(seed), alone=alone), alone)


@given(free_entrants(constrained=False), st.integers(0, 2**32))
def test_without_last_opponents_at_most_one_waits(free: list[Entrant], seed: int) -> None:
    pairs = pairings(free, random.Random(seed))
    assert len(pairs) == len(free) // 2


@given(free_entrants(constrained=False), st.integers(0, 2**32))
def test_without_last_opponents_neighbours_in_the_standings_play(
    free: list[Entrant], seed: int
) -> None:
    """Nobody just played anybody: the first and second in the standings play, the third and
    fourth, and so on."""
    pairs = pairings(free, random.Random(seed))
    order = [e.member_id for e in sorted(free, key=place)]
    expected = {frozenset(order[i : i + 2]) for i in range(0, len(order) - 1, 2)}
    assert {frozenset((x.member_id, o.member_id)) for x, o in pairs} == expected


@given(free_entrants(), st.integers(0, 2**32))
def test_no_swap_of_one_pair_would_take_in_two_who_wait(free: list[Entrant], seed: int) -> None:
    """Two left waiting (who just played each other) wait only where no pair could give each
    of them a partner they did not just play: fewer wait than a greedy pass would leave."""
    pairs = pairings(free, random.Random(seed))
    paired = {m.member_id for pair in pairs for m in pair}
    waiting = [e for e in free if e.member_id not in paired]
    for i, a in enumerate(waiting):
        for b in waiting[i + 1 :]:
            for p, q in pairs:
                for one, other in ((p, q), (q, p)):
                    assert played(one, a) or played(other, b), (a, b, p, q)


@given(free_entrants(most=8), st.integers(0, 2**32))
def test_as_many_play_as_any_pairing_allows(free: list[Entrant], seed: int) -> None:
    """Against every way of pairing the free entrants (brute force, up to eight): no pairing
    of more pairs exists."""
    assert len(pairings(free, random.Random(seed))) == most_pairs(free)


def most_pairs(free: list[Entrant]) -> int:
    """The largest number of pairs of ``free`` in which nobody meets whom they just played."""
    if len(free) < 2:
        return 0
    first, rest = free[0], free[1:]
    best = most_pairs(rest)  # the first waits
    for index, other in enumerate(rest):
        if not played(first, other):
            best = max(best, 1 + most_pairs(rest[:index] + rest[index + 1 :]))
    return best


@given(free_entrants(), st.integers(0, 2**32))
def test_the_best_placed_plays_whenever_anyone_is_left_for_them(
    free: list[Entrant], seed: int
) -> None:
    pairs = pairings(free, random.Random(seed))
    paired = {m.member_id for pair in pairs for m in pair}
    if free:
        top = min(free, key=place)
        if any(not played(top, e) for e in free if e is not top):
            assert top.member_id in paired


def test_the_only_two_play_again_but_not_beside_a_third() -> None:
    a = Entrant(1, "a", last_opponent=2, free_since=AT)
    b = Entrant(2, "b", last_opponent=1, free_since=AT)
    assert len(pairings([a, b], random.Random(1), alone=True)) == 1
    assert pairings([a, b], random.Random(1), alone=False) == []
    c = Entrant(3, "c", free_since=AT)
    pairs = pairings([a, b, c], random.Random(1), alone=True)  # alone is about two only
    assert len(pairs) == 1 and not played(*pairs[0])


def test_colours_on_a_tie_go_either_way_and_otherwise_to_the_lesser_x() -> None:
    a, b = Entrant(1, "a", as_x=2, as_o=1), Entrant(2, "b", as_x=1, as_o=1)
    for seed in range(20):
        ((x, o),) = pairings([a, b], random.Random(seed))
        assert (x.member_id, o.member_id) == (2, 1)
    even = Entrant(2, "b", as_x=2, as_o=1)
    firsts = {pairings([a, even], random.Random(s))[0][0].member_id for s in range(40)}
    assert firsts == {1, 2}
