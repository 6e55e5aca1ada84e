"""Typed lines from stdin for the event loop, without blocking it.

A daemon thread reads the input and hands each line to the event loop; ``None`` marks the end.
On a terminal :class:`EditedLineReader` reads with ``input()`` and ``readline`` (line editing
and history); piped input goes through :class:`LineReader`, line by line, with no prompt. Why a
thread: docs/decisions.md.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import queue
import sys
import threading
from collections.abc import Iterator


class LineReader:
    """Lines from file descriptor ``fd`` (None: no stdin), read by a daemon thread with
    ``os.read`` and queued for the event loop. ``None`` marks the end of input."""

    def __init__(self, fd: int | None) -> None:
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._loop = asyncio.get_running_loop()
        if fd is None:  # no stdin at all: the input has already ended
            self._queue.put_nowait(None)
        else:
            thread = threading.Thread(target=self._pump, args=(fd,), name="terminal-input")
            thread.daemon = True
            thread.start()

    def _put(self, line: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody is listening
            self._loop.call_soon_threadsafe(self._queue.put_nowait, line)

    def _pump(self, fd: int) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        pending = ""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # no stdin at all (closed descriptor)
                chunk = b""
            pending += decoder.decode(chunk, final=not chunk)
            *lines, pending = pending.split("\n")
            for line in lines:
                self._put(line.rstrip("\r"))
            if not chunk:
                if pending:
                    self._put(pending)
                self._put(None)
                return

    async def readline(self) -> str | None:
        return await self._queue.get()


def stdin_fd() -> int | None:
    """Descriptor of stdin, or None when the program was started without one. (Then fd 0
    may since have been reused by a file this program opened, so it must not be read.)"""
    if sys.stdin is None:
        return None
    try:
        return sys.stdin.fileno()
    except (OSError, ValueError):  # replaced by an object without a descriptor, or closed
        return None


class EditedLineReader:
    """Lines typed at a terminal with line editing and history (``readline``), one per prompt.

    The thread asks for a line only when the session wants one (``readline(prompt)``), so
    the prompt never appears above the previous reply. ``None`` marks the end of input: Ctrl-D,
    after which a terminal can still be read (the runner may ask again), or stdin gone, after
    which every ``readline`` is ``None`` at once.
    """

    def __init__(self) -> None:
        import readline  # noqa: F401  (importing it is what gives input() line editing)

        self._loop = asyncio.get_running_loop()
        self._prompts: queue.SimpleQueue[str] = queue.SimpleQueue()
        self._lines: asyncio.Queue[str | None] = asyncio.Queue()
        self._gone = False  # stdin went away: nothing more can be read
        thread = threading.Thread(target=self._pump, name="terminal-input", daemon=True)
        thread.start()

    def _pump(self) -> None:
        while True:
            prompt = self._prompts.get()
            try:
                line: str | None = input(prompt)
            except EOFError:  # Ctrl-D: the terminal can still be read afterwards
                line = None
            except (OSError, ValueError):  # stdin went away
                line, self._gone = None, True
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody is listening
                self._loop.call_soon_threadsafe(self._lines.put_nowait, line)
            if self._gone:
                return

    async def readline(self, prompt: str) -> str | None:
        if self._gone:
            return None
        self._prompts.put(prompt)
        return await self._lines.get()


@contextlib.contextmanager
def terminal_settings_kept(fd: int | None) -> Iterator[None]:
    """Put the terminal's settings back on the way out: ``readline`` switches off echo and
    line buffering while it waits for a key, and Ctrl-C may end the program right then."""
    try:
        import termios  # POSIX only
    except ImportError:
        yield
        return
    try:
        saved = termios.tcgetattr(fd) if fd is not None else None
    except termios.error:  # not a terminal
        saved = None
    try:
        yield
    finally:
        if saved is not None and fd is not None:
            with contextlib.suppress(termios.error):
                termios.tcsetattr(fd, termios.TCSADRAIN, saved)
