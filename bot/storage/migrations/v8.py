"""Schema version 8: a little state the bot keeps between runs, shared by its processes.

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

# -- version 8: the bot's own state ------------------------------------------------------------
#
# Named values the adapters keep between runs, such as the hash of the slash commands last
# published to Discord: in the database rather than in a file beside it, so every process of a
# bot that shares one database (several machines on PostgreSQL) reads the same value.

MIGRATION = Migration(
    8,
    "named values the bot keeps between runs, shared by every process",
    (
        "CREATE TABLE bot_state (name TEXT PRIMARY KEY, value TEXT NOT NULL, "
        "updated_at TEXT NOT NULL)",
    ),
)
