"""Schema version 13: each server's own settings (issue 27).

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

# -- version 13: each server's own settings ----------------------------------------------------
#
# One row per server that changed a setting (``bot.games.server_settings``); a server without a
# row plays with the bot's defaults, and leaving a server deletes its row. NULL means "not set
# here": the start options then come from the member or the bot, the limits from the process's
# IDLE_TIMEOUT_MINUTES and CHALLENGE_TIMEOUT_MINUTES. ``channel_ids`` lists the channels games
# may be played in as ids joined by commas, '' for everywhere. ``locale`` is kept for the
# server's language (not used yet). ``version`` counts saves, for compare and set, as a game's
# does. The sweep of idle games asks which servers set their own idle minutes, hence the index.

MIGRATION = Migration(
    13,
    "each server's own settings: start defaults, channels, limits, duels, locale",
    (
        """
    CREATE TABLE guild_settings (
        guild_id          BIGINT  PRIMARY KEY CHECK (guild_id >= 0),
        level             TEXT,
        size              INTEGER,
        first             TEXT,
        channel_ids       TEXT    NOT NULL DEFAULT '',
        idle_minutes      INTEGER CHECK (idle_minutes > 0),
        challenge_minutes INTEGER CHECK (challenge_minutes > 0),
        duels             INTEGER NOT NULL DEFAULT 1 CHECK (duels IN (0, 1)),
        locale            TEXT,
        version           INTEGER NOT NULL CHECK (version > 0),
        updated_at        TEXT    NOT NULL
    )
    """,
        "CREATE INDEX guild_settings_idle ON guild_settings (idle_minutes, guild_id) "
        "WHERE idle_minutes IS NOT NULL",
    ),
)
