"""``rows.to_row`` refuses exactly the games whose row would not read back as the game.

``to_row`` checks field by field, for speed; the reference here is the plain way it replaced:
build the row, read it back with ``from_row`` and compare. Both must agree on every game,
those a store must keep and those spoiled one field at a time.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

import pytest
from game_strategies import any_game
from games_helpers import running_game
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Move, Player
from bot.games import Game, Seat, Status
from bot.games.arguments import MAX_ID
from bot.games.models import DUEL
from bot.games.rows import COLUMNS, UnreadableGame, from_row, to_row


class Cell(Move):
    """A move of another class: equal to no ``Move``, so it would not read back."""


def reads_back(game: Game) -> bool:
    """The reference: the row of ``game`` holds valid ids and names and reads back as it."""
    ids = (game.id, game.channel_id)
    optional = (game.guild_id, game.x.member_id, game.o.member_id, game.message_id)
    for value in (*ids, *(v for v in optional if v is not None)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ID:
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
    "moves": [(Cell(0, 0),), [Move(0, 0)]],
    "status": [Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED],
    "winner": [Player.X, Player.O],
    "created_at": [datetime(2030, 1, 1)],
    "updated_at": [datetime(2030, 1, 1)],
    "message_id": [-1, True, MAX_ID + 1],
    "version": ["3", 2.5, None],
}


@settings(max_examples=400, deadline=None)
@given(
    game=any_game(),
    field=st.sampled_from(sorted(SPOILERS)),
    pick=st.integers(0, 10),
    spoil=st.booleans(),
)
def test_to_row_refuses_exactly_what_would_not_read_back(
    game: Game, field: str, pick: int, spoil: bool
) -> None:
    values = SPOILERS[field]
    subject = spoiled(game, field, values[pick % len(values)]) if spoil else game
    if subject is None:
        return
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
