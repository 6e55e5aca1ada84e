"""Value types of arenas: an arena, its entrants with their scores, its pairings, and what one
round of the arena's upkeep (``Arenas.tick``) leaves for the adapter to do.

All frozen, as ``Game`` is: the arenas collaborator swaps whole values, and the store saves an
arena's change over the version it was read at (``GameStore.save_arena``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from bot.engine import Player
from bot.games.models import Game

if TYPE_CHECKING:
    from bot.games.variants.base import Variant


class ArenaStatus(StrEnum):
    """OPEN from its creation until its window closed and its last game ended (FINISHED), or
    until a manager cancelled it (CANCELLED, without results)."""

    OPEN = "open"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class PairingStatus(StrEnum):
    """PENDING: two members are paired and their thread is being made; PLAYING: their game
    runs in it; DONE: the game ended and is scored; FAILED: no thread could be made, so no
    game was, and both members are free again."""

    PENDING = "pending"
    PLAYING = "playing"
    DONE = "done"
    FAILED = "failed"


class EndedBy(StrEnum):
    """How a scored arena game ended: on the board (a line, a full board, a resignation), on
    the move clock, or without a result (it expired, or the arena was cancelled)."""

    BOARD = "board"
    CLOCK = "clock"
    NO_RESULT = "none"


@dataclass(frozen=True, slots=True)
class Arena:
    """One arena in one server channel. Members join and leave any time while it is open;
    pairings are made only between ``starts_at`` and ``ends_at``."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    """The manager who made it (told if a game's thread cannot be made)."""
    size: int
    clock: int
    """Seconds each move may take: the member who lets them run out loses that game."""
    starts_at: datetime
    ends_at: datetime
    status: ArenaStatus
    created_at: datetime
    message_id: int | None = None
    """The arena's message, whose buttons join and leave and whose threads hold the games."""
    version: int = 0
    """Saves since its insert: a change is saved only over the version it was read at."""
    announced: bool = False
    """Whether its end (the final standings, or the cancellation) was posted."""
    failed_at: datetime | None = None
    """When a game's thread last could not be made: pairing waits ``FAILURE_PAUSE`` after."""
    warned: bool = False
    """Whether the host was told that a thread could not be made (told once)."""
    variant: Variant = field(kw_only=True)

    @property
    def kind(self) -> str:
        """Its games' kind, by its variant's name."""
        return self.variant.kind

    @property
    def is_open(self) -> bool:
        return self.status is ArenaStatus.OPEN

    def has_begun(self, now: datetime) -> bool:
        """Whether its window has opened."""
        return now >= self.starts_at

    def pairs_at(self, now: datetime) -> bool:
        """Whether new pairings are made at ``now``: open, and within its window."""
        return self.is_open and self.starts_at <= now < self.ends_at


@dataclass(frozen=True, slots=True)
class Entrant:
    """A member who joined an arena, with their score. ``active``: joined and not paused (a
    member who left keeps their points and may join again)."""

    member_id: int
    name: str
    active: bool = True
    rating: float = 0.0
    """Their duel rating in the arena's kind when they first joined (pairing's tie-break)."""
    points: int = 0
    streak: int = 0
    """Wins in a row: from two on, the next win counts double ("on fire")."""
    wins: int = 0
    draws: int = 0
    losses: int = 0
    as_x: int = 0
    as_o: int = 0
    last_opponent: int | None = None
    free_since: datetime | None = None
    """When they last became free to be paired (joined, or their game ended)."""
    sheet: str = ""
    """Their games' points, oldest first ("24" + ..., one character a game: 0, 1, 2 or 4)."""

    @property
    def on_fire(self) -> bool:
        return self.streak >= 2

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two entrants paired for one game: X's seat and O's, the game once its thread is made."""

    id: int
    arena_id: int
    x_id: int
    x_name: str
    o_id: int
    o_name: str
    round: int
    """The pair's game number in the arena: one more than the games either of them played."""
    status: PairingStatus
    created_at: datetime
    game_id: int | None = None
    thread_id: int | None = None
    winner: Player | None = None
    ended_by: EndedBy | None = None

    def has(self, member_id: int) -> bool:
        return member_id in (self.x_id, self.o_id)

    @property
    def is_busy(self) -> bool:
        """Whether its members are taken by it (being made, or playing)."""
        return self.status in (PairingStatus.PENDING, PairingStatus.PLAYING)


@dataclass(frozen=True, slots=True)
class ArenaState:
    """An arena as stored, with its entrants (by member id) and its pairings (oldest
    first)."""

    arena: Arena
    entrants: tuple[Entrant, ...]
    pairings: tuple[Pairing, ...]

    def entrant(self, member_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.member_id == member_id), None)

    @property
    def running(self) -> tuple[Pairing, ...]:
        """Its pairings not yet scored: being made, or playing."""
        return tuple(p for p in self.pairings if p.is_busy)


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: a rank (shared by equal scores) and the entrant."""

    rank: int
    entrant: Entrant


@dataclass(frozen=True, slots=True)
class Timeout:
    """A game lost on the move clock: the game as saved, and who let the clock run out."""

    game: Game
    loser: Player


@dataclass(frozen=True, slots=True)
class Tick:
    """What one round of an arena's upkeep did, for the adapter: ``state`` as it now stands;
    ``to_open``: pairings whose thread it must make (``Arenas.open_game``); ``timeouts``:
    games lost on the clock, to announce; ``finished``: the arena ended now and its final
    standings are due (``Arenas.announced`` once posted); ``changed``: the standings or the
    games changed, so the arena's message is due an edit."""

    state: ArenaState
    to_open: tuple[Pairing, ...] = ()
    timeouts: tuple[Timeout, ...] = ()
    ended: tuple[Pairing, ...] = ()
    """Pairings scored in this round: their games are over (their threads may close)."""
    finished: bool = False
    changed: bool = False


@dataclass(frozen=True, slots=True)
class FinalLine:
    """One member's line of the final standings: rank, entrant, and their performance
    rating (their opponents' mean duel rating, moved 400 points per win or loss a game)."""

    rank: int
    entrant: Entrant
    performance: int | None
