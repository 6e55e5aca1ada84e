"""Announcing games that expired for lack of moves, and disabling their boards; closing the
messages of challenges nobody answered in time.

A ``discord.ext.tasks`` loop runs every ``EXPIRY_INTERVAL`` seconds over this process's own
shards (``TicTacToeBot.own_shards``): ``expire_idle`` marks idle games expired and returns them
(also those that expired while the bot was down); each gets its notice in its channel and its
last board disabled. A channel or message that vanished, or a channel the bot may no longer
write in, is logged and skipped.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.discord_bot.board_view import disable_board
from bot.discord_bot.duel_views import close_challenge_message
from bot.discord_bot.locales import guild_locale
from bot.games import SWEEP_MOST, DatabaseGoneError, Game, StorageError
from bot.games.render.boards import render_expired
from bot.i18n import current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)

EXPIRY_INTERVAL = 30.0
"""Seconds between sweeps: an idle game is announced at most this long after it expired."""


class ExpiryAnnouncer(commands.Cog):
    """Runs the sweep while the cog is loaded."""

    def __init__(self, bot: TicTacToeBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @tasks.loop(seconds=EXPIRY_INTERVAL)
    async def sweep(self) -> None:
        """Expire idle games and announce each, then close expired challenges. A full batch
        (``SWEEP_MOST`` games) is followed at once by another. No error ends the loop, except
        the database file being deleted or replaced: then the bot stops. The store failing
        otherwise (an outage) is one warning line, not a traceback."""
        full = True
        while full:
            try:
                games = await self.bot.service.expire_idle(shards=self.bot.own_shards)
            except DatabaseGoneError as error:
                await self.bot.stop_because(error)
                return
            except StorageError as error:  # an outage: the store logged why; no traceback
                log.warning("Could not expire idle games (%s); trying again next round.", error)
                return
            except Exception:
                log.exception("Could not expire idle games; trying again next round.")
                return
            full = len(games) >= SWEEP_MOST
            for game in games:
                self.bot.metrics.ended(game)
                try:
                    await self.announce(game)
                except Exception:
                    log.exception("Could not announce the expiry of game %s.", game.id)
        try:
            challenges = await self.bot.service.duels.expire_challenges(shards=self.bot.own_shards)
        except StorageError as error:
            log.warning("Could not expire open challenges (%s); trying again next round.", error)
            return
        except Exception:
            log.exception("Could not expire open challenges; trying again next round.")
            return
        for challenge in challenges:  # the message says so, its buttons are disabled
            current_locale.set(await guild_locale(self.bot, challenge.guild_id))
            await close_challenge_message(self.bot, challenge)

    @sweep.before_loop
    async def _wait_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def announce(self, game: Game) -> None:
        """Post the expiry notice in the game's channel and disable its board's buttons; not
        where the bot only answers (``Game.answers_only``): there the next click on the
        board shows the game over."""
        if game.answers_only:
            return
        # A partial channel needs no cache or fetch; a vanished channel answers NotFound.
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        idle = await self.bot.service.servers.idle_timeout_in(game.guild_id)  # the server's own
        # A public post, and its board's buttons: in the server's language.
        current_locale.set(await guild_locale(self.bot, game.guild_id))
        notice = render_expired(game, idle)
        try:
            await channel.send(notice)
        except (discord.Forbidden, discord.NotFound) as error:
            log.warning("Could not announce expired game %s: %s", game.id, error)
        await disable_board(self.bot, game)
