"""Schema version 15: games and challenges in chats that take answers only (issue 37).

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

# -- version 15: answers only ----------------------------------------------------------------------
#
# A member's own install of the Discord app plays in DMs and group DMs the bot is not in: there
# it may only answer the members' own clicks and commands, never post or edit on its own. A
# game or challenge made there says so (1), and keeps saying so for its rematches and its duel:
# no board is owed for it, no expiry announced. Every row before this version was made where
# the bot posts (0).

MIGRATION = Migration(
    15,
    "games and challenges in chats where the bot only answers the members",
    (
        "ALTER TABLE games ADD COLUMN answers_only INTEGER NOT NULL DEFAULT 0"
        " CHECK (answers_only IN (0, 1))",
        "ALTER TABLE challenges ADD COLUMN answers_only INTEGER NOT NULL DEFAULT 0"
        " CHECK (answers_only IN (0, 1))",
    ),
)
