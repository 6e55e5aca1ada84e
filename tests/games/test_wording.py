"""The shared wording: option lists read as a sentence, typed input is quoted and cut short,
durations read the same wherever they appear (the service's errors and the renderer)."""

from __future__ import annotations

import ast
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.wording import SHOWN, describe_duration, join_or, quote_input


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        (("me",), "me"),
        ((3, 4), "3 or 4"),
        (("me", "bot", "random"), "me, bot or random"),
    ],
)
def test_options_read_as_a_sentence(options: tuple[object, ...], sentence: str) -> None:
    assert join_or(options) == sentence


def test_short_input_is_quoted_whole() -> None:
    assert quote_input("hello") == "'hello'"


@given(st.text(min_size=SHOWN + 1, max_size=500))
def test_long_input_is_cut_to_the_limit_with_an_ellipsis(text: str) -> None:
    assert quote_input(text) == repr(text[: SHOWN - 1] + "…")
    assert ast.literal_eval(quote_input(text)).startswith(text[: SHOWN - 1])  # a real repr


UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0, "0 seconds"),
        (-5, "0 seconds"),
        (1, "1 second"),
        (30, "30 seconds"),
        (56, "56 seconds"),
        (59.4, "1 minute"),  # 0.99 minutes, to a tenth
        (60, "1 minute"),
        (90, "1.5 minutes"),
        (100, "1.7 minutes"),
        (600, "10 minutes"),
        (3599, "1 hour"),
        (5400, "1.5 hours"),
        (7200, "2 hours"),
        (86400, "1 day"),
        (3 * 86400, "3 days"),
        (10**9, "11574.1 days"),
    ],
)
def test_durations_read_naturally(seconds: float, text: str) -> None:
    assert describe_duration(seconds) == text


@given(st.floats(min_value=0, max_value=10**10, allow_nan=False))
def test_a_duration_is_the_largest_unit_to_a_tenth(seconds: float) -> None:
    match = re.fullmatch(r"(\d+(?:\.\d)?) (second|minute|hour|day)(s?)", describe_duration(seconds))
    assert match is not None
    amount, unit, plural = float(match.group(1)), UNITS[match.group(2)], match.group(3)
    assert (plural == "") == (amount == 1)
    assert abs(amount * unit - seconds) <= max(0.05 * unit, 0.5) + 1e-9
    if unit > 1:
        assert amount >= 1  # else a smaller unit would have been used
    bigger = [size for size in UNITS.values() if size > unit]
    if bigger:
        assert seconds < 0.95 * bigger[0] + 1e-9  # else the bigger unit would have been used
