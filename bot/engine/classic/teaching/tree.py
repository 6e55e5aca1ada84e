"""A minimax search tree a student can read: plain, or with alpha-beta and its cuts.

The textbook algorithm, not the engine's solver: no transposition table, no threat shortcuts,
no symmetry, so every node is one position the algorithm really visited. Scores are the
engine's, always from X's side: X maximises, O minimises; a win scores 1 + the cells still
empty after the winning move, a draw 0, O's wins the negative. Moves are tried in the engine's
static order. With pruning each node is searched in a window (alpha, beta) and a cut may stop
it early; its score is then a bound (fail-soft). The window explained: docs/decisions.md.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...errors import SearchTooLargeError
from ...moves import Move, Player
from ..board import Board

INFINITY = 1 << 10
"""Larger than any score (at most 37 on a 6x6 board): the open window's ends."""

TREE_NODE_LIMIT = 2_000_000
"""Positions a tree search may visit: the plain tree of the empty 3x3 board (549,946) fits;
a plain search from an early 4x4 position (trillions) is refused instead of running for days."""


class Bound(enum.Enum):
    """How a node's score relates to its true minimax value."""

    EXACT = "="
    LOWER = ">="  # the node stopped at a cut: the value is at least the score
    UPPER = "<="  # every move failed low: the value is at most the score


@dataclass(frozen=True, slots=True)
class TreeNode:
    """One visited position: the move that led to it and what the search learned about it.

    ``score`` is from X's side; ``empties`` counts the empty cells of this position (to
    turn a score into "wins in n moves"). ``window`` is (alpha, beta) on entry, None in a
    plain search. ``children`` are the positions searched below it, kept only down to the
    depth the tree was asked for; ``pruned`` the moves a cut skipped here.
    """

    move: Move | None  # None for the root
    player: Player | None  # who played ``move``
    score: int
    bound: Bound
    empties: int
    window: tuple[int, int] | None
    children: tuple[TreeNode, ...]
    pruned: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class SearchTree:
    """A whole search from ``board``: the outline to ``depth`` and counts for every depth.

    ``visited[d]`` is how many positions the search examined ``d`` moves below the root (the
    root is depth 0), ``cut[d]`` how many moves at depth ``d`` were skipped by a cut.
    """

    board: Board
    root: TreeNode
    depth: int
    pruning: bool
    visited: tuple[int, ...]
    cut: tuple[int, ...]

    @property
    def examined(self) -> int:
        """Positions the whole search examined, at every depth."""
        return sum(self.visited)


def search_tree(
    board: Board, depth: int = 2, *, pruning: bool = True, limit: int = TREE_NODE_LIMIT
) -> SearchTree:
    """Search ``board`` to the end of the game, keeping the outline down to ``depth`` moves.

    Raises:
        ValueError: ``depth`` is negative.
        SearchTooLargeError: the search would visit more than ``limit`` positions.
    """
    if depth < 0:
        raise ValueError(f"The tree depth must be 0 or more, not {depth}.")
    geo = board.geometry
    lines, full, order, moves = geo.lines, geo.full, geo.order, geo.moves
    start = board.moves_played
    visited = [0] * (geo.cells - start + 1)
    cut = [0] * (geo.cells - start + 1)
    total = 0

    def visit(
        x: int, o: int, ply: int, move: Move | None, alpha: int, beta: int
    ) -> tuple[int, TreeNode | None]:
        """The score of a position (and its node, if shown); the window is (alpha, beta)."""
        nonlocal total
        total += 1
        if total > limit:
            raise SearchTooLargeError(
                f"This tree has more than {limit:,} positions; "
                "try a position with more marks on it."
            )
        visited[ply] += 1
        keep = ply <= depth
        x_to_move = x.bit_count() == o.bit_count()
        last = Player.O if x_to_move else Player.X  # who made the move that led here
        player = None if move is None else last
        window = (alpha, beta) if pruning else None
        taken = x | o
        empties = geo.cells - taken.bit_count()
        just_moved = o if x_to_move else x
        children: list[TreeNode] = []
        pruned: tuple[Move, ...] = ()
        terminal = True
        if any(just_moved & line == line for line in lines):
            best = empties + 1 if last is Player.X else -(empties + 1)
        elif taken == full:
            best = 0
        else:
            terminal = False
            free = [cell for cell in order if not taken >> cell & 1]
            best = -INFINITY if x_to_move else INFINITY
            for index, cell in enumerate(free):
                bit = 1 << cell
                if x_to_move:
                    score, child = visit(x | bit, o, ply + 1, moves[cell], alpha, beta)
                    best = max(best, score)
                    if pruning:
                        alpha = max(alpha, score)
                else:
                    score, child = visit(x, o | bit, ply + 1, moves[cell], alpha, beta)
                    best = min(best, score)
                    if pruning:
                        beta = min(beta, score)
                if child is not None:
                    children.append(child)
                if alpha >= beta:  # only ever true with pruning
                    skipped = free[index + 1 :]
                    cut[ply + 1] += len(skipped)
                    pruned = tuple(moves[c] for c in skipped)
                    break
        if not keep:
            return best, None
        if terminal or window is None:
            bound = Bound.EXACT  # a finished game, or a plain search: every score is exact
        elif best >= window[1]:
            bound = Bound.LOWER
        elif best <= window[0]:
            bound = Bound.UPPER
        else:
            bound = Bound.EXACT
        node = TreeNode(move, player, best, bound, empties, window, tuple(children), pruned)
        return best, node

    _, root = visit(board.x, board.o, 0, None, -INFINITY, INFINITY)
    assert root is not None  # depth >= 0 keeps the root
    last = max((d for d, n in enumerate(visited) if n), default=0)
    return SearchTree(
        board, root, depth, pruning, tuple(visited[: last + 1]), tuple(cut[: last + 1])
    )
