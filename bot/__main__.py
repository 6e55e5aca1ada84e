"""Entry point: ``python -m bot`` runs the Discord bot, or the terminal game without a token.

``python -m bot play [--name NAME]`` always starts the terminal game; ``check-db [FILE]`` and
``backup FILE [--force]`` are the operator's tools for the SQLite game database
(docs/operating.md). ``--help`` works at every level; a wrong argument exits 2 with argparse's
usage and one sentence. The Discord adapter is imported only when it runs, so the terminal
game and the database tools never pay for importing discord.py.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dotenv import load_dotenv

from bot.games.errors import StorageError
from bot.settings import Settings, SettingsError
from bot.storage.sqlite.maintenance import backup_database, check_database
from bot.terminal import run_terminal
from bot.terminal.commands import name_problem, trim_name
from bot.terminal.layout import output_width, wrap

PROG = "python -m bot"
USAGE = (
    f"{PROG} [-h]\n"
    f"       {PROG} play [--name NAME]\n"
    f"       {PROG} check-db [FILE]\n"
    f"       {PROG} backup FILE [--force]"
)
NO_TOKEN = (
    "No DISCORD_TOKEN is set, so here is the terminal game instead.\n"
    "To run the Discord bot, copy .env.example to .env and put your bot's token in "
    "DISCORD_TOKEN (see README.md, 'Discord setup')."
)
"""The note before the terminal game that ``python -m bot`` starts without a token, wrapped to
the terminal's width as the game's own text is."""


def parser() -> argparse.ArgumentParser:
    """The command line: no command, ``play``, ``check-db`` or ``backup``."""
    top = argparse.ArgumentParser(
        prog=PROG,
        usage=USAGE,
        allow_abbrev=False,
        description="Tic-Tac-Toe for Discord. With no command: the Discord bot, or the"
        " terminal game when DISCORD_TOKEN is not set.",
        epilog="Settings come from the environment and .env (README.md, 'Configuration').",
    )
    commands = top.add_subparsers(dest="command", title="commands", metavar="COMMAND", prog=PROG)
    play = commands.add_parser(
        "play",
        allow_abbrev=False,
        help="play the terminal game, even when DISCORD_TOKEN is set",
        description="Play Tic-Tac-Toe in the terminal, even when DISCORD_TOKEN is set.",
    )
    play.add_argument(
        "--name", type=player_name, help="your name in the game (default: your login name)"
    )
    check = commands.add_parser(
        "check-db",
        allow_abbrev=False,
        help="check the SQLite game database",
        description="Check the SQLite game database with SQLite's full integrity check."
        " Exit status 0 when it is healthy, 1 when it is not.",
    )
    check.add_argument(
        "file", metavar="FILE", type=Path, nargs="?", help="the database (default: DATABASE_PATH)"
    )
    backup = commands.add_parser(
        "backup",
        allow_abbrev=False,
        help="copy the SQLite game database to FILE, even while the bot runs",
        description="Copy the SQLite game database (DATABASE_PATH) to FILE, consistently,"
        " even while the bot runs. Exit status 0 when copied, 1 when not.",
    )
    backup.add_argument("file", metavar="FILE", type=Path, help="where to write the copy")
    backup.add_argument("--force", action="store_true", help="replace FILE if it exists")
    for command in (play, check, backup):
        command.set_defaults(parser=command)  # to report a wrong argument with its own usage
    return top


def player_name(text: str) -> str:
    """``--name``'s value, trimmed; one that cannot be a name (empty, blank, too long) is
    argparse's error: exit 2, the ``play`` usage and the sentence saying why."""
    problem = name_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return trim_name(text)


def parse(argv: list[str]) -> argparse.Namespace:
    """``argv`` read as a command; a wrong argument is reported by the parser of the command
    it follows (its usage line and one sentence; SystemExit 2), ``--help`` exits 0."""
    top = parser()
    if argv and argv[0].startswith("-") and argv[0] not in {"-h", "--help"}:
        top.error(f"unrecognized arguments: {argv[0]} (options go after the command)")
    args, extras = top.parse_known_args(argv)
    if extras:
        where: argparse.ArgumentParser = getattr(args, "parser", top)
        where.error(f"unrecognized arguments: {' '.join(extras)}")
    return args


def run_database_command(args: argparse.Namespace, settings: Settings) -> int:
    """Run ``check-db`` or ``backup`` as ``args`` ask; its exit status."""
    if args.command == "check-db":
        healthy, report = check_database(args.file or settings.database_path)
        print(report, file=sys.stdout if healthy else sys.stderr)
        return 0 if healthy else 1
    try:
        print(backup_database(settings.database_path, args.file, overwrite=args.force))
    except StorageError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """Pick the adapter from the arguments and the settings; return the exit status."""
    try:
        args = parse(sys.argv[1:] if argv is None else argv)
    except SystemExit as stop:  # --help (0) or a wrong argument (2), already printed
        return stop.code if isinstance(stop.code, int) else 2
    load_dotenv()
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if args.command in {"check-db", "backup"}:
        return run_database_command(args, settings)
    if args.command == "play" or not settings.discord_token:
        if args.command is None:
            print(wrap(NO_TOKEN, output_width()), end="\n\n")
        return run_terminal(settings, getattr(args, "name", None))
    from bot.discord_bot import run_discord  # only now: the terminal never loads discord.py

    return run_discord(settings)


if __name__ == "__main__":
    sys.exit(main())
