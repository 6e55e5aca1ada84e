"""Entry point: ``python -m bot`` runs the Discord bot, or the terminal game without a token.

``python -m bot play [--name NAME]`` always starts the terminal game. Adapters are imported
lazily so the terminal game never pays for importing discord.py.
"""

from __future__ import annotations

import sys

from dotenv import load_dotenv

from bot.settings import Settings, SettingsError

USAGE = (
    "usage: python -m bot [play [--name NAME]]\n"
    "  (no argument: the Discord bot, or the terminal game when no token is set;\n"
    "  --name: the terminal player's name, by default the login name)"
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


def main(argv: list[str] | None = None) -> int:
    """Pick the adapter from the arguments and the settings; return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    play, name = terminal_name(args)
    if args and not play:
        print(USAGE, file=sys.stderr)
        return 2
    load_dotenv()
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
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
