"""Schema version 2: running totals.

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import ByDialect, Migration

# -- version 2: running totals ----------------------------------------------------------------
#
# Stats and leaderboards read two small tables of running totals instead of aggregating every
# finished game on each call. Triggers on ``games`` keep them equal to a recount of the games
# table inside the very statement that changes a game (so in the same transaction that records
# a game's end): a game adds its result when it is inserted or updated into a counted status
# and takes it back if that status or result ever changes again, or the row is deleted. The
# tally is therefore idempotent per game: saving a finished game again changes nothing.
#
# Counting rules (the same as the v1 queries they replace): won/lost/drawn/resigned games
# count, active and expired ones do not; each member seat counts (both, member vs member);
# a seat wins when ``winner`` is its mark, loses when ``winner`` is the other mark (so a
# resignation is the resigner's loss), draws when ``winner`` is NULL.
#
# "No server" (the terminal, guild_id NULL) cannot be a key as NULL: NULLs never conflict in a
# primary key, so every game would add a new row. The totals key the scope by two columns
# instead: ``in_guild`` (1 = a server, 0 = none) and ``guild_id`` (the server, 0 when
# ``in_guild`` is 0), so no real server id, 0 included, can be mistaken for "no server".
#
# The leaderboard breaks ties by name, case-insensitively as Python's ``str.casefold`` does
# (SQLite's lower() only folds ASCII). So that even thousands of tied members cost nothing,
# ``standings`` carries ``name_key`` (the member's latest name, casefolded) in its ranking
# index: ``members.name_key`` is written by the program with the name, and triggers copy it
# into ``standings`` when a member row appears or is renamed.
#
# The three ``games_tally_*`` triggers share one shape: for each member seat of the OLD row
# (sign -1) and/or the NEW row (sign +1) whose status counts, add the signed win, loss and
# draw to ``records`` and ``standings``; after a change or a delete, remove the rows that fell
# back to all zeros, so the tables hold exactly what a recount would.

MIGRATION = Migration(
    2,
    "running totals of results for stats and leaderboards",
    (
        ByDialect(
            sqlite="""
    CREATE TABLE records (            -- per member, scope and level: one row per level played
        member_id INTEGER NOT NULL,
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),   -- 0: no server (terminal)
        guild_id  INTEGER NOT NULL,                              -- 0 when in_guild = 0
        level     TEXT    NOT NULL,
        wins      INTEGER NOT NULL,
        losses    INTEGER NOT NULL,
        draws     INTEGER NOT NULL,
        PRIMARY KEY (member_id, in_guild, guild_id, level)
    ) WITHOUT ROWID
    """,
            postgresql="""
    CREATE TABLE records (            -- per member, scope and level: one row per level played
        member_id BIGINT  NOT NULL,
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),   -- 0: no server (terminal)
        guild_id  BIGINT  NOT NULL,                              -- 0 when in_guild = 0
        level     TEXT    NOT NULL,
        wins      INTEGER NOT NULL,
        losses    INTEGER NOT NULL,
        draws     INTEGER NOT NULL,
        PRIMARY KEY (member_id, in_guild, guild_id, level)
    )
    """,
        ),
        ByDialect(
            sqlite="""
    CREATE TABLE standings (          -- per scope and member, all levels: the leaderboard
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),
        guild_id  INTEGER NOT NULL,
        member_id INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        losses    INTEGER NOT NULL,
        draws     INTEGER NOT NULL,
        name_key  TEXT    NOT NULL,       -- members.name_key, for the name tie-break
        PRIMARY KEY (in_guild, guild_id, member_id)
    ) WITHOUT ROWID
    """,
            # COLLATE "C": names tie-break by code point, as in SQLite, whatever the
            # database's own collation.
            postgresql="""
    CREATE TABLE standings (          -- per scope and member, all levels: the leaderboard
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),
        guild_id  BIGINT  NOT NULL,
        member_id BIGINT  NOT NULL,
        wins      INTEGER NOT NULL,
        losses    INTEGER NOT NULL,
        draws     INTEGER NOT NULL,
        name_key  TEXT    COLLATE "C" NOT NULL,   -- members.name_key, for the name tie-break
        PRIMARY KEY (in_guild, guild_id, member_id)
    )
    """,
        ),
        # The whole leaderboard order (points = 3 per win + 1 per draw, then fewer losses,
        # more wins, name, id), so a LIMIT reads only the top rows, however many are tied.
        ByDialect(
            sqlite="CREATE INDEX standings_ranking ON standings "
            "(in_guild, guild_id, 3 * wins + draws DESC, losses, wins DESC, name_key, member_id)",
            postgresql="CREATE INDEX standings_ranking ON standings (in_guild, guild_id, "
            "(3 * wins + draws) DESC, losses, wins DESC, name_key, member_id)",
        ),
        "CREATE INDEX standings_by_member ON standings (member_id)",
        "ALTER TABLE members ADD COLUMN name_key TEXT NOT NULL DEFAULT ''",
        # casefold() is the SQLite store's own SQL function (str.casefold) on its connection.
        # PostgreSQL has no casefold: lower() comes close, and it only ever runs here on an
        # empty table (no PostgreSQL store was released before version 2).
        ByDialect(
            sqlite="UPDATE members "
            "SET name_key = casefold(COALESCE(NULLIF(name, ''), 'member ' || member_id))",
            postgresql="UPDATE members "
            "SET name_key = lower(COALESCE(NULLIF(name, ''), 'member ' || member_id))",
        ),
        ByDialect(
            sqlite=None,
            postgresql="""
    CREATE FUNCTION members_name_key() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE standings SET name_key = NEW.name_key WHERE member_id = NEW.member_id;
        RETURN NULL;
    END
    $$
    """,
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER members_name_key_insert AFTER INSERT ON members
    BEGIN
        UPDATE standings SET name_key = NEW.name_key WHERE member_id = NEW.member_id;
    END
    """,
            postgresql="CREATE TRIGGER members_name_key_insert AFTER INSERT ON members "
            "FOR EACH ROW EXECUTE FUNCTION members_name_key()",
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER members_name_key_update AFTER UPDATE OF name_key ON members
    WHEN OLD.name_key IS NOT NEW.name_key
    BEGIN
        UPDATE standings SET name_key = NEW.name_key WHERE member_id = NEW.member_id;
    END
    """,
            postgresql="CREATE TRIGGER members_name_key_update AFTER UPDATE OF name_key ON members "
            "FOR EACH ROW WHEN (OLD.name_key IS DISTINCT FROM NEW.name_key) "
            "EXECUTE FUNCTION members_name_key()",
        ),
        # Backfill from the games already played, with the v1 counting rules.
        ByDialect(
            sqlite="""
    INSERT INTO records (member_id, in_guild, guild_id, level, wins, losses, draws)
    SELECT member_id, guild_id IS NOT NULL, COALESCE(guild_id, 0), level,
           COUNT(CASE WHEN winner = mark THEN 1 END),
           COUNT(CASE WHEN winner <> mark THEN 1 END),
           COUNT(CASE WHEN winner IS NULL THEN 1 END)
      FROM (SELECT x_member_id AS member_id, 'X' AS mark, level, guild_id, winner
              FROM games WHERE status IN ('won', 'lost', 'drawn', 'resigned') AND x_member_id IS NOT NULL
            UNION ALL
            SELECT o_member_id, 'O', level, guild_id, winner
              FROM games WHERE status IN ('won', 'lost', 'drawn', 'resigned') AND o_member_id IS NOT NULL)
     GROUP BY member_id, guild_id IS NOT NULL, COALESCE(guild_id, 0), level
    """,
            postgresql="""
    INSERT INTO records (member_id, in_guild, guild_id, level, wins, losses, draws)
    SELECT member_id, (guild_id IS NOT NULL)::integer, COALESCE(guild_id, 0), level,
           COUNT(CASE WHEN winner = mark THEN 1 END),
           COUNT(CASE WHEN winner <> mark THEN 1 END),
           COUNT(CASE WHEN winner IS NULL THEN 1 END)
      FROM (SELECT x_member_id AS member_id, 'X' AS mark, level, guild_id, winner
              FROM games WHERE status IN ('won', 'lost', 'drawn', 'resigned') AND x_member_id IS NOT NULL
            UNION ALL
            SELECT o_member_id, 'O', level, guild_id, winner
              FROM games WHERE status IN ('won', 'lost', 'drawn', 'resigned') AND o_member_id IS NOT NULL) AS seats
     GROUP BY member_id, (guild_id IS NOT NULL)::integer, COALESCE(guild_id, 0), level
    """,
        ),
        ByDialect(
            sqlite="""
    INSERT INTO standings (in_guild, guild_id, member_id, wins, losses, draws, name_key)
    SELECT r.in_guild, r.guild_id, r.member_id, SUM(r.wins), SUM(r.losses), SUM(r.draws),
           COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = r.member_id), 'member ' || r.member_id)
      FROM records AS r GROUP BY r.in_guild, r.guild_id, r.member_id
    """,
            postgresql="""
    INSERT INTO standings (in_guild, guild_id, member_id, wins, losses, draws, name_key)
    SELECT r.in_guild, r.guild_id, r.member_id, SUM(r.wins), SUM(r.losses), SUM(r.draws),
           COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = r.member_id), 'member ' || r.member_id)
      FROM records AS r GROUP BY r.in_guild, r.guild_id, r.member_id
    """,
        ),
        # PostgreSQL writes the tally once, as functions: add one game's result with a sign
        # (+1 or -1), and the trigger function that takes the old row back and adds the new.
        ByDialect(
            sqlite=None,
            postgresql="""
    CREATE FUNCTION games_tally_add(game games, direction integer) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
        IF game.status NOT IN ('won', 'lost', 'drawn', 'resigned') THEN
            RETURN;
        END IF;
        INSERT INTO records AS r (member_id, in_guild, guild_id, level, wins, losses, draws)
        SELECT seat.member_id, (game.guild_id IS NOT NULL)::integer, COALESCE(game.guild_id, 0),
               game.level,
               SUM(direction * CASE WHEN game.winner = seat.mark THEN 1 ELSE 0 END),
               SUM(direction * CASE WHEN game.winner <> seat.mark THEN 1 ELSE 0 END),
               SUM(direction * CASE WHEN game.winner IS NULL THEN 1 ELSE 0 END)
          FROM (VALUES (game.x_member_id, 'X'), (game.o_member_id, 'O')) AS seat (member_id, mark)
         WHERE seat.member_id IS NOT NULL
         GROUP BY seat.member_id
        ON CONFLICT (member_id, in_guild, guild_id, level) DO UPDATE SET
            wins = r.wins + excluded.wins, losses = r.losses + excluded.losses,
            draws = r.draws + excluded.draws;
        INSERT INTO standings AS s (in_guild, guild_id, member_id, wins, losses, draws, name_key)
        SELECT (game.guild_id IS NOT NULL)::integer, COALESCE(game.guild_id, 0), seat.member_id,
               SUM(direction * CASE WHEN game.winner = seat.mark THEN 1 ELSE 0 END),
               SUM(direction * CASE WHEN game.winner <> seat.mark THEN 1 ELSE 0 END),
               SUM(direction * CASE WHEN game.winner IS NULL THEN 1 ELSE 0 END),
               COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = seat.member_id), 'member ' || seat.member_id)
          FROM (VALUES (game.x_member_id, 'X'), (game.o_member_id, 'O')) AS seat (member_id, mark)
         WHERE seat.member_id IS NOT NULL
         GROUP BY seat.member_id
        ON CONFLICT (in_guild, guild_id, member_id) DO UPDATE SET
            wins = s.wins + excluded.wins, losses = s.losses + excluded.losses,
            draws = s.draws + excluded.draws;
    END
    $$
    """,
        ),
        ByDialect(
            sqlite=None,
            postgresql="""
    CREATE FUNCTION games_tally() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP <> 'INSERT' THEN
            PERFORM games_tally_add(OLD, -1);
        END IF;
        IF TG_OP <> 'DELETE' THEN
            PERFORM games_tally_add(NEW, 1);
        END IF;
        IF TG_OP <> 'INSERT' THEN
            DELETE FROM records WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
               AND wins = 0 AND losses = 0 AND draws = 0;
            DELETE FROM standings WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
               AND wins = 0 AND losses = 0 AND draws = 0;
        END IF;
        RETURN NULL;
    END
    $$
    """,
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER games_tally_insert AFTER INSERT ON games
    WHEN NEW.status IN ('won', 'lost', 'drawn', 'resigned')
    BEGIN 
        INSERT INTO records (member_id, in_guild, guild_id, level, wins, losses, draws)
        SELECT member_id, in_guild, guild_id, level, SUM(wins), SUM(losses), SUM(draws)
          FROM (
        SELECT seat.member_id AS member_id,
               NEW.guild_id IS NOT NULL AS in_guild,
               COALESCE(NEW.guild_id, 0) AS guild_id,
               NEW.level AS level,
               1 * (CASE WHEN NEW.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               1 * (CASE WHEN NEW.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               1 * (CASE WHEN NEW.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT NEW.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT NEW.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND NEW.status IN ('won', 'lost', 'drawn', 'resigned')) GROUP BY member_id, in_guild, guild_id, level
        ON CONFLICT (member_id, in_guild, guild_id, level) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;
        INSERT INTO standings (in_guild, guild_id, member_id, wins, losses, draws, name_key)
        SELECT c.in_guild, c.guild_id, c.member_id, SUM(c.wins), SUM(c.losses), SUM(c.draws),
               COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = c.member_id), 'member ' || c.member_id)
          FROM (
        SELECT seat.member_id AS member_id,
               NEW.guild_id IS NOT NULL AS in_guild,
               COALESCE(NEW.guild_id, 0) AS guild_id,
               NEW.level AS level,
               1 * (CASE WHEN NEW.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               1 * (CASE WHEN NEW.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               1 * (CASE WHEN NEW.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT NEW.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT NEW.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND NEW.status IN ('won', 'lost', 'drawn', 'resigned')) AS c GROUP BY c.in_guild, c.guild_id, c.member_id
        ON CONFLICT (in_guild, guild_id, member_id) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;
    END
    """,
            postgresql="CREATE TRIGGER games_tally_insert AFTER INSERT ON games FOR EACH ROW "
            "WHEN (NEW.status IN ('won', 'lost', 'drawn', 'resigned')) "
            "EXECUTE FUNCTION games_tally()",
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER games_tally_update AFTER UPDATE ON games
    WHEN OLD.status IS NOT NEW.status OR OLD.winner IS NOT NEW.winner OR OLD.level IS NOT NEW.level OR OLD.guild_id IS NOT NEW.guild_id OR OLD.x_member_id IS NOT NEW.x_member_id OR OLD.o_member_id IS NOT NEW.o_member_id
    BEGIN 
        INSERT INTO records (member_id, in_guild, guild_id, level, wins, losses, draws)
        SELECT member_id, in_guild, guild_id, level, SUM(wins), SUM(losses), SUM(draws)
          FROM (
        SELECT seat.member_id AS member_id,
               OLD.guild_id IS NOT NULL AS in_guild,
               COALESCE(OLD.guild_id, 0) AS guild_id,
               OLD.level AS level,
               -1 * (CASE WHEN OLD.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               -1 * (CASE WHEN OLD.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               -1 * (CASE WHEN OLD.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT OLD.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT OLD.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND OLD.status IN ('won', 'lost', 'drawn', 'resigned') UNION ALL 
        SELECT seat.member_id AS member_id,
               NEW.guild_id IS NOT NULL AS in_guild,
               COALESCE(NEW.guild_id, 0) AS guild_id,
               NEW.level AS level,
               1 * (CASE WHEN NEW.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               1 * (CASE WHEN NEW.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               1 * (CASE WHEN NEW.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT NEW.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT NEW.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND NEW.status IN ('won', 'lost', 'drawn', 'resigned')) GROUP BY member_id, in_guild, guild_id, level
        ON CONFLICT (member_id, in_guild, guild_id, level) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;
        INSERT INTO standings (in_guild, guild_id, member_id, wins, losses, draws, name_key)
        SELECT c.in_guild, c.guild_id, c.member_id, SUM(c.wins), SUM(c.losses), SUM(c.draws),
               COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = c.member_id), 'member ' || c.member_id)
          FROM (
        SELECT seat.member_id AS member_id,
               OLD.guild_id IS NOT NULL AS in_guild,
               COALESCE(OLD.guild_id, 0) AS guild_id,
               OLD.level AS level,
               -1 * (CASE WHEN OLD.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               -1 * (CASE WHEN OLD.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               -1 * (CASE WHEN OLD.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT OLD.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT OLD.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND OLD.status IN ('won', 'lost', 'drawn', 'resigned') UNION ALL 
        SELECT seat.member_id AS member_id,
               NEW.guild_id IS NOT NULL AS in_guild,
               COALESCE(NEW.guild_id, 0) AS guild_id,
               NEW.level AS level,
               1 * (CASE WHEN NEW.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               1 * (CASE WHEN NEW.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               1 * (CASE WHEN NEW.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT NEW.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT NEW.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND NEW.status IN ('won', 'lost', 'drawn', 'resigned')) AS c GROUP BY c.in_guild, c.guild_id, c.member_id
        ON CONFLICT (in_guild, guild_id, member_id) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;
        DELETE FROM records WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
           AND wins = 0 AND losses = 0 AND draws = 0;
        DELETE FROM standings WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
           AND wins = 0 AND losses = 0 AND draws = 0;
    END
    """,
            postgresql="CREATE TRIGGER games_tally_update AFTER UPDATE ON games FOR EACH ROW "
            "WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.winner IS DISTINCT FROM NEW.winner "
            "OR OLD.level IS DISTINCT FROM NEW.level OR OLD.guild_id IS DISTINCT FROM NEW.guild_id "
            "OR OLD.x_member_id IS DISTINCT FROM NEW.x_member_id "
            "OR OLD.o_member_id IS DISTINCT FROM NEW.o_member_id) "
            "EXECUTE FUNCTION games_tally()",
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER games_tally_delete AFTER DELETE ON games
    WHEN OLD.status IN ('won', 'lost', 'drawn', 'resigned')
    BEGIN 
        INSERT INTO records (member_id, in_guild, guild_id, level, wins, losses, draws)
        SELECT member_id, in_guild, guild_id, level, SUM(wins), SUM(losses), SUM(draws)
          FROM (
        SELECT seat.member_id AS member_id,
               OLD.guild_id IS NOT NULL AS in_guild,
               COALESCE(OLD.guild_id, 0) AS guild_id,
               OLD.level AS level,
               -1 * (CASE WHEN OLD.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               -1 * (CASE WHEN OLD.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               -1 * (CASE WHEN OLD.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT OLD.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT OLD.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND OLD.status IN ('won', 'lost', 'drawn', 'resigned')) GROUP BY member_id, in_guild, guild_id, level
        ON CONFLICT (member_id, in_guild, guild_id, level) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;
        INSERT INTO standings (in_guild, guild_id, member_id, wins, losses, draws, name_key)
        SELECT c.in_guild, c.guild_id, c.member_id, SUM(c.wins), SUM(c.losses), SUM(c.draws),
               COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = c.member_id), 'member ' || c.member_id)
          FROM (
        SELECT seat.member_id AS member_id,
               OLD.guild_id IS NOT NULL AS in_guild,
               COALESCE(OLD.guild_id, 0) AS guild_id,
               OLD.level AS level,
               -1 * (CASE WHEN OLD.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               -1 * (CASE WHEN OLD.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               -1 * (CASE WHEN OLD.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT OLD.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT OLD.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND OLD.status IN ('won', 'lost', 'drawn', 'resigned')) AS c GROUP BY c.in_guild, c.guild_id, c.member_id
        ON CONFLICT (in_guild, guild_id, member_id) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;
        DELETE FROM records WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
           AND wins = 0 AND losses = 0 AND draws = 0;
        DELETE FROM standings WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
           AND wins = 0 AND losses = 0 AND draws = 0;
    END
    """,
            postgresql="CREATE TRIGGER games_tally_delete AFTER DELETE ON games FOR EACH ROW "
            "WHEN (OLD.status IN ('won', 'lost', 'drawn', 'resigned')) "
            "EXECUTE FUNCTION games_tally()",
        ),
    ),
)
