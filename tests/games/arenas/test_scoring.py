"""Arena scoring (``bot.games.arenas.scoring``): 2 a win, 1 a draw, 0 a loss, and every win
after two in a row counts double until a game is not won; a game without a result changes
nothing of the score. Checked against an independent recomputation over random sequences."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from bot.engine import Value
from bot.games.arenas.models import Entrant
from bot.games.arenas.scoring import points, scored, standings, unscored

AT = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
RESULTS = st.sampled_from([Value.WIN, Value.DRAW, Value.LOSS])
GAME = st.tuples(RESULTS, st.booleans())
"""One game: its result and whether the entrant played X."""


def recomputed(games: list[tuple[Value, bool]]) -> tuple[int, int, str]:
    """Points, wins in a row and sheet, counted from the rules' words alone."""
    total, run, sheet = 0, 0, ""
    for result, _ in games:
        if result is Value.WIN:
            gained = 4 if run >= 2 else 2
            run += 1
        else:
            gained = 1 if result is Value.DRAW else 0
            run = 0
        total += gained
        sheet += str(gained)
    return total, run, sheet


def folded(
    games: list[tuple[Value, bool]], *, no_results: frozenset[int] | set[int] = frozenset()
) -> Entrant:
    """An entrant after ``games`` in order; a game without a result before each index in
    ``no_results``."""
    entrant = Entrant(1, "one")
    for index, (result, as_x) in enumerate(games):
        at = AT + timedelta(minutes=index)
        if index in no_results:
            entrant = unscored(entrant, 3, at)
        entrant = scored(entrant, result, 2, as_x, at)
    return entrant


def test_points_of_every_result_at_every_streak() -> None:
    """Exhaustive over the streaks that matter: a win doubles from the third in a row on."""
    for streak in range(12):
        assert points(Value.WIN, streak) == (4 if streak >= 2 else 2)
        assert points(Value.DRAW, streak) == 1
        assert points(Value.LOSS, streak) == 0


def test_three_wins_then_a_draw_then_a_win() -> None:
    """The issue's example: 2, 2, then on fire 4; a draw puts the fire out (1); the next
    win is 2 again."""
    games = [(Value.WIN, True)] * 3 + [(Value.DRAW, False), (Value.WIN, True)]
    entrant = folded(games)
    assert (entrant.points, entrant.sheet, entrant.streak) == (11, "22412", 1)
    assert not entrant.on_fire


@given(st.lists(GAME, max_size=40))
def test_folding_results_equals_an_independent_recount(games: list[tuple[Value, bool]]) -> None:
    """Points, streak, sheet, counts, colours and last opponent after any sequence."""
    entrant = folded(games)
    total, run, sheet = recomputed(games)
    assert (entrant.points, entrant.streak, entrant.sheet) == (total, run, sheet)
    assert sum(int(c) for c in entrant.sheet) == entrant.points
    assert entrant.wins == sum(r is Value.WIN for r, _ in games)
    assert entrant.draws == sum(r is Value.DRAW for r, _ in games)
    assert entrant.losses == sum(r is Value.LOSS for r, _ in games)
    assert entrant.games == len(games) == len(entrant.sheet)
    assert (entrant.as_x, entrant.as_o) == (sum(x for _, x in games), sum(not x for _, x in games))
    assert entrant.on_fire == (run >= 2)
    if games:
        assert entrant.last_opponent == 2
        assert entrant.free_since == AT + timedelta(minutes=len(games) - 1)


@given(st.lists(GAME, max_size=25), st.sets(st.integers(0, 25)))
def test_games_without_a_result_change_no_score(
    games: list[tuple[Value, bool]], no_results: set[int]
) -> None:
    """An expired game anywhere neither scores nor breaks (nor continues) a streak."""
    plain, interrupted = folded(games), folded(games, no_results=no_results)
    fields = ("points", "streak", "sheet", "wins", "draws", "losses", "as_x", "as_o")
    assert [getattr(plain, f) for f in fields] == [getattr(interrupted, f) for f in fields]


ENTRANT = st.builds(
    lambda member, points, games, rating, name: Entrant(
        member, name, rating=rating, points=points, wins=games
    ),
    st.integers(1, 10**6),
    st.integers(0, 30),
    st.integers(0, 15),
    st.sampled_from([1100.0, 1200.0, 1350.5]),
    st.sampled_from(["ann", "Bob", "bob", "cy"]),
)


@given(st.lists(ENTRANT, max_size=12, unique_by=lambda e: e.member_id))
def test_standings_rank_by_points_sharing_equal_scores(entrants: list[Entrant]) -> None:
    """Every entrant once; most points first; a rank is one more than the entrants with
    strictly more points (equal points share it); within equal points fewer games first,
    then the higher rating."""
    lines = standings(entrants)
    assert sorted(line.entrant.member_id for line in lines) == sorted(
        e.member_id for e in entrants
    )
    for line in lines:
        assert line.rank == 1 + sum(e.points > line.entrant.points for e in entrants)
    for above, below in itertools.pairwise(lines):
        a, b = above.entrant, below.entrant
        assert a.points >= b.points
        if a.points == b.points:
            assert (a.games, -a.rating) <= (b.games, -b.rating)
            assert above.rank == below.rank
        else:
            assert above.rank < below.rank
