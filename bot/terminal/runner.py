"""Running the terminal game: open the database, greet, read lines until done, exit status.

Ctrl-C exits with status 130, the shell's convention for an interrupt (the game is saved after
every move anyway). End of input (Ctrl-D, a closed or absent stdin as under CI) ends with a
goodbye and status 0; but Ctrl-D at a duelist's name prompt calls the duel off, as ``quit``
there does, and the game goes on. A reader that stops early (``python -m bot | head -5``) ends
the game quietly, with status 0 too: the game is saved, and nothing went wrong that anyone must
read.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
import os
import sys
import traceback
from collections.abc import Awaitable, Callable
from typing import TextIO

from bot.games import DatabaseGoneError, StorageError
from bot.i18n import _, from_environment, use_locale
from bot.settings import Settings
from bot.startup import open_service
from bot.terminal.commands import CommandError, check_name
from bot.terminal.layout import output_width, paint_mark, wants_colour
from bot.terminal.line_reader import (
    EditedLineReader,
    LineReader,
    stdin_fd,
    terminal_settings_kept,
)
from bot.terminal.session import GOODBYE, TerminalSession, player_name

PROMPT = "> "
INTERRUPTED = 130  # exit status after Ctrl-C (128 + SIGINT)
UNUSABLE_DATABASE = 1  # the database cannot be opened, or its file went away: one sentence


async def play(settings: Settings, out: TextIO, name: str | None = None) -> int:
    """The whole session: open the database (the SQLite file, or PostgreSQL at DATABASE_URL),
    greet, then one command per line until done."""
    try:
        service = await open_service(settings)
    except StorageError as error:
        print(error, file=sys.stderr)
        return UNUSABLE_DATABASE
    try:
        login = player_name()
        session = TerminalSession(
            service,
            out,
            name or login,
            login=login,
            width=output_width(),
            paint=paint_mark if wants_colour(out) else None,
        )
        await session.open()
        fd = stdin_fd()
        interactive = fd is not None and os.isatty(fd)
        read: Callable[[], Awaitable[str | None]]
        if interactive:
            edited = EditedLineReader()
            read = functools.partial(edited.readline, PROMPT)
        else:
            read = LineReader(fd).readline
        while True:
            line = await read()
            if line is None:
                if interactive:
                    out.write("\n")
                if interactive and session.duels.setting_up is not None:
                    session.duels.call_off()  # Ctrl-D at a name prompt: as quit there
                    continue
                break
            if not await session.handle(line):
                break
        session.say(_(GOODBYE))
    except DatabaseGoneError as error:  # checked before every command: stop, never play unsaved
        print(error, file=sys.stderr)
        return UNUSABLE_DATABASE
    finally:
        with contextlib.suppress(StorageError):
            await service.close()
    return 0


def run_terminal(settings: Settings, name: str | None = None) -> int:
    """Play in the terminal as ``name`` (default: the login) until quit, end of input or
    Ctrl-C; return the exit status.

    0 after quit, end of input or a closed stdout (nothing printed), 130 after Ctrl-C, 2 if the
    name given cannot be used, 1 if the database cannot be used (one sentence naming the file
    and the remedy) or if something unexpected broke (one sentence on stderr; with
    LOG_LEVEL=DEBUG the traceback too).

    Everything a player reads is in the language of LC_ALL / LC_MESSAGES / LANG.
    """
    with use_locale(from_environment(os.environ)):
        return _run_terminal(settings, name)


def _run_terminal(settings: Settings, name: str | None) -> int:
    if name is not None:
        try:
            name = check_name(name)
        except CommandError as error:
            print(error, file=sys.stderr)
            return 2
    route_logs(settings.log_level)
    out = sys.stdout
    if isinstance(out, io.TextIOWrapper):  # a name the terminal cannot encode is replaced
        out.reconfigure(errors="replace")
    try:
        try:
            with terminal_settings_kept(stdin_fd()):  # asyncio.run copies the locale's context
                return asyncio.run(play(settings, out, name))
        except KeyboardInterrupt:
            print(f"\n{_(GOODBYE)}", file=out)
            return INTERRUPTED
    except BrokenPipeError:
        output_closed(out)
        return 0
    except Exception as error:
        print(crash_report(error, details=settings.log_level == "DEBUG"), file=sys.stderr)
        return 1


def output_closed(out: TextIO) -> None:
    """The reader of ``out`` went away (``| head``): point its descriptor at the null device,
    so the flush at exit cannot fail again and print Python's own complaint (the recipe in
    Python's documentation of SIGPIPE)."""
    with contextlib.suppress(OSError, ValueError):  # no descriptor: nothing left to flush to
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        os.close(devnull)


def route_logs(level: str) -> None:
    """Log records reach the screen only with LOG_LEVEL=DEBUG: otherwise the player would read,
    between the game's lines, what is meant for an operator (a database server's address and
    its driver's words, the pool's reconnection attempts while PostgreSQL is away). The game
    says what a player needs in its own sentences."""
    if level == "DEBUG":
        logging.basicConfig(level=logging.DEBUG, format="%(levelname)s %(name)s: %(message)s")
    else:
        logging.getLogger().addHandler(logging.NullHandler())


def crash_report(error: Exception, *, details: bool) -> str:
    """What a player reads after a bug: one sentence, and how to see (or, with LOG_LEVEL=DEBUG,
    first) the traceback that a bug report needs."""
    sentence = f"Sorry, something went wrong: {str(error).rstrip('.') or type(error).__name__}."
    if not details:
        return f"{sentence} Run again with LOG_LEVEL=DEBUG to see the details."
    return "".join(traceback.format_exception(error)) + sentence
