"""Games, challenges and member names as rows of the schema, and back, for every SQL store.

``to_row`` refuses (``ValueError``) a game whose row would not read back as that very game;
``from_row`` replays a row through the engine and raises ``UnreadableGame`` for a damaged one;
``readable`` sets such a game aside with one log line. Why: docs/storage.md.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeVar

from bot.engine import EngineError, Move, Player
from bot.engine.ratings import rate
from bot.games.arguments import check_id, check_optional_id
from bot.games.errors import InvalidOptionError
from bot.games.models import (
    DUEL,
    DUEL_FIRST_CHOICES,
    Challenge,
    ChallengeStatus,
    Game,
    GameKind,
    Rating,
    Record,
    Seat,
    Status,
)
from bot.games.variants import Variant, find_variant

log = logging.getLogger(__name__)

T = TypeVar("T")


def stored_variant(kind: object) -> Variant:
    """The variant a ``kind`` column names (migration 18): the kind's own name, exactly as
    ``to_row`` writes it. ``ValueError`` for any other text, an alias included: the tallies
    group rows by that text, so a row under another spelling would count apart."""
    name = str(kind)
    try:
        variant = find_variant(name)
    except InvalidOptionError:
        variant = None
    if variant is None or str(variant.kind) != name:
        raise ValueError(f"its kind {name!r} is not one this program plays")
    return variant


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


def iso(moment: datetime) -> str:
    """How a timestamp is stored: ISO 8601 in UTC, to the microsecond."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def saved_minute(moment: datetime) -> int:
    """``moment`` in whole minutes since 1970-01-01 UTC, rounded down: the sweep's index key
    (migration 6), which changes once a minute where ``updated_at`` changes at every save."""
    return (moment - EPOCH) // timedelta(minutes=1)


@dataclass(frozen=True, slots=True)
class Column:
    """One column of ``games``: its name, its value for a game, and whether ``update`` writes
    it (a game's progress) or only ``insert`` does (what the game was started as)."""

    name: str
    value: Callable[[Any], object]
    updated: bool = False


COLUMNS: tuple[Column, ...] = (
    Column("channel_id", lambda game: game.channel_id),
    Column("guild_id", lambda game: game.guild_id),
    Column("x_member_id", lambda game: game.x.member_id),
    Column("x_name", lambda game: game.x.name),
    Column("o_member_id", lambda game: game.o.member_id),
    Column("o_name", lambda game: game.o.name),
    Column("level", lambda game: game.level),
    Column("size", lambda game: game.size),
    Column("first", lambda game: game.first),
    Column("moves", lambda game: encode_moves(game.moves, game.size), updated=True),
    Column("status", lambda game: game.status.value, updated=True),
    Column("winner", lambda game: game.winner.value if game.winner else None, updated=True),
    Column("created_at", lambda game: iso(game.created_at)),
    Column("updated_at", lambda game: iso(game.updated_at), updated=True),
    Column("message_id", lambda game: game.message_id, updated=True),
    Column("version", lambda game: game.version),
    Column("saved_minute", lambda game: saved_minute(game.updated_at), updated=True),
    Column("answers_only", lambda game: int(game.answers_only)),
    Column("kind", lambda game: str(game.kind)),
    Column("arena_id", lambda game: game.arena_id),
    Column("timed_out", lambda game: int(game.timed_out), updated=True),
)
"""The columns of ``games`` a game writes, in table order. ``version`` is written by insert
only: ``update`` compares it and adds one (``GameSql.update``). ``saved_minute`` is derived
from ``updated_at`` (``from_row`` does not read it back)."""

CHALLENGE_COLUMNS: tuple[Column, ...] = (
    Column("channel_id", lambda ch: ch.channel_id),
    Column("guild_id", lambda ch: ch.guild_id),
    Column("challenger_id", lambda ch: ch.challenger.member_id),
    Column("challenger_name", lambda ch: ch.challenger.name),
    Column("opponent_id", lambda ch: ch.opponent.member_id),
    Column("opponent_name", lambda ch: ch.opponent.name),
    Column("size", lambda ch: ch.size),
    Column("first", lambda ch: ch.first),
    Column("status", lambda ch: ch.status.value, updated=True),
    Column("created_at", lambda ch: iso(ch.created_at)),
    Column("expires_at", lambda ch: iso(ch.expires_at)),
    Column("message_id", lambda ch: ch.message_id, updated=True),
    Column("game_id", lambda ch: ch.game_id, updated=True),
    Column("answers_only", lambda ch: int(ch.answers_only)),
    Column("kind", lambda ch: str(ch.kind)),
)
"""The columns of ``challenges`` a challenge writes, in table order."""

