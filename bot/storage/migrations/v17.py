"""Schema version 17: an adaptive record may be ultimate's, stored with size 9.

Frozen once released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import ByDialect, Migration

# -- version 17: ultimate's adaptive records ---------------------------------------------------
#
# Ultimate tic-tac-toe gained the adaptive level (issue 36); a member's record against it is
# kept beside the classic sizes' with size 9, its grid's side (as its games are, migration 10),
# so the check on ``adaptive_records.size`` widens from (3, 4, 5) to (3, 4, 5, 9). Solo ratings
# stay classic-only: ultimate's levels have no measured ratings. Widening a check changes no
# stored row, so SQLite edits the table's SQL in place, as migration 10 does (a table made and
# dropped again makes every other connection reload the schema); PostgreSQL replaces the
# constraint, named after its table and column.

MIGRATION = Migration(
    17,
    "an adaptive record may be ultimate tic-tac-toe's (size 9)",
    (
        ByDialect(sqlite="PRAGMA writable_schema = ON", postgresql=None),
        ByDialect(
            sqlite="UPDATE sqlite_schema SET sql = replace(sql, "
            "'CHECK (size IN (3, 4, 5))', 'CHECK (size IN (3, 4, 5, 9))') "
            "WHERE type = 'table' AND name = 'adaptive_records'",
            postgresql="ALTER TABLE adaptive_records DROP CONSTRAINT adaptive_records_size_check, "
            "ADD CONSTRAINT adaptive_records_size_check CHECK (size IN (3, 4, 5, 9))",
        ),
        ByDialect(sqlite="PRAGMA writable_schema = RESET", postgresql=None),
        ByDialect(sqlite="CREATE TABLE schema_v17 (done INTEGER)", postgresql=None),
        ByDialect(sqlite="DROP TABLE schema_v17", postgresql=None),
    ),
)
