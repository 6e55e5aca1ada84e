"""The terminal game as a player runs it: ``python -m bot play`` in a subprocess, input piped.

Each run gets its own database under ``tmp_path`` and an environment without a Discord token
(set empty, so a developer's ``.env`` cannot supply one).
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from play_process import play

pytestmark = pytest.mark.processes

ALL_CELLS = [f"{row} {col}" for row in range(1, 4) for col in range(1, 4)]


def environment(database: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DISCORD_TOKEN="",
        DATABASE_PATH=str(database),
        IDLE_TIMEOUT_MINUTES="10",
        LOG_LEVEL="WARNING",
        PYTHONIOENCODING="utf-8",
        COLUMNS="1000",  # sentences on one line each, to compare whole (wrapping has its test)
        LANG="C.UTF-8",  # English, whatever the developer's own language
    )
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    return env


def run(
    database: Path,
    lines: list[str] | None,
    *args: str,
    cwd: Path | None = None,
    env: dict[str, str | None] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run the game with ``lines`` on stdin (None: stdin is /dev/null); ``env`` changes the
    environment (None: unset)."""
    changed = environment(database)
    for key, value in (env or {}).items():
        if value is None:
            changed.pop(key, None)
        else:
            changed[key] = value
    result = subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=None if lines is None else "".join(line + "\n" for line in lines),
        stdin=subprocess.DEVNULL if lines is None else None,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=changed,
        cwd=cwd or database.parent,
        timeout=60,
    )
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    return result


def boards(stdout: str) -> list[str]:
    """Every board printed, title to status line."""
    found = []
    for block in stdout.split("\n\n"):
        if block.startswith("Tic-Tac-Toe: "):
            found.append(block)
    return found


def test_a_whole_game_against_perfect_play_ends_in_a_loss_or_a_draw(tmp_path: Path) -> None:
    # Every cell in turn: taken ones are refused, so the board fills up or someone wins.
    lines = ["resign", "start perfect bot", *ALL_CELLS, "quit"]
    result = run(tmp_path / "games.db", lines, "play")
    assert result.returncode == 0
    final = boards(result.stdout)[-1].split("\n")[-1]
    assert final == "Draw." or final.startswith("I win - "), final
    assert "Type start for another game" in result.stdout
    assert result.stdout.rstrip().endswith("Goodbye! Your games are saved.")


def test_the_welcome_tip_works_and_trying_it_costs_nothing(tmp_path: Path) -> None:
    """The issue's reproduction: the tip the welcome gives, then resign, then stats."""
    result = run(tmp_path / "games.db", ["start perfect", "resign", "stats", "quit"], "play")
    assert result.returncode == 0
    out = result.stdout
    assert "You already have a game running" not in out
    assert "I set aside your game that hadn't started (it does not count)." in out
    assert "This game ended before" in out and "so it does not count." in out
    assert "has not finished a game yet." in out
    assert "1 loss" not in out


def test_after_an_expiry_the_next_launch_repeats_the_last_settings(tmp_path: Path) -> None:
    """The issue's reproduction: a 4x4 perfect game left idle past the timeout (its last
    move dated back on the file), then a new launch."""
    database = tmp_path / "games.db"
    assert run(database, ["start perfect bot 4", "quit"], "play").returncode == 0
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE games SET updated_at = '2026-01-01T00:00:00.000000+00:00'")
    conn.close()
    result = run(database, ["quit"], "play")
    assert result.returncode == 0
    blocks = result.stdout.split("\n\n")
    assert blocks[1] == (
        "Your last game expired after 10 minutes without a move, so I started a new one like "
        "it: perfect, 4x4, you are O and I go first."
    )
    assert blocks[3].startswith("Tic-Tac-Toe: me (X) vs ")
    assert blocks[3].split("\n")[0].endswith(", perfect, 4x4")
    assert "medium" not in result.stdout and "This game expired" not in result.stdout


def test_bad_input_is_answered_kindly(tmp_path: Path) -> None:
    lines = ["flibbertigibbet", "move 9 9", "move a b", "move 1", "", "   ", "1 1", "1 1", "quit"]
    result = run(tmp_path / "games.db", lines, "play")
    assert result.returncode == 0
    out = result.stdout
    assert "I don't know the command 'flibbertigibbet'." in out
    assert "Row 9, column 9 is off the board" in out
    assert "'a b' is not a cell" in out
    assert "'1' is not a cell" in out
    assert "Usage: move <row> <column>, for example: move 2 3" in out
    assert "Row 1, column 1 is already taken." in out
    assert result.stderr == ""


