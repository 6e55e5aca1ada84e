"""The ``puzzles`` command: ``python -m bot.engine puzzles --size S [--count N] [--seed K]
[--json]`` or ``python -m bot.engine puzzles --id N [--json]``.

:mod:`bot.engine.cli` makes it a subcommand: :func:`configure` gives its parser the arguments,
:func:`run` runs it (``DESCRIPTION`` and ``EPILOG`` are its help's text).

Prints puzzles of the shipped set: ``--count`` of them (default 1) of size ``--size``, chosen by
``--seed`` (the same seed, the same puzzles; without one, different ones each run), by id; or
the puzzle ``--id``. With ``--json``, one JSON object a line with exactly the keys ``id``,
``size``, ``k``, ``position``, ``to_move``, ``solution`` (``[row, column]`` pairs, 1-based),
``win_in`` and ``rating``; without it, each puzzle's board, who is to move and the solution.

Exit status: 2 for an option the command cannot use (an unknown size, a count below 1 or above
the puzzles there are, an id that does not exist, ``--id`` with ``--size`` of another size or
with ``--count``/``--seed``): one sentence, never a traceback; 0 otherwise.
"""

from __future__ import annotations

import argparse
import random
import sys

from ...errors import UnknownPuzzleError
from ...subcommand import Subcommand
from ..cli import render_grid
from .puzzle import Puzzle
from .puzzle_set import SIZES, puzzle_line, shipped

DESCRIPTION = (
    "Print puzzles from the engine's shipped set: positions where exactly one move wins by "
    "force (proven by the exact solver), with the solution line: the winning move, then the "
    "defence that holds out longest and the fastest win, until the win is on the board."
)
EPILOG = (
    "Examples: python -m bot.engine puzzles --size 4 --count 3 --seed 7 --json; "
    "python -m bot.engine puzzles --id 17"
)

_WORDS = {3: "three", 4: "four", 5: "five"}


def _whole_number(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number above 0, not {text!r}")
    return int(text)


def _size(text: str) -> int:
    sizes = ", ".join(str(size) for size in SIZES)
    if not text.isdigit() or int(text) not in SIZES:
        raise argparse.ArgumentTypeError(f"there are puzzles on sizes {sizes}, not {text!r}")
    return int(text)


def configure(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` (the ``puzzles`` subcommand's) the command's arguments."""
    parser.add_argument(
        "--size",
        metavar="S",
        type=_size,
        default=None,
        help="the board: 3 (3x3), 4 (4x4) or 5 (5x5)",
    )
    parser.add_argument(
        "--count",
        metavar="N",
        type=_whole_number,
        default=None,
        help="how many puzzles of that size (default 1)",
    )
    parser.add_argument(
        "--seed",
        metavar="K",
        type=int,
        default=None,
        help="random seed choosing which puzzles (the same seed, the same puzzles)",
    )
    parser.add_argument(
        "--id", metavar="N", type=_whole_number, default=None, help="print puzzle number N"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help='one JSON object a line: {"id", "size", "k", "position", "to_move", "solution", '
        '"win_in", "rating"}, rows and columns 1-based',
    )


def run(args: argparse.Namespace) -> int:
    """Run the command with the arguments its parser read; returns the exit status."""
    parser: argparse.ArgumentParser = args.parser
    if args.id is None and args.size is None:
        parser.error("say which puzzles: --size S (with --count N) or --id N")
    if args.id is not None and (args.count is not None or args.seed is not None):
        parser.error("--id names one puzzle: --count and --seed only go with --size")
    puzzles = shipped()
    try:
        if args.id is not None:
            chosen: tuple[Puzzle, ...] = (puzzles.by_id(args.id),)
            if args.size is not None and chosen[0].size != args.size:
                size = chosen[0].size
                raise UnknownPuzzleError(
                    f"Puzzle #{args.id} is a {size}x{size} puzzle, not {args.size}x{args.size}."
                )
        else:
            count = 1 if args.count is None else args.count
            chosen = puzzles.sample(args.size, count, random.Random(args.seed))
    except (UnknownPuzzleError, ValueError) as error:
        print(error, file=sys.stderr)
        return 2
    if args.json:
        for puzzle in chosen:
            print(puzzle_line(puzzle))
    else:
        print("\n\n".join(describe(puzzle) for puzzle in chosen))
    return 0


def describe(puzzle: Puzzle) -> str:
    """The puzzle for a reader: number, board, who is to move, and the solution line."""
    board = puzzle.board
    mover = puzzle.to_move.value
    moves = "move" if puzzle.win_in == 1 else "moves"
    lines = [
        f"Puzzle #{puzzle.id}: {puzzle.size}x{puzzle.size}, {_WORDS[puzzle.k]} in a row. "
        f"{mover} to move and win in {puzzle.win_in} (rating {puzzle.rating}).",
        render_grid(board),
        f"Solution ({mover}'s {puzzle.win_in} {moves} against the longest defence):",
    ]
    steps = []
    for move in puzzle.solution:
        steps.append(f"{board.to_move.value} {move}")
        board = board.play(move)
    width = max(len(step) for step in steps)
    for number, at in enumerate(range(0, len(steps), 2), start=1):
        pair = "   ".join(f"{step:<{width}}" for step in steps[at : at + 2])
        lines.append(f"  {number}. {pair.rstrip()}")
    lines.append(f"  then {mover} wins.")
    return "\n".join(lines)


COMMAND = Subcommand(
    name="puzzles",
    help="print puzzles: positions where exactly one move wins by force",
    description=DESCRIPTION,
    epilog=EPILOG,
    configure=configure,
    run=run,
)
"""``python -m bot.engine puzzles``."""
