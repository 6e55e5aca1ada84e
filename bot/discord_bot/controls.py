"""The controls under every board: Resign, Hint and Rematch, one row, on every size.

``DynamicItem`` s like the cells: the ``custom_id`` ("ttt-resign:<game>", "ttt-hint:<game>",
"ttt-rematch:<game>") carries the game, so they work after a restart. Resign and Hint act on
that game only, while it runs (a stale board's controls say it is over); Hint answers
privately, and is off in a duel (the engine would play for one of them); Rematch comes once
the game is decided (``bot.discord_bot.duel_views``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord

from bot.discord_bot.board_view import (
    board_message,
    button_row,
    check_seat,
    retire_stale_board,
    show_board,
)
from bot.discord_bot.duel_views import RematchButton
from bot.discord_bot.interactions import GameButton, channel_id, private_locale
from bot.discord_bot.texts import spelling
from bot.games import Game, GameOverError, Status, TooEarlyToSolveError
from bot.i18n import _, current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

DECIDED = (Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED)
"""The statuses a rematch follows (not an expired game)."""


class ResignButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=r"ttt-resign:(?P<game>[0-9]+)",
):
    """Give up this board's game (a loss once the member moved), as ``/tictactoe resign``."""

    def __init__(self, game_id: int, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"ttt-resign:{game_id}",
                # TRANSLATORS: a board's button (80 characters at most): give the game up
                label=_("Resign"),
                style=discord.ButtonStyle.danger,
                disabled=disabled,
            )
        )
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ResignButton:
        return cls(int(match["game"]))

    async def check(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        await check_seat(interaction, self.game_id)

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Resign and show the final board in place."""
        bot = interaction.client
        try:
            game = await bot.service.resign(
                channel_id=channel_id(interaction),
                member_id=interaction.user.id,
                game_id=self.game_id,
                owe_board=True,
            )
        except GameOverError:
            await retire_stale_board(interaction, self.game_id)
            raise
        bot.metrics.ended(game)

        async def edit() -> int:
            message = await interaction.edit_original_response(
                content=None, view=board_message(game)
            )
            return message.id

        await show_board(bot, game, edit)


class HintButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=r"ttt-hint:(?P<game>[0-9]+)",
):
    """The engine's hint for the member to move, privately, as ``/tictactoe hint``."""

    def __init__(self, game_id: int, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"ttt-hint:{game_id}",
                # TRANSLATORS: a board's button (80 characters at most): ask for a hint
                label=_("Hint"),
                style=discord.ButtonStyle.primary,
                disabled=disabled,
            )
        )
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> HintButton:
        return cls(int(match["game"]))

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Answer privately with the hint (or the estimate, on an early 5x5 position)."""
        bot = interaction.client
        current_locale.set(private_locale(interaction))
        try:
            hint = await bot.service.hint(
                channel_id=channel_id(interaction),
                member_id=interaction.user.id,
                game_id=self.game_id,
            )
        except GameOverError:
            await retire_stale_board(interaction, self.game_id)
            raise
        except TooEarlyToSolveError as early:
            text = early.game.variant.renderer.estimate(early, spelling(bot.prefix), plain=False)
        else:
            text = hint.game.variant.renderer.hint(hint)
        await interaction.followup.send(text, ephemeral=True)


def controls(game: Game) -> discord.ui.ActionRow[discord.ui.LayoutView]:
    """Resign and Hint while the game runs (Hint not in a duel), Rematch once it is
    decided (not in an arena, which pairs its members itself): always the three, disabled
    where they do nothing."""
    running = game.is_active
    rematch = game.status in DECIDED and game.arena_id is None
    return button_row(
        ResignButton(game.id, disabled=not running),
        HintButton(game.id, disabled=not running or game.is_duel),
        RematchButton(game.id, disabled=not rematch),
    )
