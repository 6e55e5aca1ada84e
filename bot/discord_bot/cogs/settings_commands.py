"""``/tictactoe-settings``: a server's own settings, for members with Manage Server.

A top-level group, because Discord hides a command from members without a permission
(``default_member_permissions``) only at the top; a server may still grant it to anyone, so
every use is checked here too. Every answer is private; every change is logged with who made
it. The rules of the values are the game layer's (``bot.games.server_settings``); this cog only
translates. When the bot leaves a server its settings are deleted (``on_guild_remove``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str
from discord.ext import commands

from bot.discord_bot.choices import LEVEL_SETTING_NAMES
from bot.discord_bot.interactions import private_locale, reply_privately
from bot.discord_bot.permissions import TEXT_ANSWER, missing, names
from bot.discord_bot.texts import NOT_A_MANAGER, SERVER_ONLY
from bot.games import FIRST_CHOICES, GameError
from bot.games.puzzles.render import daily_setting_text
from bot.games.render.settings import render_server_settings, render_settings_saved
from bot.games.server_settings import UNSET, ServerSettings
from bot.i18n import _, current_locale, language_name, shipped

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)

Render: TypeAlias = Callable[[ServerSettings, float, float], str]
"""``render_server_settings`` or ``render_settings_saved``."""

# TRANSLATORS: a choice in /tictactoe-settings defaults: no server default for this option;
# keep "unset" before the colon as typed; 100 characters at most
OWN = locale_str("unset: the bot's own")
SERVER_DEFAULT = "server-default"
"""The ``language`` choice that clears the setting: the server's preferred locale again."""
LEVEL_SETTING_CHOICES = [
    *(Choice(name=level, value=level) for level in LEVEL_SETTING_NAMES),
    Choice(name=OWN, value=UNSET),
]
FIRST_SETTING_CHOICES = [
    *(Choice(name=first, value=first) for first in FIRST_CHOICES),
    Choice(name=OWN, value=UNSET),
]
ACTION_CHOICES = [
    # TRANSLATORS: a choice of /tictactoe-settings channels action: keep "add" before the
    # colon as typed; 100 characters at most
    Choice(name=locale_str("add: games may be played there"), value="add"),
    # TRANSLATORS: a choice of /tictactoe-settings channels action: keep "remove" before the
    # colon as typed; 100 characters at most
    Choice(name=locale_str("remove: no longer there"), value="remove"),
    # TRANSLATORS: a choice of /tictactoe-settings channels action: keep "clear" before the
    # colon as typed; 100 characters at most
    Choice(name=locale_str("clear: everywhere again"), value="clear"),
]
ON_OFF_CHOICES = [
    # TRANSLATORS: a choice of /tictactoe-settings limits duels: duels allowed
    Choice(name=locale_str("on"), value="on"),
    # TRANSLATORS: a choice of /tictactoe-settings limits duels: duels not allowed
    Choice(name=locale_str("off"), value="off"),
]


def language_choices() -> list[Choice[str]]:
    """The shipped languages, each by its own name, and the server's default."""
    return [
        *(Choice(name=language_name(code), value=code) for code in shipped()),
        Choice(
            # TRANSLATORS: a choice in /tictactoe-settings language: the server's Discord
            # locale; 100 characters at most
            name=locale_str("server default (the server's Discord language)"),
            value=SERVER_DEFAULT,
        ),
    ]


def _manager(interaction: discord.Interaction[TicTacToeBot]) -> int:
    """The server asked about, if the member may manage it; else the refusal."""
    if interaction.guild_id is None:
        raise GameError(SERVER_ONLY)
    if not interaction.permissions.manage_guild:
        raise GameError(NOT_A_MANAGER)
    return interaction.guild_id


DAILY_POST = ("view_channel", "send_messages")
"""What posting the daily puzzle in a channel takes."""


def _cannot_post(guild: discord.Guild | None, channel_id: int) -> list[str]:
    """The permissions of ``DAILY_POST`` the bot lacks in the channel (all, if it is gone)."""
    if guild is None:
        return []
    channel = guild.get_channel(channel_id)
    if channel is None:
        return list(DAILY_POST)
    return missing(channel.permissions_for(guild.me), DAILY_POST)


def _lacking(guild: discord.Guild | None, channel_ids: tuple[int, ...]) -> list[str]:
    """A line for each listed channel where the bot lacks what answering a text command takes
    (``permissions.TEXT_ANSWER``), naming what it lacks."""
    if guild is None:
        return []
    lines = []
    for channel_id in channel_ids:
        channel = guild.get_channel(channel_id)
        lacking = TEXT_ANSWER if channel is None else missing(channel.permissions_for(guild.me))
        if lacking:
            # TRANSLATORS: {channel} is a channel (a mention), {permissions} lists Discord
            # permission names ("Send Messages, View Channel")
            line = _("In {channel} I lack {permissions}: typed moves get no answer there.")
            lines.append(line.format(channel=f"<#{channel_id}>", permissions=names(list(lacking))))
    return lines


