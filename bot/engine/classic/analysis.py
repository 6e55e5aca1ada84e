"""Exact analysis of a position: every move's result under best play.

This is what a hint shows a player: for each legal move, will it win, draw or
lose, and how many plies (single moves) until the game ends if both sides play
perfectly from then on.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..moves import Move
from ..values import Value
from .board import Board
from .perfect import start_search


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    """One legal move and its result under best play.

    ``value`` is the result for the side to move if it plays ``move``;
    ``plies`` counts the moves until the game ends, this one included
    (an immediate win is 1 ply; a draw lasts until the board is full).
    """

    move: Move
    value: Value
    plies: int


@dataclass(frozen=True, slots=True)
class Analysis:
    """The exact analysis of a position for the side to move.

    ``moves`` lists every legal move, best first (then row-major);
    ``best_moves`` are the moves that share the best result; ``value`` is the
    position's result under best play; ``positions_examined`` counts the
    positions this analysis searched (fewer when earlier searches are reused).
    """

    board: Board
    moves: tuple[MoveAnalysis, ...]
    value: Value
    best_moves: tuple[Move, ...]
    positions_examined: int


def score_to_result(score: int, empties: int) -> tuple[Value, int]:
    """Turn a depth-aware score for a move into (value, plies until the game ends).

    A win scores ``cells left after the winning move + 1``, so a move scoring
    ``s > 0`` in a position with ``empties`` empty cells wins after
    ``empties - s + 1`` plies; losses mirror that; draws fill the board.
    """
    if score > 0:
        return Value.WIN, empties - score + 1
    if score < 0:
        return Value.LOSS, empties + score + 1
    return Value.DRAW, empties


def analyze(board: Board) -> Analysis:
    """Exact value and length of play for every legal move of ``board``.

    Raises:
        GameOverError: the game is already over.
        SearchTooLargeError: the position is too big to solve exactly (only
            early positions on 5x5 and 6x6 boards).
    """
    search = start_search(board)
    me, opp = board.sides
    scores = search.score_moves(me, opp, exact=True)
    empties = board.geometry.cells - board.moves_played
    moves_of = board.geometry.moves
    ranked = sorted(scores, key=lambda pair: (-pair[1], pair[0]))
    top = ranked[0][1]
    moves = tuple(
        MoveAnalysis(moves_of[cell], *score_to_result(score, empties)) for cell, score in ranked
    )
    best = tuple(moves_of[cell] for cell, score in ranked if score == top)
    return Analysis(board, moves, moves[0].value, best, search.nodes)
