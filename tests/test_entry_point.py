"""`python -m bot` refuses unknown arguments and bad settings with a sentence, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def run_bot(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN"}}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,  # no .env here, so nothing leaks in from the developer's checkout
        env=environment,
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "args", [["dance"], ["play", "--name"], ["play", "--nom", "x"], ["--name", "x"]]
)
def test_unknown_arguments_print_usage(tmp_path: Path, args: list[str]) -> None:
    result = run_bot(args, tmp_path)
    assert result.returncode == 2
    assert "usage: python -m bot [play [--name NAME]]" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_name_that_cannot_be_one_is_refused(tmp_path: Path) -> None:
    result = run_bot(["play", "--name", "  "], tmp_path, DATABASE_PATH=str(tmp_path / "g.db"))
    assert result.returncode == 2
    assert result.stderr == "Usage: name <your name>, for example: name Alice\n"


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
        env={**env, "PYTHONPATH": str(Path(__file__).parent.parent)},
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.splitlines()[-1] == imported, result.stdout + result.stderr
