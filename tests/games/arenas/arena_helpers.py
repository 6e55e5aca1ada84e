"""Helpers of the arena tests: opening an arena with members, running its upkeep as the
adapter does (each pairing's thread made at once), playing a game to a chosen end, and an
independent recount of every member's score from the stored games (``store.arena_games``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from bot.engine import Move, Player
from bot.games import Game, GameService, GameStore, Seat, Status
from bot.games.arenas import ArenaState, PairingStatus, Tick

Opener = Callable[[], Awaitable[GameStore]]
GUILD = 7
CHANNEL = 100
THREAD_BASE = 50_000
"""A pairing's thread is ``THREAD_BASE + pairing.id``: the same in every process."""

X_WINS = [Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)]
O_WINS = [Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(2, 2), Move(1, 2)]
DRAW = [Move(0, 0), Move(0, 1), Move(0, 2), Move(1, 1), Move(1, 0), Move(1, 2), Move(2, 1),
        Move(2, 0), Move(2, 2)]  # fmt: skip
ENDS = {"X": X_WINS, "O": O_WINS, "draw": DRAW}


def seat_id(seat: Seat | None) -> int:
    """A member's seat's id (arena games have no bot seat)."""
    assert seat is not None and seat.member_id is not None
    return seat.member_id


def name(member: int) -> str:
    return f"m{member}"


async def open_arena(
    service: GameService,
    members: Iterable[int] = (),
    *,
    channel: int = CHANNEL,
    minutes: int = 30,
    clock: int = 30,
    starts: str | None = None,
) -> ArenaState:
    """An arena in ``channel`` with ``members`` joined."""
    state = await service.arenas.start(
        guild_id=GUILD, channel_id=channel, host_id=1, minutes=minutes, clock=clock, starts=starts
    )
    for member in members:
        joined = await service.arenas.join(
            arena_id=state.arena.id, member_id=member, member_name=name(member)
        )
        state = joined.state
    return state


async def tick_and_open(service: GameService, arena_id: int) -> tuple[Tick, list[Game]]:
    """One tick; every pairing it leaves to open gets its thread and game."""
    tick = await service.arenas.tick(arena_id)
    games = [
        await service.arenas.open_game(p, THREAD_BASE + p.id, owe_board=False) for p in tick.to_open
    ]
    return tick, games


async def play(service: GameService, game: Game, moves: Iterable[Move]) -> Game:
    """Whoever is to move plays each of ``moves`` in turn, until the game ends."""
    for move in moves:
        current = await service.get(game.id)
        assert current is not None
        if not current.is_active:
            return current
        mover = seat_id(current.to_move_seat)
        game = (await service.move(channel_id=current.channel_id, member_id=mover, move=move)).game
    return game


async def end(service: GameService, game: Game, how: str) -> Game:
    """Play ``game`` out: "X" or "O" wins, or "draw" (its moves so far begin the script)."""
    current = await service.get(game.id)
    assert current is not None
    done = len(current.moves)
    assert list(current.moves) == ENDS[how][:done]
    game = await play(service, current, ENDS[how][done:])
    assert not game.is_active
    assert game.winner == (None if how == "draw" else Player(how))
    return game


@dataclass
class Count:
    points: int = 0
    streak: int = 0
    sheet: str = ""
    wins: int = 0
    draws: int = 0
    losses: int = 0


def recount(games: Iterable[Game]) -> dict[int, Count]:
    """Every member's score from the ended games alone, by the rules' words: each member's
    games in the order they ended, 2 a win (4 from the third win in a row), 1 a draw, 0 a
    loss, nothing for a game without a result."""
    counts: dict[int, Count] = defaultdict(Count)
    ended = sorted((g for g in games if not g.is_active), key=lambda g: (g.updated_at, g.id))
    for game in ended:
        if game.status is Status.EXPIRED:
            continue
        for mark in (Player.X, Player.O):
            count = counts[seat_id(game.seat(mark))]
            if game.winner is None:
                count.points, count.streak, count.draws = count.points + 1, 0, count.draws + 1
                count.sheet += "1"
            elif game.winner is mark:
                gained = 4 if count.streak >= 2 else 2
                count.points, count.streak, count.wins = (
                    count.points + gained, count.streak + 1, count.wins + 1
                )
                count.sheet += str(gained)
            else:
                count.streak, count.losses = 0, count.losses + 1
                count.sheet += "0"
    return counts


def stored_counts(state: ArenaState) -> dict[int, Count]:
    return {
        e.member_id: Count(e.points, e.streak, e.sheet, e.wins, e.draws, e.losses)
        for e in state.entrants
        if e.games
    }


def busy_by_member(state: ArenaState) -> dict[int, int]:
    """How many pairings being made or played each member has."""
    counts: dict[int, int] = defaultdict(int)
    for p in state.pairings:
        if p.status in (PairingStatus.PENDING, PairingStatus.PLAYING):
            counts[p.x_id] += 1
            counts[p.o_id] += 1
    return dict(counts)
