"""Schema version 6: a move's save rewrites no indexed column.

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import ByDialect, Migration

# -- version 6: a move's save rewrites no indexed column ------------------------------------------
#
# V4's sweep index held ``updated_at``, which every save rewrites: so every move's UPDATE wrote a
# new entry into each of the table's seven indexes, and on PostgreSQL none could be a HOT
# update (a new row version in the same page, no index touched), which needs every indexed
# column unchanged. ``saved_minute`` is ``updated_at`` in whole minutes since 1970-01-01 UTC
# (``rows.saved_minute``, written by every save); the sweep's index holds it instead, so a save
# changes an indexed value at most once a minute per game and the other moves' saves touch no
# index. (PostgreSQL compares the values, not the columns named: rewriting the same minute
# keeps a save HOT.) The sweep pages in ``(saved_minute, id)`` order and still compares
# ``updated_at`` itself, so a game saved within the last minute is never expired early.
# Existing rows get their minute from ``updated_at`` (SQLite's ``%s`` of the text without its
# fraction, which it would round); a row written without one (by hand) has 0 and is simply
# looked at first. PostgreSQL also leaves 30 % of each new page of ``games`` free
# (``fillfactor``), so a move's new row version fits in its page; SQLite has no such setting.

MIGRATION = Migration(
    6,
    "the sweep's index holds the minute a game was saved, so a move's save touches no index",
    (
        "ALTER TABLE games ADD COLUMN saved_minute BIGINT NOT NULL DEFAULT 0",
        ByDialect(
            sqlite="UPDATE games SET saved_minute = "
            "CAST(strftime('%s', substr(updated_at, 1, 19)) AS INTEGER) / 60",
            postgresql="UPDATE games SET saved_minute = "
            "floor(extract(epoch FROM updated_at::timestamptz) / 60)::bigint",
        ),
        "DROP INDEX games_active_since",
        "CREATE INDEX games_idle_since ON games (saved_minute, id) WHERE status = 'active'",
        ByDialect(sqlite=None, postgresql="ALTER TABLE games SET (fillfactor = 70)"),
    ),
)
