"""Domain errors: sentences name the commands they suggest by placeholder, and each adapter
spells them its own way; text from outside (names, input) is never read as a template."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bot.games
from bot.games import Command, GameError, NoGameError, NotYourGameError


def test_each_adapter_spells_the_suggested_command() -> None:
    error = NoGameError()
    assert str(error) == "There is no game running here. Start one with start."
    discord = {Command.START: "`/tictactoe start`"}
    assert error.text(discord) == (
        "There is no game running here. Start one with `/tictactoe start`."
    )


def test_a_missing_spelling_falls_back_to_the_plain_name() -> None:
    assert NoGameError().text({}) == str(NoGameError())


@given(st.text())
def test_outside_text_is_shown_as_it_is(name: str) -> None:
    error = NotYourGameError("This is {players}'s game.", players=name)
    assert error.text({Command.START: "x"}) == f"This is {name}'s game."


def test_a_field_nobody_fills_fails_where_the_error_is_made() -> None:
    with pytest.raises(KeyError):
        GameError("Hello {nobody}.")


def test_values_cannot_shadow_a_command() -> None:
    with pytest.raises(ValueError, match="start"):
        GameError("{start}", start="nope")


def test_every_error_the_game_layer_exports_is_a_game_error() -> None:
    """Adapters catch ``GameError`` alone, so an exported error outside it would reach a
    player as a crash."""
    exported = [getattr(bot.games, name) for name in bot.games.__all__]
    errors = {item for item in exported if isinstance(item, type) and issubclass(item, Exception)}
    assert len(errors) >= 10  # the check looked at the errors, not at an empty list
    assert {error for error in errors if not issubclass(error, GameError)} == set()
