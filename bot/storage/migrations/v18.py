"""Schema version 18: games, challenges, results and adaptive records store the kind of game.

Frozen once released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import ByDialect, Migration

# -- version 18: the kind of game is stored -------------------------------------------------------
#
# Until now the kind of a game was its size: 9 meant ultimate, any other size classic
# (migration 10), in the program (``rows.stored_kind``) and in migration 11's tally triggers
# and PostgreSQL function. Two kinds could never share a size, and every new kind would have
# needed a migration to teach those triggers its size. Now ``games``, ``challenges``,
# ``records`` and ``adaptive_records`` carry a ``kind`` column (the kind's name, as
# ``find_variant`` knows it), written by the program and copied by the triggers, so a new kind
# of game needs no migration at all. Each is filled once here by the old rule.
#
# ``games`` and ``challenges`` gain the column in place. SQLite adds it with a default (a column
# added NOT NULL must have one), writes every row with its kind, then takes the default out of
# the table's SQL, so a row written without a kind is refused rather than taken for classic.
# Every row is written first because a row stored before ADD COLUMN holds no value for the
# column and reads as the column's default: with the default gone it would read as NULL.
# PostgreSQL keeps that value for its old rows itself, so only ultimate ones are updated.
#
# ``records`` and ``adaptive_records`` gain ``kind`` in their keys (two kinds may share a size:
# a member's results and adaptive record on one kind's board are not another's), so they are
# copied through a temporary table into their new shape, as migration 11 copied ``ratings``.
#
# Checks that listed the kinds' names or sizes are loosened, since a new kind would break them:
# ``standings`` and ``ratings`` checked ``kind IN ('classic', 'ultimate')``, ``games`` checked
# ``size BETWEEN 3 AND 9``, ``adaptive_records`` ``size IN (3, 4, 5, 9)``. Each now asks only
# for a kind that is not empty and a positive size; the program refuses a kind or a size no
# variant knows when it reads the row (``rows.from_row``). SQLite edits the checks in the
# table's SQL (loosening a check or dropping a default changes no stored row), reloads the
# schema, and makes and drops a table so every other connection reloads it too (migrations 10
# and 17); PostgreSQL replaces the constraints, named after their table and column. Solo
# ratings and puzzles are classic tic-tac-toe's alone and keep their checks.
#
# The tally triggers (SQLite) and ``games_tally_add`` (PostgreSQL) copy ``kind`` into
# ``records`` and ``standings`` instead of computing it from the size. SQLite's update trigger,
# and PostgreSQL's made again, also fire when a game's kind or size changes, so the totals stay
# a recount of the games whatever an operator edits (PostgreSQL's ignored a change of size).

_NEW_SEATS = """
        SELECT seat.member_id AS member_id,
               NEW.guild_id IS NOT NULL AS in_guild,
               COALESCE(NEW.guild_id, 0) AS guild_id,
               NEW.kind AS kind,
               NEW.level AS level,
               NEW.size AS size,
               1 * (CASE WHEN NEW.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               1 * (CASE WHEN NEW.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               1 * (CASE WHEN NEW.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT NEW.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT NEW.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND NEW.status IN ('won', 'lost', 'drawn', 'resigned')"""
"""Each member seat of the new row with its result (+1), in a tally trigger."""

_OLD_SEATS = _NEW_SEATS.replace("NEW.", "OLD.").replace(" 1 * (", " -1 * (")
"""Each member seat of the old row with its result taken back (-1)."""


def _tally(seats: str) -> str:
    """The statements of a tally trigger that add ``seats`` (rows shaped as ``_NEW_SEATS``) to
    ``records`` and, duels left out, to ``standings``. Frozen with this migration."""
    return f"""
        INSERT INTO records (member_id, in_guild, guild_id, kind, level, size, wins, losses, draws)
        SELECT member_id, in_guild, guild_id, kind, level, size, SUM(wins), SUM(losses), SUM(draws)
          FROM ({seats}) GROUP BY member_id, in_guild, guild_id, kind, level, size
        ON CONFLICT (member_id, in_guild, guild_id, kind, level, size) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;
        INSERT INTO standings (in_guild, guild_id, kind, member_id, wins, losses, draws, name_key)
        SELECT c.in_guild, c.guild_id, c.kind, c.member_id, SUM(c.wins), SUM(c.losses), SUM(c.draws),
               COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = c.member_id), 'member ' || c.member_id)
          FROM ({seats}) AS c WHERE c.level <> 'duel' GROUP BY c.in_guild, c.guild_id, c.kind, c.member_id
        ON CONFLICT (in_guild, guild_id, kind, member_id) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;"""


_ZEROS_REMOVED = """
        DELETE FROM records WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
           AND wins = 0 AND losses = 0 AND draws = 0;
        DELETE FROM standings WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
           AND wins = 0 AND losses = 0 AND draws = 0;"""
"""After a game's result is taken back, the totals that fell to all zeros go (migration 2)."""

_KIND_BY_SIZE = "CASE WHEN size = 9 THEN 'ultimate' ELSE 'classic' END"
"""The old rule, used here once to fill the new columns."""

MIGRATION = Migration(
    18,
    "games, challenges, results and adaptive records store the kind of game",
    (
        ByDialect(sqlite="DROP TRIGGER games_tally_insert", postgresql=None),
        ByDialect(sqlite="DROP TRIGGER games_tally_update", postgresql=None),
        ByDialect(sqlite="DROP TRIGGER games_tally_delete", postgresql=None),
        # The kind of each game and challenge.
        "ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'classic' CHECK (kind <> '')",
        ByDialect(
            sqlite=f"UPDATE games SET kind = {_KIND_BY_SIZE}",
            postgresql="UPDATE games SET kind = 'ultimate' WHERE size = 9",
        ),
        "ALTER TABLE challenges ADD COLUMN kind TEXT NOT NULL DEFAULT 'classic' CHECK (kind <> '')",
        ByDialect(
            sqlite=f"UPDATE challenges SET kind = {_KIND_BY_SIZE}",
            postgresql="UPDATE challenges SET kind = 'ultimate' WHERE size = 9",
        ),
        # No default kind, and no check that lists the kinds or their sizes.
        ByDialect(sqlite="PRAGMA writable_schema = ON", postgresql=None),
        ByDialect(
            sqlite="UPDATE sqlite_schema SET sql = replace(replace(sql, "
            "'kind TEXT NOT NULL DEFAULT ''classic'' CHECK', 'kind TEXT NOT NULL CHECK'), "
            "'CHECK (size BETWEEN 3 AND 9)', 'CHECK (size > 0)') "
            "WHERE type = 'table' AND name IN ('games', 'challenges')",
            postgresql=None,
        ),
        ByDialect(
            sqlite="UPDATE sqlite_schema SET sql = replace(sql, "
            "'CHECK (kind IN (''classic'', ''ultimate''))', 'CHECK (kind <> '''')') "
            "WHERE type = 'table' AND name IN ('standings', 'ratings')",
            postgresql=None,
        ),
        ByDialect(sqlite="PRAGMA writable_schema = RESET", postgresql=None),
        ByDialect(sqlite="CREATE TABLE schema_v18 (done INTEGER)", postgresql=None),
        ByDialect(sqlite="DROP TABLE schema_v18", postgresql=None),
        ByDialect(
            sqlite=None,
            postgresql="ALTER TABLE games ALTER COLUMN kind DROP DEFAULT, "
            "DROP CONSTRAINT games_size_check, ADD CONSTRAINT games_size_check CHECK (size > 0)",
        ),
        ByDialect(sqlite=None, postgresql="ALTER TABLE challenges ALTER COLUMN kind DROP DEFAULT"),
        ByDialect(
            sqlite=None,
            postgresql="ALTER TABLE standings DROP CONSTRAINT standings_kind_check, "
            "ADD CONSTRAINT standings_kind_check CHECK (kind <> '')",
        ),
        ByDialect(
            sqlite=None,
            postgresql="ALTER TABLE ratings DROP CONSTRAINT ratings_kind_check, "
            "ADD CONSTRAINT ratings_kind_check CHECK (kind <> '')",
        ),
        # Each member's results per scope, kind, level and size.
        "CREATE TEMPORARY TABLE records_v17 AS SELECT member_id, in_guild, guild_id, level, size, "
        "wins, losses, draws FROM records",
        "DROP TABLE records",
        ByDialect(
            sqlite="""
    CREATE TABLE records (            -- per member, scope, kind of game, level and size played
        member_id INTEGER NOT NULL,
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),   -- 0: no server (terminal)
        guild_id  INTEGER NOT NULL,                              -- 0 when in_guild = 0
        kind      TEXT    NOT NULL CHECK (kind <> ''),
        level     TEXT    NOT NULL,                              -- 'duel' between members
        size      INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        losses    INTEGER NOT NULL,
        draws     INTEGER NOT NULL,
        PRIMARY KEY (member_id, in_guild, guild_id, kind, level, size)
    ) WITHOUT ROWID
    """,
            postgresql="""
    CREATE TABLE records (            -- per member, scope, kind of game, level and size played
        member_id BIGINT  NOT NULL,
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),   -- 0: no server (terminal)
        guild_id  BIGINT  NOT NULL,                              -- 0 when in_guild = 0
        kind      TEXT    NOT NULL CHECK (kind <> ''),
        level     TEXT    NOT NULL,                              -- 'duel' between members
        size      INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        losses    INTEGER NOT NULL,
        draws     INTEGER NOT NULL,
        PRIMARY KEY (member_id, in_guild, guild_id, kind, level, size)
    )
    """,
        ),
        "INSERT INTO records (member_id, in_guild, guild_id, kind, level, size, wins, losses, "
        f"draws) SELECT member_id, in_guild, guild_id, {_KIND_BY_SIZE}, level, size, wins, "
        "losses, draws FROM records_v17",
        "DROP TABLE records_v17",
        # Each member's record against the adaptive level per kind and size.
        "CREATE TEMPORARY TABLE adaptive_records_v17 AS "
        "SELECT member_id, size, rating, games FROM adaptive_records",
        "DROP TABLE adaptive_records",
        """
    CREATE TABLE adaptive_records (
        member_id BIGINT  NOT NULL,
        kind      TEXT    NOT NULL CHECK (kind <> ''),
        size      INTEGER NOT NULL CHECK (size > 0),
        rating    INTEGER NOT NULL,
        games     INTEGER NOT NULL CHECK (games >= 0),
        PRIMARY KEY (member_id, kind, size)
    )
    """,
        "INSERT INTO adaptive_records (member_id, kind, size, rating, games) "
        f"SELECT member_id, {_KIND_BY_SIZE}, size, rating, games FROM adaptive_records_v17",
        "DROP TABLE adaptive_records_v17",
        # The tally copies each game's kind: PostgreSQL's function, and its update trigger made
        # again to fire on a change of kind or size; SQLite's three triggers.
        ByDialect(
            sqlite=None,
            postgresql="""
    CREATE OR REPLACE FUNCTION games_tally_add(game games, direction integer) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
        IF game.status NOT IN ('won', 'lost', 'drawn', 'resigned') THEN
            RETURN;
        END IF;
        INSERT INTO records AS r (member_id, in_guild, guild_id, kind, level, size, wins, losses, draws)
        SELECT seat.member_id, (game.guild_id IS NOT NULL)::integer, COALESCE(game.guild_id, 0),
               game.kind, game.level, game.size,
               SUM(direction * CASE WHEN game.winner = seat.mark THEN 1 ELSE 0 END),
               SUM(direction * CASE WHEN game.winner <> seat.mark THEN 1 ELSE 0 END),
               SUM(direction * CASE WHEN game.winner IS NULL THEN 1 ELSE 0 END)
          FROM (VALUES (game.x_member_id, 'X'), (game.o_member_id, 'O')) AS seat (member_id, mark)
         WHERE seat.member_id IS NOT NULL
         GROUP BY seat.member_id
        ON CONFLICT (member_id, in_guild, guild_id, kind, level, size) DO UPDATE SET
            wins = r.wins + excluded.wins, losses = r.losses + excluded.losses,
            draws = r.draws + excluded.draws;
        IF game.level = 'duel' THEN
            RETURN;
        END IF;
        INSERT INTO standings AS s (in_guild, guild_id, kind, member_id, wins, losses, draws, name_key)
        SELECT (game.guild_id IS NOT NULL)::integer, COALESCE(game.guild_id, 0),
               game.kind, seat.member_id,
               SUM(direction * CASE WHEN game.winner = seat.mark THEN 1 ELSE 0 END),
               SUM(direction * CASE WHEN game.winner <> seat.mark THEN 1 ELSE 0 END),
               SUM(direction * CASE WHEN game.winner IS NULL THEN 1 ELSE 0 END),
               COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = seat.member_id), 'member ' || seat.member_id)
          FROM (VALUES (game.x_member_id, 'X'), (game.o_member_id, 'O')) AS seat (member_id, mark)
         WHERE seat.member_id IS NOT NULL
         GROUP BY seat.member_id
        ON CONFLICT (in_guild, guild_id, kind, member_id) DO UPDATE SET
            wins = s.wins + excluded.wins, losses = s.losses + excluded.losses,
            draws = s.draws + excluded.draws;
    END
    $$
    """,
        ),
        ByDialect(sqlite=None, postgresql="DROP TRIGGER games_tally_update ON games"),
        ByDialect(
            sqlite=None,
            postgresql="CREATE TRIGGER games_tally_update AFTER UPDATE ON games FOR EACH ROW "
            "WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.winner IS DISTINCT FROM NEW.winner "
            "OR OLD.level IS DISTINCT FROM NEW.level OR OLD.size IS DISTINCT FROM NEW.size "
            "OR OLD.kind IS DISTINCT FROM NEW.kind OR OLD.guild_id IS DISTINCT FROM NEW.guild_id "
            "OR OLD.x_member_id IS DISTINCT FROM NEW.x_member_id "
            "OR OLD.o_member_id IS DISTINCT FROM NEW.o_member_id) "
            "EXECUTE FUNCTION games_tally()",
        ),
        ByDialect(
            sqlite=f"""
    CREATE TRIGGER games_tally_insert AFTER INSERT ON games
    WHEN NEW.status IN ('won', 'lost', 'drawn', 'resigned')
    BEGIN{_tally(_NEW_SEATS)}
    END
    """,
            postgresql=None,
        ),
        ByDialect(
            sqlite=f"""
    CREATE TRIGGER games_tally_update AFTER UPDATE ON games
    WHEN OLD.status IS NOT NEW.status OR OLD.winner IS NOT NEW.winner OR OLD.level IS NOT NEW.level OR OLD.size IS NOT NEW.size OR OLD.kind IS NOT NEW.kind OR OLD.guild_id IS NOT NEW.guild_id OR OLD.x_member_id IS NOT NEW.x_member_id OR OLD.o_member_id IS NOT NEW.o_member_id
    BEGIN{_tally(_OLD_SEATS + " UNION ALL" + _NEW_SEATS)}{_ZEROS_REMOVED}
    END
    """,
            postgresql=None,
        ),
        ByDialect(
            sqlite=f"""
    CREATE TRIGGER games_tally_delete AFTER DELETE ON games
    WHEN OLD.status IN ('won', 'lost', 'drawn', 'resigned')
    BEGIN{_tally(_OLD_SEATS)}{_ZEROS_REMOVED}
    END
    """,
            postgresql=None,
        ),
    ),
)
