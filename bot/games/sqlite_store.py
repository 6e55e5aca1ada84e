"""SQLite implementation of ``GameStore``: one file, WAL mode, schema migrated by the program.

Calls run inline on the event loop. With WAL and ``synchronous=NORMAL`` a commit appends to
the write-ahead log without waiting for the disk (tens of microseconds; bench/games.py measures
a whole move), so a worker thread would cost more in hand-offs than it saves. Durability: once
``commit()`` has returned the change survives the program crashing or being killed; a power
cut may lose the last moments of commits but never corrupts the file. Pass
``synchronous="FULL"`` to fsync every commit instead (slower, survives power cuts too).

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

from bot.engine import EngineError, Move, Player
from bot.games.errors import StorageError
from bot.games.models import Game, Record, Seat, Status

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
)
SCHEMA_VERSION = len(MIGRATIONS)

# Finished games that count in stats: expired (and active) games do not.
_COUNTED = "('won', 'lost', 'drawn', 'resigned')"
_SEATS = f"""
    SELECT x_member_id AS member_id, 'X' AS mark, level, guild_id, winner
      FROM games WHERE status IN {_COUNTED} AND x_member_id IS NOT NULL
    UNION ALL
    SELECT o_member_id, 'O', level, guild_id, winner
      FROM games WHERE status IN {_COUNTED} AND o_member_id IS NOT NULL
"""
_TALLY = """
    COUNT(CASE WHEN winner = mark THEN 1 END) AS wins,
    COUNT(CASE WHEN winner <> mark THEN 1 END) AS losses,
    COUNT(CASE WHEN winner IS NULL THEN 1 END) AS draws
"""
_COLUMNS = (
    "id, channel_id, guild_id, x_member_id, x_name, o_member_id, o_name, level, size, first, "
    "moves, status, winner, created_at, updated_at, message_id"
)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


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
        self, path: Path | str, *, synchronous: Literal["NORMAL", "FULL"] = "NORMAL"
    ) -> None:
        self.path = path if str(path) == ":memory:" else Path(path)
        self._where = "the in-memory database" if str(path) == ":memory:" else f"'{path}'"
        self._conn: sqlite3.Connection | None = None
        try:
            if isinstance(self.path, Path):
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, isolation_level=None)
            self._conn.execute("PRAGMA busy_timeout = 5000")
            self._conn.execute("PRAGMA journal_mode = WAL").fetchone()
            self._conn.execute(f"PRAGMA synchronous = {synchronous}")
            self._check_health()
            self._migrate()
        except StorageError:
            self._close_quietly()
            raise
        except (sqlite3.Error, OSError) as error:
            self._close_quietly()
            raise StorageError(
                f"Cannot open the game database {self._where}: {error}. The file may be "
                "damaged or not a tictactoe-bot database. It was left untouched: restore a "
                "backup, or move it aside (the bot then starts a new, empty one) and restart."
            ) from error

    # -- opening -------------------------------------------------------------------------

    def _check_health(self) -> None:
        conn = self._connection()
        problems = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise StorageError(
                f"The game database {self._where} is damaged ({'; '.join(problems[:3])}). "
                "It was left untouched: restore a backup, or move it aside (the bot then "
                "starts a new, empty one) and restart."
            )

    def _migrate(self) -> None:
        conn = self._connection()
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"The game database {self._where} has schema version {version}, but this "
                f"version of tictactoe-bot only knows up to version {SCHEMA_VERSION}: it was "
                "written by a newer release. Upgrade the bot, or point DATABASE_PATH at "
                "another file. The file was left untouched."
            )
        if version == 0:
            tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables:
                raise StorageError(
                    f"The file {self._where} is an SQLite database of another program (it has "
                    "tables but no tictactoe-bot schema version). It was left untouched: "
                    "point DATABASE_PATH at another file."
                )
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
                        "INSERT INTO members (member_id, name, updated_at) VALUES (?, ?, ?) "
                        "ON CONFLICT (member_id) DO UPDATE SET name = excluded.name, "
                        "updated_at = excluded.updated_at",
                        (seat.member_id, seat.name, _iso(game.updated_at)),
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
                    f"Game #{game.id} is missing from the game database {self._where}."
                )

    async def member_name(self, member_id: int) -> str | None:
        rows = self._query("SELECT name FROM members WHERE member_id = ?", (member_id,))
        return str(rows[0][0]) if rows else None

    async def records(self, member_id: int, guild_id: int | None) -> dict[str, Record]:
        where = "member_id = ?" + ("" if guild_id is None else " AND guild_id = ?")
        params: tuple[int, ...] = (member_id,) if guild_id is None else (member_id, guild_id)
        rows = self._query(
            f"SELECT level, {_TALLY} FROM ({_SEATS}) WHERE {where} GROUP BY level", params
        )
        return {str(level): Record(int(w), int(lo), int(d)) for level, w, lo, d in rows}

    async def guild_records(self, guild_id: int | None) -> list[tuple[int, str, Record]]:
        rows = self._query(
            f"SELECT s.member_id, COALESCE(m.name, ''), {_TALLY} FROM ({_SEATS}) AS s "
            "LEFT JOIN members AS m ON m.member_id = s.member_id "
            "WHERE s.guild_id IS ? GROUP BY s.member_id",
            (guild_id,),
        )
        return [
            (int(mid), str(name) or f"member {mid}", Record(int(w), int(lo), int(d)))
            for mid, name, w, lo, d in rows
        ]

    async def close(self) -> None:
        self._close_quietly()

    # -- plumbing ------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StorageError(f"The game database {self._where} is closed.")
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
                f"Could not save to the game database {self._where}: {error}."
            ) from error

    def _query(self, sql: str, params: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            return self._connection().execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise StorageError(
                f"Could not read the game database {self._where}: {error}."
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
        """A row back into a ``Game``, replayed through the engine; a row that does not
        make a legal game raises ``StorageError`` instead of loading half-broken."""
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
            return Game(
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
                created_at=datetime.fromisoformat(str(created)),
                updated_at=datetime.fromisoformat(str(updated)),
                message_id=None if message is None else int(message),
            )
        except (ValueError, TypeError, EngineError) as error:
            raise StorageError(
                f"Game #{row[0]} in the game database {self._where} cannot be read ({error}). "
                "The file was left untouched; restore a backup or move it aside."
            ) from error
