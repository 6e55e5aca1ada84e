"""What the PostgreSQL store promises beyond the store contract (which it also passes, in
test_store_contract.py): migrating once however many processes start together, refusing
a database it must not touch, sentences that never show a player the server or the driver, a
sentence naming the server for each way opening fails, writes that wait a bounded time for
another process's row lock, and starts and challenges that take their channel's lock (migration
5) and race without deadlocks.

All on the suite's real PostgreSQL server (tools/postgres_server.py)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import psycopg
import pytest
from games_helpers import (
    GUILD,
    OpenStore,
    finished_game,
    insert_game_at,
    row_locked,
    running_game,
    scalar,
    until_a_backend_waits_for_a_lock,
)
from postgres_server import PASSWORD, PostgresServer, free_port

from bot.games import Game, GameChangedError, Record, Seat, Status, StorageError, StoreBusyError
from bot.games.errors import BUSY, UNAVAILABLE
from bot.games.models import DUEL, Challenge, ChallengeStatus
from bot.games.sentences import (
    CHALLENGE_TAKEN,
    CHANNEL_TAKEN,
)
from bot.games.variants.classic import CLASSIC
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.storage.postgres.store import CHANNEL_LOCK, PostgresGameStore
from bot.storage.rows import (
    member_rows,
    to_row,
)

VERSION = "SELECT version FROM tictactoe_schema"


async def test_ten_stores_opening_together_migrate_once(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.storage.postgres.store")
    stores = await asyncio.gather(  # a write may wait 1 ms for a lock; migrating waits on
        *(PostgresGameStore.open(postgres_url, pool_size=1, write_timeout=0.001) for _ in range(10))
    )
    migrated = [r.message for r in caplog.records if "migrated" in r.message]
    assert len(migrated) == SCHEMA_VERSION
    assert scalar(postgres_url, VERSION) == SCHEMA_VERSION
    assert scalar(postgres_url, "SELECT count(*) FROM tictactoe_schema") == 1
    game = await stores[3].insert(finished_game(1, "alice", status=Status.WON))
    assert await stores[7].get(game.id) == game
    await asyncio.gather(*(store.close() for store in stores))


async def test_reopening_keeps_every_game_and_total(postgres_url: str) -> None:
    store = await PostgresGameStore.open(postgres_url)
    game = await store.insert(finished_game(1, "alice", status=Status.WON))
    await store.close()
    again = await PostgresGameStore.open(postgres_url)
    assert await again.get(game.id) == game
    assert await again.records(1, None) == {("classic", "perfect", 3): Record(1, 0, 0)}
    await again.close()


async def test_a_newer_schema_is_refused_and_left_untouched(postgres_url: str) -> None:
    store = await PostgresGameStore.open(postgres_url)
    await store.insert(finished_game(1, "alice", status=Status.WON))
    await store.close()
    with psycopg.connect(postgres_url) as connection:
        connection.execute("UPDATE tictactoe_schema SET version = 99")
    known = rf"schema version 99.*only knows up to version {SCHEMA_VERSION}"
    with pytest.raises(StorageError, match=known):
        await PostgresGameStore.open(postgres_url)
    assert scalar(postgres_url, VERSION) == 99
    assert scalar(postgres_url, "SELECT count(*) FROM games") == 1


async def test_another_programs_database_is_refused_and_left_untouched(
    postgres_url: str,
) -> None:
    with psycopg.connect(postgres_url) as connection:
        connection.execute("CREATE TABLE invoices (id integer)")
    with pytest.raises(StorageError, match="another program's tables"):
        await PostgresGameStore.open(postgres_url)
    tables = "SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = 'public'"
    assert scalar(postgres_url, tables) == "invoices"


async def test_a_version_1_database_is_upgraded_with_its_totals_counted(
    postgres_url: str,
) -> None:
    """Migration 2's PostgreSQL backfill: the totals of games played before it existed."""
    drawn = replace(finished_game(1, "Alice", status=Status.DRAWN), o=Seat(2, "bob"))
    won = finished_game(2, "bob", status=Status.WON, guild_id=None)
    with psycopg.connect(postgres_url) as connection:
        for statement in MIGRATIONS[0].statements("postgresql"):
            connection.execute(statement)
        connection.execute("CREATE TABLE tictactoe_schema (version integer NOT NULL)")
        connection.execute("INSERT INTO tictactoe_schema VALUES (1)")
        for game in (drawn, won):
            connection.execute(insert_game_at(1, "%({})s"), to_row(game))
            for member in member_rows(game):  # version 1 has no name_key yet
                connection.execute(
                    "INSERT INTO members (member_id, name, updated_at) "
                    "VALUES (%(member_id)s, %(name)s, %(updated_at)s) ON CONFLICT DO NOTHING",
                    member,
                )
    store = await PostgresGameStore.open(postgres_url)
    assert await store.records(1, GUILD) == {("classic", drawn.level, 3): Record(0, 0, 1)}
    assert await store.records(2, None) == {("classic", drawn.level, 3): Record(1, 0, 1)}
    draw = Record(0, 0, 1)
    assert await store.standings(GUILD, kind="classic") == [(1, "Alice", draw), (2, "bob", draw)]
    assert await store.standings(None, kind="classic") == [(2, "bob", Record(1, 0, 0))]
    await store.close()


