"""Running the engine's command line: in this process (``run_cli``, what ``python -m
bot.engine`` runs, cold as a fresh process is, its output and exit status captured), or the
way a student does, a fresh interpreter from the repo (``run_process``,
``run_with_closed_pipe``). A few tests keep the real process, to prove the entry point itself
works; the rest need no interpreter of their own."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path

from bot.engine.caches import empty_caches
from bot.engine.cli import main

REPO = Path(__file__).resolve().parents[2]
COMMAND = (sys.executable, "-m", "bot.engine")


def run_cli(*args: str, columns: int | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``bot.engine.cli.main`` with ``args`` here, the engine's caches emptied first (what
    a fresh process prints does not depend on what ran before it): stdout and stderr captured
    as text, and the exit status (argparse's ``SystemExit`` too: 2 for a refusal, 0 after
    ``--help``). ``columns``: the terminal's width argparse wraps its help to (``COLUMNS``
    while it runs; None: as the environment says)."""
    empty_caches()
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), terminal_width(columns):
        try:
            status = main(list(args))
        except SystemExit as exit_:
            status = exit_status(exit_.code, err)
    return subprocess.CompletedProcess([*COMMAND, *args], status, out.getvalue(), err.getvalue())


@contextmanager
def terminal_width(columns: int | None) -> Iterator[None]:
    """``COLUMNS`` set to ``columns`` meanwhile (None: left alone), as a terminal of that
    width gives a process."""
    if columns is None:
        yield
        return
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(columns)
    try:
        yield
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def exit_status(code: object, stderr: io.StringIO) -> int:
    """The status the interpreter exits with for ``SystemExit(code)``: None is 0, any other
    object than a number is printed to stderr and is 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=stderr)
    return 1


def run_process(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m bot.engine`` with ``args`` in a fresh interpreter; output captured as
    text, never raises."""
    return subprocess.run(
        [*COMMAND, *args], cwd=REPO, capture_output=True, text=True, timeout=60, check=False
    )


def run_with_closed_pipe(*args: str) -> tuple[int, bytes]:
    """Run the command line with its stdout closed at once (``| head`` with a reader already
    gone: every write fails, however the output is buffered); its exit status and stderr."""
    process = subprocess.Popen(
        [*COMMAND, *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    errors = process.stderr.read()
    return process.wait(timeout=60), errors
