"""A thread that owns one SQLite connection, so the event loop never waits on the disk.

The connection is opened before the thread exists (``check_same_thread=False``); from then on
only this thread touches it.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from typing import TypeVar

T = TypeVar("T")


class Worker:
    """Runs callables on ``conn`` in its own thread, one at a time, in order."""

    def __init__(self, conn: sqlite3.Connection, name: str) -> None:
        self._conn = conn
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(conn)`` on the thread; its result, or its exception."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, work, self._conn)

    async def close(self) -> None:
        """Close the connection on its thread (after the work queued before), then stop."""
        with suppress(sqlite3.Error):
            await self.run(lambda conn: conn.close())
        self._thread.shutdown(wait=False)
