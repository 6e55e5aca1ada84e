"""Registers the board's cell buttons for the bot's whole lifetime.

``CellButton`` (see ``bot.discord_bot.board``) is a ``DynamicItem``: discord.py matches a click
by its ``custom_id`` template, so a board posted by an earlier run of the bot still plays after
a restart, with no view kept in memory per message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

from bot.discord_bot.board import CellButton

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot


class BoardButtons(commands.Cog):
    """Adds the ``CellButton`` dynamic item on load and removes it on unload."""

    def __init__(self, bot: TicTacToeBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(CellButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(CellButton)
