"""The yardsticks bench/ultimate.py measures the ultimate engine against: plain UCT and a
random mover.

Plain UCT is the textbook algorithm and nothing more: UCB1 with exploration sqrt(2), one node
added per iteration, playouts of uniformly random legal moves (uniform over every legal square,
not board first), the most visited move at the end; no solver, no tactics, no tree kept between
moves. It plays on the engine's ``SearchPosition`` (the rules, not the strategy) and its playout
loop is written as tightly as the engine's, so that the comparison at equal time is fair.
"""

from __future__ import annotations

import math
import random
import time

from bot.engine.moves import Move
from bot.engine.ultimate.board import UltimateBoard
from bot.engine.ultimate.playout import DRAW, GOING_ON, SearchPosition
from bot.engine.ultimate.tables import BITS, FULL, HAS_LINE, MOVES

UCT_EXPLORATION = math.sqrt(2)


def random_playout(pos: SearchPosition, rand: random.Random) -> int:
    """Uniformly random legal moves to the end; the result (0 X won, 1 O won, 2 draw)."""
    if pos.result != GOING_ON:
        return pos.result
    random_ = rand.random
    marks, won = pos.marks[:], pos.won[:]
    open_, forced, turn = pos.open, pos.forced, pos.turn
    bits, has_line = BITS, HAS_LINE
    while open_:
        me = 9 * turn
        if forced >= 0:
            b = forced
            cells = bits[FULL & ~(marks[b] | marks[9 + b])]
            c = cells[int(random_() * len(cells))]
        else:
            squares = [
                9 * b + c for b in bits[open_] for c in bits[FULL & ~(marks[b] | marks[9 + b])]
            ]
            square = squares[int(random_() * len(squares))]
            b, c = square // 9, square % 9
        mine = marks[me + b] | 1 << c
        marks[me + b] = mine
        if has_line[mine]:
            won[turn] |= 1 << b
            if has_line[won[turn]]:
                return turn
            open_ &= ~(1 << b)
        elif mine | marks[9 - me + b] == FULL:
            open_ &= ~(1 << b)
        forced = c if open_ >> c & 1 else -1
        turn = 1 - turn
    return DRAW


class _Node:
    __slots__ = ("children", "mover", "score", "square", "untried", "visits")

    def __init__(self, square: int, pos: SearchPosition) -> None:
        self.square = square
        self.mover = 1 - pos.turn
        self.children: list[_Node] = []
        self.untried = pos.legal()
        self.visits = 0
        self.score = 0.0


def uct_move(
    board: UltimateBoard,
    seconds: float,
    rng: random.Random,
    playouts: int | None = None,
) -> tuple[Move, int]:
    """Plain UCT's move on ``board`` within ``seconds`` (or ``playouts`` iterations), and the
    iterations it ran."""
    root_pos = SearchPosition.of(board)
    root = _Node(-1, root_pos)
    deadline = time.perf_counter() + seconds
    limit = playouts if playouts is not None else 1 << 62
    log, sqrt, c = math.log, math.sqrt, UCT_EXPLORATION
    count = 0
    while count < limit and time.perf_counter() < deadline:
        count += 1
        node, pos, path = root, root_pos.copy(), [root]
        while not node.untried and node.children:
            scale = c * sqrt(log(node.visits))
            best, best_value = node.children[0], -1.0
            for child in node.children:
                value = child.score / child.visits + scale / sqrt(child.visits)
                if value > best_value:
                    best, best_value = child, value
            node = best
            pos.play(node.square)
            path.append(node)
        if node.untried:
            square = node.untried.pop(int(rng.random() * len(node.untried)))
            pos.play(square)
            node = _Node(square, pos)
            path[-1].children.append(node)
            path.append(node)
        outcome = random_playout(pos, rng)
        for visited in path:
            visited.visits += 1
            visited.score += 0.5 if outcome == DRAW else 1.0 if outcome == visited.mover else 0.0
    best = max(root.children, key=lambda ch: ch.visits)
    return MOVES[best.square], count


def random_move(board: UltimateBoard, rng: random.Random) -> Move:
    """A uniformly random legal move."""
    moves = board.legal_moves
    return moves[int(rng.random() * len(moves))]
