"""The classic analysis: ``python -m bot.engine NOTATION [--k K] [--level LEVEL]``.

What :mod:`bot.engine.cli` runs for any first argument that names no subcommand.

Prints the board, every legal move's result under perfect play and, for a win or a loss, in how
many of the mover's own moves (this one included, as the game's hints and reviews count), the
best moves, the principal variation, the positions examined and the time taken; with
``--level``, that level's move and whether the table rates it a mistake.
A position too big to solve exactly (early 5x5/6x6 positions) gets the move of an
``ESTIMATE_DEPTH``-ply heuristic search instead, labelled an estimate, and so does a step of
the principal variation too big to solve. ``--tree [--depth N] [--no-pruning]`` prints the
minimax search tree instead (:mod:`bot.engine.classic.teaching.outline`). ``--k`` defaults to
``default_k``: the game's k on 3x3, 4x4 and 5x5, and four on 6x6.

Exit status: 2 for a notation or option the engine cannot use (the reason on stderr); 1 for a
tree too large to walk. A reader that stops early (``| head``) ends the program quietly.
"""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
import time
from collections.abc import Sequence

from ..errors import EngineError, SearchTooLargeError
from ..moves import Move
from ..subcommand import HELP_FORMAT, laid_out
from ..values import Value
from .analysis import Analysis, analyze
from .board import Board
from .heuristic import LimitedSearch
from .levels import LEVELS, choose_move
from .perfect import best_moves
from .teaching.outline import render_tree
from .teaching.tree import search_tree

WIDTH = 79
"""Lines are wrapped to fit an 80-column terminal."""
LEVEL_HINT = "Every level still chooses a move here: add --level easy, medium, hard or perfect."

ESTIMATE_DEPTH = 5
"""Plies the heuristic searches where exact play is too big: as deep as hard, and as perfect's
own fallback."""
ESTIMATED = (
    f"* an estimate, not a proof: too big to solve exactly there, so the move is a "
    f"{ESTIMATE_DEPTH}-ply heuristic search's pick, and the line from there may not be best play."
)

BIG_BOARD_K = 4
"""``--k``'s default from 5x5 up: the game plays four in a row on 5x5 (docs/decisions.md)."""


def _parser(more: str = "") -> argparse.ArgumentParser:
    """The analysis's parser; ``more``: what its help lists after the example (the other
    commands, laid out as written)."""
    example = 'Example: python -m bot.engine "X.O/.X./..." (rows top to bottom, . = empty)'
    parser = argparse.ArgumentParser(
        prog="python -m bot.engine",
        description=laid_out("Analyse a Tic-Tac-Toe position with the perfect engine."),
        epilog=laid_out(f"{example}\n\n{more}" if more else example),
        formatter_class=HELP_FORMAT,
    )
    parser.add_argument("notation", help='the board, rows separated by "/", e.g. "X.O/.X./..O"')
    parser.add_argument(
        "--k",
        type=int,
        default=None,
        help="marks in a row needed to win (default: 3 on 3x3, 4 on 4x4, 5x5 and 6x6, as the "
        "game plays 3x3, 4x4 and 5x5)",
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

    try:
        tree = search_tree(board, depth, pruning=pruning)
    except SearchTooLargeError as error:
        print(error, file=sys.stderr)
        return 1
    print(render_tree(tree))
    return 0


def default_k(notation: str) -> int | None:
    """``--k`` when none is given: ``BIG_BOARD_K`` on boards with more rows than that, else
    None (the board size). Rows are counted as the notation's parser counts them."""
    return BIG_BOARD_K if len(notation.strip().split("/")) > BIG_BOARD_K else None


def estimated_move(board: Board) -> Move:
    """The first (row-major) best move of an ``ESTIMATE_DEPTH``-ply heuristic search."""

    me, opp = board.sides
    scores = LimitedSearch(board.geometry).score_moves(me, opp, ESTIMATE_DEPTH)
    top = max(score for _, score in scores)
    return board.geometry.moves[min(cell for cell, score in scores if score == top)]


def render_grid(board: Board) -> str:
    """The board as a small grid with 1-based row and column numbers."""
    header = "    " + " ".join(str(col + 1) for col in range(board.size))
    rows = [header]
    cells = board.cells
    for row in range(board.size):
        marks = cells[row * board.size : (row + 1) * board.size]
        rows.append(f"{row + 1:>2}  " + " ".join("." if m is None else m.value for m in marks))
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None, *, more: str = "") -> int:
    """Run the CLI; returns the process exit status. ``more``: the other commands, for its
    ``--help`` (the top-level help)."""
    parser = _parser(more)
    args = parser.parse_args(argv)
    _check_tree_options(parser, args)
    try:
        k = default_k(args.notation) if args.k is None else args.k
        board = Board.from_notation(args.notation, k=k)
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
        print_estimate(board, args.level, args.seed, error)
        return 0
    elapsed = time.perf_counter() - start
    print_analysis(analysis)
    print(f"Positions examined: {analysis.positions_examined:,}")
    print(f"Time: {elapsed * 1000:.2f} ms")
    if args.level is not None:
        move = choose_move(board, args.level, random.Random(args.seed))
        print(f"Level {args.level} plays: {move}{rate_choice(analysis, move)}")
    return 0


