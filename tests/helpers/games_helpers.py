"""Shared helpers for the game-layer and storage tests (tests/games/, tests/storage/).

Kept in a module rather than a conftest.py so no other helper's conftest can collide; named
without ``test_`` so pytest does not collect it.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg

from bot.engine import Move, Player
from bot.engine.classic import Board
from bot.engine.position import Position
from bot.games import Game, GameService, GameStore, MoveReply, Seat, Status
from bot.games.service import MoveChooser
from bot.games.variants.classic import CLASSIC
from bot.storage import SqliteGameStore
from bot.storage.migrations import MIGRATIONS
from bot.storage.postgres.store import PostgresGameStore
from bot.storage.rows import CHALLENGE_COLUMNS, COLUMNS, Column

OpenStore = Callable[..., Awaitable[PostgresGameStore]]
"""The ``open_store`` fixture's type (tests/conftest.py): ``PostgresGameStore.open``."""

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
CHANNEL = 100
GUILD = 7
ALICE = 1
BOB = 2
NAMES = {ALICE: "alice", BOB: "bob"}


class FakeClock:
    """A clock that only moves when told to, so expiry needs no sleeping."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class YieldingStore(SqliteGameStore):
    """The SQLite store, but every call gives the event loop a turn first, like a networked
    database would: without the per-channel lock, operations would interleave here."""

    async def insert(self, game: Game, **options: Any) -> Game:
        await asyncio.sleep(0)
        return await super().insert(game, **options)

    async def update(self, game: Game, **options: Any) -> Game:
        await asyncio.sleep(0)
        return await super().update(game, **options)

    async def get(self, game_id: int) -> Game | None:
        await asyncio.sleep(0)
        return await super().get(game_id)


def make_service(
    path: Path | str = ":memory:",
    *,
    clock: FakeClock | None = None,
    seed: int = 1,
    store: GameStore | None = None,
    idle_timeout: float = 600.0,
    bot: Callable[[Any, str, random.Random], Move] | None = None,
) -> GameService:
    """A service on ``store`` (a new SQLite store at ``path`` unless given) with a fake clock;
    ``bot``: how the bot picks its moves, ``(position, level, rng) -> move`` (the variants'
    own engines unless given)."""
    return GameService(
        store if store is not None else SqliteGameStore(path),
        idle_timeout=idle_timeout,
        clock=clock if clock is not None else FakeClock(),
        rng=random.Random(seed),
        choose_move=None if bot is None else plays(bot),
    )


def plays(bot: Callable[[Any, str, random.Random], Move]) -> MoveChooser:
    """``bot`` as the service's move chooser, for every kind and level (the member's rating,
    which the adaptive level plays at, unused)."""

    def choose(position: Position, level: str, rng: random.Random, rating: float | None) -> Move:
        return bot(position, level, rng)

    return choose


def first_free(board: Board, level: str, rng: random.Random) -> Move:
    """A predictable bot for scripting games: the first free cell, row by row."""
    return board.legal_moves[0]


async def start_game(
    service: GameService,
    *,
    channel: int = CHANNEL,
    guild: int | None = GUILD,
    member: int = ALICE,
    name: str | None = None,
    level: str = "perfect",
    first: str = "me",
    size: int = 3,
) -> MoveReply:
    """``member`` (alice unless told) starts a game in ``channel``; they move first unless
    told, so nothing is played yet. ``name`` defaults to alice/bob/"m<id>"."""
    return await service.start(
        channel_id=channel,
        guild_id=guild,
        member_id=member,
        member_name=NAMES.get(member, f"m{member}") if name is None else name,
        level=level,
        first=first,
        size=size,
    )


async def started_game(
    service: GameService, *, channel: int = CHANNEL, member: int = ALICE, **options: Any
) -> MoveReply:
    """``start_game`` (the member first), then the member's first move, the centre: a game
    that has started, so resigning it is a loss (one nobody moved in is only set aside)."""
    await start_game(service, channel=channel, member=member, **options)
    return await service.move(channel_id=channel, member_id=member, move=Move(1, 1))


def finished_game(
    member_id: int,
    name: str,
    *,
    status: Status,
    level: str = "perfect",
    guild_id: int | None = GUILD,
    channel_id: int = CHANNEL,
    when: datetime = START,
) -> Game:
    """A finished member(X)-vs-bot game with the given result and a board that agrees with it
    (the store refuses to read back a game whose status contradicts its board)."""
    winner, cells = {
        Status.WON: (Player.X, (0, 3, 1, 4, 2)),  # X takes row 1
        Status.LOST: (Player.O, (0, 3, 1, 4, 8, 5)),  # O takes row 2
        Status.RESIGNED: (Player.O, (4, 0)),
        Status.DRAWN: (None, (0, 4, 8, 1, 7, 6, 2, 5, 3)),
        Status.EXPIRED: (None, (4, 0)),
    }[status]
    return Game(
        id=0,
        channel_id=channel_id,
        guild_id=guild_id,
        x=Seat(member_id, name),
        o=Seat(None, "the bot"),
        level=level,
        size=3,
        first="me",
        moves=tuple(Move(*divmod(cell, 3)) for cell in cells),
        status=status,
        winner=winner,
        created_at=when,
        updated_at=when,
        variant=CLASSIC,
    )


def assert_consistent(game: Game) -> None:
    """Assert a game's status and winner agree with its board, by the service's rules (the
    board itself is replayed from the moves by ``Game``): active, resigned and expired games
    have a board that is not over and only a resignation has a winner, the side that did not
    resign; won/lost/drawn carry the board's result from the member's (X's, member vs
    member) side. Timestamps are aware and in order."""
    board, status, winner = game.position, game.status, game.winner
    if status in (Status.ACTIVE, Status.RESIGNED, Status.EXPIRED):
        assert not board.is_over, (status, board.notation)
        assert (winner is not None) is (status is Status.RESIGNED), (status, winner)
    else:
        assert board.is_over, (status, board.notation)
        assert winner is board.winner, (status, winner, board.notation)
        if winner is None:
            assert status is Status.DRAWN
        else:
            member_won = game.seat(winner) == game.member
            assert status is (Status.WON if member_won else Status.LOST), (status, winner)
    assert game.created_at.tzinfo is not None and game.updated_at.tzinfo is not None
    assert game.created_at <= game.updated_at


def member_vs_member(channel_id: int = CHANNEL) -> Game:
    """A fresh alice(X)-vs-bob(O) game: there is no start option for these yet, but the rules
    (turns, seats, locking) must already hold for them."""
    now = FakeClock()()
    return Game(
        id=0,
        channel_id=channel_id,
        guild_id=GUILD,
        x=Seat(ALICE, "alice"),
        o=Seat(BOB, "bob"),
        level="perfect",
        size=3,
        first="me",
        moves=(),
        status=Status.ACTIVE,
        winner=None,
        created_at=now,
        updated_at=now,
        variant=CLASSIC,
    )


def running_game() -> Game:
    """Alice's game against the bot, not over (``finished_game``'s board, still active)."""
    return replace(finished_game(1, "alice", status=Status.EXPIRED), status=Status.ACTIVE)


@contextmanager
def row_locked(url: str, game_id: int) -> Iterator[None]:
    """Another process holding the lock on game ``game_id``'s row until the block ends."""
    with psycopg.connect(url) as other:  # a transaction is open from the first statement
        other.execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (game_id,))
        yield
        other.rollback()


