"""`python -m bot.engine <notation>`: the analysis a student can run from a shell.

Runs the real module in a subprocess with this interpreter, and compares what it prints with
what analyze() says in-process.
"""

from __future__ import annotations

import pytest
from engine_cli_runner import run_cli

from bot.engine import Board, InvalidNotationError, analyze


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
