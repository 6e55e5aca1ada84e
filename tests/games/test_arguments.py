"""Every service operation checks its ids and names before anything is read or written: a bad
one raises ``TypeError``/``ValueError`` naming the argument, and the file is as it was."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from games_helpers import ALICE, BOB, CHANNEL, GUILD, make_service, start_game

from bot.engine import Move
from bot.games import GameError, GameService, Seat
from bot.games.arguments import MAX_ID, NAME_MAX_LENGTH

BAD_IDS: list[tuple[object, type[Exception]]] = [
    (None, TypeError),
    (True, TypeError),  # a bool is an int to Python, never an id
    ("5", TypeError),
    (5.0, TypeError),
    (-1, ValueError),
    (MAX_ID + 1, ValueError),  # does not fit the database's 64-bit integer
]
BAD_NAMES: list[tuple[object, type[Exception]]] = [
    (None, TypeError),
    (b"alice", TypeError),
    (5, TypeError),
    ("", ValueError),
    ("  \t ", ValueError),
    ("a" * (NAME_MAX_LENGTH + 1), ValueError),
    ("ali\nce", ValueError),
    ("ali\x00ce", ValueError),
]
FREE = CHANNEL + 1

Operation = Callable[[GameService, dict[str, Any]], Awaitable[object]]

OPERATIONS: dict[str, tuple[Operation, dict[str, Any], set[str]]] = {
    # name: (call, valid arguments, which of them may be None)
    "start": (
        lambda s, a: s.start(**a),
        {"channel_id": FREE, "guild_id": GUILD, "member_id": ALICE, "member_name": "alice"},
        {"guild_id"},
    ),
    "move": (
        lambda s, a: s.move(move=Move(0, 0), **a),
        {"channel_id": CHANNEL, "member_id": ALICE, "game_id": 1},
        {"game_id"},
    ),
    "resign": (lambda s, a: s.resign(**a), {"channel_id": CHANNEL, "member_id": ALICE}, set()),
    "active_game": (lambda s, a: s.active_game(**a), {"channel_id": CHANNEL}, set()),
    "last_game": (
        lambda s, a: s.last_game(**a),
        {"channel_id": CHANNEL, "member_id": ALICE},
        set(),
    ),
    "get": (lambda s, a: s.get(**a), {"game_id": 1}, set()),
    "hint": (lambda s, a: s.hint(**a), {"channel_id": CHANNEL, "member_id": ALICE}, set()),
    "explain": (lambda s, a: s.explain(**a), {"channel_id": CHANNEL, "member_id": ALICE}, set()),
    "stats": (
        lambda s, a: s.standings.stats(**a),
        {"member_id": ALICE, "guild_id": GUILD},
        {"guild_id"},
    ),
    "leaderboard": (lambda s, a: s.standings.leaderboard(**a), {"guild_id": GUILD}, {"guild_id"}),
    "expire_idle": (lambda s, a: s.expire_idle(**a), {"channel_id": CHANNEL}, {"channel_id"}),
    "duel_leaderboard": (
        lambda s, a: s.standings.duel_leaderboard(**a),
        {"guild_id": GUILD},
        {"guild_id"},
    ),
    "challenge": (
        lambda s, a: s.duels.challenge(
            channel_id=a["channel_id"],
            guild_id=a["guild_id"],
            challenger=Seat(a["challenger id"], a["challenger name"]),
            opponent=Seat(a["opponent id"], a["opponent name"]),
        ),
        {
            "channel_id": FREE,
            "guild_id": GUILD,
            "challenger id": ALICE,
            "challenger name": "alice",
            "opponent id": BOB,
            "opponent name": "bob",
        },
        {"guild_id"},
    ),
    "accept": (lambda s, a: s.duels.accept(**a), {"challenge_id": 1, "member_id": BOB}, set()),
    "decline": (lambda s, a: s.duels.decline(**a), {"challenge_id": 1, "member_id": BOB}, set()),
    "get_challenge": (lambda s, a: s.duels.get_challenge(**a), {"challenge_id": 1}, set()),
    "attach_challenge_message": (
        lambda s, a: s.duels.attach_challenge_message(**a),
        {"challenge_id": 1, "message_id": 99},
        set(),
    ),
    "rematch": (
        lambda s, a: s.rematch(**a),
        {"game_id": 2, "member_id": ALICE, "member_name": "alice"},
        set(),
    ),
    "attach_message": (
        lambda s, a: s.boards.attach(**a),
        {"game_id": 1, "message_id": 99},
        set(),
    ),
}


def bad_calls() -> list[Any]:
    cases = []
    for operation, (_, valid, optional) in OPERATIONS.items():
        for argument in valid:
            bad = BAD_NAMES if argument.endswith("name") else BAD_IDS
            for value, error in bad:
                if value is None and argument in optional:
                    continue
                case_id = f"{operation}-{argument}-{value!r:.12}"
                cases.append(pytest.param(operation, argument, value, error, id=case_id))
    return cases


def snapshot(path: Path) -> list[tuple[object, ...]]:
    """Every row of every table, read with plain sqlite3 behind the service's back."""
    with sqlite3.connect(path) as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return [(table, *row) for table in tables for row in conn.execute(f"SELECT * FROM {table}")]


@pytest.mark.parametrize(("operation", "argument", "value", "error"), bad_calls())
async def test_a_bad_id_or_name_is_refused_naming_it_before_anything_is_written(
    database_file: Path, operation: str, argument: str, value: object, error: type[Exception]
) -> None:
    path = database_file
    service = make_service(path)
    game = (await start_game(service)).game
    assert game.id == 1
    # A finished game (#2) to play again and an open challenge (#1) to answer.
    await start_game(service, channel=CHANNEL + 2, first="bot")
    await service.resign(channel_id=CHANNEL + 2, member_id=ALICE)
    await service.duels.challenge(
        channel_id=CHANNEL + 3,
        guild_id=GUILD,
        challenger=Seat(ALICE, "alice"),
        opponent=Seat(BOB, "bob"),
    )
    call, valid, _ = OPERATIONS[operation]
    before = snapshot(path)
    with pytest.raises(error, match=argument) as raised:
        await call(service, {**valid, argument: value})
    assert not isinstance(raised.value, GameError)  # an adapter's bug, not the player's
    assert snapshot(path) == before
    # The service still works, and a good call does what it says.
    await call(service, dict(valid))
    await service.close()


async def test_a_name_is_stripped_and_every_script_and_emoji_is_welcome() -> None:
    service = make_service()
    name = "  Zoë 🧑‍🚀 李 " + "x" * (NAME_MAX_LENGTH - 10)
    assert len(name.strip()) == NAME_MAX_LENGTH
    reply = await service.start(
        channel_id=0, guild_id=None, member_id=0, member_name=name, first="me"
    )
    assert reply.game.member.name == name.strip()
    assert (await service.get(reply.game.id)) == reply.game
    big = await service.start(
        channel_id=MAX_ID, guild_id=MAX_ID, member_id=MAX_ID, member_name="big", first="me"
    )
    assert (await service.get(big.game.id)) == big.game
