"""``python -m bot`` on PostgreSQL (``DATABASE_URL``), as an operator runs it: real processes,
real servers (tools/postgres_server.py).

A server that is down, refuses the password or lacks the database stops the terminal game and
the Discord bot alike with one sentence naming the server (never the password), status 1, no
traceback. The terminal game plays on PostgreSQL, and through an outage it tells the player the
store is unavailable and plays on once the server is back, without printing a log line.
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest
from play_process import play
from postgres_server import PASSWORD, PostgresServer, free_port, fresh_database

from bot.engine import Move
from bot.games.errors import UNAVAILABLE
from bot.storage.rows import (
    decode_moves,
)

pytestmark = pytest.mark.processes

ROOT = Path(__file__).parent.parent
SECRET = "s3cret-Pw"


def environment(url: str, tmp_path: Path, token: str = "") -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DISCORD_TOKEN=token,
        DATABASE_URL=url,
        DATABASE_PATH=str(tmp_path / "games.db"),  # must stay unused
        LOG_LEVEL="WARNING",
        PYTHONIOENCODING="utf-8",
        PYTHONPATH=str(ROOT),
        COLUMNS="1000",
    )
    return env


def run_bot(url: str, tmp_path: Path, token: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        input="quit\n",
        capture_output=True,
        text=True,
        env=environment(url, tmp_path, token),
        cwd=tmp_path,  # no .env here
        timeout=60,
    )


def closed_port(server: PostgresServer) -> tuple[str, str]:
    port = free_port()
    return f"postgresql://bot:{SECRET}@127.0.0.1:{port}/games", f"'127.0.0.1:{port}/games'"


def wrong_password(server: PostgresServer) -> tuple[str, str]:
    return server.url_with_password(SECRET), f"'127.0.0.1:{server.port}/postgres'"


def no_database(server: PostgresServer) -> tuple[str, str]:
    return server.url_with_password(PASSWORD, "no_such_games"), "/no_such_games'"


FAILURES: dict[str, tuple[Callable[[PostgresServer], tuple[str, str]], str]] = {
    "server down": (closed_port, "Cannot reach the game database"),
    "wrong password": (wrong_password, "refused the user name or password"),
    "no database": (no_database, "does not exist: create it"),
}


@pytest.mark.parametrize("failure", list(FAILURES))
@pytest.mark.parametrize("token", ["", "not.a.real-token"], ids=["terminal", "discord"])
def test_a_database_server_that_cannot_be_used_is_one_sentence_and_status_1(
    postgres_server: PostgresServer, tmp_path: Path, failure: str, token: str
) -> None:
    make, says = FAILURES[failure]
    url, server = make(postgres_server)
    result = run_bot(url, tmp_path, token)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert server in lines[0] and says in lines[0]
    for secret in (SECRET, PASSWORD):
        assert secret not in result.stderr + result.stdout
    assert not (tmp_path / "games.db").exists()  # PostgreSQL was asked, not SQLite


class Terminal:
    """``python -m bot play`` in a subprocess, typed into line by line."""

    def __init__(self, env: dict[str, str], cwd: Path) -> None:
        self.process = play(env, cwd)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, *texts: str, seconds: float = 30) -> str:
        """What the game printed up to the first line holding one of ``texts``."""
        seen = []
        deadline = time.monotonic() + seconds
        while not any(text in line for text in texts for line in seen[-1:]):
            try:
                seen.append(self.lines.get(timeout=max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                raise AssertionError(f"never printed {texts}:\n{''.join(seen)}") from None
        return "".join(seen)

    def quit(self) -> tuple[int, str]:
        """Type quit; the exit status and everything on stderr."""
        self.type("quit")
        self.until("Goodbye")
        _, err = self.process.communicate(timeout=30)
        return self.process.returncode, err


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Callable[[str], Terminal]]:
    started: list[Terminal] = []

    def start(url: str) -> Terminal:
        started.append(Terminal(environment(url, tmp_path), tmp_path))
        return started[-1]

    yield start
    for each in started:
        if each.process.poll() is None:
            each.process.kill()
            each.process.communicate()


def stored_moves(url: str) -> list[str]:
    with psycopg.connect(url) as connection:
        rows = connection.execute("SELECT moves FROM games ORDER BY id").fetchall()
    return [row[0] for row in rows]


def test_the_terminal_game_plays_through_an_outage_on_postgresql(
    outage_server: PostgresServer, terminal: Callable[[str], Terminal], tmp_path: Path
) -> None:
    with fresh_database(outage_server) as url:
        game = terminal(url)
        game.until("Your turn")
        game.type("resign")
        game.until("start")
        game.type("start easy me")
        game.until("Your turn")
        outage_server.pause()
        try:
            game.type("2 2")
            assert UNAVAILABLE in game.until(UNAVAILABLE, "Your turn")
        finally:
            outage_server.resume()
        deadline = time.monotonic() + 15
        while True:  # the player tries again until the store has reconnected by itself
            game.type("2 2")
            out = game.until(UNAVAILABLE, "Your turn", "I played")
            if UNAVAILABLE not in out:
                break
            assert time.monotonic() < deadline, "the terminal never played again"
        status, err = game.quit()
        assert status == 0
        assert err == ""  # no log line, no server address, no driver text on the screen
        resigned, played = (decode_moves(moves, 3) for moves in stored_moves(url))
        assert resigned == () and played[0] == Move(1, 1) and len(played) == 2  # saved once
    assert not (tmp_path / "games.db").exists()
