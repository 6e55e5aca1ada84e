"""``python -m bot.engine NOTATION``: analyse a position (see :mod:`bot.engine.classic.cli`).

``python -m bot.engine ultimate POSITION``: ultimate tic-tac-toe (:mod:`.ultimate.cli`).

A reader that stops early (``| head``) ends either quietly. Python's documented recipe: the
closed pipe surfaces at a write or at the final flush; stdout is then pointed at the null
device so the flush at exit cannot fail again.
"""

import os
import sys

if sys.argv[1:2] == ["ultimate"]:
    from .ultimate.cli import main

    argv: list[str] | None = sys.argv[2:]
else:
    from .classic.cli import main

    argv = None

try:
    status = main(argv)
    sys.stdout.flush()
except BrokenPipeError:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    status = 1
raise SystemExit(status)
