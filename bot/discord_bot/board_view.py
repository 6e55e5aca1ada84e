"""The clickable board: one button per cell, whose ``custom_id`` names the game and the cell.

Cells are ``discord.ui.DynamicItem`` s registered with ``bot.add_dynamic_items`` at start-up:
the ``custom_id`` ("ttt:<game>:<row>:<col>", 0-based) carries all a click needs, so a board
posted before a restart still works after it. A click raises to refuse or fail; ``GameButton``
hands the error to ``interactions.answer_error``. A game has one live board: ``replace_board``
remembers a newly posted (or clicked) board and strips the previous one, ``disable_board``
greys out a finished game's, and both go through ``edit_board``. Why: docs/decisions.md.

Ultimate's 81 cells cannot all be buttons, so its board is clicked in two steps: the small
boards the mover may play in ("ttu:<game>:<board>", ``SmallBoardButton``), then that board's
nine cells (the same ``CellButton`` s, 0-based on the 9x9 grid) with a Back button
("ttu:<game>:back"); when the last move sends the mover to one board, its cells come at once.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord

from bot.discord_bot.duel_views import RematchButton
from bot.discord_bot.interactions import GameButton, channel_id
from bot.discord_bot.texts import NOT_YOUR_BOARD
from bot.engine import Move
from bot.games import Game, GameOverError, NotYourGameError, Status
from bot.games.render.boards import describe_reply, render_emoji
from bot.games.render.glyphs import EMOJI_MARK
from bot.games.sentences import game_is_over, not_your_game
from bot.i18n import _

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)

CUSTOM_ID = "ttt:{game}:{row}:{col}"
TEMPLATE = r"ttt:(?P<game>[0-9]+):(?P<row>[0-9]):(?P<col>[0-9])"


def cell_label(move: Move) -> str:
    """An empty cell's label: its 1-based coordinates, the same numbers `!move` takes."""
    return f"{move.row + 1},{move.col + 1}"


class CellButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=TEMPLATE,
):
    """One cell of one game's board. A click by the game's member plays that cell."""

    def __init__(self, game_id: int, move: Move, *, game: Game | None = None) -> None:
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            custom_id=CUSTOM_ID.format(game=game_id, row=move.row, col=move.col),
            style=discord.ButtonStyle.secondary,
            label=cell_label(move),
            # ultimate shows one small board's cells, in three rows (a row index is 0-4)
            row=move.row % 3
            if move.row >= 5 or (game is not None and game.is_ultimate)
            else move.row,
        )
        if game is not None:
            _dress(button, game, move)
        super().__init__(button)
        self.game_id = game_id
        self.move = move

    @classmethod
    def from_match(cls, match: re.Match[str]) -> CellButton:
        return cls(int(match["game"]), Move(int(match["row"]), int(match["col"])))

    async def check(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Let only the game's member play; everyone else gets a private, friendly refusal.

        Anything else (a finished game, a stale board) is for ``clicked``, so the service
        gives the one answer for it.
        """
        await _check_seat(interaction, self.game_id)

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Play the cell and edit the board in place."""
        bot = interaction.client
        # Acknowledge first: a 4x4 engine move may take longer than Discord's 3 seconds.
        await interaction.response.defer()
        try:
            reply = await bot.service.move(
                channel_id=channel_id(interaction),
                member_id=interaction.user.id,
                move=self.move,
                game_id=self.game_id,
            )
        except GameOverError:
            await self._retire_stale_board(interaction)
            raise
        bot.metrics.played(reply)
        game = reply.game
        await interaction.edit_original_response(
            content=board_content(game, describe_reply(reply)),
            view=board_view(game),
        )
        if interaction.message is not None:
            # The clicked board may be an older copy that kept its buttons (stripping it
            # failed): it is the live one now, and the newer copy must not stay clickable.
            await replace_board(bot, game, interaction.message.id)

    async def _retire_stale_board(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Disable a finished game's leftover buttons so nobody else clicks into the void."""
        if interaction.message is None:  # never for a click; keeps mypy honest
            return
        bot = interaction.client
        game = await bot.service.get(self.game_id)
        await edit_board(
            bot,
            channel_id=channel_id(interaction),
            guild_id=interaction.guild_id,
            message_id=interaction.message.id,
            view=None if game is None else board_view(game),
        )


async def _check_seat(interaction: discord.Interaction[TicTacToeBot], game_id: int) -> None:
    """Refuse a click by anyone without a seat in the running game, privately."""
    game = await interaction.client.service.get(game_id)
    if game is not None and game.is_active and game.seat_of(interaction.user.id) is None:
        if game.is_duel:
            raise not_your_game(game)
        raise NotYourGameError(NOT_YOUR_BOARD, owner=game.member.name)


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


class SmallBoardButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=ULTIMATE_TEMPLATE,
):
    """Ultimate's first step: a small board to play in (its nine cells come next), or Back
    from a board's cells to the choice of boards (``board`` None)."""

    def __init__(self, game_id: int, board: int | None, *, game: Game | None = None) -> None:
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            custom_id=ULTIMATE_ID.format(game=game_id, board=BACK if board is None else board),
            style=discord.ButtonStyle.primary
            if board is not None
            else discord.ButtonStyle.secondary,
            # TRANSLATORS: a button of ultimate's board (80 characters at most): back from one
            # small board's cells to the choice of small boards
            label=_("Back to the boards") if board is None else small_board_label(board),
            row=3 if board is None else board // 3,
        )
        if game is not None and board is not None:
            button.disabled = not (game.is_active and game.ultimate.playable_boards >> board & 1)
        super().__init__(button)
        self.game_id = game_id
        self.board = board

    @classmethod
    def from_match(cls, match: re.Match[str]) -> SmallBoardButton:
        board = match["board"]
        return cls(int(match["game"]), None if board == BACK else int(board))

    async def check(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Only the game's players choose boards; anyone else is refused privately."""
        await _check_seat(interaction, self.game_id)

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Show the chosen board's cells (or the boards again) on the same message."""
        game = await interaction.client.service.get(self.game_id)
        if game is None or not game.is_active:
            raise game_is_over()
        await interaction.response.edit_message(view=ultimate_view(game, self.board))


def ultimate_view(game: Game, picked: int | None = None) -> discord.ui.View:
    """Ultimate's buttons: the rematch once decided; else the cells of the board the mover is
    sent to, or of ``picked`` (with Back), or the nine small boards (open ones clickable)."""
    view = discord.ui.View(timeout=None)
    if game.status in (Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED):
        view.add_item(RematchButton(game.id, row=0))
        return view
    if not game.is_active:
        return view
    board = game.ultimate
    forced = board.forced_board
    chosen = forced if forced is not None else picked
    if chosen is None or not board.playable_boards >> chosen & 1:
        for small in range(9):
            view.add_item(SmallBoardButton(game.id, small, game=game))
        return view
    top, left = chosen // 3 * 3, chosen % 3 * 3
    for row in range(top, top + 3):
        for col in range(left, left + 3):
            view.add_item(CellButton(game.id, Move(row, col), game=game))
    if forced is None:
        view.add_item(SmallBoardButton(game.id, None))
    return view


def _dress(button: discord.ui.Button[discord.ui.View], game: Game, move: Move) -> None:
    """Show the cell as it stands: its mark (disabled), or clickable while the game is on."""
    if game.is_ultimate:
        mark = game.ultimate.at(move)
        if mark is not None:
            button.label = None
            button.emoji = EMOJI_MARK[mark]
        button.disabled = mark is not None or not game.is_active
        return
    board = game.board
    mark = board.at(move)
    winning = move in (board.winning_cells or ())
    if mark is not None:
        button.label = None
        button.emoji = EMOJI_MARK[mark]
        button.disabled = True
        if winning:
            member_won = game.status is Status.WON
            button.style = discord.ButtonStyle.success if member_won else discord.ButtonStyle.danger
    else:
        button.disabled = not game.is_active


MAX_ITEMS = 25
"""Buttons one message can hold (5 rows of 5)."""


def board_view(game: Game) -> discord.ui.View:
    """One button per cell in ``size`` rows of ``size``; all disabled once the game is over,
    and a Rematch button below them once it is decided (not for an expired game). A decided
    5x5 board has no room for both: its text already shows the emoji board, so the disabled
    cells give way to the Rematch button."""
    if game.is_ultimate:
        return ultimate_view(game)
    view = discord.ui.View(timeout=None)
    decided = game.status in (Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED)
    cells = not decided or game.size * game.size < MAX_ITEMS
    if cells:
        for row in range(game.size):
            for col in range(game.size):
                view.add_item(CellButton(game.id, Move(row, col), game=game))
    if decided:
        view.add_item(RematchButton(game.id, row=game.size if cells else 0))
    return view


async def post_board(bot: TicTacToeBot, game: Game, headline: str = "") -> None:
    """Post the game's board in its channel as a new message, the game's one live board."""
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    message = await channel.send(board_content(game, headline), view=board_view(game))
    await replace_board(bot, game, message.id)


def board_content(game: Game, headline: str = "") -> str:
    """The message text of a board: what just happened (if anything), board and status."""
    board = render_emoji(game)
    return f"{headline}\n{board}" if headline else board


async def edit_board(
    bot: discord.Client,
    *,
    channel_id: int,
    guild_id: int | None,
    message_id: int,
    view: discord.ui.View | None,
) -> None:
    """Change the buttons of a board posted earlier (``view=None`` strips them).

    Never raises for Discord's refusals (a deleted message, a channel the bot can no longer
    see, Discord failing): they are logged and skipped.
    """
    await edit_message(
        bot, channel_id=channel_id, guild_id=guild_id, message_id=message_id, view=view
    )


async def edit_message(
    bot: discord.Client,
    *,
    channel_id: int,
    guild_id: int | None,
    message_id: int,
    view: discord.ui.View | None,
    content: str | None = None,
) -> None:
    """``edit_board``, for any message of the bot's, its text too when ``content`` is given."""
    channel = bot.get_partial_messageable(channel_id, guild_id=guild_id)
    try:
        message = channel.get_partial_message(message_id)
        if content is None:
            await message.edit(view=view)
        else:
            await message.edit(content=content, view=view)
    except discord.HTTPException as error:
        # Someone deleting an old board is ordinary; anything else is worth a warning.
        level = logging.INFO if isinstance(error, discord.NotFound) else logging.WARNING
        log.log(
            level,
            "Could not update the board message %s in channel %s: %s",
            message_id,
            channel_id,
            error,
        )


async def disable_board(bot: TicTacToeBot, game: Game) -> None:
    """Show a finished or expired game's last board with every button disabled."""
    if game.message_id is not None:
        await edit_board(
            bot,
            channel_id=game.channel_id,
            guild_id=game.guild_id,
            message_id=game.message_id,
            view=board_view(game),
        )


async def replace_board(bot: TicTacToeBot, game: Game, message_id: int) -> None:
    """Make ``message_id`` the game's one live board: remember it, strip the previous one."""
    previous = game.message_id
    if previous == message_id:
        return
    await bot.service.attach_message(game.id, message_id)
    if previous is not None:
        await edit_board(
            bot,
            channel_id=game.channel_id,
            guild_id=game.guild_id,
            message_id=previous,
            view=None,
        )
