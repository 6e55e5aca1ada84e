"""The engine's command line, ``python -m bot.engine``: one parser, a subcommand per game.

``python -m bot.engine ultimate POSITION ...``: ultimate tic-tac-toe (:mod:`.ultimate.cli`);
``python -m bot.engine puzzles --size S --count N [--seed K] [--json]`` or ``... puzzles --id N``:
the shipped puzzles (:mod:`.classic.puzzles.cli`).
A first argument that names no subcommand is the classic analysis,
``python -m bot.engine NOTATION ...`` (:mod:`.classic.cli`), and so is ``--help``, which lists
the subcommands under the analysis's own options (``other_commands``): the commands scripts
call keep their arguments and output. A new command is one more entry of
``SUBCOMMANDS`` (a :class:`.subcommand.Subcommand` its package gives); the names :func:`main`
tells apart are the parser's own.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence

from .classic import cli as classic_cli
from .classic.puzzles import cli as puzzles_cli
from .connect4 import cli as connect4_cli
from .subcommand import HELP_FORMAT, Subcommand, laid_out
from .ultimate import cli as ultimate_cli

PROG = "python -m bot.engine"

SUBCOMMANDS: tuple[Subcommand, ...] = (
    ultimate_cli.COMMAND, connect4_cli.COMMAND, puzzles_cli.COMMAND
)
"""Every subcommand, as its engine package gives it; any other first argument is the default
kind's analysis (``classic_cli.main``)."""


def parser() -> tuple[argparse.ArgumentParser, Mapping[str, argparse.ArgumentParser]]:
    """The command parser and its subcommands' parsers by name.

    Each subcommand's parser holds its ``run`` function and itself as defaults (``run``,
    ``parser``), so that an argument it does not know is reported with its own usage.
    """
    top = argparse.ArgumentParser(prog=PROG, add_help=False)  # --help is the classic one
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND", prog=PROG)
    for subcommand in SUBCOMMANDS:
        command = commands.add_parser(
            subcommand.name,
            help=subcommand.help,
            usage=subcommand.usage,
            description=laid_out(subcommand.description),
            epilog=laid_out(subcommand.epilog),
            formatter_class=HELP_FORMAT,
        )
        subcommand.configure(command)
        command.set_defaults(run=subcommand.run, parser=command)
    return top, commands.choices


def other_commands() -> str:
    """The subcommands as the classic analysis's ``--help`` lists them under its own, the
    top-level help: each name and its one line."""
    width = max(len(subcommand.name) for subcommand in SUBCOMMANDS)
    lines = [f"  {sub.name:<{width}}  {sub.help}" for sub in SUBCOMMANDS]
    return "\n".join([f"Other commands ({PROG} COMMAND --help for each):", *lines])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv`` defaults to ``sys.argv[1:]``); returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    top, commands = parser()
    if not args or args[0] not in commands:
        return classic_cli.main(args, more=other_commands())
    parsed, extras = top.parse_known_args(args)
    if extras:
        command: argparse.ArgumentParser = parsed.parser
        command.error(f"unrecognized arguments: {' '.join(extras)}")
    run: Callable[[argparse.Namespace], int] = parsed.run
    return run(parsed)
