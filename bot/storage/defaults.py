"""The stores' defaults, which ``bot.settings`` offers as the configuration's defaults too."""

DEFAULT_POOL_SIZE = 5
"""PostgreSQL connections per process: an operation holds one for milliseconds, so a few serve
a busy shard, and ten processes (50) stay well under PostgreSQL's default limit of 100."""

DEFAULT_WRITE_TIMEOUT = 2.0
"""Seconds a write waits for another process's lock before the player hears the store is busy."""
