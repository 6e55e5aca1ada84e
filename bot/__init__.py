"""tictactoe-bot: a Discord bot that plays perfect Tic-Tac-Toe.

Layers, from the inside out (each imports only the ones before it):
``bot.engine`` (pure game-tree search), ``bot.games`` (games, storage, rendering),
then the adapters: ``bot.terminal`` and ``bot.discord_bot``.
"""
