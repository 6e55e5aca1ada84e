"""Schema version 10: ultimate tic-tac-toe's games, stored with board size 9.

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import ByDialect, Migration

# -- version 10: ultimate games ----------------------------------------------------------------
#
# V1 let a game's size be 3 to 6; an ultimate game is stored with size 9 (its moves as
# row * 9 + col on the 9x9 grid), so the check widens to 3 to 9. Widening a check changes no
# stored row, so SQLite edits the table's SQL in place (its documented way for a change that
# leaves the file's content alone) instead of copying every game into a new table; it reloads
# the schema, and a table made and dropped again bumps the schema cookie, so every other
# connection reloads it too. PostgreSQL replaces the named constraint.

MIGRATION = Migration(
    10,
    "a game's board size may be 9: ultimate tic-tac-toe",
    (
        ByDialect(sqlite="PRAGMA writable_schema = ON", postgresql=None),
        ByDialect(
            sqlite="UPDATE sqlite_schema SET sql = replace(sql, "
            "'CHECK (size BETWEEN 3 AND 6)', 'CHECK (size BETWEEN 3 AND 9)') "
            "WHERE type = 'table' AND name = 'games'",
            postgresql="ALTER TABLE games DROP CONSTRAINT games_size_check, "
            "ADD CONSTRAINT games_size_check CHECK (size BETWEEN 3 AND 9)",
        ),
        ByDialect(sqlite="PRAGMA writable_schema = RESET", postgresql=None),
        ByDialect(sqlite="CREATE TABLE schema_v10 (done INTEGER)", postgresql=None),
        ByDialect(sqlite="DROP TABLE schema_v10", postgresql=None),
    ),
)
