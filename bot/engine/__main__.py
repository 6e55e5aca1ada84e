"""``python -m bot.engine NOTATION``: analyse a position (see :mod:`bot.engine.cli`).

``python -m bot.engine ultimate POSITION``: ultimate tic-tac-toe (:mod:`.ultimate_cli`).
"""

import sys

if sys.argv[1:2] == ["ultimate"]:
    from .ultimate_cli import run as run_ultimate

    raise SystemExit(run_ultimate(sys.argv[2:]))

from .cli import run

raise SystemExit(run())