@pytest.mark.parametrize("lines", [None, [], ["board"]], ids=["devnull", "empty", "no-quit"])
def test_end_of_input_says_goodbye_and_exits_0(tmp_path: Path, lines: list[str] | None) -> None:
    result = run(tmp_path / "games.db", lines, "play")
    assert result.returncode == 0
    assert result.stdout.rstrip().endswith("Goodbye! Your games are saved.")
    assert "Your turn" in result.stdout


def test_no_stdin_at_all_exits_0(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "play"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=environment(tmp_path / "games.db"),
        cwd=tmp_path,
        timeout=60,
        preexec_fn=lambda: os.close(0),  # fd 0 closed, as under some CI runners
    )
    assert result.returncode == 0, result.stderr
    assert "Goodbye!" in result.stdout
    assert "Traceback" not in result.stderr


def test_a_game_survives_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "nested" / "games.db"
    database.parent.mkdir()
    first = run(database, ["resign", "start hard me", "2 2", "quit"], "play")
    before = boards(first.stdout)[-1]
    second = run(database, ["board", "quit"], "play")
    assert "Welcome back" in second.stdout
    after = boards(second.stdout)
    assert after[0] == before == after[1]
    assert "vs me (O), hard, 3x3" in before


def test_without_a_token_python_m_bot_explains_and_plays(tmp_path: Path) -> None:
    result = run(tmp_path / "games.db", ["quit"])
    assert result.returncode == 0
    assert result.stdout.startswith("No DISCORD_TOKEN is set, so here is the terminal game")
    assert "Your turn" in result.stdout


