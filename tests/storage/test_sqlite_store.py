"""SQLite storage: restart continues games exactly, schema versioning, and bad files give a
clear StorageError at start-up without the file being touched."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from games_helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    FakeClock,
    assert_consistent,
    finished_game,
    make_service,
)

from bot.engine import Move
from bot.games import Game, Status, StorageError
from bot.settings import Settings
from bot.startup import open_service
from bot.storage import SqliteGameStore
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.storage.rows import (
    decode_moves,
    encode_moves,
)
from bot.storage.sqlite.file import APPLICATION_ID
from bot.storage.sqlite.store import Synchronous


async def test_a_restarted_service_continues_the_game_exactly(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    clock = FakeClock()
    first = make_service(path, clock=clock, seed=3)
    await first.start(
        channel_id=CHANNEL,
        guild_id=GUILD,
        member_id=ALICE,
        member_name="alice",
        first="bot",
        level="medium",
    )
    await first.start(
        channel_id=CHANNEL + 1,
        guild_id=None,
        member_id=BOB,
        member_name="bob",
        first="me",
        size=4,
        level="easy",
    )
    game = await first.active_game(CHANNEL)
    free = next(m for m in game.position.legal_moves)
    game = (await first.move(channel_id=CHANNEL, member_id=ALICE, move=free)).game
    await first.boards.attach(game.id, 4242)
    game = await first.active_game(CHANNEL)
    other = await first.active_game(CHANNEL + 1)
    await first.close()

    second = make_service(path, clock=clock, seed=3)
    assert await second.state.open_game_count() == 2
    assert await second.active_game(CHANNEL + 1) == other
    assert await second.active_game(CHANNEL) == game  # every field, timestamps included
    assert game.message_id == 4242
    nxt = game.position.legal_moves[0]
    reply = await second.move(channel_id=CHANNEL, member_id=ALICE, move=nxt)
    assert reply.game.moves[: len(game.moves) + 1] == (*game.moves, nxt)
    assert_consistent(reply.game)
    await second.close()


async def test_operations_load_by_themselves(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    first = make_service(path)
    await first.start(channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice")
    await first.close()
    second = make_service(path)
    assert (await second.active_game(CHANNEL)).member.name == "alice"  # no explicit load()
    await second.close()


def test_parent_folder_is_created_and_schema_is_current(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "games.db"
    SqliteGameStore(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "members"} <= tables
    assert SCHEMA_VERSION == len(MIGRATIONS) >= 1


async def test_reopening_does_not_migrate_twice_or_lose_anything(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    service = make_service(path)
    await service.start(channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice")
    await service.close()
    for _ in range(2):
        store = SqliteGameStore(path)
        assert len(await store.active_games()) == 1
        await store.close()


def test_garbage_file_is_a_clear_error_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    garbage = bytes(range(256)) * 64
    path.write_bytes(garbage)
    with pytest.raises(StorageError) as caught:
        SqliteGameStore(path)
    message = str(caught.value)
    assert str(path) in message
    assert "not a database" in message
    assert "left untouched" in message and "backup" in message
    assert path.read_bytes() == garbage


async def test_service_open_reports_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    path.write_bytes(b"definitely not sqlite" * 100)
    with pytest.raises(StorageError, match=r"games\.db"):
        await open_service(Settings(database_path=path))


def test_newer_schema_is_refused_not_downgraded(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    SqliteGameStore(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    with pytest.raises(StorageError) as caught:
        SqliteGameStore(path)
    message = str(caught.value)
    assert f"schema version {SCHEMA_VERSION + 1}" in message
    assert f"only knows up to version {SCHEMA_VERSION}" in message
    assert "newer release" in message and str(path) in message
    assert path.read_bytes() == before


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    with pytest.raises(StorageError, match="another program"):
        SqliteGameStore(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT name FROM sqlite_master").fetchall() == [("invoices",)]


DAMAGED_FILE_ADVICE = "restore a backup"


def test_a_folder_given_as_the_database_is_called_a_folder(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    path.mkdir()
    with pytest.raises(StorageError) as caught:
        SqliteGameStore(path)
    message = str(caught.value)
    assert f"DATABASE_PATH '{path}' is a folder, not a file." in message
    assert f"for example '{path / 'tictactoe.db'}'" in message
    assert DAMAGED_FILE_ADVICE not in message
    assert list(path.iterdir()) == []


def test_a_folder_that_cannot_be_created_says_why(tmp_path: Path) -> None:
    (tmp_path / "notes").write_text("not a folder")
    path = tmp_path / "notes" / "data" / "games.db"
    with pytest.raises(StorageError) as caught:
        SqliteGameStore(path)
    message = str(caught.value)
    assert (
        f"The folder '{path.parent}' for the game database '{path}' does not exist and could "
        f"not be created: '{tmp_path / 'notes'}' is a file, not a folder." in message
    )
    assert DAMAGED_FILE_ADVICE not in message
    assert "Errno" not in message  # the system's own words stay out


def test_a_file_that_cannot_be_created_is_not_called_damaged(tmp_path: Path) -> None:
    path = tmp_path / ("g" * 300 + ".db")  # longer than any file system allows a name
    with pytest.raises(StorageError) as caught:
        SqliteGameStore(path)
    message = str(caught.value)
    assert f"Cannot create the game database '{path}' in the folder '{tmp_path}'." in message
    assert DAMAGED_FILE_ADVICE not in message
    assert "unable to open" not in message  # SQLite's own words stay out


async def test_a_damaged_game_is_set_aside_at_start_up_and_named_when_asked_for(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "games.db"
    service = make_service(path)
    reply = await service.start(
        channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice"
    )
    other = await service.start(
        channel_id=CHANNEL + 1, guild_id=GUILD, member_id=ALICE, member_name="alice"
    )
    await service.close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE games SET moves = '4,4' WHERE id = ?", (reply.game.id,))
    conn.close()
    store = SqliteGameStore(path)
    assert await store.active_games() == [other.game]  # the rest of the file still plays
    [line] = [r.getMessage() for r in caplog.records if r.name == "bot.storage.rows"]
    assert line.startswith(f"Game #{reply.game.id} in the game database '{path}' cannot be read")
    await store.close()
    fresh = make_service(path)
    await fresh.move(channel_id=CHANNEL + 1, member_id=ALICE, move=Move(1, 1))
    for ask in (fresh.get(reply.game.id), fresh.active_game(CHANNEL)):
        named = rf"^Game #{reply.game.id} .* cannot be read"
        with pytest.raises(StorageError, match=named) as caught:
            await ask
        assert str(path) not in str(caught.value)  # the player's sentence names no file


async def test_each_in_memory_store_starts_empty_and_keeps_its_games_to_itself() -> None:
    """In-memory stores start as copies of one migrated database (docs/storage.md): nothing
    one saves reaches another, opened before or after it."""
    before = SqliteGameStore(":memory:")
    first = SqliteGameStore(":memory:")
    saved = await first.insert(finished_game(ALICE, "alice", status=Status.WON))
    after = SqliteGameStore(":memory:")
    assert await first.get(saved.id) == saved
    for other in (before, after):
        assert await other.get(saved.id) is None and await other.history(ALICE, None) == []
        lost = await other.insert(finished_game(ALICE, "alice", status=Status.LOST))
        assert lost.id == saved.id  # each numbers its own games from the first
    for store in (before, first, after):
        await store.close()


async def test_store_refuses_use_after_close() -> None:
    store = SqliteGameStore(":memory:")
    await store.close()
    with pytest.raises(StorageError, match="closed"):
        await store.active_games()


@pytest.mark.parametrize("size", [3, 4])
def test_moves_encoding_round_trips(size: int) -> None:
    moves = tuple(Move(r, c) for r in range(size) for c in range(size))
    text = encode_moves(moves, size)
    assert decode_moves(text, size) == moves
    assert encode_moves((Move(1, 1), Move(0, 0), Move(2, 2)), 3) == "4,0,8"
    assert decode_moves("", size) == ()
    with pytest.raises(ValueError):
        decode_moves(str(size * size), size)


async def test_member_names_follow_the_latest_game(tmp_path: Path) -> None:
    service = make_service(tmp_path / "g.db")
    await service.start(channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice")
    await service.resign(channel_id=CHANNEL, member_id=ALICE)
    await service.start(
        channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="Alice the Great"
    )
    stats = await service.standings.stats(member_id=ALICE)
    assert stats.name == "Alice the Great"
    game = await service.active_game(CHANNEL)
    assert game.status is Status.ACTIVE


@pytest.mark.parametrize("mode", ["NORMAL", "FULL"])
async def test_synchronous_mode_is_applied(tmp_path: Path, mode: Synchronous) -> None:
    store = SqliteGameStore(tmp_path / "g.db", synchronous=mode)
    assert store.synchronous == mode
    await store.close()


def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    conn.close()


def _newer(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # a newer release stamps it
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()


def _damaged(path: Path) -> None:
    """One of our files (rollback journal) with a table page overwritten by zeros."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA page_size = 1024")
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT)")
        conn.execute("CREATE INDEX t_text ON t (text)")
        conn.executemany("INSERT INTO t (text) VALUES (?)", [(f"row {i}" * 5,) for i in range(500)])
    conn.close()
    data = bytearray(path.read_bytes())
    data[1024 * 5 : 1024 * 6] = bytes(1024)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("make", "says"),
    [(_foreign, "another program"), (_newer, "newer release"), (_damaged, "damaged|malformed")],
)
def test_a_refused_file_is_not_changed_at_all(
    tmp_path: Path, make: Callable[[Path], None], says: str
) -> None:
    """Not even switched to WAL mode (which rewrites the header and adds -wal/-shm files)."""
    path = tmp_path / "games.db"
    make(path)
    before = path.read_bytes()
    with pytest.raises(StorageError, match=says) as caught:
        SqliteGameStore(path)
    assert "untouched" in str(caught.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.db"]


WIN_FOR_X = "0,3,1,4,2"  # X takes row 1
DRAW = "0,4,8,1,7,6,2,5,3"  # a full board without a line


async def saved_game(path: Path) -> Game:
    """Alice's new game, saved in ``path`` by a service that is then closed (for hand edits)."""
    service = make_service(path)
    game = (
        await service.start(
            channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice", first="me"
        )
    ).game
    await service.close()
    return game


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        ("level = 'impossible'", "level 'impossible' is not one of easy, medium, hard, perfect"),
        ("size = 6", "board size 6 is not one of classic's: 3, 4, 5"),
        ("size = 9", "board size 9 is not one of classic's: 3, 4, 5"),
        ("kind = 'ultimate'", "board size 3 is not one of ultimate's: 9"),
        ("kind = 'connect-four'", "its kind 'connect-four' is not one this program plays"),
        ("kind = 'Ultimate', size = 9", "its kind 'Ultimate' is not one this program plays"),
        ("created_at = '2026-01-01T12:00:00'", "created_at '2026-01-01T12:00:00' has no time"),
        ("updated_at = '2026-01-01T12:00:00'", "updated_at '2026-01-01T12:00:00' has no time"),
        ("created_at = 'yesterday'", "yesterday"),
        (f"moves = '{WIN_FOR_X}'", "it is active but its board is already over"),
        ("winner = 'X'", "it is active but has a winner"),
        ("status = 'won', winner = 'X'", "it is won but its board is not over"),
        (f"status = 'won', moves = '{WIN_FOR_X}'", "it is won but X won the board"),
        (
            f"status = 'lost', winner = 'X', moves = '{WIN_FOR_X}'",
            "it is lost but X won the board, alice's mark",
        ),
        (f"status = 'won', winner = 'O', moves = '{WIN_FOR_X}'", "it is won but X won the board"),
        (f"status = 'drawn', moves = '{WIN_FOR_X}', winner = 'X'", "it is drawn but X won"),
        (f"status = 'won', winner = 'X', moves = '{DRAW}'", "it is won but the board is a draw"),
        (f"status = 'won', moves = '{DRAW}'", "it is won but the board is a draw"),
        ("status = 'resigned'", "it is resigned but has no winner"),
        (f"status = 'resigned', winner = 'O', moves = '{WIN_FOR_X}'", "its board is already over"),
        ("status = 'expired', winner = 'O'", "it is expired but has a winner"),
        (f"status = 'expired', moves = '{DRAW}'", "it is expired but its board is already over"),
        ("x_member_id = NULL", "no member seat"),
    ],
)
async def test_a_bad_stored_game_is_a_storage_error_naming_it(
    tmp_path: Path, edit: str, says: str
) -> None:
    path = tmp_path / "games.db"
    game = await saved_game(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"UPDATE games SET {edit} WHERE id = ?", (game.id,))
    conn.close()
    store = SqliteGameStore(path)
    with pytest.raises(StorageError) as caught:
        await store.get(game.id)
    message = str(caught.value)
    assert message.startswith(f"Game #{game.id} in the game store cannot be read")
    assert says in message and str(path) not in message, message
    if "status" not in edit:  # still active: a listing sets it aside and goes on
        assert await store.active_games() == []
        assert await make_service(path).state.open_game_count() == 1  # counted, not read
    await store.close()


