"""Schema version 9: a member's history, page by page.

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

# -- version 9: a member's history ---------------------------------------------------------------
#
# A member's history lists their games with a result, newest first, ten at a time, each page
# after the last id of the one before (``GameSql.history_before``). V1's games_by_x_member and
# games_by_o_member hold (member, status): a member's games come out of them in status order, so
# a page had to read every game of the member and sort them, and PostgreSQL, whose planner
# weighs that against walking the primary key backwards, did either (measured on 1,000,000
# games: up to 7 ms a page, growing with the member's games or with the table). These hold each seat's
# games with a result in id order: a page reads its ten entries per seat and stops, in a server or
# everywhere (0.05 to 0.9 ms on both databases). Only games with a result and a member in the
# seat are in them, so a move of a running game never touches them. The predicate is spelled as
# the query spells it, since SQLite reads a partial index only for a query naming its terms.

MIGRATION = Migration(
    9,
    "each seat's games with a result in id order, for a member's history page by page",
    (
        "CREATE INDEX games_history_x ON games (x_member_id, id) WHERE x_member_id IS NOT NULL "
        "AND status IN ('won', 'lost', 'drawn', 'resigned')",
        "CREATE INDEX games_history_o ON games (o_member_id, id) WHERE o_member_id IS NOT NULL "
        "AND status IN ('won', 'lost', 'drawn', 'resigned')",
    ),
)
