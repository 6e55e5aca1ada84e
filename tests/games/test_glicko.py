"""Glicko-2 (bot/games/glicko.py) against published figures: Glickman's own worked example
(glicko2.pdf, section "Example calculation") and Lichess's rating tests
(lila, modules/rating/src/test/RatingCalculatorTest.scala: one game, no deviation growth,
tau 0.75), which are the figures Lichess's own implementation must give."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.glicko import (
    MAX_DEVIATION,
    MAX_VOLATILITY,
    MIN_DEVIATION,
    MIN_RATING,
    Glicko,
    after_encounter,
    rate,
)


def test_glickmans_worked_example() -> None:
    """1500 (deviation 200, volatility 0.06), tau 0.5, one rating period against 1400 (30),
    1550 (100) and 1700 (300), scoring 1, 0, 0: 1464.06, 151.52, 0.05999."""
    player = Glicko(1500, 200, 0.06)
    results = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]
    after = rate(player, results, tau=0.5, periods=1.0)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


DEFAULT = Glicko(1500, 500, 0.09)
"""Lichess's newcomer (``Perf.default``)."""
MIXED_W, MIXED_B = Glicko(1400, 79, 0.06), Glicko(1550, 110, 0.065)

LICHESS = [
    # (white, black, white's score): white's and black's rating, deviation, volatility after
    (DEFAULT, DEFAULT, 1.0, (1741, 396, 0.0899983), (1258, 396, 0.0899983)),
    (DEFAULT, DEFAULT, 0.0, (1258, 396, 0.0899983), (1741, 396, 0.0899983)),
    (DEFAULT, DEFAULT, 0.5, (1500, 396, 0.0899954), (1500, 396, 0.0899954)),
    (Glicko(1500, 80, 0.06), Glicko(1500, 80, 0.06), 1.0, (1517, 78, 0.06), (1482, 78, 0.06)),
    (Glicko(1500, 80, 0.06), Glicko(1500, 80, 0.06), 0.5, (1500, 78, 0.06), (1500, 78, 0.06)),
    (MIXED_W, MIXED_B, 1.0, (1422, 77, 0.06), (1506, 105, 0.065)),
    (MIXED_W, MIXED_B, 0.0, (1389, 78, 0.06), (1568, 105, 0.065)),
    (MIXED_W, MIXED_B, 0.5, (1406, 78, 0.06), (1537, 105.87, 0.065)),
]
"""Lichess's cases with their tolerances: a rating and deviation to within 1 point (their
``assertCloseTo(x, y, 1d)``, the black-draw deviation to 0.01), a volatility to 1e-5."""


@pytest.mark.parametrize(("white", "black", "score", "white_after", "black_after"), LICHESS)
def test_lichess_published_cases(
    white: Glicko,
    black: Glicko,
    score: float,
    white_after: tuple[float, float, float],
    black_after: tuple[float, float, float],
) -> None:
    for player, opponent, mine, expected in (
        (white, black, score, white_after),
        (black, white, 1 - score, black_after),
    ):
        after = rate(player, [(opponent, mine)])
        rating, deviation, volatility = expected
        deviation_tolerance = 0.01 if deviation != int(deviation) else 1.0
        assert after.rating == pytest.approx(rating, abs=1.0)
        assert after.deviation == pytest.approx(deviation, abs=deviation_tolerance)
        assert after.volatility == pytest.approx(volatility, abs=0.00001)


def test_lichess_more_mixed_case_to_a_tenth() -> None:
    """1200 (60, 0.053) against 1850 (200, 0.062), to Lichess's tighter tolerances."""
    white, black = Glicko(1200, 60, 0.053), Glicko(1850, 200, 0.062)
    won, lost = rate(white, [(black, 1.0)]), rate(black, [(white, 0.0)])
    assert won.rating == pytest.approx(1216.7, abs=0.1)
    assert won.deviation == pytest.approx(59.9, abs=0.1)
    assert won.volatility == pytest.approx(0.053013, abs=0.000001)
    assert lost.rating == pytest.approx(1636, abs=0.1)
    assert lost.deviation == pytest.approx(196.9, abs=0.1)
    assert lost.volatility == pytest.approx(0.062028, abs=0.000001)
    drawn = rate(white, [(black, 0.5)])
    assert drawn.rating == pytest.approx(1208.0, abs=0.1)
    assert drawn.volatility == pytest.approx(0.053002, abs=0.000001)


def test_the_default_volatility_is_exact_to_lichess_eight_places() -> None:
    after = rate(DEFAULT, [(DEFAULT, 1.0)])
    assert after.volatility == pytest.approx(0.0899983, abs=0.00000001)


def test_no_result_only_grows_the_deviation() -> None:
    player = Glicko(1700, 60, 0.06)
    same = rate(player, [])
    assert (same.rating, same.volatility) == (1700, 0.06)
    assert same.deviation == pytest.approx(60)
    grown = rate(player, [], periods=1.0)
    assert grown.rating == 1700 and grown.volatility == 0.06
    assert grown.deviation == pytest.approx((60**2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(ValueError, match="score"):
        rate(DEFAULT, [(DEFAULT, 1.5)])
    with pytest.raises(ValueError, match="positive"):
        rate(Glicko(1500, 0, 0.06), [(DEFAULT, 1.0)])


def test_capped_keeps_lichess_bounds() -> None:
    assert Glicko(100, 10, 0.5).capped() == Glicko(MIN_RATING, MIN_DEVIATION, MAX_VOLATILITY)
    assert Glicko(5000, 900, 0.05).capped() == Glicko(4000, MAX_DEVIATION, 0.05)


def test_an_encounter_moves_the_solver_and_the_puzzle_apart() -> None:
    solver, puzzle = Glicko(), Glicko(1200, 350)
    won, beaten = after_encounter(solver, puzzle, solved=True)
    assert won.rating > solver.rating and beaten.rating < puzzle.rating
    assert won == rate(solver, [(puzzle, 1.0)]).capped()
    assert beaten == rate(puzzle, [(solver, 0.0)]).capped()
    lost, held = after_encounter(solver, puzzle, solved=False)
    assert lost.rating < solver.rating and held.rating > puzzle.rating


@given(
    rating=st.floats(400, 3000),
    deviation=st.floats(45, 500),
    other=st.floats(400, 3000),
    other_deviation=st.floats(45, 500),
    solved=st.booleans(),
)
def test_an_encounter_stays_in_bounds_and_moves_the_right_way(
    rating: float, deviation: float, other: float, other_deviation: float, solved: bool
) -> None:
    player, puzzle = Glicko(rating, deviation), Glicko(other, other_deviation)
    after, puzzle_after = after_encounter(player, puzzle, solved)
    for value in (after, puzzle_after):
        assert value == value.capped()
        assert value.deviation <= max(deviation, other_deviation) + 1e-9
    if solved:
        assert after.rating >= player.rating - 1e-9 and puzzle_after.rating <= other + 1e-9
    else:
        assert after.rating <= max(player.rating, MIN_RATING) + 1e-9
        assert puzzle_after.rating >= other - 1e-9
