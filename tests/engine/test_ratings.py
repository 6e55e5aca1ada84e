"""Elo arithmetic (bot.engine.ratings): hand-computed cases, and ratings conserved between the
two players."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine.ratings import expected_score as expected
from bot.engine.ratings import rate


def test_equal_ratings_expect_half_a_point_and_move_sixteen() -> None:
    assert expected(1200, 1200) == 0.5
    assert rate(1200, 1200, 1.0) == (1216, 1184)
    assert rate(1200, 1200, 0.0) == (1184, 1216)
    assert rate(1200, 1200, 0.5) == (1200, 1200)


def test_an_upset_is_worth_more_than_a_favourite_winning() -> None:
    # 1200 vs 1400: E = 1 / (1 + 10^(200/400)) = 0.2403; 32 * (1 - 0.2403) = 24.31 -> 24
    assert expected(1200, 1400) == pytest.approx(0.2403, abs=1e-4)
    assert rate(1200, 1400, 1.0) == (1224, 1376)
    # the favourite winning: 32 * (1 - 0.7597) = 7.69 -> 8
    assert rate(1400, 1200, 1.0) == (1408, 1192)
    # a draw against a stronger player gains: 32 * (0.5 - 0.2403) = 8.31 -> 8
    assert rate(1200, 1400, 0.5) == (1208, 1392)


def test_a_score_other_than_win_draw_or_loss_is_refused() -> None:
    with pytest.raises(ValueError, match=r"0, 0.5 or 1"):
        rate(1200, 1200, 0.7)


@given(
    st.integers(100, 3000), st.integers(100, 3000), st.sampled_from([0.0, 0.5, 1.0])
)
def test_ratings_are_conserved_between_the_two_players(x: int, o: int, score: float) -> None:
    new_x, new_o = rate(x, o, score)
    assert new_x + new_o == x + o
    assert abs(new_x - x) <= 32
    assert (new_x >= x) if score == 1.0 else (new_x <= x) if score == 0.0 else True
