"""Storage: the game service's ``GameStore`` on SQLite (default) or PostgreSQL.

The runners open a store with ``open_store(settings)`` and hand it to ``GameService``; the game
layer never imports this package. psycopg is imported only when PostgreSQL is chosen.
"""

from bot.storage.defaults import DEFAULT_POOL_SIZE, DEFAULT_WRITE_TIMEOUT
from bot.storage.opening import open_store
from bot.storage.sqlite import SqliteGameStore

__all__ = ["DEFAULT_POOL_SIZE", "DEFAULT_WRITE_TIMEOUT", "SqliteGameStore", "open_store"]
