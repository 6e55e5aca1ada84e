"""`python -m bot.engine <notation>`: the analysis a student can run from a shell.

Runs the real module in a subprocess with this interpreter, and compares what it prints with
what analyze() says in-process.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Callable

import pytest
from engine_cli_runner import REPO, run_cli

from bot.engine import (
    Board,
    InvalidNotationError,
    Move,
    MoveAnalysis,
    Value,
    analyze,
    choose_move,
)


@pytest.mark.parametrize("notation", ["X.O/.X./..O", "XX./OO./...", ".../.../..."])
def test_cli_prints_every_move_with_its_value_and_the_best_move(notation: str) -> None:
    result = run_cli(notation)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stdout.lower().splitlines()
    analysis = analyze(Board.from_notation(notation))
    for entry in analysis.moves:
        matching = [line for line in lines if str(entry.move) in line]
        assert matching, f"{entry.move} is missing from:\n{result.stdout}"
        assert any(entry.value.value in line for line in matching), (
            f"{entry.move} should be shown as {entry.value.value}:\n{result.stdout}"
        )
    best_lines = [line for line in lines if "best" in line]
    assert best_lines, result.stdout
    if len(analysis.best_moves) == len(analysis.moves):  # all equal: summarised
        assert f"best: any move, all {len(analysis.moves)} are equal" in best_lines
    else:
        assert any(str(move) in line for line in best_lines for move in analysis.best_moves)


def test_cli_shows_a_winning_move_as_a_win() -> None:
    result = run_cli("XX./OO./...")
    assert result.returncode == 0
    win_lines = [line for line in result.stdout.lower().splitlines() if "row 1, column 3" in line]
    assert win_lines and "win" in win_lines[0]


@pytest.mark.parametrize("notation", ["X.Q/.../...", "XX./.../...", "", "X.O/.X"])
def test_cli_bad_notation_prints_the_error_and_exits_2(notation: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Board.from_notation(notation)
    result = run_cli(notation)
    assert result.returncode == 2
    output = result.stdout + result.stderr
    assert str(info.value) in output
    assert "Traceback" not in output


def test_cli_finished_game_is_reported_not_crashed() -> None:
    result = run_cli("XXX/OO./...")
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert result.returncode != 0 or "over" in output.lower()
    assert "over" in output.lower() or "won" in output.lower()


def test_cli_without_arguments_explains_usage() -> None:
    result = run_cli()
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert result.returncode == 2
    assert "usage" in output.lower()


# -- a newcomer's first runs (issue 10, item 13) ----------------------------------------------

EMPTY_4X4 = "..../..../..../...."
EMPTY_5X5 = "/".join(["....."] * 5)


def test_a_closed_pipe_ends_quietly() -> None:
    """``python -m bot.engine ... | head -3``: the reader is gone before the output is all
    written. Closing our end at once makes every write fail, however the output is buffered."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.engine", EMPTY_4X4],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    errors = process.stderr.read()
    assert process.wait(timeout=60) == 1
    assert errors == b""


def test_a_k_that_does_not_fit_says_which_k_does() -> None:
    result = run_cli(".../.../...", "--k", "4")
    assert result.returncode == 2
    assert result.stderr.strip().endswith("on a 3x3 board k must be 3.")
    result = run_cli(EMPTY_4X4, "--k", "5")
    assert result.returncode == 2
    assert result.stderr.strip().endswith("on a 4x4 board k must be between 3 and 4.")


def test_a_position_too_big_to_solve_points_to_the_heuristic_levels() -> None:
    result = run_cli(EMPTY_5X5)
    assert result.returncode == 1
    assert "Solving this 5x5 position exactly needs more than" in result.stderr
    assert "add --level easy, medium, hard or perfect" in result.stderr
    assert "Traceback" not in result.stderr
    result = run_cli(EMPTY_5X5, "--level", "medium", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert re.search(r"^Level medium plays: row \d, column \d$", result.stdout, re.MULTILINE)


def seed_for(board: Board, wanted: Callable[[MoveAnalysis], bool]) -> tuple[int, MoveAnalysis]:
    """A seed for which ``easy`` (as the CLI calls it) picks a move ``wanted`` accepts."""
    entries = {entry.move: entry for entry in analyze(board).moves}
    for seed in range(1000):
        entry = entries[choose_move(board, "easy", random.Random(seed))]
        if wanted(entry):
            return seed, entry
    raise AssertionError("no seed found")


def test_a_levels_losing_move_is_called_a_mistake() -> None:
    notation = "X.O/.X./..."  # O must take row 3, column 3; anything else loses
    board = Board.from_notation(notation)
    seed, entry = seed_for(board, lambda entry: entry.value is Value.LOSS)
    result = run_cli(notation, "--level", "easy", "--seed", str(seed))
    assert f"Level easy plays: {entry.move} - a mistake: this loses in {entry.plies} plies" in (
        result.stdout
    )
    seed, entry = seed_for(board, lambda entry: entry.value is Value.DRAW)
    result = run_cli(notation, "--level", "easy", "--seed", str(seed))
    assert f"Level easy plays: {entry.move} (one of the best moves)" in result.stdout


def test_every_line_fits_80_columns_and_equal_moves_are_summarised() -> None:
    result = run_cli(EMPTY_4X4)
    assert result.returncode == 0, result.stderr
    assert max(len(line) for line in result.stdout.splitlines()) <= 80, result.stdout
    assert "Best: any move, all 16 are equal" in result.stdout


def best_line(stdout: str) -> str:
    """The principal variation as printed, under its heading."""
    start = stdout.index("\n", stdout.index("Best line (the principal variation")) + 1
    return stdout[start : stdout.index("\nPositions examined")]


def test_the_best_line_is_best_play_to_the_end_and_a_ply_is_explained() -> None:
    result = run_cli("XX./OO./...")
    assert best_line(result.stdout) == "  1. X row 1, column 3\n  then X wins."
    assert "a ply is one move by one side" in result.stdout
    line = best_line(run_cli(".../.../...").stdout)
    board = Board.empty()
    for mark, row, col in re.findall(r"([XO]) row (\d), column (\d)", line):
        move = Move(int(row) - 1, int(col) - 1)
        assert mark == board.to_move.value and move in analyze(board).best_moves
        board = board.play(move)
    assert board.outcome is not None and board.outcome.winner is None
    assert line.endswith("\n  then a draw.")
    assert line.startswith("  1. X row ") and "\n  5. X row " in line  # a move and its answer
