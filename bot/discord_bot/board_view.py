"""The clickable board: its message, and the cell buttons whose ``custom_id`` names the game
and the cell.

Cells are ``discord.ui.DynamicItem`` s registered with ``bot.add_dynamic_items`` at start-up:
the ``custom_id`` ("ttt:<game>:<row>:<col>", 0-based) carries all a click needs, so a board
posted before a restart still works after it. A click raises to refuse or fail; ``GameButton``
hands the error to ``interactions.answer_error``. Which buttons a board shows is its kind's
(``bot.discord_bot.variants``, one view per variant, registered with ``register_view``). A
game has one live board: ``replace_board`` remembers a newly posted (or clicked) board and
strips the previous one, ``disable_board`` greys out a finished game's, and both go through
``edit_board``. Why: docs/decisions.md.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.discord_bot.interactions import GameButton, channel_id, describe, private_locale
from bot.discord_bot.messages import edit_message
from bot.discord_bot.texts import BOARD_LATE, NOT_YOUR_BOARD
from bot.engine import Move, Player
from bot.games import Game, GameKind, GameOverError, NotYourGameError, StorageError
from bot.games.render.boards import describe_reply, render_emoji
from bot.games.render.glyphs import EMOJI_MARK
from bot.games.sentences import not_your_game
from bot.i18n import _, current_locale

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

    def __init__(self, game_id: int, move: Move, *, row: int | None = None) -> None:
        """The cell ``move`` of game ``game_id``, on the view's ``row`` (0-4; None: the next
        free one), labelled with its coordinates until ``show`` dresses it."""
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            custom_id=CUSTOM_ID.format(game=game_id, row=move.row, col=move.col),
            style=discord.ButtonStyle.secondary,
            label=cell_label(move),
            row=row,
        )
        super().__init__(button)
        self.game_id = game_id
        self.move = move

    @classmethod
    def from_match(cls, match: re.Match[str]) -> CellButton:
        return cls(int(match["game"]), Move(int(match["row"]), int(match["col"])))

    def show(self, mark: Player | None, *, playable: bool) -> CellButton:
        """Show the cell as it stands: its mark (disabled), else clickable when ``playable``."""
        if mark is not None:
            self.item.label = None
            self.item.emoji = EMOJI_MARK[mark]
        self.item.disabled = mark is not None or not playable
        return self

    async def check(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Let only the game's member play; everyone else gets a private, friendly refusal.

        Anything else (a finished game, a stale board) is for ``clicked``, so the service
        gives the one answer for it.
        """
        await check_seat(interaction, self.game_id)

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Play the cell and edit the board in place."""
        bot = interaction.client  # acknowledged already (GameButton.interaction_check)
        try:
            reply = await bot.service.move(
                channel_id=channel_id(interaction),
                member_id=interaction.user.id,
                move=self.move,
                game_id=self.game_id,
                owe_board=True,
            )
        except GameOverError:
            await self._retire_stale_board(interaction)
            raise
        bot.metrics.played(reply)
        game = reply.game

        async def edit() -> int:
            message = await interaction.edit_original_response(
                content=board_content(game, describe_reply(reply)), view=board_view(game)
            )
            return message.id

        # The clicked board may be an older copy that kept its buttons (stripping it failed):
        # it is the live one now, and the newer copy must not stay clickable.
        if not await show_board(bot, game, edit):
            await tell_late(interaction)

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


async def check_seat(interaction: discord.Interaction[TicTacToeBot], game_id: int) -> None:
    """Refuse a click by anyone without a seat in the running game, privately."""
    game = await interaction.client.service.get(game_id)
    if game is not None and game.is_active and game.seat_of(interaction.user.id) is None:
        if game.is_duel:
            raise not_your_game(game)
        raise NotYourGameError(NOT_YOUR_BOARD, owner=game.member.name)


BoardView = Callable[[Game], discord.ui.View]
"""A variant's board: the buttons under a game's message (``bot.discord_bot.variants``)."""

_VIEWS: dict[GameKind, BoardView] = {}


def register_view(kind: GameKind, view: BoardView) -> None:
    """Make ``view`` the buttons of every board of ``kind``."""
    _VIEWS[kind] = view


async def tell_late(interaction: discord.Interaction[TicTacToeBot]) -> None:
    """Tell the member privately that their move is saved and its board will follow (never
    to try again: it was saved); Discord may refuse this too, which is only logged."""
    current_locale.set(private_locale(interaction))
    try:
        await interaction.followup.send(_(BOARD_LATE), ephemeral=True)
    except discord.HTTPException as error:
        log.info("Could not say the board of %s is late: %s", describe(interaction), error)


def board_view(game: Game) -> discord.ui.View:
    """The buttons under the game's board, as its variant lays them out."""
    return _VIEWS[game.kind](game)


async def show_board(
    bot: TicTacToeBot, game: Game, show: Callable[[], Awaitable[int | None]]
) -> bool:
    """Show ``game``'s board by ``show`` (a post, an interaction's answer: the message's id)
    and make it the game's live board (``show`` returning None: shown, by a message that is
    not the live board, such as a resignation's answer). False, logged, when Discord refused
    or failed even
    after discord.py's retries: the board stays owed (``service.boards``) and the deliveries'
    sweep shows it later; never raises for that, the move being saved."""
    bot.boards_in_flight.add(game.id)
    try:
        message_id = await show()
    except discord.HTTPException as error:
        log.warning("The board of game %s is late (%s): it will be delivered.", game.id, error)
        return False
    finally:
        bot.boards_in_flight.discard(game.id)
    try:
        if message_id is None:
            await bot.service.boards.shown(game.id, game.version)
        else:
            await replace_board(bot, game, message_id)
    except StorageError as error:
        # Shown: saying otherwise ("please try again") would have the member play again. The
        # board stays owed; the sweep finds this message showing it (``cogs.deliveries``).
        log.warning(
            "The board of game %s is shown but could not be recorded (%s): the deliveries "
            "will find it.",
            game.id,
            error,
        )
    return True


async def post_board(bot: TicTacToeBot, game: Game, headline: str = "") -> bool:
    """Post the game's board in its channel as a new message, the game's one live board;
    False if it is late (``show_board``)."""
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)

    async def post() -> int:
        message = await channel.send(board_content(game, headline), view=board_view(game))
        return message.id

    return await show_board(bot, game, post)


GAME_ID = re.compile(r"^tt[tu](?:-rematch)?:(?P<game>[0-9]+)(?::|$)")
"""The game a board's button belongs to, in its ``custom_id`` (a cell, a small board of
ultimate, a rematch)."""


def shows_game(message: discord.Message, game_id: int) -> bool:
    """Whether ``message`` carries a button of game ``game_id``'s board."""
    for row in message.components:
        for child in getattr(row, "children", ()):
            found = GAME_ID.match(str(getattr(child, "custom_id", None) or ""))
            if found is not None and int(found["game"]) == game_id:
                return True
    return False


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
    """Make ``message_id``, now showing ``game``, the game's one live board: remember it, strip
    the previous one, and the board is no longer owed (``service.boards``)."""
    previous = game.message_id
    if previous != message_id:
        await bot.service.boards.attach(game.id, message_id)
    await bot.service.boards.shown(game.id, game.version)
    if previous is not None and previous != message_id:
        await edit_board(
            bot,
            channel_id=game.channel_id,
            guild_id=game.guild_id,
            message_id=previous,
            view=None,
        )
