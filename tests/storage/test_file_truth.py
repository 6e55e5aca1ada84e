"""What the SQLite store says about a file is true: it is ours (application id), a refused
file is left byte for byte as it was (its write-ahead log too), and a file deleted or
replaced while the service runs stops it instead of losing everything played after.

Every file here is made by the test itself, with SQLite or by flipping bytes.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from games_helpers import ALICE, make_service, start_game

from bot.games import DatabaseGoneError, StorageError
from bot.storage import SqliteGameStore
from bot.storage.migrations import SCHEMA_VERSION
from bot.storage.sqlite.file import APPLICATION_ID


def pragma(path: Path, name: str) -> int:
    uri = f"{path.absolute().as_uri()}?mode=ro"
    conn = sqlite3.connect(uri, uri=True)
    try:
        return int(conn.execute(f"PRAGMA {name}").fetchone()[0])
    finally:
        conn.close()


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_new_file_carries_our_application_id(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    asyncio.run(SqliteGameStore(path).close())
    assert pragma(path, "application_id") == APPLICATION_ID
    assert pragma(path, "user_version") == SCHEMA_VERSION


async def test_a_file_from_before_the_application_id_opens_and_is_stamped(
    tmp_path: Path,
) -> None:
    """Files made by earlier releases have application id 0 but our schema and tables."""
    path = tmp_path / "games.db"
    service = make_service(path)
    reply = await start_game(service)
    await service.close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA application_id = 0")
    conn.close()
    assert pragma(path, "application_id") == 0

    service = make_service(path)
    assert await service.get(reply.game.id) == reply.game
    await service.close()
    assert pragma(path, "application_id") == APPLICATION_ID


def _foreign_with_our_version(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        conn.execute("INSERT INTO invoices (total) VALUES (9.5)")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.close()


def _foreign_with_our_tables(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA application_id = 42")
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        conn.execute("CREATE TABLE members (member_id INTEGER PRIMARY KEY)")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.close()


@pytest.mark.parametrize("make", [_foreign_with_our_version, _foreign_with_our_tables])
def test_another_programs_file_is_refused_by_name_and_left_alone(
    tmp_path: Path, make: Callable[[Path], None]
) -> None:
    path = tmp_path / "games.db"
    make(path)
    before = files_in(tmp_path)
    with pytest.raises(StorageError) as caught:
        SqliteGameStore(path)
    message = str(caught.value)
    assert message.startswith(f"The file '{path}' is an SQLite database of another program")
    assert "left untouched" in message and "DATABASE_PATH" in message
    assert files_in(tmp_path) == before


HOT_WAL_WRITER = """
import os, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA journal_mode = WAL")
conn.execute("PRAGMA wal_autocheckpoint = 0")
conn.execute("PRAGMA application_id = {app}")
conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, note TEXT)")
conn.execute("CREATE TABLE members (member_id INTEGER PRIMARY KEY)")
conn.execute("PRAGMA user_version = {version}")
conn.execute("INSERT INTO games (note) VALUES ('only in the log')")
os._exit(0)  # no close, no checkpoint: the changes stay in the -wal file
"""


@pytest.mark.processes
def test_a_newer_file_with_a_hot_log_is_refused_without_replaying_the_log(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    script = HOT_WAL_WRITER.format(app=APPLICATION_ID, version=SCHEMA_VERSION + 1)
    subprocess.run([sys.executable, "-c", script, str(path)], check=True, timeout=60)
    wal = tmp_path / "games.db-wal"
    assert wal.stat().st_size > 0
    before = (path.read_bytes(), wal.read_bytes())

    with pytest.raises(StorageError, match="newer release") as caught:
        SqliteGameStore(path)

    assert str(path) in str(caught.value)
    assert (path.read_bytes(), wal.read_bytes()) == before


def _index_page_flipped(path: Path) -> None:
    """A game file whose games_by_x_member index holds one wrong member id.

    The index stays a well-formed b-tree in order, so ``quick_check`` (which skips matching
    indexes against their tables) passes it; ``integrity_check`` finds the mismatch.
    """
    base = 0x12340000  # 4-byte ids, 256 apart: one +1 keeps the index in order
    store = SqliteGameStore(path)
    service = make_service(store=store)

    async def play() -> None:
        for k in range(1, 31):
            await start_game(service, channel=k, member=base + k * 0x100)
        await service.close()

    asyncio.run(play())
    with sqlite3.connect(path) as conn:
        root = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'games_by_x_member'"
        ).fetchone()[0]
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    start = (root - 1) * page_size
    page = bytes(data[start : start + page_size])
    target = (base + 5 * 0x100).to_bytes(4, "big")
    assert page.count(target) == 1, "the index page should hold member 5's id once"
    data[start + page.index(target) + 3] += 1
    path.write_bytes(bytes(data))


def test_a_damaged_index_passes_the_quick_check_but_not_check_db(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    _index_page_flipped(path)

    asyncio.run(SqliteGameStore(path).close())  # start-up's quick check does not see it

    from bot.storage.sqlite.maintenance import check_database

    healthy, report = check_database(path)
    assert not healthy
    assert "games_by_x_member" in report
    assert ".recover" in report and "python -m bot backup" in report
    assert len(report.splitlines()) <= 24  # one screen


def test_check_db_reports_a_healthy_file(tmp_path: Path) -> None:
    from bot.storage.sqlite.maintenance import check_database

    path = tmp_path / "games.db"
    asyncio.run(SqliteGameStore(path).close())
    healthy, report = check_database(path)
    assert healthy
    assert "found no problems" in report and str(path) in report


@pytest.mark.processes
@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="needs the sqlite3 command")
def test_the_recovery_commands_check_db_prints_give_a_file_the_bot_opens(tmp_path: Path) -> None:
    """The .dump line (what a sqlite3 without .recover offers), then the PRAGMA line."""
    from bot.storage.sqlite.maintenance import check_database

    path = tmp_path / "games.db"
    _index_page_flipped(path)
    _, report = check_database(path)
    lines = [line.strip() for line in report.splitlines()]
    dump = next(line for line in lines if ".dump" in line)
    command = dump[dump.index(": ") + 2 : dump.rindex(")")]
    pragmas = next(line for line in lines if line.startswith("sqlite3") and "PRAGMA" in line)
    for line in (command, pragmas):
        subprocess.run(line, shell=True, check=True, cwd=tmp_path, timeout=60)
    recovered = tmp_path / "games.db.recovered"
    assert check_database(recovered)[0]
    service = make_service(recovered)
    assert asyncio.run(service.state.open_game_count()) == 30
    asyncio.run(service.close())


@pytest.mark.parametrize("how", ["deleted", "replaced"])
async def test_a_file_deleted_or_replaced_under_the_service_stops_it(
    tmp_path: Path, how: str
) -> None:
    """It stops with a sentence, and leaves the file found at the path as it is: SQLite leaves
    a moved or deleted file's write-ahead log behind under the path's name, so the store
    empties it into its own file first, or the file opened there next (a restored backup, a
    new database) would be patched with the old one's pages."""
    path = tmp_path / "games.db"
    service = make_service(path)
    await start_game(service)  # in the write-ahead log, not yet in the file
    assert await service.expire_idle() == []
    if how == "deleted":
        path.unlink()
    else:
        other = tmp_path / "other.db"
        await SqliteGameStore(other).close()
        os.replace(other, path)

    with pytest.raises(DatabaseGoneError) as caught:
        await service.expire_idle()
    message = str(caught.value)
    assert message.startswith(f"The game database '{path}' was {how}")
    assert "start again" in message
    await service.close()

    reopened = make_service(path)
    assert await reopened.state.open_game_count() == 0
    await reopened.close()


async def test_the_same_file_rewritten_in_place_is_not_called_replaced(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    service = make_service(path)
    await start_game(service, member=ALICE)
    await service.expire_idle()
    await start_game(service, channel=2)  # writes go to the same file: nothing to report
    assert await service.expire_idle() == []
    await service.close()
