"""Puzzles in the background: posting each server's daily puzzle, and making puzzles from
finished games.

Every ``DAILY_INTERVAL`` seconds the sweep asks ``service.puzzles.daily.due`` for this
process's shards (``TicTacToeBot.own_shards``): each post returned was claimed in the store,
so of all the processes sharing the database exactly one makes it, restarts included. A claim
taken over after its process stopped first looks at the channel's last messages for that very
post (posted before the process could say so): each day's post is made once. The post reveals
the previous one's solution, and the previous post is closed. Discord refusing a post (a
channel gone, a permission missing) is logged; the claim goes stale and is tried again later.
When a member's attempt at the day's puzzle ends (the event ``daily_attempt_finished``, which
``puzzle_view.PuzzleCell`` dispatches), the post is edited to count its solvers again.

The process that runs shard 0 also makes puzzles from finished games every ``MAKE_INTERVAL``
seconds, a few games at a time in a worker thread (``service.puzzles.make_from_games``).
"""

from __future__ import annotations

import logging
from datetime import date
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.discord_bot.board_view import custom_ids
from bot.discord_bot.daily_view import SOLVE, daily_view, day_key, edit_post
from bot.discord_bot.locales import guild_locale
from bot.discord_bot.sync import runs_shard_zero
from bot.games import GameError, StorageError
from bot.games.puzzles import DailyPlan
from bot.i18n import current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)

DAILY_INTERVAL = 60.0
"""Seconds between sweeps of the daily posts: a post comes at most this long after its hour."""

MAKE_INTERVAL = 60.0
"""Seconds between two rounds of making puzzles from finished games."""

MAKE_GAMES = 5
"""Finished games proven a round (at most a few CPU seconds on 5x5, in a worker thread)."""

LOOK_BACK = 20
"""Messages of the channel a taken-over claim looks through for its post."""


class DailyPuzzles(commands.Cog):
    """Runs the daily posts' sweep, keeps the posts' counts, and makes puzzles where this
    process runs shard 0."""

    def __init__(self, bot: TicTacToeBot) -> None:
        self.bot = bot
        self.makes = runs_shard_zero(bot.shard_ids)

    async def cog_load(self) -> None:
        self.sweep.start()
        if self.makes:
            self.make.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()
        self.make.cancel()

    @tasks.loop(seconds=DAILY_INTERVAL)
    async def sweep(self) -> None:
        """Make every daily post due in this process's servers; no error ends the loop."""
        try:
            plans = await self.bot.service.puzzles.daily.due(shards=self.bot.own_shards)
        except StorageError as error:  # an outage: the store logged why; no traceback
            log.warning("Could not look for daily puzzles due (%s); next round again.", error)
            return
        except Exception:
            log.exception("Could not look for daily puzzles due; trying again next round.")
            return
        for plan in plans:
            try:
                await self.post(plan)
            except StorageError as error:
                log.warning(
                    "Could not note server %s's daily puzzle (%s); it is taken over later.",
                    plan.post.guild_id,
                    error,
                )
            except Exception:
                log.exception("Could not post the daily puzzle of server %s.", plan.post.guild_id)

    @sweep.before_loop
    async def _ready_to_sweep(self) -> None:
        await self.bot.wait_until_ready()

    async def post(self, plan: DailyPlan) -> None:
        """Post the day's puzzle (or find it posted), note it, and close the previous post."""
        post = plan.post
        daily = self.bot.service.puzzles.daily
        current_locale.set(await guild_locale(self.bot, post.guild_id))
        channel = self.bot.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        message_id = await self._posted_already(channel, plan)
        if message_id is None:
            try:
                message = await channel.send(view=daily_view(plan, over=False))
            except discord.NotFound as error:  # the channel is gone: stop posting there
                log.warning(
                    "The daily puzzle's channel %s of server %s is gone (%s): no daily puzzle"
                    " there until a manager sets one again.",
                    post.channel_id,
                    post.guild_id,
                    error,
                )
                await daily.forget(post.guild_id)
                return
            except discord.HTTPException as error:
                log.warning(
                    "Could not post the daily puzzle in channel %s of server %s: %s",
                    post.channel_id,
                    post.guild_id,
                    error,
                )
                return
            message_id = message.id
        await daily.posted(post, message_id)
        log.info("Posted the daily puzzle #%s of server %s.", plan.puzzle.id, post.guild_id)
        previous = plan.previous
        if previous is not None and previous.message_id is not None:
            try:
                closed = await daily.plan(previous.guild_id, previous.day)
            except GameError as error:
                log.warning("Could not read the previous daily post: %s", error)
                return
            if closed is not None:
                await edit_post(self.bot, closed, over=True)

    @commands.Cog.listener()
    async def on_daily_attempt_finished(self, guild_id: int, day: date) -> None:
        """A member's attempt at the daily puzzle of ``day`` ended (``PuzzleCell``): its post
        shows the count (read from the store: another solve may have come meanwhile)."""
        try:
            plan = await self.bot.service.puzzles.daily.plan(guild_id, day)
        except GameError as error:
            log.warning("Could not read the daily post of server %s: %s", guild_id, error)
            return
        if plan is not None:
            await edit_post(self.bot, plan, over=day != self.bot.service.puzzles.today())

    async def _posted_already(
        self, channel: discord.PartialMessageable, plan: DailyPlan
    ) -> int | None:
        """The id of this day's post among the channel's last messages, if the bot made it
        already (its process stopped before noting it), else None."""
        me = self.bot.user.id if self.bot.user is not None else None
        wanted = SOLVE.format(guild=plan.post.guild_id, day=day_key(plan.post.day))
        try:
            async for message in channel.history(limit=LOOK_BACK):
                if message.author.id == me and wanted in custom_ids(message.components):
                    return message.id
        except discord.HTTPException as error:
            log.info("Could not read channel %s's history: %s", channel.id, error)
        return None

    @tasks.loop(seconds=MAKE_INTERVAL)
    async def make(self) -> None:
        """Make puzzles from the next finished games; no error ends the loop."""
        try:
            await self.bot.service.puzzles.make_from_games(limit=MAKE_GAMES)
        except StorageError as error:
            log.warning("Could not make puzzles from finished games (%s); later again.", error)
        except Exception:
            log.exception("Could not make puzzles from finished games; trying again later.")

    @make.before_loop
    async def _ready_to_make(self) -> None:
        await self.bot.wait_until_ready()
