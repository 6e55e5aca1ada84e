"""A Connect Four board's buttons: one per column, labelled with its number (1-4 on one row,
5-7 on the next), each the cell its disc lands in; a full column, or any once the game is over,
disabled; then the controls (Resign, Hint, Rematch)."""

from __future__ import annotations

import discord

from bot.discord_bot.board_view import BoardLayout, CellButton, button_row
from bot.discord_bot.controls import controls
from bot.engine import Move
from bot.engine.connect4 import Connect4Board
from bot.games import Game
from bot.games.variants.connect4.drawing import board_of

ROWS: tuple[range, ...] = (range(0, 4), range(4, 7))
"""The columns on each row of buttons (five at most fit one)."""


def connect4_rows(game: Game, choice: int | None) -> list[discord.ui.Item[discord.ui.LayoutView]]:
    """The columns' buttons, a separator, the controls; ``choice`` unused (a move is one
    click)."""
    board = board_of(game.position)
    rows: list[discord.ui.Item[discord.ui.LayoutView]] = [
        button_row(*(_column(game, board, col) for col in columns)) for columns in ROWS
    ]
    return [*rows, discord.ui.Separator(), controls(game)]


def _column(game: Game, board: Connect4Board, col: int) -> CellButton:
    """Column ``col``'s button: the cell a disc lands in, clickable while the game runs and
    the column has room (a full column's names its top cell, disabled)."""
    open_column = col in board.legal_columns
    button = CellButton(game.id, board.landing(col) if open_column else Move(0, col))
    button.item.label = str(col + 1)
    button.item.style = discord.ButtonStyle.primary
    button.item.disabled = not (game.is_active and open_column)
    return button


LAYOUT = BoardLayout("connect4", connect4_rows)
"""Connect Four's board on Discord: a button per column."""
