"""What ``/tictactoe arena start|standings|cancel`` do; the slash commands themselves are in
``cogs.game_commands`` (a subgroup lives in its parent group's cog).

Arenas are a server's: started in a text channel of a server the bot is in, by a member who can
manage the server or its events (Discord's own permissions, so a server's roles decide who
may), where the bot may make threads and post in them. Standings and cancel work from the
arena's channel or from any of its games' threads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord_bot.arena_view import arena_view, edit_arena, standings_view
from bot.discord_bot.board_view import disable_board
from bot.discord_bot.interactions import (
    answers_only,
    channel_id,
    in_time,
    private_locale,
    reply_privately,
    respond,
)
from bot.discord_bot.permissions import missing, names
from bot.discord_bot.texts import ARENA_BOT_LACKS, ARENA_IN_SERVERS, ARENA_MANAGERS
from bot.games import GameError
from bot.games.arenas.sentences import no_arena
from bot.i18n import Phrase, _, current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

ARENA_NEEDS = ("view_channel", "send_messages", "create_public_threads", "send_messages_in_threads")
"""What the bot needs in an arena's channel: post its message, make its games' threads and
post the boards there."""


def may_run_arenas(interaction: discord.Interaction[TicTacToeBot]) -> bool:
    """Whether the member may start or cancel an arena: Manage Server or Manage Events."""
    permissions = interaction.permissions
    return permissions.manage_guild or permissions.manage_events


def arena_channel(interaction: discord.Interaction[TicTacToeBot]) -> int:
    """The arena's channel a command speaks of: the channel, or a thread's parent."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return channel.parent_id
    return channel_id(interaction)


async def start_arena(
    interaction: discord.Interaction[TicTacToeBot],
    *,
    minutes: int,
    clock: int,
    game: str | None,
    size: int | None,
    at: str | None,
) -> None:
    """Open an arena here and post its message (publicly); refusals are private."""
    guild_id = interaction.guild_id
    channel = interaction.channel
    if guild_id is None or answers_only(interaction):
        raise GameError(ARENA_IN_SERVERS)
    if not isinstance(channel, discord.TextChannel) or channel.is_news():  # news: other threads
        raise GameError(ARENA_IN_SERVERS)
    if not may_run_arenas(interaction):
        raise GameError(ARENA_MANAGERS)
    lacking = missing(interaction.app_permissions, ARENA_NEEDS)
    if lacking:
        raise GameError(ARENA_BOT_LACKS, permissions=Phrase(lambda: names(lacking)))
    arenas = interaction.client.service.arenas
    state = await in_time(
        interaction,
        arenas.start(
            guild_id=guild_id,
            channel_id=channel.id,
            host_id=interaction.user.id,
            minutes=minutes,
            clock=clock,
            game=game,
            size=size,
            starts=at,
        ),
        ephemeral=False,
    )
    try:
        message_id = await respond(interaction, view=arena_view(state, discord.utils.utcnow()))
    except discord.HTTPException:  # no message, no Join: the arena must not hold the channel
        await arenas.cancel(channel_id=channel.id)
        raise
    if message_id is not None:
        await arenas.attach(state.arena.id, message_id)


async def show_standings(interaction: discord.Interaction[TicTacToeBot]) -> None:
    """The channel's arena's whole standings, privately."""
    reading = interaction.client.service.arenas.here(arena_channel(interaction))
    state = await in_time(interaction, reading, ephemeral=True)
    current_locale.set(private_locale(interaction))
    await reply_privately(interaction, view=standings_view(state))


async def cancel_arena(interaction: discord.Interaction[TicTacToeBot]) -> None:
    """End the channel's arena without results; its running games end unscored."""
    if interaction.guild_id is None:  # a DM has no arena
        raise no_arena()
    if not may_run_arenas(interaction):
        raise GameError(ARENA_MANAGERS)
    bot = interaction.client
    cancelling = bot.service.arenas.cancel(channel_id=arena_channel(interaction))
    cancelled = await in_time(interaction, cancelling, ephemeral=False)
    # TRANSLATORS: the public answer to /tictactoe arena cancel
    said = _("The arena is cancelled: its games end without results.")
    await respond(interaction, said)
    await edit_arena(bot, cancelled.state, discord.utils.utcnow())
    for game in cancelled.expired:
        bot.metrics.ended(game)
        await disable_board(bot, game)
