"""SQLite implementation of ``GameStore``: one file, WAL mode, schema migrated by the program.

Calls run inline on the event loop. With WAL and ``synchronous=NORMAL`` a commit appends to
the write-ahead log without waiting for the disk (tens of microseconds; bench/games.py measures
a whole move), so a worker thread would cost more in hand-offs than it saves. Durability: once
``commit()`` has returned the change survives the program crashing or being killed; a power
cut may lose the last moments of commits but never corrupts the file. Pass
``synchronous="FULL"`` to fsync every commit instead (slower, survives power cuts too).

Stats and leaderboards read running totals that triggers keep in step with the games table
(schema v2, below), so they cost the same with a hundred games or millions: a member's stats
read one row per level, a leaderboard reads its top rows through an index (bench/games.py).

Moves are stored compactly as the cell indices ``row * size + col`` joined by commas
("4,0,8"); the rows are replayed through the engine on load, so a damaged row is caught.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from bot.engine import LEVELS, EngineError, Move, Player
from bot.games.errors import StorageError
from bot.games.models import SIZES, Game, Record, Seat, Status

# -- schema version 2: running totals -------------------------------------------------------
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
# These helpers only build the v2 text below; like MIGRATIONS, never change what they produce.

_V2_COUNTED = "('won', 'lost', 'drawn', 'resigned')"


def _v2_name_key(member_id: str) -> str:
    """SQL for the leaderboard sort key of the member whose id is the SQL expression
    ``member_id``; a member without a row shows as "member 5", which casefolds to itself."""
    return (
        f"COALESCE((SELECT m.name_key FROM members AS m WHERE m.member_id = {member_id}), "
        f"'member ' || {member_id})"
    )


def _v2_seats(row: str, sign: str) -> str:
    """One line per member seat of trigger row ``row`` (NEW or OLD) if its game counts:
    the key and ``sign`` (+1/-1) times that seat's win, loss and draw."""
    return f"""
        SELECT seat.member_id AS member_id,
               {row}.guild_id IS NOT NULL AS in_guild,
               COALESCE({row}.guild_id, 0) AS guild_id,
               {row}.level AS level,
               {sign} * (CASE WHEN {row}.winner = seat.mark THEN 1 ELSE 0 END) AS wins,
               {sign} * (CASE WHEN {row}.winner <> seat.mark THEN 1 ELSE 0 END) AS losses,
               {sign} * (CASE WHEN {row}.winner IS NULL THEN 1 ELSE 0 END) AS draws
          FROM (SELECT {row}.x_member_id AS member_id, 'X' AS mark
                UNION ALL SELECT {row}.o_member_id, 'O') AS seat
         WHERE seat.member_id IS NOT NULL AND {row}.status IN {_V2_COUNTED}"""


def _v2_apply(changes: str, *, tidy: str | None) -> str:
    """Trigger body: add the signed ``changes`` to both totals tables; with ``tidy`` (the
    trigger row whose totals may have dropped) delete rows that fell back to all zeros, so
    the tables hold exactly what a recount would."""
    body = f"""
        INSERT INTO records (member_id, in_guild, guild_id, level, wins, losses, draws)
        SELECT member_id, in_guild, guild_id, level, SUM(wins), SUM(losses), SUM(draws)
          FROM ({changes}) GROUP BY member_id, in_guild, guild_id, level
        ON CONFLICT (member_id, in_guild, guild_id, level) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;
        INSERT INTO standings (in_guild, guild_id, member_id, wins, losses, draws, name_key)
        SELECT c.in_guild, c.guild_id, c.member_id, SUM(c.wins), SUM(c.losses), SUM(c.draws),
               {_v2_name_key("c.member_id")}
          FROM ({changes}) AS c GROUP BY c.in_guild, c.guild_id, c.member_id
        ON CONFLICT (in_guild, guild_id, member_id) DO UPDATE SET
            wins = wins + excluded.wins, losses = losses + excluded.losses,
            draws = draws + excluded.draws;"""
    if tidy is not None:
        members = f"({tidy}.x_member_id, {tidy}.o_member_id)"
        body += f"""
        DELETE FROM records WHERE member_id IN {members}
           AND wins = 0 AND losses = 0 AND draws = 0;
        DELETE FROM standings WHERE member_id IN {members}
           AND wins = 0 AND losses = 0 AND draws = 0;"""
    return body


