"""Runs the real bot against the fake Discord: ``python -m tools.fake_discord.run_bot``.

The same start as ``python -m bot`` with a token (``bot.discord_bot.runner``): settings from
the environment (``DISCORD_TOKEN``, ``DATABASE_PATH`` or ``DATABASE_URL``, ...), the game
service opened, then ``serve``; the one difference is discord.py's ``connector``, which
sends Discord's hosts to the fake at ``FAKE_DISCORD_PORT`` and trusts the certificate
authority in ``FAKE_DISCORD_CA`` (a PEM file). Exits with the runner's status.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

import discord

from bot.discord_bot.runner import EXIT_FAILURE, open_and_serve
from bot.settings import Settings, SettingsError
from tools.fake_discord.connector import fake_discord_connector


async def main(settings: Settings, token: str, port: int, ca_file: str) -> int:
    """``open_and_serve`` with the fake's connector, built in this loop."""
    return await open_and_serve(settings, token, connector=fake_discord_connector(port, ca_file))


def run() -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return EXIT_FAILURE
    token = settings.discord_token
    if not token:
        print("DISCORD_TOKEN is not set", file=sys.stderr)
        return EXIT_FAILURE
    discord.utils.setup_logging(level=logging.getLevelNamesMapping()[settings.log_level])
    port, ca_file = int(os.environ["FAKE_DISCORD_PORT"]), os.environ["FAKE_DISCORD_CA"]
    try:
        return asyncio.run(main(settings, token, port, ca_file))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(run())
