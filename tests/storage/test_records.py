"""Running totals (``records``, per size since v3, and ``standings``): upgrading a real v1
file gives the
same stats and leaderboards, the totals always equal a recount of the games table whatever
happens to the games, and saving a finished game again never counts it twice."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import pytest
from games_helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    FakeClock,
    finished_game,
    make_service,
    member_vs_member,
    started_game,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import Move, Player
from bot.games import (
    Game,
    GameError,
    GameService,
    LeaderboardEntry,
    Record,
    Stats,
    Status,
    StorageError,
)
from bot.games.models import Challenge, GameKind, Rating
from bot.storage import SqliteGameStore
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.storage.rows import (
    from_row,
    member_rows,
    to_row,
)

CAROL, DAVE, EVE, FRANK = 3, 4, 5, 6
SCOPES = (None, GUILD, GUILD + 1)

# The v1 queries, verbatim in meaning: what stats and leaderboards were computed from before
# the totals tables existed. They are the oracle every total is checked against.
_COUNTED = "('won', 'lost', 'drawn', 'resigned')"
_SEATS = f"""
    SELECT x_member_id AS member_id, 'X' AS mark, level, size, guild_id, winner
      FROM games WHERE status IN {_COUNTED} AND x_member_id IS NOT NULL
    UNION ALL
    SELECT o_member_id, 'O', level, size, guild_id, winner
      FROM games WHERE status IN {_COUNTED} AND o_member_id IS NOT NULL
"""
_TALLY = """
    COUNT(CASE WHEN winner = mark THEN 1 END) AS wins,
    COUNT(CASE WHEN winner <> mark THEN 1 END) AS losses,
    COUNT(CASE WHEN winner IS NULL THEN 1 END) AS draws
