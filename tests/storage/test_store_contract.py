"""The ``GameStore`` contract (bot/games/store.py), checked through public methods only, on
every store: a new database adds its factory to ``DATABASES`` and nothing else here changes.

Stats and standings are checked against a recount, in Python, of the games as last saved."""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import closing
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import psycopg
import pytest
from game_strategies import any_game, progress
from games_helpers import CHANNEL, GUILD, START, finished_game
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Move, Player
from bot.engine.classic import LEVEL_RATINGS, playing_rating
from bot.engine.classic.adaptive import record_after
from bot.engine.classic.puzzles import shipped
from bot.engine.ratings import ADAPTIVE, START_RATING, AdaptiveRecord, rate
from bot.games import Game, GameChangedError, GameStore, Record, Seat, Status, StorageError
from bot.games.arguments import MAX_ID
from bot.games.models import DUEL, Challenge, ChallengeStatus, GameKind, Rating
from bot.games.puzzles.models import (
    Attempt,
    AttemptStatus,
    DailyPost,
    DailySetting,
    Finished,
    MadePuzzle,
    PuzzlePlayer,
    Streak,
    start_rating,
)
from bot.games.puzzles.rating import after_attempt
from bot.games.server_settings import ServerSettings
from bot.games.shards import ShardSet
from bot.games.solo import rated
from bot.games.store import START as PAGE_START
from bot.games.store import PageKey
from bot.games.store_errors import PuzzleChangedError
from bot.games.variants.classic import CLASSIC
from bot.games.variants.ultimate import GRID, ULTIMATE
from bot.storage import SqliteGameStore
from bot.storage.postgres.store import PostgresGameStore


@dataclass(frozen=True)
class Database:
    """Where a store under test keeps its data; ``shared``: every ``open()`` reaches the same
    data (a file, a server), so one store sees what another committed."""

    open: Callable[[], Awaitable[GameStore]]
    shared: bool
    damage: Callable[[str], None] | None = None
    """Run one SQL statement behind the stores' backs with the plain driver (to damage a row
    as a disk or a hand would); None where nothing outside the store can reach the data."""


def sqlite_file(request: pytest.FixtureRequest) -> Database:
    path: Path = request.getfixturevalue("tmp_path") / "games.db"

    async def open_store() -> GameStore:
        return SqliteGameStore(path)

    def damage(sql: str) -> None:
        with closing(sqlite3.connect(path)) as conn, conn:
            conn.execute(sql)

    return Database(open_store, shared=True, damage=damage)


def sqlite_memory(request: pytest.FixtureRequest) -> Database:
    async def open_store() -> GameStore:
        return SqliteGameStore(":memory:")

    return Database(open_store, shared=False)


def postgresql(request: pytest.FixtureRequest) -> Database:
    """A fresh database on the suite's real PostgreSQL server (tools/postgres_server.py)."""
    url: str = request.getfixturevalue("postgres_url")

    async def open_store() -> GameStore:
        return await PostgresGameStore.open(url, pool_size=2)

    def damage(sql: str) -> None:
        with psycopg.connect(url) as conn:
            conn.execute(sql.encode())

    return Database(open_store, shared=True, damage=damage)


DATABASES: dict[str, Callable[[pytest.FixtureRequest], Database]] = {
    "sqlite-file": sqlite_file,
    "sqlite-memory": sqlite_memory,
    "postgresql": postgresql,
}


ON_A_SERVER = {"postgresql": pytest.mark.postgres}
"""The marker of each database a test reaches on a real server (its fixture, asked for only
when chosen, is not in the test's signature for pytest to see)."""


@pytest.fixture(
    params=[pytest.param(name, marks=ON_A_SERVER.get(name, ())) for name in sorted(DATABASES)]
)
def database(request: pytest.FixtureRequest) -> Database:
    """Each factory asks for the fixtures it needs (a folder, a server) only when chosen."""
    return DATABASES[request.param](request)


@pytest.fixture
async def store(database: Database) -> AsyncIterator[GameStore]:
    opened = await database.open()
    yield opened
    await opened.close()


BOT = Seat(None, "the bot")
ALICE = Seat(1, "alice")
BOB = Seat(2, "bob")
SNOWFLAKE = 1_234_567_890_123_456_789  # Discord ids need 64 bits
# Cells played on 3x3 (row * 3 + col) for each way a game stands.
LINE_FOR = {Player.X: (0, 3, 1, 4, 2), Player.O: (0, 3, 1, 4, 8, 5)}  # top row, middle row
FULL_DRAW = (0, 4, 8, 1, 7, 6, 2, 5, 3)
UNDECIDED = (4, 0)


def make_game(
    x: Seat,
    o: Seat,
    status: Status = Status.ACTIVE,
    *,
    resigner: Player = Player.X,
    guild_id: int | None = GUILD,
    channel_id: int = CHANNEL,
    level: str = "perfect",
) -> Game:
    """A 3x3 game whose board agrees with ``status``: WON/LOST from the member's side (X's
    when both seats are members), RESIGNED by ``resigner``."""
    member = Player.X if x.member_id is not None else Player.O
    winner = {
        Status.WON: member,
        Status.LOST: member.other,
        Status.RESIGNED: resigner.other,
    }.get(status)
    if status is Status.DRAWN:
        cells = FULL_DRAW
    elif winner is not None and status is not Status.RESIGNED:
        cells = LINE_FOR[winner]
    else:
        cells = UNDECIDED
    bare = finished_game(0, "", status=Status.EXPIRED, level=level, guild_id=guild_id)
    moves = tuple(Move(*divmod(cell, 3)) for cell in cells)
    return replace(bare, channel_id=channel_id, x=x, o=o, moves=moves, status=status, winner=winner)


# -- games: insert, get, update, active_games ---------------------------------------------------

ODD_ZONE = timezone(timedelta(hours=5, minutes=30))

VARIETY = (
    make_game(ALICE, BOT),
    make_game(BOT, Seat(SNOWFLAKE, "Zoë ☃"), guild_id=SNOWFLAKE, channel_id=SNOWFLAKE),
    replace(
        make_game(ALICE, BOB, Status.RESIGNED, resigner=Player.O, guild_id=None),
        channel_id=CHANNEL + 1,
        message_id=SNOWFLAKE,
        created_at=START.astimezone(ODD_ZONE),
        updated_at=START + timedelta(seconds=61, microseconds=123_456),
    ),
    replace(
        make_game(ALICE, BOT, channel_id=CHANNEL + 2, level="easy"),
        size=4,
        first="bot",
        moves=(Move(1, 1), Move(3, 0), Move(0, 3)),
        guild_id=0,
    ),
    make_game(BOB, BOT, Status.DRAWN, level="hard"),
    make_game(BOT, ALICE, Status.LOST, level="medium"),
    make_game(ALICE, BOT, Status.EXPIRED),
)


# -- every field round-trips; nothing unreadable is written; an unreadable row is set aside -------


def test_every_field_of_any_game_reads_back_as_inserted_and_updated(database: Database) -> None:
    """Property: whatever a game holds, ``get`` returns exactly what ``insert`` and ``update``
    saved. One store serves every example (a server per example would be slow); a game left
    active is expired at the end so its channel is free for the next."""
    with asyncio.Runner() as runner:
        store = runner.run(database.open())

        async def round_trip(game: Game, later: Game) -> None:
            saved = await store.insert(game)
            assert await store.get(saved.id) == replace(game, id=saved.id)
            moved = replace(later, id=saved.id, version=saved.version)
            updated = await store.update(moved)
            assert updated == replace(moved, version=moved.version + 1)
            assert await store.get(saved.id) == updated
            if moved.is_active:
                await store.update(replace(updated, status=Status.EXPIRED))

        @settings(max_examples=60, deadline=None)
        @given(game=any_game(), data=st.data())
        def check(game: Game, data: st.DataObject) -> None:
            runner.run(round_trip(game, data.draw(progress(game))))

        try:
            check()
        finally:
            runner.run(store.close())


UNSTORABLE = {
    "an id past 64 bits": replace(make_game(ALICE, BOT), channel_id=MAX_ID + 1),
    "a negative member id": make_game(Seat(-1, "alice"), BOT),
    "a bool for an id": replace(make_game(ALICE, BOT), guild_id=True),
    "a NUL in a name": make_game(Seat(1, "ali\x00ce"), BOT),
    "no member seat": make_game(BOT, BOT),
    "won with no line on the board": replace(make_game(ALICE, BOT), status=Status.WON),
}


@pytest.mark.parametrize("why", sorted(UNSTORABLE))
async def test_a_game_that_would_not_read_back_is_refused_before_anything_is_written(
    store: GameStore, why: str
) -> None:
    game = UNSTORABLE[why]
    with pytest.raises((ValueError, TypeError)):
        await store.insert(game)
    assert await store.active_games() == []
    assert await store.member_name(1) is None  # not even the member's name was written
    saved = await store.insert(make_game(ALICE, BOT, channel_id=7))
    with pytest.raises((ValueError, TypeError)):
        await store.update(replace(game, id=saved.id))
    assert await store.get(saved.id) == saved


async def test_an_active_game_that_does_not_read_back_is_set_aside_with_one_log_line(
    database: Database, caplog: pytest.LogCaptureFixture
) -> None:
    if database.damage is None:
        pytest.skip("nothing outside this store can reach its data to damage it")
    store = await database.open()
    games = [await store.insert(make_game(ALICE, BOT, channel_id=CHANNEL + n)) for n in range(3)]
    await store.close()
    bad = games[1]
    database.damage(f"UPDATE games SET moves = '4,4' WHERE id = {bad.id}")
    caplog.set_level(logging.INFO, logger="bot.games")
    store = await database.open()
    assert await store.active_games() == [games[0], games[2]]
    lines = [r.getMessage() for r in caplog.records if f"#{bad.id} " in r.getMessage()]
    assert len(lines) == 1 and "cannot be read" in lines[0] and "set aside" in lines[0]
    with pytest.raises(StorageError, match=rf"Game #{bad.id} .*cannot be read"):
        await store.get(bad.id)  # asked for by id, it is named, never half-loaded
    assert await store.get(games[2].id) == games[2]
    await store.close()


async def test_insert_assigns_growing_ids_and_get_returns_every_field(store: GameStore) -> None:
    ids = []
    for game in VARIETY:
        saved = await store.insert(replace(game, id=424242))  # the id passed in is ignored
        assert saved == replace(game, id=saved.id)
        ids.append(saved.id)
    assert ids == sorted(set(ids))
    for game_id, game in zip(ids, VARIETY, strict=True):
        assert await store.get(game_id) == replace(game, id=game_id)
    assert await store.get(424242) is None


