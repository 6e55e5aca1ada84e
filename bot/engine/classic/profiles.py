"""How the searching levels play: the ``Profile`` of a level, the heuristic move, the mistakes.

Each level's profile: :data:`bot.engine.classic.levels.PROFILES`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..moves import Move
from .board import Board, completes_line
from .heuristic import LimitedSearch


@dataclass(frozen=True, slots=True)
class Profile:
    """How a level below perfect plays: ``depth`` plies of heuristic search, except that
    with probability ``mistake_rate`` it plays a random move instead. Even then it takes a
    win on the board if ``takes_wins``, and blocks a single threat if ``blocks_threats``."""

    depth: int
    mistake_rate: float
    takes_wins: bool
    blocks_threats: bool


def profile_move(board: Board, profile: Profile, rng: random.Random) -> Move:
    """The move a level with ``profile`` plays on ``board`` (the game goes on)."""
    if rng.random() < profile.mistake_rate:
        return rng.choice(mistake_candidates(board, profile))
    return searched_move(board, profile.depth, rng)


def searched_move(board: Board, depth: int, rng: random.Random) -> Move:
    """A best move of a ``depth``-ply heuristic search (ties broken by ``rng``)."""
    search = LimitedSearch(board.geometry)
    me, opp = board.sides
    scores = search.score_moves(me, opp, depth)
    top = max(score for _, score in scores)
    moves = board.geometry.moves
    return rng.choice(sorted(moves[cell] for cell, score in scores if score == top))


def mistake_candidates(board: Board, profile: Profile) -> tuple[Move, ...]:
    """Moves a level may play by mistake: random, but some levels never miss a win or block."""
    legal = board.legal_moves
    if not profile.takes_wins:
        return legal
    me, opp = board.sides
    geo = board.geometry
    free = [(board.cell(m), m) for m in legal]
    wins = tuple(m for cell, m in free if completes_line(geo, me | 1 << cell, cell))
    if wins:
        return wins
    if profile.blocks_threats:
        blocks = tuple(m for cell, m in free if completes_line(geo, opp | 1 << cell, cell))
        if blocks:
            return blocks
    return legal