def test_a_corrupt_database_is_a_clear_error(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    database.write_bytes(b"this is not a database, just some text that someone saved here" * 50)
    result = run(database, ["quit"], "play")
    assert result.returncode == 1
    assert str(database) in result.stderr
    assert result.stderr.count("\n") <= 3, result.stderr
    assert "Goodbye" not in result.stdout


def test_a_folder_as_the_database_is_called_a_folder(tmp_path: Path) -> None:
    database = tmp_path / "data"
    database.mkdir()
    result = run(database, ["quit"], "play")
    assert result.returncode == 1
    assert f"DATABASE_PATH '{database}' is a folder, not a file." in result.stderr
    assert "damaged" not in result.stderr
    assert "Goodbye" not in result.stdout


def launched(database: Path) -> subprocess.Popen[str]:
    """``python -m bot play`` on ``database``, its pipes open, once it shows its first board."""
    process = play(environment(database), database.parent)
    assert process.stdout is not None
    seen: list[str] = []
    while not any(line.startswith("Your turn") for line in seen):
        line = process.stdout.readline()
        if not line:
            process.kill()
            raise AssertionError(f"the game ended before showing the board: {seen}")
        seen.append(line)
    return process


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
def test_ctrl_c_says_goodbye_and_exits_130(tmp_path: Path) -> None:
    process = launched(tmp_path / "games.db")
    try:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert "Goodbye! Your games are saved." in out
    assert "Traceback" not in out + err


@pytest.mark.parametrize(("columns", "width"), [(None, 80), ("60", 60), ("100", 100)])
def test_text_wraps_between_words_to_the_terminal_width(
    tmp_path: Path, columns: str | None, width: int
) -> None:
    """80 columns when the width is unknown (a pipe), else the terminal's (COLUMNS here)."""
    lines = ["flibbertigibbet", "move 9 9", "help", "start hard hard2", "2 2", "quit"]
    result = run(tmp_path / "games.db", lines, "play", env={"COLUMNS": columns})
    out = result.stdout
    assert max(len(line) for line in out.splitlines()) <= width, out
    assert max(len(line) for line in out.splitlines()) > width - 15, out  # and uses the width
    flowed = " ".join(out.split())
    assert "Usage: move <row> <column>, for example: move 2 3" in flowed
    assert "hint for advice, help for every command, quit to leave" in flowed
    assert "four in a row on 5x5; levels: easy, medium, hard, perfect, adaptive" in flowed
    assert (
        "games: classic, ultimate or connect4 (classic unless you name one); first: me, bot, "
        "random" in flowed
    )
    assert "    1   2   3\n1   . | . | ." in out  # the board is drawn whole
    assert "\x1b[" not in out  # no colour codes into a pipe


def test_name_option_plays_under_that_name_with_its_own_record(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    mine = run(database, ["2 2", "resign", "stats", "quit"], "play")
    assert "0 wins, 1 loss" in mine.stdout
    bob = run(database, ["stats", "2 2", "resign", "quit"], "play", "--name", "Bob")
    assert "I started a medium game for you, Bob" in bob.stdout
    assert "Bob has not finished a game yet." in bob.stdout
    again = run(database, ["stats", "name bob", "stats", "quit"], "play")
    assert "Welcome back" not in again.stdout.split("You are now playing as bob.")[0]
    before, after = again.stdout.split("You are now playing as bob.")
    assert "0 wins, 1 loss" in before  # the login's record carried on
    assert "0 wins, 1 loss" in after  # Bob's one resignation, found by the name in any case


def test_a_hot_seat_duel_end_to_end(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    lines = ["resign", "start duel", "Ann", "ann", "Ben", "1 1", "1 1", "2 1", "hint"]
    lines += ["1 2", "2 2", "1 3", "stats", "quit"]
    result = run(database, lines, "play")
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert "Player 1, your name? (you play X and move first)" in out
    assert "ann is taken: pick another name. Player 2, your name?" in out
    duel = [board for board in boards(out) if "duel" in board.splitlines()[0]]
    assert duel[0].splitlines()[0] == "Tic-Tac-Toe: Ann (X) vs Ben (O), duel, 3x3"
    assert duel[0].endswith("Your turn, Ann (X).")
    assert duel[1].endswith("Your turn, Ben (O).")  # after Ann's 1 1
    assert "Ann played row 1, column 1." in out and "Ben played row 2, column 1." in out
    assert "Hints are not available in a duel" in out
    assert duel[-1].endswith("Ann wins - row 1 was theirs.")
    assert "Type start duel for a rematch" in out
    assert "Ann in duels: 1 win, 0 losses, 0 draws (3x3: 1 win, 0 losses, 0 draws)" in out
    assert "rating 1216." in out
    assert "Ben in duels: 0 wins, 1 loss, 0 draws" in out and "rating 1184" in out
    assert "Head to head: Ann 1\u20130\u20130 against Ben" in out

    # A new session asks the names again; the same names keep the same records.
    lines = ["resign", "start duel", "ben", "ANN", "2 2", "1 1", "resign", "stats"]
    again = run(database, lines, "play")
    assert "Tic-Tac-Toe: ben (X) vs ANN (O), duel, 3x3" in again.stdout
    assert "ben resigned." in again.stdout
    assert "Head to head: ANN 2\u20130\u20130 against ben" in again.stdout


def test_a_duel_left_running_is_waiting_at_the_next_launch(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    run(database, ["resign", "start duel", "Cy", "Di", "2 2", "quit"], "play")
    again = run(database, ["2 2", "1 1", "quit"], "play")
    out = again.stdout
    assert "Welcome back, Cy and Di! Your duel is waiting:" in out
    assert "Your turn, Di (O)." in out
    assert "Di played row 1, column 1." in out  # 2 2 was taken: Di then played 1 1


def test_the_terminal_never_says_here(tmp_path: Path) -> None:
    # "here" means a Discord channel; a terminal has no place to point at (issue 10, item 5).
    lines = ["2 2", "start hard", "resign", "resign", "move 1 1", "quit"]
    result = run(tmp_path / "games.db", lines, "play")
    assert "You already have a game running (medium, 3x3, started just now)." in result.stdout
    assert "There is no game running. Start one with 'start'." in result.stdout
    assert " here" not in result.stdout, result.stdout


def test_start_5_plays_four_in_a_row_on_five_by_five(tmp_path: Path) -> None:
    cells = [f"{row} {col}" for row in range(1, 6) for col in range(1, 6)]
    result = run(tmp_path / "games.db", ["resign", "start 5x5 easy me", *cells, "quit"], "play")
    assert result.returncode == 0
    printed = boards(result.stdout)
    assert printed[-1].split("\n")[0].endswith(", easy, 5x5")
    assert printed[-1].split("\n")[1].split() == ["1", "2", "3", "4", "5"]
    final = printed[-1].split("\n")[-1]
    assert final == "Draw." or final.startswith(("I win - ", "You win")), final


def test_a_database_replaced_while_playing_stops_with_a_sentence(tmp_path: Path) -> None:
    """The file is swapped for another between two commands (a restore gone wrong, say): the
    next command stops the game with one sentence and status 1, and writes nothing into the
    file now at that path."""
    database = tmp_path / "games.db"
    process = launched(database)  # the game is open
    impostor = tmp_path / "impostor.db"
    with sqlite3.connect(impostor) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    conn.close()
    os.replace(impostor, database)

    out, err = process.communicate("2 2\nquit\n", timeout=60)
    assert process.returncode == 1
    assert err.startswith(f"The game database '{database}' was replaced by another file"), err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "Tic-Tac-Toe: " not in out and "Goodbye" not in out  # the move was not played
    with sqlite3.connect(database) as conn:
        tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master")]
    conn.close()
    assert tables == ["notes"]


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "A name cannot be empty."),
        ("   ", "A name cannot be empty."),
        ("x" * 33, "A name has at most 32 characters."),
    ],
)
def test_a_name_option_that_cannot_be_a_name_gets_the_command_line_usage(
    tmp_path: Path, name: str, why: str
) -> None:
    """``--name ""`` is a command-line mistake: argparse's usage of ``play`` and why, status 2,
    never the in-game ``name`` command's usage, and no game started."""
    result = run(tmp_path / "games.db", ["quit"], "play", "--name", name)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        "usage: python -m bot play [-h] [--name NAME]\n"
        f"python -m bot play: error: argument --name: {why}\n"
    )
    assert not (tmp_path / "games.db").exists()


