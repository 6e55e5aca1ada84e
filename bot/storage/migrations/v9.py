"""Schema version 9: a member's history, page by page.

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

# -- version 9: a member's history ---------------------------------------------------------------
#
# A member's history lists their games with a result, newest first, ten at a time, each page
# after the last id of the one before (``GameSql.history_before``), everywhere or in one server.
# V1's games_by_x_member and games_by_o_member hold (member, status): a member's games come out
# of them in status order, so a page had to read all the member's games and sort them, and in one
# server PostgreSQL read the whole server's games too (games_by_guild, in a bitmap): 0.7 to 7.8 ms
# a page on 1,000,000 games, growing with the member's games and with the server's. These hold
# each seat's games with a result in id order, everywhere and per server: a page reads its ten
# entries per seat and stops (0.05 to 0.2 ms there). Only games with a result and a member in the
# seat are in them, so a move of a running game never touches them. The predicate is spelled as
# the query spells it: SQLite reads a partial index only for a query naming its terms as written.

MIGRATION = Migration(
    9,
    "each seat's games with a result in id order, everywhere and per server, for a history",
    (
        "CREATE INDEX games_history_x ON games (x_member_id, id) WHERE x_member_id IS NOT NULL "
        "AND status IN ('won', 'lost', 'drawn', 'resigned')",
        "CREATE INDEX games_history_o ON games (o_member_id, id) WHERE o_member_id IS NOT NULL "
        "AND status IN ('won', 'lost', 'drawn', 'resigned')",
        "CREATE INDEX games_history_x_guild ON games (x_member_id, guild_id, id) "
        "WHERE x_member_id IS NOT NULL AND status IN ('won', 'lost', 'drawn', 'resigned')",
        "CREATE INDEX games_history_o_guild ON games (o_member_id, guild_id, id) "
        "WHERE o_member_id IS NOT NULL AND status IN ('won', 'lost', 'drawn', 'resigned')",
    ),
)
