"""The shared wording: option lists read as a sentence, typed input is quoted and cut short."""

from __future__ import annotations

import ast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.wording import SHOWN, either, quote_input


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        (("me",), "me"),
        ((3, 4), "3 or 4"),
        (("me", "bot", "random"), "me, bot or random"),
    ],
)
def test_options_read_as_a_sentence(options: tuple[object, ...], sentence: str) -> None:
    assert either(options) == sentence


def test_short_input_is_quoted_whole() -> None:
    assert quote_input("hello") == "'hello'"


@given(st.text(min_size=SHOWN + 1, max_size=500))
def test_long_input_is_cut_to_the_limit_with_an_ellipsis(text: str) -> None:
    assert quote_input(text) == repr(text[: SHOWN - 1] + "…")
    assert ast.literal_eval(quote_input(text)).startswith(text[: SHOWN - 1])  # a real repr
