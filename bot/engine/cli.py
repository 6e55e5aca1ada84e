"""The engine's command line, ``python -m bot.engine``: one parser, a subcommand per game.

``python -m bot.engine ultimate POSITION ...``: ultimate tic-tac-toe (:mod:`.ultimate.cli`);
``python -m bot.engine puzzles --size S --count N [--seed K] [--json]`` or ``... puzzles --id N``:
the shipped puzzles (:mod:`.classic.puzzles.cli`).
A first argument that names no subcommand is the classic analysis,
``python -m bot.engine NOTATION ...`` (:mod:`.classic.cli`), and so is ``--help``: the
commands scripts call keep their arguments and output. A new command is one more subparser in
:func:`parser`; the names :func:`main` tells apart are the parser's own.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence

from .classic import cli as classic_cli
from .classic.puzzles import cli as puzzles_cli
from .ultimate import cli as ultimate_cli

PROG = "python -m bot.engine"


def parser() -> tuple[argparse.ArgumentParser, Mapping[str, argparse.ArgumentParser]]:
    """The command parser and its subcommands' parsers by name.

    Each subcommand's parser holds its ``run`` function and itself as defaults (``run``,
    ``parser``), so that an argument it does not know is reported with its own usage.
    """
    top = argparse.ArgumentParser(prog=PROG, add_help=False)  # --help is the classic one
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND", prog=PROG)
    ultimate = commands.add_parser(
        "ultimate",
        help="analyse an ultimate tic-tac-toe position",
        description=ultimate_cli.DESCRIPTION,
        epilog=ultimate_cli.EPILOG,
    )
    ultimate_cli.configure(ultimate)
    ultimate.set_defaults(run=ultimate_cli.run, parser=ultimate)
    puzzles = commands.add_parser(
        "puzzles",
        help="print puzzles: positions where exactly one move wins by force",
        description=puzzles_cli.DESCRIPTION,
        epilog=puzzles_cli.EPILOG,
    )
    puzzles_cli.configure(puzzles)
    puzzles.set_defaults(run=puzzles_cli.run, parser=puzzles)
    return top, commands.choices


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv`` defaults to ``sys.argv[1:]``); returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    top, commands = parser()
    if not args or args[0] not in commands:
        return classic_cli.main(args)
    parsed, extras = top.parse_known_args(args)
    if extras:
        command: argparse.ArgumentParser = parsed.parser
        command.error(f"unrecognized arguments: {' '.join(extras)}")
    run: Callable[[argparse.Namespace], int] = parsed.run
    return run(parsed)
