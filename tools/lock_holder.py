"""Another OS process holding an SQLite file's write lock, for as long as a test (or
bench/stalls.py) needs.

A real process (not a thread, not a mock): SQLite's locks are between processes, and the claim
under test is what this program does while someone else, say the terminal game or an operator's
``sqlite3`` shell, holds the file. The holder takes the lock with ``BEGIN IMMEDIATE`` and keeps
it until the test lets go, so nothing depends on how long anything takes.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HOLDER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
conn.close()
"""


class LockHolder:
    """The holding process; ``holds()`` asks SQLite whether the lock is still taken."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        started = self.process.stdout.readline()
        if started != "held\n":
            self.process.kill()
            self.process.wait()
            raise RuntimeError(f"the lock holder did not start: {started!r}")

    def holds(self) -> bool:
        """Whether another writer would be refused right now (asked without waiting)."""
        conn = sqlite3.connect(self.path, timeout=0, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:
            return True
        finally:
            conn.close()  # closing rolls back what it began
        return False

    def release(self) -> None:
        """Roll back and end the holder; idempotent."""
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.write("\n")
            self.process.stdin.close()
            status = self.process.wait(timeout=30)
            if status != 0:
                raise RuntimeError(f"the lock holder ended with status {status}")
        if self.process.stdout is not None:
            self.process.stdout.close()


@contextmanager
def write_lock_held(path: Path) -> Iterator[LockHolder]:
    """Another process holds ``path``'s write lock until the block ends (or ``release()``)."""
    holder = LockHolder(path)
    try:
        yield holder
    finally:
        holder.release()
