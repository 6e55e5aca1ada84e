"""Puzzles in SQL (migration 16): the statements both stores run, the rows they read and write,
and the reads; the writes are ``bot.storage.operations``'s, as every write is.

Tables: ``puzzle_players`` (each member's Glicko-2 rating, counts and streak, everywhere),
``puzzle_ratings`` (each puzzle's), ``puzzle_attempts`` (who tried which puzzle where, its
moves and result), ``puzzles_made`` (puzzles made from finished games, numbered from 100001),
``puzzle_channels`` (each server's daily puzzle channel and hour) and ``daily_posts`` (each
server's post of each day, claimed once). Days are ISO dates (UTC), timestamps ISO 8601.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from bot.engine import Player
from bot.games.glicko import Glicko
from bot.games.models import Game, Seat
from bot.games.puzzles import Puzzle
from bot.games.puzzles.models import (
    Attempt,
    AttemptStatus,
    DailyPost,
    DailySetting,
    MadePuzzle,
    PuzzlePlayer,
    PuzzleRating,
    Streak,
)
from bot.storage.rows import (
    Row,
    aware,
    decode_moves,
    encode_moves,
    iso,
    name_key,
    readable,
    scope,
)

ATTEMPT_COLUMNS = (
    "member_id", "puzzle_id", "size", "in_guild", "guild_id", "channel_id", "moves", "status",
    "rated", "daily", "version", "started_at", "updated_at",
)  # fmt: skip
"""The columns an attempt writes at its start (the id is the database's)."""

PLAYER_COLUMNS = (
    "member_id", "rating", "deviation", "volatility", "rated", "solved", "streak",
    "best_streak", "streak_day", "updated_at",
)  # fmt: skip

RATING_COLUMNS = ("puzzle_id", "rating", "deviation", "volatility", "attempts", "solved")

MADE_COLUMNS = (
    "size", "k", "shape", "position", "to_move", "solution", "win_in", "rating",
    "proof_positions", "game_id", "made_at",
)  # fmt: skip

SOLVED = "status = 'solved'"
RESULTS = "status IN ('won', 'lost', 'drawn', 'resigned')"


@dataclass(frozen=True, slots=True)
class PuzzleSql:
    """Migration 16's statements in one driver's named-parameter style."""

    new_player: str
    """The member's standing row at the values given, unless they have one."""
    player: str
    """The standing of ``member_id``; PostgreSQL's store adds ``FOR UPDATE`` to lock it."""
    set_player: str
    """Replace the standing of ``member_id``."""
    new_rating: str
    """A puzzle's rating row at the values given, unless it has one."""
    rating: str
    """The rating of ``puzzle_id`` (``FOR UPDATE`` added as ``player``)."""
    set_rating: str
    ratings: str
    """Every stored puzzle rating."""
    insert_attempt: str
    attempt: str
    """The attempt ``id``."""
    running: str
    """The member's running attempt (at most one)."""
    set_aside: str
    """The running attempt ``id`` set aside: version plus one, at ``updated_at``."""
    update_attempt: str
    """Compare and set: moves, status and ``updated_at`` of a running attempt at ``version``."""
    tried_before: str
    """One row if ``member_id`` has any attempt at ``puzzle_id``."""
    tried: str
    """Each puzzle ``member_id`` tried, newest try first."""
    daily_attempt: str
    """The member's attempt at a server's daily puzzle of ``daily``."""
    standings: str
    """A scope's solvers by rating, with what they solved there, at most ``limit``."""
    insert_made: str
    """A made puzzle, unless its position (size, k, shape) was made before."""
    made_page: str
    """Made puzzles numbered above ``after_id``, in order, at most ``limit``."""
    finished_games: str
    """Games with a result numbered above ``after_id``, in order, at most ``limit``."""
    daily_setting: str
    set_daily_setting: str
    delete_daily_setting: str
    daily_due: str
    """Servers whose post of ``day`` is due by ``hour`` and unclaimed (or claimed at or
    before ``stale`` and never posted)."""
    claim_new: str
    claim_stale: str
    daily_posted: str
    daily_post: str
    """A server's post of ``day``, with how many solved it from the post."""
    daily_posts: str
    """A server's posts, newest day first, at most ``limit``."""
    daily_posts_before: str
    """``daily_posts`` of the days before ``before``."""

    @classmethod
    def styled(cls, param: str) -> PuzzleSql:
        """The statements with ``param`` (``":{}"``, ``"%({})s"``) as parameter style."""
        p = param.format

        def values(columns: Sequence[str]) -> str:
            return ", ".join(p(column) for column in columns)

        def sets(columns: Sequence[str]) -> str:
            return ", ".join(f"{column} = {p(column)}" for column in columns)

        solvers = (
            "(SELECT COUNT(*) FROM puzzle_attempts a WHERE a.in_guild = 1 AND a.guild_id = "
            "d.guild_id AND a.daily = d.day AND a.status = 'solved') AS solvers"
        )
        day_key = f"guild_id = {p('guild_id')} AND day = {p('day')}"
        return cls(
            new_player=(
                f"INSERT INTO puzzle_players ({', '.join(PLAYER_COLUMNS)}) "
                f"VALUES ({values(PLAYER_COLUMNS)}) ON CONFLICT DO NOTHING"
            ),
            player=f"SELECT * FROM puzzle_players WHERE member_id = {p('member_id')}",
            set_player=(
                f"UPDATE puzzle_players SET {sets(PLAYER_COLUMNS[1:])} "
                f"WHERE member_id = {p('member_id')}"
            ),
            new_rating=(
                f"INSERT INTO puzzle_ratings ({', '.join(RATING_COLUMNS)}) "
                f"VALUES ({values(RATING_COLUMNS)}) ON CONFLICT DO NOTHING"
            ),
            rating=f"SELECT * FROM puzzle_ratings WHERE puzzle_id = {p('puzzle_id')}",
            set_rating=(
                f"UPDATE puzzle_ratings SET {sets(RATING_COLUMNS[1:])} "
                f"WHERE puzzle_id = {p('puzzle_id')}"
            ),
            ratings="SELECT * FROM puzzle_ratings",
            insert_attempt=(
                f"INSERT INTO puzzle_attempts ({', '.join(ATTEMPT_COLUMNS)}) "
                f"VALUES ({values(ATTEMPT_COLUMNS)})"
            ),
            attempt=f"SELECT * FROM puzzle_attempts WHERE id = {p('id')}",
            running=(
                f"SELECT * FROM puzzle_attempts WHERE member_id = {p('member_id')} "
                "AND status = 'running'"
            ),
            set_aside=(
                "UPDATE puzzle_attempts SET status = 'set aside', version = version + 1, "
                f"updated_at = {p('updated_at')} WHERE id = {p('id')} AND status = 'running'"
            ),
            update_attempt=(
                f"UPDATE puzzle_attempts SET moves = {p('moves')}, status = {p('status')}, "
                f"version = {p('version')} + 1, updated_at = {p('updated_at')} "
                f"WHERE id = {p('id')} AND version = {p('version')} AND status = 'running'"
            ),
            tried_before=(
                f"SELECT 1 AS tried FROM puzzle_attempts WHERE member_id = {p('member_id')} "
                f"AND puzzle_id = {p('puzzle_id')} LIMIT 1"
            ),
            tried=(
                "SELECT puzzle_id, MAX(id) AS latest FROM puzzle_attempts "
                f"WHERE member_id = {p('member_id')} GROUP BY puzzle_id ORDER BY latest DESC"
            ),
            daily_attempt=(
                f"SELECT * FROM puzzle_attempts WHERE in_guild = 1 AND guild_id = "
                f"{p('guild_id')} AND daily = {p('daily')} AND member_id = {p('member_id')}"
            ),
            standings=(
                "SELECT s.member_id AS member_id, "
                "COALESCE(NULLIF(m.name, ''), 'member ' || s.member_id) AS name, "
                "s.solved_here AS solved_here, p.* FROM (SELECT member_id, COUNT(*) AS "
                "solved_here FROM puzzle_attempts WHERE in_guild = "
                f"{p('in_guild')} AND guild_id = {p('guild_id')} AND {SOLVED} "
                "GROUP BY member_id) AS s "
                "JOIN puzzle_players AS p ON p.member_id = s.member_id "
                "LEFT JOIN members AS m ON m.member_id = s.member_id "
                "ORDER BY p.rating DESC, s.solved_here DESC, "
                "COALESCE(m.name_key, 'member ' || s.member_id), s.member_id "
                f"LIMIT {p('limit')}"
            ),
            insert_made=(
                f"INSERT INTO puzzles_made ({', '.join(MADE_COLUMNS)}) "
                f"VALUES ({values(MADE_COLUMNS)}) ON CONFLICT DO NOTHING"
            ),
            made_page=(
                f"SELECT * FROM puzzles_made WHERE id > {p('after_id')} ORDER BY id "
                f"LIMIT {p('limit')}"
            ),
            # Only games older than every running one: a game still running keeps the ones
            # after it waiting, so the caller's cursor never passes a game yet to finish.
            finished_games=(
                f"SELECT * FROM games WHERE id > {p('after_id')} AND {RESULTS} AND id < "
                "(SELECT COALESCE(MIN(id), 9223372036854775807) FROM games "
                f"WHERE status = 'active') ORDER BY id LIMIT {p('limit')}"
            ),
            daily_setting=(
                "SELECT guild_id, channel_id, hour FROM puzzle_channels "
                f"WHERE guild_id = {p('guild_id')}"
            ),
            set_daily_setting=(
                "INSERT INTO puzzle_channels (guild_id, channel_id, hour, updated_at) "
                f"VALUES ({values(('guild_id', 'channel_id', 'hour', 'updated_at'))}) "
                "ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, "
                "hour = excluded.hour, updated_at = excluded.updated_at"
            ),
            delete_daily_setting=f"DELETE FROM puzzle_channels WHERE guild_id = {p('guild_id')}",
            daily_due=(
                "SELECT c.guild_id AS guild_id, c.channel_id AS channel_id, c.hour AS hour "
                "FROM puzzle_channels AS c LEFT JOIN daily_posts AS d "
                f"ON d.guild_id = c.guild_id AND d.day = {p('day')} "
                f"WHERE c.hour <= {p('hour')} AND (d.guild_id IS NULL OR "
                f"(d.message_id IS NULL AND d.claimed_at <= {p('stale')})) ORDER BY c.guild_id"
            ),
            claim_new=(
                "INSERT INTO daily_posts (guild_id, day, puzzle_id, channel_id, claimed_at) "
                f"VALUES ({values(('guild_id', 'day', 'puzzle_id', 'channel_id', 'claimed_at'))})"
                " ON CONFLICT DO NOTHING"
            ),
            claim_stale=(
                f"UPDATE daily_posts SET claimed_at = {p('claimed_at')}, channel_id = "
                f"{p('channel_id')} WHERE {day_key} AND message_id IS NULL "
                f"AND claimed_at <= {p('stale')}"
            ),
            daily_posted=f"UPDATE daily_posts SET message_id = {p('message_id')} WHERE {day_key}",
            daily_post=f"SELECT d.*, {solvers} FROM daily_posts AS d WHERE d.{day_key}",
            daily_posts=(
                f"SELECT d.*, {solvers} FROM daily_posts AS d WHERE d.guild_id = "
                f"{p('guild_id')} ORDER BY d.day DESC LIMIT {p('limit')}"
            ),
            daily_posts_before=(
                f"SELECT d.*, {solvers} FROM daily_posts AS d WHERE d.guild_id = "
                f"{p('guild_id')} AND d.day < {p('before')} ORDER BY d.day DESC "
                f"LIMIT {p('limit')}"
            ),
        )


# -- rows --------------------------------------------------------------------------------------


def attempt_row(attempt: Attempt) -> dict[str, object]:
    """An attempt as the named parameters of ``insert_attempt`` and ``update_attempt``."""
    return {
        "id": attempt.id,
        "member_id": attempt.member_id,
        "puzzle_id": attempt.puzzle_id,
        "size": attempt.size,
        **scope(attempt.guild_id),
        "channel_id": attempt.channel_id,
        "moves": encode_moves(attempt.moves, attempt.size),
        "status": attempt.status.value,
        "rated": int(attempt.rated),
        "daily": None if attempt.daily is None else attempt.daily.isoformat(),
        "version": attempt.version,
        "started_at": iso(attempt.started_at),
        "updated_at": iso(attempt.updated_at),
    }


def attempt_from_row(row: Row) -> Attempt:
    """A ``puzzle_attempts`` row back into an ``Attempt``."""
    size = int(row["size"])
    daily = row["daily"]
    return Attempt(
        id=int(row["id"]),
        member_id=int(row["member_id"]),
        puzzle_id=int(row["puzzle_id"]),
        size=size,
        guild_id=int(row["guild_id"]) if int(row["in_guild"]) else None,
        channel_id=int(row["channel_id"]),
        moves=decode_moves(str(row["moves"]), size),
        status=AttemptStatus(str(row["status"])),
        rated=bool(int(row["rated"])),
        daily=None if daily is None else date.fromisoformat(str(daily)),
        started_at=aware("started_at", row["started_at"]),
        updated_at=aware("updated_at", row["updated_at"]),
        version=int(row["version"]),
    )


def player_row(member_id: int, player: PuzzlePlayer, at: datetime) -> dict[str, object]:
    """A member's standing as the named parameters of ``new_player`` and ``set_player``."""
    day = player.streak.day
    return {
        "member_id": member_id,
        "rating": player.glicko.rating,
        "deviation": player.glicko.deviation,
        "volatility": player.glicko.volatility,
        "rated": player.rated,
        "solved": player.solved,
        "streak": player.streak.current,
        "best_streak": player.streak.best,
        "streak_day": None if day is None else day.isoformat(),
        "updated_at": iso(at),
    }


def player_from_row(row: Row) -> PuzzlePlayer:
    """A ``puzzle_players`` row back into a ``PuzzlePlayer``."""
    day = row["streak_day"]
    return PuzzlePlayer(
        Glicko(float(row["rating"]), float(row["deviation"]), float(row["volatility"])),
        int(row["rated"]),
        int(row["solved"]),
        Streak(
            int(row["streak"]),
            int(row["best_streak"]),
            None if day is None else date.fromisoformat(str(day)),
        ),
    )


def rating_row(puzzle_id: int, rating: PuzzleRating) -> dict[str, object]:
    """A puzzle's rating as the named parameters of ``new_rating`` and ``set_rating``."""
    return {
        "puzzle_id": puzzle_id,
        "rating": rating.glicko.rating,
        "deviation": rating.glicko.deviation,
        "volatility": rating.glicko.volatility,
        "attempts": rating.attempts,
        "solved": rating.solved,
    }


def puzzle_rating_from_row(row: Row) -> PuzzleRating:
    """A ``puzzle_ratings`` row back into a ``PuzzleRating``."""
    glicko = Glicko(float(row["rating"]), float(row["deviation"]), float(row["volatility"]))
    return PuzzleRating(glicko, int(row["attempts"]), int(row["solved"]))


def member_row(member_id: int, name: str, at: datetime) -> dict[str, object]:
    """The ``members`` row that makes ``name`` the member's latest (as a game's start does)."""
    seat = Seat(member_id, name)
    return {"member_id": member_id, "name": name, "name_key": name_key(seat), "updated_at": iso(at)}


def made_row(made: MadePuzzle, at: datetime) -> dict[str, object]:
    """A made puzzle as the named parameters of ``insert_made``."""
    puzzle = made.puzzle
    return {
        "size": puzzle.size,
        "k": puzzle.k,
        "shape": made.shape,
        "position": puzzle.position,
        "to_move": puzzle.to_move.value,
        "solution": encode_moves(puzzle.solution, puzzle.size),
        "win_in": puzzle.win_in,
        "rating": puzzle.rating,
        "proof_positions": made.proof_positions,
        "game_id": made.game_id,
        "made_at": iso(at),
    }


def made_from_row(row: Row) -> Puzzle:
    """A ``puzzles_made`` row back into the ``Puzzle`` it numbers."""
    size = int(row["size"])
    return Puzzle(
        id=int(row["id"]),
        size=size,
        k=int(row["k"]),
        position=str(row["position"]),
        to_move=Player(str(row["to_move"])),
        solution=decode_moves(str(row["solution"]), size),
        win_in=int(row["win_in"]),
        rating=int(row["rating"]),
    )


def setting_row(setting: DailySetting, at: datetime) -> dict[str, object]:
    return {
        "guild_id": setting.guild_id,
        "channel_id": setting.channel_id,
        "hour": setting.hour,
        "updated_at": iso(at),
    }


def setting_from_row(row: Row) -> DailySetting:
    return DailySetting(int(row["guild_id"]), int(row["channel_id"]), int(row["hour"]))


def post_from_row(row: Row) -> DailyPost:
    message = row["message_id"]
    return DailyPost(
        guild_id=int(row["guild_id"]),
        day=date.fromisoformat(str(row["day"])),
        puzzle_id=int(row["puzzle_id"]),
        channel_id=int(row["channel_id"]),
        message_id=None if message is None else int(message),
        solvers=int(row["solvers"]),
    )


def claim_row(post: DailyPost, at: datetime, stale: datetime) -> dict[str, object]:
    """The named parameters of ``claim_new`` and ``claim_stale``."""
    return {
        "guild_id": post.guild_id,
        "day": post.day.isoformat(),
        "puzzle_id": post.puzzle_id,
        "channel_id": post.channel_id,
        "claimed_at": iso(at),
        "stale": iso(stale),
    }


class PuzzleReads:
    """``GameStore``'s reads of migration 16 (see ``bot.games.store`` for each); a store
    supplies ``_puzzle_sql``, ``_read`` and ``where``."""

    _puzzle_sql: PuzzleSql
    where: str

    async def _read(self, sql: str, params: Mapping[str, Any] | None = None) -> Sequence[Row]:
        raise NotImplementedError

    async def puzzle_player(self, member_id: int) -> PuzzlePlayer | None:
        rows = await self._read(self._puzzle_sql.player, {"member_id": member_id})
        return player_from_row(rows[0]) if rows else None

    async def puzzle_ratings(self) -> dict[int, PuzzleRating]:
        rows = await self._read(self._puzzle_sql.ratings)
        return {int(row["puzzle_id"]): puzzle_rating_from_row(row) for row in rows}

    async def tried_puzzles(self, member_id: int) -> list[int]:
        rows = await self._read(self._puzzle_sql.tried, {"member_id": member_id})
        return [int(row["puzzle_id"]) for row in rows]

    async def running_attempt(self, member_id: int) -> Attempt | None:
        rows = await self._read(self._puzzle_sql.running, {"member_id": member_id})
        return attempt_from_row(rows[0]) if rows else None

    async def puzzle_attempt(self, attempt_id: int) -> Attempt | None:
        rows = await self._read(self._puzzle_sql.attempt, {"id": attempt_id})
        return attempt_from_row(rows[0]) if rows else None

    async def daily_attempt(self, member_id: int, guild_id: int, day: date) -> Attempt | None:
        params = {"member_id": member_id, "guild_id": guild_id, "daily": day.isoformat()}
        rows = await self._read(self._puzzle_sql.daily_attempt, params)
        return attempt_from_row(rows[0]) if rows else None

    async def puzzle_standings(
        self, guild_id: int | None, limit: int
    ) -> list[tuple[int, str, PuzzlePlayer, int]]:
        rows = await self._read(self._puzzle_sql.standings, {**scope(guild_id), "limit": limit})
        return [
            (int(row["member_id"]), str(row["name"]), player_from_row(row), int(row["solved_here"]))
            for row in rows
        ]

    async def made_puzzles(self, after_id: int, limit: int) -> list[Puzzle]:
        rows = await self._read(self._puzzle_sql.made_page, {"after_id": after_id, "limit": limit})
        return [made_from_row(row) for row in rows]

    async def finished_games(self, after_id: int, limit: int) -> list[Game]:
        params = {"after_id": after_id, "limit": limit}
        return readable(await self._read(self._puzzle_sql.finished_games, params), self.where)

    async def daily_setting(self, guild_id: int) -> DailySetting | None:
        rows = await self._read(self._puzzle_sql.daily_setting, {"guild_id": guild_id})
        return setting_from_row(rows[0]) if rows else None

    async def daily_due(self, day: date, hour: int, stale: datetime) -> list[DailySetting]:
        params = {"day": day.isoformat(), "hour": hour, "stale": iso(stale)}
        rows = await self._read(self._puzzle_sql.daily_due, params)
        return [setting_from_row(row) for row in rows]

    async def daily_post(self, guild_id: int, day: date) -> DailyPost | None:
        params = {"guild_id": guild_id, "day": day.isoformat()}
        rows = await self._read(self._puzzle_sql.daily_post, params)
        return post_from_row(rows[0]) if rows else None

    async def daily_posts(
        self, guild_id: int, limit: int, *, before: date | None = None
    ) -> list[DailyPost]:
        params: dict[str, object] = {"guild_id": guild_id, "limit": limit}
        sql = self._puzzle_sql.daily_posts
        if before is not None:
            sql, params["before"] = self._puzzle_sql.daily_posts_before, before.isoformat()
        rows = await self._read(sql, params)
        return [post_from_row(row) for row in rows]
