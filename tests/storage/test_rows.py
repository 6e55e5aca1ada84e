"""``rows.to_row`` refuses every game whose row would not read back as the game.

``to_row`` checks field by field, for speed; the reference here is the plain way it replaced:
build the row, read it back with ``from_row`` and compare. ``to_row`` must refuse whatever the
reference refuses, on games a store must keep and on games spoiled one field at a time. It
also refuses a few the reference let through because a value of another type compared equal
(``odd_games``): no service or store makes them.
"""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from dataclasses import replace
from datetime import datetime, timedelta, tzinfo
from typing import Any

import pytest
from game_strategies import any_game
from games_helpers import running_game
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Move, Player
from bot.games import ChallengeStatus, Game, Seat, Status
from bot.games.arguments import MAX_ID, check_id, check_optional_id
from bot.games.models import DUEL
from bot.games.variants.classic import ClassicVariant
from bot.games.variants.ultimate import ULTIMATE
from bot.storage.rows import (
    COLUMNS,
    UnreadableGame,
    from_row,
    to_row,
)


class Cell(Move):
    """A move of another class: equal to no ``Move``, so it would not read back."""


class Seated(Seat):
    """A seat of another class: equal to no ``Seat``."""


class Later(Game):
    """A game of another class: equal to no ``Game``."""

    __slots__ = ()


class Moves(tuple[Move, ...]):
    """A tuple of another class: equal to the tuple it holds."""


class Shouting(str):
    """Text that reads back as other text (``str()`` of it is upper case)."""

    def __str__(self) -> str:
        return self.upper()


class Loud(ClassicVariant):
    """Classic, but its kind reads back as other text."""

    kind = Shouting("classic")


class Folding(tzinfo):
    """A zone whose every time lies in a clock change's fold (its offset depends on ``fold``):
    Python finds such a time equal to no time in another zone, not even the same instant."""

    def utcoffset(self, dt: datetime | None) -> timedelta:
        return timedelta(hours=-5 if dt is not None and dt.fold else -4)

    def dst(self, dt: datetime | None) -> timedelta:
        return timedelta(0)


def reads_back(game: Game) -> bool:
    """The reference: the row of ``game`` holds valid ids and names and reads back as it."""
    try:
        for value in (game.id, game.channel_id):
            check_id("id", value)
        for value in (game.guild_id, game.x.member_id, game.o.member_id, game.message_id):
            check_optional_id("id", value)
    except (TypeError, ValueError):
        return False
    if any(not isinstance(s.name, str) or "\x00" in s.name for s in (game.x, game.o)):
        return False
    try:
        row = {"id": game.id, **{column.name: column.value(game) for column in COLUMNS}}
        return from_row(row) == game
    except (UnreadableGame, TypeError):  # TypeError: a naive timestamp has no minute key
        return False


def refused(game: Game) -> bool:
    try:
        to_row(game)
    except (ValueError, TypeError):
        return True
    return False


def spoiled(game: Game, field: str, value: Any) -> Game | None:
    """``game`` with one field replaced, or None if no ``Game`` can hold it (its moves are
    replayed when it is made)."""
    try:
        return replace(game, **{field: value})
    except Exception:
        return None


SPOILERS: dict[str, list[Any]] = {  # each wrong for a running game against the bot
    "id": [-1, MAX_ID + 1, True, 1.0],
    "channel_id": [-5, MAX_ID + 1, False, "7"],
    "guild_id": [True, -1, 2**64],
    "x": [Seat(None, "bot"), Seat(-1, "a"), Seat(3, "a\x00b"), Seat(True, "t")],
    "o": [Seat(MAX_ID + 1, "b"), Seat(4, 5), Seat(5, "b\x00")],
    "level": ["expert", DUEL, ""],
    "first": [1, None],
    "moves": [(Cell(0, 0),)],
    "status": [Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED],
    "winner": [Player.X, Player.O],
    "created_at": [datetime(2030, 1, 1)],
    "updated_at": [datetime(2030, 1, 1)],
    "message_id": [-1, True, MAX_ID + 1],
    "version": ["3", 2.5, None],
}


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(
    game=any_game(),
    field=st.sampled_from(sorted(SPOILERS)),
    pick=st.integers(0, 10),
    spoil=st.booleans(),
)
def test_to_row_refuses_what_would_not_read_back_and_keeps_any_storable_game(
    game: Game, field: str, pick: int, spoil: bool
) -> None:
    assert not refused(game)
    values = SPOILERS[field]
    subject = spoiled(game, field, values[pick % len(values)]) if spoil else game
    if subject is not None:
        assert refused(subject) is not reads_back(subject)


@pytest.mark.parametrize("field", sorted(SPOILERS))
def test_every_spoiler_is_refused_on_a_running_game(field: str) -> None:
    """Each spoiled field that a game can hold at all is refused (the property above holds
    either way; this says the spoilers do spoil, so it tests refusals, not just agreement)."""
    game = running_game()  # alice against the bot, not over
    assert not refused(game)
    made = [g for g in (spoiled(game, field, v) for v in SPOILERS[field]) if g is not None]
    assert made, f"no spoiler of {field} makes a game"
    for subject in made:
        assert refused(subject) and not reads_back(subject), (field, subject)


def odd_games() -> dict[str, tuple[Game, bool]]:
    """Games no service or store makes, each with whether the reference let it through: both
    refuse those the reference refused, and ``to_row`` refuses the others too, as a value of
    another type than ``from_row`` builds."""
    game = running_game()  # its moves are replayed now, so a size of 3.0 finds them below
    fields = {
        field.name: getattr(game, field.name) for field in dataclass_fields(Game) if field.init
    }
    noon = datetime(2026, 11, 1, 12, 0, tzinfo=Folding())
    return {
        "a size of 3.0 (a float that finds the 3x3 replay)": (replace(game, size=3.0), False),
        "a timestamp in a fold": (replace(game, created_at=noon), False),
        "a Seat of another class": (replace(game, x=Seated(game.x.member_id, "al")), False),
        "a Game of another class": (Later(**fields), False),
        "a first that reads back as other text": (replace(game, first=Shouting("me")), False),
        "a kind that reads back as other text": (replace(game, variant=Loud()), False),
        "a variant the list does not hold": (replace(game, variant=ClassicVariant()), False),
        "a kind without the size": (replace(game, variant=ULTIMATE, moves=()), False),
        "a version of 2.0": (replace(game, version=2.0), True),
        "a challenge's status": (replace(game, status=ChallengeStatus.EXPIRED), True),
        "moves in a tuple of another class": (replace(game, moves=Moves(game.moves)), True),
    }


@pytest.mark.parametrize("why", sorted(odd_games()))
def test_odd_games_are_refused(why: str) -> None:
    game, let_through = odd_games()[why]
    assert reads_back(game) is let_through
    assert refused(game)
