"""``python -m bot play`` in a subprocess with its pipes open, for the tests that type into
the terminal game as a player would (named without ``test_`` so pytest does not collect it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def play(env: dict[str, str], cwd: Path) -> subprocess.Popen[str]:
    """The terminal game started with ``env`` in ``cwd``; stdin, stdout and stderr are pipes
    of UTF-8 text."""
    return subprocess.Popen(
        [sys.executable, "-m", "bot", "play"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
    )
