"""The slash-command tree, with one place for errors no command expected.

Commands answer domain errors (``GameError``) themselves, privately; whatever still reaches
``on_error`` is a bug or an outage: it is logged with its traceback and the member gets a short
private apology instead of Discord's "The application did not respond". A refusal (403, a
missing permission) is no bug: a warning, and the member is told privately what happened.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord_bot.board_view import report_failure
from bot.discord_bot.texts import MISSING_PERMISSION

log = logging.getLogger(__name__)


class GameTree(app_commands.CommandTree[Any]):
    """A ``CommandTree`` whose ``on_error`` logs and apologises instead of only printing."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(cause, discord.Forbidden):
            # Not a bug: Discord refused something in that channel. Note it, and tell the
            # member privately (if the interaction is still unanswered) instead of leaving
            # them with "The application did not respond".
            log.warning(
                "Missing permissions answering /%s in channel %s: %s",
                interaction.command.qualified_name if interaction.command else "?",
                interaction.channel_id,
                cause,
            )
            if not interaction.response.is_done():
                try:
                    await interaction.response.send_message(MISSING_PERMISSION, ephemeral=True)
                except discord.HTTPException as reply_error:
                    log.warning("Could not say so either: %s", reply_error)
            return
        await report_failure(interaction, cause)
