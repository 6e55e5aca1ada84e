"""One subcommand of ``python -m bot.engine``: what its engine package gives the command line
(:mod:`bot.engine.cli` lists them), and the help's layout every parser of it shares."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass


class LaidOutHelp(argparse.HelpFormatter):
    """argparse's help, filled to the terminal's width line by line, except that a line of a
    description or an epilog that starts with a space is printed as written: an example to
    copy (broken where the command still reads) or a list, which filling would break
    anywhere."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines = []
        for line in text.splitlines():
            if not line.strip() or line[:1].isspace():
                lines.append(indent + line if line.strip() else "")
            else:
                lines.append(super()._fill_text(line, width, indent))
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Subcommand:
    """``name`` as typed after ``python -m bot.engine``, its one-line ``help`` for the
    command list, the ``description`` and ``epilog`` of its own ``--help`` (laid out by
    ``LaidOutHelp``), ``configure`` (adds its arguments to its parser) and ``run`` (carries out
    the parsed arguments; the exit status); ``usage``: its usage line, when argparse's would
    mislead (None: argparse's)."""

    name: str
    help: str
    description: str
    epilog: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    usage: str | None = None
