"""Hypothesis strategies for games: any game a store must keep, and its later progress.

Shared by the store contract and the row tests; named without ``test_`` so pytest does not
collect it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone

from hypothesis import strategies as st

from bot.engine import Player
from bot.engine.classic import LEVELS, Board
from bot.games import Game, Seat, Status
from bot.games.arguments import MAX_ID
from bot.games.models import FIRST_CHOICES
from bot.games.variants.classic import CLASSIC, SIZES

IDS = st.integers(0, MAX_ID)
ANY_NAME = st.text(max_size=120).filter(lambda name: "\x00" not in name)
ZONES = st.builds(
    timezone, st.timedeltas(min_value=timedelta(hours=-23), max_value=timedelta(hours=23))
)
MOMENTS = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=ZONES
)


@st.composite
def progress(draw: st.DrawFn, game: Game) -> Game:
    """``game`` with any moves, status, winner, ``updated_at`` and message that agree (the
    rules ``rows.from_row`` checks: WON/LOST from the member's side, X's between members)."""
    board, moves = Board.empty(game.size, game.k), []
    for _ in range(draw(st.integers(0, game.size * game.size))):
        if board.is_over:
            break
        moves.append(draw(st.sampled_from(board.legal_moves)))
        board = board.play(moves[-1])
    winner: Player | None = None
    if board.is_over:
        winner = board.winner
        if winner is None:
            status = Status.DRAWN
        else:
            status = Status.WON if game.seat(winner) == game.member else Status.LOST
    else:
        status = draw(st.sampled_from([Status.ACTIVE, Status.EXPIRED, Status.RESIGNED]))
        winner = draw(st.sampled_from(Player)) if status is Status.RESIGNED else None
    return replace(
        game,
        moves=tuple(moves),
        status=status,
        winner=winner,
        updated_at=draw(MOMENTS),
        message_id=draw(st.none() | IDS),
    )


@st.composite
def any_game(draw: st.DrawFn) -> Game:
    """Any game a store must keep: every field drawn from all it may hold."""
    member = st.builds(Seat, IDS, ANY_NAME)
    bot = st.builds(Seat, st.none(), ANY_NAME)
    x, o = draw(st.tuples(member, bot) | st.tuples(bot, member) | st.tuples(member, member))
    moment = draw(MOMENTS)
    bare = Game(
        id=0,
        channel_id=draw(IDS),
        guild_id=draw(st.none() | IDS),
        x=x,
        o=o,
        level=draw(st.sampled_from(LEVELS)),
        size=draw(st.sampled_from(SIZES)),
        first=draw(st.sampled_from(FIRST_CHOICES)),
        moves=(),
        status=Status.ACTIVE,
        winner=None,
        created_at=moment,
        updated_at=moment,
        variant=CLASSIC,
    )
    return draw(progress(bare))
