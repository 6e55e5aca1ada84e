"""``python -m bot.engine connect4``, through its own parser and ``run`` (the command line lists
it once the kind is registered): the analysis, ``--json``, ``--level``, stdin with ``-``, and the
one-line errors with their exit statuses."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from bot.engine.connect4 import LEVELS, Connect4Board
from bot.engine.connect4.cli import COMMAND
from tests.engine.connect4.plain import read_data

END = read_data("end_30-38_columns.txt")
SEQUENCE, *COLUMNS = END[0]  # 32 discs, each column scored by the reference solver
EXPECTED = [None if score == "-" else int(score) for score in COLUMNS]
EXPECTED_SCORES = [score for score in EXPECTED if score is not None]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The command's exit status, stdout and stderr for ``args``."""
    parser = argparse.ArgumentParser(prog="python -m bot.engine connect4")
    COMMAND.configure(parser)
    status = COMMAND.run(parser.parse_args(list(args)))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_is_named_and_described() -> None:
    assert COMMAND.name == "connect4"
    assert "22 - n" in COMMAND.description and "11372435651555657733" in COMMAND.epilog


def test_the_analysis_prints_the_position_the_score_and_each_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, SEQUENCE)
    assert (status, err) == (0, "")
    board = Connect4Board.from_notation(SEQUENCE)
    lines = out.splitlines()
    assert lines[0] == f"Connect Four, {SEQUENCE}: {board.to_move.value} to move (32 discs)."
    assert lines[7] == "  1 2 3 4 5 6 7"
    grid = lines[1:7]
    assert sum(row.count("X") for row in grid) == 16 == sum(row.count("O") for row in grid)
    best = max(score for score in EXPECTED if score is not None)
    assert f"Score: {best} (" in out
    cells = "  ".join(
        f"{col + 1}: {'full' if score is None else score}" for col, score in enumerate(EXPECTED)
    )
    assert f"  {cells}" in lines
    assert "Positions searched: " in out


def test_the_score_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """A win, a loss and a draw from the reference's positions: n is 22 less the score's size."""
    seen = set()
    for sequence, *scores in END:
        score = max(int(s) for s in scores if s != "-")
        sign = (score > 0) - (score < 0)
        if sign in seen:
            continue
        seen.add(sign)
        board = Connect4Board.from_notation(sequence)
        mover, other = board.to_move.value, board.to_move.other.value
        words = {
            1: f"{mover} wins with its {22 - score}th disc at the earliest",
            -1: f"{other} wins with its {22 + score}th disc at the earliest",
            0: "a draw with best play",
        }[sign]
        assert f"Score: {score} ({words})." in run(capsys, sequence)[1]
    assert seen == {-1, 0, 1}
    assert "Score: -18 (X wins with its 4th disc at the earliest)." in run(capsys, "33445")[1]


def test_json_is_the_score_and_the_columns_null_when_full(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, SEQUENCE, "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == {
        "score": max(s for s in EXPECTED if s is not None),
        "columns": EXPECTED,
    }
    assert out.count("\n") == 1


def test_a_level_prints_its_column(capsys: pytest.CaptureFixture[str]) -> None:
    for level in LEVELS[1:]:  # easy's mistakes may miss a win
        status, out, err = run(capsys, "121312", "--level", level, "--seed", "1", "--time", "0.2")
        assert (status, out, err) == (0, "1\n", "")  # the win at once, in column 1
    status, out, _err = run(capsys, "", "--level", "hard", "--json", "--seed", "2")
    assert status == 0 and set(json.loads(out)) == {"column"}
    assert 1 <= json.loads(out)["column"] <= 7


def test_stdin_answers_one_line_each(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [SEQUENCE, "4444444", "1212121", "33445", "12a"]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    status, out, err = run(capsys, "-")
    answers = out.splitlines()
    assert status == 2 and err == "" and len(answers) == len(lines)
    figures = " ".join("-" if s is None else str(s) for s in EXPECTED)
    assert answers[0] == f"{SEQUENCE} {max(s for s in EXPECTED if s is not None)} {figures}"
    assert answers[1] == "error: '4444444': Column 4 is full: choose another column."
    assert answers[2].startswith("error: '1212121': the game is over (X has won)")
    assert answers[3] == "33445 -18 -18 -18 -18 -18 -18 -18 -18"
    assert answers[4].startswith("error: '12a': character 3, 'a', is not a column")


def test_stdin_with_json_and_a_level(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("121312\n4444444\n"))
    status, out, _err = run(capsys, "-", "--json", "--level", "medium")
    first, second = (json.loads(line) for line in out.splitlines())
    assert status == 2 and first == {"column": 1}
    assert second == {"error": "'4444444': Column 4 is full: choose another column."}
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{SEQUENCE}\n"))
    status, out, _err = run(capsys, "-", "--json")
    assert (status, json.loads(out)) == (0, {"score": max(EXPECTED_SCORES), "columns": EXPECTED})


@pytest.mark.parametrize(
    ("sequence", "message"),
    [
        ("4444444", "'4444444': Column 4 is full: choose another column.\n"),
        ("4458", "'4458': character 4, '8', is not a column: write the columns played as digits "
         "from 1 to 7, e.g. 4453.\n"),
        ("12121213", "'12121213': The game was won with the 7th move: no move may follow it.\n"),
        ("1212121", "'1212121': the game is over (X has won): there is nothing to solve.\n"),
        ("455714637617614767242476316455122212535333",
         "'455714637617614767242476316455122212535333': the game is over (a draw): there is "
         "nothing to solve.\n"),
    ],
)  # fmt: skip
def test_an_illegal_or_finished_sequence_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], sequence: str, message: str
) -> None:
    assert run(capsys, sequence) == (2, "", message)
    assert run(capsys, sequence, "--level", "easy") == (2, "", message)


def test_a_search_past_its_limit_is_one_line_and_status_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "", "--limit", "0.2")
    assert (status, out) == (1, "")
    assert err == (
        "'': not solved within 0.2 s: positions with few discs take Python minutes to hours; "
        "give more time with --limit.\n"
    )


@pytest.mark.parametrize("option", ["--limit", "--time"])
def test_bad_numbers_are_refused_by_the_parser(
    capsys: pytest.CaptureFixture[str], option: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        run(capsys, "44", option, "0")
    assert exited.value.code == 2
    assert "must be above 0" in capsys.readouterr().err
