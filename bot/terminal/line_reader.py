"""Typed lines from stdin for the event loop, without blocking it.

Input is read by a daemon thread with ``os.read`` on file descriptor 0 and handed to the event
loop through a queue, so ``asyncio.run`` runs once and is never blocked, and Ctrl-C cancels the
session at once (no worker thread to wait for).
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import sys
import threading


class LineReader:
    """Lines from file descriptor 0, read by a daemon thread and queued for the event loop.

    ``os.read`` on the raw descriptor holds no Python-level lock while it waits, so the
    program can exit while the thread is blocked (buffered ``sys.stdin`` in a daemon thread
    can abort the interpreter at shutdown). ``None`` marks the end of input.
    """

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
