"""A classic board's buttons: one per cell in ``size`` rows of ``size``, the winning line
coloured for whoever won it, and Rematch once the game is decided."""

from __future__ import annotations

import discord

from bot.discord_bot.board_view import CellButton
from bot.discord_bot.duel_views import RematchButton
from bot.engine import Board, Move
from bot.games import Game, Status

MAX_ITEMS = 25
"""Buttons one message can hold (5 rows of 5)."""

DECIDED = (Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED)
"""The statuses a rematch follows (not an expired game)."""


def classic_view(game: Game) -> discord.ui.View:
    """One button per cell in ``size`` rows of ``size``; all disabled once the game is over,
    and a Rematch button below them once it is decided (not for an expired game). A decided
    5x5 board has no room for both: its text already shows the emoji board, so the disabled
    cells give way to the Rematch button."""
    view = discord.ui.View(timeout=None)
    decided = game.status in DECIDED
    cells = not decided or game.size * game.size < MAX_ITEMS
    if cells:
        for row in range(game.size):
            for col in range(game.size):
                view.add_item(_cell(game, Move(row, col)))
    if decided:
        view.add_item(RematchButton(game.id, row=game.size if cells else 0))
    return view


def _cell(game: Game, move: Move) -> CellButton:
    """The cell as it stands; a mark on the winning line green for the member's win, red for
    the bot's (or a duel's winner)."""
    board = game.position
    assert isinstance(board, Board)  # a classic game's position
    mark = board.at(move)
    cell = CellButton(game.id, move, row=move.row).show(mark, playable=game.is_active)
    if mark is not None and move in (board.winning_cells or ()):
        member_won = game.status is Status.WON
        cell.item.style = discord.ButtonStyle.success if member_won else discord.ButtonStyle.danger
    return cell
