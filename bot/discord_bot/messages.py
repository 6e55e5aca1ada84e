"""Editing a message the bot posted earlier (a board, a challenge), never raising for
Discord's refusals: a deleted message or a channel the bot can no longer see is logged and
skipped."""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)


async def edit_message(
    bot: discord.Client,
    *,
    channel_id: int,
    guild_id: int | None,
    message_id: int,
    view: discord.ui.View | discord.ui.LayoutView | None,
    content: str | None = None,
) -> None:
    """Change the buttons of a message of the bot's (``view=None`` strips them), its text too
    when ``content`` is given. A Components V2 ``view`` (``LayoutView``) holds all the
    message shows: the message's own text, if any (a board of before V2), is cleared."""
    channel = bot.get_partial_messageable(channel_id, guild_id=guild_id)
    try:
        message = channel.get_partial_message(message_id)
        if content is not None:
            await message.edit(content=content, view=view)
        elif isinstance(view, discord.ui.LayoutView):
            await message.edit(content=None, view=view)
        else:
            await message.edit(view=view)
    except discord.HTTPException as error:
        # Someone deleting an old board is ordinary; anything else is worth a warning.
        level = logging.INFO if isinstance(error, discord.NotFound) else logging.WARNING
        log.log(
            level,
            "Could not update the board message %s in channel %s: %s",
            message_id,
            channel_id,
            error,
        )