@pytest.mark.parametrize(
    ("status", "moves", "winner"),
    [
        ("won", WIN_FOR_X, "X"),
        ("drawn", DRAW, None),
        ("resigned", "4", "O"),
        ("expired", "4", None),
    ],
)
async def test_consistent_finished_games_load(
    tmp_path: Path, status: str, moves: str, winner: str | None
) -> None:
    path = tmp_path / "games.db"
    game = await saved_game(path)
    with sqlite3.connect(path) as conn:
        conn.execute(
            "UPDATE games SET status = ?, moves = ?, winner = ? WHERE id = ?",
            (status, moves, winner, game.id),
        )
    conn.close()
    store = SqliteGameStore(path)
    loaded = await store.get(game.id)
    assert loaded is not None and loaded.status == status
    assert_consistent(loaded)
    await store.close()


@pytest.mark.parametrize("status", [s for s in Status if s is not Status.ACTIVE])
async def test_every_finished_game_reads_back_as_saved(status: Status) -> None:
    store = SqliteGameStore(":memory:")
    saved = await store.insert(finished_game(ALICE, "alice", status=status))
    assert await store.get(saved.id) == saved
    await store.close()


@pytest.mark.parametrize("mode", ["OFF", "normal", "NORMAL; PRAGMA user_version = 9", ""])
def test_an_unknown_synchronous_mode_is_refused_before_opening(tmp_path: Path, mode: str) -> None:
    path = tmp_path / "g.db"
    with pytest.raises(ValueError, match=r"synchronous must be 'NORMAL' or 'FULL', not "):
        SqliteGameStore(path, synchronous=mode)  # type: ignore[arg-type]
    assert not path.exists()