MEMBER_COLUMNS = ("member_id", "name", "name_key", "updated_at")
"""The columns of ``members``; ``member_id`` is the key, the rest follow the latest game."""


def to_row(game: Game) -> dict[str, object]:
    """``game`` as named parameters: its ``id`` and every column of ``COLUMNS``. ``ValueError``
    (``TypeError`` for an id that is no ``int``) if the row would not read back as ``game``:
    an id outside 0..2**63-1, a name with a NUL (PostgreSQL refuses it), or anything
    ``from_row`` refuses (status against board, no member seat). A caller's bug, so it is not a
    ``StorageError``; nothing has been written when it is raised."""
    if type(game) is not Game:
        raise TypeError(f"game must be a Game, not {type(game).__name__}")
    check_id("id", game.id)
    check_id("channel_id", game.channel_id)
    for argument, value in (
        ("guild_id", game.guild_id),
        ("x.member_id", game.x.member_id),
        ("o.member_id", game.o.member_id),
        ("message_id", game.message_id),
        ("arena_id", game.arena_id),
    ):
        check_optional_id(argument, value)
    for seat in (game.x, game.o):
        if type(seat) is not Seat or not isinstance(seat.name, str) or "\x00" in seat.name:
            raise ValueError(
                f"game #{game.id} cannot be saved: the seat {seat!r:.60} is not a Seat named "
                "in text without NUL characters"
            )
    row = {"id": game.id, **{column.name: column.value(game) for column in COLUMNS}}
    why = _unreadable(game)
    if why:
        raise ValueError(f"game #{game.id} cannot be saved: {why}")
    return row


def _levels(variant: Variant) -> tuple[str, ...]:
    """The levels a stored game of ``variant`` may have: its own, or a duel between members."""
    return (*variant.levels, DUEL)


def _not_a_level(level: object, variant: Variant) -> str:
    return f"its level {level!r} is not one of {', '.join(_levels(variant))}"


def _not_a_size(size: object, variant: Variant) -> str:
    sizes = ", ".join(str(one) for one in variant.sizes)
    return f"its board size {size!r} is not one of {variant.kind}'s: {sizes}"


def _unreadable(game: Game) -> str | None:
    """Why ``from_row`` would not give ``game`` back from its row (ids and seats checked
    already), or None. Field by field: the ids are ints, so they read back; moves are cells
    of the board (``Game`` replays them), so they decode to the same ``Move`` s; a timestamp
    reads back as the same instant in UTC, which must compare equal to it (Python never
    finds a local time in a clock change's fold or gap equal to another zone's); the rest
    must be of the very types ``from_row`` builds, with a level it knows and a status and
    winner that agree with the board."""
    try:
        variant = stored_variant(game.kind)
    except ValueError as error:
        return str(error)
    if variant is not game.variant:
        return f"its variant {game.variant!r} is not the one its kind names, {variant!r}"
    if type(game.size) is not int or game.size not in variant.sizes:
        return _not_a_size(game.size, variant)
    if type(game.level) is not str or game.level not in _levels(variant):
        return _not_a_level(game.level, variant)
    if type(game.first) is not str or type(game.version) is not int:
        return f"its first {game.first!r} or version {game.version!r} would read back changed"
    if type(game.moves) is not tuple or any(type(move) is not Move for move in game.moves):
        return f"its moves {game.moves!r:.60} are not a tuple of Move"
    if type(game.status) is not Status or not (game.winner is None or type(game.winner) is Player):
        return f"its status {game.status!r} or winner {game.winner!r} is of the wrong type"
    for column, moment in (("created_at", game.created_at), ("updated_at", game.updated_at)):
        if moment.utcoffset() is None or moment.astimezone(UTC) != moment:
            return f"its {column} {moment} has no time zone, or is no one instant"
    try:
        _check_result(game)
    except ValueError as error:
        return str(error)
    return None


def challenge_to_row(challenge: Challenge) -> dict[str, object]:
    """``challenge`` as named parameters: its ``id`` and every ``CHALLENGE_COLUMNS`` column."""
    return {
        "id": challenge.id,
        **{column.name: column.value(challenge) for column in CHALLENGE_COLUMNS},
    }


