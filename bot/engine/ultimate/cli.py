"""The ``ultimate`` command: ``python -m bot.engine ultimate POSITION [--last R,C] [--json] ...``.

:mod:`bot.engine.cli` makes it a subcommand: :func:`configure` gives its parser the arguments,
:func:`run` runs it (``DESCRIPTION`` and ``EPILOG`` are its help's text).

Prints the position, the search's top moves (visits, win rates), its simulations and any proven
result, and as the last line the chosen move as ``R C`` (1-9 each); with ``--json``, only one
JSON object ``{"move": [R, C], "value": ..., "playouts": ..., "proven": ...}``, where
``playouts`` counts the search's simulations (the issue's name for them) and ``proven`` is
``"win"``, ``"draw"``, ``"loss"`` or null.

Exit status: 2 for a position or option the engine cannot use, or a finished game (one sentence
on stderr); 0 otherwise. A reader that stops early (``| head``) ends the program quietly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import textwrap

from ..errors import EngineError
from ..moves import Move
from ..subcommand import Subcommand, seconds
from ..values import Value
from .board import UltimateBoard
from .compiled import LOAD_SECONDS
from .levels import LEVELS, Level, analyze
from .search import DEFAULT_SECONDS, SearchResult
from .tables import board_name, square_of

TOP = 5
"""How many moves the analysis lists."""

RULES = (
    "Rules: X starts anywhere. The cell a move takes inside its small board sends the opponent "
    "to the small board at that position; if that board is won or full, the opponent may play "
    "in any open board. Three in a row wins a small board and closes it; three won small boards "
    "in a row win the game. When no move remains without such a line the game is a draw: there "
    "is no tie-break by the count of small boards won."
)


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number above 0, not {text!r}")
    return int(text)


DESCRIPTION = (
    "Analyse an ultimate tic-tac-toe position with the engine's Monte Carlo tree search, and "
    "choose a move. " + RULES
)
_ROWS = ["X........", *["........."] * 8]
EXAMPLE = "\n".join(
    [
        f'  python -m bot.engine ultimate --last 1,1 "{"/".join(_ROWS[:3])}/',
        f"    {'/'.join(_ROWS[3:6])}/",
        f'    {"/".join(_ROWS[6:])}"',
    ]
)
"""A position to copy, after X took row 1, column 1: the grid on three lines of 80 columns
or fewer, which the quotes keep one argument (its line breaks are ignored)."""
EPILOG = (
    "Example, after X took row 1, column 1 (spaces and line breaks inside the grid are "
    f"ignored, so it may be split as here):\n{EXAMPLE}"
)
USAGE = "\n".join(
    [
        "%(prog)s [-h] POSITION [--last R,C] [--time SECONDS]",
        f"{'':37}[--simulations N] [--level LEVEL]",
        f"{'':37}[--seed SEED] [--json]",
    ]
)
"""The usage line: POSITION is required (the parser takes it as optional only to refuse its
absence with ``MISSING`` rather than argparse's words)."""
MISSING = "\n".join(
    [
        "POSITION is missing.",
        textwrap.fill(
            "Give the 9x9 grid to analyse: 9 rows of 9 characters (X, O or .) separated by /, "
            "row 1 first. For example, after X took row 1, column 1:",
            79,
        ),
        EXAMPLE,
    ]
)
"""What a run without a position is told (after argparse's usage and "error: ")."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` (the ``ultimate`` subcommand's) the command's arguments."""
    parser.add_argument(
        "position",
        metavar="POSITION",
        nargs="?",
        help="the 9x9 grid: 9 rows of 9 characters (X, O or .) separated by /, row 1 first, "
        "optionally followed by a space and the last move R,C",
    )
    parser.add_argument(
        "--last",
        metavar="R,C",
        default=None,
        help="the previous move (1-9 each), which decides the small board to play in; "
        "without it the side to move may play in any open small board",
    )
    parser.add_argument(
        "--time",
        metavar="SECONDS",
        type=seconds,
        default=DEFAULT_SECONDS,
        help=f"time budget for the move (default {DEFAULT_SECONDS:g})",
    )
    parser.add_argument(
        "--simulations",
        metavar="N",
        type=_positive_int,
        default=None,
        help="stop after N simulations (with --seed, a repeatable result)",
    )
    parser.add_argument(
        "--level",
        choices=LEVELS,
        default=Level.STRONGEST.value,
        help="search as this level does (its simulations; not its random moves); "
        "default strongest, for the whole --time, in its compiled search when --time is at "
        f"least {LOAD_SECONDS:g} (loading it takes about a second) or --simulations is given, "
        "else in Python",
    )
    parser.add_argument("--seed", type=int, default=None, help="random seed")
    parser.add_argument(
        "--json",
        action="store_true",
        help='print only one JSON object: {"move": [R, C], "value": the win rate of the move '
        '(wins plus half the draws, 0 to 1), "playouts": the simulations run, "proven": '
        '"win", "draw", "loss" or null}',
    )


def _rc(move: Move) -> str:
    return f"{move.row + 1} {move.col + 1}"


def render_grid(board: UltimateBoard) -> str:
    """The 9x9 grid with 1-based numbers, small boards set apart; ``*`` marks the empty
    squares the side to move may play."""
    playable = board.playable_boards
    lines = ["     1 2 3   4 5 6   7 8 9"]
    for row in range(9):
        if row and row % 3 == 0:
            lines.append("     ------+-------+------")
        cells = []
        for col in range(9):
            move = Move(row, col)
            mark = board.at(move)
            if mark is not None:
                cells.append(mark.value)
            elif playable >> square_of(move) // 9 & 1:
                cells.append("*")
            else:
                cells.append(".")
            if col in (2, 5):
                cells.append("|")
        lines.append(f"{row + 1:>2}   " + " ".join(cells))
    return "\n".join(lines)


def _where(board: UltimateBoard) -> str:
    mover = board.to_move.value
    forced = board.forced_board
    if forced is not None:
        return f"{mover} to move, in {board_name(forced)} (*)."
    if board.last is None:
        return f"{mover} to move, in any open small board (*): no last move was given."
    return f"{mover} to move, in any open small board (*): the last move sends to a closed one."


def print_analysis(board: UltimateBoard, result: SearchResult) -> None:
    """The position, the top moves, the simulations and the value, then the move as ``R C``."""
    mover = board.to_move.value
    print(_where(board))
    print(render_grid(board))
    print()
    print(f"Top moves for {mover} (win rate: wins plus half the draws, as the search sees it):")
    print("  move   visits  win rate  proven")
    for stat in result.moves[:TOP]:
        proven = "" if stat.proven is None else f"{mover} {_proof_words(stat.proven)}"
        print(f"  {_rc(stat.move):<5}  {stat.visits:>6}  {stat.win_rate:>7.1%}  {proven}".rstrip())
    if len(result.moves) > TOP:
        print(f"  ... and {len(result.moves) - TOP} more moves")
    rate = result.simulations / result.seconds if result.seconds > 0 else 0.0
    print(f"Simulations: {result.simulations:,} in {result.seconds:.2f} s ({rate:,.0f} a second)")
    if result.proven is not None:
        print(f"Proven: {mover} {_proof_words(result.proven)} with best play.")
    else:
        print(f"Value: {result.value:.1%} for {mover} after the chosen move (not proven).")
    print(_rc(result.move))


def _proof_words(proof: Value) -> str:
    return {Value.WIN: "wins", Value.DRAW: "draws", Value.LOSS: "loses"}[proof]


def run(args: argparse.Namespace) -> int:
    """Run the command with the arguments its parser read; returns the exit status."""
    if args.position is None:
        parser: argparse.ArgumentParser = args.parser
        parser.error(MISSING)
    try:
        board = UltimateBoard.from_notation(args.position, args.last)
    except EngineError as error:
        print(error, file=sys.stderr)
        return 2
    if board.is_over:
        winner = board.winner
        outcome = "a draw" if winner is None else f"{winner.value} has won"
        print(f"The game is over ({outcome}): there is no move to choose.", file=sys.stderr)
        return 2
    result = analyze(
        board,
        args.level,
        random.Random(args.seed),
        seconds=args.time,
        simulations=args.simulations,
    )
    if args.json:
        proven = None if result.proven is None else result.proven.value
        move = [result.move.row + 1, result.move.col + 1]
        print(
            json.dumps(
                {
                    "move": move,
                    "value": round(result.value, 4),
                    "playouts": result.simulations,
                    "proven": proven,
                }
            )
        )
    else:
        print_analysis(board, result)
    return 0


COMMAND = Subcommand(
    name="ultimate",
    help="analyse an ultimate tic-tac-toe position",
    description=DESCRIPTION,
    epilog=EPILOG,
    configure=configure,
    run=run,
    usage=USAGE,
)
"""``python -m bot.engine ultimate``."""
