"""What the bot may do in a channel, checked before a text command changes anything.

A text command is answered in its channel: the bot must see it, send there and, to reply to
the member's message, read its history. Where it cannot, nothing is changed, the member's
message gets a reaction if the bot may add one, and the log says once per channel which
permissions are missing. ``/tictactoe start`` and the settings' ``show`` name them too.
"""

from __future__ import annotations

import logging

import discord

from bot.i18n import N_, _

log = logging.getLogger(__name__)

TEXT_ANSWER: tuple[str, ...] = ("view_channel", "send_messages", "read_message_history")
"""What answering a text command in a channel takes: seeing it, sending a message there, and
replying to the member's message (a reply refers to it, which takes reading the history)."""

CANNOT_ANSWER = "🔇"
"""The reaction on a text command the bot could not answer (it may react, not send)."""

LATE = "⏳"
"""The reaction on a move that was saved while Discord refused its board for now: the board
follows (``cogs.deliveries``)."""

NAMES: dict[str, str] = {
    # TRANSLATORS: a Discord permission's name, as Discord's own settings show it
    "view_channel": N_("View Channel"),
    # TRANSLATORS: a Discord permission's name, as Discord's own settings show it
    "send_messages": N_("Send Messages"),
    # TRANSLATORS: a Discord permission's name, as Discord's own settings show it
    "read_message_history": N_("Read Message History"),
    # TRANSLATORS: a Discord permission's name, as Discord's own settings show it
    "add_reactions": N_("Add Reactions"),
    # TRANSLATORS: a Discord permission's name, as Discord's own settings show it
    "create_public_threads": N_("Create Public Threads"),
    # TRANSLATORS: a Discord permission's name, as Discord's own settings show it
    "send_messages_in_threads": N_("Send Messages in Threads"),
}
"""Each checked permission as a server admin finds it in Discord's settings (a msgid)."""


def missing(permissions: discord.Permissions, needed: tuple[str, ...] = TEXT_ANSWER) -> list[str]:
    """The permissions of ``needed`` that ``permissions`` lacks, in ``needed``'s order."""
    return [name for name in needed if not getattr(permissions, name)]


def names(permissions: list[str]) -> str:
    """The permissions as Discord's settings name them, in the current locale, comma-joined."""
    # TRANSLATORS: the separator between permission names ("Send Messages, View Channel")
    return _(", ").join(_(NAMES[name]) for name in permissions)


class Warned:
    """Remembers which channel's missing permissions were logged, so each is logged once
    (until they change)."""

    def __init__(self) -> None:
        self._seen: dict[int, tuple[str, ...]] = {}

    def log_once(self, channel_id: int, lacking: list[str], doing: str) -> None:
        """Log that ``doing`` failed in the channel for ``lacking``, unless already said."""
        if self._seen.get(channel_id) == tuple(lacking):
            return
        self._seen[channel_id] = tuple(lacking)
        lacks = ", ".join(lacking)
        log.warning("Cannot %s in channel %s: the bot lacks %s there.", doing, channel_id, lacks)


async def react_cannot_answer(message: discord.Message, permissions: discord.Permissions) -> None:
    """Mark a command the bot could not answer with ``CANNOT_ANSWER``, if it may react there."""
    await _react(message, permissions, CANNOT_ANSWER)


async def react_late(message: discord.Message, permissions: discord.Permissions) -> None:
    """Mark a move whose board is late with ``LATE`` (a reaction is not a post: Discord may
    take it while it refuses posts), if the bot may react there."""
    await _react(message, permissions, LATE)


async def _react(message: discord.Message, permissions: discord.Permissions, emoji: str) -> None:
    if missing(permissions, ("view_channel", "read_message_history", "add_reactions")):
        return
    try:
        await message.add_reaction(emoji)
    except discord.HTTPException as error:
        log.info("Could not react to message %s: %s", message.id, error)