def scope(guild_id: int | None) -> dict[str, int]:
    """The totals' key for a server, or none (``None``, kept as ``in_guild = 0``, see
    migration 2): ``in_guild`` and ``guild_id``."""
    return {"in_guild": int(guild_id is not None), "guild_id": guild_id or 0}


COUNTED = (Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED)
"""The statuses whose games count in records, standings and ratings."""


def ends_a_duel(before: Status | None, game: Game) -> bool:
    """Whether saving ``game`` over its stored status ``before`` records a duel's result: a
    duel that was not counted before and is now (so saving it again never rates it twice)."""
    return may_end_a_duel(game) and before not in COUNTED


def may_end_a_duel(game: Game) -> bool:
    """Whether saving ``game`` could record a duel's result, whatever its stored status: only
    then must a save read that status first (every other save is a single UPDATE)."""
    return game.level == DUEL and game.status in COUNTED


def rating_rows(game: Game, x: Rating, o: Rating) -> list[dict[str, object]]:
    """The ``ratings`` rows of both players after ``game`` (a finished duel), from their
    ratings ``x`` and ``o`` before it, under the game's kind (classic or ultimate)."""
    x_score = 0.5 if game.winner is None else float(game.winner is Player.X)
    new_x, new_o = rate(x.rating, o.rating, x_score)
    return [
        {
            **scope(game.guild_id),
            "kind": game.kind,
            "member_id": seat.member_id,
            "rating": new,
            "games": old.games + 1,
        }
        for seat, old, new in ((game.x, x, new_x), (game.o, o, new_o))
    ]


def name_key(seat: Seat) -> str:
    """The leaderboard's tie-break key: the name as shown ("member 5" if empty), casefolded."""
    return (seat.name or f"member {seat.member_id}").casefold()


def member_rows(game: Game) -> list[dict[str, object]]:
    """The ``members`` row of each member of ``game``, as named parameters: one per member
    (O's name if they hold both seats, as saving X's then O's would leave it), by id, so
    two transactions that write the same two members lock their rows in the same order and
    one upsert statement never meets a member twice."""
    rows = {
        seat.member_id: {
            "member_id": seat.member_id,
            "name": seat.name,
            "name_key": name_key(seat),
            "updated_at": iso(game.updated_at),
        }
        for seat in (game.x, game.o)
        if seat.member_id is not None
    }
    return [rows[member_id] for member_id in sorted(rows)]


class Row(Protocol):
    """A row read by column name (``sqlite3.Row``, a psycopg ``dict_row``)."""

    def __getitem__(self, column: str, /) -> Any: ...


class UnreadableGame(Exception):
    """A stored row that is not a game this program could have written; ``str()`` says why
    ("its level 'impossible' is not one of ...")."""

    def __init__(self, game_id: object, reason: str) -> None:
        super().__init__(reason)
        self.game_id = game_id


def from_row(row: Row) -> Game:
    """A ``games`` row back into a ``Game``, replayed through the engine and checked (a kind
    this program plays, one of its levels and sizes, timestamps with a time zone, status and
    winner agreeing with the board).
    Raises ``UnreadableGame`` for a row that fails, so the store can name the game."""
    try:
        variant = stored_variant(row["kind"])
        size = int(row["size"])
        level = str(row["level"])
        if size not in variant.sizes:
            raise ValueError(_not_a_size(size, variant))
        if level not in _levels(variant):
            raise ValueError(_not_a_level(level, variant))
        game = Game(
            id=int(row["id"]),
            channel_id=int(row["channel_id"]),
            guild_id=_int_or_none(row["guild_id"]),
            x=Seat(_int_or_none(row["x_member_id"]), str(row["x_name"])),
            o=Seat(_int_or_none(row["o_member_id"]), str(row["o_name"])),
            level=level,
            size=size,
            first=str(row["first"]),
            moves=decode_moves(str(row["moves"]), size),
            status=Status(str(row["status"])),
            winner=None if row["winner"] is None else Player(str(row["winner"])),
            created_at=aware("created_at", row["created_at"]),
            updated_at=aware("updated_at", row["updated_at"]),
            message_id=_int_or_none(row["message_id"]),
            version=int(row["version"]),
            variant=variant,
            answers_only=bool(row["answers_only"]),
            arena_id=_int_or_none(row["arena_id"]),
            timed_out=bool(row["timed_out"]),
        )
        _check_result(game)
        return game
    except (ValueError, TypeError, EngineError) as error:
        raise UnreadableGame(row["id"], str(error)) from error


