"""Delivering the boards owed: a board the bot could not show when its move was played (a
rate-limit burst past discord.py's own retries, Discord failing, a restart) is shown later.

The game service keeps each such board owed in the database, in the same transaction as the
move (``service.boards``), until the bot says it was shown. A ``discord.ext.tasks`` loop runs
every ``DELIVERY_INTERVAL`` seconds over this process's own shards: a due board already in the
channel (the bot stopped, or the store failed, between showing it and saying so) is taken as
shown; else it is shown by editing the game's board message where it still exists (an edit
shows it once, however often it is tried), else by posting it. A failed try comes back later
and later (``bot.games.boards.next_try``); a channel that no longer exists drops its board.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.discord_bot.arena_view import arena_opening
from bot.discord_bot.board_view import (
    board_message,
    board_text,
    message_text,
    replace_board,
    shows_game,
)
from bot.discord_bot.locales import guild_locale
from bot.games import Game, StorageError
from bot.i18n import current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)

DELIVERY_INTERVAL = 2.0
"""Seconds between looks for due boards."""

LOOK_BACK = 20
"""Messages of the channel read, before posting a board, for a post of it already there."""

UNKNOWN_CHANNEL = 10003
"""Discord's error code for a channel that does not exist (any more)."""


class BoardDeliveries(commands.Cog):
    """Runs the deliveries while the cog is loaded."""

    def __init__(self, bot: TicTacToeBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @tasks.loop(seconds=DELIVERY_INTERVAL)
    async def sweep(self) -> None:
        """Show every due board of this process's shards; no error ends the loop. The store
        failing (an outage) is one warning line, not a traceback: nothing is wrong with the
        bot, and the next round tries again."""
        boards = self.bot.service.boards
        try:
            owed = await boards.owed(shards=self.bot.own_shards)
        except StorageError as error:  # an outage: the store logged why; no traceback
            log.warning("Could not read the boards owed (%s); trying again next round.", error)
            return
        except Exception:
            log.exception("Could not read the boards owed; trying again next round.")
            return
        for board in owed:
            if board.game.id in self.bot.boards_in_flight:
                continue  # its first try is still under way (discord.py's retries)
            try:
                if not await self.deliver(board.game):
                    await boards.late(board)
            except StorageError as error:
                log.warning(
                    "Could not deliver the board of game %s (%s); trying again next round.",
                    board.game.id,
                    error,
                )
            except Exception:
                log.exception("Could not deliver the board of game %s.", board.game.id)

    @sweep.before_loop
    async def _wait_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def deliver(self, game: Game) -> bool:
        """Show ``game``'s board in its channel; whether it is shown (or can never be)."""
        current_locale.set(await guild_locale(self.bot, game.guild_id))  # a public post
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        opening = await arena_opening(self.bot, game)  # an arena's first board names its two
        headline, mentions = opening or ("", None)
        view = board_message(game, headline)
        me = self.bot.user.id if self.bot.user is not None else 0
        # Shown already (the process stopped, or the store failed, between showing it and
        # saying so): that message becomes the game's board, and nothing is shown twice.
        message = await _posted_already(channel, game, me)
        if message is None and game.message_id is not None:
            try:
                await channel.get_partial_message(game.message_id).edit(content=None, view=view)
            except discord.NotFound:
                pass  # the board message was deleted: post the board anew
            except discord.HTTPException as error:
                return _failed(game, "edit its board", error)
            else:
                await replace_board(self.bot, game, game.message_id)
                return True
        if message is None:
            try:
                if mentions is None:
                    message = await channel.send(view=view)
                else:
                    message = await channel.send(view=view, allowed_mentions=mentions)
            except discord.HTTPException as error:
                if error.code == UNKNOWN_CHANNEL:
                    log.warning("Game %s's channel is gone: its board is dropped.", game.id)
                    await self.bot.service.boards.shown(game.id, game.version)
                    return True
                return _failed(game, "post its board", error)
        await replace_board(self.bot, game, message.id)
        log.info("Delivered the board of game %s (version %s) late.", game.id, game.version)
        return True


async def _posted_already(
    channel: discord.PartialMessageable, game: Game, me: int
) -> discord.Message | None:
    """A message of ``me`` (the bot) among the last ``LOOK_BACK`` in ``channel`` showing
    ``game`` as it stands, with its buttons (posted before the bot could say so), or None
    (also where the history cannot be read)."""
    board = board_text(game)
    try:
        async for message in channel.history(limit=LOOK_BACK):
            mine = message.author.id == me
            if mine and message_text(message).endswith(board) and shows_game(message, game.id):
                return message
    except discord.HTTPException as error:
        log.info("Could not read channel %s's history: %s", channel.id, error)
    return None


def _failed(game: Game, doing: str, error: discord.HTTPException) -> bool:
    """Log a failed try (the sweep tries again later); False."""
    log.warning("Could not %s for game %s: %s; trying again later.", doing, game.id, error)
    return False
