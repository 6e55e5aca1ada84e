"""Every position a real 3x3 game reaches, found only through ``Board.play``.

The one walker the engine and game tests share: ``tests/`` is on pytest's ``pythonpath``
(pyproject.toml), and the engine's fresh-process test puts it on ``sys.path`` itself. Results
are sorted by notation, so samples such as ``live_positions()[::7]`` are the same on every run.
"""

from __future__ import annotations

import functools

from bot.engine import Move
from bot.engine.classic import Board


@functools.cache
def positions_with_moves() -> tuple[tuple[Board, tuple[Move, ...]], ...]:
    """Every position reachable from the empty 3x3 board (5,478, finished ones included),
    each with one move history that leads to it."""
    found: dict[Board, tuple[Move, ...]] = {}
    stack: list[tuple[Board, tuple[Move, ...]]] = [(Board.empty(), ())]
    while stack:
        board, moves = stack.pop()
        if board not in found:
            found[board] = moves
            stack.extend((board.play(move), (*moves, move)) for move in board.legal_moves)
    return tuple(sorted(found.items(), key=lambda item: item[0].notation))


@functools.cache
def reachable_positions() -> tuple[Board, ...]:
    """Every position reachable from the empty 3x3 board, finished ones included."""
    return tuple(board for board, _ in positions_with_moves())


@functools.cache
def live_positions() -> tuple[Board, ...]:
    """The reachable positions where the game goes on (someone still has to move)."""
    return tuple(board for board in reachable_positions() if not board.is_over)