_V2_KEY_CHANGED = " OR ".join(
    f"OLD.{column} IS NOT NEW.{column}"
    for column in ("status", "winner", "level", "guild_id", "x_member_id", "o_member_id")
)

_MIGRATION_V2: tuple[str, ...] = (
    """
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
    """
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
    # The whole leaderboard order (points = 3 per win + 1 per draw, then fewer losses, more
    # wins, name, id), so a LIMIT reads only the top rows, however many members are tied.
    "CREATE INDEX standings_ranking ON standings "
    "(in_guild, guild_id, 3 * wins + draws DESC, losses, wins DESC, name_key, member_id)",
    "CREATE INDEX standings_by_member ON standings (member_id)",
    "ALTER TABLE members ADD COLUMN name_key TEXT NOT NULL DEFAULT ''",
    # casefold() is the store's own SQL function (str.casefold), registered on its connection.
    "UPDATE members SET name_key = casefold(COALESCE(NULLIF(name, ''), 'member ' || member_id))",
    """
    CREATE TRIGGER members_name_key_insert AFTER INSERT ON members
    BEGIN
        UPDATE standings SET name_key = NEW.name_key WHERE member_id = NEW.member_id;
    END
    """,
    """
    CREATE TRIGGER members_name_key_update AFTER UPDATE OF name_key ON members
    WHEN OLD.name_key IS NOT NEW.name_key
    BEGIN
        UPDATE standings SET name_key = NEW.name_key WHERE member_id = NEW.member_id;
    END
    """,
    # Backfill from the games already played, with the v1 counting rules.
    f"""
    INSERT INTO records (member_id, in_guild, guild_id, level, wins, losses, draws)
    SELECT member_id, guild_id IS NOT NULL, COALESCE(guild_id, 0), level,
           COUNT(CASE WHEN winner = mark THEN 1 END),
           COUNT(CASE WHEN winner <> mark THEN 1 END),
           COUNT(CASE WHEN winner IS NULL THEN 1 END)
      FROM (SELECT x_member_id AS member_id, 'X' AS mark, level, guild_id, winner
              FROM games WHERE status IN {_V2_COUNTED} AND x_member_id IS NOT NULL
            UNION ALL
            SELECT o_member_id, 'O', level, guild_id, winner
              FROM games WHERE status IN {_V2_COUNTED} AND o_member_id IS NOT NULL)
     GROUP BY member_id, guild_id IS NOT NULL, COALESCE(guild_id, 0), level
    """,
    f"""
    INSERT INTO standings (in_guild, guild_id, member_id, wins, losses, draws, name_key)
    SELECT r.in_guild, r.guild_id, r.member_id, SUM(r.wins), SUM(r.losses), SUM(r.draws),
           {_v2_name_key("r.member_id")}
      FROM records AS r GROUP BY r.in_guild, r.guild_id, r.member_id
    """,
    f"""
    CREATE TRIGGER games_tally_insert AFTER INSERT ON games
    WHEN NEW.status IN {_V2_COUNTED}
    BEGIN {_v2_apply(_v2_seats("NEW", "1"), tidy=None)}
    END
    """,
    f"""
    CREATE TRIGGER games_tally_update AFTER UPDATE ON games
    WHEN {_V2_KEY_CHANGED}
    BEGIN {_v2_apply(_v2_seats("OLD", "-1") + " UNION ALL " + _v2_seats("NEW", "1"), tidy="OLD")}
    END
    """,
    f"""
    CREATE TRIGGER games_tally_delete AFTER DELETE ON games
    WHEN OLD.status IN {_V2_COUNTED}
    BEGIN {_v2_apply(_v2_seats("OLD", "-1"), tidy="OLD")}
    END
    """,
)


