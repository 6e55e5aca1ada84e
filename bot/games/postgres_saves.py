"""Many games' compare-and-set saves in one PostgreSQL statement (see ``bot.games.batching``).

``SAVE_MANY`` takes the games as one JSON array (``json_to_recordset``), so one prepared
statement serves any batch size. It is the statement every move runs, so it is sent through
libpq directly (``bot.games.postgres_wire``).

Each game is saved only over the version it was read at, as ``GameSql.update`` does one at a
time, and only if no other transaction holds its row (``SKIP LOCKED``, taking the lock an
UPDATE of non-key columns takes): a game another process holds never delays the others in
its batch.

A game the batch did not save (its version moved, its row was locked or is missing) is
answered ``False`` and its caller saves it alone, which says which it was. The statement may
still wait on a running total's row (the totals' triggers), at most the lock timeout; then the
whole batch is saved game by game (``PostgresGameStore._save_batch``).

Each game is found by its key alone, one index lookup per game (a LATERAL subquery), and
updated at the row version that lookup locked (its ``ctid``: a TID scan). PostgreSQL keeps the
plan it made at a statement's first executions, and on a new database, before autovacuum first
analyzes ``games``, it planned a plain join of the batch with ``games`` as a hash join over the
whole table: each batch then read every game (15 million rows in a ten-second run of
bench/games.py) until the table was analyzed. The version is compared after the lookup, so the
planner expects few games to pass and updates them one by one, whatever it knows of the table.
A game another transaction saved since the statement began is locked at its newest version,
whose version no longer matches: it is not saved, as above.
"""

from __future__ import annotations

import json

from bot.games.postgres_wire import PreparedStatement
from bot.games.rows import COLUMNS

TYPES = {
    "id": "bigint",
    "version": "integer",
    "moves": "text",
    "status": "text",
    "winner": "text",
    "updated_at": "text",
    "message_id": "bigint",
    "saved_minute": "bigint",
}
"""The PostgreSQL type of the key and of each column a save compares or rewrites
(``Column.updated``)."""

SAVED = [column.name for column in COLUMNS if column.updated]
KEYS = ("id", "version", *SAVED)
"""The row keys (``rows.to_row``) the statement reads, one field each."""
if sorted(KEYS) != sorted(TYPES):  # a new updated column needs its type here
    raise AssertionError(f"TYPES must give a type for exactly {KEYS}")

_fields = ", ".join(f"{name} {TYPES[name]}" for name in KEYS)
SAVE_MANY = PreparedStatement(
    "tictactoe_save_many",
    f"WITH v AS (SELECT * FROM json_to_recordset(%(rows)s::json) AS v({_fields})), "
    "free AS (SELECT g.tid, v.* FROM v CROSS JOIN LATERAL (SELECT ctid AS tid, version "
    "FROM games WHERE id = v.id FOR NO KEY UPDATE SKIP LOCKED) AS g "
    "WHERE g.version = v.version) "
    f"UPDATE games AS g SET {', '.join(f'{name} = f.{name}' for name in SAVED)}, "
    "version = g.version + 1 FROM free AS f WHERE g.ctid = f.tid RETURNING g.id",
)


def parameters(rows: list[dict[str, object]]) -> dict[str, str]:
    """``SAVE_MANY``'s one parameter for ``rows`` (``rows.to_row``, each game's id once):
    the games as one JSON array of objects. One text is cheaper to send than an array per
    column, and a row holds only ints, None and text without NUL (``to_row``), which JSON
    keeps exactly."""
    return {"rows": json.dumps([{name: row[name] for name in KEYS} for row in rows])}


def first_of_each_game(rows: list[dict[str, object]]) -> list[bool]:
    """Which of ``rows`` go into the statement: the first row of each game. A later row of
    the same game is answered "not saved" (two saves over one version: one comes first)."""
    seen: set[object] = set()
    firsts = []
    for row in rows:
        firsts.append(row["id"] not in seen)
        seen.add(row["id"])
    return firsts
