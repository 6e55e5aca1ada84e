"""Answering interactions, and the one place where a slash command's or a button's error ends.

``answer_error`` answers the member privately: a ``GameError`` with its sentence (commands
spelled as on Discord), a refusal by Discord (403) with a note about the missing permission
(logged as a warning), anything else with a short apology (logged with its traceback). Slash
commands reach it through ``GameTree.on_error``, buttons through ``GameButton``. Both first ask
``within_rate``: a member over ``COMMAND_RATE`` gets one private note, then no answer until they
pause; a click refused so is still acknowledged (a deferred update), never left to fail.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, Self, TypeVar

import discord

from bot.discord_bot.locales import server_locale
from bot.discord_bot.metrics import button_command
from bot.discord_bot.texts import APOLOGY, MISSING_PERMISSION, spelling
from bot.games import GameError
from bot.i18n import _, current_locale, resolve, use_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)

T = TypeVar("T")

ANSWER_WITHIN = 2.0
"""Seconds a command may work before its first answer: then it is acknowledged (deferred) and
answered when the work is done. Discord refuses an answer after 3 seconds, and the network
takes its share of them."""


def channel_id(interaction: discord.Interaction[TicTacToeBot]) -> int:
    """The channel a command or click came from (Discord always sends it for ours)."""
    if interaction.channel_id is None:
        raise GameError("I can't tell which channel this is; please try again.")
    return interaction.channel_id


def private_locale(interaction: discord.Interaction[TicTacToeBot]) -> str:
    """The member's own locale: what a reply only they see is written in."""
    return resolve(str(interaction.locale))


def public_locale(interaction: discord.Interaction[TicTacToeBot]) -> str:
    """What an answer everyone here sees is written in: the server's language in a server,
    the member's own in a DM or group DM (no server has a say there)."""
    if interaction.guild_id is None:
        return private_locale(interaction)
    return server_locale(interaction.client, interaction.guild)


def answers_only(interaction: discord.Interaction[TicTacToeBot]) -> bool:
    """Whether the bot may only answer here, never post or edit on its own: a DM or group DM
    between people (the member's own install of the app), or a server the bot is not in."""
    if interaction.context.private_channel:
        return True
    guild_id = interaction.guild_id
    return guild_id is not None and interaction.client.get_guild(guild_id) is None


async def reply_privately(
    interaction: discord.Interaction[TicTacToeBot],
    text: str | None = None,
    *,
    view: discord.ui.LayoutView | None = None,
) -> None:
    """Answer only the member who asked, with ``text`` or a V2 ``view`` (a board), whether or
    not the interaction was answered yet.

    After a ``defer(thinking=True)`` Discord makes the first follow-up the placeholder's
    content (public or private as the defer was), so a refusal after a public defer is public.
    """
    extra: dict[str, Any] = {} if view is None else {"view": view}
    if text is not None:
        extra["content"] = text
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=True, **extra)
    else:
        await interaction.response.send_message(ephemeral=True, **extra)


async def in_time(
    interaction: discord.Interaction[TicTacToeBot], work: Awaitable[T], *, ephemeral: bool
) -> T:
    """``work``'s result, the interaction acknowledged in time: if it has not finished within
    ``ANSWER_WITHIN`` seconds (a slow store, an engine thinking), the interaction is deferred
    (thinking, private when the answer will be) and the answer edits that placeholder
    (``respond``). The work itself is never cancelled: what it saves is shown."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=ANSWER_WITHIN)
    if not done and not interaction.response.is_done():
        try:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        except discord.HTTPException as error:
            log.warning("Could not acknowledge %s: %s", describe(interaction), error)
    return await task


async def respond(
    interaction: discord.Interaction[TicTacToeBot],
    content: str | None = None,
    *,
    view: discord.ui.View | discord.ui.LayoutView | None = None,
    ephemeral: bool = False,
) -> int | None:
    """Answer with ``content`` (and ``view``), or with a V2 ``view`` alone (a board): the
    response, or, once the interaction was deferred (``in_time``), the placeholder edited (a
    V2 view clears its text). Returns the answer's message id, when Discord gives one."""
    extra: dict[str, Any] = {} if view is None else {"view": view}
    if interaction.response.is_done():
        message = await interaction.edit_original_response(content=content, **extra)
        return message.id
    if content is not None:
        extra["content"] = content
    callback = await interaction.response.send_message(ephemeral=ephemeral, **extra)
    return callback.message_id


