"""The SQLite store: one file in WAL mode, written by one thread and read by another."""

from bot.storage.sqlite.store import SqliteGameStore

__all__ = ["SqliteGameStore"]
