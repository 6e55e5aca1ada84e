"""Schema version 5: a channel holds a running game or an open challenge, never both.

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import ByDialect, Migration

# -- version 5: a channel holds a running game or an open challenge, never both ------------------
#
# V1 and V3 keep one ACTIVE game and one OPEN challenge per channel (unique indexes); this makes
# the rule between the two tables part of the schema too, so a store starts a game or opens a
# challenge with its INSERT alone instead of checking the channel first. Triggers fire before a
# game is inserted ACTIVE or updated into ACTIVE from another status (``update`` may do that),
# and before a challenge is inserted OPEN, and refuse the row if its channel already has an
# ACTIVE game (``channel_has_active_game``) or an OPEN challenge (``channel_has_open_challenge``):
# the name the store reads to tell the player which (SQLite: the error's message; PostgreSQL:
# a unique_violation whose constraint has that name). No UPDATE of a challenge makes one OPEN
# (each matches open rows only, ``rows.GameSql``), so challenges need no update trigger.
#
# SQLite runs one writer at a time (every write is BEGIN IMMEDIATE), so its triggers just look.
# PostgreSQL's READ COMMITTED would let two inserts look at once, see nothing, and both succeed,
# so its trigger function first takes the channel's transaction-scoped advisory lock, the key
# ``postgres_store._hold_channel`` takes (CHANNEL_LOCK = 0x74746368 = 1953784680). Then it
# looks: a VOLATILE PL/pgSQL function takes a fresh snapshot for each statement it runs, so the
# look, taken after the lock was granted, sees everything the lock's previous holder committed
# (locks are released after the commit is visible); and every birth of an ACTIVE game or OPEN
# challenge runs this trigger, so none can slip in between the lock and the insert. VOLATILE
# is written out because it is the point: a STABLE function would look with the snapshot of
# the INSERT, taken before the lock was waited for, and two racing inserts could both pass.
# Taking the lock again in a transaction that holds it (``_hold_channel``) is free.
#
# Deadlocks: a transaction that takes a channel lock takes it before any other lock (first
# thing, ``_hold_channel``; or in the trigger of its single statement, whose members' names are
# written after the game's row), and one channel's only, so nobody waits for a channel lock
# while holding another lock: the channel locks join no cycle. After it come the row of the
# game being replaced or of the challenge being accepted, then the members' rows, by id
# (``rows.member_rows``). The one exception is an update of an ended game back into ACTIVE,
# which takes the lock while holding that game's row: no program path does it, and should one
# meet an insert replacing that very game, PostgreSQL's deadlock detector ends one of the two
# (its player hears the store is unavailable, nothing written).

_SQLITE_CHANNEL_IS_FREE = """
    BEGIN
        SELECT RAISE(ABORT, 'channel_has_active_game') FROM games
         WHERE channel_id = NEW.channel_id AND status = 'active';
        SELECT RAISE(ABORT, 'channel_has_open_challenge') FROM challenges
         WHERE channel_id = NEW.channel_id AND status = 'open';
    END
    """
"""The body of V5's three SQLite triggers, frozen with them (SQLite has no functions to share;
PostgreSQL's triggers share ``channel_is_free()``)."""

MIGRATION = Migration(
    5,
    "a channel holds a running game or an open challenge, never both",
    (
        ByDialect(
            sqlite=None,
            postgresql="""
    CREATE FUNCTION channel_is_free() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
        PERFORM pg_advisory_xact_lock(1953784680, (NEW.channel_id % 2147483647)::integer);
        IF EXISTS (SELECT 1 FROM games WHERE channel_id = NEW.channel_id AND status = 'active') THEN
            RAISE unique_violation USING CONSTRAINT = 'channel_has_active_game',
                MESSAGE = 'channel ' || NEW.channel_id || ' already has an active game';
        END IF;
        IF EXISTS (SELECT 1 FROM challenges WHERE channel_id = NEW.channel_id AND status = 'open') THEN
            RAISE unique_violation USING CONSTRAINT = 'channel_has_open_challenge',
                MESSAGE = 'channel ' || NEW.channel_id || ' already has an open challenge';
        END IF;
        RETURN NEW;
    END
    $$
    """,
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER games_start_in_a_free_channel BEFORE INSERT ON games
    WHEN NEW.status = 'active'"""
            + _SQLITE_CHANNEL_IS_FREE,
            postgresql="CREATE TRIGGER games_start_in_a_free_channel BEFORE INSERT ON games "
            "FOR EACH ROW WHEN (NEW.status = 'active') EXECUTE FUNCTION channel_is_free()",
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER games_restart_in_a_free_channel BEFORE UPDATE OF status ON games
    WHEN NEW.status = 'active' AND OLD.status <> 'active'"""
            + _SQLITE_CHANNEL_IS_FREE,
            postgresql="CREATE TRIGGER games_restart_in_a_free_channel BEFORE UPDATE OF status "
            "ON games FOR EACH ROW WHEN (NEW.status = 'active' AND OLD.status <> 'active') "
            "EXECUTE FUNCTION channel_is_free()",
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER challenges_open_in_a_free_channel BEFORE INSERT ON challenges
    WHEN NEW.status = 'open'"""
            + _SQLITE_CHANNEL_IS_FREE,
            postgresql="CREATE TRIGGER challenges_open_in_a_free_channel BEFORE INSERT ON "
            "challenges FOR EACH ROW WHEN (NEW.status = 'open') EXECUTE FUNCTION channel_is_free()",
        ),
    ),
)
