"""The slash-command tree, whose ``on_error`` is where every slash command's error ends.

Commands raise (a ``GameError`` to refuse); discord.py wraps what they raise in
``CommandInvokeError`` and calls ``on_error``, which unwraps it for ``answer_error``: the member
is answered privately instead of seeing "The application did not respond".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord_bot.interactions import answer_error, public_locale, within_rate
from bot.i18n import current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot


class GameTree(app_commands.CommandTree["TicTacToeBot"]):
    """A ``CommandTree`` whose ``on_error`` answers the member instead of only logging, and
    which handles a member's slash commands only while they are within ``COMMAND_RATE``."""

    async def interaction_check(self, interaction: discord.Interaction[TicTacToeBot], /) -> bool:
        interaction.client.metrics.slash_began(interaction)
        # What the command posts publicly is in the server's language (the member's own in a
        # DM); a command that answers only the member switches to theirs (``private_locale``),
        # and so do its errors.
        current_locale.set(public_locale(interaction))
        return await within_rate(interaction)

    async def on_error(
        self, interaction: discord.Interaction[TicTacToeBot], error: app_commands.AppCommandError, /
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await answer_error(interaction, cause)
        interaction.client.metrics.slash_ended(interaction)