# Each entry upgrades the schema by one version; PRAGMA user_version holds how many ran.
# Never edit a released entry: append a new one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """
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
        """,
        # At most one active game per channel, enforced by the database too.
        "CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) "
        "WHERE status = 'active'",
        "CREATE INDEX games_by_x_member ON games (x_member_id, status)",
        "CREATE INDEX games_by_o_member ON games (o_member_id, status)",
        "CREATE INDEX games_by_guild ON games (guild_id, status)",
        """
        CREATE TABLE members (
            member_id  INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,         -- the latest name the member played under
            updated_at TEXT NOT NULL
        )
        """,
    ),
    _MIGRATION_V2,
)
SCHEMA_VERSION = len(MIGRATIONS)

Synchronous = Literal["NORMAL", "FULL"]
SYNCHRONOUS_MODES: tuple[Synchronous, ...] = ("NORMAL", "FULL")
"""The ``PRAGMA synchronous`` settings the store offers (see the module docstring)."""

_COLUMNS = (
    "id, channel_id, guild_id, x_member_id, x_name, o_member_id, o_name, level, size, first, "
    "moves, status, winner, created_at, updated_at, message_id"
)


def _name_key(seat: Seat) -> str:
    """The leaderboard's tie-break key: the name as shown ("member 5" if empty), casefolded."""
    return (seat.name or f"member {seat.member_id}").casefold()


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _aware(column: str, text: object) -> datetime:
    """A stored timestamp; ``ValueError`` unless it is ISO 8601 with a time zone."""
    moment = datetime.fromisoformat(str(text))
    if moment.tzinfo is None:
        raise ValueError(f"its {column} {str(text)!r} has no time zone")
    return moment


def _check_result(game: Game) -> None:
    """``ValueError`` saying how ``status`` and ``winner`` contradict the board (or each
    other), in the rules the service writes them by: active, resigned and expired games have
    a board that is not over, only resigned ones a winner (the side that did not resign);
    won/lost/drawn record the board's result from the member's (X's, member vs member) side."""
    if game.x.is_bot and game.o.is_bot:
        raise ValueError("it has no member seat: both seats are the bot")
    board, status, winner = game.board, game.status, game.winner
    if status in (Status.ACTIVE, Status.RESIGNED, Status.EXPIRED):
        if board.is_over:
            raise ValueError(f"it is {status} but its board is already over")
        if (winner is None) is (status is Status.RESIGNED):
            has = "no winner" if winner is None else "a winner"
            raise ValueError(f"it is {status} but has {has}")
        return
    if not board.is_over:
        raise ValueError(f"it is {status} but its board is not over")
    if board.winner is None:
        if winner is not None or status is not Status.DRAWN:
            raise ValueError(f"it is {status} but the board is a draw")
        return
    if winner is not board.winner:
        says = "nobody" if winner is None else winner.value
        raise ValueError(f"it is {status} but {board.winner.value} won the board (winner: {says})")
    seat = game.seat(winner)
    if status is not (Status.WON if seat == game.member else Status.LOST):
        raise ValueError(f"it is {status} but {winner.value} won the board, {seat.name}'s mark")


def encode_moves(moves: Sequence[Move], size: int) -> str:
    """``(Move(1, 1), Move(0, 0))`` on 3x3 -> ``"4,0"``."""
    return ",".join(str(m.row * size + m.col) for m in moves)


def decode_moves(text: str, size: int) -> tuple[Move, ...]:
    """Inverse of ``encode_moves``; ``ValueError`` for anything it did not write."""
    if not text:
        return ()
    moves = []
    for part in text.split(","):
        index = int(part)
        if not 0 <= index < size * size:
            raise ValueError(f"cell index {index} is off a {size}x{size} board")
        moves.append(Move(*divmod(index, size)))
    return tuple(moves)


