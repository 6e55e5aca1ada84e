"""Entry point: ``python -m bot`` runs the Discord bot, or the terminal game without a token.

``python -m bot play [--name NAME]`` always starts the terminal game; ``check-db [FILE]`` and
``backup FILE [--force]`` are the operator's tools for the SQLite game database (README,
"Operating it"). Adapters are imported lazily so the terminal game never pays for importing
discord.py.
"""

from __future__ import annotations

import sys

from dotenv import load_dotenv

from bot.settings import Settings, SettingsError

USAGE = (
    "usage: python -m bot [play [--name NAME]]\n"
    "  (no argument: the Discord bot, or the terminal game when no token is set;\n"
    "  --name: the terminal player's name, by default the login name)\n"
    "       python -m bot check-db [FILE]      check the game database (default: DATABASE_PATH)\n"
    "       python -m bot backup FILE [--force]  copy the game database to FILE, even while the"
    " bot runs"
)


def terminal_name(args: list[str]) -> tuple[bool, str | None]:
    """Whether ``args`` are ``play`` with an optional ``--name NAME`` (or ``--name=NAME``),
    and the name given."""
    match args:
        case ["play"]:
            return True, None
        case ["play", "--name", name]:
            return True, name
        case ["play", option] if option.startswith("--name="):
            return True, option.removeprefix("--name=")
    return False, None


def database_command(args: list[str]) -> bool:
    """Whether ``args`` are ``check-db [FILE]`` or ``backup FILE [--force]``."""
    match args:
        case ["check-db"] | ["check-db", _] | ["backup", _] | ["backup", _, "--force"]:
            return True
    return False


def run_database_command(args: list[str], settings: Settings) -> int:
    """Run ``check-db`` or ``backup`` as ``args`` ask; its exit status."""
    from pathlib import Path

    from bot.games.errors import StorageError
    from bot.games.maintenance import backup_database, check_database

    if args[0] == "check-db":
        path = Path(args[1]) if len(args) == 2 else settings.database_path
        healthy, report = check_database(path)
        print(report, file=sys.stdout if healthy else sys.stderr)
        return 0 if healthy else 1
    try:
        print(backup_database(settings.database_path, Path(args[1]), overwrite=len(args) == 3))
    except StorageError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """Pick the adapter from the arguments and the settings; return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    play, name = terminal_name(args)
    if args and not play and not database_command(args):
        print(USAGE, file=sys.stderr)
        return 2
    load_dotenv()
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if database_command(args):
        return run_database_command(args, settings)
    if play or not settings.discord_token:
        if not args:
            print(
                "No DISCORD_TOKEN is set, so here is the terminal game instead.\n"
                "To run the Discord bot, copy .env.example to .env and put your bot's token\n"
                "in DISCORD_TOKEN (see README.md, 'Discord setup').\n"
            )
        from bot.terminal import run_terminal

        return run_terminal(settings, name)
    from bot.discord_bot import run_discord

    return run_discord(settings)


if __name__ == "__main__":
    sys.exit(main())
