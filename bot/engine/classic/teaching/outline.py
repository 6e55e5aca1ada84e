"""Printing a :class:`~.tree.SearchTree` as an indented outline (``--tree``).

One line per position, indented by depth: the move (``X 2,3`` = X in row 2, column 3), its
score from X's side with ``=``, ``>=`` or ``<=`` in front (a bound where a cut stopped the
search early), the score in words ("X wins in 3": moves until the game ends), and, with
pruning, the alpha-beta window the move was searched in. Moves a cut skipped follow their
siblings on a ``cut:`` line. A tree too large to read is summarised by depth instead.
"""

from __future__ import annotations

from ...moves import Move, Player
from .plain import plain_minimax_positions
from .tree import INFINITY, Bound, SearchTree, TreeNode

MAX_LINES = 100
"""Trees whose outline would be longer than this are summarised (counts per depth)."""


def cell(player: Player | None, move: Move | None) -> str:
    """``"X 2,3"``: who played where, 1-based; ``"start"`` for the root."""
    if move is None or player is None:
        return "start"
    return f"{player.value} {move.row + 1},{move.col + 1}"


def number(score: int) -> str:
    """A score with its sign; the window's open ends as ``-inf`` and ``+inf``."""
    if score >= INFINITY:
        return "+inf"
    if score <= -INFINITY:
        return "-inf"
    return f"{score:+d}" if score else "0"


def plies_to_win(score: int, empties: int) -> int:
    """The plies a won score (not 0) takes to its win, from a position with ``empties``."""
    return empties - (abs(score) - 1)


def words(score: int, empties: int) -> str:
    """An exact score in words: who wins and in how many moves, or a draw."""
    if score == 0:
        return "draw" if empties == 0 else f"draw in {empties}"
    winner = "X" if score > 0 else "O"
    plies = plies_to_win(score, empties)
    return f"{winner} has won" if plies == 0 else f"{winner} wins in {plies}"


def value(node: TreeNode) -> str:
    """``"= +5  X wins in 3"``, or a bound: ``">= 0  draw in 4, or better for X"``. A win
    bounded on the winner's side is "or sooner" only where a sooner win exists: the same side
    wins at the earliest two plies sooner, so a win in 1 or 2 is as soon as it gets."""
    said = words(node.score, node.empties)
    winner_bound = (node.bound is Bound.LOWER and node.score > 0) or (
        node.bound is Bound.UPPER and node.score < 0
    )
    if winner_bound:
        if plies_to_win(node.score, node.empties) > 2:
            said += ", or sooner"
    elif node.bound is Bound.LOWER:
        said += ", or better for X"
    elif node.bound is Bound.UPPER:
        said += ", or better for O"
    return f"{node.bound.value} {number(node.score)}  {said}"


def why_cut(node: TreeNode) -> str:
    """Why a node's remaining moves were skipped, from the window it was searched in."""
    assert node.window is not None
    alpha, beta = node.window
    if node.score >= beta:  # X was to move here, so O (choosing above) avoids this position
        return f"X has {number(node.score)} >= beta {number(beta)}: O avoids this"
    return f"O has {number(node.score)} <= alpha {number(alpha)}: X avoids this"


def outline_lines(tree: SearchTree) -> list[str]:
    """The outline, one line per shown position and per ``cut:`` line."""
    rows: list[tuple[str, str]] = []

    def walk(node: TreeNode, indent: int) -> None:
        pad = "  " * indent
        window = ""
        if node.window is not None and node.move is not None:
            window = f"[alpha {number(node.window[0])}, beta {number(node.window[1])}]"
        rows.append((f"{pad}{cell(node.player, node.move)}: {value(node)}", window))
        for child in node.children:
            walk(child, indent + 1)
        if node.pruned:
            mover = Player.X if node.player is not Player.X else Player.O
            skipped = "  ".join(cell(mover, move) for move in node.pruned)
            rows.append((f"{pad}  cut: {skipped}", f"({why_cut(node)})"))

    walk(tree.root, 0)
    width = max(len(left) for left, _ in rows)
    return [f"{left:<{width}}  {right}".rstrip() for left, right in rows]


def legend(tree: SearchTree) -> list[str]:
    """The header: what was searched and how to read the numbers."""
    board = tree.board
    kind = "with alpha-beta pruning" if tree.pruning else "plain minimax, no pruning"
    lines = [
        f"Minimax tree of {board.notation} ({board.to_move.value} to move) "
        f"to depth {tree.depth}, {kind}.",
        "Scores are from X's side (X picks the highest, O the lowest): a win scores 1 + the",
        "cells still empty after it, so sooner wins score more; a draw 0; O's wins below 0.",
        '"X 2,3" is X in row 2, column 3; "wins in 3" counts both sides\' moves.',
    ]
    if tree.pruning:
        lines.append(
            "[alpha, beta] is the window a move was searched in; >= and <= mark bounds,"
        )
        lines.append('where a cut stopped the search early; "cut:" lists the moves it skipped.')
    return lines


def summary(tree: SearchTree) -> list[str]:
    """Counts per depth, for a tree too large to print."""
    lines = [f"{'depth':>5}  {'positions':>9}  {'cut off':>7}"]
    for depth, (seen, cut) in enumerate(zip(tree.visited, tree.cut, strict=True)):
        lines.append(f"{depth:>5}  {seen:>9,}  {cut:>7,}")
    return lines


def render_tree(tree: SearchTree, max_lines: int = MAX_LINES) -> str:
    """The whole ``--tree`` output: legend, outline (or summary) and the totals."""
    lines = legend(tree)
    lines.append("")
    body = outline_lines(tree)
    if len(body) <= max_lines:
        lines += body
    else:
        shown = sum(tree.visited[: tree.depth + 1])
        lines.append(
            f"The tree to depth {tree.depth} has {shown:,} positions, too many to print "
            f"(more than {max_lines} lines). Counts per depth, for the whole search:"
        )
        lines += summary(tree)
    lines.append("")
    plain = plain_minimax_positions(tree.board)
    plain_text = "too many to count" if plain is None else f"{plain:,}"
    lines.append(
        f"Positions examined to the end of the game: {tree.examined:,} "
        f"(plain minimax: {plain_text}); the outline shows depth 0 to {tree.depth}."
    )
    return "\n".join(lines)
