"""Fitting text to the terminal: wrapped at word boundaries to its width, marks in colour.

A terminal wraps a long line wherever its edge falls, mid-word; wrapping here breaks between
words instead. Board drawings are never passed through ``wrap`` (a drawing broken across lines
is no drawing). Colour follows https://no-color.org: only on a terminal, and never when
``NO_COLOR`` is set to anything non-empty.
"""

from __future__ import annotations

import os
import re
import shutil
import textwrap
from collections.abc import Mapping
from typing import TextIO

from bot.engine import Player

DEFAULT_WIDTH = 80  # the classic terminal, for output whose width is unknown (a pipe, a file)

_SECOND_COLUMN = re.compile(r"(\s*\S.*?\s{2,})\S")
"""A line laid out in two columns ("  hint      every move ..."): up to the second one."""

RESET = "\x1b[0m"
MARK_COLOURS: Mapping[Player, str] = {Player.X: "\x1b[1;36m", Player.O: "\x1b[1;33m"}
WINNING_COLOUR = "\x1b[1;32m"  # bold green, the same idea as Discord's green winning line


def output_width() -> int:
    """The terminal's width in columns, or ``DEFAULT_WIDTH`` when unknown."""
    return shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns


def wants_colour(out: TextIO) -> bool:
    """Colour only for a terminal, and not when the user asked for none (``NO_COLOR``)."""
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return out.isatty()
    except ValueError:  # closed
        return False


def wrap(text: str, width: int) -> str:
    """Each line longer than ``width`` broken between words; continuation lines are indented
    like the line's text (its second column, for a two-column line such as the help's)."""
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        columns = _SECOND_COLUMN.match(line)
        indent = " " * (len(columns[1]) if columns else len(line) - len(line.lstrip()))
        if len(indent) > width // 2:  # too narrow for the columns: keep the text readable
            indent = ""
        lines.append(
            textwrap.fill(
                line,
                width,
                subsequent_indent=indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines)


def paint_mark(drawn: str, player: Player, winning: bool) -> str:
    """A mark in its colour, or the winning line's (the brackets stay, so it reads in print)."""
    colour = WINNING_COLOUR if winning else MARK_COLOURS[player]
    return f"{colour}{drawn}{RESET}"
