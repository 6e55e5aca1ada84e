"""Value types of the game layer: seats, games, replies, records.

All frozen: the service swaps whole ``Game`` values, so an adapter holding one never sees it
change under its feet, and a game that failed to save never leaks into memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias

from bot.engine import Move, Player
from bot.engine.position import Position
from bot.engine.ratings import START_RATING

if TYPE_CHECKING:
    from bot.games.puzzles.models import PuzzlePlayer
    from bot.games.variants.base import Variant


class Status(StrEnum):
    """Where a game stands. WON / LOST are from the member's point of view (member vs bot).
    EXPIRED: ended without a result, never counted: idle too long, or set aside before any
    member moved (``Game.has_started``)."""

    ACTIVE = "active"
    WON = "won"
    LOST = "lost"
    DRAWN = "drawn"
    RESIGNED = "resigned"
    EXPIRED = "expired"


GameKind: TypeAlias = str
"""A kind of game by its name, its variant's ``kind`` ("classic"): how options, stats,
leaderboards and storage name it (``bot.games.variants.find_variant`` reads one)."""


First = Literal["me", "bot", "random"]
"""Who goes first, as asked at start; whoever goes first plays X."""

FIRST_CHOICES: tuple[First, ...] = ("me", "bot", "random")

REPLAYS_REMEMBERED = 4096
"""Positions ``Game`` keeps by their moves (a few hundred bytes each, about 1 MB in all)."""

DUEL = "duel"
"""The ``level`` of a game between two members (no engine plays in it)."""

DUEL_FIRST_CHOICES: tuple[str, ...] = ("challenger", "opponent", "random")
"""Who moves first in a duel, as the challenger asks; whoever goes first plays X."""



class ChallengeStatus(StrEnum):
    """Where a challenge stands: open until answered, withdrawn or expired."""

    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"
    EXPIRED = "expired"


@dataclass(frozen=True, slots=True)
class Seat:
    """One side of a game: the bot (``member_id is None``) or a member, with a display name."""

    member_id: int | None
    name: str

    @property
    def is_bot(self) -> bool:
        return self.member_id is None


@lru_cache(maxsize=REPLAYS_REMEMBERED)
def _replay(variant: Variant, size: int, moves: tuple[Move, ...]) -> Position:
    """The position after ``moves``. Remembered: a game is rebuilt from the same moves
    several times per operation (read, changed with ``replace``, saved, checked on its way to
    the store), and replaying every move each time was an eighth of a move's CPU."""
    return variant.replay(size, moves)


@dataclass(frozen=True, slots=True)
class Game:
    """One game in one channel, as stored. ``board`` is replayed from ``moves`` on creation,
    so a ``Game`` with an impossible move history cannot exist (the engine raises)."""

    id: int
    channel_id: int
    guild_id: int | None
    x: Seat
    o: Seat
    level: str
    size: int
    first: str
    moves: tuple[Move, ...]
    status: Status
    winner: Player | None
    created_at: datetime
    updated_at: datetime
    message_id: int | None = None
    version: int = 0
    """How many times the game was saved since its insert: an update succeeds only over the
    version it was read at (``GameStore.update``), so no process overwrites another's move."""
    answers_only: bool = False
    """Whether its channel takes only answers to the players' own requests (a click, a
    command), never a post of the adapter's own: no board is owed there, nothing announced
    (a chat the bot is not in, where a member's own install of the app plays)."""
    arena_id: int | None = None
    """The arena whose pairing this duel is (``bot.games.arenas``), or None."""
    timed_out: bool = False
    """A RESIGNED game lost on an arena's move clock, not by the loser's own resignation
    (counted the same; worded apart)."""
    variant: Variant = field(kw_only=True)
    """The kind of game: what plays and draws it (``bot.games.variants``)."""
    _position: Position = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_position", _replay(self.variant, self.size, self.moves))

    @property
    def kind(self) -> GameKind:
        """The name of this game's kind (its variant's), as storage and stats name it."""
        return self.variant.kind

    @property
    def position(self) -> Position:
        """The position after ``moves``."""
        return self._position

    @property
    def is_active(self) -> bool:
        return self.status is Status.ACTIVE

    @property
    def k(self) -> int:
        """Marks in a row needed to win (in each small board, for ultimate)."""
        return self.variant.win_length(self.size)

    @property
    def last_move(self) -> Move | None:
        return self.moves[-1] if self.moves else None

    def seat(self, player: Player) -> Seat:
        """The seat playing ``player``'s mark."""
        return self.x if player is Player.X else self.o

    @property
    def member(self) -> Seat:
        """The member's seat in a member-vs-bot game (X's seat if both seats are members)."""
        if not self.x.is_bot:
            return self.x
        if not self.o.is_bot:
            return self.o
        raise ValueError(f"game {self.id} has no member seat")

    @property
    def is_duel(self) -> bool:
        """Whether both seats are members (no engine plays)."""
        return not self.x.is_bot and not self.o.is_bot

    @property
    def bot_player(self) -> Player | None:
        """The bot's mark, or None when both seats are members."""
        if self.x.is_bot:
            return Player.X
        if self.o.is_bot:
            return Player.O
        return None

    @property
    def to_move_seat(self) -> Seat | None:
        """Whose turn it is; None once the game is over."""
        if not self.is_active:
            return None
        return self.seat(self._position.to_move)

    @property
    def has_started(self) -> bool:
        """Whether a member has moved yet. Until then (nobody moved, or only the bot) the game
        is a mere offer: its member may set it aside, by starting another or resigning, and
        it is not counted (it ends EXPIRED), so trying a different level costs nothing."""
        return any(
            not self.seat(Player.X if index % 2 == 0 else Player.O).is_bot
            for index in range(len(self.moves))
        )

    def can_be_set_aside_by(self, member_id: int) -> bool:
        """An active game that has not started, and ``member_id`` has a seat in it."""
        # A duel belongs to two: neither sets it aside alone by starting something else.
        return (
            self.is_active
            and not self.has_started
            and not self.is_duel
            and self.seat_of(member_id) is not None
        )

    def seat_of(self, member_id: int) -> Player | None:
        """The mark ``member_id`` plays in this game, or None if they have no seat."""
        if self.x.member_id == member_id:
            return Player.X
        if self.o.member_id == member_id:
            return Player.O
        return None