def test_a_reader_that_stops_early_ends_the_game_quietly(tmp_path: Path) -> None:
    """``make run | head -5``: ``python -m bot`` (no token: the terminal game) whose reader
    takes five lines and goes; the next thing printed finds the pipe closed. The game ends
    with status 0 and nothing on stderr, as the engine's command line ends quietly."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bot"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(tmp_path / "games.db"),
        cwd=tmp_path,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        head = [process.stdout.readline() for _ in range(5)]
        assert head[0].startswith(b"No DISCORD_TOKEN is set")
        process.stdout.close()  # head has its five lines and exits
        process.stdin.write(b"board\nhint\n2 2\n")
        process.stdin.close()
        errors = process.stderr.read() if process.stderr is not None else b""
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
    assert errors == b""


def test_a_duel_from_the_first_screen_and_quit_at_the_name_prompt(tmp_path: Path) -> None:
    """Issue 26, items 1, 2 and 5 as a player meets them: quit at a name prompt calls the duel
    off (the game goes on); the duel then replaces the launch's game, and stats name both."""
    lines = ["start duel", "quit", "start duel", "Ann", "Ben", "stats", "quit"]
    result = run(tmp_path / "games.db", lines, "play")
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert "The duel is off. Type start duel to set it up again." in out
    assert "Tic-Tac-Toe: Ann (X) vs Ben (O), duel, 3x3" in out
    assert "Ann has not finished a game yet." in out and "member" not in out
    assert "Ben has not finished a game yet." in out
    assert out.rstrip().endswith("Goodbye! Your games are saved.")


@pytest.mark.parametrize("columns", [60, 110])
def test_the_no_token_note_wraps_to_the_terminals_width(tmp_path: Path, columns: int) -> None:
    """Not at 80 columns whatever the window: at 110 its long sentence takes two lines."""
    result = run(tmp_path / "games.db", ["quit"], env={"COLUMNS": str(columns)})
    note = result.stdout.split("\n\n")[0].split("\n")
    assert max(len(line) for line in note) <= columns
    assert " ".join(note) == (
        "No DISCORD_TOKEN is set, so here is the terminal game instead. To run the Discord bot, "
        "copy .env.example to .env and put your bot's token in DISCORD_TOKEN (see README.md, "
        "'Discord setup')."
    )
    if columns == 110:
        assert note[0] == "No DISCORD_TOKEN is set, so here is the terminal game instead."
        assert len(note) == 3 and len(note[1]) > 80
