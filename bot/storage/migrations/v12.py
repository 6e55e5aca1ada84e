"""Schema version 12: each member's standing against the adaptive level and the levels.

Frozen once released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

# -- version 12: solo ratings and the adaptive level's records ----------------------------------
#
# ``adaptive_records`` holds, per member and board size, the rating the adaptive level plays at
# against that member and how many games moved it (bot.engine.classic.adaptive.AdaptiveRecord): one per
# member everywhere, since the level adapts to the player, not to the server. ``solo_ratings``
# holds each member's Elo rating per scope (as ``ratings``, migration 3) and board size from
# their games against the bot: each size is its own scale. Both are written by the save that
# first counts a game against the bot, in its transaction (docs/decisions.md). The ranking index
# serves the solo leaderboard, one size of one scope, best first.

MIGRATION = Migration(
    12,
    "each member's rating against the levels per board size, and the adaptive level's record",
    (
        """
    CREATE TABLE adaptive_records (
        member_id BIGINT  NOT NULL,
        size      INTEGER NOT NULL CHECK (size IN (3, 4, 5)),
        rating    INTEGER NOT NULL,
        games     INTEGER NOT NULL CHECK (games >= 0),
        PRIMARY KEY (member_id, size)
    )
    """,
        """
    CREATE TABLE solo_ratings (
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),
        guild_id  BIGINT  NOT NULL,
        member_id BIGINT  NOT NULL,
        size      INTEGER NOT NULL CHECK (size IN (3, 4, 5)),
        rating    INTEGER NOT NULL,
        games     INTEGER NOT NULL CHECK (games >= 0),
        PRIMARY KEY (in_guild, guild_id, member_id, size)
    )
    """,
        "CREATE INDEX solo_ratings_ranking ON solo_ratings "
        "(in_guild, guild_id, size, rating DESC, games DESC)",
    ),
)