async def test_update_saves_the_progress_and_keeps_what_the_game_started_as(
    store: GameStore,
) -> None:
    game = await store.insert(make_game(ALICE, BOT))
    later = START + timedelta(minutes=3)
    finished = replace(make_game(ALICE, BOT, Status.WON), id=game.id, updated_at=later)
    saved = await store.update(
        replace(
            finished,
            message_id=77,
            channel_id=CHANNEL + 9,  # none of these is progress: all ignored
            guild_id=None,
            x=Seat(ALICE.member_id, "renamed"),
            level="easy",
            created_at=later,
        )
    )
    assert await store.get(game.id) == replace(finished, message_id=77, version=1)
    assert saved.version == 1
    assert await store.member_name(1) == "alice"
    await store.update(replace(finished, message_id=None, version=1))
    assert await store.get(game.id) == replace(finished, version=2)


async def test_update_of_a_game_that_is_not_there_raises(store: GameStore) -> None:
    with pytest.raises(StorageError, match="#31"):
        await store.update(replace(make_game(ALICE, BOT), id=31))
    assert await store.get(31) is None


async def test_active_games_are_the_active_ones_in_id_order(store: GameStore) -> None:
    assert await store.active_games() == []
    saved = [
        await store.insert(make_game(ALICE, BOT, status, channel_id=CHANNEL + n))
        for n, status in enumerate([Status.ACTIVE, Status.WON, Status.ACTIVE, Status.EXPIRED])
    ]
    saved.append(await store.insert(make_game(BOB, BOT, channel_id=CHANNEL - 1)))
    first, _, third, _, fifth = saved
    assert await store.active_games() == [first, third, fifth]
    resigned = replace(make_game(ALICE, BOT, Status.RESIGNED), id=third.id)
    await store.update(replace(resigned, channel_id=third.channel_id))
    assert await store.active_games() == [first, fifth]
    assert await store.open_game_count() == 2
    assert await store.active_game(first.channel_id) == first
    assert await store.active_game(third.channel_id) is None
    assert await store.last_finished(third.channel_id) == replace(
        resigned, channel_id=third.channel_id, version=1
    )
    assert await store.last_finished(first.channel_id) is None


async def test_a_channel_holds_one_active_game_and_a_refused_insert_saves_nothing(
    store: GameStore,
) -> None:
    first = await store.insert(make_game(ALICE, BOT))
    with pytest.raises(GameChangedError) as refused:
        await store.insert(make_game(Seat(1, "Alice II"), Seat(3, "carol")))
    # The player reads it (e.g. in a channel whose game was set aside): no file, no driver text.
    assert str(refused.value) == "This channel already has a game running."
    assert await store.active_games() == [first]
    assert await store.member_name(1) == "alice"  # the refused game's names were not kept
    assert await store.member_name(3) is None
    await store.insert(make_game(BOB, BOT, Status.WON))  # a finished game there is fine
    await store.update(replace(make_game(ALICE, BOT, Status.LOST), id=first.id))
    second = await store.insert(make_game(BOB, BOT))
    assert await store.active_games() == [second]


async def test_latest_game_is_the_members_newest_game_in_the_channel(store: GameStore) -> None:
    assert await store.latest_game(CHANNEL, 1) is None
    older = await store.insert(make_game(ALICE, BOT, Status.WON))
    await store.insert(make_game(BOB, BOT, Status.LOST))  # newer, but not alice's
    elsewhere = await store.insert(make_game(ALICE, BOT, Status.DRAWN, channel_id=CHANNEL + 1))
    assert await store.latest_game(CHANNEL, 1) == older
    seated_as_o = await store.insert(make_game(BOT, ALICE, Status.EXPIRED))
    assert await store.latest_game(CHANNEL, 1) == seated_as_o
    running = await store.insert(make_game(ALICE, BOB))
    assert await store.latest_game(CHANNEL, 1) == running
    assert await store.latest_game(CHANNEL, 2) == running
    assert await store.latest_game(CHANNEL + 1, 1) == elsewhere
    assert await store.latest_game(CHANNEL + 1, 2) is None
    finished = replace(make_game(ALICE, BOB, Status.DRAWN), id=running.id)
    saved = await store.update(finished)
    assert await store.latest_game(CHANNEL, 2) == saved


async def test_member_name_is_the_name_of_the_latest_game_inserted(store: GameStore) -> None:
    assert await store.member_name(1) is None
    await store.insert(make_game(ALICE, BOB, Status.DRAWN))
    assert (await store.member_name(1), await store.member_name(2)) == ("alice", "bob")
    await store.insert(make_game(BOT, Seat(1, "Alice the Great"), Status.WON))
    assert await store.member_name(1) == "Alice the Great"
    assert await store.member_name(2) == "bob"
    await store.insert(make_game(Seat(2, "Bob as X"), Seat(2, "Bob as O")))  # both seats: O's
    assert await store.member_name(2) == "Bob as O"


async def test_a_closed_store_refuses_every_call(store: GameStore) -> None:
    game = await store.insert(make_game(ALICE, BOT))
    await store.close()
    await store.close()  # closing twice is fine
    calls = [
        store.active_games(),
        store.get(game.id),
        store.latest_game(CHANNEL, 1),
        store.insert(make_game(BOB, BOT, channel_id=CHANNEL + 1)),
        store.update(game),
        store.member_name(1),
        store.records(1, None),
        store.standings(GUILD, kind="classic"),
        store.rating(1, GUILD, kind="classic"),
        store.duel_standings(GUILD, kind="classic"),
        store.head_to_head(1, 2, GUILD),
        store.insert_challenge(CHALLENGE),
        store.update_challenge(replace(CHALLENGE, id=1)),
        store.get_challenge(1),
        store.open_challenges(),
    ]
    for call in calls:
        with pytest.raises(StorageError):
            await call


async def test_another_store_sees_what_one_committed(database: Database) -> None:
    if not database.shared:
        pytest.skip("each store of this database has its own data")
    first = await database.open()
    game = await first.insert(make_game(ALICE, BOB, Status.DRAWN))
    active = await first.insert(make_game(BOB, BOT, channel_id=CHANNEL + 1))
    await first.update(replace(active, message_id=5))
    second = await database.open()  # while the first is still open
    assert await second.get(game.id) == game
    assert await second.active_games() == [replace(active, message_id=5, version=1)]
    assert await second.member_name(2) == "bob"
    assert await second.records(1, GUILD) == {("classic", "perfect", 3): Record(0, 0, 1)}
    seen = await second.standings(GUILD, kind="classic")
    assert seen == await first.standings(GUILD, kind="classic")
    await first.close()
    await second.close()


# -- results: records and standings against a recount ------------------------------------------

MEMBERS = (1, 2, 3, 4, 5, 6)
NAMES = ("Émile", "émile", "zoë", "Zoe", "straße", "STRASSE", "adam", "")  # "": "member 6"
SCOPES = (None, GUILD, GUILD + 1, 0)


def random_games(rng: random.Random, count: int) -> list[Game]:
    """``count`` games of every kind: bot or member opponents, every status, four scopes."""
    games = []
    for n in range(count):
        x = Seat(rng.choice(MEMBERS), rng.choice(NAMES))
        o = Seat(rng.choice([m for m in MEMBERS if m != x.member_id]), rng.choice(NAMES))
        x, o = rng.choice([(x, BOT), (BOT, x), (x, o)])
        status = rng.choice([*Status, Status.WON, Status.LOST])
        level = rng.choice(["easy", "medium", "hard", "perfect"])
        game = make_game(
            x,
            o,
            status,
            resigner=rng.choice(list(Player)),
            guild_id=rng.choice(SCOPES),
            channel_id=n,  # its own channel: any game may be active
            level=DUEL if x.member_id and o.member_id and rng.random() < 0.7 else level,
        )
        if game.status is Status.RESIGNED and n % 2 == 0:  # ultimate: its own kind
            game = ultimate(game)
        games.append(replace(game, size=4, moves=()) if game.is_active and n % 3 else game)
    return games


def ultimate(game: Game) -> Game:
    """``game`` as a game of ultimate tic-tac-toe (two moves in the centre board; levels
    ``perfect`` becomes ``hard``, since ultimate has no perfect level)."""
    level = "hard" if game.level == "perfect" else game.level
    return replace(game, variant=ULTIMATE, size=GRID, level=level, moves=(Move(4, 4), Move(3, 3)))


def recount(
    games: list[Game], member_id: int, guild_id: int | None
) -> dict[tuple[GameKind, str, int], Record]:
    """The member's results per kind, level and size; ``guild_id=None`` everywhere, an id
    that server."""
    counted = (Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED)
    found: dict[tuple[GameKind, str, int], Record] = {}
    for game in games:
        if game.status not in counted or guild_id not in (None, game.guild_id):
            continue
        for mark in Player:
            if game.seat(mark).member_id == member_id:
                won, lost = game.winner is mark, game.winner is mark.other
                result = Record(int(won), int(lost), int(game.winner is None))
                key = (game.kind, game.level, game.size)
                found[key] = found.get(key, Record()) + result
    return found


def ranked(
    games: list[Game], names: dict[int, str], guild_id: int | None, kind: str = "classic"
) -> list[tuple[int, str, Record]]:
    """The standings of a scope (``None``: no server) and kind of game, in leaderboard order;
    no duels."""
    rows = []
    for member in MEMBERS:
        in_scope = [
            game
            for game in games
            if game.guild_id == guild_id and game.level != DUEL and game.kind == kind
        ]
        by_level = recount(in_scope, member, None)
        if by_level:
            name = names[member] or f"member {member}"
            rows.append((member, name, sum(by_level.values(), Record())))
    return sorted(
        rows, key=lambda r: (-r[2].points, r[2].losses, -r[2].wins, r[1].casefold(), r[0])
    )