async def test_an_unreachable_server_is_named_without_its_password() -> None:
    url = f"postgresql://bot:s3cret@127.0.0.1:{free_port()}/games"
    with pytest.raises(StorageError) as raised:
        await PostgresGameStore.open(url, timeout=1)
    assert str(raised.value).startswith("Cannot reach the game database '127.0.0.1:")
    assert "/games'" in str(raised.value)
    assert "s3cret" not in str(raised.value)


@pytest.mark.parametrize(
    ("password", "database", "says"),
    [
        ("wrong-password", "postgres", "refused the user name or password in DATABASE_URL"),
        ("", "postgres", "asks for a password, and DATABASE_URL gives none"),
        (PASSWORD, "no_such_games", "does not exist: create it on that server"),
    ],
    ids=["wrong password", "no password", "no database"],
)
async def test_a_server_that_refuses_says_why_at_once_naming_it(
    postgres_server: PostgresServer, password: str, database: str, says: str
) -> None:
    url = postgres_server.url_with_password(password, database).replace(":@", "@")
    started = time.monotonic()
    with pytest.raises(StorageError) as raised:
        await PostgresGameStore.open(url)
    assert time.monotonic() - started < 5  # not after the pool's retries
    sentence = str(raised.value)
    assert sentence.startswith(f"The game database '127.0.0.1:{postgres_server.port}/{database}'")
    assert says in sentence
    assert "wrong-password" not in sentence and PASSWORD not in sentence


async def test_the_right_password_opens_the_store(
    postgres_server: PostgresServer, open_store: OpenStore
) -> None:
    """The other side of the refusals above: the same role and server, its real password."""
    store = await open_store(postgres_server.url_with_password(PASSWORD))
    assert await store.active_games() == []


async def test_a_url_libpq_cannot_read_is_refused_without_its_password() -> None:
    url = f"postgresql://bot:s3cret@127.0.0.1:{free_port()}/games?flavour=mint"
    with pytest.raises(StorageError) as raised:
        await PostgresGameStore.open(url)
    assert str(raised.value).startswith("DATABASE_URL is not one PostgreSQL can read: ")
    assert "s3cret" not in str(raised.value) and "unreadable" not in str(raised.value)


async def test_a_connection_lost_between_operations_is_replaced_unseen(
    postgres_url: str, open_store: OpenStore
) -> None:
    store = await open_store(postgres_url, pool_size=1)
    game = await store.insert(finished_game(1, "alice", status=Status.WON))
    terminate(postgres_url, "pid <> pg_backend_pid()")
    assert await store.get(game.id) == game  # the pool checked its connection, made another


