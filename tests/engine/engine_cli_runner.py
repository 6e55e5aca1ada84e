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