async def answer_error(
    interaction: discord.Interaction[TicTacToeBot], error: BaseException
) -> None:
    """Tell the member privately what went wrong; log what is not their doing."""
    interaction.client.metrics.saw_error(error)
    with use_locale(private_locale(interaction)):
        if isinstance(error, GameError):
            text = error.text(spelling(interaction.client.prefix))
        elif isinstance(error, discord.Forbidden):
            log.warning("Missing permissions answering %s: %s", describe(interaction), error)
            text = _(MISSING_PERMISSION)
        else:
            log.error("Unexpected error handling %s", describe(interaction), exc_info=error)
            text = _(APOLOGY)
    try:
        await reply_privately(interaction, text)
    except discord.HTTPException as reply_error:
        log.warning("Could not answer %s either: %s", describe(interaction), reply_error)


async def within_rate(interaction: discord.Interaction[TicTacToeBot]) -> bool:
    """Whether to handle the interaction: the member is within ``COMMAND_RATE``. Past it,
    False, and the "slow down" note (once, until the member calms down) is sent privately."""
    verdict = interaction.client.floodgate.admit(interaction.user.id)
    if verdict.note is not None:
        try:
            with use_locale(private_locale(interaction)):
                await reply_privately(interaction, str(verdict.note))
        except discord.HTTPException as error:
            log.warning(
                "Could not send the slow-down note for %s: %s", describe(interaction), error
            )
    return verdict.answer


async def acknowledge_quietly(interaction: discord.Interaction[TicTacToeBot]) -> None:
    """Acknowledge a click that gets no answer with a deferred update, posting and changing
    nothing: Discord shows an unacknowledged click as "This interaction failed"."""
    if interaction.response.is_done():
        return
    try:
        await interaction.response.defer()
    except discord.HTTPException as error:
        log.warning("Could not acknowledge %s: %s", describe(interaction), error)


def describe(interaction: discord.Interaction[TicTacToeBot]) -> str:
    """Which command or button, from whom, where: for log lines."""
    if interaction.command is not None:
        what = f"/{interaction.command.qualified_name}"
    else:
        data: dict[str, object] = dict(interaction.data or {})  # a button's: its custom_id
        what = str(data.get("custom_id", "an interaction"))
    return f"{what} from user {interaction.user.id} in channel {interaction.channel_id}"


class GameButton:
    """Mixin for the bot's ``DynamicItem`` buttons: write ``from_match``, ``check`` and
    ``clicked``, and raise.

    What they raise ends in ``answer_error`` (why a mixin: docs/decisions.md). List it first,
    before ``discord.ui.DynamicItem``.
    """

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        """discord.py's hook for a click on a posted button: the button its ``custom_id``
        names."""
        return cls.from_match(match)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        """The button whose ``custom_id`` matched the class's ``template`` as ``match``."""
        raise NotImplementedError

    # discord.py types these hooks for any client; the bot's buttons only get its own.
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Acknowledge the click at once (a deferred update, which shows nothing): whatever
        follows may wait for the store, and Discord gives a click 3 seconds. Refusals then go
        to the member privately as follow-ups; the board is edited in place."""
        await acknowledge_quietly(interaction)
        # A click's answer to the channel (the board) is in the server's language.
        current_locale.set(public_locale(interaction))
        if not await within_rate(interaction):
            return False
        try:
            await self.check(interaction)
        except Exception as error:
            await answer_error(interaction, error)
            return False
        return True

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        with interaction.client.metrics.timed(button_command(self)):
            try:
                await self.clicked(interaction)
            except Exception as error:
                await answer_error(interaction, error)

    async def check(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Raise (a ``GameError``, saying why) to refuse the click before ``clicked`` runs."""

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Do what the click asks; raise to refuse or fail."""
        raise NotImplementedError
