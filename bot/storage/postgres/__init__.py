"""The PostgreSQL store: psycopg 3 through ``psycopg_pool``, shared by many bot processes."""

from bot.storage.postgres.store import PostgresGameStore

__all__ = ["PostgresGameStore"]
