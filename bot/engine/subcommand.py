"""One subcommand of ``python -m bot.engine``: what its engine package gives the command line
(:mod:`bot.engine.cli` lists them), and the help's layout every parser of it shares."""

from __future__ import annotations

import argparse
import shutil
import textwrap
from collections.abc import Callable
from dataclasses import dataclass

HELP_FORMAT = argparse.RawDescriptionHelpFormatter
"""The formatter of every parser here: its description and epilog print as :func:`laid_out`
gave them."""


def laid_out(text: str) -> str:
    """``text`` as a parser's description or epilog: each line filled to the terminal's width
    as argparse fills a paragraph, except that a line starting with a space stays as written
    (an example to copy, broken where the command still reads, or a list, which filling would
    break anywhere)."""
    width = max(shutil.get_terminal_size().columns - 2, 11)  # argparse's own width
    return "\n".join(
        "" if not line.strip() else line if line[:1].isspace() else textwrap.fill(line, width)
        for line in text.splitlines()
    )


def seconds(text: str) -> float:
    """An argument that is a time above 0, in seconds; else argparse's error saying so."""
    try:
        number = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, not {text!r}") from None
    if not 0 < number < float("inf"):
        raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
    return number


@dataclass(frozen=True, slots=True)
class Subcommand:
    """``name`` as typed after ``python -m bot.engine``, its one-line ``help`` for the
    command list, the ``description`` and ``epilog`` of its own ``--help`` (laid out by
    :func:`laid_out`), ``configure`` (adds its arguments to its parser) and ``run`` (carries out
    the parsed arguments; the exit status); ``usage``: its usage line, when argparse's would
    mislead (None: argparse's)."""

    name: str
    help: str
    description: str
    epilog: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    usage: str | None = None