"""


class RecountStore:
    """A read-only store on a file of any schema version whose stats and leaderboards are
    aggregated over every finished game on each call, with the v1 queries: the oracle."""

    def __init__(self, path: Path) -> None:
        self._conn = sqlite3.connect(path)
        self._conn.row_factory = sqlite3.Row

    async def active_games(self) -> list[Game]:
        rows = self._conn.execute("SELECT * FROM games WHERE status = 'active' ORDER BY id")
        return [from_row(row) for row in rows]

    async def get(self, game_id: int) -> Game | None:
        row = self._conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else from_row(row)

    async def insert(self, game: Game, **options: Any) -> Game:
        raise NotImplementedError("the oracle only reads")

    async def update(self, game: Game, **options: Any) -> Game:
        raise NotImplementedError("the oracle only reads")

    async def member_name(self, member_id: int) -> str | None:
        row = self._conn.execute("SELECT name FROM members WHERE member_id = ?", (member_id,))
        return next((str(name) for (name,) in row), None)

    async def records(
        self, member_id: int, guild_id: int | None
    ) -> dict[tuple[GameKind, str, int], Record]:
        where = "member_id = ?" + ("" if guild_id is None else " AND guild_id = ?")
        params: tuple[int, ...] = (member_id,) if guild_id is None else (member_id, guild_id)
        rows = self._conn.execute(
            f"SELECT level, size, {_TALLY} FROM ({_SEATS}) WHERE {where} GROUP BY level, size",
            params,
        )
        return {
            ("classic", str(level), int(size)): Record(int(w), int(lo), int(d))
            for level, size, w, lo, d in rows
        }

    # No duels in these files (no ``duel`` level before v3): nobody is rated, nothing is open.
    async def rating(
        self, member_id: int, guild_id: int | None, *, kind: str = "classic"
    ) -> Rating:
        return Rating()

    async def open_challenges(self) -> list[Challenge]:
        return []

    async def puzzle_player(self, member_id: int) -> None:
        """Nobody has solved a puzzle in these files (none before migration 16)."""
        return None

    async def solo_ratings(self, member_id: int, guild_id: int | None) -> dict[int, Rating]:
        """As stored: a solo rating depends on the order games finished, which no recount
        knows (none before migration 12)."""
        found = "SELECT 1 FROM sqlite_master WHERE name = 'solo_ratings'"
        if self._conn.execute(found).fetchone() is None:
            return {}
        rows = self._conn.execute(
            "SELECT size, rating, games FROM solo_ratings WHERE in_guild = ? AND guild_id = ? "
            "AND member_id = ? ORDER BY size",
            (int(guild_id is not None), guild_id or 0, member_id),
        )
        return {int(size): Rating(int(rating), int(games)) for size, rating, games in rows}

    async def standings(
        self, guild_id: int | None, limit: int | None = None, *, kind: str = "classic"
    ) -> list[tuple[int, str, Record]]:
        rows = self._conn.execute(
            f"SELECT s.member_id, COALESCE(m.name, ''), {_TALLY} FROM ({_SEATS}) AS s "
            "LEFT JOIN members AS m ON m.member_id = s.member_id "
            "WHERE s.guild_id IS ? AND (s.size = 9) = ? GROUP BY s.member_id",  # 9: ultimate
            (guild_id, kind == "ultimate"),
        )
        return [
            (int(mid), str(name) or f"member {mid}", Record(int(w), int(lo), int(d)))
            for mid, name, w, lo, d in rows
        ]

    async def close(self) -> None:
        self._conn.close()


# How the v1 release wrote a game and its members (no name_key yet).
V1_INSERT_GAME = (
    "INSERT INTO games (channel_id, guild_id, x_member_id, x_name, o_member_id, o_name, level, "
    "size, first, moves, status, winner, created_at, updated_at, message_id) VALUES "
    "(:channel_id, :guild_id, :x_member_id, :x_name, :o_member_id, :o_name, :level, :size, "
    ":first, :moves, :status, :winner, :created_at, :updated_at, :message_id)"
)
V1_SAVE_MEMBER = (
    "INSERT INTO members (member_id, name, updated_at) VALUES (:member_id, :name, :updated_at) "
    "ON CONFLICT (member_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at"
)


def recount(path: Path) -> tuple[set[tuple[Any, ...]], set[tuple[Any, ...]]]:
    """(records, standings) as a from-scratch recount of the games table would fill them."""
    with sqlite3.connect(path) as conn:
        records = set(
            conn.execute(
                "SELECT member_id, guild_id IS NOT NULL, COALESCE(guild_id, 0), level, "
                f"size, {_TALLY} FROM ({_SEATS}) GROUP BY member_id, guild_id, level, size"
            )
        )
    standings: dict[tuple[Any, ...], list[int]] = {}
    for member, in_guild, guild, _level, _size, *counts in records:
        total = standings.setdefault((in_guild, guild, member), [0, 0, 0])
        for i, count in enumerate(counts):
            total[i] += count
    return records, {(*key, *counts) for key, counts in standings.items()}


def stored_totals(path: Path) -> tuple[set[tuple[Any, ...]], set[tuple[Any, ...]]]:
    with sqlite3.connect(path) as conn:
        records = set(
            conn.execute(
                "SELECT member_id, in_guild, guild_id, level, size, wins, losses, draws "
                "FROM records"
            )
        )
        standings = set(
            conn.execute("SELECT in_guild, guild_id, member_id, wins, losses, draws FROM standings")
        )
    return records, standings


async def everything(
    service: GameService, members: tuple[int, ...]
) -> tuple[list[Stats], list[list[LeaderboardEntry]]]:
    """Every member's stats in every scope, and every scope's leaderboard at every length
    (each cut must be the same prefix, so the store's SQL order is checked too)."""
    stats = [
        await service.standings.stats(member_id=m, guild_id=g)
        for m in members
        for g in (None, *SCOPES)
    ]
    boards = []
    for guild in (*SCOPES, 0, 999):
        full = await service.standings.leaderboard(guild_id=guild, limit=100)
        for limit in range(1, len(full)):
            assert await service.standings.leaderboard(guild_id=guild, limit=limit) == full[:limit]
        boards.append(full)
    return stats, boards


def user_version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def fill_v1(path: Path) -> None:
    """A v1 file as that release wrote it, with every kind of game: each result, expired and
    active ones, two servers and the terminal, member vs member, a renamed member and
    tie-breaking records."""
    seeds = [
        (ALICE, "alice", Status.WON, "easy", GUILD),
        (ALICE, "alice", Status.RESIGNED, "easy", GUILD),
        (ALICE, "Alice", Status.DRAWN, "hard", None),
        (ALICE, "Alice", Status.EXPIRED, "hard", GUILD),
        (BOB, "bob", Status.LOST, "perfect", GUILD),
        (BOB, "bob", Status.WON, "perfect", GUILD + 1),
        (BOB, "bob", Status.DRAWN, "medium", GUILD),
        (BOB, "bob", Status.DRAWN, "medium", GUILD),
        (CAROL, "carol", Status.WON, "easy", GUILD),
        (CAROL, "carol", Status.EXPIRED, "easy", None),
        (DAVE, "Abe", Status.WON, "hard", GUILD),  # ties carol: the name decides, not the id
        (EVE, "Émile", Status.WON, "easy", GUILD + 1),  # ties bob; casefold puts élan first
        (FRANK, "élan", Status.WON, "easy", GUILD + 1),
    ]
    games = [
        finished_game(member, name, status=status, level=level, guild_id=guild)
        for member, name, status, level, guild in seeds
    ]
    bob_resigns = replace(  # alice beats bob, member vs member; alice's name back to "alice"
        member_vs_member(CHANNEL + 1),
        guild_id=GUILD,
        moves=(Move(0, 0),),
        status=Status.RESIGNED,
        winner=Player.X,
    )
    still_playing = replace(  # carol's game is active: not counted
        finished_game(CAROL, "carol", status=Status.EXPIRED), status=Status.ACTIVE
    )
    with closing(sqlite3.connect(path)) as conn, conn:
        for statement in MIGRATIONS[0].statements("sqlite"):
            conn.execute(statement)
        conn.execute("PRAGMA user_version = 1")
        for game in (*games, bob_resigns, still_playing):
            conn.execute(V1_INSERT_GAME, to_row(game))
            conn.executemany(V1_SAVE_MEMBER, member_rows(game))
    assert user_version(path) == 1 and "records" not in tables(path)


async def test_a_v1_file_upgrades_in_place_with_identical_stats(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    fill_v1(path)
    old = make_service(store=RecountStore(path))
    before = await everything(old, (ALICE, BOB, CAROL, DAVE, EVE, FRANK))
    await old.close()
    assert user_version(path) == 1

    service = make_service(path)  # this release: migrates to v2 on opening
    assert user_version(path) == SCHEMA_VERSION
    assert await everything(service, (ALICE, BOB, CAROL, DAVE, EVE, FRANK)) == before
    assert stored_totals(path) == recount(path)
    alice = await service.standings.stats(member_id=ALICE)
    assert alice.name == "alice"  # renamed "Alice" and back: the latest name wins
    assert alice.total == Record(2, 1, 1)  # resigned = loss, expired skipped, mvm win counted
    board = await service.standings.leaderboard(guild_id=GUILD)
    assert [(e.member_id, e.record) for e in board] == [
        (ALICE, Record(2, 1, 0)),
        (DAVE, Record(1, 0, 0)),
        (CAROL, Record(1, 0, 0)),
        (BOB, Record(0, 2, 2)),
    ]
    there = await service.standings.leaderboard(guild_id=GUILD + 1)
    assert [e.name for e in there] == ["bob", "élan", "Émile"]
    await service.close()


async def test_a_failed_upgrade_leaves_the_v1_file_as_it_was(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "games.db"
    fill_v1(path)
    # An operator's own trigger named like the v2 migration's last one makes that step fail.
    mine = "CREATE TRIGGER games_tally_delete AFTER DELETE ON members BEGIN SELECT 1; END"
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(mine)
    with caplog.at_level("INFO"), pytest.raises(StorageError, match="left untouched"):
        SqliteGameStore(path)
    assert "games_tally_delete already exists" in caplog.text  # SQLite's words: the log's
    assert user_version(path) == 1
    assert tables(path) == {"games", "members", "sqlite_sequence"}  # no half-made v2
    with closing(sqlite3.connect(path)) as conn, conn:
        triggers = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'trigger'")
        assert triggers.fetchall() == [(mine,)]
        columns = [row[1] for row in conn.execute("PRAGMA table_info(members)")]
        assert columns == ["member_id", "name", "updated_at"]
        conn.execute("DROP TRIGGER games_tally_delete")
    store = SqliteGameStore(path)  # the real upgrade still works afterwards
    assert user_version(path) == SCHEMA_VERSION
    await store.close()
    assert stored_totals(path) == recount(path)


def test_a_newer_schema_than_this_release_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    SqliteGameStore(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StorageError, match=f"only knows up to version {SCHEMA_VERSION}"):
        SqliteGameStore(path)
    assert user_version(path) == SCHEMA_VERSION + 1


async def test_saving_a_finished_game_again_does_not_count_it_twice(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    store = SqliteGameStore(path)
    service = make_service(store=store)
    await started_game(service)
    resigned = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    for _ in range(3):
        resigned = await store.update(resigned)
        resigned = await store.update(replace(resigned, updated_at=FakeClock().now, message_id=5))
    await service.boards.attach(resigned.id, 77)  # a finished game: straight to the store
    assert (await service.standings.stats(member_id=ALICE)).total == Record(0, 1, 0)
    assert [e.record for e in await service.standings.leaderboard(guild_id=GUILD)] == [
        Record(0, 1, 0)
    ]
    assert stored_totals(path) == recount(path)
    await service.close()


async def test_totals_follow_any_change_to_the_games_table(tmp_path: Path) -> None:
    """Even a hand edit or a deleted row (an operator's SQL) keeps the totals a recount."""
    path = tmp_path / "games.db"
    store = SqliteGameStore(path)
    lost = await store.insert(finished_game(ALICE, "alice", status=Status.LOST))
    await store.insert(finished_game(ALICE, "alice", status=Status.WON, level="easy"))
    await store.insert(finished_game(BOB, "bob", status=Status.DRAWN, guild_id=None))
    await store.close()
    edits = [
        f"UPDATE games SET status = 'won', winner = 'X' WHERE id = {lost.id}",
        f"UPDATE games SET level = 'hard', guild_id = NULL WHERE id = {lost.id}",
        f"UPDATE games SET status = 'expired', winner = NULL WHERE id = {lost.id}",
        f"UPDATE games SET status = 'drawn' WHERE id = {lost.id}",
        "UPDATE games SET o_member_id = 2, o_name = 'bob' WHERE level = 'easy'",
        "DELETE FROM games WHERE guild_id IS NULL AND x_member_id = 2",
        f"UPDATE games SET moves = '4' WHERE id = {lost.id}",  # no result change: no effect
    ]
    for edit in edits:
        with sqlite3.connect(path) as conn:
            conn.execute(edit)
        assert stored_totals(path) == recount(path), edit
    service = make_service(path)
    assert (await service.standings.stats(member_id=BOB)).total == Record(0, 1, 0)  # lost to alice
    assert await service.standings.leaderboard(guild_id=None) == [
        LeaderboardEntry(ALICE, "alice", Record(0, 0, 1), 1)
    ]
    await service.close()


async def test_a_renamed_member_moves_among_the_tied_ones() -> None:
    store = SqliteGameStore(":memory:")
    await store.insert(finished_game(10, "bob", status=Status.WON))
    await store.insert(finished_game(11, "carl", status=Status.WON))
    service = make_service(store=store)
    assert [e.name for e in await service.standings.leaderboard(guild_id=GUILD, limit=1)] == ["bob"]
    await service.start(channel_id=CHANNEL, guild_id=GUILD, member_id=10, member_name="Zed")
    assert [e.name for e in await service.standings.leaderboard(guild_id=GUILD, limit=1)] == [
        "carl"
    ]
    assert [e.name for e in await service.standings.leaderboard(guild_id=GUILD)] == ["carl", "Zed"]


async def test_no_server_and_server_zero_are_different_scopes() -> None:
    store = SqliteGameStore(":memory:")
    await store.insert(finished_game(ALICE, "alice", status=Status.WON, guild_id=None))
    await store.insert(finished_game(BOB, "bob", status=Status.WON, guild_id=0))
    service = make_service(store=store)
    assert [e.name for e in await service.standings.leaderboard(guild_id=None)] == ["alice"]
    assert [e.name for e in await service.standings.leaderboard(guild_id=0)] == ["bob"]
    assert (await service.standings.stats(member_id=BOB, guild_id=0)).total == Record(1, 0, 0)
    assert (await service.standings.stats(member_id=ALICE, guild_id=0)).total == Record()


async def test_the_leaderboard_limit_keeps_the_tie_break_in_sql() -> None:
    """Ties on points, losses and wins go by case-folded name (Unicode too), then id, and
    LIMIT cuts after that order, not before."""
    store = SqliteGameStore(":memory:")
    names = ["zoë", "Émile", "émile", "ÉMILE", "Zoe", "adam", "straße", "STRASSE"]
    for member, name in enumerate(names, start=10):
        await store.insert(finished_game(member, name, status=Status.DRAWN))
    await store.insert(finished_game(99, "winner", status=Status.WON))
    service = make_service(store=store)
    full = await service.standings.leaderboard(guild_id=GUILD, limit=100)
    expected = sorted(names, key=lambda n: (n.casefold(), names.index(n)))
    assert [e.name for e in full] == ["winner", *expected]
    for limit in range(1, len(full) + 1):
        assert await service.standings.leaderboard(guild_id=GUILD, limit=limit) == full[:limit]


MEMBERS = (ALICE, BOB, CAROL, DAVE, EVE, FRANK)
CHANNELS = (1, 2)
KINDS = (
    *("start", "start", "pair", "move", "play", "play", "resign"),
    *("idle", "expire", "restart", "resave", "resave"),
)
Step = tuple[str, int, int, int]
steps = st.lists(
    st.tuples(
        st.sampled_from(KINDS),
        st.sampled_from(CHANNELS),
        st.sampled_from(MEMBERS),
        st.integers(0, 8),
    ),
    min_size=3,
    max_size=30,
)


async def busy(service: GameService, channel: int) -> int:
    """``channel`` if it has a game, else another channel that has one (so more steps act)."""
    for candidate in (channel, *CHANNELS):
        try:
            await service.active_game(candidate)
            return candidate
        except GameError:
            continue
    return channel


async def play(service: GameService, channel: int, member: int, n: int, *, whole: bool) -> None:
    """One move (``whole``: moves until the game ends) for whoever is to move."""
    while True:
        game = await service.active_game(channel)
        seat = game.to_move_seat
        who = seat.member_id if seat and seat.member_id else member
        free = game.position.legal_moves
        reply = await service.move(channel_id=channel, member_id=who, move=free[n % len(free)])
        if not whole or not reply.game.is_active:
            return


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(script=steps, seed=st.integers(0, 1000))
async def test_totals_always_equal_a_recount_of_the_games(script: list[Step], seed: int) -> None:
    with TemporaryDirectory() as folder:
        path = Path(folder) / "g.db"
        clock = FakeClock()
        store = SqliteGameStore(path)
        service = make_service(store=store, clock=clock, seed=seed, idle_timeout=300)
        for kind, channel, member, n in script:
            guild = (None, GUILD, GUILD + 1)[n % 3]
            if kind in ("move", "play", "resign"):
                channel = await busy(service, channel)
            try:
                if kind == "start":
                    await service.start(
                        channel_id=channel,
                        guild_id=guild,
                        member_id=member,
                        member_name=f"m{member}",
                        level=("easy", "perfect")[n % 2],
                        first=("me", "bot")[n % 2],
                    )
                elif kind == "pair":  # member vs member: no command yet, so via the store
                    await service.close()
                    store = SqliteGameStore(path)
                    if not [g for g in await store.active_games() if g.channel_id == channel]:
                        game = replace(
                            member_vs_member(channel), guild_id=guild, updated_at=clock()
                        )
                        await store.insert(game)
                    service = make_service(store=store, clock=clock, seed=seed, idle_timeout=300)
                elif kind in ("move", "play"):
                    await play(service, channel, member, n, whole=kind == "play")
                elif kind == "resign":
                    game = await service.active_game(channel)
                    who = game.x.member_id or game.o.member_id or member
                    await service.resign(channel_id=channel, member_id=who)
                elif kind == "idle":
                    clock.advance(100 * (n + 1))
                elif kind == "expire":
                    await service.expire_idle()
                elif kind == "restart":
                    await service.close()
                    store = SqliteGameStore(path)
                    service = make_service(store=store, clock=clock, seed=seed, idle_timeout=300)
                else:  # resave: any game written again as it is, or with a new message id
                    stored = await service.get(n % 4 + 1)
                    if stored is not None:
                        await service.boards.attach(stored.id, n)
                        if not stored.is_active:
                            await store.update(stored)
            except StorageError:
                raise  # the database refused something: never a game rule
            except GameError:
                pass
        assert stored_totals(path) == recount(path)
        for game_id in range(1, 20):  # every finished game saved once more changes nothing
            stored = await service.get(game_id)
            if stored is not None and not stored.is_active:
                await store.update(replace(stored, message_id=game_id))
        assert stored_totals(path) == recount(path)
        oracle = make_service(store=RecountStore(path), clock=clock)
        assert await everything(service, MEMBERS) == await everything(oracle, MEMBERS)
        await oracle.close()
        await service.close()
