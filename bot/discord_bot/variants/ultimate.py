"""An ultimate board's buttons, above the controls. Its 81 cells cannot all be buttons, so it
is clicked in two steps: the small boards the mover may play in ("ttu:<game>:<board>",
``SmallBoardButton``), then that board's nine cells (the same ``CellButton`` s, 0-based on the
9x9 grid) with a Back button ("ttu:<game>:back"); when the last move sends the mover to one
board, its cells come at once."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord

from bot.discord_bot.board_view import (
    BoardLayout,
    CellButton,
    board_message,
    button_row,
    check_seat,
)
from bot.discord_bot.controls import controls
from bot.discord_bot.interactions import GameButton
from bot.engine import Move
from bot.engine.ultimate import UltimateBoard
from bot.games import Game
from bot.games.sentences import game_is_over
from bot.i18n import _

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

ULTIMATE_ID = "ttu:{game}:{board}"
ULTIMATE_TEMPLATE = r"ttu:(?P<game>[0-9]+):(?P<board>[0-8]|back)"
BACK = "back"


def small_board_label(board: int) -> str:
    """A small board's button label: "rows 4-6, cols 1-3"."""
    row, col = board // 3 * 3 + 1, board % 3 * 3 + 1
    # TRANSLATORS: a button of ultimate's board (80 characters at most): the small board in
    # rows {top}-{bottom} and columns {left}-{right} of the 9x9 grid ("rows 4-6, cols 1-3")
    return _("rows {top}-{bottom}, cols {left}-{right}").format(
        top=row, bottom=row + 2, left=col, right=col + 2
    )


def _board(game: Game) -> UltimateBoard:
    """An ultimate game's position."""
    board = game.position
    assert isinstance(board, UltimateBoard)
    return board


class SmallBoardButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=ULTIMATE_TEMPLATE,
):
    """Ultimate's first step: a small board to play in (its nine cells come next), or Back
    from a board's cells to the choice of boards (``board`` None)."""

    def __init__(self, game_id: int, board: int | None, *, game: Game | None = None) -> None:
        button: discord.ui.Button[discord.ui.LayoutView] = discord.ui.Button(
            custom_id=ULTIMATE_ID.format(game=game_id, board=BACK if board is None else board),
            style=discord.ButtonStyle.primary
            if board is not None
            else discord.ButtonStyle.secondary,
            # TRANSLATORS: a button of ultimate's board (80 characters at most): back from one
            # small board's cells to the choice of small boards
            label=_("Back to the boards") if board is None else small_board_label(board),
        )
        if game is not None and board is not None:
            button.disabled = not (game.is_active and _board(game).playable_boards >> board & 1)
        super().__init__(button)
        self.game_id = game_id
        self.board = board

    @classmethod
    def from_match(cls, match: re.Match[str]) -> SmallBoardButton:
        board = match["board"]
        return cls(int(match["game"]), None if board == BACK else int(board))

    async def check(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Only the game's players choose boards; anyone else is refused privately."""
        await check_seat(interaction, self.game_id)

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Show the chosen board's cells (or the boards again) on the same message."""
        game = await interaction.client.service.get(self.game_id)
        if game is None or not game.is_active:
            raise game_is_over()
        await interaction.edit_original_response(
            content=None, view=board_message(game, choice=self.board)
        )


def ultimate_rows(game: Game, picked: int | None) -> list[discord.ui.Item[discord.ui.LayoutView]]:
    """Ultimate's buttons, then the controls: while the game runs, the cells of the board the
    mover is sent to, or of ``picked`` (with Back), or the nine small boards (open ones
    clickable); once it is over, the controls alone."""
    rows: list[discord.ui.Item[discord.ui.LayoutView]] = []
    if game.is_active:
        rows = _choices(game, picked)
    return [*rows, discord.ui.Separator(), controls(game)]


def _choices(game: Game, picked: int | None) -> list[discord.ui.Item[discord.ui.LayoutView]]:
    """The small boards to choose from, or one small board's cells (with Back if chosen)."""
    board = _board(game)
    forced = board.forced_board
    chosen = forced if forced is not None else picked
    if chosen is None or not board.playable_boards >> chosen & 1:
        return [
            button_row(*(SmallBoardButton(game.id, b, game=game) for b in range(r, r + 3)))
            for r in (0, 3, 6)
        ]
    top, left = chosen // 3 * 3, chosen % 3 * 3
    rows: list[discord.ui.Item[discord.ui.LayoutView]] = []
    for row in range(top, top + 3):
        cells = [CellButton(game.id, Move(row, col)) for col in range(left, left + 3)]
        for cell in cells:
            cell.show(board.at(cell.move), playable=game.is_active)
        rows.append(button_row(*cells))
    if forced is None:
        rows.append(button_row(SmallBoardButton(game.id, None)))
    return rows


LAYOUT = BoardLayout("ultimate", ultimate_rows, (SmallBoardButton,))
"""Ultimate's board on Discord: the small boards to choose from, then a board's cells."""