def readable(rows: Iterable[Row], where: str) -> list[Game]:
    """The games of ``rows`` that read back. Each that does not is set aside with one log line
    naming it and ``where`` (the database), and left in the database as it is, so one damaged
    game never stops the others from loading; its channel can start no new game until the
    operator repairs or removes that row."""
    return read_all(rows, where, from_row)


def read_all(rows: Iterable[Row], where: str, read: Callable[[Row], T]) -> list[T]:
    """``readable`` with a reader of game rows that builds on ``from_row`` (its
    ``UnreadableGame`` sets the row aside)."""
    games = []
    for row in rows:
        try:
            games.append(read(row))
        except UnreadableGame as error:
            log.error(
                "Game #%s in the game database %s cannot be read (%s): set aside, left as it "
                "is; its channel can start no new game until the row is repaired or removed.",
                error.game_id,
                where,
                error,
            )
    return games


def challenge_from_row(row: Row) -> Challenge:
    """A ``challenges`` row back into a ``Challenge``; ``UnreadableGame`` if it is not one
    this program could have written."""
    try:
        variant = stored_variant(row["kind"])
        size, first = int(row["size"]), str(row["first"])
        if size not in variant.sizes or first not in DUEL_FIRST_CHOICES:
            raise ValueError(f"its size {size} or first {first!r} is not one a duel offers")
        return Challenge(
            id=int(row["id"]),
            channel_id=int(row["channel_id"]),
            guild_id=_int_or_none(row["guild_id"]),
            challenger=Seat(int(row["challenger_id"]), str(row["challenger_name"])),
            opponent=Seat(int(row["opponent_id"]), str(row["opponent_name"])),
            size=size,
            first=first,
            status=ChallengeStatus(str(row["status"])),
            created_at=aware("created_at", row["created_at"]),
            expires_at=aware("expires_at", row["expires_at"]),
            message_id=_int_or_none(row["message_id"]),
            game_id=_int_or_none(row["game_id"]),
            variant=variant,
            answers_only=bool(row["answers_only"]),
        )
    except (ValueError, TypeError) as error:
        raise UnreadableGame(row["id"], f"challenge: {error}") from error


def record_from_row(row: Row) -> Record:
    """The ``wins``, ``losses`` and ``draws`` columns of a totals row."""
    return Record(int(row["wins"]), int(row["losses"]), int(row["draws"]))


def records_by_level(rows: Iterable[Row]) -> dict[tuple[GameKind, str, int], Record]:
    """The rows of ``GameSql.records``: the totals of each kind, level and size. Totals of a
    kind this program does not play (``stored_variant`` refuses it) are left out: only its
    games, which it would set aside too, can have made them."""
    records = {}
    for row in rows:
        try:
            kind = stored_variant(row["kind"]).kind
        except ValueError:
            continue
        records[kind, str(row["level"]), int(row["size"])] = record_from_row(row)
    return records


def duel_ranking(rows: Iterable[Row]) -> list[tuple[int, str, Rating]]:
    """The rows of ``GameSql.duel_standings``: ``(member_id, name, rating)``, in order."""
    return [(int(row["member_id"]), str(row["name"]), rating_from_row(row)) for row in rows]


def rating_from_row(row: Row | None) -> Rating:
    """A ``ratings`` row's rating and games; ``Rating()`` for a member without one."""
    return Rating() if row is None else Rating(int(row["rating"]), int(row["games"]))


def ranking(rows: Iterable[Row]) -> list[tuple[int, str, Record]]:
    """The rows of ``GameSql.standings``: ``(member_id, name, record)``, in their order."""
    return [(int(row["member_id"]), str(row["name"]), record_from_row(row)) for row in rows]


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def aware(column: str, text: object) -> datetime:
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
    if game.level == DUEL and not game.is_duel:
        raise ValueError("it is a duel but the bot has a seat")
    board, status, winner = game.position, game.status, game.winner
    if status in (Status.ACTIVE, Status.RESIGNED, Status.EXPIRED):
        if board.is_over:
            raise ValueError(f"it is {status} but its board is already over")
        if (winner is None) is (status is Status.RESIGNED):
            has = "no winner" if winner is None else "a winner"
            raise ValueError(f"it is {status} but has {has}")
        if game.timed_out and status is not Status.RESIGNED:
            raise ValueError(f"it is {status} but lost on the clock")
        return
    if game.timed_out:
        raise ValueError(f"it is {status} but lost on the clock")
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