def scalar(url: str, query: str) -> object:
    """The one value ``query`` reads from PostgreSQL at ``url``."""
    with psycopg.connect(url) as connection:
        row = connection.execute(query).fetchone()
    assert row is not None
    return row[0]


async def until_a_backend_waits_for_a_lock(url: str) -> None:
    """Until some connection to the database at ``url`` waits for a lock (at most 10 s)."""
    deadline = time.monotonic() + 10
    query = (
        "SELECT count(*) FROM pg_stat_activity "
        "WHERE datname = current_database() AND wait_event_type = 'Lock'"
    )
    while scalar(url, query) == 0:
        assert time.monotonic() < deadline, "the write never waited for the lock"
        await asyncio.sleep(0.02)


def sqlite_at_version(path: Path, version: int) -> None:
    """A new SQLite file at ``path`` built by migrations 1 to ``version``, as an older
    release left it."""
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.create_function("casefold", 1, str.casefold)
        for migration in MIGRATIONS[:version]:
            for statement in migration.statements("sqlite"):
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {version}")


COLUMNS_SINCE = {
    "version": 4, "saved_minute": 6, "answers_only": 15, "kind": 18, "arena_id": 20, "timed_out": 20
}
"""The ``games`` columns added after version 1, with the version that added each."""


CHALLENGE_COLUMNS_SINCE = {"answers_only": 15, "kind": 18}
"""The ``challenges`` columns added after version 3, which made the table."""


def insert_game_at(version: int, placeholder: str) -> str:
    """The INSERT of a game's row (``to_row``'s parameters, the id left to the database)
    into a ``games`` table at schema ``version``: the columns of today that existed then.
    ``placeholder`` is the driver's, with ``{}`` for the name (":{}", "%({})s")."""
    return _insert_at("games", COLUMNS, COLUMNS_SINCE, version, placeholder)


def insert_challenge_at(version: int, placeholder: str) -> str:
    """``insert_game_at`` for a challenge's row (``challenge_to_row``'s parameters)."""
    return _insert_at(
        "challenges", CHALLENGE_COLUMNS, CHALLENGE_COLUMNS_SINCE, version, placeholder
    )


def _insert_at(
    table: str, columns: tuple[Column, ...], since: dict[str, int], version: int, placeholder: str
) -> str:
    names = [column.name for column in columns if since.get(column.name, 1) <= version]
    values = ", ".join(placeholder.format(name) for name in names)
    return f"INSERT INTO {table} ({', '.join(names)}) VALUES ({values})"
