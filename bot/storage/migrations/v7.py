"""Schema version 7: the sweep's index serves the sweep only.

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

# -- version 7: the sweep's index serves the sweep only -------------------------------------------
#
# A channel's running game is looked up by ``channel_id = ? AND status = 'active'``: by V5's
# trigger at every start (``channel_is_free()``) and by the store's ``active_game``. V6's
# ``games_idle_since`` has the same predicate as V1's ``games_one_active_per_channel``, so it
# could answer that lookup too, by reading every active game's entry. PostgreSQL picks it when
# the table has no statistics yet (a new database, before autovacuum first analyzes it): both
# look equally cheap then, and a PL/pgSQL function keeps the plan it chose for as long as its
# connection lives. Each start then read all the running games (1,210 entries a start, 0.8 ms of
# the server's CPU, in bench/games.py at 1,000 moves a second, whose p99 it tripled). The new
# predicate adds ``saved_minute IS NOT NULL``, always true (the column is NOT NULL), so only a
# query that implies it can read the index: the sweep names it (``GameSql.idle_page``; SQLite
# needs the term itself, PostgreSQL would also infer it from ``saved_minute <= ?``), a lookup by
# channel does not, and no statistics can lead that lookup here any more.

MIGRATION = Migration(
    7,
    "the sweep's index serves only the sweep, so looking up a channel never reads it",
    (
        "DROP INDEX games_idle_since",
        "CREATE INDEX games_idle_since ON games (saved_minute, id) "
        "WHERE status = 'active' AND saved_minute IS NOT NULL",
    ),
)
