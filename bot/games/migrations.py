"""The game database's schema as the SQL that builds it: every migration, frozen as released.

Schema version n is what migrations 1 to n leave behind. A store records how many have run
(SQLite: ``PRAGMA user_version``) and runs the rest when it opens, each migration in one
transaction. A released migration never changes, not even its white space: SQLite keeps the
text of every CREATE statement in the file, so a fresh file and an upgraded one have the same
schema only while the text stays the same. ``tests/games/test_games_migrations.py`` pins each
migration by sha256 and the exact schema a fresh database gets; to change the schema, append
a migration (and pin it there).

A step is either plain SQL that every supported database runs as written (a ``str``), or a
``ByDialect`` holding each dialect's own text. Only SQLite exists today. The PostgreSQL store
keeps the same version numbers: it adds a ``postgresql`` field to ``ByDialect`` and writes its
text into each of them, so the steps the dialects agree on stay written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

Dialect: TypeAlias = Literal["sqlite"]
"""The SQL dialects migrations are written for."""


@dataclass(frozen=True, slots=True)
class ByDialect:
    """One step the dialects spell differently: each store runs its own text."""

    sqlite: str


Step: TypeAlias = "str | ByDialect"


@dataclass(frozen=True, slots=True)
class Migration:
    """The steps that take the schema from ``version - 1`` to ``version``, in order."""

    version: int
    summary: str
    steps: tuple[Step, ...]

    def statements(self, dialect: Dialect) -> tuple[str, ...]:
        """The SQL statements ``dialect`` runs, one statement each."""
        return tuple(
            step if isinstance(step, str) else str(getattr(step, dialect)) for step in self.steps
        )


# -- version 1: games and members -------------------------------------------------------------

V1 = Migration(
    1,
    "games, and the latest name of each member",
    (
        ByDialect(
            sqlite="""
        CREATE TABLE games (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            channel_id  INTEGER NOT NULL,
            guild_id    INTEGER,
            x_member_id INTEGER,              -- NULL: the bot plays X
            x_name      TEXT    NOT NULL,
            o_member_id INTEGER,              -- NULL: the bot plays O
            o_name      TEXT    NOT NULL,
            level       TEXT    NOT NULL,
            size        INTEGER NOT NULL CHECK (size BETWEEN 3 AND 6),
            first       TEXT    NOT NULL,
            moves       TEXT    NOT NULL DEFAULT '',  -- cell indices row*size+col, e.g. '4,0,8'
            status      TEXT    NOT NULL CHECK (status IN
                          ('active', 'won', 'lost', 'drawn', 'resigned', 'expired')),
            winner      TEXT    CHECK (winner IN ('X', 'O')),
            created_at  TEXT    NOT NULL,     -- ISO 8601, UTC
            updated_at  TEXT    NOT NULL,
            message_id  INTEGER
        )
        """
        ),
        # At most one active game per channel, enforced by the database too.
        "CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) "
        "WHERE status = 'active'",
        "CREATE INDEX games_by_x_member ON games (x_member_id, status)",
        "CREATE INDEX games_by_o_member ON games (o_member_id, status)",
        "CREATE INDEX games_by_guild ON games (guild_id, status)",
        ByDialect(
            sqlite="""
        CREATE TABLE members (
            member_id  INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,         -- the latest name the member played under
            updated_at TEXT NOT NULL
        )
        """
        ),
    ),
)


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

V2 = Migration(
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
    """
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
    """
        ),
        # The whole leaderboard order (points = 3 per win + 1 per draw, then fewer losses,
        # more wins, name, id), so a LIMIT reads only the top rows, however many are tied.
        ByDialect(
            sqlite="CREATE INDEX standings_ranking ON standings "
            "(in_guild, guild_id, 3 * wins + draws DESC, losses, wins DESC, name_key, member_id)"
        ),
        "CREATE INDEX standings_by_member ON standings (member_id)",
        "ALTER TABLE members ADD COLUMN name_key TEXT NOT NULL DEFAULT ''",
        # casefold() is the SQLite store's own SQL function (str.casefold) on its connection.
        ByDialect(
            sqlite="UPDATE members "
            "SET name_key = casefold(COALESCE(NULLIF(name, ''), 'member ' || member_id))"
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER members_name_key_insert AFTER INSERT ON members
    BEGIN
        UPDATE standings SET name_key = NEW.name_key WHERE member_id = NEW.member_id;
    END
    """
        ),
        ByDialect(
            sqlite="""
    CREATE TRIGGER members_name_key_update AFTER UPDATE OF name_key ON members
    WHEN OLD.name_key IS NOT NEW.name_key
    BEGIN
        UPDATE standings SET name_key = NEW.name_key WHERE member_id = NEW.member_id;
    END
    """
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
    """
        ),
        ByDialect(
            sqlite="""
    INSERT INTO standings (in_guild, guild_id, member_id, wins, losses, draws, name_key)
    SELECT r.in_guild, r.guild_id, r.member_id, SUM(r.wins), SUM(r.losses), SUM(r.draws),
           COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = r.member_id), 'member ' || r.member_id)
      FROM records AS r GROUP BY r.in_guild, r.guild_id, r.member_id
    """
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
    """
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
    """
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
    """
        ),
    ),
)


MIGRATIONS: tuple[Migration, ...] = (V1, V2)
"""Every migration, oldest first: ``MIGRATIONS[n - 1]`` builds schema version n."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this release writes."""
