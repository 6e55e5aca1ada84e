"""Schema version 14: the boards owed to a channel (issue 35).

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

# -- version 14: boards owed ---------------------------------------------------------------------
#
# A save an adapter will show (a move, a start, a resignation, an accepted duel) writes a row
# here in its own transaction: the game's board at ``version`` (or later) is owed to its
# channel until the adapter says it was shown, which deletes the row. One row per game: a
# newer save raises ``version``. A row whose board could not be shown (Discord refused, the
# process stopped) is tried again by a sweep from ``due_at`` on, ``attempts`` counting the
# failures; ``owed_since`` says how late it is. The sweep reads in ``due_at`` order, hence the
# index. Timestamps are ISO 8601 in UTC, as everywhere in this schema.

MIGRATION = Migration(
    14,
    "the boards owed to a channel until an adapter has shown them",
    (
        """
    CREATE TABLE boards_owed (
        game_id    BIGINT  PRIMARY KEY REFERENCES games (id),
        version    INTEGER NOT NULL CHECK (version >= 0),
        attempts   INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        due_at     TEXT    NOT NULL,
        owed_since TEXT    NOT NULL
    )
    """,
        "CREATE INDEX boards_owed_due ON boards_owed (due_at, game_id)",
    ),
)
