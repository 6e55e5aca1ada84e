"""Running the arenas: a ``discord.ext.tasks`` loop every ``ARENA_INTERVAL`` seconds over this
process's own shards does each arena's upkeep (``service.arenas.tick``) and shows what it
did: each new pairing's thread made in the arena's channel, its game started there and its
board posted (mentioning both players, which adds them to the thread); a game lost on the clock
announced on its board; the arena's message edited when the standings or its phase change; the
final standings posted once it ends.

A thread the bot cannot make (a permission taken away, Discord refusing) makes no game: the
pairing fails, both members are free again, the arena pairs nobody for a minute, and the
manager who made it is told once, in its channel. Discord's refusals elsewhere are logged; the
store is the truth, so a restart picks up every arena where it stands.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Literal

import discord
from discord.ext import commands, tasks

from bot.discord_bot.arena_view import arena_view, edit_arena, final_view, phase
from bot.discord_bot.board_view import board_message, show_board
from bot.discord_bot.locales import guild_locale
from bot.discord_bot.permissions import names
from bot.discord_bot.texts import THREAD_REFUSED
from bot.games import GameError, StorageError
from bot.games.arenas import Arena, ArenaState, Pairing, Timeout
from bot.games.arenas.render import clock_ran_out, game_intro, thread_name
from bot.i18n import _, current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)

ARENA_INTERVAL = 3.0
"""Seconds between two rounds of upkeep: a free member waits about this long for a pairing,
and a clock is judged at most this late."""

MESSAGE_GRACE = timedelta(seconds=30)
"""How long an arena may be without its message before the upkeep posts one."""

THREAD_ARCHIVE_MINUTES: Literal[60] = 60
"""A game's thread is archived an hour after its last message (Discord's shortest)."""

ARENA_THREADS = ("create_public_threads", "send_messages_in_threads")
"""What an arena's games need in its channel, besides posting there."""


