"""Running ``python -m bot.engine`` the way a student does: a fresh interpreter, from the repo."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the engine's command line with ``args``; output captured as text, never raises."""
    return subprocess.run(
        [sys.executable, "-m", "bot.engine", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def run_with_closed_pipe(*args: str) -> tuple[int, bytes]:
    """Run the command line with its stdout closed at once (``| head`` with a reader already
    gone: every write fails, however the output is buffered); its exit status and stderr."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.engine", *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    errors = process.stderr.read()
    return process.wait(timeout=60), errors