class SqliteGameStore:
    """``GameStore`` on one SQLite file (``":memory:"`` for tests). Opening creates the file
    and its folder, checks the file is healthy and migrates the schema; any problem raises
    ``StorageError`` naming the file. Nothing is ever reset or deleted to "fix" a file."""

    def __init__(
        self, path: Path | str, *, synchronous: Synchronous = "NORMAL"
    ) -> None:
        if synchronous not in SYNCHRONOUS_MODES:  # it goes into a PRAGMA: nothing else may
            raise ValueError(f"synchronous must be 'NORMAL' or 'FULL', not {synchronous!r}.")
        self.path = path if str(path) == ":memory:" else Path(path)
        self._where = "the in-memory database" if str(path) == ":memory:" else f"'{path}'"
        self._conn: sqlite3.Connection | None = None
        try:
            if isinstance(self.path, Path):
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, isolation_level=None)
            # Leaderboard ties sort by name as Python's str.casefold() does (SQLite's own
            # lower() only folds ASCII); the v2 migration fills members.name_key with it.
            self._conn.create_function("casefold", 1, str.casefold, deterministic=True)
            self._conn.execute("PRAGMA busy_timeout = 5000")
            # Only read until the file is known to be ours: switching to WAL rewrites the
            # header and adds -wal/-shm files, so a refused file must not get that far.
            self._check_health()
            version = self._check_version()
            self._conn.execute("PRAGMA journal_mode = WAL").fetchone()
            self._conn.execute(f"PRAGMA synchronous = {synchronous}")
            self._migrate(version)
        except StorageError:
            self._close_quietly()
            raise
        except (sqlite3.Error, OSError) as error:
            self._close_quietly()
            raise StorageError(
                "Cannot open the game database {where}: {error}. The file may be "
                "damaged or not a tictactoe-bot database. It was left untouched: restore a "
                "backup, or move it aside (the bot then starts a new, empty one) and restart.",
                where=self._where,
                error=error,
            ) from error

    # -- opening -------------------------------------------------------------------------

    def _check_health(self) -> None:
        """``PRAGMA quick_check`` (read-only): refuse a damaged file before anything else."""
        conn = self._connection()
        problems = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise StorageError(
                "The game database {where} is damaged ({problems}). "
                "It was left untouched: restore a backup, or move it aside (the bot then "
                "starts a new, empty one) and restart.",
                where=self._where,
                problems="; ".join(problems[:3]),
            )

    def _check_version(self) -> int:
        """The file's schema version, if this program can use it (read-only)."""
        conn = self._connection()
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise StorageError(
                "The game database {where} has schema version {version}, but this "
                "version of tictactoe-bot only knows up to version {known}: it was "
                "written by a newer release. Upgrade the bot, or point DATABASE_PATH at "
                "another file. The file was left untouched.",
                where=self._where,
                version=version,
                known=SCHEMA_VERSION,
            )
        if version == 0:
            tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables:
                raise StorageError(
                    "The file {where} is an SQLite database of another program (it has "
                    "tables but no tictactoe-bot schema version). It was left untouched: "
                    "point DATABASE_PATH at another file.",
                    where=self._where,
                )
        return version

    def _migrate(self, version: int) -> None:
        """Run the migrations after ``version`` (each in one transaction)."""
        for number, statements in enumerate(MIGRATIONS[version:], start=version + 1):
            with self._transaction() as tx:
                for statement in statements:
                    tx.execute(statement)
                tx.execute(f"PRAGMA user_version = {number}")

    # -- GameStore -----------------------------------------------------------------------

    async def active_games(self) -> list[Game]:
        rows = self._query(f"SELECT {_COLUMNS} FROM games WHERE status = 'active' ORDER BY id", ())
        return [self._game(row) for row in rows]

    async def get(self, game_id: int) -> Game | None:
        rows = self._query(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return self._game(rows[0]) if rows else None

    async def insert(self, game: Game) -> Game:
        values = self._values(game)
        with self._transaction() as tx:
            cursor = tx.execute(
                f"INSERT INTO games ({_COLUMNS}) VALUES (NULL{', ?' * (len(values))})", values
            )
            for seat in (game.x, game.o):
                if seat.member_id is not None:
                    tx.execute(
                        "INSERT INTO members (member_id, name, name_key, updated_at) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT (member_id) DO UPDATE SET "
                        "name = excluded.name, name_key = excluded.name_key, "
                        "updated_at = excluded.updated_at",
                        (seat.member_id, seat.name, _name_key(seat), _iso(game.updated_at)),
                    )
            game_id = cursor.lastrowid
        assert game_id is not None
        return replace(game, id=game_id)

    async def update(self, game: Game) -> None:
        with self._transaction() as tx:
            cursor = tx.execute(
                "UPDATE games SET moves = ?, status = ?, winner = ?, updated_at = ?, "
                "message_id = ? WHERE id = ?",
                (
                    encode_moves(game.moves, game.size),
                    game.status.value,
                    game.winner.value if game.winner else None,
                    _iso(game.updated_at),
                    game.message_id,
                    game.id,
                ),
            )
            if cursor.rowcount != 1:
                raise StorageError(
                    "Game #{id} is missing from the game database {where}.",
                    id=game.id,
                    where=self._where,
                )

    async def member_name(self, member_id: int) -> str | None:
        rows = self._query("SELECT name FROM members WHERE member_id = ?", (member_id,))
        return str(rows[0][0]) if rows else None

    async def records(self, member_id: int, guild_id: int | None) -> dict[str, Record]:
        scope = "" if guild_id is None else " AND in_guild = 1 AND guild_id = ?"
        params: tuple[int, ...] = (member_id,) if guild_id is None else (member_id, guild_id)
        rows = self._query(
            "SELECT level, SUM(wins), SUM(losses), SUM(draws) FROM records "
            f"WHERE member_id = ?{scope} GROUP BY level",
            params,
        )
        return {str(level): Record(int(w), int(lo), int(d)) for level, w, lo, d in rows}

    async def guild_records(
        self, guild_id: int | None, limit: int | None = None
    ) -> list[tuple[int, str, Record]]:
        # The ORDER BY is the standings_ranking index, so with a LIMIT SQLite reads only the
        # top rows of the server, however many members it has.
        rows = self._query(
            "SELECT s.member_id, COALESCE(NULLIF(m.name, ''), 'member ' || s.member_id) AS name, "
            "s.wins, s.losses, s.draws FROM standings AS s "
            "LEFT JOIN members AS m ON m.member_id = s.member_id "
            "WHERE s.in_guild = ? AND s.guild_id = ? "
            "ORDER BY 3 * s.wins + s.draws DESC, s.losses, s.wins DESC, s.name_key, s.member_id "
            "LIMIT ?",
            (int(guild_id is not None), guild_id or 0, -1 if limit is None else limit),
        )
        return [
            (int(mid), str(name), Record(int(w), int(lo), int(d))) for mid, name, w, lo, d in rows
        ]

    async def close(self) -> None:
        self._close_quietly()

    # -- plumbing ------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StorageError("The game database {where} is closed.", where=self._where)
        return self._conn

    def _close_quietly(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with suppress(sqlite3.Error):
                conn.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT; rolled back on any error, sqlite errors become
        ``StorageError``. When the block exits normally the commit has returned."""
        conn = self._connection()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            raise StorageError(
                "Could not save to the game database {where}: {error}.",
                where=self._where,
                error=error,
            ) from error

    def _query(self, sql: str, params: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            return self._connection().execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise StorageError(
                "Could not read the game database {where}: {error}.",
                where=self._where,
                error=error,
            ) from error

    def _values(self, game: Game) -> tuple[object, ...]:
        return (
            game.channel_id,
            game.guild_id,
            game.x.member_id,
            game.x.name,
            game.o.member_id,
            game.o.name,
            game.level,
            game.size,
            game.first,
            encode_moves(game.moves, game.size),
            game.status.value,
            game.winner.value if game.winner else None,
            _iso(game.created_at),
            _iso(game.updated_at),
            game.message_id,
        )

    def _game(self, row: Sequence[Any]) -> Game:
        """A row back into a ``Game``, replayed through the engine and checked (known level
        and size, timestamps with a time zone, status and winner agreeing with the board); a
        row that fails raises ``StorageError`` naming the game and the file, instead of
        loading half-broken and failing later as a traceback in front of a player."""
        try:
            (
                gid,
                channel,
                guild,
                x_id,
                x_name,
                o_id,
                o_name,
                level,
                size,
                first,
                moves,
                status,
                winner,
                created,
                updated,
                message,
            ) = row
            size = int(size)
            if str(level) not in LEVELS:
                raise ValueError(f"its level {str(level)!r} is not one of {', '.join(LEVELS)}")
            if size not in SIZES:
                sizes = ", ".join(str(s) for s in SIZES)
                raise ValueError(f"its board size {size} is not one of {sizes}")
            game = Game(
                id=int(gid),
                channel_id=int(channel),
                guild_id=None if guild is None else int(guild),
                x=Seat(None if x_id is None else int(x_id), str(x_name)),
                o=Seat(None if o_id is None else int(o_id), str(o_name)),
                level=str(level),
                size=size,
                first=str(first),
                moves=decode_moves(str(moves), size),
                status=Status(str(status)),
                winner=None if winner is None else Player(str(winner)),
                created_at=_aware("created_at", created),
                updated_at=_aware("updated_at", updated),
                message_id=None if message is None else int(message),
            )
            _check_result(game)
            return game
        except (ValueError, TypeError, EngineError) as error:
            raise StorageError(
                "Game #{id} in the game database {where} cannot be read ({error}). "
                "The file was left untouched; restore a backup or move it aside.",
                id=row[0],
                where=self._where,
                error=error,
            ) from error
