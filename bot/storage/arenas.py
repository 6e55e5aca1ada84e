"""Arenas in SQL (migration 20): the statements both stores run, the rows they read and write,
the reads (``ArenaReads``, which ``SqlGameStore`` inherits) and the work of each write in a
transaction (``operations.py`` opens it).

Every change of an arena is one transaction that compares and bumps the arena's ``version``
(``save_arena``), so two processes' upkeep of one arena never both land; starting a pairing's
game inserts the game and marks the pairing playing in one transaction (``open_arena_game``).
A member is never in two arena games at once: a save that would pair a member who has a
pairing being made or played anywhere, or make a member active in two open arenas, changes
nothing (``ArenaChangedError``).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.engine import Player
from bot.games.arenas.models import (
    Arena,
    ArenaState,
    ArenaStatus,
    EndedBy,
    Entrant,
    Pairing,
    PairingStatus,
)
from bot.games.models import Game
from bot.games.store_errors import ArenaChangedError
from bot.storage.rows import Row, aware, iso, readable, stored_variant
from bot.storage.sql import GameSql, upsert
from bot.storage.transaction import Transaction

ARENA_COLUMNS = (
    "guild_id", "channel_id", "host_id", "kind", "size", "clock", "starts_at", "ends_at",
    "status", "created_at", "message_id", "version", "announced", "failed_at", "warned",
)  # fmt: skip
"""The columns of ``arenas`` (the id is the database's)."""

ARENA_UPDATED = ("status", "message_id", "announced", "failed_at", "warned")
"""What a save may change of an arena (its version is counted by the database)."""

ENTRANT_COLUMNS = (
    "arena_id", "member_id", "name", "active", "rating", "points", "streak", "wins", "draws",
    "losses", "as_x", "as_o", "last_opponent", "free_since", "sheet",
)  # fmt: skip

PAIRING_COLUMNS = (
    "arena_id", "x_id", "x_name", "o_id", "o_name", "round", "status", "created_at",
    "game_id", "thread_id", "winner", "ended_by",
)  # fmt: skip

BUSY = "status IN ('pending', 'playing')"


@dataclass(frozen=True, slots=True)
class ArenaSql:
    """Migration 20's statements in one driver's named-parameter style."""

    insert: str
    by_id: str
    open_in: str
    """The open arena of ``channel_id``."""
    of_member: str
    """The open arenas where ``member_id`` is active or has a pairing being made or played."""
    due: str
    """Open arenas, and ended ones whose end is not posted, oldest first."""
    update: str
    """An arena's ``ARENA_UPDATED`` columns and its version plus one, only over ``version``."""
    bump: str
    """An open arena's version plus one (a pairing of it started its game)."""
    entrants: str
    upsert_entrant: str
    pairings: str
    insert_pairing: str
    update_pairing: str
    start_pairing: str
    """A pending pairing playing, with its game and thread."""
    busy_member: str
    """Pairings being made or played, in any arena, of ``member_id``."""
    games: str
    """The games of ``arena_id``, oldest first."""
    playing: str
    """The games of ``arena_id``'s playing pairings."""
    unshown: str
    """The ids of those games whose first board is owed: never shown yet."""

    @classmethod
    def styled(cls, param: str, games: GameSql) -> ArenaSql:
        """The statements with ``param`` (``":{}"``, ``"%({})s"``) as parameter style."""
        p = param.format

        def values(columns: Sequence[str]) -> str:
            return ", ".join(p(column) for column in columns)

        def sets(columns: Sequence[str]) -> str:
            return ", ".join(f"{column} = {p(column)}" for column in columns)

        pairing_sets = sets(PAIRING_COLUMNS[6:])
        return cls(
            insert=f"INSERT INTO arenas ({', '.join(ARENA_COLUMNS)}) VALUES "
            f"({values(ARENA_COLUMNS)})",
            by_id=f"SELECT * FROM arenas WHERE id = {p('id')}",
            open_in=f"SELECT * FROM arenas WHERE channel_id = {p('channel_id')} "
            "AND status = 'open'",
            of_member="SELECT * FROM arenas WHERE status = 'open' AND id IN ("
            f"SELECT arena_id FROM arena_entrants WHERE member_id = {p('member_id')} "
            f"AND active = 1 UNION SELECT arena_id FROM arena_pairings WHERE x_id = "
            f"{p('member_id')} AND {BUSY} UNION SELECT arena_id FROM arena_pairings WHERE o_id = "
            f"{p('member_id')} AND {BUSY}) ORDER BY id",
            due="SELECT * FROM arenas WHERE status = 'open' OR announced = 0 ORDER BY id",
            update=f"UPDATE arenas SET {sets(ARENA_UPDATED)}, version = version + 1 "
            f"WHERE id = {p('id')} AND version = {p('version')}",
            bump="UPDATE arenas SET version = version + 1 "
            f"WHERE id = {p('arena_id')} AND status = 'open'",
            entrants=f"SELECT * FROM arena_entrants WHERE arena_id = {p('arena_id')} "
            "ORDER BY member_id",
            upsert_entrant=upsert(
                "arena_entrants", ENTRANT_COLUMNS, 2, f"VALUES ({values(ENTRANT_COLUMNS)})"
            ),
            pairings=f"SELECT * FROM arena_pairings WHERE arena_id = {p('arena_id')} ORDER BY id",
            insert_pairing=f"INSERT INTO arena_pairings ({', '.join(PAIRING_COLUMNS)}) VALUES "
            f"({values(PAIRING_COLUMNS)})",
            update_pairing=f"UPDATE arena_pairings SET {pairing_sets} WHERE id = {p('id')}",
            start_pairing=f"UPDATE arena_pairings SET status = 'playing', game_id = "
            f"{p('game_id')}, thread_id = {p('thread_id')} WHERE id = {p('id')} "
            "AND status = 'pending'",
            busy_member=f"SELECT id FROM arena_pairings WHERE x_id = {p('member_id')} AND {BUSY} "
            f"UNION SELECT id FROM arena_pairings WHERE o_id = {p('member_id')} AND {BUSY}",
            games=f"{games.select} WHERE arena_id = {p('arena_id')} ORDER BY id",
            playing=f"{games.select} WHERE id IN (SELECT game_id FROM arena_pairings WHERE "
            f"arena_id = {p('arena_id')} AND status = 'playing') ORDER BY id",
            unshown="SELECT g.id AS id FROM games g JOIN boards_owed b ON b.game_id = g.id "
            "WHERE g.message_id IS NULL AND g.id IN (SELECT game_id FROM arena_pairings WHERE "
            f"arena_id = {p('arena_id')} AND status = 'playing')",
        )


def arena_row(arena: Arena) -> dict[str, object]:
    """``arena`` as named parameters: its id and every column of ``ARENA_COLUMNS``."""
    return {
        "id": arena.id,
        "guild_id": arena.guild_id,
        "channel_id": arena.channel_id,
        "host_id": arena.host_id,
        "kind": str(arena.kind),
        "size": arena.size,
        "clock": arena.clock,
        "starts_at": iso(arena.starts_at),
        "ends_at": iso(arena.ends_at),
        "status": arena.status.value,
        "created_at": iso(arena.created_at),
        "message_id": arena.message_id,
        "version": arena.version,
        "announced": int(arena.announced),
        "failed_at": None if arena.failed_at is None else iso(arena.failed_at),
        "warned": int(arena.warned),
    }


def arena_from_row(row: Row) -> Arena:
    return Arena(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        host_id=int(row["host_id"]),
        size=int(row["size"]),
        clock=int(row["clock"]),
        starts_at=aware("starts_at", row["starts_at"]),
        ends_at=aware("ends_at", row["ends_at"]),
        status=ArenaStatus(str(row["status"])),
        created_at=aware("created_at", row["created_at"]),
        message_id=_optional(row["message_id"]),
        version=int(row["version"]),
        announced=bool(row["announced"]),
        failed_at=None if row["failed_at"] is None else aware("failed_at", row["failed_at"]),
        warned=bool(row["warned"]),
        variant=stored_variant(row["kind"]),
    )


def entrant_row(arena_id: int, entrant: Entrant) -> dict[str, object]:
    free = entrant.free_since
    return {
        "arena_id": arena_id,
        "member_id": entrant.member_id,
        "name": entrant.name,
        "active": int(entrant.active),
        "rating": entrant.rating,
        "points": entrant.points,
        "streak": entrant.streak,
        "wins": entrant.wins,
        "draws": entrant.draws,
        "losses": entrant.losses,
        "as_x": entrant.as_x,
        "as_o": entrant.as_o,
        "last_opponent": entrant.last_opponent,
        "free_since": None if free is None else iso(free),
        "sheet": entrant.sheet,
    }


def entrant_from_row(row: Row) -> Entrant:
    free = row["free_since"]
    return Entrant(
        member_id=int(row["member_id"]),
        name=str(row["name"]),
        active=bool(row["active"]),
        rating=float(row["rating"]),
        points=int(row["points"]),
        streak=int(row["streak"]),
        wins=int(row["wins"]),
        draws=int(row["draws"]),
        losses=int(row["losses"]),
        as_x=int(row["as_x"]),
        as_o=int(row["as_o"]),
        last_opponent=_optional(row["last_opponent"]),
        free_since=None if free is None else aware("free_since", free),
        sheet=str(row["sheet"]),
    )


def pairing_row(pairing: Pairing) -> dict[str, object]:
    return {
        "id": pairing.id,
        "arena_id": pairing.arena_id,
        "x_id": pairing.x_id,
        "x_name": pairing.x_name,
        "o_id": pairing.o_id,
        "o_name": pairing.o_name,
        "round": pairing.round,
        "status": pairing.status.value,
        "created_at": iso(pairing.created_at),
        "game_id": pairing.game_id,
        "thread_id": pairing.thread_id,
        "winner": None if pairing.winner is None else pairing.winner.value,
        "ended_by": None if pairing.ended_by is None else pairing.ended_by.value,
    }


def pairing_from_row(row: Row) -> Pairing:
    return Pairing(
        id=int(row["id"]),
        arena_id=int(row["arena_id"]),
        x_id=int(row["x_id"]),
        x_name=str(row["x_name"]),
        o_id=int(row["o_id"]),
        o_name=str(row["o_name"]),
        round=int(row["round"]),
        status=PairingStatus(str(row["status"])),
        created_at=aware("created_at", row["created_at"]),
        game_id=_optional(row["game_id"]),
        thread_id=_optional(row["thread_id"]),
        winner=None if row["winner"] is None else Player(str(row["winner"])),
        ended_by=None if row["ended_by"] is None else EndedBy(str(row["ended_by"])),
    )


def _optional(value: object) -> int | None:
    return None if value is None else int(str(value))


class ArenaReads:
    """``GameStore``'s reads of arenas (see ``bot.games.store`` for each); a store supplies
    ``_arena_sql``, ``_read`` and ``where``. The writes are ``operations.py``'s, over the
    functions below."""

    _arena_sql: ArenaSql
    where: str

    async def _read(self, sql: str, params: Mapping[str, Any] | None = None) -> Sequence[Row]:
        raise NotImplementedError

    async def arena(self, arena_id: int) -> ArenaState | None:
        rows = await self._read(self._arena_sql.by_id, {"id": arena_id})
        return None if not rows else await self._state(arena_from_row(rows[0]))

    async def arena_in(self, channel_id: int) -> ArenaState | None:
        rows = await self._read(self._arena_sql.open_in, {"channel_id": channel_id})
        return None if not rows else await self._state(arena_from_row(rows[0]))

    async def member_arena(self, member_id: int) -> Arena | None:
        rows = await self._read(self._arena_sql.of_member, {"member_id": member_id})
        return arena_from_row(rows[0]) if rows else None

    async def arenas_due(self) -> list[Arena]:
        return [arena_from_row(row) for row in await self._read(self._arena_sql.due)]

    async def arena_games(self, arena_id: int) -> list[Game]:
        rows = await self._read(self._arena_sql.games, {"arena_id": arena_id})
        return readable(rows, self.where)

    async def arena_playing(self, arena_id: int) -> list[Game]:
        rows = await self._read(self._arena_sql.playing, {"arena_id": arena_id})
        return readable(rows, self.where)

    async def arena_unshown(self, arena_id: int) -> set[int]:
        rows = await self._read(self._arena_sql.unshown, {"arena_id": arena_id})
        return {int(row["id"]) for row in rows}

    async def _state(self, arena: Arena) -> ArenaState:
        return await state_of(arena, self._arena_sql, self._read)


_Reader = Callable[[str, Mapping[str, Any]], Coroutine[Any, Any, Sequence[Row]]]


async def state_of(arena: Arena, sql: ArenaSql, read: _Reader) -> ArenaState:
    """``arena`` with its entrants and pairings, read through ``read`` (a store's reader, or
    a transaction's ``fetchall``)."""
    key = {"arena_id": arena.id}
    entrants = tuple(entrant_from_row(r) for r in await read(sql.entrants, key))
    pairings = tuple(pairing_from_row(r) for r in await read(sql.pairings, key))
    return ArenaState(arena, entrants, pairings)


# -- writes, each in a transaction of ``operations.py``'s -----------------------------------


async def insert_arena(tx: Transaction, sql: ArenaSql, arena: Arena) -> int:
    """Insert ``arena`` unless its channel has an open one (``ArenaChangedError``); its id."""
    if await tx.fetchone(sql.open_in, {"channel_id": arena.channel_id}) is not None:
        raise ArenaChangedError()
    return await tx.insert(sql.insert, arena_row(arena))


async def save_arena(
    tx: Transaction,
    sql: ArenaSql,
    member_lock: str | None,
    arena: Arena,
    entrants: Sequence[Entrant],
    pairings: Sequence[Pairing],
) -> ArenaState:
    """``GameStore.save_arena``'s work in ``tx``. ``member_lock``: the statement that locks a
    member until the transaction ends, where transactions run side by side (PostgreSQL); None
    where one writes at a time (SQLite's ``BEGIN IMMEDIATE``)."""
    if await tx.execute(sql.update, arena_row(arena)) != 1:
        raise ArenaChangedError()
    if member_lock is not None:  # before the checks read; sorted: no deadlock
        members = {e.member_id for e in entrants if e.active}
        members |= {m for p in pairings if not p.id for m in (p.x_id, p.o_id)}
        for member in sorted(members):
            await tx.execute(member_lock, {"member_id": member})
    for entrant in entrants:
        if entrant.active and await _elsewhere(tx, sql, arena.id, entrant.member_id):
            raise ArenaChangedError()
    await tx.executemany(sql.upsert_entrant, [entrant_row(arena.id, e) for e in entrants])
    for pairing in pairings:
        if pairing.id:
            await tx.execute(sql.update_pairing, pairing_row(pairing))
            continue
        for member in (pairing.x_id, pairing.o_id):
            if await tx.fetchone(sql.busy_member, {"member_id": member}) is not None:
                raise ArenaChangedError()
        await tx.insert(sql.insert_pairing, pairing_row(pairing))
    return await state_of(replace(arena, version=arena.version + 1), sql, tx.fetchall)


async def arena_still_open(tx: Transaction, sql: ArenaSql, arena_id: int) -> None:
    """Bump the arena's version, refused (``ArenaChangedError``) unless it is open."""
    if await tx.execute(sql.bump, {"arena_id": arena_id}) != 1:
        raise ArenaChangedError()


async def start_pairing(tx: Transaction, sql: ArenaSql, pairing: Pairing, game_id: int) -> None:
    """Mark the pending ``pairing`` playing ``game_id`` in its thread (``ArenaChangedError``
    unless it is still pending)."""
    params = {"id": pairing.id, "game_id": game_id, "thread_id": pairing.thread_id}
    if await tx.execute(sql.start_pairing, params) != 1:
        raise ArenaChangedError()


async def _elsewhere(tx: Transaction, sql: ArenaSql, arena_id: int, member_id: int) -> bool:
    """Whether ``member_id`` is active, or paired, in an open arena other than ``arena_id``."""
    rows = await tx.fetchall(sql.of_member, {"member_id": member_id})
    return any(int(row["id"]) != arena_id for row in rows)
