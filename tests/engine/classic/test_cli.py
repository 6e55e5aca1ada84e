"""`python -m bot.engine <notation>`: the analysis a student can run from a shell.

Runs the command line in this process (``engine_cli_runner.run_cli``: its output and exit
status) and compares what it prints with what analyze() says; two tests run the real module
in a fresh interpreter, as a student does: its output, and a reader that stops early.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from engine_cli_runner import run_cli, run_process, run_with_closed_pipe

from bot.engine import InvalidNotationError, Move, Value
from bot.engine.classic import Board, MoveAnalysis, analyze, choose_move


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


def test_the_help_names_every_other_command() -> None:
    result = run_cli("--help", columns=80)
    assert result.returncode == 0
    other = result.stdout.split("Other commands (python -m bot.engine COMMAND --help for each):\n")
    assert other[1].splitlines() == [
        "  ultimate  analyse an ultimate tic-tac-toe position",
        "  connect4  solve a Connect Four position, or choose a level's column",
        "  puzzles   print puzzles: positions where exactly one move wins by force",
    ]


def test_cli_without_arguments_explains_usage() -> None:
    result = run_cli()
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert result.returncode == 2
    assert "usage" in output.lower()


# -- a newcomer's first runs (issue 10, item 13) ----------------------------------------------

EMPTY_4X4 = "..../..../..../...."
EMPTY_5X5 = "/".join(["....."] * 5)


@pytest.mark.processes
def test_python_m_bot_engine_prints_what_the_command_line_does() -> None:
    """The entry point itself, in a fresh interpreter from the repo: the same analysis as
    the command line run in this process (all but the time taken)."""
    result = run_process("XX./OO./...")
    assert (result.returncode, result.stderr) == (0, "")
    timed = re.compile(r"^Time: \d+\.\d\d ms$", re.MULTILINE)
    assert timed.search(result.stdout), result.stdout
    assert timed.sub("", result.stdout) == timed.sub("", run_cli("XX./OO./...").stdout)


@pytest.mark.processes
def test_a_closed_pipe_ends_quietly() -> None:
    """``python -m bot.engine ... | head -3``: the reader is gone before the output is all
    written. Closing our end at once makes every write fail, however the output is buffered."""
    status, errors = run_with_closed_pipe(EMPTY_4X4)
    assert status == 1
    assert errors == b""


def test_a_k_that_does_not_fit_says_which_k_does() -> None:
    result = run_cli(".../.../...", "--k", "4")
    assert result.returncode == 2
    assert result.stderr.strip().endswith("on a 3x3 board k must be 3.")
    result = run_cli(EMPTY_4X4, "--k", "5")
    assert result.returncode == 2
    assert result.stderr.strip().endswith("on a 4x4 board k must be between 3 and 4.")


@pytest.mark.slow
def test_a_position_too_big_to_solve_points_to_the_heuristic_levels() -> None:
    result = run_cli(EMPTY_5X5)
    assert (result.returncode, result.stderr) == (0, "")
    assert "Solving this 5x5 position exactly needs more than" in result.stdout
    assert "add --level easy, medium, hard or perfect" in " ".join(result.stdout.split())
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
    moves = (entry.plies + 1) // 2  # the mover's own moves, as the game counts them
    unit = "move" if moves == 1 else "moves"
    assert f"Level easy plays: {entry.move} - a mistake: this loses in {moves} {unit}" in (
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


def test_counts_are_the_movers_own_moves_as_in_the_games_hints() -> None:
    """X.O/.X./...: O must block at 3,3 (a draw: no count); any other move lets X win next,
    a loss in 1 of O's moves, as a hint counts it (not "in 2 plies")."""
    table = run_cli("X.O/.X./...").stdout.split("as the game counts them:\n")[1]
    rows = table.split("\nBest:")[0].splitlines()
    assert rows[0] == "  row 3, column 3  draw"
    assert rows[1:] and all(row.endswith("  loss  in 1 move") for row in rows[1:])
    assert "plies" not in run_cli("X.O/.X./...").stdout
    assert "  row 2, column 2  win   in 1 move" in run_cli("X.O/.../O.X").stdout
    won = run_cli("XO./.../...").stdout  # X's 2,1 wins in 5 plies: 3 of X's moves
    assert "  row 2, column 1  win   in 3 moves" in won


def best_line(stdout: str) -> str:
    """The principal variation as printed, under its heading."""
    start = stdout.index("\n", stdout.index("Best line (the principal variation")) + 1
    return stdout[start : stdout.index("\nPositions examined")]


