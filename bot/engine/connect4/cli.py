"""The ``connect4`` command: ``python -m bot.engine connect4 SEQUENCE [--json] [--level LEVEL]``.

:mod:`bot.engine.cli` makes it a subcommand (:data:`COMMAND`): :func:`configure` gives its
parser the arguments, :func:`run` runs it.

``SEQUENCE`` is the columns played from the empty board, 1 to 7 (``4453``; ``""`` the empty
board). Printed: the position, its exact score and each column's score (full columns marked),
the positions searched and the time. ``--json`` prints only ``{"score": S, "columns": [S1, ...,
S7]}``, null for a full column. ``--level LEVEL`` prints only the column (1-7) that level plays
(``{"column": C}`` with ``--json``). ``-`` reads one sequence a line from stdin and answers each
on one line: ``SEQUENCE SCORE S1 ... S7`` (``-`` for a full column), the JSON object, or the
level's column; a line it cannot answer gets ``error: SENTENCE`` (``{"error": SENTENCE}``) and
the rest are still answered.

Exit status: 2 for a sequence the engine cannot use (a character that is not a column, a full
column, a move after a win) or a finished game, one sentence on stderr; 1 when the exact search
ran past ``--limit`` (early positions take Python minutes to hours); 0 otherwise. With ``-``,
the worst line's status. A reader that stops early (``| head``) ends the program quietly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterable

from ..errors import EngineError, SearchTooLargeError
from ..subcommand import Subcommand, seconds
from .analysis import Analysis, analyze
from .board import Connect4Board
from .levels import LEVELS, SECONDS, choose_column
from .notation import ordinal
from .solver import Budget

LIMIT = 60.0
"""The exact search's default time limit per position, in seconds."""

RULES = (
    "Rules: 7 columns of 6 rows; X moves first. A disc dropped in a column falls to the lowest "
    "free cell; four in a row along a row, a column or a diagonal wins; a full board is a draw."
)

SCORES = (
    "Scores follow gamesolver.org's benchmark: 0 a draw; a side to move that wins with its n-th "
    "disc at the earliest against the best defence scores 22 - n; one that loses scores "
    "-(22 - n), n the winner's discs."
)

DESCRIPTION = (
    "Solve a Connect Four position exactly: its score and each column's, or the column a level "
    "plays. " + RULES + " " + SCORES
)
EPILOG = (
    "Examples: python -m bot.engine connect4 11372435651555657733 (20 discs: solved at once; "
    "early positions take minutes or more); python -m bot.engine connect4 "
    "11372435651555657733 --json; python -m bot.engine connect4 44 --level hard; printf "
    "'11372435651555657733\\n113724356515556577334\\n' | python -m bot.engine connect4 -"
)