@dataclass(frozen=True, slots=True)
class Challenge:
    """One member's invitation to another to play a duel in a channel, as stored.

    ``first`` is one of ``DUEL_FIRST_CHOICES``; ``game_id`` is the duel it became once
    accepted; ``message_id`` where an adapter shows it (to edit it when it is answered or
    expires)."""

    id: int
    channel_id: int
    guild_id: int | None
    challenger: Seat
    opponent: Seat
    size: int
    first: str
    status: ChallengeStatus
    created_at: datetime
    expires_at: datetime
    message_id: int | None = None
    game_id: int | None = None
    answers_only: bool = False
    """As ``Game.answers_only``: the duel's game inherits it."""
    variant: Variant = field(kw_only=True)
    """The kind of game the duel will be."""

    @property
    def kind(self) -> GameKind:
        """The name of the duel's kind."""
        return self.variant.kind

    @property
    def is_open(self) -> bool:
        return self.status is ChallengeStatus.OPEN


@dataclass(frozen=True, slots=True)
class StartOptions:
    """A start's options as the service will play them: what the member asked, else the
    server's defaults, else the kind's own; each checked."""

    variant: Variant
    level: str
    first: str
    size: int


@dataclass(frozen=True, slots=True)
class MoveReply:
    """The saved game after an operation, with the moves it made (for the adapter to describe).
    ``replaced``: the member's game that had not started, which this start set aside (its
    board, if an adapter shows one, is over now)."""

    game: Game
    member_move: Move | None
    bot_move: Move | None
    replaced: Game | None = None


class HintReply(Protocol):
    """What a variant's hint returns (each kind its own value): at least the game it is
    about; the variant's renderer words it (``Renderer.hint``)."""

    @property
    def game(self) -> Game: ...


class ExplainReply(Protocol):
    """What a variant's explanation returns (each kind that explains its own value): at least
    the game it is about; the variant's renderer words it (``Renderer.explain``)."""

    @property
    def game(self) -> Game: ...


@dataclass(frozen=True, slots=True)
class OwedBoard:
    """A game whose board at ``version`` (or later) is still to be shown in its channel: the
    adapter's first try failed, or its process stopped. ``game`` as stored now (show it);
    ``attempts``: the failed tries so far; ``owed_since``: when the first board was owed."""

    game: Game
    version: int
    attempts: int
    owed_since: datetime


@dataclass(frozen=True, slots=True)
class Record:
    """Results of finished games. Resignations are losses; expired games are not counted."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def points(self) -> int:
        """Leaderboard points: a win is worth 3, a draw 1."""
        return 3 * self.wins + self.draws

    def __add__(self, other: Record) -> Record:
        return Record(self.wins + other.wins, self.losses + other.losses, self.draws + other.draws)


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's duel rating in one scope and how many counted duels made it."""

    rating: int = START_RATING
    games: int = 0


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """A member's duels against one other member: ``record`` from the member's side."""

    other_id: int
    other_name: str
    record: Record


@dataclass(frozen=True, slots=True)
class Stats:
    """A member's record against the bot per level (every classic level present, zeros
    included), per kind, level and board size (played only), overall; and against members:
    their duel record, ratings and, when asked about one opponent, the head-to-head record."""

    member_id: int
    name: str
    guild_id: int | None
    by_level: dict[str, Record]
    """Per level heading: every classic level, and another kind's levels under its own
    heading (``Variant.stats_level``: "ultimate hard")."""
    total: Record
    by_size: dict[tuple[GameKind, str, int], Record] = field(default_factory=dict)
    """Per kind, level and size played against the bot."""
    duels: Record = Record()
    duels_by_size: dict[tuple[GameKind, int], Record] = field(default_factory=dict)
    """Duels per kind and size played."""
    ratings: dict[GameKind, Rating] = field(default_factory=dict)
    """The duel rating per kind (each kind its own: classic duels never move ultimate's)."""
    head_to_head: HeadToHead | None = None
    solo: dict[int, Rating] = field(default_factory=dict)
    """The member's solo rating per board size played against the bot in the scope."""
    puzzles: PuzzlePlayer | None = None
    """The member's puzzle standing (everywhere, the streak as it stands today); None before
    their first puzzle."""


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    """One row of a server's leaderboard; ``points`` = 3 per win + 1 per draw."""

    member_id: int
    name: str
    record: Record
    points: int


@dataclass(frozen=True, slots=True)
class SoloEntry:
    """One row of a server's solo leaderboard on one board size: the member's solo rating
    (Elo against the levels' ratings) and their counted games against the bot there."""

    member_id: int
    name: str
    rating: int
    games: int


@dataclass(frozen=True, slots=True)
class DuelEntry:
    """One row of a server's duel leaderboard: rating, and counted duels played."""

    member_id: int
    name: str
    rating: int
    games: int
