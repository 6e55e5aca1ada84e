"""`python -m bot` and the other entry points: ``--help`` exits 0 at every level, unknown
arguments and bad settings are refused with a sentence, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main

REPO = Path(__file__).resolve().parent.parent


def run_bot(
    args: list[str], tmp_path: Path, stdin: str = "", **env: str
) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN"}}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,
        env=environment,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


HELP = {
    (): "usage: python -m bot [-h]\n       python -m bot play [--name NAME]\n",
    ("play",): "usage: python -m bot play [-h] [--name NAME]\n",
    ("check-db",): "usage: python -m bot check-db [-h] [FILE]\n",
    ("backup",): "usage: python -m bot backup [-h] [--force] FILE\n",
}


@pytest.mark.parametrize("command", list(HELP), ids=lambda c: " ".join(c) or "bot")
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_usage_and_exits_0(
    command: tuple[str, ...], flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, flag]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(HELP[command]) and err == ""


@pytest.mark.processes
@pytest.mark.parametrize("command", list(HELP), ids=lambda c: " ".join(c) or "bot")
def test_help_in_a_real_process_does_no_work(tmp_path: Path, command: tuple[str, ...]) -> None:
    """Not even reading the settings (a bad one is no error) or touching the database."""
    database = tmp_path / "g.db"
    result = run_bot(
        [*command, "--help"],
        tmp_path,
        DATABASE_PATH=str(database),
        IDLE_TIMEOUT_MINUTES="forever",
        DISCORD_TOKEN="not-a-token",
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith(HELP[command])
    assert not database.exists()


@pytest.mark.processes
def test_the_engine_command_line_prints_usage_and_exits_0(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot.engine", "--help"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("usage: python -m bot.engine [-h]")


@pytest.mark.parametrize(
    ("args", "usage", "sentence"),
    [
        (["dance"], "python -m bot [-h]", "argument COMMAND: invalid choice: 'dance'"),
        (["--name", "x"], "python -m bot [-h]", "unrecognized arguments: --name (options go"),
        (["play", "--name"], "python -m bot play", "argument --name: expected one argument"),
        (["play", "--nom", "x"], "python -m bot play", "unrecognized arguments: --nom x"),
        (["play", "--nam", "x"], "python -m bot play", "unrecognized arguments: --nam x"),
        (["play", "Alice"], "python -m bot play", "unrecognized arguments: Alice"),
        (["check-db", "a", "b"], "python -m bot check-db", "unrecognized arguments: b"),
        (["backup"], "python -m bot backup", "the following arguments are required: FILE"),
        (["backup", "f", "--forc"], "python -m bot backup", "unrecognized arguments: --forc"),
    ],
)
def test_a_wrong_argument_is_its_commands_usage_and_one_sentence(
    args: list[str], usage: str, sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"usage: {usage}")
    *_, error = err.splitlines()
    assert error.startswith(f"{usage.removesuffix(' [-h]')}: error: {sentence}")


@pytest.mark.processes
def test_an_unknown_command_in_a_real_process_exits_2_without_a_traceback(
    tmp_path: Path,
) -> None:
    result = run_bot(["check-db", "--halp"], tmp_path, DATABASE_PATH=str(tmp_path / "g.db"))
    assert result.returncode == 2
    assert result.stderr.startswith("usage: python -m bot check-db [-h] [FILE]\n")
    assert result.stderr.endswith("error: unrecognized arguments: --halp\n")
    assert not (tmp_path / "g.db").exists()


@pytest.mark.processes
def test_the_no_token_note_only_without_arguments(tmp_path: Path) -> None:
    env = {"DATABASE_PATH": str(tmp_path / "g.db")}
    bare = run_bot([], tmp_path, stdin="quit\n", **env)
    play = run_bot(["play"], tmp_path, stdin="quit\n", **env)
    assert (bare.returncode, play.returncode) == (0, 0), bare.stderr + play.stderr
    assert bare.stdout.startswith("No DISCORD_TOKEN is set, so here is the terminal game")
    assert "DISCORD_TOKEN" not in play.stdout


@pytest.mark.processes
def test_backup_takes_force_before_or_after_the_file(tmp_path: Path) -> None:
    env = {"DATABASE_PATH": str(tmp_path / "g.db")}
    assert run_bot(["play"], tmp_path, stdin="quit\n", **env).returncode == 0
    copy = tmp_path / "copy.db"
    first = run_bot(["backup", str(copy)], tmp_path, **env)
    again = run_bot(["backup", str(copy)], tmp_path, **env)
    forced = run_bot(["backup", "--force", str(copy)], tmp_path, **env)
    assert (first.returncode, again.returncode, forced.returncode) == (0, 1, 0), again.stderr
    checked = run_bot(["check-db", str(copy)], tmp_path, **env)
    assert checked.returncode == 0, checked.stderr


@pytest.mark.processes
def test_a_name_that_cannot_be_one_is_refused(tmp_path: Path) -> None:
    result = run_bot(["play", "--name", "  "], tmp_path, DATABASE_PATH=str(tmp_path / "g.db"))
    assert result.returncode == 2
    assert result.stderr == (  # the command line's usage, not the in-game name command's
        "usage: python -m bot play [-h] [--name NAME]\n"
        "python -m bot play: error: argument --name: A name cannot be empty.\n"
    )


@pytest.mark.processes
def test_bad_setting_is_a_configuration_error(tmp_path: Path) -> None:
    result = run_bot(["play"], tmp_path, IDLE_TIMEOUT_MINUTES="forever")
    assert result.returncode == 2
    assert "Configuration error: IDLE_TIMEOUT_MINUTES='forever' is not a number" in result.stderr
    assert "Traceback" not in result.stderr


IMPORTS = """
import sys
from bot.__main__ import main
status = main(["play"])
heavy = ("discord", "aiohttp", "psycopg", "psycopg_pool")
print(status, *sorted(name for name in heavy if name in sys.modules))
"""


@pytest.mark.processes
@pytest.mark.parametrize(
    ("database_url", "imported"),
    [("", "0"), ("postgresql://bot@127.0.0.1:1/games", "1 psycopg psycopg_pool")],
    ids=["sqlite", "postgresql"],
)
def test_the_terminal_game_imports_only_what_its_database_needs(
    tmp_path: Path, database_url: str, imported: str
) -> None:
    """No discord.py ever; psycopg only for DATABASE_URL (port 1: refused, status 1)."""
    env = dict(os.environ, DATABASE_PATH=str(tmp_path / "g.db"), DATABASE_URL=database_url)
    env.pop("DISCORD_TOKEN", None)
    result = subprocess.run(
        [sys.executable, "-c", IMPORTS],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(REPO)},
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.splitlines()[-1] == imported, result.stdout + result.stderr


@pytest.mark.processes
def test_a_number_out_of_its_range_is_a_configuration_error_naming_the_range(
    tmp_path: Path,
) -> None:
    """Issue 26: IDLE_TIMEOUT_MINUTES=1e15 ended in "Python int too large to convert to C int"
    (status 1); DATABASE_WRITE_TIMEOUT=0.0000001 started, then every launch was "busy"."""
    database = tmp_path / "g.db"
    for name, value, sentence in [
        ("IDLE_TIMEOUT_MINUTES", "1e15", "must be a number from 1 to 10080 minutes"),
        ("DATABASE_WRITE_TIMEOUT", "0.0000001", "must be a number from 0.1 to 60 seconds"),
        ("ENGINE_CACHE_MB", "0.5", "must be a number from 1 to 1048576 megabytes"),
        ("COMMAND_RATE", "0/10", "from 1 to 1000 commands over 1 to 86400 seconds"),
    ]:
        result = run_bot(["play"], tmp_path, "quit\n", DATABASE_PATH=str(database), **{name: value})
        assert result.returncode == 2, result.stdout + result.stderr
        assert result.stderr.startswith(f"Configuration error: {name}={value!r} "), result.stderr
        assert sentence in result.stderr
        assert "Traceback" not in result.stderr
        assert not database.exists()


@pytest.mark.processes
def test_a_metrics_host_that_is_no_address_is_a_configuration_error(tmp_path: Path) -> None:
    database = tmp_path / "g.db"
    result = run_bot(["play"], tmp_path, "quit\n", DATABASE_PATH=str(database), METRICS_HOST="all")
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.startswith(
        "Configuration error: METRICS_HOST='all' must be an IP address of this machine"
    )
    assert not database.exists()
