"""Migration 18 (the kind of game is stored) on a database an older release left at version 17,
SQLite and PostgreSQL, holding real rows of both kinds: games running and finished (against the
bot and duels), open challenges, duel ratings, adaptive records, and the tallies the triggers
kept. Upgraded, every row reads back as it was with its kind, the tallies are unchanged, and
games finished afterwards count under their own kind only.

That the kind is read from its column, never from the size, and that two kinds may share a
size, is checked on both databases in tests/storage/test_store_contract.py (rows edited to
name another kind) and tests/storage/test_sqlite_store.py."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import psycopg
from games_helpers import (
    CHANNEL,
    GUILD,
    insert_challenge_at,
    insert_game_at,
    scalar,
    sqlite_at_version,
)

from bot.engine import Player
from bot.engine.ratings import ADAPTIVE, AdaptiveRecord
from bot.games import Challenge, Game, GameStore, Record, Status
from bot.games.models import DUEL, Rating
from bot.games.variants.ultimate import GRID, ULTIMATE
from bot.storage import SqliteGameStore
from bot.storage.migrations import MIGRATIONS
from bot.storage.postgres.store import VERSION_TABLE, PostgresGameStore
from bot.storage.rows import challenge_to_row, member_rows, to_row
from bot.storage.sql import GameSql
from tests.storage.test_migrations import FRESH, schema
from tests.storage.test_store_contract import ALICE, BOB, BOT, CHALLENGE, make_game, ultimate

V17 = 17

GAMES: tuple[Game, ...] = (
    make_game(ALICE, BOT, Status.WON),
    ultimate(make_game(ALICE, BOT, Status.RESIGNED, resigner=Player.X, channel_id=CHANNEL + 1)),
    make_game(ALICE, BOB, Status.WON, level=DUEL, channel_id=CHANNEL + 2),
    ultimate(
        make_game(
            BOB, ALICE, Status.RESIGNED, resigner=Player.O, level=DUEL, channel_id=CHANNEL + 3
        )
    ),
    make_game(BOB, BOT, channel_id=CHANNEL + 4, level="easy"),
    ultimate(make_game(ALICE, BOT, channel_id=CHANNEL + 5, level=ADAPTIVE)),
)
"""What a version-17 database holds: alice wins a classic game and resigns an ultimate one
against the bot, beats bob in a classic duel and resigns an ultimate duel to him; bob plays a
classic game and alice an adaptive ultimate one, both running."""

CLASSIC_RUNNING, ULTIMATE_RUNNING = 4, 5
"""The running games' places in ``GAMES``."""

CHALLENGES: tuple[Challenge, ...] = (
    replace(CHALLENGE, channel_id=CHANNEL + 6),
    replace(CHALLENGE, channel_id=CHANNEL + 7, size=GRID, variant=ULTIMATE),
)
"""Open challenges to a classic 4x4 duel and to an ultimate one."""

V17_RATINGS = (
    "INSERT INTO ratings (in_guild, guild_id, kind, member_id, rating, games) VALUES "
    f"(1, {GUILD}, 'classic', 1, 1216, 1), (1, {GUILD}, 'classic', 2, 1184, 1), "
    f"(1, {GUILD}, 'ultimate', 1, 1184, 1), (1, {GUILD}, 'ultimate', 2, 1216, 1)"
)
V17_ADAPTIVE = (
    "INSERT INTO adaptive_records (member_id, size, rating, games) "
    "VALUES (1, 3, 1310, 5), (1, 9, 1150, 3), (2, 4, 1240, 2)"
)

STANDINGS = (
    "SELECT in_guild, guild_id, kind, member_id, wins, losses, draws, name_key FROM standings "
    "ORDER BY in_guild, guild_id, kind, member_id"
)
RECORDS = (
    "SELECT member_id, in_guild, guild_id, level, size, wins, losses, draws FROM records "
    "ORDER BY member_id, in_guild, guild_id, level, size"
)
RECORDS_WITH_KIND = (
    "SELECT member_id, in_guild, guild_id, kind, level, size, wins, losses, draws FROM records "
    "ORDER BY member_id, in_guild, guild_id, level, size"
)

Rows = list[tuple[Any, ...]]


@dataclass(frozen=True)
class Driver:
    """A database reached with its plain driver, behind the store's back."""

    placeholder: str
    execute: Callable[[str, Mapping[str, object]], None]
    insert: Callable[[str, Mapping[str, object]], int]
    """Run an INSERT of one row; its id."""


def fill(driver: Driver) -> tuple[list[Game], list[Challenge]]:
    """Write ``GAMES`` (the triggers tally them), their members, ``CHALLENGES``, the ratings
    and the adaptive records into a version-17 database; the games and challenges with their
    ids."""
    placeholder = driver.placeholder
    sql = GameSql.styled(placeholder)
    games, challenges = [], []
    for game in GAMES:
        games.append(
            replace(game, id=driver.insert(insert_game_at(V17, placeholder), to_row(game)))
        )
        for member in member_rows(game):
            driver.execute(sql.upsert_member, member)
    for challenge in CHALLENGES:
        row = challenge_to_row(challenge)
        challenges.append(
            replace(challenge, id=driver.insert(insert_challenge_at(V17, placeholder), row))
        )
    driver.execute(V17_RATINGS, {})
    driver.execute(V17_ADAPTIVE, {})
    return games, challenges


