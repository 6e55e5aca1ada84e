"""Opening the game store the settings choose: PostgreSQL when ``DATABASE_URL`` is set, else
the SQLite file at ``DATABASE_PATH``.

psycopg is imported only for PostgreSQL, so the terminal game on SQLite starts without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.store import GameStore
from bot.storage.sqlite.store import SqliteGameStore

if TYPE_CHECKING:
    from bot.settings import Settings


async def open_store(settings: Settings) -> GameStore:
    """The store, opened, migrated and ready; ``StorageError`` (one sentence naming the file
    or the server, never a password) if it cannot be used."""
    if settings.database_url is None:
        return SqliteGameStore(
            settings.database_path, write_timeout=settings.database_write_timeout
        )
    from bot.storage.postgres.store import PostgresGameStore

    return await PostgresGameStore.open(
        settings.database_url.url,
        pool_size=settings.database_pool_size,
        write_timeout=settings.database_write_timeout,
    )
