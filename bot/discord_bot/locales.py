"""Which language a Discord message is written in, and the slash commands' translations.

A private reply (ephemeral, or any interaction response only the member sees) uses the
member's Discord locale; a public post (boards, announcements, challenges, expiry notices) and
every answer to a text command use the server's language: ``/tictactoe-settings language``,
else the server's preferred locale, else English. Any locale we do not ship reads as English
(``bot.i18n.resolve``). ``CatalogueTranslator`` gives Discord every shipped language's
descriptions and choice names; command, subcommand and option names are never translated.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.games import GameError
from bot.i18n import SOURCE, resolve, translate

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)


def server_locale(bot: TicTacToeBot, guild: discord.Guild | None) -> str:
    """The server's language for public posts: its setting, else its preferred locale, else
    English. Never waits for the store (an interaction has 3 seconds): the setting is what
    this process last read, refreshed in the background (``Servers.known``)."""
    if guild is None:
        return SOURCE
    settings = bot.service.servers.known(guild.id)
    if settings is not None and settings.locale is not None:
        return resolve(settings.locale)
    return resolve(str(guild.preferred_locale))


async def guild_locale(bot: TicTacToeBot, guild_id: int | None) -> str:
    """``server_locale`` for a server known by its id (a sweep's posts): its setting, else
    its preferred locale when the server is in the cache, else English."""
    if guild_id is None:
        return SOURCE
    guild = bot.get_guild(guild_id)
    if guild is not None:
        return server_locale(bot, guild)
    try:
        settings = await bot.service.servers.settings(guild_id)
    except GameError as error:
        log.warning("Could not read the language of server %s: %s", guild_id, error)
        return SOURCE
    return SOURCE if settings.locale is None else resolve(settings.locale)


class CatalogueTranslator(app_commands.Translator):
    """Descriptions and choice names from the catalogues, for every shipped language."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        names = (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        )
        if context.location in names:
            return None
        code = resolve(str(locale))  # es-419 reads es-ES, as private replies do
        if code == SOURCE:
            return None
        text = translate(string.message, code)
        return None if text == string.message else text
