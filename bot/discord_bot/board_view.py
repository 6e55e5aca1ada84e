"""The clickable board: one Components V2 message per board, and the cell buttons whose
``custom_id`` names the game and the cell.

A board is a container whose accent colour says how the game stands (``ACCENT``): what just
happened, the title, the emoji board and the status as text, then the cells as buttons and
Resign, Hint and Rematch (``bot.discord_bot.controls``). Which buttons a board shows is its
kind's (``bot.discord_bot.variants``, one layout per variant, listed there with
``register_layouts``). Cells are ``discord.ui.DynamicItem`` s registered with
``bot.add_dynamic_items`` at start-up: the ``custom_id`` ("ttt:<game>:<row>:<col>", 0-based)
carries all a click needs, so a board posted before a restart (even before boards were V2
messages) still works after it. A click raises to refuse or fail; ``GameButton`` hands the
error to ``interactions.answer_error``. A game has one live board: ``replace_board`` remembers
a newly posted (or clicked) board and retires the previous one (its text, no buttons),
``disable_board`` shows a finished game's last board, and both go through ``edit_board``.
Why: docs/decisions.md.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_bot.interactions import GameButton, channel_id, describe, private_locale
from bot.discord_bot.messages import edit_message
from bot.discord_bot.texts import BOARD_LATE, NOT_YOUR_BOARD
from bot.engine import Move, Player
from bot.games import Game, GameError, GameKind, GameOverError, NotYourGameError, Status
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
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=TEMPLATE,
):
    """One cell of one game's board. A click by the game's member plays that cell."""

    def __init__(self, game_id: int, move: Move) -> None:
        """The cell ``move`` of game ``game_id``, labelled with its coordinates until ``show``
        dresses it."""
        button: discord.ui.Button[discord.ui.LayoutView] = discord.ui.Button(
            custom_id=CUSTOM_ID.format(game=game_id, row=move.row, col=move.col),
            style=discord.ButtonStyle.secondary,
            label=cell_label(move),
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
            await retire_stale_board(interaction, self.game_id)
            raise
        bot.metrics.played(reply)
        game = reply.game

        async def edit() -> int:
            message = await interaction.edit_original_response(
                content=None, view=board_message(game, describe_reply(reply))
            )
            return message.id

        # The clicked board may be an older copy that kept its buttons (stripping it failed):
        # it is the live one now, and the newer copy must not stay clickable.
        if not await show_board(bot, game, edit):
            await tell_late(interaction)


async def retire_stale_board(interaction: discord.Interaction[TicTacToeBot], game_id: int) -> None:
    """Show game ``game_id``'s last board on the clicked message, a finished game's leftover
    buttons disabled, so nobody else clicks into the void. The click's own answer (it was
    acknowledged), so it works where the bot only answers; Discord refusing is only logged."""
    game = await interaction.client.service.get(game_id)
    if game is None:  # never stored: nothing to show instead
        return
    try:
        await interaction.edit_original_response(content=None, view=board_message(game))
    except discord.HTTPException as error:
        log.info("Could not retire the stale board of game %s: %s", game_id, error)


async def check_seat(interaction: discord.Interaction[TicTacToeBot], game_id: int) -> None:
    """Refuse a click by anyone without a seat in the running game, privately."""
    game = await interaction.client.service.get(game_id)
    if game is not None and game.is_active and game.seat_of(interaction.user.id) is None:
        if game.is_duel:
            raise not_your_game(game)
        raise NotYourGameError(NOT_YOUR_BOARD, owner=game.member.name)


BoardRows = Callable[[Game, int | None], list[discord.ui.Item[discord.ui.LayoutView]]]
"""A variant's buttons under a board's text (``bot.discord_bot.variants``): its cells and the
controls, for the game and the variant's own choice on the way to a move (ultimate: the small
board picked, None before)."""



@dataclass(frozen=True, slots=True)
class BoardLayout:
    """A kind of game's board on Discord: its ``rows`` of buttons, and the ``items`` of its own
    that ``add_dynamic_items`` must know (the cells and controls are every kind's)."""

    kind: GameKind
    rows: BoardRows
    items: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()


_LAYOUTS: dict[GameKind, BoardLayout] = {}


def button_row(*buttons: discord.ui.Item[Any]) -> discord.ui.ActionRow[discord.ui.LayoutView]:
    """One row of a board's buttons (``DynamicItem`` s, typed for either kind of view)."""
    row: discord.ui.ActionRow[discord.ui.LayoutView] = discord.ui.ActionRow()
    for button in buttons:
        row.add_item(button)
    return row


def register_layouts(*layouts: BoardLayout) -> tuple[BoardLayout, ...]:
    """Make each of ``layouts`` the buttons of every board of its kind (the one list is
    ``bot.discord_bot.variants.LAYOUTS``); returns them."""
    _LAYOUTS.update({layout.kind: layout for layout in layouts})
    return layouts


ACCENT: dict[str, int] = {
    "member": 0x5865F2,  # a member's turn: Discord's blurple
    "waiting": 0xFEE75C,  # the bot's turn (thinking), or in a duel the second player's
    "won": 0x57F287,
    "lost": 0xED4245,
    "drawn": 0x99AAB5,
    "over": 0x4E5058,  # expired, set aside
}
"""The container's accent colour for each way a game stands."""


def accent(game: Game) -> int:
    """The board's accent colour: whose turn it is, or how the game ended (a duel's end is
    "won", whoever won it; a resignation is the member's loss or a duel's win)."""
    status = game.status
    if status is Status.ACTIVE:
        seat = game.to_move_seat
        first_mover = game.x
        mover_is_member = seat is not None and not seat.is_bot
        if mover_is_member and (not game.is_duel or seat == first_mover):
            return ACCENT["member"]
        return ACCENT["waiting"]
    if status is Status.DRAWN:
        return ACCENT["drawn"]
    if status is Status.EXPIRED:
        return ACCENT["over"]
    if status is Status.LOST or (status is Status.RESIGNED and not game.is_duel):
        return ACCENT["lost"]
    return ACCENT["won"]


def board_message(
    game: Game, headline: str = "", *, choice: int | None = None, live: bool = True
) -> discord.ui.LayoutView:
    """The game's board as one V2 message: ``headline`` (what just happened) and the game's
    text (title, emoji board, status), then, while ``live``, its buttons (the variant's, for
    ``choice``); a retired board (``live`` False) is its text alone."""
    texts: list[discord.ui.Item[discord.ui.LayoutView]] = []
    if headline:
        texts.append(discord.ui.TextDisplay(headline))
    texts.append(discord.ui.TextDisplay(render_emoji(game)))
    rows = _LAYOUTS[game.kind].rows(game, choice) if live else []
    return v2_message(*texts, *rows, accent=accent(game))


def v2_message(
    *items: discord.ui.Item[discord.ui.LayoutView], accent: int
) -> discord.ui.LayoutView:
    """One Components V2 message: ``items`` (texts, separators, rows of buttons) in a
    container whose edge is ``accent``, as every board is (and a puzzle, a daily post)."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*items, accent_colour=accent))
    return view


def board_text(game: Game, headline: str = "") -> str:
    """The text a board message shows: what just happened (if anything), board and status
    (how a post of it is recognised in a channel's history)."""
    board = render_emoji(game)
    return f"{headline}\n{board}" if headline else board


async def tell_late(interaction: discord.Interaction[TicTacToeBot]) -> None:
    """Tell the member privately that their move is saved and its board will follow (never
    to try again: it was saved); Discord may refuse this too, which is only logged."""
    current_locale.set(private_locale(interaction))
    try:
        await interaction.followup.send(_(BOARD_LATE), ephemeral=True)
    except discord.HTTPException as error:
        log.info("Could not say the board of %s is late: %s", describe(interaction), error)


async def show_board(
    bot: TicTacToeBot, game: Game, show: Callable[[], Awaitable[int | None]]
) -> bool:
    """Show ``game``'s board by ``show`` (a post, an interaction's answer: the message's id)
    and make it the game's live board (``show`` returning None: shown, by a message that is
    not the live board, such as a resignation's answer). False, logged, when Discord refused
    or failed even after discord.py's retries: the board stays owed (``service.boards``),
    and the deliveries' sweep shows it within seconds; never raises for that, the move
    being saved."""
    bot.boards_in_flight.add(game.id)
    try:
        message_id = await show()
    except discord.HTTPException as error:
        log.warning("The board of game %s is late (%s): it will be delivered.", game.id, error)
        try:
            await bot.service.boards.failed(game.id, game.version)
        except GameError as failure:  # the sweep still tries it, at its first try
            log.warning("Could not note the board of game %s as late: %s", game.id, failure)
        return False
    finally:
        bot.boards_in_flight.discard(game.id)
    if message_id is None:
        try:
            await bot.service.boards.shown(game.id, game.version)
        except GameError as error:
            log.warning("Could not note the board of game %s as shown: %s", game.id, error)
    else:
        await replace_board(bot, game, message_id)
    return True


GAME_ID = re.compile(r"^tt[tu](?:-rematch|-resign|-hint)?:(?P<game>[0-9]+)(?::|$)")
"""The game a board's button belongs to, in its ``custom_id`` (a cell, a control, or a layout's
own button whose id starts ``ttu:``, as ultimate's small boards' do)."""


def shows_game(message: discord.Message, game_id: int) -> bool:
    """Whether ``message`` carries a button of game ``game_id``'s board."""
    return any(
        (found := GAME_ID.match(custom_id)) is not None and int(found["game"]) == game_id
        for custom_id in custom_ids(message.components)
    )


def message_text(message: discord.Message) -> str:
    """What a message reads: its content, or a V2 message's text displays, in order."""
    texts = [message.content] if message.content else []
    texts += [item.content for item in walk(message.components) if hasattr(item, "content")]
    return "\n".join(str(text) for text in texts)


def walk(components: Sequence[object]) -> Iterator[object]:
    """Every component of a message, nested ones (a container's, a row's) included."""
    for component in components:
        yield component
        yield from walk(getattr(component, "children", ()) or ())


def custom_ids(components: Sequence[object]) -> list[str]:
    """The ``custom_id`` of every button (or other item) among ``components``."""
    return [
        str(getattr(item, "custom_id", None))
        for item in walk(components)
        if getattr(item, "custom_id", None)
    ]


async def edit_board(
    bot: discord.Client,
    *,
    channel_id: int,
    guild_id: int | None,
    message_id: int,
    view: discord.ui.LayoutView | None,
) -> None:
    """Make a board posted earlier show ``view`` (a board message; a V1 board of before is
    turned into one, its text cleared).

    Never raises for Discord's refusals (a deleted message, a channel the bot can no longer
    see, Discord failing): they are logged and skipped.
    """
    await edit_message(
        bot, channel_id=channel_id, guild_id=guild_id, message_id=message_id, view=view
    )


async def disable_board(bot: TicTacToeBot, game: Game) -> None:
    """Show a finished or expired game's last board (its cells disabled, Rematch where it
    is decided) on its live board message; where the bot only answers (``answers_only``)
    that message waits for the next click on it, which shows the game over."""
    if game.message_id is not None and not game.answers_only:
        await edit_board(
            bot,
            channel_id=game.channel_id,
            guild_id=game.guild_id,
            message_id=game.message_id,
            view=board_message(game),
        )


async def replace_board(bot: TicTacToeBot, game: Game, message_id: int) -> None:
    """Make ``message_id``, now showing ``game``, the game's one live board: remember it, strip
    the previous one, and the board is no longer owed (``service.boards``). The board is on
    the screen already, so a store failing here is only logged (never "try again": the move
    is saved): the board stays owed, and the deliveries' sweep finds this message showing it
    (``cogs.deliveries``), so it is not shown twice. Where the bot only answers
    (``answers_only``) the previous board keeps its buttons: a click on it plays the same game
    and shows it there."""
    previous = game.message_id
    try:
        if previous != message_id:
            await bot.service.boards.attach(game.id, message_id)
        await bot.service.boards.shown(game.id, game.version)
    except GameError as error:
        log.warning("Could not note the board of game %s as shown: %s", game.id, error)
        return
    if previous is not None and previous != message_id and not game.answers_only:  # retired
        await edit_board(
            bot,
            channel_id=game.channel_id,
            guild_id=game.guild_id,
            message_id=previous,
            view=board_message(game, live=False),
        )