async def test_a_connection_lost_during_a_write_fails_it_and_saves_nothing_of_it(
    postgres_url: str, caplog: pytest.LogCaptureFixture, open_store: OpenStore
) -> None:
    store = await open_store(postgres_url, write_timeout=30)
    game = await store.insert(running_game())
    moved = replace(game, message_id=42)
    with row_locked(postgres_url, game.id):  # so the write is caught half-way, waiting
        update = asyncio.create_task(store.update(moved))
        await until_a_backend_waits_for_a_lock(postgres_url)
        terminate(postgres_url, "wait_event_type = 'Lock'")
        with pytest.raises(StorageError) as raised:
            await asyncio.wait_for(update, 10)
    assert str(raised.value) == UNAVAILABLE
    assert "terminat" in caplog.text  # the driver's own words go to the log only
    assert await store.get(game.id) == game
    saved = await store.update(moved)  # and the store goes on, from the version it had
    assert await store.get(game.id) == saved == replace(moved, version=game.version + 1)


async def test_a_write_waits_for_another_process_lock_only_so_long_then_says_busy(
    postgres_url: str, open_store: OpenStore
) -> None:
    store = await open_store(postgres_url, write_timeout=0.3)
    game = await store.insert(running_game())
    moved = replace(game, message_id=42)
    with row_locked(postgres_url, game.id):
        started = time.monotonic()
        with pytest.raises(StorageError) as raised:
            await asyncio.wait_for(store.update(moved), 10)
        waited = time.monotonic() - started
        assert await store.get(game.id) == game  # reading never waits for a writer
    assert str(raised.value) == BUSY
    assert 0.3 <= waited < 2
    saved = await store.update(moved)  # the lock is gone: the same write goes through
    assert await store.get(game.id) == saved == replace(moved, version=game.version + 1)


def terminate(url: str, which: str) -> None:
    """End the server processes serving ``url``'s database that match ``which``."""
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            f"WHERE datname = current_database() AND {which}"
        )


async def test_a_second_active_game_in_a_channel_is_refused_in_plain_words(
    postgres_url: str,
) -> None:
    store = await PostgresGameStore.open(postgres_url)
    active = running_game()
    await store.insert(active)
    with pytest.raises(GameChangedError, match=r"^This channel already has a game running\.$"):
        await store.insert(active)
    await store.close()


async def test_pool_size_must_be_at_least_one(postgres_url: str) -> None:
    with pytest.raises(ValueError, match="pool_size"):
        await PostgresGameStore.open(postgres_url, pool_size=0)


SNOWFLAKE = 1_234_567_890_123_456_789  # a channel id past 32 bits: its lock key is folded


def a_game(x: Seat, o: Seat, channel_id: int, level: str = "perfect") -> Game:
    """A new ACTIVE 3x3 game in ``channel_id``."""
    unplayed = replace(finished_game(1, "", status=Status.EXPIRED), moves=())
    return replace(unplayed, x=x, o=o, level=level, channel_id=channel_id, status=Status.ACTIVE)


def a_challenge(channel_id: int, status: ChallengeStatus = ChallengeStatus.OPEN) -> Challenge:
    start = finished_game(1, "", status=Status.WON).created_at
    return Challenge(
        id=0,
        channel_id=channel_id,
        guild_id=GUILD,
        challenger=Seat(1, "alice"),
        opponent=Seat(2, "bob"),
        size=3,
        first="challenger",
        status=status,
        created_at=start,
        expires_at=start,
        variant=CLASSIC,
    )


@contextmanager
def channel_locked(url: str, channel_id: int) -> Iterator[None]:
    """Another process holding ``channel_id``'s lock, as ``_hold_channel`` takes it, until the
    block ends."""
    with psycopg.connect(url) as other:  # a transaction is open from the first statement
        other.execute(
            "SELECT pg_advisory_xact_lock(%s, (%s %% 2147483647)::integer)",
            (CHANNEL_LOCK, channel_id),
        )
        yield
        other.rollback()


