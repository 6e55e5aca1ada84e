"""The engine's value types are real values: immutable, and they survive pickle and copy.

The game layer keeps an Analysis inside its Hint, so copying or pickling a Hint must copy the
analysis faithfully, and no field of a value type may be changed or deleted after it is made.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

from bot.engine import Move, Outcome, Player, Value
from bot.engine.classic import Analysis, Board, MoveAnalysis, analyze

ANALYSED = analyze(Board.from_notation("XO./.X./..O"))

VALUES: dict[str, object] = {
    "move": Move(1, 2),
    "outcome": Outcome(Player.X, (Move(0, 0), Move(1, 1), Move(2, 2))),
    "draw": Outcome(None, ()),
    "move analysis": MoveAnalysis(Move(2, 0), Value.WIN, 3),
    "analysis": ANALYSED,
    "board": Board.from_notation("XO./.X./..O"),
}

FIELDS: dict[type, tuple[str, ...]] = {
    Move: ("row", "col"),
    Outcome: ("winner", "winning_cells", "lines"),
    MoveAnalysis: ("move", "value", "plies"),
    Analysis: ("board", "moves", "value", "best_moves", "positions_examined"),
}

ROUND_TRIPS: dict[str, Callable[[object], object]] = {
    "pickle": lambda value: pickle.loads(pickle.dumps(value)),
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
}


@pytest.mark.parametrize("how", sorted(ROUND_TRIPS))
@pytest.mark.parametrize("name", sorted(VALUES))
def test_values_survive_pickle_and_copy(name: str, how: str) -> None:
    value = VALUES[name]
    twin = ROUND_TRIPS[how](value)
    assert type(twin) is type(value)
    assert twin == value and hash(twin) == hash(value)
    for field in FIELDS.get(type(value), ()):
        assert getattr(twin, field) == getattr(value, field), field


def test_a_copied_analysis_keeps_every_move_result() -> None:
    twin = copy.deepcopy(ANALYSED)
    assert twin.moves == ANALYSED.moves and len(twin.moves) == len(ANALYSED.board.legal_moves)
    assert twin.best_moves == ANALYSED.best_moves
    assert twin.positions_examined == ANALYSED.positions_examined > 0


@pytest.mark.parametrize("cls", sorted(FIELDS, key=lambda c: c.__name__))
def test_fields_cannot_be_set_or_deleted(cls: type) -> None:
    value = next(v for v in VALUES.values() if type(v) is cls)
    before = copy.copy(value)
    for field in FIELDS[cls]:
        with pytest.raises(AttributeError, match=f"'{field}'"):
            setattr(value, field, None)
        with pytest.raises(AttributeError, match=f"'{field}'"):
            delattr(value, field)
    # A new attribute is refused too; before Python 3.14, frozen slotted dataclasses refuse it
    # with TypeError instead of FrozenInstanceError (CPython gh-105936).
    with pytest.raises((AttributeError, TypeError)):
        value.extra = 1  # type: ignore[attr-defined]
    assert value == before
