"""The terminal game on a real terminal: ``python -m bot play`` on a pseudo-terminal (pty).

Line editing (arrow keys, history) and colour only exist on a terminal, so these run the game
with a pty as its stdin and stdout and type keys into it, escape sequences and all.
"""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.terminal.test_subprocess import environment

pytestmark = [
    pytest.mark.processes,
    pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
]

LEFT, UP = "\x1b[D", "\x1b[A"
PROMPT = "\r\n> "  # on a line of its own (the welcome has "<row> <column>" in it)
X_COLOUR, O_COLOUR, RESET = "\x1b[1;36m", "\x1b[1;33m", "\x1b[0m"


class Pty:
    """The game running on a pty of 80x24, with what it printed so far."""

    def __init__(self, database: Path, env: dict[str, str]) -> None:
        primary, secondary = os.openpty()
        fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "play"],
            stdin=secondary,
            stdout=secondary,
            stderr=secondary,
            env={**self.environment(database), **env},
            cwd=database.parent,
            start_new_session=True,
        )
        os.close(secondary)
        self.primary = primary
        self.output = ""
        self.seen = 0  # how much of the output ``expect`` has already matched

    @staticmethod
    def environment(database: Path) -> dict[str, str]:
        """The pipe tests' environment, with the width left to the pty (80 columns)."""
        env = environment(database)
        del env["COLUMNS"]
        return {**env, "TERM": "xterm"}

    def expect(self, text: str, timeout: float = 30) -> str:
        """Wait until ``text`` is printed after the last match; return what came before it."""
        deadline = time.monotonic() + timeout
        while (found := self.output.find(text, self.seen)) < 0:
            left = deadline - time.monotonic()
            assert left > 0, f"never saw {text!r} in:\n{self.output[self.seen :]!r}"
            ready, _, _ = select.select([self.primary], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.primary, 4096)
                except OSError:  # the game ended and the pty closed
                    chunk = b""
                assert chunk, f"the game ended before {text!r}:\n{self.output[self.seen :]!r}"
                self.output += chunk.decode("utf-8", errors="replace")
        before = self.output[self.seen : found]
        self.seen = found + len(text)
        return before

    def type(self, keys: str) -> None:
        os.write(self.primary, keys.encode())

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=30)
        os.close(self.primary)


@pytest.fixture
def pty_game(tmp_path: Path) -> Iterator[Pty]:
    game = Pty(tmp_path / "games.db", {})
    yield game
    game.close()


def test_arrow_keys_edit_the_line_and_recall_the_last_one(pty_game: Pty) -> None:
    pty_game.expect(PROMPT)
    pty_game.type(f"23{LEFT} \r")  # typed 23, went back one, put the space in between
    pty_game.expect("You played row 2, column 3.")
    pty_game.expect(PROMPT)
    pty_game.type(f"{UP}\r")  # the same line again, from the history
    pty_game.expect("Row 2, column 3 is already taken.")
    pty_game.expect(PROMPT)
    pty_game.type("quit\r")
    pty_game.expect("Goodbye! Your games are saved.")
    assert pty_game.process.wait(timeout=30) == 0
    assert "^[[" not in pty_game.output and "is not a cell" not in pty_game.output


def test_marks_are_in_colour_on_a_terminal(pty_game: Pty) -> None:
    pty_game.expect(PROMPT)
    pty_game.type("2 2\r")
    board = pty_game.expect("Your turn")
    assert f"{X_COLOUR}X{RESET}" in board
    assert f"{O_COLOUR}O{RESET}" in board


@pytest.mark.parametrize("value", ["1", "true", "0"])
def test_no_color_turns_colour_off(tmp_path: Path, value: str) -> None:
    """Any non-empty NO_COLOR (https://no-color.org), even "0"."""
    game = Pty(tmp_path / "games.db", {"NO_COLOR": value})
    try:
        game.expect(PROMPT)
        game.type("2 2\r")
        board = game.expect("Your turn")
        assert "| X |" in board  # the centre, plain
        assert "\x1b[1;" not in game.output
    finally:
        game.close()


def test_ctrl_d_at_a_duelists_name_prompt_calls_the_duel_off_as_quit_there_does(
    pty_game: Pty,
) -> None:
    pty_game.expect(PROMPT)
    pty_game.type("start duel\r")
    pty_game.expect("Player 1, your name?")
    pty_game.expect(PROMPT)
    pty_game.type("\x04")  # Ctrl-D on an empty line
    pty_game.expect("The duel is off. Type start duel to set it up again.")
    pty_game.expect(PROMPT)
    pty_game.type("2 2\r")  # the game goes on
    pty_game.expect("You played row 2, column 2.")
    pty_game.expect(PROMPT)
    pty_game.type("\x04")  # Ctrl-D anywhere else still leaves
    pty_game.expect("Goodbye! Your games are saved.")
    assert pty_game.process.wait(timeout=30) == 0
