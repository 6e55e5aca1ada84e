"""Every position a real 3x3 game reaches, found only through Board.play.

One walker shared by the engine tests (the fresh-process test loads it too, by path), so the
positions the tests sweep are found one way everywhere. Results are sorted by notation, so
samples such as ``live[::7]`` are the same on every run.
"""

from __future__ import annotations

import functools

from bot.engine import Board


@functools.cache
def reachable_positions() -> tuple[Board, ...]:
    """Every position reachable from the empty 3x3 board, finished ones included."""
    seen: set[Board] = set()
    stack = [Board.empty()]
    while stack:
        board = stack.pop()
        if board not in seen:
            seen.add(board)
            stack.extend(board.play(m) for m in board.legal_moves)
    return tuple(sorted(seen, key=lambda b: b.notation))


def live_positions() -> tuple[Board, ...]:
    """The reachable positions where the game goes on (someone still has to move)."""
    return tuple(b for b in reachable_positions() if not b.is_over)
