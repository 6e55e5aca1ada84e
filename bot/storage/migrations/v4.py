"""Schema version 4: the database as the one truth between processes.

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

# -- version 4: the database as the one truth between processes --------------------------------
#
# Several processes (Discord shards, the terminal) may share one database, so no process may
# trust its own copy of a game. ``version`` counts the saves of a game: an update names the
# version it read and succeeds only if that is still the stored one (compare and set), so of
# two processes changing one game at once the second fails cleanly instead of overwriting.
# The two indexes serve the reads that replaced the in-memory copies: the idle sweep (active
# games by age, paged) and the channel's latest finished game (explain).

MIGRATION = Migration(
    4,
    "a version per game for compare-and-set, indexes for the sweep and each channel's games",
    (
        "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_active_since ON games (updated_at, id) WHERE status = 'active'",
        "CREATE INDEX games_by_channel ON games (channel_id, id)",
    ),
)
