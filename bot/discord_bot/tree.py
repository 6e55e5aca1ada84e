"""The slash-command tree, with one place for errors no command expected.

Commands answer domain errors (``GameError``) themselves, privately; whatever still reaches
``on_error`` is a bug or an outage: it is logged with its traceback and the member gets a short
private apology instead of Discord's "The application did not respond".
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord_bot.board import report_failure

log = logging.getLogger(__name__)


class GameTree(app_commands.CommandTree[Any]):
    """A ``CommandTree`` whose ``on_error`` logs and apologises instead of only printing."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(cause, discord.Forbidden):
            # Missing permissions in that channel: nothing to say there, just note it.
            log.warning(
                "Missing permissions answering /%s in channel %s: %s",
                interaction.command.qualified_name if interaction.command else "?",
                interaction.channel_id,
                cause,
            )
            return
        await report_failure(interaction, cause)