class SettingsCommands(commands.Cog):
    """``/tictactoe-settings show|defaults|channels|limits|language|puzzle`` and forgetting a
    server left."""

    settings = app_commands.Group(
        name="tictactoe-settings",
        # TRANSLATORS: a slash command's description (100 characters at most); "Manage Server"
        # is Discord's name of the permission
        description=locale_str("This server's Tic-Tac-Toe settings (Manage Server)."),
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,  # dm_permission, and its successor contexts
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        allowed_contexts=app_commands.AppCommandContext(
            guild=True, dm_channel=False, private_channel=False
        ),
    )

    def __init__(self, bot: TicTacToeBot) -> None:
        self.bot = bot

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Every answer here is private: in the member's own language. Acknowledged at once
        (privately, thinking): the store may be slow, and Discord gives a command 3 seconds."""
        current_locale.set(private_locale(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        return True

    @settings.command(
        name="show",
        # TRANSLATORS: the description of /tictactoe-settings show (100 characters at most)
        description=locale_str("Every setting of this server and its value."),
    )
    async def show(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        guild = _manager(interaction)
        settings = await self.bot.service.servers.settings(guild)
        shown = await self._render(settings, render_server_settings)
        lacking = _lacking(interaction.guild, settings.channel_ids)
        daily = daily_setting_text(await self.bot.service.puzzles.daily.setting(guild))
        await reply_privately(interaction, "\n".join([shown, daily, *lacking]))

    @settings.command(
        name="defaults",
        # TRANSLATORS: a slash command's description (100 characters at most)
        description=locale_str("What /tictactoe start uses when a member names nothing."),
    )
    @app_commands.describe(
        # TRANSLATORS: the description of /tictactoe-settings defaults' option level (100
        # characters at most)
        level=locale_str("The level a start plays at."),
        # TRANSLATORS: the description of /tictactoe-settings defaults' option size (100
        # characters at most)
        size=locale_str("The board size: 3, 4, 5 (0: the bot's own)."),
        # TRANSLATORS: the description of /tictactoe-settings defaults' option first (100
        # characters at most)
        first=locale_str("Who moves first."),
    )
    @app_commands.choices(level=LEVEL_SETTING_CHOICES, first=FIRST_SETTING_CHOICES)
    async def defaults(
        self,
        interaction: discord.Interaction[TicTacToeBot],
        level: Choice[str] | None = None,
        size: int | None = None,
        first: Choice[str] | None = None,
    ) -> None:
        guild = _manager(interaction)
        settings = await self.bot.service.servers.set_defaults(
            guild,
            level=None if level is None else level.value,
            size=size,
            first=None if first is None else first.value,
        )
        await self._saved(interaction, settings, "start defaults")

    @settings.command(
        name="channels",
        # TRANSLATORS: the description of /tictactoe-settings channels (100 characters at most)
        description=locale_str("The channels games may be played in."),
    )
    @app_commands.describe(
        # TRANSLATORS: the description of /tictactoe-settings channels' option action (100
        # characters at most)
        action=locale_str("Add or remove a channel, or clear the list (everywhere)."),
        # TRANSLATORS: the description of /tictactoe-settings channels' option channel (100
        # characters at most)
        channel=locale_str("The channel to add or remove."),
    )
    @app_commands.choices(action=ACTION_CHOICES)
    async def channels(
        self,
        interaction: discord.Interaction[TicTacToeBot],
        action: Choice[str],
        channel: discord.abc.GuildChannel | None = None,
    ) -> None:
        guild = _manager(interaction)
        settings = await self.bot.service.servers.set_channels(
            guild,
            action=action.value,
            channel_id=None if channel is None else channel.id,
            channel_guild_id=None if channel is None else channel.guild.id,
        )
        await self._saved(interaction, settings, "channels")

    @settings.command(
        name="limits",
        # TRANSLATORS: the description of /tictactoe-settings limits (100 characters at most)
        description=locale_str("How long games and challenges wait; duels."),
    )
    @app_commands.describe(
        # TRANSLATORS: the description of /tictactoe-settings limits' option idle_minutes
        # (100 characters at most)
        idle_minutes=locale_str(
            "Minutes without a move before a game expires, 1 to 10080 (0: the bot's own)."
        ),
        # TRANSLATORS: the description of /tictactoe-settings limits' option
        # challenge_minutes (100 characters at most)
        challenge_minutes=locale_str(
            "Minutes a challenge waits for its answer, 1 to 1440 (0: the bot's own)."
        ),
        # TRANSLATORS: the description of /tictactoe-settings limits' option duels (100
        # characters at most)
        duels=locale_str("Whether members may challenge each other here."),
    )
    @app_commands.choices(duels=ON_OFF_CHOICES)
    async def limits(
        self,
        interaction: discord.Interaction[TicTacToeBot],
        idle_minutes: int | None = None,
        challenge_minutes: int | None = None,
        duels: Choice[str] | None = None,
    ) -> None:
        guild = _manager(interaction)
        settings = await self.bot.service.servers.set_limits(
            guild,
            idle_minutes=idle_minutes,
            challenge_minutes=challenge_minutes,
            duels=None if duels is None else duels.value,
        )
        await self._saved(interaction, settings, "limits")

    @settings.command(
        name="language",
        # TRANSLATORS: the description of /tictactoe-settings language (100 characters at most)
        description=locale_str("The language of this server's public posts."),
    )
    # TRANSLATORS: an option's description (100 characters at most)
    @app_commands.describe(locale=locale_str("A language, or the server's own Discord language."))
    @app_commands.choices(locale=language_choices())
    async def language(
        self, interaction: discord.Interaction[TicTacToeBot], locale: Choice[str]
    ) -> None:
        guild = _manager(interaction)
        chosen = None if locale.value == SERVER_DEFAULT else locale.value
        settings = await self.bot.service.servers.set_language(guild, chosen)
        await self._saved(interaction, settings, "language")

    @settings.command(
        name="puzzle",
        # TRANSLATORS: the description of /tictactoe-settings puzzle (100 characters at most)
        description=locale_str("The daily puzzle: the channel it is posted in, and when."),
    )
    @app_commands.describe(
        # TRANSLATORS: the description of /tictactoe-settings puzzle's option channel (100
        # characters at most)
        channel=locale_str("The channel to post the daily puzzle in."),
        # TRANSLATORS: the description of /tictactoe-settings puzzle's option hour (100
        # characters at most); UTC is the time zone
        hour=locale_str("The hour it is posted, 0 to 23 UTC (default: 12)."),
        # TRANSLATORS: the description of /tictactoe-settings puzzle's option off (100
        # characters at most)
        off=locale_str("True: no daily puzzle here any more."),
    )
    async def puzzle(
        self,
        interaction: discord.Interaction[TicTacToeBot],
        channel: discord.TextChannel | None = None,
        hour: app_commands.Range[int, 0, 23] | None = None,
        off: bool | None = None,
    ) -> None:
        """Set where and when the daily puzzle is posted, or turn it off; with no option, say
        how it stands. Where the bot may not post in the channel, say what it lacks."""
        guild = _manager(interaction)
        setting = await self.bot.service.puzzles.daily.change(
            guild,
            channel_id=None if channel is None else channel.id,
            channel_guild_id=None if channel is None else channel.guild.id,
            hour=hour,
            off=bool(off),
        )
        if channel is not None or hour is not None or off:
            user = interaction.user
            log.info(
                "Server %s: %s (member %s) changed the daily puzzle: %s",
                guild,
                user.name,
                user.id,
                setting,
            )
        lines = [daily_setting_text(setting)]
        lacking = [] if setting is None else _cannot_post(interaction.guild, setting.channel_id)
        if setting is not None and lacking:
            # TRANSLATORS: {channel} is a channel (a mention), {permissions} lists Discord
            # permission names ("Send Messages, View Channel")
            cannot = _("In {channel} I lack {permissions}: I cannot post the daily puzzle there.")
            lines.append(
                cannot.format(channel=f"<#{setting.channel_id}>", permissions=names(lacking))
            )
        await reply_privately(interaction, "\n".join(lines))

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        """A server came into view (at start-up, or after an outage of Discord's): its
        settings are read in the background, so its first answers, which never wait for
        them, already speak its language."""
        self.bot.service.servers.known(guild.id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot left the server (or was removed): its settings go, its daily puzzle too."""
        try:
            await self.bot.service.servers.forget(guild.id)
            await self.bot.service.puzzles.daily.forget(guild.id)
        except GameError as error:
            log.warning("Could not delete the settings of server %s: %s", guild.id, error)
            return
        log.info("Left server %s; its settings were deleted.", guild.id)

    async def _saved(
        self, interaction: discord.Interaction[TicTacToeBot], settings: ServerSettings, what: str
    ) -> None:
        """Log who changed what, and answer privately with the new values."""
        user = interaction.user
        log.info(
            "Server %s: %s (member %s) changed the %s: %s",
            settings.guild_id,
            user.name,
            user.id,
            what,
            settings,
        )
        await reply_privately(interaction, await self._render(settings, render_settings_saved))

    async def _render(self, settings: ServerSettings, render: Render) -> str:
        service = self.bot.service
        return render(settings, service.idle_timeout, service.challenge_timeout)