class ArenaRunner(commands.Cog):
    """Runs the arenas' upkeep while the cog is loaded."""

    def __init__(self, bot: TicTacToeBot) -> None:
        self.bot = bot
        self._shown: dict[int, tuple[int, str]] = {}  # arena -> (version, phase) on screen

    async def cog_load(self) -> None:
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @tasks.loop(seconds=ARENA_INTERVAL)
    async def sweep(self) -> None:
        """One round of every arena's upkeep; no error ends the loop, and one arena failing
        does not hold the others back."""
        try:
            due = await self.bot.service.arenas.due(shards=self.bot.own_shards)
        except StorageError as error:
            log.warning("Could not read the arenas (%s); trying again next round.", error)
            return
        except Exception:
            log.exception("Could not read the arenas; trying again next round.")
            return
        for arena in due:
            try:
                await self.upkeep(arena)
            except StorageError as error:
                log.warning("Arena %s's upkeep failed (%s); next round.", arena.id, error)
            except Exception:
                log.exception("Arena %s's upkeep failed; next round.", arena.id)

    @sweep.before_loop
    async def _wait_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot left the server (or was removed): its arenas end, posting nothing more."""
        try:
            await self.bot.service.arenas.forget(guild.id)
        except GameError as error:
            log.warning("Could not end the arenas of server %s: %s", guild.id, error)

    async def upkeep(self, arena: Arena) -> None:
        """Tick the arena and show what changed, in the server's language."""
        current_locale.set(await guild_locale(self.bot, arena.guild_id))
        tick = await self.bot.service.arenas.tick(arena.id)
        state = tick.state
        for timeout in tick.timeouts:
            await self._announce_timeout(timeout)
        for ended in tick.ended:
            await self._close_thread(ended)
        if state.arena.is_open and state.arena.message_id is None:
            state = await self._post_missing(state)
        for pairing in tick.to_open:  # the rounds never overlap: each is opened once here
            state = await self._open(state, pairing) or state
        now = discord.utils.utcnow()
        if tick.finished:
            await self._finish(state, now)
            return
        await self._refresh(state, now)

    async def _refresh(self, state: ArenaState, now: datetime) -> None:
        """Edit the arena's message if its standings or phase changed since it was shown."""
        arena = state.arena
        on_screen = (arena.version, phase(state, now))
        if self._shown.get(arena.id) == on_screen:
            return
        self._shown[arena.id] = on_screen
        await edit_arena(self.bot, state, now)

    async def _open(self, state: ArenaState, pairing: Pairing) -> ArenaState | None:
        """Make the pairing's thread, start its game there and post its board; the arena as
        it then stands, or None where nothing changed."""
        arenas = self.bot.service.arenas
        arena = state.arena
        try:
            thread = await self._thread(arena, pairing)
        except (discord.HTTPException, NoTextChannel) as error:
            log.warning(
                "Could not make arena %s's thread for pairing %s: %s", arena.id, pairing.id, error
            )
            if await arenas.thread_failed(pairing):
                await self._warn_host(arena)
            return await arenas.get(arena.id)
        try:
            game = await arenas.open_game(pairing, thread.id, owe_board=True)
        except GameError as error:  # the arena was cancelled meanwhile: the thread goes
            log.info("Arena %s's pairing %s made no game: %s", arena.id, pairing.id, error)
            try:
                await thread.delete()
            except discord.HTTPException as failure:
                log.info("Could not delete the unused thread %s: %s", thread.id, failure)
            return None
        self.bot.metrics.started(game)
        x, o = f"<@{pairing.x_id}>", f"<@{pairing.o_id}>"
        view = board_message(game, game_intro(game, arena, x, o))
        mentions = players_of(pairing)

        async def post() -> int:
            message = await thread.send(view=view, allowed_mentions=mentions)
            return message.id

        await show_board(self.bot, game, post)
        return await arenas.get(arena.id)

    async def _thread(self, arena: Arena, pairing: Pairing) -> discord.Thread:
        """A new public thread in the arena's channel for the pairing's game."""
        channel = self.bot.get_channel(arena.channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(arena.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise NoTextChannel(f"channel {arena.channel_id} is a {type(channel).__name__}")
        return await channel.create_thread(
            name=thread_name(pairing),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )

    async def _warn_host(self, arena: Arena) -> None:
        """Tell the arena's manager, in its channel, that games cannot start, and why."""
        channel = self.bot.get_partial_messageable(arena.channel_id, guild_id=arena.guild_id)
        text = _(THREAD_REFUSED).format(
            host=f"<@{arena.host_id}>", permissions=names(list(ARENA_THREADS))
        )
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(arena.host_id)]
        )
        try:
            await channel.send(text, allowed_mentions=mentions)
        except discord.HTTPException as error:
            log.warning("Could not tell arena %s's host about its threads: %s", arena.id, error)

    async def _post_missing(self, state: ArenaState) -> ArenaState:
        """Post the message of an open arena that has none (its start's answer failed after
        the arena was saved, or the process stopped between), so members can join it."""
        arena = state.arena
        if discord.utils.utcnow() - arena.created_at < MESSAGE_GRACE:
            return state  # its start's answer may still be on its way
        channel = self.bot.get_partial_messageable(arena.channel_id, guild_id=arena.guild_id)
        try:
            message = await channel.send(view=arena_view(state, discord.utils.utcnow()))
        except discord.HTTPException as error:
            log.warning("Could not post arena %s's message: %s", arena.id, error)
            return state
        return await self.bot.service.arenas.attach(arena.id, message.id)

    async def _close_thread(self, pairing: Pairing) -> None:
        """Archive the thread of a game that ended: it stays readable, leaves the channel's
        list of active threads (Discord allows a server 1,000), and a new message in it
        opens it again."""
        if pairing.thread_id is None:
            return
        try:
            thread = self.bot.get_channel(pairing.thread_id)
            if thread is None:
                thread = await self.bot.fetch_channel(pairing.thread_id)
            if isinstance(thread, discord.Thread) and not thread.archived:
                await thread.edit(archived=True)
        except discord.HTTPException as error:
            log.info("Could not archive thread %s: %s", pairing.thread_id, error)

    async def _announce_timeout(self, timeout: Timeout) -> None:
        """Show the game lost on the clock, with why, in its thread."""
        game = timeout.game
        self.bot.metrics.ended(game)
        view = board_message(game, clock_ran_out(timeout))
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)

        async def post() -> int:
            message = await channel.send(view=view)
            return message.id

        await show_board(self.bot, game, post)

    async def _finish(self, state: ArenaState, now: datetime) -> None:
        """Post the final standings, show the arena's message over, and say it was posted;
        where the post can never be made (the channel gone, the bot shut out of it), say so
        in the log and give it up, rather than asking Discord again every round."""
        arenas = self.bot.service.arenas
        arena = state.arena
        lines = await arenas.final(arena.id)
        channel = self.bot.get_partial_messageable(arena.channel_id, guild_id=arena.guild_id)
        try:
            await channel.send(view=final_view(state, lines))
        except (discord.NotFound, discord.Forbidden) as error:
            log.warning("Arena %s's final standings cannot be posted: %s", arena.id, error)
        except discord.HTTPException as error:
            log.warning("Could not post arena %s's final standings: %s", arena.id, error)
            return  # Discord failing: the next round tries again
        await edit_arena(self.bot, state, now)
        await arenas.announced(arena.id)
        self._shown.pop(arena.id, None)


def players_of(pairing: Pairing) -> discord.AllowedMentions:
    """A pairing's first board may ping its two players, and nobody else."""
    players = [discord.Object(pairing.x_id), discord.Object(pairing.o_id)]
    return discord.AllowedMentions(everyone=False, roles=False, users=players)


class NoTextChannel(Exception):
    """The arena's channel is no longer a text channel threads can be made in."""