async def test_a_start_or_challenge_in_one_statement_waits_for_its_channels_lock(
    postgres_url: str, open_store: OpenStore
) -> None:
    """Migration 5's trigger takes the lock ``_hold_channel`` takes, by the same key, before
    it looks at the channel: so a start or a challenge waits while another transaction holds
    the channel, then says the store is busy. Other channels, and ended games, never wait."""
    store = await open_store(postgres_url, write_timeout=0.2)
    game = a_game(Seat(1, "alice"), Seat(None, "the bot"), SNOWFLAKE)
    ended = finished_game(1, "alice", status=Status.WON, channel_id=SNOWFLAKE)
    with channel_locked(postgres_url, SNOWFLAKE):
        for write in (store.insert(game), store.insert_challenge(a_challenge(SNOWFLAKE))):
            with pytest.raises(StoreBusyError):
                await asyncio.wait_for(write, 10)
        assert await store.active_game(SNOWFLAKE) is None
        assert await store.open_challenge(SNOWFLAKE) is None
        ended = await store.insert(ended)
        await store.insert_challenge(a_challenge(SNOWFLAKE, ChallengeStatus.DECLINED))
        elsewhere = await store.insert(replace(game, channel_id=SNOWFLAKE + 1))
    started = await store.insert(game)
    assert await store.active_games() == [elsewhere, started]
    assert await store.last_finished(SNOWFLAKE) == ended


async def test_starts_challenges_and_accepts_racing_share_no_channel_and_never_deadlock(
    postgres_url: str, open_store: OpenStore
) -> None:
    """Two stores (processes) race in several channels at once, by every path that starts a
    game or opens a challenge: a start in one statement, a start setting aside the member's
    game elsewhere, a challenge, and in half the channels the acceptance of a waiting
    challenge (a duel: both members' names, in either seat order). A deadlock or a lock wait
    would be a StorageError; each refusal says what the channel holds, a refused start sets
    nothing aside, and every channel ends with a running game or an open challenge, never
    both."""
    first = await open_store(postgres_url, pool_size=4)
    second = await open_store(postgres_url, pool_size=4)
    alice, bob, bot = Seat(1, "alice"), Seat(2, "bob"), Seat(None, "the bot")
    for round_ in range(8):
        channels = [round_ * 100 + n for n in range(6)]
        aside = [await second.insert(a_game(bob, bot, 10_000 + c)) for c in channels]
        waiting = {c: await first.insert_challenge(a_challenge(c)) for c in channels[::2]}
        races = []
        for n, channel in enumerate(channels):
            seats = (alice, bob) if n % 4 else (bob, alice)
            writes = [
                first.insert(a_game(alice, bot, channel)),
                second.insert(
                    a_game(bob, bot, channel), replacing=replace(aside[n], status=Status.EXPIRED)
                ),
                second.insert_challenge(a_challenge(channel)),
            ]
            if channel in waiting:
                duel = a_game(*seats, channel, DUEL)
                writes.append(first.accept_challenge(waiting[channel], duel))
            writes = writes[n % 3 :] + writes[: n % 3]
            races.append(asyncio.gather(*writes, return_exceptions=True))
        for channel, results in zip(channels, await asyncio.gather(*races), strict=True):
            refusals = [str(r) for r in results if isinstance(r, BaseException)]
            assert set(refusals) <= {CHANNEL_TAKEN, CHALLENGE_TAKEN}, results
            assert len(refusals) == len(results) - 1, results
            game, challenge = await first.active_game(channel), await first.open_challenge(channel)
            assert (game is None) != (challenge is None), (game, challenge)
        for set_aside in aside:
            left = await first.get(set_aside.id)
            assert left is not None
            assert left.is_active == (left == set_aside)  # set aside only with its start
