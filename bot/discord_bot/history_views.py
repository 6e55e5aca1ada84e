"""Looking back on Discord: a member's history with Newer and Older buttons, and a review's
animated replay as the file attached to it.

The buttons are ``DynamicItem`` s registered at start-up like the board's cells: the
``custom_id`` ("ttt-history:<viewer>:<member>:<newer|older>:<game id>") carries who asked,
whose history, which way and from which game, so a page shown before a restart still turns
after it. The page is read in the server the click comes from, as the command read it. A
history is private: Discord shows it, buttons included, only to the member who asked, and
``check`` refuses anyone else too (privately; nothing changes) should the buttons reach them.
"""

from __future__ import annotations

import asyncio
import io
import re
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.discord_bot.interactions import GameButton, in_time, private_locale, respond
from bot.discord_bot.texts import NOT_YOUR_HISTORY
from bot.games import GameError, HistoryPage, Review
from bot.games.render.history import render_history
from bot.i18n import N_, _, current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

TEMPLATE = (
    r"ttt-history:(?P<viewer>[0-9]+):(?P<member>[0-9]+):(?P<way>newer|older):(?P<anchor>[0-9]+)"
)
WAYS = {
    # TRANSLATORS: a history page's button (80 characters at most): the newer games
    "newer": N_("◀ Newer"),
    # TRANSLATORS: a history page's button (80 characters at most): the older games
    "older": N_("Older ▶"),
}
"""Each way's label, in the order the buttons stand (the page lists the newest game first)."""


class HistoryButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=TEMPLATE,
):
    """Turn a history page: ``newer`` shows the games after game ``anchor``, ``older`` those
    before it; only ``viewer``, the member who asked, may click."""

    def __init__(
        self, viewer: int, member: int, way: str, anchor: int, *, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"ttt-history:{viewer}:{member}:{way}:{anchor}",
                label=_(WAYS[way]),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
            )
        )
        self.viewer = viewer
        self.member = member
        self.way = way
        self.anchor = anchor

    @classmethod
    def from_match(cls, match: re.Match[str]) -> HistoryButton:
        return cls(int(match["viewer"]), int(match["member"]), match["way"], int(match["anchor"]))

    async def check(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Only the member who asked for the history turns its pages."""
        if interaction.user.id != self.viewer:
            raise GameError(NOT_YOUR_HISTORY)

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Show the next page that way in the same message (private: the member's locale)."""
        current_locale.set(private_locale(interaction))
        older = self.way == "older"
        page = await interaction.client.service.history.page(
            member_id=self.member,
            guild_id=interaction.guild_id,
            before_id=self.anchor if older else None,
            after_id=None if older else self.anchor,
        )
        if self.member == interaction.user.id:  # the name they go by now, as on page one
            page = replace(page, name=interaction.user.display_name)
        await interaction.edit_original_response(
            content=render_history(page), view=history_view(page, self.viewer)
        )


def history_view(page: HistoryPage, viewer: int) -> discord.ui.View | None:
    """Newer and Older for ``viewer``, each disabled where no page lies that way; None when
    neither does (one page: nothing to turn)."""
    if not (page.older or page.newer):
        return None
    anchors = {"newer": page.newer_after_id, "older": page.older_before_id}
    view = discord.ui.View(timeout=None)
    for way, anchor in anchors.items():
        button = HistoryButton(viewer, page.member_id, way, anchor or 0, disabled=anchor is None)
        view.add_item(button)
    return view


async def send_history(
    interaction: discord.Interaction[TicTacToeBot], member: discord.abc.User
) -> None:
    """Answer privately with the newest page of ``member``'s games in this server, under the
    name they go by now, with the buttons to turn it."""
    page = await in_time(
        interaction,
        interaction.client.service.history.page(member_id=member.id, guild_id=interaction.guild_id),
        ephemeral=True,
    )
    page = replace(page, name=member.display_name)
    view = history_view(page, interaction.user.id)
    await respond(interaction, render_history(page), view=view, ephemeral=True)


async def replay_file(review: Review) -> discord.File:
    """The reviewed game as an animated GIF named after it ("game-12.gif"), its mistakes and
    blunders marked; drawn in a worker thread (a 5x5 game takes a moment)."""
    image = await asyncio.to_thread(review.game.variant.renderer.replay, review)
    return discord.File(io.BytesIO(image), filename=f"game-{review.game.id}.gif")
