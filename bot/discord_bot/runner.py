"""Running the bot until it is stopped, with a clear sentence for every start-up failure.

The two failures a new server owner meets first are a missing privileged intent and a wrong
token; both get step-by-step instructions instead of a traceback, and a non-zero exit status.
The token is only ever handed to ``bot.start``; it is never logged or printed.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from functools import partial

import aiohttp
import discord

from bot.discord_bot.app import create_bot
from bot.games import GameError
from bot.settings import Settings

log = logging.getLogger(__name__)

INTENT_HELP = (
    "Discord refused to connect: the bot asks for the Message Content intent (needed to read "
    "`!move` commands), but it is not enabled for this application.\n"
    "Enable it: open https://discord.com/developers/applications -> your app -> Bot -> "
    "Privileged Gateway Intents -> turn on 'Message Content Intent' -> Save Changes. "
    "Then start the bot again."
)
LOGIN_HELP = (
    "Discord rejected the token in DISCORD_TOKEN. Copy a fresh one from "
    "https://discord.com/developers/applications -> your app -> Bot -> Reset Token, put it in "
    ".env as DISCORD_TOKEN=<token> (no quotes, no spaces), and start the bot again."
)
UNREACHABLE = (
    "Could not reach Discord. Check this machine's internet connection (and any proxy or "
    "firewall), then start the bot again."
)
NO_TOKEN = "DISCORD_TOKEN is not set: put your bot's token in .env (see README.md, Discord setup)."

EXIT_OK = 0
EXIT_FAILURE = 1


def explain_startup_error(error: BaseException) -> str | None:
    """The sentence for a start-up failure a server owner can fix, or None for others."""
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return INTENT_HELP
    if isinstance(error, discord.LoginFailure):
        return LOGIN_HELP
    return None


async def serve(bot: discord.Client, connect: Callable[[], Awaitable[None]]) -> int:
    """Run ``connect`` (``bot.start`` with the token) until the bot stops; return the exit status.

    Known start-up failures are explained on stderr (and logged) instead of raising; the bot is
    closed in every case, which also closes the game database.
    """
    try:
        async with bot:
            await connect()
    except (discord.PrivilegedIntentsRequired, discord.LoginFailure) as error:
        message = explain_startup_error(error)
        log.error("Start-up failed: %s", type(error).__name__)
        print(message, file=sys.stderr)
        return EXIT_FAILURE
    except (OSError, aiohttp.ClientError, discord.GatewayNotFound) as error:
        log.error("Could not reach Discord: %s", error)
        print(f"{UNREACHABLE} ({error})", file=sys.stderr)
        return EXIT_FAILURE
    return EXIT_OK


def run_discord(settings: Settings) -> int:
    """``python -m bot`` with a token: run the Discord bot until Ctrl-C; return the exit status."""
    token = settings.discord_token
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        return EXIT_FAILURE
    discord.utils.setup_logging(level=logging.getLevelNamesMapping()[settings.log_level])
    try:
        bot = create_bot(settings)
    except GameError as error:  # e.g. the database file cannot be opened
        print(f"Cannot start: {error}", file=sys.stderr)
        return EXIT_FAILURE
    log.info("Starting the Discord bot with %r", settings)
    try:
        return asyncio.run(serve(bot, partial(bot.start, token)))
    except KeyboardInterrupt:
        log.info("Stopped.")
        return EXIT_OK
