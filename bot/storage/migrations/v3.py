"""Schema version 3: duels, challenges, ratings, results per board size.

Frozen as released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import ByDialect, Migration

# -- version 3: duels, challenges, ratings, results per board size ----------------------------
#
# A game between two members is a duel: its ``level`` is 'duel' (no engine plays in it).
# ``records`` gains the board size, so stats show each level per size; it is rebuilt from the
# games (a recount, as v2's backfill) and the tally triggers are recreated to fill ``size`` and
# to keep duels out of ``standings``, the points table of games against the bot. Duels are
# ranked by rating instead: ``ratings`` holds each member's Elo rating per scope (the scope
# keys of ``standings``), which the store updates in the same transaction that saves a duel's
# end (Elo needs a power of ten, so it is computed by the program, not a trigger).
# ``challenges`` keeps the open invitations to a duel, so they survive a restart.

MIGRATION = Migration(
    3,
    "duels: challenges, ratings, and results per board size",
    (
        ByDialect(
            sqlite="""
    CREATE TABLE challenges (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id      INTEGER NOT NULL,
        guild_id        INTEGER,
        challenger_id   INTEGER NOT NULL,
        challenger_name TEXT    NOT NULL,
        opponent_id     INTEGER NOT NULL,
        opponent_name   TEXT    NOT NULL,
        size            INTEGER NOT NULL,
        first           TEXT    NOT NULL CHECK (first IN ('challenger', 'opponent', 'random')),
        status          TEXT    NOT NULL CHECK (status IN
                          ('open', 'accepted', 'declined', 'withdrawn', 'expired')),
        created_at      TEXT    NOT NULL,     -- ISO 8601, UTC
        expires_at      TEXT    NOT NULL,
        message_id      INTEGER,
        game_id         INTEGER REFERENCES games (id)
    )
    """,
            postgresql="""
    CREATE TABLE challenges (
        id              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        channel_id      BIGINT  NOT NULL,
        guild_id        BIGINT,
        challenger_id   BIGINT  NOT NULL,
        challenger_name TEXT    NOT NULL,
        opponent_id     BIGINT  NOT NULL,
        opponent_name   TEXT    NOT NULL,
        size            INTEGER NOT NULL,
        first           TEXT    NOT NULL CHECK (first IN ('challenger', 'opponent', 'random')),
        status          TEXT    NOT NULL CHECK (status IN
                          ('open', 'accepted', 'declined', 'withdrawn', 'expired')),
        created_at      TEXT    NOT NULL,
        expires_at      TEXT    NOT NULL,
        message_id      BIGINT,
        game_id         BIGINT  REFERENCES games (id)
    )
    """,
        ),
        # At most one open challenge per channel, enforced by the database too.
        "CREATE UNIQUE INDEX challenges_one_open_per_channel ON challenges (channel_id) "
        "WHERE status = 'open'",
        """
    CREATE TABLE ratings (
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),
        guild_id  BIGINT  NOT NULL,
        member_id BIGINT  NOT NULL,
        rating    INTEGER NOT NULL,
        games     INTEGER NOT NULL,
        PRIMARY KEY (in_guild, guild_id, member_id)
    )
    """,
        "CREATE INDEX ratings_ranking ON ratings (in_guild, guild_id, rating DESC, games DESC)",
        ByDialect(sqlite="DROP TRIGGER games_tally_insert", postgresql=None),
        ByDialect(sqlite="DROP TRIGGER games_tally_update", postgresql=None),
        ByDialect(sqlite="DROP TRIGGER games_tally_delete", postgresql=None),
        "DROP TABLE records",
        ByDialect(
            sqlite="""
    CREATE TABLE records (            -- per member, scope, level and size played
        member_id INTEGER NOT NULL,
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),   -- 0: no server (terminal)
        guild_id  INTEGER NOT NULL,                              -- 0 when in_guild = 0
        level     TEXT    NOT NULL,                              -- 'duel' between members
        size      INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        losses    INTEGER NOT NULL,
        draws     INTEGER NOT NULL,
        PRIMARY KEY (member_id, in_guild, guild_id, level, size)
    ) WITHOUT ROWID
    """,
            postgresql="""
    CREATE TABLE records (            -- per member, scope, level and size played
        member_id BIGINT  NOT NULL,
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),   -- 0: no server (terminal)
        guild_id  BIGINT  NOT NULL,                              -- 0 when in_guild = 0
        level     TEXT    NOT NULL,                              -- 'duel' between members
        size      INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        losses    INTEGER NOT NULL,
        draws     INTEGER NOT NULL,
        PRIMARY KEY (member_id, in_guild, guild_id, level, size)
    )
    """,
        ),
        ByDialect(
            sqlite="""
    INSERT INTO records (member_id, in_guild, guild_id, level, size, wins, losses, draws)
    SELECT member_id, guild_id IS NOT NULL, COALESCE(guild_id, 0), level, size,
           COUNT(CASE WHEN winner = mark THEN 1 END),
           COUNT(CASE WHEN winner <> mark THEN 1 END),
           COUNT(CASE WHEN winner IS NULL THEN 1 END)
      FROM (SELECT x_member_id AS member_id, 'X' AS mark, level, size, guild_id, winner
              FROM games WHERE status IN ('won', 'lost', 'drawn', 'resigned') AND x_member_id IS NOT NULL
            UNION ALL
            SELECT o_member_id, 'O', level, size, guild_id, winner
              FROM games WHERE status IN ('won', 'lost', 'drawn', 'resigned') AND o_member_id IS NOT NULL)
     GROUP BY member_id, guild_id IS NOT NULL, COALESCE(guild_id, 0), level, size
    """,
            postgresql="""
    INSERT INTO records (member_id, in_guild, guild_id, level, size, wins, losses, draws)
    SELECT member_id, (guild_id IS NOT NULL)::integer, COALESCE(guild_id, 0), level, size,
           COUNT(CASE WHEN winner = mark THEN 1 END),
           COUNT(CASE WHEN winner <> mark THEN 1 END),
           COUNT(CASE WHEN winner IS NULL THEN 1 END)
      FROM (SELECT x_member_id AS member_id, 'X' AS mark, level, size, guild_id, winner
              FROM games WHERE status IN ('won', 'lost', 'drawn', 'resigned') AND x_member_id IS NOT NULL
            UNION ALL
            SELECT o_member_id, 'O', level, size, guild_id, winner
              FROM games WHERE status IN ('won', 'lost', 'drawn', 'resigned') AND o_member_id IS NOT NULL) AS seats
     GROUP BY member_id, (guild_id IS NOT NULL)::integer, COALESCE(guild_id, 0), level, size
    """,
        ),
        # PostgreSQL's triggers call games_tally_add, which now counts the size too and
        # keeps duels out of standings; the triggers themselves stay as they are.
        ByDialect(
            sqlite=None,
            postgresql="""
    CREATE OR REPLACE FUNCTION games_tally_add(game games, direction integer) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
        IF game.status NOT IN ('won', 'lost', 'drawn', 'resigned') THEN
            RETURN;
        END IF;
        INSERT INTO records AS r (member_id, in_guild, guild_id, level, size, wins, losses, draws)
        SELECT seat.member_id, (game.guild_id IS NOT NULL)::integer, COALESCE(game.guild_id, 0),
               game.level, game.size,
               SUM(direction * CASE WHEN game.winner = seat.mark THEN 1 ELSE 0 END),
               SUM(direction * CASE WHEN game.winner <> seat.mark THEN 1 ELSE 0 END),
               SUM(direction * CASE WHEN game.winner IS NULL THEN 1 ELSE 0 END)
          FROM (VALUES (game.x_member_id, 'X'), (game.o_member_id, 'O')) AS seat (member_id, mark)
         WHERE seat.member_id IS NOT NULL
         GROUP BY seat.member_id
        ON CONFLICT (member_id, in_guild, guild_id, level, size) DO UPDATE SET
            wins = r.wins + excluded.wins, losses = r.losses + excluded.losses,
            draws = r.draws + excluded.draws;
        IF game.level = 'duel' THEN
            RETURN;
        END IF;
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
            sqlite="""
    CREATE TRIGGER games_tally_insert AFTER INSERT ON games
    WHEN NEW.status IN ('won', 'lost', 'drawn', 'resigned')
    BEGIN
        INSERT INTO records (member_id, in_guild, guild_id, level, size, wins, losses, draws)
        SELECT member_id, in_guild, guild_id, level, size, SUM(wins), SUM(losses), SUM(draws)
          FROM (
        SELECT seat.member_id AS member_id,
               NEW.guild_id IS NOT NULL AS in_guild,
               COALESCE(NEW.guild_id, 0) AS guild_id,
               NEW.level AS level,
               NEW.size AS size,
               1 * (CASE WHEN NEW.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               1 * (CASE WHEN NEW.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               1 * (CASE WHEN NEW.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT NEW.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT NEW.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND NEW.status IN ('won', 'lost', 'drawn', 'resigned')) GROUP BY member_id, in_guild, guild_id, level, size
        ON CONFLICT (member_id, in_guild, guild_id, level, size) DO UPDATE SET
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
               NEW.size AS size,
               1 * (CASE WHEN NEW.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               1 * (CASE WHEN NEW.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               1 * (CASE WHEN NEW.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT NEW.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT NEW.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND NEW.status IN ('won', 'lost', 'drawn', 'resigned') AND NEW.level <> 'duel') AS c GROUP BY c.in_guild, c.guild_id, c.member_id
        ON CONFLICT (in_guild, guild_id, member_id) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;
    END
    """,
            postgresql=None,
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER games_tally_update AFTER UPDATE ON games
    WHEN OLD.status IS NOT NEW.status OR OLD.winner IS NOT NEW.winner OR OLD.level IS NOT NEW.level OR OLD.size IS NOT NEW.size OR OLD.guild_id IS NOT NEW.guild_id OR OLD.x_member_id IS NOT NEW.x_member_id OR OLD.o_member_id IS NOT NEW.o_member_id
    BEGIN
        INSERT INTO records (member_id, in_guild, guild_id, level, size, wins, losses, draws)
        SELECT member_id, in_guild, guild_id, level, size, SUM(wins), SUM(losses), SUM(draws)
          FROM (
        SELECT seat.member_id AS member_id,
               OLD.guild_id IS NOT NULL AS in_guild,
               COALESCE(OLD.guild_id, 0) AS guild_id,
               OLD.level AS level,
               OLD.size AS size,
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
               NEW.size AS size,
               1 * (CASE WHEN NEW.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               1 * (CASE WHEN NEW.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               1 * (CASE WHEN NEW.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT NEW.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT NEW.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND NEW.status IN ('won', 'lost', 'drawn', 'resigned')) GROUP BY member_id, in_guild, guild_id, level, size
        ON CONFLICT (member_id, in_guild, guild_id, level, size) DO UPDATE SET
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
               OLD.size AS size,
               -1 * (CASE WHEN OLD.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               -1 * (CASE WHEN OLD.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               -1 * (CASE WHEN OLD.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT OLD.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT OLD.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND OLD.status IN ('won', 'lost', 'drawn', 'resigned') AND OLD.level <> 'duel' UNION ALL
        SELECT seat.member_id AS member_id,
               NEW.guild_id IS NOT NULL AS in_guild,
               COALESCE(NEW.guild_id, 0) AS guild_id,
               NEW.level AS level,
               NEW.size AS size,
               1 * (CASE WHEN NEW.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               1 * (CASE WHEN NEW.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               1 * (CASE WHEN NEW.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT NEW.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT NEW.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND NEW.status IN ('won', 'lost', 'drawn', 'resigned') AND NEW.level <> 'duel') AS c GROUP BY c.in_guild, c.guild_id, c.member_id
        ON CONFLICT (in_guild, guild_id, member_id) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;
        DELETE FROM records WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
           AND wins = 0 AND losses = 0 AND draws = 0;
        DELETE FROM standings WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
           AND wins = 0 AND losses = 0 AND draws = 0;
    END
    """,
            postgresql=None,
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER games_tally_delete AFTER DELETE ON games
    WHEN OLD.status IN ('won', 'lost', 'drawn', 'resigned')
    BEGIN
        INSERT INTO records (member_id, in_guild, guild_id, level, size, wins, losses, draws)
        SELECT member_id, in_guild, guild_id, level, size, SUM(wins), SUM(losses), SUM(draws)
          FROM (
        SELECT seat.member_id AS member_id,
               OLD.guild_id IS NOT NULL AS in_guild,
               COALESCE(OLD.guild_id, 0) AS guild_id,
               OLD.level AS level,
               OLD.size AS size,
               -1 * (CASE WHEN OLD.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               -1 * (CASE WHEN OLD.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               -1 * (CASE WHEN OLD.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT OLD.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT OLD.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND OLD.status IN ('won', 'lost', 'drawn', 'resigned')) GROUP BY member_id, in_guild, guild_id, level, size
        ON CONFLICT (member_id, in_guild, guild_id, level, size) DO UPDATE SET
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
               OLD.size AS size,
               -1 * (CASE WHEN OLD.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               -1 * (CASE WHEN OLD.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               -1 * (CASE WHEN OLD.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT OLD.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT OLD.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND OLD.status IN ('won', 'lost', 'drawn', 'resigned') AND OLD.level <> 'duel') AS c GROUP BY c.in_guild, c.guild_id, c.member_id
        ON CONFLICT (in_guild, guild_id, member_id) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;
        DELETE FROM records WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
           AND wins = 0 AND losses = 0 AND draws = 0;
        DELETE FROM standings WHERE member_id IN (OLD.x_member_id, OLD.o_member_id)
           AND wins = 0 AND losses = 0 AND draws = 0;
    END
    """,
            postgresql=None,
        ),
    ),
)
