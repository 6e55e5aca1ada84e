"""A classic board's buttons: one per cell in ``size`` rows of ``size``, the winning line
coloured for whoever won it, then the controls (Resign, Hint, Rematch). On 5x5 that is 25 cells
and 3 controls in 6 rows, within a V2 message's 40 components."""

from __future__ import annotations

import discord

from bot.discord_bot.board_view import BoardLayout, CellButton, button_row
from bot.discord_bot.controls import controls
from bot.engine import Move
from bot.engine.classic import Board
from bot.games import Game, Status


def classic_rows(game: Game, choice: int | None) -> list[discord.ui.Item[discord.ui.LayoutView]]:
    """The cells in ``size`` rows of ``size`` (disabled once the game is over), a separator,
    the controls; ``choice`` unused (a classic move is one click)."""
    rows: list[discord.ui.Item[discord.ui.LayoutView]] = [
        button_row(*(_cell(game, Move(row, col)) for col in range(game.size)))
        for row in range(game.size)
    ]
    return [*rows, discord.ui.Separator(), controls(game)]


def _cell(game: Game, move: Move) -> CellButton:
    """The cell as it stands; a mark on the winning line green for the member's win, red for
    the bot's (or a duel's winner)."""
    board = game.position
    assert isinstance(board, Board)  # a classic game's position
    mark = board.at(move)
    cell = CellButton(game.id, move).show(mark, playable=game.is_active)
    if mark is not None and move in (board.winning_cells or ()):
        member_won = game.status is Status.WON
        cell.item.style = discord.ButtonStyle.success if member_won else discord.ButtonStyle.danger
    return cell


LAYOUT = BoardLayout("classic", classic_rows)
"""Classic's board on Discord: a button per cell."""
