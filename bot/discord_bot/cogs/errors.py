"""What happens when a text command fails in a way the command itself did not answer.

Commands answer domain errors (``GameError``) with their sentence themselves. Here: unknown
commands are ignored (the ``!`` prefix is shared with many bots), a game command in a direct
message is pointed to a server channel, argument mistakes get the usage, missing channel
permissions are logged (there is nowhere to answer), and anything else is logged with its
traceback and answered with a short apology. Slash-command errors go
through ``GameTree.on_error``; button errors through ``board_view.report_failure``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.discord_bot.texts import APOLOGY, SERVER_ONLY, usage_move

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)


class ErrorHandling(commands.Cog):
    """The last stop for text-command errors."""

    def __init__(self, bot: TicTacToeBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_command_error(
        self, ctx: commands.Context[Any], error: commands.CommandError
    ) -> None:
        if isinstance(error, commands.CommandNotFound):
            return
        cause = error.original if isinstance(error, commands.CommandInvokeError) else error
        if isinstance(cause, discord.Forbidden):
            log.warning(
                "Missing permissions answering %r in channel %s: %s",
                ctx.message.content[:50],
                ctx.channel.id,
                cause,
            )
            return
        if isinstance(error, commands.NoPrivateMessage):
            await _answer(ctx, SERVER_ONLY)
            return
        if isinstance(error, commands.UserInputError):
            await _answer(ctx, f"{error} {usage_move(self.bot.prefix)}")
            return
        log.error(
            "Unexpected error in command %r from user %s in channel %s",
            ctx.message.content[:100],
            ctx.author.id,
            ctx.channel.id,
            exc_info=cause,
        )
        await _answer(ctx, APOLOGY)


async def _answer(ctx: commands.Context[Any], text: str) -> None:
    try:
        await ctx.reply(text, mention_author=False)
    except discord.HTTPException as error:
        log.warning("Could not answer in channel %s: %s", ctx.channel.id, error)
