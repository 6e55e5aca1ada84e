"""`python -m bot` refuses unknown arguments and bad settings with a sentence, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


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


def test_unknown_arguments_print_usage(tmp_path: Path) -> None:
    result = run_bot(["dance"], tmp_path)
    assert result.returncode == 2
    assert "usage: python -m bot [play]" in result.stderr
    assert "Traceback" not in result.stderr


def test_bad_setting_is_a_configuration_error(tmp_path: Path) -> None:
    result = run_bot(["play"], tmp_path, IDLE_TIMEOUT_MINUTES="forever")
    assert result.returncode == 2
    assert "Configuration error: IDLE_TIMEOUT_MINUTES='forever' is not a number" in result.stderr
    assert "Traceback" not in result.stderr
