"""The Discord adapter: ``create_bot`` builds the discord.py bot, ``run_discord`` runs it.

Layout: ``app`` (the bot: intents, prefixes, mentions, start-up), ``board_view`` (the clickable
board and its ``DynamicItem`` buttons), ``interactions`` (answering interactions, and where
every slash-command and button error ends), ``tree`` (the slash-command tree, whose
``on_error`` hands errors there), ``sync`` (slash-command sync, skipped when unchanged),
``runner`` (start-up failures explained), ``texts`` (Discord wording), and ``cogs/`` with one
cog per feature (text-command errors end in ``cogs/errors``).
"""

from __future__ import annotations

from bot.discord_bot.app import TicTacToeBot, create_bot
from bot.discord_bot.runner import run_discord, serve

__all__ = ["TicTacToeBot", "create_bot", "run_discord", "serve"]