@pytest.mark.parametrize("seed", range(3))
async def test_records_and_standings_equal_a_recount_of_the_saved_games(
    store: GameStore, seed: int
) -> None:
    rng = random.Random(seed)
    saved: dict[int, Game] = {}
    names: dict[int, str] = {}
    for game in random_games(rng, 40):
        game = await store.insert(game)
        saved[game.id] = game
        names.update((s.member_id, s.name) for s in (game.x, game.o) if s.member_id)
    for game in rng.sample(sorted(saved.values(), key=lambda g: g.id), 15):
        if game.is_active:  # finished now
            status = rng.choice([Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED])
            ending = make_game(game.x, game.o, status, resigner=rng.choice(list(Player)))
            game = replace(
                ending, id=game.id, guild_id=game.guild_id, level=game.level, version=game.version
            )
        else:  # saved again as it is, or with its board posted
            game = replace(game, message_id=rng.choice([None, game.id]))
        game = await store.update(game)
        before = saved[game.id]  # the channel and size stay as inserted
        saved[game.id] = replace(game, channel_id=before.channel_id, size=before.size)
    games = list(saved.values())
    for member in (*MEMBERS, 99):
        for scope in SCOPES:
            assert await store.records(member, scope) == recount(games, member, scope)
    assert any(game.kind == "ultimate" for game in games)
    for scope in (*SCOPES, 12345):
        expected = ranked(games, names, scope)
        assert await store.standings(scope, kind="classic") == expected
        for limit in range(1, len(expected) + 2):
            assert await store.standings(scope, limit, kind="classic") == expected[:limit]
        ultimate_only = ranked(games, names, scope, "ultimate")
        assert await store.standings(scope, kind="ultimate") == ultimate_only
        assert await store.standings(scope, 1, kind="ultimate") == ultimate_only[:1]


# -- history: a member's games with a result, page by page ------------------------------------


def history_of(games: list[Game], member_id: int, guild_id: int | None) -> list[Game]:
    """The member's games with a result, newest first: ``guild_id=None`` everywhere, an id
    that server."""
    counted = (Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED)
    return sorted(
        (
            game
            for game in games
            if game.status in counted
            and game.seat_of(member_id) is not None
            and guild_id in (None, game.guild_id)
        ),
        key=lambda game: -game.id,
    )


