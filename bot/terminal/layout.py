"""Fitting text to the terminal: wrapped at word boundaries to its width, marks in colour.

A terminal wraps a long line wherever its edge falls, mid-word; wrapping here breaks between
words instead, counting columns as the terminal shows them (a wide character, as in Japanese,
takes two, and such text may break between any two of them). Board drawings are never passed
through ``wrap`` (a drawing broken across lines is no drawing). Colour follows
https://no-color.org: only on a terminal, and never when ``NO_COLOR`` is set to anything
non-empty.
"""

from __future__ import annotations

import os
import re
import shutil
import textwrap
from collections.abc import Mapping
from typing import TextIO

from bot.engine import Player
from bot.i18n.width import display_width

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


_CLOSING = (
    "\u3001\u3002\uff0c\uff0e\u30fb\uff1a\uff1b\uff01\uff1f\uff09\u300d\u300f\u3009\u300b\u3011"
)
"""Wide punctuation that never starts a line: the ideographic comma and full stop, the
full-width comma, full stop, colon, semicolon, marks and closing brackets."""
_CHUNK = re.compile(rf"\s+|[^\s\u1100-\uffff]+|.[{_CLOSING}]*", re.DOTALL)
"""Where wide text may break: around spaces, and between any two wide characters but before
closing punctuation (which never starts a line)."""


def _fill_wide(line: str, width: int, indent: str) -> str:
    """``textwrap.fill`` by display width, for a line holding wide characters."""
    chunks = _CHUNK.findall(line)
    lines: list[str] = []
    current = ""
    for chunk in chunks:
        if current.strip() and display_width(current + chunk) > width:
            lines.append(current.rstrip())
            current = indent
            if chunk.isspace():
                continue
        current += chunk
    lines.append(current.rstrip())
    return "\n".join(lines)


def wrap(text: str, width: int) -> str:
    """Each line longer than ``width`` broken between words; continuation lines are indented
    like the line's text (its second column, for a two-column line such as the help's)."""
    lines = []
    for line in text.split("\n"):
        if display_width(line) <= width:
            lines.append(line)
            continue
        columns = _SECOND_COLUMN.match(line)
        indent = " " * (display_width(columns[1]) if columns else len(line) - len(line.lstrip()))
        if len(indent) > width // 2:  # too narrow for the columns: keep the text readable
            indent = ""
        if display_width(line) != len(line):
            lines.append(_fill_wide(line, width, indent))
            continue
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