def kind_of(size: int) -> str:
    """The kind a version-17 row of ``size`` was, by the rule migration 18 fills in once."""
    return "ultimate" if size == GRID else "classic"


async def check_upgraded(
    store: GameStore, games: list[Game], challenges: list[Challenge], before: tuple[Rows, Rows],
    read: Callable[[str], Rows],
) -> None:  # fmt: skip
    """Every row as it was, with its kind; the tallies unchanged; then a classic and an
    ultimate game finished, each counted under its own kind only."""
    standings, records = before
    assert read(STANDINGS) == standings
    assert read(RECORDS_WITH_KIND) == [(*row[:3], kind_of(row[4]), *row[3:]) for row in records]
    assert [await store.get(game.id) for game in games] == games  # each of its kind
    assert await store.active_games() == [games[CLASSIC_RUNNING], games[ULTIMATE_RUNNING]]
    assert await store.open_challenges() == challenges
    assert await store.records(1, GUILD) == {
        ("classic", "perfect", 3): Record(1, 0, 0),
        ("ultimate", "hard", GRID): Record(0, 1, 0),
        ("classic", DUEL, 3): Record(1, 0, 0),
        ("ultimate", DUEL, GRID): Record(0, 1, 0),
    }
    assert await store.standings(GUILD, kind="classic") == [(1, "alice", Record(1, 0, 0))]
    assert await store.standings(GUILD, kind="ultimate") == [(1, "alice", Record(0, 1, 0))]
    assert await store.rating(1, GUILD, kind="classic") == Rating(1216, 1)
    assert await store.rating(1, GUILD, kind="ultimate") == Rating(1184, 1)
    assert await store.adaptive_record(1, "classic", 3) == AdaptiveRecord(1310, 5)
    assert await store.adaptive_record(1, "ultimate", GRID) == AdaptiveRecord(1150, 3)
    assert await store.adaptive_record(2, "classic", 4) == AdaptiveRecord(1240, 2)
    assert await store.adaptive_record(1, "classic", GRID) == AdaptiveRecord()

    classic = games[CLASSIC_RUNNING]
    won = make_game(BOB, BOT, Status.WON, channel_id=classic.channel_id, level=classic.level)
    await store.update(replace(won, id=classic.id))
    running = games[ULTIMATE_RUNNING]
    resigned = make_game(ALICE, BOT, Status.RESIGNED, resigner=Player.X, level=ADAPTIVE)
    await store.update(replace(ultimate(resigned), id=running.id, channel_id=running.channel_id))
    assert await store.standings(GUILD, kind="classic") == [
        (1, "alice", Record(1, 0, 0)),
        (2, "bob", Record(1, 0, 0)),
    ]
    assert await store.standings(GUILD, kind="ultimate") == [(1, "alice", Record(0, 2, 0))]
    played = ULTIMATE.playing_rating(1150, GRID)
    assert await store.adaptive_record(1, "ultimate", GRID) == AdaptiveRecord(1150, 3).against(
        0.0, played
    )
    assert await store.adaptive_record(1, "classic", 3) == AdaptiveRecord(1310, 5)
    assert (await store.records(1, GUILD))["ultimate", ADAPTIVE, GRID] == Record(0, 1, 0)


async def test_a_version_17_file_upgrades_with_each_row_under_its_kind(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    sqlite_at_version(path, V17)
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.create_function("casefold", 1, str.casefold)

        def execute(sql: str, params: Mapping[str, object]) -> None:
            conn.execute(sql, params)

        def insert(sql: str, params: Mapping[str, object]) -> int:
            row_id = conn.execute(sql, params).lastrowid
            assert row_id is not None
            return row_id

        games, challenges = fill(Driver(":{}", execute, insert))
        before = (conn.execute(STANDINGS).fetchall(), conn.execute(RECORDS).fetchall())

    def read(sql: str) -> Rows:
        with closing(sqlite3.connect(path)) as conn:
            return conn.execute(sql).fetchall()

    store = SqliteGameStore(path)
    try:
        assert schema(path) == FRESH
        await check_upgraded(store, games, challenges, before, read)
    finally:
        await store.close()


async def test_a_version_17_postgresql_database_upgrades_with_each_row_under_its_kind(
    postgres_url: str,
) -> None:
    with psycopg.connect(postgres_url) as connection:
        for migration in MIGRATIONS[:V17]:
            for statement in migration.statements("postgresql"):
                connection.execute(statement.encode())
        connection.execute(f"CREATE TABLE {VERSION_TABLE} (version integer NOT NULL)")
        connection.execute(f"INSERT INTO {VERSION_TABLE} VALUES ({V17})")

        def execute(sql: str, params: Mapping[str, object]) -> None:
            connection.execute(sql.encode(), params)

        def insert(sql: str, params: Mapping[str, object]) -> int:
            found = connection.execute(f"{sql} RETURNING id".encode(), params).fetchone()
            assert found is not None
            return int(found[0])

        games, challenges = fill(Driver("%({})s", execute, insert))
        before = (
            connection.execute(STANDINGS).fetchall(),
            connection.execute(RECORDS).fetchall(),
        )

    def read(sql: str) -> Rows:
        with psycopg.connect(postgres_url) as connection:
            return connection.execute(sql).fetchall()

    store = await PostgresGameStore.open(postgres_url)
    try:
        assert scalar(postgres_url, f"SELECT version FROM {VERSION_TABLE}") == len(MIGRATIONS)
        await check_upgraded(store, games, challenges, before, read)
    finally:
        await store.close()
