"""The daily server puzzle's public post: a Components V2 message with the day's puzzle, how many
solved it, and a Solve button that opens it privately; the next day's post reveals the
previous solution, and the previous post is closed (its Solve disabled, its solution shown).

Solve is a ``DynamicItem`` ("ttd:<server>:<yyyymmdd>"), so a post made before a restart still
opens its puzzle after it. The post is in the server's language; the attempt Solve opens is the
member's, in theirs.
"""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING

import discord

from bot.discord_bot.board_view import button_row, v2_message
from bot.discord_bot.interactions import GameButton, private_locale
from bot.discord_bot.locales import guild_locale
from bot.discord_bot.messages import edit_message
from bot.discord_bot.puzzle_view import puzzle_view
from bot.games.puzzles import DailyPlan
from bot.games.puzzles.render import (
    daily_invitation,
    daily_reveal,
    daily_solvers,
    daily_title,
    puzzle_grid,
    puzzle_task,
    puzzle_title,
    solution,
)
from bot.games.wording import join_sentences
from bot.i18n import N_, _, current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

SOLVE = "ttd:{guild}:{day}"
SOLVE_TEMPLATE = r"ttd:(?P<guild>[0-9]+):(?P<day>[0-9]{8})"

GOLD = 0xF1C40F
"""The daily post's accent (a board's are ``board_view.ACCENT``)."""

# TRANSLATORS: the daily puzzle post's button (80 characters at most)
SOLVE_LABEL = N_("Solve")


def day_key(day: date) -> str:
    """A day as the button carries it: "20261128"."""
    return day.strftime("%Y%m%d")


class SolveButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=SOLVE_TEMPLATE,
):
    """The daily post's Solve: the day's puzzle, privately, for whoever clicks."""

    def __init__(self, guild_id: int, day: date, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=SOLVE.format(guild=guild_id, day=day_key(day)),
                style=discord.ButtonStyle.success,
                label=_(SOLVE_LABEL),
                emoji="\U0001f9e9",
                disabled=disabled,
            )
        )
        self.guild_id = guild_id
        self.day = day

    @classmethod
    def from_match(cls, match: re.Match[str]) -> SolveButton:
        text = match["day"]
        return cls(int(match["guild"]), date(int(text[:4]), int(text[4:6]), int(text[6:])))

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Open the puzzle in a message only the member sees."""
        current_locale.set(private_locale(interaction))
        user = interaction.user
        reply = await interaction.client.service.puzzles.daily.solve(
            guild_id=self.guild_id,
            day=self.day,
            member_id=user.id,
            member_name=user.display_name,
            channel_id=interaction.channel_id or 0,
        )
        await interaction.followup.send(view=puzzle_view(reply), ephemeral=True)


def daily_view(plan: DailyPlan, *, over: bool) -> discord.ui.LayoutView:
    """The post of ``plan`` in the current locale: live (Solve, the solvers so far) or
    ``over`` (Solve disabled, the solution shown), with the previous post's solution."""
    post, puzzle = plan.post, plan.puzzle
    head = [
        f"## \U0001f9e9 {daily_title(post.day)}",
        puzzle_title(puzzle, puzzle.rating),
        puzzle_task(puzzle, plain=False),
    ]
    if over:
        said = join_sentences([daily_solvers(post, over=True), solution(puzzle, plain=False)])
    else:
        said = join_sentences([daily_solvers(post, over=False), daily_invitation()])
    items: list[discord.ui.Item[discord.ui.LayoutView]] = [
        discord.ui.TextDisplay("\n".join(head)),
        discord.ui.TextDisplay("\n".join(puzzle_grid(puzzle.board, plain=False))),
        discord.ui.TextDisplay(said),
        button_row(SolveButton(post.guild_id, post.day, disabled=over)),
    ]
    if plan.previous is not None and plan.previous_puzzle is not None and not over:
        reveal = daily_reveal(plan.previous, plan.previous_puzzle)
        items += [discord.ui.Separator(), discord.ui.TextDisplay(f"-# {reveal}")]
    return v2_message(*items, accent=GOLD)


async def edit_post(bot: TicTacToeBot, plan: DailyPlan, *, over: bool) -> None:
    """Show the post of ``plan`` as it now stands (its solvers counted), in the server's
    language; Discord's refusals are logged, never raised (the post is a courtesy)."""
    post = plan.post
    if post.message_id is None:
        return
    current_locale.set(await guild_locale(bot, post.guild_id))
    await edit_message(
        bot,
        channel_id=post.channel_id,
        guild_id=post.guild_id,
        message_id=post.message_id,
        view=daily_view(plan, over=over),
    )
