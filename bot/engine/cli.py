"""Command line: ``python -m bot.engine NOTATION [--k K] [--level LEVEL]``.

Prints the board, every legal move's result under perfect play, the best
moves, how many positions were examined and how long it took. A notation the
engine cannot read prints the reason on stderr and exits with status 2; a
position too big to solve exactly (early 5x5/6x6) exits with status 1.

``--tree [--depth N] [--no-pruning]`` prints the minimax search tree instead
(:mod:`bot.engine.outline`); a tree too large to walk exits with status 1.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from . import LEVELS, Board, EngineError, SearchTooLargeError, analyze, choose_move

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot.engine",
        description="Analyse a Tic-Tac-Toe position with the perfect engine.",
        epilog='Example: python -m bot.engine "X.O/.X./..." (rows top to bottom, . = empty)',
    )
    parser.add_argument("notation", help='the board, rows separated by "/", e.g. "X.O/.X./..O"')
    parser.add_argument(
        "--k", type=int, default=None, help="marks in a row needed to win (default: board size)"
    )
    parser.add_argument(
        "--level", choices=LEVELS, default=None, help="also show the move this level would choose"
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="random seed for --level (repeatable choice)"
    )
    parser.add_argument(
        "--tree", action="store_true", help="print the minimax search tree as an outline"
    )
    parser.add_argument(
        "--depth",
        type=int,
        default=None,
        help=f"with --tree: how many moves deep to show (default {TREE_DEPTH})",
    )
    parser.add_argument(
        "--no-pruning", action="store_true", help="with --tree: plain minimax, no alpha-beta"
    )
    return parser


TREE_DEPTH = 2


def _check_tree_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse --depth/--no-pruning without --tree, and a negative depth (exit status 2)."""
    if not args.tree and (args.depth is not None or args.no_pruning):
        parser.error("--depth and --no-pruning only go with --tree")
    if args.depth is not None and args.depth < 0:
        parser.error(f"--depth must be 0 or more, not {args.depth}")


def print_tree(board: Board, depth: int, *, pruning: bool) -> int:
    """Print the search tree from ``board``; status 1 if it is too large to walk."""
    from .outline import render_tree  # imported on first use: the analysis never needs them
    from .tree import search_tree

    try:
        tree = search_tree(board, depth, pruning=pruning)
    except SearchTooLargeError as error:
        print(error, file=sys.stderr)
        return 1
    print(render_tree(tree))
    return 0


def render_grid(board: Board) -> str:
    """The board as a small grid with 1-based row and column numbers."""
    header = "    " + " ".join(str(col + 1) for col in range(board.size))
    rows = [header]
    cells = board.cells
    for row in range(board.size):
        marks = cells[row * board.size : (row + 1) * board.size]
        rows.append(f"{row + 1:>2}  " + " ".join("." if m is None else m.value for m in marks))
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the process exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    _check_tree_options(parser, args)
    try:
        board = Board.from_notation(args.notation, k=args.k)
    except EngineError as error:
        print(error, file=sys.stderr)
        return 2
    if args.tree:
        depth = TREE_DEPTH if args.depth is None else args.depth
        return print_tree(board, depth, pruning=not args.no_pruning)
    print(f"{board.size}x{board.size} board, {board.k} in a row: {board.notation}")
    print(render_grid(board))
    print()
    outcome = board.outcome
    if outcome is not None:
        if outcome.winner is None:
            print("The game is over: a draw.")
        else:
            print(f"The game is over: {outcome.winner.value} won.")
        return 0

    start = time.perf_counter()
    try:
        analysis = analyze(board)
    except SearchTooLargeError as error:
        print(error, file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - start
    mover = board.to_move.value
    print(f"{mover} to move. Result for {mover} after each move, under best play:")
    width = max(len(str(m.move)) for m in analysis.moves)
    for entry in analysis.moves:
        plies = f"{entry.plies} {'ply' if entry.plies == 1 else 'plies'}"
        print(f"  {entry.move!s:<{width}}  {entry.value.value:<4}  in {plies}")
    print(f"Best: {'; '.join(str(m) for m in analysis.best_moves)}")
    print(f"Value: {analysis.value.value} for {mover}")
    print(f"Positions examined: {analysis.positions_examined:,}")
    print(f"Time: {elapsed * 1000:.2f} ms")
    if args.level is not None:
        rng = random.Random(args.seed)
        print(f"Level {args.level} plays: {choose_move(board, args.level, rng)}")
    return 0