@pytest.mark.parametrize("seed", range(2))
async def test_history_pages_through_a_members_games_with_a_result_newest_first(
    store: GameStore, seed: int
) -> None:
    """Against a recount, in every scope: whole, then three at a time after the last id of
    each page, then back from the oldest; games finished by an update are in it."""
    rng = random.Random(seed)
    saved = {game.id: game for game in [await store.insert(g) for g in random_games(rng, 60)]}
    for game in [game for game in saved.values() if game.is_active][::2]:  # finished now
        if game.size == 3:
            status = rng.choice([Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED])
            ending = make_game(game.x, game.o, status, resigner=rng.choice(list(Player)))
            finished = replace(game, moves=ending.moves, status=status, winner=ending.winner)
        else:
            finished = replace(game, status=Status.RESIGNED, winner=rng.choice(list(Player)))
        saved[game.id] = await store.update(finished)
    games = list(saved.values())
    for member in (*MEMBERS, 99):
        for scope in (*SCOPES, 12345):
            expected = history_of(games, member, scope)
            assert await store.history(member, scope, limit=100) == expected
            assert await store.history(member, scope) == expected[:10]
            older: list[Game] = []
            before = None
            while page := await store.history(member, scope, before_id=before, limit=3):
                assert len(page) == 3 or len(older) + len(page) == len(expected)
                older += page
                before = page[-1].id
            assert older == expected
            newer: list[Game] = []
            after = 0
            while page := await store.history(member, scope, after_id=after, limit=3):
                assert page == sorted(page, key=lambda game: -game.id)
                newer = page + newer
                after = page[0].id
            assert newer == expected
            if expected:
                middle = expected[len(expected) // 2].id
                assert await store.history(member, scope, before_id=middle, limit=100) == [
                    game for game in expected if game.id < middle
                ]
                assert (
                    await store.history(member, scope, after_id=middle, limit=2)
                    == [game for game in expected if game.id > middle][-2:]
                )


async def test_history_takes_one_bound_at_most(store: GameStore) -> None:
    with pytest.raises(ValueError, match="before_id or after_id"):
        await store.history(1, None, before_id=5, after_id=2)


async def test_check_file_passes_while_the_database_is_the_one_opened(store: GameStore) -> None:
    """``check_file`` raises only when an SQLite file was deleted or replaced under the store
    (tests/storage/test_file_truth.py); on a database left alone it is silent."""
    await store.insert(make_game(ALICE, BOT))
    await store.check_file()


# -- duels: ratings and head to head -------------------------------------------------------------


async def test_finishing_a_duel_rates_both_players_once_in_its_server(store: GameStore) -> None:
    duel = await store.insert(make_game(ALICE, BOB, level=DUEL))
    assert await store.rating(1, GUILD, kind="classic") == Rating(1200, 0)
    won = replace(make_game(ALICE, BOB, Status.WON, level=DUEL), id=duel.id)
    won = await store.update(won)
    assert await store.rating(1, GUILD, kind="classic") == Rating(1216, 1)
    assert await store.rating(2, GUILD, kind="classic") == Rating(1184, 1)
    await store.update(replace(won, message_id=9))  # saved again: rated once
    assert await store.rating(1, GUILD, kind="classic") == Rating(1216, 1)
    assert await store.rating(1, None, kind="classic") == Rating()
    assert await store.rating(1, GUILD + 1, kind="classic") == Rating()
    other = await store.insert(make_game(BOB, ALICE, level=DUEL, channel_id=CHANNEL + 1))
    drawn = replace(make_game(BOB, ALICE, Status.DRAWN, level=DUEL), id=other.id)
    await store.update(replace(drawn, channel_id=CHANNEL + 1))
    bob, alice = rate(1184, 1216, 0.5)
    assert await store.rating(1, GUILD, kind="classic") == Rating(alice, 2)
    assert await store.rating(2, GUILD, kind="classic") == Rating(bob, 2)
    assert await store.records(1, GUILD) == {("classic", DUEL, 3): Record(1, 0, 1)}
    # duels are ranked by rating, not points
    assert await store.standings(GUILD, kind="classic") == []


async def test_an_ultimate_duel_moves_only_the_ultimate_ratings(store: GameStore) -> None:
    duel = await store.insert(
        replace(make_game(ALICE, BOB, level=DUEL), variant=ULTIMATE, size=GRID, moves=())
    )
    resigned = make_game(ALICE, BOB, Status.RESIGNED, resigner=Player.O, level=DUEL)
    await store.update(replace(ultimate(resigned), id=duel.id))
    assert await store.rating(1, GUILD, kind="ultimate") == Rating(1216, 1)
    assert await store.rating(2, GUILD, kind="ultimate") == Rating(1184, 1)
    assert await store.rating(1, GUILD, kind="classic") == Rating()
    assert await store.duel_standings(GUILD, kind="classic") == []
    assert await store.duel_standings(GUILD, kind="ultimate") == [
        (1, "alice", Rating(1216, 1)),
        (2, "bob", Rating(1184, 1)),
    ]
    classic = await store.insert(make_game(BOB, ALICE, level=DUEL, channel_id=CHANNEL + 1))
    won = make_game(BOB, ALICE, Status.WON, level=DUEL, channel_id=CHANNEL + 1)
    await store.update(replace(won, id=classic.id))  # bob wins at 1200 against 1200
    assert await store.rating(2, GUILD, kind="classic") == Rating(1216, 1)
    assert await store.rating(2, GUILD, kind="ultimate") == Rating(1184, 1)
    assert await store.duel_standings(GUILD, 1, kind="classic") == [(2, "bob", Rating(1216, 1))]
    assert await store.records(1, GUILD) == {
        ("ultimate", DUEL, GRID): Record(1, 0, 0),
        ("classic", DUEL, 3): Record(0, 1, 0),
    }


async def test_games_against_the_bot_score_on_the_leaderboard_of_their_kind(
    store: GameStore,
) -> None:
    classic = await store.insert(make_game(ALICE, BOT, Status.WON))
    lost = make_game(BOB, BOT, Status.RESIGNED, resigner=Player.X, channel_id=CHANNEL + 1)
    await store.insert(ultimate(replace(lost, level="easy")))
    running = await store.insert(
        replace(
            make_game(ALICE, BOT, channel_id=CHANNEL + 2, level="hard"),
            variant=ULTIMATE,
            size=GRID,
            moves=(),
        )
    )
    won = make_game(ALICE, BOT, Status.RESIGNED, resigner=Player.O, channel_id=CHANNEL + 2)
    await store.update(replace(ultimate(won), id=running.id))
    assert await store.standings(GUILD, kind="classic") == [(1, "alice", Record(1, 0, 0))]
    assert await store.standings(GUILD, kind="ultimate") == [
        (1, "alice", Record(1, 0, 0)),
        (2, "bob", Record(0, 1, 0)),
    ]
    await store.update(replace(classic, message_id=5))  # saved again: counted once
    assert await store.standings(GUILD, kind="classic") == [(1, "alice", Record(1, 0, 0))]
    assert await store.standings(None, kind="ultimate") == []


# -- the kind of game is stored (migration 18): read from its column, never from the size ------

ANOTHER_KIND = "connect-four"
"""A kind no variant plays yet: what a row of a kind added later looks like to this program."""


async def test_a_row_is_read_as_the_kind_it_names_whatever_its_size(database: Database) -> None:
    """A classic 3x3 row renamed ultimate is no ultimate game (ultimate has no 3x3 board), where
    the size alone said classic; a kind no variant plays, or another spelling of one, is set
    aside as any row that does not read back."""
    if database.damage is None:
        pytest.skip("nothing outside this store can reach its data to damage it")
    store = await database.open()
    games = [await store.insert(make_game(ALICE, BOT, channel_id=CHANNEL + n)) for n in range(4)]
    challenge = await store.insert_challenge(CHALLENGE)
    await store.close()
    faults = {
        "ultimate": "board size 3 is not one of ultimate's: 9",
        ANOTHER_KIND: f"kind '{ANOTHER_KIND}' is not one this program plays",
        "Classic": "kind 'Classic' is not one this program plays",
    }
    for game, kind in zip(games[1:], faults, strict=True):
        database.damage(f"UPDATE games SET kind = '{kind}' WHERE id = {game.id}")
    database.damage(f"UPDATE challenges SET kind = 'ultimate' WHERE id = {challenge.id}")
    store = await database.open()
    assert await store.active_games() == [games[0]]
    for game, says in zip(games[1:], faults.values(), strict=True):
        with pytest.raises(StorageError, match=says):
            await store.get(game.id)
    with pytest.raises(StorageError, match="size 4 or first 'challenger' is not one a duel"):
        await store.get_challenge(challenge.id)
    await store.close()


async def test_two_kinds_on_one_size_are_tallied_apart(database: Database) -> None:
    """The tally copies each game's kind: a 3x3 game whose row names another kind counts on
    that kind's leaderboard and in its totals, never on classic's, and moves back when its
    kind is restored. The member's stats leave out the totals of a kind no variant plays."""
    if database.damage is None:
        pytest.skip("nothing outside this store can reach its data to damage it")
    store = await database.open()
    await store.insert(make_game(ALICE, BOT, Status.WON))
    drawn = await store.insert(make_game(ALICE, BOT, Status.DRAWN, channel_id=CHANNEL + 1))
    await store.close()
    database.damage(f"UPDATE games SET kind = '{ANOTHER_KIND}' WHERE id = {drawn.id}")
    store = await database.open()
    assert await store.standings(GUILD, kind="classic") == [(1, "alice", Record(1, 0, 0))]
    assert await store.standings(GUILD, kind=ANOTHER_KIND) == [(1, "alice", Record(0, 0, 1))]
    assert await store.records(1, GUILD) == {("classic", "perfect", 3): Record(1, 0, 0)}
    await store.close()
    database.damage(f"UPDATE games SET kind = 'classic' WHERE id = {drawn.id}")
    store = await database.open()
    assert await store.standings(GUILD, kind="classic") == [(1, "alice", Record(1, 0, 1))]
    assert await store.standings(GUILD, kind=ANOTHER_KIND) == []
    assert await store.records(1, GUILD) == {("classic", "perfect", 3): Record(1, 0, 1)}
    await store.close()


async def test_an_adaptive_record_is_kept_per_kind_on_one_size(database: Database) -> None:
    if database.damage is None:
        pytest.skip("nothing outside this store can reach its data to damage it")
    store = await database.open()
    await _finish(store, make_game(ALICE, BOT, Status.WON, level=ADAPTIVE))
    await store.close()
    database.damage(
        "INSERT INTO adaptive_records (member_id, kind, size, rating, games) "
        f"VALUES (1, '{ANOTHER_KIND}', 3, 1400, 7)"
    )
    store = await database.open()
    assert await store.adaptive_record(1, "classic", 3) == record_after(AdaptiveRecord(), 1.0, 3)
    assert await store.adaptive_record(1, ANOTHER_KIND, 3) == AdaptiveRecord(1400, 7)
    await store.close()


async def test_expired_or_still_running_duels_change_no_rating(store: GameStore) -> None:
    duel = await store.insert(make_game(ALICE, BOB, level=DUEL))
    await store.update(replace(make_game(ALICE, BOB, Status.EXPIRED, level=DUEL), id=duel.id))
    bot_game = await store.insert(make_game(ALICE, BOT, channel_id=CHANNEL + 1))
    await store.update(replace(make_game(ALICE, BOT, Status.WON), id=bot_game.id))
    assert await store.rating(1, GUILD, kind="classic") == Rating()
    assert await store.duel_standings(GUILD, kind="classic") == []


async def test_duel_standings_rank_by_rating_then_games_then_name(store: GameStore) -> None:
    carol, dave = Seat(3, "Carol"), Seat(4, "dave")
    channel = CHANNEL
    for x, o, status in [
        (ALICE, BOB, Status.WON),
        (carol, dave, Status.DRAWN),
        (dave, carol, Status.DRAWN),
    ]:
        channel += 1
        game = await store.insert(make_game(x, o, level=DUEL, channel_id=channel))
        ending = make_game(x, o, status, level=DUEL, channel_id=channel)
        await store.update(replace(ending, id=game.id))
    assert await store.duel_standings(GUILD, kind="classic") == [
        (1, "alice", Rating(1216, 1)),
        (3, "Carol", Rating(1200, 2)),
        (4, "dave", Rating(1200, 2)),
        (2, "bob", Rating(1184, 1)),
    ]
    top = await store.duel_standings(GUILD, kind="classic")
    assert await store.duel_standings(GUILD, 2, kind="classic") == top[:2]
    assert await store.duel_standings(None, kind="classic") == []


async def test_head_to_head_counts_duels_between_the_two_from_either_side(
    store: GameStore,
) -> None:
    results = [
        (ALICE, BOB, Status.WON, GUILD),  # alice wins
        (BOB, ALICE, Status.WON, GUILD),  # bob wins
        (BOB, ALICE, Status.DRAWN, GUILD + 1),
        (ALICE, BOB, Status.RESIGNED, GUILD),  # alice resigned
        (ALICE, BOB, Status.EXPIRED, GUILD),  # not counted
    ]
    for n, (x, o, status, guild) in enumerate(results):
        game = make_game(x, o, status, level=DUEL, guild_id=guild, channel_id=CHANNEL + n)
        await store.insert(game)
    await store.insert(make_game(ALICE, Seat(3, "carol"), Status.WON, level=DUEL))
    await store.insert(make_game(ALICE, BOT, Status.WON, channel_id=CHANNEL - 1))
    assert await store.head_to_head(1, 2, None) == Record(1, 2, 1)
    assert await store.head_to_head(2, 1, None) == Record(2, 1, 1)
    assert await store.head_to_head(1, 2, GUILD) == Record(1, 2, 0)
    assert await store.head_to_head(1, 4, None) == Record()


# -- challenges ----------------------------------------------------------------------------------

CHALLENGE = Challenge(
    id=0,
    channel_id=SNOWFLAKE,
    guild_id=GUILD,
    challenger=Seat(SNOWFLAKE, "Zoë ☃"),
    opponent=BOB,
    size=4,
    first="challenger",
    status=ChallengeStatus.OPEN,
    created_at=START,
    expires_at=START + timedelta(minutes=5),
    variant=CLASSIC,
)


async def test_challenges_are_saved_updated_and_listed_while_open(store: GameStore) -> None:
    assert await store.open_challenges() == [] and await store.get_challenge(1) is None
    first = await store.insert_challenge(replace(CHALLENGE, id=99))
    assert first == replace(CHALLENGE, id=first.id)
    second = await store.insert_challenge(
        replace(CHALLENGE, channel_id=CHANNEL, guild_id=None, first="random", size=3)
    )
    assert second.id > first.id
    assert await store.open_challenges() == [first, second]
    duel = await store.insert(
        make_game(Seat(SNOWFLAKE, "Zoë ☃"), BOB, level=DUEL, channel_id=CHANNEL + 7)
    )
    answered = replace(
        first, status=ChallengeStatus.ACCEPTED, message_id=SNOWFLAKE, game_id=duel.id, size=3
    )
    await store.update_challenge(answered)
    assert await store.get_challenge(first.id) == replace(answered, size=4)  # size is fixed
    assert await store.open_challenges() == [second]
    with pytest.raises(StorageError, match="#777"):
        await store.update_challenge(replace(CHALLENGE, id=777))


async def test_a_channel_holds_one_open_challenge(store: GameStore) -> None:
    first = await store.insert_challenge(CHALLENGE)
    with pytest.raises(GameChangedError, match="already has an open challenge"):
        await store.insert_challenge(CHALLENGE)
    await store.update_challenge(replace(first, status=ChallengeStatus.EXPIRED))
    second = await store.insert_challenge(CHALLENGE)
    assert await store.open_challenges() == [second]


# -- the database as the truth: compare and set, claimed sweeps --------------------------------


async def test_an_update_over_a_stale_version_changes_nothing(store: GameStore) -> None:
    game = await store.insert(make_game(ALICE, BOT))
    mine = await store.update(replace(game, moves=(Move(1, 1),)))
    assert mine.version == game.version + 1
    theirs = replace(game, moves=(Move(0, 0),))  # read before my save: its version is stale
    with pytest.raises(GameChangedError, match="changed at the same moment"):
        await store.update(theirs)
    assert await store.get(game.id) == mine


async def test_insert_replacing_a_game_saves_both_or_neither(store: GameStore) -> None:
    """A start that sets the member's unplayed game aside: both in one transaction, so a
    start refused (the channel taken, or the old game saved elsewhere first) sets nothing
    aside."""
    offer = await store.insert(make_game(ALICE, BOT))
    aside = replace(offer, status=Status.EXPIRED)
    new = await store.insert(make_game(ALICE, BOT, level="easy"), replacing=aside)
    assert await store.get(offer.id) == replace(aside, version=offer.version + 1)
    assert await store.active_games() == [new]
    moved = await store.update(replace(new, moves=(Move(1, 1),)))  # elsewhere, meanwhile
    with pytest.raises(GameChangedError, match="changed at the same moment"):
        await store.insert(
            make_game(ALICE, BOT, channel_id=CHANNEL + 1),
            replacing=replace(new, status=Status.EXPIRED),
        )
    assert await store.active_games() == [moved]
    offer = await store.insert(make_game(BOB, BOT, channel_id=CHANNEL + 2))
    with pytest.raises(GameChangedError, match="already has a game running"):
        await store.insert(make_game(BOB, BOT), replacing=replace(offer, status=Status.EXPIRED))
    assert await store.active_games() == [moved, offer]


async def test_a_challenge_replacing_a_game_saves_both_or_neither(store: GameStore) -> None:
    channel = CHALLENGE.channel_id
    offer = await store.insert(make_game(Seat(SNOWFLAKE, "Zoë ☃"), BOT, channel_id=channel))
    aside = replace(offer, status=Status.EXPIRED)
    challenge = await store.insert_challenge(CHALLENGE, replacing=aside)
    assert await store.get(offer.id) == replace(aside, version=offer.version + 1)
    assert await store.open_challenges() == [challenge]
    offer = await store.insert(make_game(BOB, BOT))
    moved = await store.update(replace(offer, moves=(Move(1, 1),)))  # elsewhere, meanwhile
    elsewhere = replace(CHALLENGE, channel_id=CHANNEL)
    with pytest.raises(GameChangedError, match="changed at the same moment"):
        await store.insert_challenge(elsewhere, replacing=replace(offer, status=Status.EXPIRED))
    assert await store.active_games() == [moved]
    assert await store.open_challenges() == [challenge]


def _idle_games(minutes_ago: list[int], guilds: list[int | None]) -> list[Game]:
    """Active games in channels 1.., saved ``minutes_ago`` before START + 1 hour."""
    return [
        replace(
            make_game(ALICE, BOT, channel_id=n + 1, guild_id=guild),
            updated_at=START + timedelta(minutes=60 - ago),
        )
        for n, (ago, guild) in enumerate(zip(minutes_ago, guilds, strict=True))
    ]


async def _sweep(
    store: GameStore,
    limit: int,
    *,
    shards: ShardSet | None = None,
    channel_id: int | None = None,
) -> list[Game]:
    """Every page of ``expire_idle`` for games idle 10 minutes at START + 1 hour."""
    now = START + timedelta(minutes=60)
    expired: list[Game] = []
    after: PageKey | None = PAGE_START
    while after is not None:
        page = await store.expire_idle(
            now - timedelta(minutes=10),
            now,
            after=after,
            limit=limit,
            shards=shards,
            channel_id=channel_id,
        )
        expired += page.items
        after = page.after
    return expired


async def test_expire_idle_expires_the_idle_games_in_pages_each_once(store: GameStore) -> None:
    ago = [30, 5, 10, 11, 9, 50, 10, 1]
    games = [await store.insert(game) for game in _idle_games(ago, [GUILD] * len(ago))]
    finished = await store.insert(make_game(BOB, BOT, Status.WON, channel_id=99))
    expired = await _sweep(store, limit=2)
    idle = [game for game, minutes in zip(games, ago, strict=True) if minutes >= 10]
    now = START + timedelta(minutes=60)
    assert sorted(expired, key=lambda g: g.id) == [
        replace(game, status=Status.EXPIRED, updated_at=now, version=1) for game in idle
    ]
    assert [game.channel_id for game in await store.active_games()] == [2, 5, 8]
    assert await _sweep(store, limit=2) == []  # claimed: never expired twice
    assert await store.get(finished.id) == finished


async def test_expire_idle_cuts_off_within_a_minute_and_pages_through_one(
    store: GameStore,
) -> None:
    """The sweep pages by the minute a game was saved (migration 6's index), yet compares the
    saved moment itself: of games saved in the minute of the cutoff, only those at or before
    it expire, and a page boundary inside one minute loses and repeats none."""
    cutoff = START + timedelta(minutes=50, seconds=30)
    offsets = [
        timedelta(minutes=50),  # the cutoff's minute, before it: idle
        timedelta(minutes=50, seconds=29, microseconds=999_999),  # idle
        timedelta(minutes=50, seconds=30),  # at the cutoff: idle
        timedelta(minutes=50, seconds=30, microseconds=1),  # after it: not idle
        timedelta(minutes=50, seconds=59, microseconds=999_999),  # not idle
        timedelta(minutes=49, seconds=59, microseconds=999_999),  # the minute before: idle
        timedelta(minutes=51),  # the next minute: not idle
    ]
    for n, offset in enumerate(offsets):
        await store.insert(
            replace(make_game(ALICE, BOT, channel_id=n + 1), updated_at=START + offset)
        )
    now = START + timedelta(hours=1)
    expired: list[Game] = []
    after: PageKey | None = PAGE_START
    while after is not None:
        page = await store.expire_idle(cutoff, now, after=after, limit=1)
        expired += page.items
        after = page.after
    assert sorted(game.channel_id for game in expired) == [1, 2, 3, 6]
    assert sorted(game.channel_id for game in await store.active_games()) == [4, 5, 7]


async def test_expire_idle_keeps_to_its_shards_and_channel(store: GameStore) -> None:
    shard_of_guild = {(1 << 22) * n: n for n in range(4)}  # guild id -> its shard of 4
    guilds: list[int | None] = [*shard_of_guild, None]  # None (no server): shard 0
    games = [await store.insert(game) for game in _idle_games([20] * 5, guilds)]
    odd = await _sweep(store, limit=1, shards=ShardSet(4, frozenset({1, 3})))
    assert [g.guild_id for g in odd] == [1 << 22, 3 << 22]
    here = await _sweep(store, limit=5, channel_id=games[4].channel_id)
    assert [g.id for g in here] == [games[4].id]
    rest = await _sweep(store, limit=5, shards=ShardSet.all_of(4))
    assert sorted(g.id for g in rest) == [games[0].id, games[2].id]


async def test_two_stores_sweeping_together_expire_each_game_once(database: Database) -> None:
    if not database.shared:
        pytest.skip("each store of this database has its own data")
    first, second = await database.open(), await database.open()
    for game in _idle_games([20] * 12, [GUILD] * 12):
        await first.insert(game)
    mine, theirs = await asyncio.gather(_sweep(first, limit=3), _sweep(second, limit=3))
    ids = [game.id for game in (*mine, *theirs)]
    assert sorted(ids) == sorted(set(ids)) and len(ids) == 12
    await first.close()
    await second.close()


async def test_a_challenge_is_answered_once(store: GameStore) -> None:
    challenge = await store.insert_challenge(CHALLENGE)
    posted = replace(challenge, message_id=5)
    await store.update_challenge(posted)  # the same status: always fine
    declined = replace(posted, status=ChallengeStatus.DECLINED)
    await store.close_challenge(declined)
    for answer in (ChallengeStatus.WITHDRAWN, ChallengeStatus.DECLINED):  # a second answer
        with pytest.raises(GameChangedError, match="answered at the same moment"):
            await store.close_challenge(replace(posted, status=answer))
    with pytest.raises(GameChangedError):
        await store.update_challenge(replace(posted, status=ChallengeStatus.WITHDRAWN))
    await store.update_challenge(replace(declined, message_id=6))  # re-posting a declined one
    assert await store.get_challenge(challenge.id) == replace(declined, message_id=6)
    assert await store.open_challenge(CHALLENGE.channel_id) is None


async def test_accepting_starts_the_duel_and_closes_the_challenge_at_once(
    store: GameStore,
) -> None:
    challenge = await store.insert_challenge(CHALLENGE)
    assert await store.open_challenge(CHALLENGE.channel_id) == challenge
    duel = make_game(ALICE, BOB, level=DUEL, channel_id=CHALLENGE.channel_id)
    started = await store.accept_challenge(challenge, duel)
    assert started == replace(duel, id=started.id)
    stored = await store.get_challenge(challenge.id)
    assert stored == replace(challenge, status=ChallengeStatus.ACCEPTED, game_id=started.id)
    with pytest.raises(GameChangedError):  # accepted twice (another process): no second game
        await store.accept_challenge(challenge, replace(duel, channel_id=CHANNEL + 50))
    assert await store.active_game(CHANNEL + 50) is None


async def test_a_channel_never_holds_a_running_game_and_an_open_challenge(
    store: GameStore,
) -> None:
    """In any serial order of the service's operations a challenge waits only where no game
    runs and a game starts only where no challenge waits; the store keeps it so even when
    two processes each checked the channel and found it free. A refusal writes nothing: not
    the game, nor its members' names, nor the game it was to replace."""
    channel = CHALLENGE.channel_id
    await store.insert(make_game(BOB, BOT, Status.WON))  # bob's name, from another channel
    offer = await store.insert(make_game(ALICE, BOT, channel_id=CHANNEL + 1))
    aside = replace(offer, status=Status.EXPIRED)
    challenge = await store.insert_challenge(CHALLENGE)
    with pytest.raises(GameChangedError, match=r"^This channel already has an open challenge"):
        await store.insert(make_game(Seat(2, "Bob II"), Seat(3, "carol"), channel_id=channel))
    with pytest.raises(GameChangedError, match="already has an open challenge"):
        await store.insert(make_game(ALICE, BOT, channel_id=channel), replacing=aside)
    assert await store.active_games() == [offer]
    assert (await store.member_name(2), await store.member_name(3)) == ("bob", None)
    await store.insert(make_game(BOB, BOT, Status.WON, channel_id=channel))  # over: fine
    duel = await store.accept_challenge(
        challenge, make_game(ALICE, BOB, level=DUEL, channel_id=channel)
    )
    with pytest.raises(GameChangedError, match=r"^This channel already has a game running"):
        await store.insert_challenge(CHALLENGE)
    with pytest.raises(GameChangedError, match="already has a game running"):
        await store.insert_challenge(CHALLENGE, replacing=aside)
    assert await store.open_challenge(channel) is None
    assert await store.active_games() == [offer, duel]
    closed = replace(CHALLENGE, status=ChallengeStatus.DECLINED)  # not open: no rule applies
    assert await store.get_challenge((await store.insert_challenge(closed)).id) is not None


async def test_an_ended_game_runs_again_only_in_a_free_channel(store: GameStore) -> None:
    """``update`` may make an ended game ACTIVE again; the channel's rule holds for it too."""
    channel = CHALLENGE.channel_id
    ended = await store.insert(make_game(ALICE, BOT, Status.EXPIRED, channel_id=channel))
    again = replace(ended, status=Status.ACTIVE)
    challenge = await store.insert_challenge(CHALLENGE)
    with pytest.raises(GameChangedError, match="already has an open challenge"):
        await store.update(again)
    await store.close_challenge(replace(challenge, status=ChallengeStatus.WITHDRAWN))
    running = await store.insert(make_game(BOB, BOT, channel_id=channel))
    with pytest.raises(GameChangedError, match="already has a game running"):
        await store.update(again)
    assert await store.get(ended.id) == ended
    await store.update(replace(running, status=Status.EXPIRED))
    assert await store.update(again) == replace(again, version=ended.version + 1)
    assert await store.active_games() == [replace(again, version=ended.version + 1)]


async def test_two_stores_starting_and_challenging_together_leave_one_of_them(
    database: Database,
) -> None:
    """Each channel raced by a start in one store (a process) and a challenge in the other,
    sent in either order: one is saved, the other refused saying what the channel has."""
    if not database.shared:
        pytest.skip("each store of this database has its own data")
    first, second = await database.open(), await database.open()
    for channel in range(1, 61):
        start = first.insert(make_game(BOB, BOT, channel_id=channel))
        opening = second.insert_challenge(replace(CHALLENGE, channel_id=channel))
        if channel % 2:
            game, challenge = await asyncio.gather(start, opening, return_exceptions=True)
        else:
            challenge, game = await asyncio.gather(opening, start, return_exceptions=True)
        if isinstance(game, Game):
            assert isinstance(challenge, GameChangedError), (game, challenge)
            assert "already has a game running" in str(challenge)
        else:
            assert isinstance(game, GameChangedError), (game, challenge)
            assert "already has an open challenge" in str(game)
            assert isinstance(challenge, Challenge), challenge
        assert await first.active_game(channel) == (game if isinstance(game, Game) else None)
        assert await first.open_challenge(channel) == (
            challenge if isinstance(challenge, Challenge) else None
        )
    await first.close()
    await second.close()


async def test_expire_challenges_closes_the_due_ones_once(store: GameStore) -> None:
    due, later = CHALLENGE.expires_at, CHALLENGE.expires_at + timedelta(minutes=1)
    opened = [
        await store.insert_challenge(
            replace(CHALLENGE, channel_id=CHANNEL + n, guild_id=(1 << 22) * n, expires_at=when)
        )
        for n, when in enumerate([due, later, due, due])
    ]
    page = await store.expire_challenges(due, shards=ShardSet(2, frozenset({0})), limit=10)
    assert page.items == [replace(opened[n], status=ChallengeStatus.EXPIRED) for n in (0, 2)]
    everything = await store.expire_challenges(later, limit=10)
    assert [c.id for c in everything.items] == [opened[1].id, opened[3].id]
    assert (await store.expire_challenges(later, limit=10)).items == []


async def test_the_bots_state_is_kept_by_name_and_replaced(database: Database) -> None:
    store = await database.open()
    assert await store.bot_state("commands-global") is None
    await store.set_bot_state("commands-global", "abc", START)
    await store.set_bot_state("commands-guild-5", "def", START)
    await store.set_bot_state("commands-global", "ghi", START)
    assert await store.bot_state("commands-global") == "ghi"
    assert await store.bot_state("commands-guild-5") == "def"
    if database.shared:  # another process sees it, and so does the next run
        other = await database.open()
        assert await other.bot_state("commands-global") == "ghi"
        await other.close()
    await store.close()


# -- solo ratings and the adaptive level's record (migration 12) ---------------------------------


async def _finish(store: GameStore, ending: Game) -> Game:
    """Insert ``ending`` as a running game, then save it as it ends: the finishing save."""
    running = await store.insert(replace(ending, status=Status.ACTIVE, winner=None, moves=()))
    return await store.update(replace(ending, id=running.id))


async def test_a_finished_game_against_a_level_moves_the_solo_rating_once(
    store: GameStore,
) -> None:
    assert await store.solo_ratings(1, GUILD) == {}
    lost = await _finish(store, make_game(ALICE, BOT, Status.LOST, level="perfect"))
    after = rated(Rating(), 0.0, LEVEL_RATINGS["perfect", 3])
    assert await store.solo_ratings(1, GUILD) == {3: after}
    await store.update(replace(lost, message_id=9))  # saved again: rated once
    assert await store.solo_ratings(1, GUILD) == {3: after}
    assert await store.solo_ratings(1, None) == {} and await store.solo_ratings(2, GUILD) == {}
    assert await store.adaptive_record(1, "classic", 3) == AdaptiveRecord()  # a fixed level
    drawn = make_game(BOT, ALICE, Status.DRAWN, level="hard", channel_id=CHANNEL + 1)
    await _finish(store, drawn)
    assert await store.solo_ratings(1, GUILD) == {3: rated(after, 0.5, LEVEL_RATINGS["hard", 3])}


async def test_an_adaptive_game_moves_the_record_and_the_solo_rating_it_played_at(
    store: GameStore,
) -> None:
    assert await store.adaptive_record(1, "classic", 3) == AdaptiveRecord(START_RATING, 0)
    await _finish(store, make_game(ALICE, BOT, Status.WON, level=ADAPTIVE))
    first = record_after(AdaptiveRecord(), 1.0, 3)
    assert await store.adaptive_record(1, "classic", 3) == first
    played = playing_rating(START_RATING, 3)
    assert await store.solo_ratings(1, GUILD) == {3: rated(Rating(), 1.0, played)}
    resigned = make_game(ALICE, BOT, Status.RESIGNED, level=ADAPTIVE, guild_id=None)
    await _finish(store, resigned)  # another server: the same record, its own solo rating
    assert await store.adaptive_record(1, "classic", 3) == record_after(first, 0.0, 3)
    again = rated(Rating(), 0.0, playing_rating(first.rating, 3))
    assert await store.solo_ratings(1, None) == {3: again}
    assert await store.adaptive_record(1, "classic", 4) == AdaptiveRecord()
    assert await store.adaptive_record(2, "classic", 3) == AdaptiveRecord()


async def test_an_adaptive_ultimate_game_moves_only_the_ultimate_record(
    store: GameStore,
) -> None:
    resigned = make_game(ALICE, BOT, Status.RESIGNED, resigner=Player.X, level=ADAPTIVE)
    saved = await _finish(store, ultimate(resigned))
    played = ULTIMATE.playing_rating(START_RATING, GRID)
    first = AdaptiveRecord().against(0.0, played)
    assert await store.adaptive_record(1, "ultimate", GRID) == first
    await store.update(replace(saved, message_id=9))  # saved again: rated once
    assert await store.adaptive_record(1, "ultimate", GRID) == first
    assert await store.adaptive_record(1, "classic", 3) == AdaptiveRecord()
    assert await store.adaptive_record(1, "classic", GRID) == AdaptiveRecord()  # kept by kind
    assert await store.solo_ratings(1, GUILD) == {}  # ultimate has no solo rating


async def test_a_retried_finishing_save_counts_the_game_once(store: GameStore) -> None:
    running = await store.insert(make_game(ALICE, BOT, level=ADAPTIVE))
    won = replace(make_game(ALICE, BOT, Status.WON, level=ADAPTIVE), id=running.id)
    await store.update(won)
    with pytest.raises(GameChangedError):
        await store.update(won)  # the same save again, as a retry would send it
    assert await store.adaptive_record(1, "classic", 3) == record_after(AdaptiveRecord(), 1.0, 3)
    assert (await store.solo_ratings(1, GUILD))[3].games == 1


async def test_expired_games_duels_and_ultimate_move_no_solo_rating(store: GameStore) -> None:
    await _finish(store, make_game(ALICE, BOT, Status.EXPIRED, level=ADAPTIVE))
    await _finish(store, make_game(ALICE, BOB, Status.WON, level=DUEL, channel_id=CHANNEL + 1))
    assert await store.solo_ratings(1, GUILD) == {} and await store.solo_ratings(2, GUILD) == {}
    assert await store.adaptive_record(1, "classic", 3) == AdaptiveRecord()
    assert await store.solo_standings(GUILD, 3, 10) == []


async def test_the_record_survives_reopening_the_database(database: Database) -> None:
    if not database.shared:
        pytest.skip("an in-memory database ends with its store")
    first = await database.open()
    await _finish(first, make_game(ALICE, BOT, Status.DRAWN, level=ADAPTIVE))
    await first.close()
    again = await database.open()
    try:
        drawn = record_after(AdaptiveRecord(), 0.5, 3)
        assert await again.adaptive_record(1, "classic", 3) == drawn
        assert (await again.solo_ratings(1, GUILD))[3].games == 1
    finally:
        await again.close()


async def test_two_stores_finishing_one_members_games_at_once_count_both(
    database: Database,
) -> None:
    if not database.shared:
        pytest.skip("one in-memory database cannot be opened twice")
    stores = [await database.open(), await database.open()]
    try:
        games = [
            await stores[0].insert(make_game(ALICE, BOT, level=ADAPTIVE, channel_id=CHANNEL + n))
            for n in range(2)
        ]
        endings = [
            replace(make_game(ALICE, BOT, Status.LOST, level=ADAPTIVE), id=game.id)
            for game in games
        ]
        await asyncio.gather(*(s.update(e) for s, e in zip(stores, endings, strict=True)))
        record = record_after(record_after(AdaptiveRecord(), 0.0, 3), 0.0, 3)
        assert await stores[0].adaptive_record(1, "classic", 3) == record
        assert (await stores[1].solo_ratings(1, GUILD))[3].games == 2
    finally:
        for opened in stores:
            await opened.close()


async def test_solo_standings_rank_one_size_of_one_scope_by_rating(store: GameStore) -> None:
    carol = Seat(3, "Carol")
    channel = CHANNEL
    for seat, status in [(ALICE, Status.DRAWN), (BOB, Status.LOST), (carol, Status.DRAWN)]:
        channel += 1
        await _finish(store, make_game(seat, BOT, status, level="medium", channel_id=channel))
    draw = rated(Rating(), 0.5, LEVEL_RATINGS["medium", 3])
    loss = rated(Rating(), 0.0, LEVEL_RATINGS["medium", 3])
    assert await store.solo_standings(GUILD, 3, 10) == [
        (1, "alice", draw),
        (3, "Carol", draw),
        (2, "bob", loss),
    ]
    assert await store.solo_standings(GUILD, 3, 1) == [(1, "alice", draw)]
    assert await store.solo_standings(GUILD, 4, 10) == []
    assert await store.solo_standings(None, 3, 10) == []


# -- each server's own settings (migration 13) ---------------------------------------------------


async def test_server_settings_are_saved_over_their_version_and_read_back(
    database: Database,
) -> None:
    store = await database.open()
    assert await store.server_settings(GUILD) is None
    wanted = ServerSettings(
        GUILD, level="easy", size=4, first="me", channel_ids=(5, MAX_ID), idle_minutes=3,
        challenge_minutes=2, duels=False, locale=None,
    )  # fmt: skip
    saved = await store.save_server_settings(wanted, START)
    assert saved == replace(wanted, version=1)
    assert await store.server_settings(GUILD) == saved
    assert await store.server_settings(GUILD + 1) is None  # another server has none
    with pytest.raises(GameChangedError):  # a first save where one exists: another came first
        await store.save_server_settings(wanted, START)
    cleared = replace(saved, level=None, size=None, first=None, channel_ids=(), duels=True)
    assert await store.save_server_settings(cleared, START) == replace(cleared, version=2)
    with pytest.raises(GameChangedError):  # over a version another save replaced
        await store.save_server_settings(replace(saved, idle_minutes=9), START)
    assert await store.server_settings(GUILD) == replace(cleared, version=2)
    if database.shared:  # another process sees it
        other = await database.open()
        assert await other.server_settings(GUILD) == replace(cleared, version=2)
        await other.close()
    await store.delete_server_settings(GUILD)
    await store.delete_server_settings(GUILD)  # deleting again does nothing
    assert await store.server_settings(GUILD) is None
    await store.close()


async def test_idle_minutes_in_use_lists_each_number_once(store: GameStore) -> None:
    assert await store.idle_minutes_in_use() == []
    for guild, minutes in ((1, 30), (2, 5), (3, 30), (4, None)):
        await store.save_server_settings(ServerSettings(guild, idle_minutes=minutes), START)
    assert await store.idle_minutes_in_use() == [5, 30]


async def test_expire_idle_keeps_servers_with_their_own_idle_minutes_apart(
    store: GameStore,
) -> None:
    """Without ``idle_minutes`` a sweep leaves out the servers that set their own; with it, it
    takes only those servers' games."""
    await store.save_server_settings(ServerSettings(8, idle_minutes=15), START)
    await store.save_server_settings(ServerSettings(9, idle_minutes=None, duels=False), START)
    guilds = [GUILD, 8, 9, None, 8]
    games = [await store.insert(game) for game in _idle_games([20] * 5, guilds)]
    now = START + timedelta(minutes=60)
    plain = await store.expire_idle(now - timedelta(minutes=10), now)
    assert sorted(game.id for game in plain.items) == [games[i].id for i in (0, 2, 3)]
    own = await store.expire_idle(now - timedelta(minutes=15), now, idle_minutes=15)
    assert sorted(game.id for game in own.items) == [games[1].id, games[4].id]
    assert await store.active_games() == []


# -- boards owed (migration 14) ------------------------------------------------------------------


async def test_a_board_owed_by_a_save_is_due_from_its_moment_until_shown(store: GameStore) -> None:
    """Owed in the save's own transaction; due from ``board_due`` on, with the game as stored
    now; gone once shown at that version (or a later one)."""
    due = START + timedelta(seconds=30)
    game = await store.insert(make_game(ALICE, BOT), board_due=due)
    assert await store.boards_owed(due - timedelta(seconds=1)) == []
    [owed] = await store.boards_owed(due)
    assert (owed.game, owed.version, owed.attempts, owed.owed_since) == (game, 0, 0, START)
    moved = await store.update(replace(game, moves=(Move(1, 1),)), board_due=due)
    [owed] = await store.boards_owed(due)
    assert (owed.game, owed.version, owed.attempts) == (moved, 1, 0)
    assert owed.owed_since == START  # the first board owed: how late it is
    await store.board_shown(game.id, 0)  # an older board shown: the newer one stays owed
    assert [board.version for board in await store.boards_owed(due)] == [1]
    await store.board_shown(game.id, moved.version)
    assert await store.boards_owed(due) == []


async def test_a_late_board_is_due_again_later_and_a_newer_save_owes_it_at_once(
    store: GameStore,
) -> None:
    due = START + timedelta(seconds=30)
    game = await store.insert(make_game(ALICE, BOT), board_due=due)
    later = due + timedelta(seconds=4)
    await store.board_late(game.id, 0, 1, later)
    assert await store.boards_owed(due) == []
    [owed] = await store.boards_owed(later)
    assert owed.attempts == 1
    await store.board_late(game.id, 0, 2, later + timedelta(seconds=8))
    moved = await store.update(replace(game, moves=(Move(1, 1),)), board_due=due)
    [owed] = await store.boards_owed(due)  # a newer board is another try, from its own moment
    assert (owed.version, owed.attempts) == (moved.version, 0)
    await store.board_late(game.id, 0, 5, later)  # a try of the older board changes nothing
    [owed] = await store.boards_owed(due)
    assert (owed.version, owed.attempts) == (moved.version, 0)


async def test_saves_without_a_board_due_owe_none_and_sweeps_keep_to_their_shards(
    store: GameStore,
) -> None:
    due = START + timedelta(seconds=30)
    await store.insert(make_game(ALICE, BOT))  # the terminal's: shown as it is saved
    other = (2 << 22) + 1  # a server of shard 2 of 3
    mine = await store.insert(make_game(BOB, BOT, channel_id=CHANNEL + 1), board_due=due)
    theirs = await store.insert(
        make_game(BOB, BOT, channel_id=CHANNEL + 2, guild_id=other), board_due=due
    )
    shard_of_mine = (GUILD >> 22) % 3
    assert [b.game.id for b in await store.boards_owed(due)] == [mine.id, theirs.id]
    owned = await store.boards_owed(due, shards=ShardSet(3, frozenset({shard_of_mine})))
    assert [b.game.id for b in owned] == [mine.id]
    assert len(await store.boards_owed(due, limit=1)) == 1


async def test_a_duel_accepted_owes_its_board_with_the_game(store: GameStore) -> None:
    due = START + timedelta(seconds=30)
    challenge = await store.insert_challenge(CHALLENGE)
    game = await store.accept_challenge(challenge, make_game(ALICE, BOB, level=DUEL), board_due=due)
    [owed] = await store.boards_owed(due)
    assert owed.game == game


# -- answers only (migration 15) -----------------------------------------------------------------


async def test_a_game_and_a_challenge_in_a_chat_that_takes_answers_only_read_back_so(
    store: GameStore,
) -> None:
    game = await store.insert(replace(make_game(ALICE, BOT), answers_only=True))
    moved = await store.update(replace(game, moves=(Move(1, 1),)))
    assert moved.answers_only and (await store.get(game.id)) == moved
    other = await store.insert(replace(make_game(ALICE, BOT), channel_id=game.channel_id + 1))
    assert not (await store.get(other.id)).answers_only  # type: ignore[union-attr]
    challenge = await store.insert_challenge(
        replace(CHALLENGE, channel_id=game.channel_id + 2, answers_only=True)
    )
    assert (await store.get_challenge(challenge.id)) == challenge and challenge.answers_only


# -- puzzles (migration 16) ----------------------------------------------------------------------


def attempt_at(
    puzzle_id: int,
    member: Seat = ALICE,
    *,
    guild_id: int | None = GUILD,
    daily: date | None = None,
    at: datetime = START,
) -> Attempt:
    """A new attempt of ``member`` at shipped puzzle ``puzzle_id``, as a serve asks for it."""
    size = shipped().by_id(puzzle_id).size
    assert member.member_id is not None
    return Attempt(
        id=0,
        member_id=member.member_id,
        puzzle_id=puzzle_id,
        size=size,
        guild_id=guild_id,
        channel_id=CHANNEL,
        moves=(),
        status=AttemptStatus.RUNNING,
        rated=False,
        daily=daily,
        started_at=at,
        updated_at=at,
    )


async def start(store: GameStore, attempt: Attempt, name: str = "alice") -> Attempt:
    """``attempt`` started, at the starting values a serve gives."""
    puzzle = shipped().by_id(attempt.puzzle_id)
    started, _aside = await store.start_attempt(
        attempt, member_name=name, player=PuzzlePlayer(), rating=start_rating(puzzle)
    )
    return started


def ended(attempt: Attempt, status: AttemptStatus, at: datetime = START) -> Attempt:
    """``attempt`` ended as ``status`` by its puzzle's first move (right or not, the store
    takes the game layer's word)."""
    first = shipped().by_id(attempt.puzzle_id).solution[0]
    return replace(attempt, moves=(first,), status=status, updated_at=at)


async def test_a_started_attempt_is_read_back_and_sets_the_running_one_aside(
    store: GameStore,
) -> None:
    assert await store.running_attempt(1) is None and await store.puzzle_player(1) is None
    first = await start(store, attempt_at(1))
    assert first.id > 0 and first.rated and first.status is AttemptStatus.RUNNING
    assert await store.running_attempt(1) == first
    assert await store.puzzle_attempt(first.id) == first
    assert await store.puzzle_player(1) == PuzzlePlayer()
    assert await store.puzzle_ratings() == {1: start_rating(shipped().by_id(1))}
    second, aside = await store.start_attempt(
        attempt_at(2, at=START + timedelta(minutes=1)),
        member_name="alice",
        player=PuzzlePlayer(),
        rating=start_rating(shipped().by_id(2)),
    )
    assert second.id > first.id
    expected = replace(
        first,
        status=AttemptStatus.SET_ASIDE,
        version=1,
        updated_at=START + timedelta(minutes=1),
    )
    assert aside == expected and await store.puzzle_attempt(first.id) == expected
    assert await store.running_attempt(1) == second
    assert await store.tried_puzzles(1) == [2, 1] and await store.tried_puzzles(2) == []
    again = await start(store, attempt_at(1, at=START + timedelta(minutes=2)))
    assert not again.rated  # tried before, even set aside: a replay
    assert await store.tried_puzzles(1) == [1, 2]


async def test_saving_an_attempt_is_compare_and_set_and_the_end_rates_it_once(
    store: GameStore,
) -> None:
    attempt = await start(store, attempt_at(300))
    puzzle = shipped().by_id(300)
    line = puzzle.solution
    going = replace(attempt, moves=line[:2], updated_at=START + timedelta(seconds=5))
    assert await store.save_attempt(going) is None
    saved = replace(going, version=1)
    assert await store.puzzle_attempt(attempt.id) == saved
    with pytest.raises(PuzzleChangedError):
        await store.save_attempt(going)  # stale: version 0 again
    solved = replace(saved, moves=line[:3], status=AttemptStatus.SOLVED)
    finished = await store.save_attempt(solved)
    expected = after_attempt(PuzzlePlayer(), start_rating(puzzle), replace(solved, version=2))
    assert finished == Finished(PuzzlePlayer(), *expected)
    assert await store.puzzle_player(1) == expected[0]
    assert (await store.puzzle_ratings())[300] == expected[1]
    with pytest.raises(PuzzleChangedError):
        await store.save_attempt(replace(solved, version=2))  # over: nothing more is saved
    assert await store.puzzle_player(1) == expected[0]
    assert await store.running_attempt(1) is None


async def test_a_replay_moves_the_streak_but_no_rating(store: GameStore) -> None:
    first = await start(store, attempt_at(5))
    missed = await store.save_attempt(ended(first, AttemptStatus.MISSED))
    assert missed is not None and missed.after.rated == 1 and missed.after.streak.current == 0
    replay = await start(store, attempt_at(5, at=START + timedelta(days=1)))
    assert not replay.rated
    finished = await store.save_attempt(
        ended(replay, AttemptStatus.SOLVED, START + timedelta(days=1))
    )
    assert finished is not None
    assert finished.after.glicko == missed.after.glicko and finished.after.rated == 1
    assert finished.after.streak == Streak(1, 1, (START + timedelta(days=1)).date())
    assert finished.puzzle == missed.puzzle


async def test_a_set_aside_attempt_can_no_longer_be_saved(store: GameStore) -> None:
    first = await start(store, attempt_at(7))
    await start(store, attempt_at(8))
    with pytest.raises(PuzzleChangedError):
        await store.save_attempt(ended(first, AttemptStatus.SOLVED))
    assert (await store.puzzle_player(1) or PuzzlePlayer()).rated == 0


async def test_one_daily_attempt_per_member_server_and_day(store: GameStore) -> None:
    day = START.date()
    first = await start(store, attempt_at(9, daily=day))
    assert first.daily == day
    assert await store.daily_attempt(1, GUILD, day) == first
    assert await store.daily_attempt(1, GUILD, day + timedelta(days=1)) is None
    again = await start(store, attempt_at(9, daily=day, at=START + timedelta(minutes=1)))
    assert again.daily is None  # a second try is no daily attempt
    other = await start(store, attempt_at(9, guild_id=GUILD + 1, daily=day))
    assert other.daily == day  # another server's puzzle of the day
    bob = await start(store, attempt_at(9, BOB, daily=day), name="bob")
    assert bob.daily == day and bob.rated


async def test_puzzle_standings_rank_a_scopes_solvers_by_rating(store: GameStore) -> None:
    """Solvers only (a miss alone does not list bob), ranked by their rating everywhere, ties
    by more solved there, then name; each with what they solved in that scope."""
    carol, dave = Seat(3, "Carol"), Seat(4, "dave")
    expected: dict[int, PuzzlePlayer] = {}
    for seat, puzzle, status in [
        (ALICE, 300, AttemptStatus.SOLVED),
        (BOB, 301, AttemptStatus.MISSED),
        (carol, 300, AttemptStatus.SOLVED),
        (dave, 5, AttemptStatus.SOLVED),
    ]:
        attempt = await start(store, attempt_at(puzzle, seat), name=seat.name)
        finished = await store.save_attempt(ended(attempt, status))
        assert finished is not None and seat.member_id is not None
        expected[seat.member_id] = finished.after
    bob_there = await start(store, attempt_at(303, BOB, guild_id=None), name="bob")
    await store.save_attempt(ended(bob_there, AttemptStatus.SOLVED))
    rows = await store.puzzle_standings(GUILD, 10)
    # alice and Carol solved the same puzzle from the same start, but Carol met it rated
    # by alice's solve: their ratings differ, and the higher comes first.
    order = sorted((1, 3, 4), key=lambda m: -expected[m].glicko.rating)
    assert [(member, solved) for member, _n, _p, solved in rows] == [(m, 1) for m in order]
    assert {member: (name, player) for member, name, player, _s in rows} == {
        1: ("alice", expected[1]),
        3: ("Carol", expected[3]),
        4: ("dave", expected[4]),
    }
    assert [member for member, *_rest in await store.puzzle_standings(GUILD, 1)] == order[:1]
    assert [(m, s) for m, _n, _p, s in await store.puzzle_standings(None, 10)] == [(2, 1)]
    assert await store.puzzle_standings(GUILD + 1, 10) == []


async def test_puzzle_standings_break_rating_ties_by_solved_then_name(store: GameStore) -> None:
    """Replays move no rating: zed, Amy and bea all stay at the start, so zed's two solves
    rank him first, and Amy comes before bea by name."""

    async def solve_a_replay(seat: Seat, puzzle: int) -> None:
        await start(store, attempt_at(puzzle, seat), name=seat.name)  # the rated try, left
        replay = await start(store, attempt_at(puzzle, seat), name=seat.name)  # sets it aside
        assert not replay.rated
        await store.save_attempt(ended(replay, AttemptStatus.SOLVED))

    for seat, puzzles in [(Seat(5, "zed"), (7, 8)), (Seat(6, "bea"), (7,)), (Seat(7, "Amy"), (8,))]:
        for puzzle in puzzles:
            await solve_a_replay(seat, puzzle)
    rows = await store.puzzle_standings(GUILD, 10)
    assert [(name, solved) for _m, name, _p, solved in rows] == [
        ("zed", 2),
        ("Amy", 1),
        ("bea", 1),
    ]
    assert {player.glicko for _m, _n, player, _s in rows} == {PuzzlePlayer().glicko}


async def test_made_puzzles_are_numbered_from_100001_one_per_position(
    store: GameStore,
) -> None:
    game = await store.insert(finished_game(1, "alice", status=Status.WON))
    one, two = shipped().by_id(300), shipped().by_id(301)
    made = [
        MadePuzzle(replace(one, id=0), shape=11, proof_positions=5, game_id=game.id),
        MadePuzzle(replace(two, id=0), shape=12, proof_positions=6, game_id=game.id),
        MadePuzzle(replace(two, id=0), shape=12, proof_positions=6, game_id=game.id),
    ]
    assert await store.add_made_puzzles(made, START) == 2
    assert await store.made_puzzles(0, 10) == [replace(one, id=100001), replace(two, id=100002)]
    assert await store.made_puzzles(100001, 10) == [replace(two, id=100002)]
    assert await store.made_puzzles(0, 1) == [replace(one, id=100001)]
    assert await store.add_made_puzzles(made[:1], START) == 0


async def test_finished_games_are_the_games_with_a_result_in_id_order(store: GameStore) -> None:
    won = await store.insert(finished_game(1, "alice", status=Status.WON))
    expired = finished_game(1, "alice", status=Status.EXPIRED, channel_id=CHANNEL + 2)
    await store.insert(expired)
    drawn = await store.insert(finished_game(2, "bob", status=Status.DRAWN, channel_id=CHANNEL + 3))
    assert await store.finished_games(0, 10) == [won, drawn]
    assert await store.finished_games(won.id, 10) == [drawn]
    assert await store.finished_games(0, 1) == [won]
    assert await store.finished_games(drawn.id, 10) == []


async def test_finished_games_wait_behind_a_game_still_running(store: GameStore) -> None:
    """A cursor over finished games never passes one yet to finish: the games after the
    oldest running one wait until it ends."""
    won = await store.insert(finished_game(1, "alice", status=Status.WON))
    running = await store.insert(make_game(ALICE, BOT, channel_id=CHANNEL + 1))
    drawn = await store.insert(finished_game(2, "bob", status=Status.DRAWN, channel_id=CHANNEL + 3))
    assert await store.finished_games(0, 10) == [won]
    await store.update(replace(running, status=Status.EXPIRED))  # ended, with no result
    assert await store.finished_games(won.id, 10) == [drawn]


async def test_a_servers_daily_puzzle_setting(store: GameStore) -> None:
    assert await store.daily_setting(GUILD) is None
    await store.set_daily_setting(DailySetting(GUILD, CHANNEL, 9), START)
    assert await store.daily_setting(GUILD) == DailySetting(GUILD, CHANNEL, 9)
    await store.set_daily_setting(DailySetting(GUILD, CHANNEL + 1, 23), START)
    assert await store.daily_setting(GUILD) == DailySetting(GUILD, CHANNEL + 1, 23)
    assert await store.daily_setting(GUILD + 1) is None
    await store.delete_daily_setting(GUILD)
    assert await store.daily_setting(GUILD) is None


async def test_a_daily_post_is_due_from_its_hour_and_claimed_once(store: GameStore) -> None:
    day, stale = START.date(), START - timedelta(minutes=5)
    await store.set_daily_setting(DailySetting(GUILD, CHANNEL, 12), START)
    await store.set_daily_setting(DailySetting(GUILD + 1, CHANNEL + 1, 13), START)
    assert await store.daily_due(day, 11, stale) == []
    assert await store.daily_due(day, 12, stale) == [DailySetting(GUILD, CHANNEL, 12)]
    assert len(await store.daily_due(day, 23, stale)) == 2
    post = DailyPost(GUILD, day, 17, CHANNEL, None)
    assert await store.claim_daily(post, START, stale) == post
    assert await store.claim_daily(replace(post, puzzle_id=18), START, stale) is None
    assert await store.daily_due(day, 12, stale) == []
    later = START + timedelta(minutes=6)
    old = later - timedelta(minutes=5)
    assert await store.daily_due(day, 12, old) == [
        DailySetting(GUILD, CHANNEL, 12)
    ]  # claimed, never posted, and old: due again
    taken = await store.claim_daily(replace(post, puzzle_id=18), later, old)
    assert taken == post  # taken over: its puzzle kept
    await store.daily_posted(GUILD, day, 555)
    assert await store.daily_post(GUILD, day) == replace(post, message_id=555)
    much_later = later + timedelta(hours=1)
    assert await store.daily_due(day, 12, much_later) == []  # posted: never due again
    assert await store.claim_daily(post, much_later, much_later) is None
    assert await store.daily_due(day + timedelta(days=1), 12, stale) == [
        DailySetting(GUILD, CHANNEL, 12)
    ]


async def test_a_daily_post_counts_the_members_who_solved_it_from_the_post(
    store: GameStore,
) -> None:
    day = START.date()
    await store.claim_daily(DailyPost(GUILD, day, 300, CHANNEL, None), START, START)
    yesterday = DailyPost(GUILD, day - timedelta(days=1), 301, CHANNEL, 7)
    await store.claim_daily(yesterday, START, START)
    alice = await start(store, attempt_at(300, daily=day))
    await store.save_attempt(ended(alice, AttemptStatus.SOLVED))
    bob = await start(store, attempt_at(300, BOB, daily=day), name="bob")
    await store.save_attempt(ended(bob, AttemptStatus.MISSED))
    carol = await start(store, attempt_at(300, Seat(3, "carol")), name="carol")  # not daily
    await store.save_attempt(ended(carol, AttemptStatus.SOLVED))
    post = await store.daily_post(GUILD, day)
    assert post is not None and post.solvers == 1
    assert [p.day for p in await store.daily_posts(GUILD, 10)] == [day, yesterday.day]
    assert [p.puzzle_id for p in await store.daily_posts(GUILD, 1)] == [300]
    before = await store.daily_posts(GUILD, 10, before=day)
    assert [(p.day, p.message_id) for p in before] == [(yesterday.day, None)]
    assert await store.daily_posts(GUILD, 10, before=yesterday.day) == []
    assert await store.daily_posts(GUILD + 1, 10) == []


async def test_two_stores_claiming_one_post_at_once_make_it_once(database: Database) -> None:
    if not database.shared:
        pytest.skip("one in-memory database cannot be opened twice")
    stores = [await database.open() for _ in range(3)]
    try:
        day, stale = START.date(), START - timedelta(minutes=5)
        claims = await asyncio.gather(
            *(
                store.claim_daily(DailyPost(GUILD, day, 20 + n, CHANNEL, None), START, stale)
                for n, store in enumerate(stores)
            )
        )
        won = [claim for claim in claims if claim is not None]
        assert len(won) == 1
        assert await stores[0].daily_post(GUILD, day) == won[0]
    finally:
        for opened in stores:
            await opened.close()


async def test_two_stores_ending_attempts_at_one_puzzle_at_once_rate_it_twice(
    database: Database,
) -> None:
    """Each ending locks the member's row, then the puzzle's (PostgreSQL): both count."""
    if not database.shared:
        pytest.skip("one in-memory database cannot be opened twice")
    stores = [await database.open(), await database.open()]
    try:
        attempts = [
            await start(stores[0], attempt_at(300, seat), name=seat.name) for seat in (ALICE, BOB)
        ]
        await asyncio.gather(
            *(
                store.save_attempt(ended(attempt, AttemptStatus.SOLVED))
                for store, attempt in zip(stores, attempts, strict=True)
            )
        )
        rating = (await stores[1].puzzle_ratings())[300]
        assert (rating.attempts, rating.solved) == (2, 2)
    finally:
        for opened in stores:
            await opened.close()
