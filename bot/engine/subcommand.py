"""One subcommand of ``python -m bot.engine``: what its engine package gives the command line
(:mod:`bot.engine.cli` lists them)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Subcommand:
    """``name`` as typed after ``python -m bot.engine``, its one-line ``help`` for the
    command list, the ``description`` and ``epilog`` of its own ``--help``, ``configure``
    (adds its arguments to its parser) and ``run`` (carries out the parsed arguments; the exit
    status)."""

    name: str
    help: str
    description: str
    epilog: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