def configure(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` (the ``connect4`` subcommand's) the command's arguments."""
    parser.add_argument(
        "sequence",
        metavar="SEQUENCE",
        help='the columns played from the empty board, 1-7 (e.g. 4453; "" the empty board); '
        "- reads one sequence a line from stdin",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help='print only {"score": S, "columns": [S1, ..., S7]} (null for a full column), '
        'or {"column": C} with --level',
    )
    parser.add_argument(
        "--level",
        choices=LEVELS,
        default=None,
        help="print only the column (1-7) this level plays",
    )
    parser.add_argument("--seed", type=int, default=None, help="random seed for --level")
    parser.add_argument(
        "--limit",
        metavar="SECONDS",
        type=seconds,
        default=LIMIT,
        help=f"give up an exact search after this long (default {LIMIT:g}; exit status 1)",
    )
    parser.add_argument(
        "--time",
        metavar="SECONDS",
        type=seconds,
        default=SECONDS,
        help=f"strongest's time for its move with --level (default {SECONDS:g}, the bot's)",
    )


# -- answers ----------------------------------------------------------------------------------


class _Refused(Exception):
    """A line the command cannot answer: its sentence and exit status."""

    def __init__(self, sentence: str, status: int) -> None:
        super().__init__(sentence)
        self.status = status


def _board(sequence: str) -> Connect4Board:
    try:
        board = Connect4Board.from_notation(sequence)
    except EngineError as error:
        raise _Refused(str(error), 2) from None
    if board.is_over:
        winner = board.winner
        result = "a draw" if winner is None else f"{winner.value} has won"
        raise _Refused(
            f"{sequence.strip()!r}: the game is over ({result}): there is nothing to solve.", 2
        )
    return board


def _analysis(board: Connect4Board, limit: float) -> Analysis:
    try:
        return analyze(board, Budget(deadline=time.perf_counter() + limit))
    except SearchTooLargeError:
        raise _Refused(
            f"{board.notation!r}: not solved within {limit:g} s: positions with few discs take "
            "Python minutes to hours; give more time with --limit.",
            1,
        ) from None


def _column(board: Connect4Board, args: argparse.Namespace, rng: random.Random) -> int:
    return choose_column(board, args.level, rng, seconds=args.time) + 1


def _score_words(score: int, board: Connect4Board) -> str:
    """The score in words: who wins with which disc, or a draw."""
    mover, other = board.to_move.value, board.to_move.other.value
    disc = board.geometry.cells // 2 + 1 - abs(score)
    if score > 0:
        return f"{mover} wins with its {ordinal(disc)} disc at the earliest"
    if score < 0:
        return f"{other} wins with its {ordinal(disc)} disc at the earliest"
    return "a draw with best play"


def render_grid(board: Connect4Board) -> str:
    """The board, top row first, with the columns' numbers beneath."""
    geo = board.geometry
    rows = []
    for row in range(geo.height):
        cells = []
        for col in range(geo.width):
            bit = geo.cell_bit(geo.height - 1 - row, col)
            cells.append("X" if board.x & bit else "O" if board.o & bit else ".")
        rows.append("  " + " ".join(cells))
    rows.append("  " + " ".join(str(col + 1) for col in range(geo.width)))
    return "\n".join(rows)


def print_analysis(board: Connect4Board, analysis: Analysis) -> None:
    """The position, its score in figures and words, each column's score, the search's cost."""
    played = board.notation or "the empty board"
    print(f"Connect Four, {played}: {board.to_move.value} to move ({board.discs} discs).")
    print(render_grid(board))
    print()
    print(f"Score: {analysis.score} ({_score_words(analysis.score, board)}).")
    print(f"Each column's score for {board.to_move.value}:")
    cells = [
        f"{col + 1}: {'full' if score is None else score}"
        for col, score in enumerate(analysis.columns)
    ]
    print("  " + "  ".join(cells))
    best = " ".join(str(col + 1) for col in analysis.best_columns())
    print(f"Best: {best}")
    rate = analysis.nodes / analysis.seconds if analysis.seconds > 0 else 0.0
    print(
        f"Positions searched: {analysis.nodes:,} in {analysis.seconds:.2f} s ({rate:,.0f} a second)"
    )


def _line(sequence: str, args: argparse.Namespace, rng: random.Random) -> str:
    """One stdin line's answer (raises :class:`_Refused`)."""
    board = _board(sequence)
    if args.level is not None:
        column = _column(board, args, rng)
        return json.dumps({"column": column}) if args.json else str(column)
    analysis = _analysis(board, args.limit)
    if args.json:
        return json.dumps({"score": analysis.score, "columns": list(analysis.columns)})
    figures = " ".join("-" if score is None else str(score) for score in analysis.columns)
    return f"{board.notation} {analysis.score} {figures}"


def _each_line(lines: Iterable[str], args: argparse.Namespace, rng: random.Random) -> int:
    status = 0
    for raw in lines:
        try:
            answer = _line(raw.strip(), args, rng)
        except _Refused as refused:
            status = max(status, refused.status)
            answer = json.dumps({"error": str(refused)}) if args.json else f"error: {refused}"
        print(answer, flush=True)
    return status


def run(args: argparse.Namespace) -> int:
    """Run the command with the arguments its parser read; returns the exit status."""
    rng = random.Random(args.seed)
    if args.sequence == "-":
        return _each_line(sys.stdin, args, rng)
    try:
        board = _board(args.sequence)
        if args.level is not None:
            column = _column(board, args, rng)
            print(json.dumps({"column": column}) if args.json else column)
            return 0
        analysis = _analysis(board, args.limit)
    except _Refused as refused:
        print(refused, file=sys.stderr)
        return refused.status
    if args.json:
        print(json.dumps({"score": analysis.score, "columns": list(analysis.columns)}))
    else:
        print_analysis(board, analysis)
    return 0


COMMAND = Subcommand(
    name="connect4",
    help="solve a Connect Four position, or choose a level's column",
    description=DESCRIPTION,
    epilog=EPILOG,
    configure=configure,
    run=run,
)
"""``python -m bot.engine connect4``."""
