"""Schema version 11: the leaderboard and duel ratings keep ultimate games apart from classic ones.

Frozen once released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import ByDialect, Migration

# -- version 11: classic and ultimate ranked apart ----------------------------------------------
#
# V10 let a game be ultimate tic-tac-toe (size 9), but ``standings`` had one row per scope and
# member, so an ultimate game's result added to the classic leaderboard's points, and an
# ultimate duel moved the classic rating. Both now carry a ``kind``: 'ultimate' for size 9,
# 'classic' for every other size (``Game.kind``), in the key and first after the scope in the
# ranking index, so each leaderboard still reads only its top rows.
#
# ``standings`` is a running total, so it is dropped, made again with ``kind`` and recounted
# from ``records`` (which keeps every level and size, duels under 'duel', which standings
# leaves out). The tally triggers are made again (SQLite) or their function replaced
# (PostgreSQL) with the standings part counting each game under its kind; the records part is
# v3's, unchanged.
#
# ``ratings`` is no total: Elo depends on the order of every duel and needs a power of ten,
# which the program computes (migration 3). So its rows are kept, copied through a temporary
# table into the new shape as 'classic'. An ultimate duel finished while version 10 ran moved
# the classic rating, and that move is not taken back (it cannot be told from the others
# without replaying every duel in order); ultimate ratings start at 1200 from here on.

MIGRATION = Migration(
    11,
    "the leaderboard and duel ratings count classic and ultimate games apart",
    (
        ByDialect(sqlite="DROP TRIGGER games_tally_insert", postgresql=None),
        ByDialect(sqlite="DROP TRIGGER games_tally_update", postgresql=None),
        ByDialect(sqlite="DROP TRIGGER games_tally_delete", postgresql=None),
        "DROP TABLE standings",
        ByDialect(
            sqlite="""
    CREATE TABLE standings (          -- per scope, kind of game and member: the leaderboards
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),
        guild_id  INTEGER NOT NULL,
        kind      TEXT    NOT NULL CHECK (kind IN ('classic', 'ultimate')),
        member_id INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        losses    INTEGER NOT NULL,
        draws     INTEGER NOT NULL,
        name_key  TEXT    NOT NULL,       -- members.name_key, for the name tie-break
        PRIMARY KEY (in_guild, guild_id, kind, member_id)
    ) WITHOUT ROWID
    """,
            postgresql="""
    CREATE TABLE standings (          -- per scope, kind of game and member: the leaderboards
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),
        guild_id  BIGINT  NOT NULL,
        kind      TEXT    NOT NULL CHECK (kind IN ('classic', 'ultimate')),
        member_id BIGINT  NOT NULL,
        wins      INTEGER NOT NULL,
        losses    INTEGER NOT NULL,
        draws     INTEGER NOT NULL,
        name_key  TEXT    COLLATE "C" NOT NULL,   -- members.name_key, for the name tie-break
        PRIMARY KEY (in_guild, guild_id, kind, member_id)
    )
    """,
        ),
        ByDialect(
            sqlite="CREATE INDEX standings_ranking ON standings (in_guild, guild_id, kind, "
            "3 * wins + draws DESC, losses, wins DESC, name_key, member_id)",
            postgresql="CREATE INDEX standings_ranking ON standings (in_guild, guild_id, kind, "
            "(3 * wins + draws) DESC, losses, wins DESC, name_key, member_id)",
        ),
        "CREATE INDEX standings_by_member ON standings (member_id)",
        # The recount: records already holds each member's results per scope, level and size.
        """
    INSERT INTO standings (in_guild, guild_id, kind, member_id, wins, losses, draws, name_key)
    SELECT r.in_guild, r.guild_id, CASE WHEN r.size = 9 THEN 'ultimate' ELSE 'classic' END,
           r.member_id, SUM(r.wins), SUM(r.losses), SUM(r.draws),
           COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = r.member_id), 'member ' || r.member_id)
      FROM records AS r WHERE r.level <> 'duel'
     GROUP BY r.in_guild, r.guild_id, CASE WHEN r.size = 9 THEN 'ultimate' ELSE 'classic' END, r.member_id
    """,
        # PostgreSQL's triggers call games_tally_add: only its standings part changes.
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
        INSERT INTO standings AS s (in_guild, guild_id, kind, member_id, wins, losses, draws, name_key)
        SELECT (game.guild_id IS NOT NULL)::integer, COALESCE(game.guild_id, 0),
               CASE WHEN game.size = 9 THEN 'ultimate' ELSE 'classic' END, seat.member_id,
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
        INSERT INTO standings (in_guild, guild_id, kind, member_id, wins, losses, draws, name_key)
        SELECT c.in_guild, c.guild_id, c.kind, c.member_id, SUM(c.wins), SUM(c.losses), SUM(c.draws),
               COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = c.member_id), 'member ' || c.member_id)
          FROM (
        SELECT seat.member_id AS member_id,
               NEW.guild_id IS NOT NULL AS in_guild,
               COALESCE(NEW.guild_id, 0) AS guild_id,
               NEW.level AS level,
               CASE WHEN NEW.size = 9 THEN 'ultimate' ELSE 'classic' END AS kind,
               1 * (CASE WHEN NEW.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               1 * (CASE WHEN NEW.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               1 * (CASE WHEN NEW.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT NEW.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT NEW.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND NEW.status IN ('won', 'lost', 'drawn', 'resigned') AND NEW.level <> 'duel') AS c GROUP BY c.in_guild, c.guild_id, c.kind, c.member_id
        ON CONFLICT (in_guild, guild_id, kind, member_id) DO UPDATE SET
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
        INSERT INTO standings (in_guild, guild_id, kind, member_id, wins, losses, draws, name_key)
        SELECT c.in_guild, c.guild_id, c.kind, c.member_id, SUM(c.wins), SUM(c.losses), SUM(c.draws),
               COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = c.member_id), 'member ' || c.member_id)
          FROM (
        SELECT seat.member_id AS member_id,
               OLD.guild_id IS NOT NULL AS in_guild,
               COALESCE(OLD.guild_id, 0) AS guild_id,
               OLD.level AS level,
               CASE WHEN OLD.size = 9 THEN 'ultimate' ELSE 'classic' END AS kind,
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
               CASE WHEN NEW.size = 9 THEN 'ultimate' ELSE 'classic' END AS kind,
               1 * (CASE WHEN NEW.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               1 * (CASE WHEN NEW.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               1 * (CASE WHEN NEW.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT NEW.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT NEW.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND NEW.status IN ('won', 'lost', 'drawn', 'resigned') AND NEW.level <> 'duel') AS c GROUP BY c.in_guild, c.guild_id, c.kind, c.member_id
        ON CONFLICT (in_guild, guild_id, kind, member_id) DO UPDATE SET
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
        INSERT INTO standings (in_guild, guild_id, kind, member_id, wins, losses, draws, name_key)
        SELECT c.in_guild, c.guild_id, c.kind, c.member_id, SUM(c.wins), SUM(c.losses), SUM(c.draws),
               COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = c.member_id), 'member ' || c.member_id)
          FROM (
        SELECT seat.member_id AS member_id,
               OLD.guild_id IS NOT NULL AS in_guild,
               COALESCE(OLD.guild_id, 0) AS guild_id,
               OLD.level AS level,
               CASE WHEN OLD.size = 9 THEN 'ultimate' ELSE 'classic' END AS kind,
               -1 * (CASE WHEN OLD.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               -1 * (CASE WHEN OLD.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               -1 * (CASE WHEN OLD.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT OLD.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT OLD.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND OLD.status IN ('won', 'lost', 'drawn', 'resigned') AND OLD.level <> 'duel') AS c GROUP BY c.in_guild, c.guild_id, c.kind, c.member_id
        ON CONFLICT (in_guild, guild_id, kind, member_id) DO UPDATE SET
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
        # Ratings keep their rows, as classic ones (see above).
        "CREATE TEMPORARY TABLE ratings_v10 AS "
        "SELECT in_guild, guild_id, member_id, rating, games FROM ratings",
        "DROP TABLE ratings",
        """
    CREATE TABLE ratings (
        in_guild  INTEGER NOT NULL CHECK (in_guild IN (0, 1)),
        guild_id  BIGINT  NOT NULL,
        kind      TEXT    NOT NULL CHECK (kind IN ('classic', 'ultimate')),
        member_id BIGINT  NOT NULL,
        rating    INTEGER NOT NULL,
        games     INTEGER NOT NULL,
        PRIMARY KEY (in_guild, guild_id, kind, member_id)
    )
    """,
        "CREATE INDEX ratings_ranking ON ratings "
        "(in_guild, guild_id, kind, rating DESC, games DESC)",
        "INSERT INTO ratings (in_guild, guild_id, kind, member_id, rating, games) "
        "SELECT in_guild, guild_id, 'classic', member_id, rating, games FROM ratings_v10",
        "DROP TABLE ratings_v10",
    ),
)
