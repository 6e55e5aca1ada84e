"""Running the bot until it is stopped, with a clear sentence for every start-up failure.

The two failures a new server owner meets first are a missing privileged intent and a wrong
token; both get step-by-step instructions instead of a traceback, and a non-zero exit status.
Every other failure that is not a bug (Discord down or refusing, the network, a damaged game
database) gets one sentence too.
The token is only ever handed to ``bot.start``; it is never logged or printed.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import aiohttp
import discord

from bot.discord_bot.app import create_bot
from bot.discord_bot.metrics import MetricsError
from bot.games import GameError
from bot.settings import Settings
from bot.startup import open_service

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

DISCORD_TROUBLE = (
    "Discord is having trouble right now (HTTP {status}). Nothing is wrong with your setup: "
    "wait a few minutes (https://discordstatus.com shows outages), then start the bot again."
)
RATE_LIMITED = (
    "Discord is rate-limiting this bot (HTTP {status}), usually after many restarts in a row. "
    "Wait a while (up to an hour), then start the bot again."
)
REFUSED = (
    "Discord refused a request while the bot was starting (HTTP {status}, error code {code}: "
    "{text}). Check the application at https://discord.com/developers/applications, then "
    "start the bot again."
)
CLOSED = (
    "Discord closed the connection with code {code}. What the code means: "
    "https://discord.com/developers/docs/topics/opcodes-and-status-codes"
    "#gateway-gateway-close-event-codes. Start the bot again once it is fixed."
)

EXIT_OK = 0
EXIT_FAILURE = 1

STARTUP_ERRORS = (discord.DiscordException, OSError, aiohttp.ClientError, GameError, MetricsError)
"""What ``bot.start`` can raise that is not a bug: Discord or the network refusing, the game
database failing when ``setup_hook`` restores the games, or ``METRICS_PORT`` taken. Each is one
sentence on stderr."""


def explain_startup_error(
    error: discord.DiscordException | OSError | aiohttp.ClientError | GameError | MetricsError,
) -> str:
    """The sentence a server owner reads for a failure that stopped the bot."""
    if isinstance(error, MetricsError):
        return str(error)
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return INTENT_HELP
    if isinstance(error, discord.LoginFailure):
        return LOGIN_HELP
    if isinstance(error, GameError):  # e.g. a damaged row in the database, found at start-up
        return f"Cannot start: {error}"
    if isinstance(error, discord.HTTPException):
        status = f"{error.status} {getattr(error.response, 'reason', '') or ''}".strip()
        if isinstance(error, discord.DiscordServerError):
            return DISCORD_TROUBLE.format(status=status)
        if error.status == 429:
            return RATE_LIMITED.format(status=status)
        return REFUSED.format(status=status, code=error.code, text=error.text or "no details")
    if isinstance(error, discord.ConnectionClosed):
        return CLOSED.format(code=error.code)
    if isinstance(error, discord.DiscordException) and not isinstance(
        error, discord.GatewayNotFound
    ):
        return f"Discord stopped the bot: {error}"
    return f"{UNREACHABLE} ({error})"  # OSError, aiohttp.ClientError, GatewayNotFound


async def serve(bot: discord.Client, connect: Callable[[], Awaitable[None]]) -> int:
    """Run ``connect`` (``bot.start`` with the token) until the bot stops; return the exit status.

    Failures that are not bugs (``STARTUP_ERRORS``) are explained in one sentence on stderr
    (and logged; LOG_LEVEL=DEBUG adds the traceback) instead of raising; the bot is closed in
    every case, which also closes the game database.
    """
    try:
        async with bot:
            await connect()
    except STARTUP_ERRORS as error:
        log.error("The bot stopped: %s: %s", type(error).__name__, error)
        log.debug("Details of the failure above", exc_info=error)
        print(explain_startup_error(error), file=sys.stderr)
        return EXIT_FAILURE
    stopped_by = getattr(bot, "stopped_by", None)  # the bot stopped itself (file gone)
    if stopped_by is not None:
        print(f"Stopped: {stopped_by}", file=sys.stderr)
        return EXIT_FAILURE
    return EXIT_OK


def run_discord(settings: Settings) -> int:
    """``python -m bot`` with a token: run the Discord bot until Ctrl-C; return the exit status."""
    token = settings.discord_token
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        return EXIT_FAILURE
    discord.utils.setup_logging(level=logging.getLevelNamesMapping()[settings.log_level])
    log.info("Starting the Discord bot with %r", settings)
    try:
        return asyncio.run(open_and_serve(settings, token))
    except KeyboardInterrupt:
        log.info("Stopped.")
        return EXIT_OK


async def open_and_serve(settings: Settings, token: str, **client_options: Any) -> int:
    """Open the game database (in the loop the bot runs in: a PostgreSQL pool belongs to its
    loop), then ``serve``. A database that cannot be used is one sentence and status 1.
    ``client_options`` go to discord.py's ``Client`` (``create_bot``): none when run for real,
    a ``connector`` reaching the fake Discord of tools/fake_discord under its harness."""
    try:
        service = await open_service(settings)
    except GameError as error:  # a damaged file, a PostgreSQL server down, a wrong password
        print(f"Cannot start: {error}", file=sys.stderr)
        return EXIT_FAILURE
    bot = create_bot(settings, service=service, **client_options)
    return await serve(bot, partial(bot.start, token))