def print_estimate(
    board: Board, level: str | None, seed: int | None, too_large: SearchTooLargeError
) -> None:
    """A position too big for the table: why, the heuristic's move labelled an estimate, and
    the level's move if one was asked for (every level chooses on any board: heuristics, or
    perfect's book and solver on 5x5 with k = 4), else how to ask for one."""
    mover = board.to_move.value
    print(wrapped(f"{mover} to move. {too_large} So there is no table of every move."))
    print(
        wrapped(
            f"An estimate, not a proof: a {ESTIMATE_DEPTH}-ply heuristic search picks "
            f"{estimated_move(board)}."
        )
    )
    if level is None:
        print(wrapped(LEVEL_HINT))
        return
    move = choose_move(board, level, random.Random(seed))
    print(f"Level {level} plays: {move}")


def print_analysis(analysis: Analysis) -> None:
    """The table of every move, the best moves, the value and the best line."""
    mover = analysis.board.to_move.value
    print(f"{mover} to move. Result for {mover} after each move, under best play, and in how")
    print(f"many of {mover}'s own moves (this one included), as the game counts them:")
    width = max(len(str(m.move)) for m in analysis.moves)
    for entry in analysis.moves:
        result = f"{entry.value.value:<4}  in {own_moves(entry.plies)}"
        print(f"  {entry.move!s:<{width}}  {result if entry.value is not Value.DRAW else 'draw'}")
    if len(analysis.best_moves) == len(analysis.moves) > 1:
        print(f"Best: any move, all {len(analysis.moves)} are equal")
    else:
        print(wrapped(f"Best: {'; '.join(str(m) for m in analysis.best_moves)}"))
    print(f"Value: {analysis.value.value} for {mover}")
    print("Best line (the principal variation: both sides play best to the end):")
    print(best_line(analysis.board))


def own_moves(plies: int) -> str:
    """ "2 moves": the mover's own moves in ``plies`` plies (both sides' moves), the one about
    to be made included, as the game's hints count: the 1st, 3rd, 5th ... ply are the mover's."""
    count = (plies + 1) // 2
    return f"{count} {'move' if count == 1 else 'moves'}"


def wrapped(text: str) -> str:
    """``text`` wrapped to ``WIDTH``, continuation lines indented."""
    return textwrap.fill(text, WIDTH, subsequent_indent="    ", break_long_words=False)


def best_line(board: Board) -> str:
    """The principal variation from ``board``: each side's best move in turn to the end, a
    move and its answer per numbered line, then the result. Ties go to the first best move.
    A step too big to solve exactly is ``estimated_move``'s, marked ``*`` and explained
    under the line."""
    steps = []
    estimated = False
    while board.outcome is None:
        try:
            move, mark = best_moves(board)[0], ""
        except SearchTooLargeError:
            move, mark = estimated_move(board), "*"
            estimated = True
        steps.append(f"{board.to_move.value} {move}{mark}")
        board = board.play(move)
    width = max(len(step) for step in steps)
    pairs = (
        "   ".join(f"{step:<{width}}" for step in steps[at : at + 2])
        for at in range(0, len(steps), 2)
    )
    digits = len(str((len(steps) + 1) // 2))
    lines = [f"  {number:>{digits}}. {pair.rstrip()}" for number, pair in enumerate(pairs, start=1)]
    winner = board.outcome.winner
    lines.append("  then a draw." if winner is None else f"  then {winner.value} wins.")
    if estimated:
        lines.append(textwrap.fill(ESTIMATED, WIDTH, initial_indent="  ", subsequent_indent="    "))
    return "\n".join(lines)


def rate_choice(analysis: Analysis, move: Move) -> str:
    """What the table says of a level's move: one of the best, or what it gives away
    (" - a mistake: this loses in 4 plies")."""
    if move in analysis.best_moves:
        return " (one of the best moves)"
    entry = next(item for item in analysis.moves if item.move == move)
    best = analysis.moves[0]
    if entry.value is best.value:
        return (
            f" - the same result (a {entry.value.value}), but in {own_moves(entry.plies)} "
            f"instead of {(best.plies + 1) // 2}"
        )
    if entry.value is Value.LOSS:
        return f" - a mistake: this loses in {own_moves(entry.plies)}"
    return " - a slip: this only draws where best play wins"
