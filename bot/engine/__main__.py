"""``python -m bot.engine``: the engine's command line (:mod:`bot.engine.cli`).

A reader that stops early (``| head``) ends either quietly. Python's documented recipe: the
closed pipe surfaces at a write or at the final flush; stdout is then pointed at the null
device so the flush at exit cannot fail again.
"""

import os
import sys

from .cli import main

try:
    status = main()
    sys.stdout.flush()
except BrokenPipeError:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    status = 1
raise SystemExit(status)
