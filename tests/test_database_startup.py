"""Every way the game database can be unusable at start-up ends the same way, for the terminal
game and for the Discord bot (a token set): one sentence naming the file and the remedy, exit
status 1, no traceback. Also the operator's commands ``check-db`` and ``backup``.

Real processes and real files throughout; the Discord runner fails before it would connect.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.games import Game
from bot.settings import Settings
from bot.startup import open_service
from bot.storage import SqliteGameStore
from bot.storage.migrations import SCHEMA_VERSION

pytestmark = pytest.mark.processes

ROOT = Path(__file__).parent.parent


def environment(database: Path, token: str = "") -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DISCORD_TOKEN=token,
        DATABASE_PATH=str(database),
        LOG_LEVEL="WARNING",
        PYTHONIOENCODING="utf-8",
        PYTHONPATH=str(ROOT),
    )
    return env


def run_bot(
    database: Path, *args: str, token: str = "", wrapper: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*wrapper, sys.executable, "-m", "bot", *args],
        input="quit\n",
        capture_output=True,
        text=True,
        env=environment(database, token),
        cwd=database.parent if database.parent.is_dir() else ROOT,
        timeout=60,
    )


async def _with_games(path: Path, count: int) -> list[Game]:
    service = await open_service(Settings(database_path=path))
    games = []
    for channel in range(1, count + 1):
        reply = await service.start(
            channel_id=channel,
            guild_id=7,
            member_id=channel,
            member_name=f"m{channel}",
            level="easy",
            first="me",
            size=3,
        )
        games.append(reply.game)
    await service.close()
    return games


def game_file(path: Path, games: int = 3) -> list[Game]:
    """A real game database with ``games`` running games (closed, so no -wal is left)."""
    return asyncio.run(_with_games(path, games))


def damaged(path: Path) -> Path:
    game_file(path, 200)
    with sqlite3.connect(path) as conn:
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()
        size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    data[root[0] * size : (root[0] + 1) * size] = bytes(size)  # the page after the root
    path.write_bytes(bytes(data))
    return path


def foreign(path: Path) -> Path:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.close()
    return path


def newer(path: Path) -> Path:
    game_file(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    return path


def no_folder(path: Path) -> Path:
    (path.parent / "data").write_text("a file where the folder should be")
    return path.parent / "data" / "games.db"


FAILURES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "damaged": (damaged, "is damaged"),
    "foreign": (foreign, "another program"),
    "newer": (newer, "newer release"),
    "missing folder": (no_folder, "does not exist and could not be created"),
}


def assert_one_sentence(result: subprocess.CompletedProcess[str], path: Path, says: str) -> None:
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert str(path) in lines[0] and says in lines[0]


@pytest.mark.parametrize("failure", list(FAILURES))
@pytest.mark.parametrize("token", ["", "not.a.real-token"], ids=["terminal", "discord"])
def test_an_unusable_database_is_one_sentence_and_status_1(
    tmp_path: Path, failure: str, token: str
) -> None:
    make, says = FAILURES[failure]
    path = make(tmp_path / "games.db")
    result = run_bot(path, *(["play"] if not token else []), token=token)
    assert_one_sentence(result, path, says)


HOLDER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA locking_mode = EXCLUSIVE")
conn.execute("BEGIN EXCLUSIVE")
conn.execute("UPDATE games SET updated_at = updated_at")
print("holding", flush=True)
time.sleep(60)
"""


@pytest.fixture
def locked_file(tmp_path: Path) -> Iterator[Path]:
    """A game file another process holds an exclusive lock on until the test ends."""
    path = tmp_path / "games.db"
    game_file(path)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        yield path
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.parametrize("token", ["", "not.a.real-token"], ids=["terminal", "discord"])
def test_a_locked_database_is_one_sentence_and_status_1(locked_file: Path, token: str) -> None:
    result = run_bot(locked_file, *(["play"] if not token else []), token=token)
    assert_one_sentence(result, locked_file, "locked by another program")


# Root writes any file whatever its mode: the bot then runs without that capability.
AS_PLAIN_USER = (
    ("capsh", "--drop=cap_dac_override,cap_dac_read_search", "--") if (os.geteuid() == 0) else ()
)


@pytest.mark.skipif(
    bool(AS_PLAIN_USER) and shutil.which("capsh") is None, reason="root without capsh"
)
@pytest.mark.parametrize("token", ["", "not.a.real-token"], ids=["terminal", "discord"])
def test_a_read_only_database_is_one_sentence_and_status_1(tmp_path: Path, token: str) -> None:
    path = tmp_path / "games.db"
    game_file(path)
    path.chmod(0o444)
    before = path.read_bytes()
    args = ("play",) if not token else ()
    wrapper: tuple[str, ...] = ()
    if AS_PLAIN_USER:  # capsh runs a shell command: "-c", then the command line
        wrapper = (*AS_PLAIN_USER, "-c", 'exec "$0" "$@"')
    result = run_bot(path, *args, token=token, wrapper=wrapper)
    assert_one_sentence(result, path, "read-only for this user")
    assert path.read_bytes() == before
    wal = tmp_path / "games.db-wal"  # reading a WAL-mode file may leave an empty log
    assert not wal.exists() or wal.stat().st_size == 0


def test_check_db_exit_status_and_report(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    game_file(path)
    healthy = run_bot(path, "check-db")
    assert healthy.returncode == 0, healthy.stderr
    assert "found no problems" in healthy.stdout and "3 games" in healthy.stdout

    broken = run_bot(damaged(tmp_path / "broken.db"), "check-db", str(tmp_path / "broken.db"))
    assert broken.returncode == 1
    assert "Traceback" not in broken.stderr
    assert "sqlite3" in broken.stderr and "backup" in broken.stderr


async def test_backup_while_the_bot_runs_is_consistent_and_never_overwrites(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    service = await open_service(Settings(database_path=path))
    reply = await service.start(
        channel_id=1, guild_id=7, member_id=1, member_name="ann", level="easy", first="me", size=3
    )
    after = await service.move(  # saved in the -wal file, not yet in the database file
        channel_id=1, member_id=1, move=reply.game.position.legal_moves[0]
    )
    copy = tmp_path / "backups" / "copy.db"
    copy.parent.mkdir()

    first = await asyncio.to_thread(run_bot, path, "backup", str(copy))
    assert first.returncode == 0, first.stderr
    assert str(copy) in first.stdout and "To restore it" in first.stdout
    saved = copy.read_bytes()

    await service.move(channel_id=1, member_id=1, move=after.game.position.legal_moves[0])
    again = await asyncio.to_thread(run_bot, path, "backup", str(copy))
    assert again.returncode == 1 and "already exists" in again.stderr and "--force" in again.stderr
    assert copy.read_bytes() == saved
    forced = await asyncio.to_thread(run_bot, path, "backup", str(copy), "--force")
    assert forced.returncode == 0, forced.stderr
    live = await service.get(reply.game.id)
    await service.close()

    restored = SqliteGameStore(copy)
    assert await restored.get(reply.game.id) == live
    await restored.close()
    # The copy is one whole file: no -wal beside it, and no partial file left behind.
    assert sorted(p.name for p in copy.parent.iterdir()) == ["copy.db"]


def test_a_backup_onto_the_database_itself_is_refused_even_with_force(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    game_file(path)
    before = path.read_bytes()
    result = run_bot(path, "backup", str(path), "--force")
    assert result.returncode == 1
    assert "is the game database itself" in result.stderr and "Traceback" not in result.stderr
    assert path.read_bytes() == before
