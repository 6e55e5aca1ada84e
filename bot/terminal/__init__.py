"""The terminal adapter: the same ``GameService`` and SQLite database as the Discord bot, played
by typing commands (``python -m bot play``, or ``python -m bot`` without a token).

Layout: ``commands`` (one typed line read into a command, pure), ``session`` (commands carried
out through the game layer and the replies printed), ``line_reader`` (stdin read without
blocking the event loop) and ``runner`` (the whole program: database, prompt, exit status).
"""

from __future__ import annotations

from bot.terminal.runner import run_terminal
from bot.terminal.session import AFTER_GAME, SPELLING, WELCOME, TerminalSession, after_game

__all__ = [
    "AFTER_GAME",
    "SPELLING",
    "WELCOME",
    "TerminalSession",
    "after_game",
    "run_terminal",
]
