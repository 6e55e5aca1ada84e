"""Choosing the engine's move at each difficulty level.

========  =====================================  ===================================
Level     Search                                 Mistakes
========  =====================================  ===================================
easy      1 ply, heuristic evaluation            40 %: any legal move at random
                                                 (may miss wins and blocks)
medium    3 plies, heuristic evaluation          15 %: a random move, but it always
                                                 takes a win on the board
hard      5 plies, heuristic evaluation          5 %: a random move, but it always
                                                 takes a win and blocks a threat
perfect   exact search to the end of the game    none: never loses, wins whenever
                                                 the position allows, as fast as
                                                 possible
========  =====================================  ===================================

Every level that searches sees a win on the board and a threat to block even
at depth 1 (those are checked exactly before any estimate), so weak play comes
from the mistakes and from the short horizon: easy and medium walk into forks
they cannot see coming. The search depth is counted in plies (single moves)
including the engine's own move.

Among equally good moves the choice is random (``rng``), so games vary.

"Perfect" is exact on 3x3 and 4x4 boards. Early positions on 5x5 and 6x6
boards are too big for an exact search in pure Python (it stops after
``solver.NODE_BUDGET`` positions); there "perfect" plays the move of a 5-ply
heuristic search instead, without mistakes.

Perfect play on a position already solved is a dictionary lookup: the set of
best moves is cached per position, and ``choose_move`` only picks one of them.
"""

from __future__ import annotations

from .board import Board
from .errors import GameOverError, SearchTooLargeError, UnknownLevelError
from .exact import _BEST_MOVES, best_moves, sides
from .solver import completes_line
from .values import Move

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random
    from typing import Literal

    Level = Literal["easy", "medium", "hard", "perfect"]
else:
    Level = str  # typing.Literal at type-check time; importing typing costs ~2.5 ms

LEVELS: tuple[Level, ...] = ("easy", "medium", "hard", "perfect")

# level -> (search depth in plies, mistake rate, which mistakes it may make)
_PROFILES: dict[str, tuple[int, float, str]] = {
    "easy": (1, 0.40, "any"),
    "medium": (3, 0.15, "takes wins"),
    "hard": (5, 0.05, "takes wins and blocks"),
}

_FALLBACK_DEPTH = 5  # "perfect" on a position too big to solve exactly (5x5, 6x6 openings)

_shared_rng: list[random.Random] = []  # the default rng, made on first use


def _default_rng() -> random.Random:
    """The module's own ``random.Random()`` (importing random costs ~1 ms, so made lazily)."""
    if not _shared_rng:
        import random

        _shared_rng.append(random.Random())
    return _shared_rng[0]


def choose_move(board: Board, level: str = "perfect", rng: random.Random | None = None) -> Move:
    """The engine's move for the side to move at ``level`` (see the module table).

    Raises:
        GameOverError: the game is already over.
        UnknownLevelError: ``level`` is not one of ``LEVELS``.
    """
    if level == "perfect":
        best = _BEST_MOVES.get(board._key)
        if best is not None:
            return (rng or _default_rng()).choice(best)
    return _choose(board, level, rng or _default_rng())


def _choose(board: Board, level: str, rng: random.Random) -> Move:
    if level not in LEVELS:
        raise UnknownLevelError(f"Unknown level {level!r}: choose one of {', '.join(LEVELS)}.")
    if board.is_over:
        raise GameOverError()
    if level == "perfect":
        try:
            return rng.choice(best_moves(board))
        except SearchTooLargeError:
            return _searched_move(board, _FALLBACK_DEPTH, rng)
    depth, mistake_rate, kind = _PROFILES[level]
    if rng.random() < mistake_rate:
        return rng.choice(_mistake_candidates(board, kind))
    return _searched_move(board, depth, rng)


def _searched_move(board: Board, depth: int, rng: random.Random) -> Move:
    """A best move of a ``depth``-ply heuristic search (ties broken by ``rng``)."""
    from .heuristic import LimitedSearch  # imported on first use: keeps start-up light

    search = LimitedSearch(board._geo)
    me, opp = sides(board)
    scores = search.root(me, opp, depth)
    top = max(score for _, score in scores)
    moves = board._geo.moves
    return rng.choice(sorted(moves[cell] for cell, score in scores if score == top))


def _mistake_candidates(board: Board, kind: str) -> tuple[Move, ...]:
    """Moves a level may play by mistake: random, but some levels never miss a win or block."""
    legal = board.legal_moves
    if kind == "any":
        return legal
    me, opp = sides(board)
    geo = board._geo
    free = [(board._cell(m), m) for m in legal]
    wins = tuple(m for cell, m in free if completes_line(geo, me | 1 << cell, cell))
    if wins:
        return wins
    if kind == "takes wins and blocks":
        blocks = tuple(m for cell, m in free if completes_line(geo, opp | 1 << cell, cell))
        if blocks:
            return blocks
    return legal
