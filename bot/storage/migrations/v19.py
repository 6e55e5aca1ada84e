"""Schema version 19: a solo rating may be on any kind's board, not only classic's sizes.

Frozen once released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import ByDialect, Migration

# -- version 19: solo ratings on every kind's board ---------------------------------------------
#
# Connect Four (issue 45) is the first kind besides classic whose levels' ratings are measured
# closely enough to rate members against, so its games move a solo rating, kept under its one
# size, 7 (its columns). ``solo_ratings`` checked ``size IN (3, 4, 5)``, classic's sizes; like
# the checks migration 18 loosened, it now asks only for a positive size. A solo rating's size
# names its board: the kinds whose games move one never share a size
# (``tests/games/variants/test_registry.py``), so the key needs no kind. Loosening a check changes no stored row: SQLite edits the table's SQL in
# place and makes and drops a table so every other connection reloads the schema (migrations 10,
# 17 and 18); PostgreSQL replaces the constraint, named after its table and column.

MIGRATION = Migration(
    19,
    "a solo rating may be on any kind's board (Connect Four's)",
    (
        ByDialect(sqlite="PRAGMA writable_schema = ON", postgresql=None),
        ByDialect(
            sqlite="UPDATE sqlite_schema SET sql = replace(sql, "
            "'CHECK (size IN (3, 4, 5))', 'CHECK (size > 0)') "
            "WHERE type = 'table' AND name = 'solo_ratings'",
            postgresql="ALTER TABLE solo_ratings DROP CONSTRAINT solo_ratings_size_check, "
            "ADD CONSTRAINT solo_ratings_size_check CHECK (size > 0)",
        ),
        ByDialect(sqlite="PRAGMA writable_schema = RESET", postgresql=None),
        ByDialect(sqlite="CREATE TABLE schema_v19 (done INTEGER)", postgresql=None),
        ByDialect(sqlite="DROP TABLE schema_v19", postgresql=None),
    ),
)
