"""Where every text-command error ends: ``!move`` raises, this answers in the channel.

A member over ``COMMAND_RATE`` (``floods.Flooding``) gets the one "slow down" note, or
nothing. A ``GameError`` is answered with its sentence (commands spelled as on Discord); unknown
commands are ignored (the ``!`` prefix is shared with many bots), argument mistakes get the
usage, missing channel
permissions are logged (there is nowhere to answer), and anything else is logged with its
traceback and answered with a short apology. Slash commands and buttons end in
``interactions.answer_error`` instead.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.discord_bot.floods import Flooding
from bot.discord_bot.locales import server_locale
from bot.discord_bot.texts import APOLOGY, spelling, usage_move
from bot.games import GameError
from bot.i18n import _, current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)


class ErrorHandling(commands.Cog):
    """The last stop for text-command errors."""

    def __init__(self, bot: TicTacToeBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_command_error(
        self, ctx: commands.Context[TicTacToeBot], error: commands.CommandError
    ) -> None:
        if isinstance(error, commands.CommandNotFound):
            return
        # A text command has no member locale: the server's language.
        current_locale.set(server_locale(self.bot, ctx.guild))
        if isinstance(error, Flooding):
            if error.note is not None:
                await _answer(ctx, str(error.note))
            return
        cause = error.original if isinstance(error, commands.CommandInvokeError) else error
        self.bot.metrics.saw_error(cause)
        if isinstance(cause, GameError):
            await _answer(ctx, cause.text(spelling(self.bot.prefix)))
        elif isinstance(cause, discord.Forbidden):
            log.warning(
                "Missing permissions answering %r in channel %s: %s",
                ctx.message.content[:50],
                ctx.channel.id,
                cause,
            )
        elif isinstance(error, commands.UserInputError):
            # discord.py's own sentence is a library's, logged; the member gets the usage
            log.info("Bad arguments to %r: %s", ctx.message.content[:100], error)
            await _answer(ctx, usage_move(self.bot.prefix))
        else:
            log.error(
                "Unexpected error in command %r from user %s in channel %s",
                ctx.message.content[:100],
                ctx.author.id,
                ctx.channel.id,
                exc_info=cause,
            )
            await _answer(ctx, _(APOLOGY))


async def _answer(ctx: commands.Context[TicTacToeBot], text: str) -> None:
    try:
        await ctx.reply(text, mention_author=False)
    except discord.HTTPException as error:
        log.warning("Could not answer in channel %s: %s", ctx.channel.id, error)
