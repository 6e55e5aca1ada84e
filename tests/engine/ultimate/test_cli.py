"""``python -m bot.engine ultimate POSITION``: the command line run in this process
(``engine_cli_runner.run_cli``: its output and exit status); a reader that stops early, in a
real process as a student runs it."""

from __future__ import annotations

import json
import re
import shlex
import subprocess

import pytest
from engine_cli_runner import run_cli, run_with_closed_pipe

from bot.engine import Move
from bot.engine.ultimate import UltimateBoard

EMPTY = "/".join(["........."] * 9)
AFTER_CENTRE = "/".join(["........."] * 4 + ["....X...."] + ["........."] * 4)


def ultimate(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli("ultimate", *args)


def last_move(stdout: str) -> Move:
    line = stdout.rstrip("\n").splitlines()[-1]
    match = re.fullmatch(r"([1-9]) ([1-9])", line)
    assert match, f"the last line should be 'R C', not {line!r}"
    return Move(int(match[1]) - 1, int(match[2]) - 1)


def test_the_analysis_ends_with_a_legal_move_as_r_c() -> None:
    result = ultimate(AFTER_CENTRE, "--last", "5,5", "--simulations", "300", "--seed", "1")
    assert (result.returncode, result.stderr) == (0, "")
    move = last_move(result.stdout)
    board = UltimateBoard.from_notation(AFTER_CENTRE, "5,5")
    assert move in board.legal_moves  # in the centre board, where the last move sends O
    assert "O to move, in the small board in rows 4-6, columns 4-6" in result.stdout
    assert "Simulations: 300 in" in result.stdout
    assert re.search(r"^  \d \d +\d+ +\d+\.\d%", result.stdout, re.MULTILINE), result.stdout


def test_json_is_one_object_with_the_move_the_value_and_the_playouts() -> None:
    result = ultimate(EMPTY, "--json", "--simulations", "200", "--seed", "2")
    assert (result.returncode, result.stderr) == (0, "")
    answer = json.loads(result.stdout)
    assert set(answer) == {"move", "value", "playouts", "proven"}
    row, col = answer["move"]
    assert 1 <= row <= 9 and 1 <= col <= 9
    assert 0.0 <= answer["value"] <= 1.0
    assert answer["playouts"] == 200 and answer["proven"] is None


def test_a_win_on_the_board_is_proven_and_played() -> None:
    # X has won the top left and top middle boards and is sent to the top right one,
    # where row 1 needs one more X.
    position = "XXXXXXXX./OO.OO.O../O..O...../..O....../" + "/".join(["........."] * 5)
    board = UltimateBoard.from_notation(position, "4,3")
    result = ultimate(position, "--last", "4,3", "--json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["proven"] == "win" and answer["value"] == 1.0
    move = Move(answer["move"][0] - 1, answer["move"][1] - 1)
    assert board.play(move).winner is board.to_move


@pytest.mark.parametrize(
    ("position", "last", "sentence"),
    [
        ("X../...", None, "An ultimate position is 9 rows of 9 characters"),
        (EMPTY, "1,1", "The last move, row 1, column 1, is an empty square."),
        (AFTER_CENTRE, "5,0", "A move is written R,C with a row and a column from 1 to 9"),
        (
            "XXXXXXXXX/OO.OO.OO./O.O....../" + "/".join(["........."] * 6),
            None,
            "The game is over (X has won): there is no move to choose.",
        ),
    ],
)
def test_a_bad_position_gets_one_sentence_and_status_2(
    position: str, last: str | None, sentence: str
) -> None:
    result = ultimate(position, *(["--last", last] if last else []))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(sentence)


def test_help_states_the_rules_and_exits_0() -> None:
    result = ultimate("--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    assert "usage: python -m bot.engine ultimate" in text
    assert "no tie-break by the count of small boards won" in text
    assert "--last R,C" in text and "--time SECONDS" in text and "--json" in text


def example_of(text: str) -> list[str]:
    """The example command a help or an error shows, its three lines as a POSIX shell reads
    them when pasted (the quotes keep the grid's line breaks in one argument), without
    ``python -m bot.engine``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  python -m bot.engine"))
    words = shlex.split("\n".join(lines[start : start + 3]))
    assert words[:3] == ["python", "-m", "bot.engine"], words
    return words[3:]


def test_without_a_position_it_says_what_to_give_with_an_example_that_runs() -> None:
    result = ultimate()
    assert result.returncode == 2 and result.stdout == ""
    assert "the following arguments are required" not in result.stderr
    assert "usage: python -m bot.engine ultimate [-h] POSITION [--last R,C]" in result.stderr
    assert "python -m bot.engine ultimate: error: POSITION is missing.\nGive the 9x9 grid" in (
        result.stderr
    )
    assert max(len(line) for line in result.stderr.splitlines()) <= 80
    ran = run_cli(*example_of(result.stderr), "--simulations", "30", "--seed", "1")
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith("O to move, in the small board in rows 1-3, columns 1-3 (*).")


def test_the_help_at_80_columns_shows_the_example_whole_and_it_runs() -> None:
    result = run_cli("ultimate", "--help", columns=80)
    assert result.returncode == 0
    assert max(len(line) for line in result.stdout.splitlines()) <= 80, result.stdout
    example = example_of(result.stdout)
    assert "\n" in example[-1] and example[-1].startswith("X......../........./........./\n")
    ran = run_cli(*example, "--json", "--simulations", "30", "--seed", "1")
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout)["playouts"] == 30


def test_a_bad_option_exits_2_with_usage() -> None:
    result = ultimate(EMPTY, "--time", "0")
    assert result.returncode == 2
    assert "usage: python -m bot.engine ultimate" in result.stderr
    assert "must be above 0" in result.stderr


@pytest.mark.processes
def test_a_closed_pipe_ends_quietly() -> None:
    status, errors = run_with_closed_pipe("ultimate", EMPTY, "--simulations", "50")
    assert status == 1
    assert errors == b""