def test_the_best_line_is_best_play_to_the_end_and_the_counts_are_explained() -> None:
    result = run_cli("XX./OO./...")
    assert best_line(result.stdout) == "  1. X row 1, column 3\n  then X wins."
    assert "many of X's own moves (this one included), as the game counts them:" in result.stdout
    line = best_line(run_cli(".../.../...").stdout)
    board = Board.empty()
    for mark, row, col in re.findall(r"([XO]) row (\d), column (\d)", line):
        move = Move(int(row) - 1, int(col) - 1)
        assert mark == board.to_move.value and move in analyze(board).best_moves
        board = board.play(move)
    assert board.outcome is not None and board.outcome.winner is None
    assert line.endswith("\n  then a draw.")
    assert line.startswith("  1. X row ") and "\n  5. X row " in line  # a move and its answer


# -- positions too big to solve exactly, and k on bigger boards (issue 26, item 7) ----------

EMPTY_6X6 = "/".join(["......"] * 6)
ESTIMATE = re.compile(
    r"^An estimate, not a proof: a 5-ply heuristic search picks (row \d, column \d)\.$",
    re.MULTILINE,
)


def replay(notation: str, k: int, line: str) -> Board:
    """Play the printed best line from ``notation``, checking that every move is legal and
    that the marks alternate; the board at the end."""
    board = Board.from_notation(notation, k=k)
    for mark, row, col in re.findall(r"([XO]) row (\d), column (\d)", line):
        assert mark == board.to_move.value, line
        board = board.play(Move(int(row) - 1, int(col) - 1))
    return board


@pytest.mark.slow
@pytest.mark.parametrize(
    "notation", ["O..../.XO../.XX../...../.....", "X..../.OOX./..X../...../....."]
)
def test_a_5x5_position_never_ends_in_a_traceback(notation: str) -> None:
    """Each printed a table or the board, then a traceback ending in SearchTooLargeError."""
    result = run_cli(notation, "--k", "4")
    assert (result.returncode, result.stderr) == (0, "")
    if "Best line" in result.stdout:
        board = replay(notation, 4, best_line(result.stdout))
        assert board.outcome is not None
        winner = board.outcome.winner
        end = "then a draw." if winner is None else f"then {winner.value} wins."
        assert end in best_line(result.stdout)
    else:
        assert ESTIMATE.search(result.stdout), result.stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    ("notation", "k"),
    [("X..../.OOX./..X../...../.....", "4"), (EMPTY_5X5, "4"), (EMPTY_5X5, "5"), (EMPTY_6X6, "4")],
)
def test_a_position_too_big_to_solve_gets_the_heuristics_move_as_an_estimate(
    notation: str, k: str
) -> None:
    result = run_cli(notation, "--k", k)
    assert (result.returncode, result.stderr) == (0, "")
    assert "position exactly needs more than" in result.stdout
    found = ESTIMATE.search(result.stdout)
    assert found, result.stdout
    board = Board.from_notation(notation, k=int(k))
    assert found[1] in {str(move) for move in board.legal_moves}
    assert "add --level easy, medium, hard or perfect" in " ".join(result.stdout.split())
    assert max(len(line) for line in result.stdout.splitlines()) <= 80, result.stdout


@pytest.mark.slow
def test_a_too_big_position_with_a_level_gets_the_estimate_and_the_levels_move() -> None:
    result = run_cli(EMPTY_6X6, "--k", "4", "--level", "hard", "--seed", "3")
    assert (result.returncode, result.stderr) == (0, "")
    assert ESTIMATE.search(result.stdout), result.stdout
    assert re.search(r"^Level hard plays: row \d, column \d$", result.stdout, re.MULTILINE)


@pytest.mark.slow
def test_a_best_line_through_positions_too_big_to_solve_marks_its_estimates() -> None:
    """The table is exact, but X's reply in the best line is too big to solve: it is the
    heuristic's, marked, and explained under the line."""
    notation = "...O./X.XO./...OX/...../....."  # X must block; then O's reply is too big
    result = run_cli(notation)
    assert (result.returncode, result.stderr) == (0, "")
    line = best_line(result.stdout)
    assert re.search(r"[XO] row \d, column \d\*", line), line
    assert "* an estimate, not a proof:" in line
    board = replay(notation, 4, line)
    assert board.outcome is not None


@pytest.mark.slow
def test_k_defaults_to_the_games_k_and_four_on_6x6() -> None:
    for notation, k in [
        (".../.../...", 3),
        (EMPTY_4X4, 4),
        ("XXX../OO.../O..../...../.....", 4),
        ("XXX.../OOO.../....../....../....../......", 4),
    ]:
        result = run_cli(notation)
        assert result.returncode == 0, result.stderr
        size = notation.count("/") + 1
        assert result.stdout.startswith(f"{size}x{size} board, {k} in a row: "), result.stdout


def test_the_help_says_which_k_each_size_gets() -> None:
    result = run_cli("--help")
    assert result.returncode == 0
    assert "(default: 3 on 3x3, 4 on 4x4, 5x5 and 6x6" in " ".join(result.stdout.split())
