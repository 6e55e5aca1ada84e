"""``python -m bot.engine NOTATION``: analyse a position (see :mod:`bot.engine.cli`)."""

from .cli import run

raise SystemExit(run())
