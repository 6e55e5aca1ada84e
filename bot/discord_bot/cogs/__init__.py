"""The bot's features, one cog each: game commands, expiry, text-command error handling,
server settings, the boards owed, the daily puzzle and puzzles made from games, arenas."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.discord_bot.cogs.arenas import ArenaRunner
from bot.discord_bot.cogs.deliveries import BoardDeliveries
from bot.discord_bot.cogs.errors import ErrorHandling
from bot.discord_bot.cogs.expiry import ExpiryAnnouncer
from bot.discord_bot.cogs.game_commands import GameCommands
from bot.discord_bot.cogs.puzzles import DailyPuzzles
from bot.discord_bot.cogs.settings_commands import SettingsCommands

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot


async def load_cogs(bot: TicTacToeBot) -> None:
    """Add every cog to ``bot`` (called from ``setup_hook``)."""
    await bot.add_cog(ErrorHandling(bot))
    await bot.add_cog(GameCommands(bot))
    await bot.add_cog(ExpiryAnnouncer(bot))
    await bot.add_cog(SettingsCommands(bot))
    await bot.add_cog(BoardDeliveries(bot))
    await bot.add_cog(DailyPuzzles(bot))
    await bot.add_cog(ArenaRunner(bot))
