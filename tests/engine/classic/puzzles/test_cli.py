"""`python -m bot.engine puzzles ...`: the shipped puzzles from a shell, and its refusals.

Runs the command line in this process (``engine_cli_runner.run_cli``: its output and exit
status) and compares with the shipped set; one test runs the real module in a fresh
interpreter, its reader gone early. The argument parsing is also driven with generated
arguments.
"""

from __future__ import annotations

import json
import random

import pytest
from engine_cli_runner import REPO, run_cli, run_with_closed_pipe
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine.classic import Board
from bot.engine.classic.puzzles import shipped
from bot.engine.cli import main

KEYS = ["id", "size", "k", "position", "to_move", "solution", "win_in", "rating"]


def lines_of(output: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in output.splitlines()]


@pytest.mark.parametrize("size", [3, 4, 5])
def test_json_prints_count_puzzles_of_the_size_with_exactly_the_keys(size: int) -> None:
    result = run_cli("puzzles", "--size", str(size), "--count", "3", "--seed", "7", "--json")
    assert result.returncode == 0, result.stderr
    found = lines_of(result.stdout)
    assert len(found) == 3
    assert len({entry["id"] for entry in found}) == 3
    for entry in found:
        assert list(entry) == KEYS
        puzzle = shipped().by_id(entry["id"])  # type: ignore[arg-type]
        assert entry == puzzle.to_json()
        assert entry["size"] == size and entry["to_move"] in ("X", "O")
        board = Board.from_notation(entry["position"], k=entry["k"])  # type: ignore[arg-type]
        for row, col in entry["solution"]:  # type: ignore[attr-defined]
            assert 1 <= row <= size and 1 <= col <= size
        assert board.to_move.value == entry["to_move"]


def test_the_same_seed_gives_the_same_puzzles() -> None:
    args = ("puzzles", "--size", "4", "--count", "5", "--seed", "11", "--json")
    first, second = run_cli(*args), run_cli(*args)
    assert first.stdout == second.stdout
    other = run_cli("puzzles", "--size", "4", "--count", "5", "--seed", "12", "--json")
    assert other.stdout != first.stdout


def test_readme_says_what_json_prints_one_object_per_line() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if "bot.engine puzzles --size" in line)
    assert "`--json`: one JSON object per line" in row
    result = run_cli("puzzles", "--size", "4", "--count", "3", "--seed", "7", "--json")
    assert len(result.stdout.splitlines()) == 3 == len(lines_of(result.stdout))


def test_id_prints_that_puzzle_with_or_without_json() -> None:
    puzzle = shipped().of_size(5)[0]
    result = run_cli("puzzles", "--id", str(puzzle.id), "--json")
    assert result.returncode == 0
    assert lines_of(result.stdout) == [puzzle.to_json()]
    same_size = run_cli("puzzles", "--id", str(puzzle.id), "--size", "5", "--json")
    assert same_size.stdout == result.stdout
    readable = run_cli("puzzles", "--id", str(puzzle.id))
    assert readable.returncode == 0
    text = readable.stdout
    assert text.startswith(f"Puzzle #{puzzle.id}: 5x5, four in a row. ")
    assert f"{puzzle.to_move.value} to move and win in {puzzle.win_in}" in text
    for row in puzzle.position.split("/"):
        assert " ".join(row) in text  # the board, as the classic analysis draws it
    for move in puzzle.solution:
        assert str(move) in text
    assert text.rstrip().endswith(f"then {puzzle.to_move.value} wins.")


def test_readable_output_without_json_shows_each_board_and_line() -> None:
    result = run_cli("puzzles", "--size", "3", "--count", "2", "--seed", "1")
    assert result.returncode == 0
    assert result.stdout.count("Puzzle #") == 2
    assert result.stdout.count("Solution (") == 2
    assert "{" not in result.stdout


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["--size", "6"], "there are puzzles on sizes 3, 4, 5, not '6'"),
        (["--size", "three"], "there are puzzles on sizes 3, 4, 5, not 'three'"),
        (["--size", "3", "--count", "0"], "must be a whole number above 0, not '0'"),
        (["--size", "3", "--count", "-2"], "must be a whole number above 0"),
        (["--size", "3", "--count", "100000"], "There are 288 3x3 puzzles: ask for 1 to 288."),
        (["--id", "0"], "must be a whole number above 0, not '0'"),
        (["--id", "999999"], "There is no puzzle #999999: the puzzles are numbered 1 to"),
        (["--id", "1", "--size", "4"], "Puzzle #1 is a 3x3 puzzle, not 4x4."),
        (["--id", "1", "--count", "2"], "--id names one puzzle: --count and --seed only go"),
        (["--id", "1", "--seed", "2"], "--id names one puzzle: --count and --seed only go"),
        ([], "say which puzzles: --size S (with --count N) or --id N"),
        (["--count", "2"], "say which puzzles"),
        (["--size", "3", "--what"], "unrecognized arguments: --what"),
    ],
)
def test_bad_input_gets_one_sentence_and_status_2(args: list[str], sentence: str) -> None:
    result = run_cli("puzzles", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert sentence in result.stderr
    assert "Traceback" not in result.stderr
    assert len([line for line in result.stderr.splitlines() if "error" in line.lower()]) <= 1


@pytest.mark.processes
def test_a_closed_pipe_ends_quietly() -> None:
    status, errors = run_with_closed_pipe("puzzles", "--size", "3", "--count", "288", "--json")
    assert b"Traceback" not in errors
    assert status in (0, 1)


def test_help_describes_the_command() -> None:
    result = run_cli("puzzles", "--help")
    assert result.returncode == 0
    assert "exactly one move" in result.stdout
    assert "--json" in result.stdout


# -------------------------------------------------------- the parsing, generated arguments

OPTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("--size"), st.sampled_from(["3", "4", "5", "6", "0", "x", "-1", ""])),
        st.tuples(st.just("--count"), st.sampled_from(["1", "2", "300", "0", "-3", "1.5", "z"])),
        st.tuples(st.just("--seed"), st.sampled_from(["0", "7", "-4", "x"])),
        st.tuples(st.just("--id"), st.sampled_from(["1", "288", "289", "999999", "0", "q"])),
        st.tuples(st.just("--json")),
    ),
    max_size=4,
)


@pytest.mark.slow
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(options=OPTIONS)
def test_any_arguments_print_puzzles_or_exit_2_with_a_reason(
    options: list[tuple[str, ...]], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["puzzles", *(part for option in options for part in option)]
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's refusals
        status = exit_.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert status in (0, 2)
    if status == 2:
        assert out == "" and err.strip()
        return
    assert err == ""
    given_options = dict(option if len(option) == 2 else (option[0], "") for option in options)
    if "--json" in given_options:
        found = lines_of(out)
        if "--id" in given_options:
            assert [entry["id"] for entry in found] == [int(given_options["--id"])]
        else:
            assert len(found) == int(given_options.get("--count", "1"))
            assert {entry["size"] for entry in found} == {int(given_options["--size"])}
        assert all(list(entry) == KEYS for entry in found)
    else:
        assert out.startswith("Puzzle #")


@settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    size=st.sampled_from([3, 4, 5]),
    count=st.integers(1, 20),
    seed=st.integers(-(10**9), 10**9),
)
def test_count_and_seed_choose_reproducibly_from_the_size(
    size: int, count: int, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["puzzles", "--size", str(size), "--count", str(count), "--seed", str(seed), "--json"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    chosen = shipped().sample(size, count, random.Random(seed))
    assert lines_of(first) == [puzzle.to_json() for puzzle in chosen]
