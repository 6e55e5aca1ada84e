"""An arena's message: a Components V2 post with its title, rules, time, the standings as they
stand and Join / Leave, edited as results come in; and the final standings' post.

Join and Leave are ``DynamicItem`` s ("tta:<arena id>:join"), so an arena's message posted
before a restart still works after it. Its moments are Discord timestamps, which each reader
sees in their own time and which count down by themselves.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

import discord

from bot.discord_bot.board_view import button_row, v2_message
from bot.discord_bot.interactions import GameButton, private_locale
from bot.discord_bot.messages import edit_message
from bot.games import Game, GameError
from bot.games.arenas import ArenaState, ArenaStatus, FinalLine
from bot.games.arenas.render import (
    arena_rules,
    arena_title,
    closing_line,
    counts_line,
    ends_line,
    final_lines_text,
    final_title,
    game_intro,
    no_games_played,
    nobody_yet,
    over_line,
    sheet_note,
    standing_lines,
    starts_line,
)
from bot.games.arenas.scoring import standings
from bot.i18n import N_, _, current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

ARENA_ACCENT = 0xE67E22
"""An arena's edge (a board's are ``board_view.ACCENT``, the daily puzzle's gold)."""

SHOWN = 10
"""Standings lines on the arena's message; ``/tictactoe arena standings`` shows them all."""

ACTIONS = {
    # TRANSLATORS: an arena's button (80 characters at most): take part
    "join": (N_("Join"), discord.ButtonStyle.success),
    # TRANSLATORS: an arena's button (80 characters at most): stop being paired (points kept)
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
}


def when(moment: datetime) -> str:
    """A moment as Discord shows it in each reader's time, counting down ("in 20 minutes")."""
    return f"<t:{int(moment.timestamp())}:R>"


def phase(state: ArenaState, now: datetime) -> str:
    """What the message's time line says: waiting, running, closing, or over."""
    arena = state.arena
    if not arena.is_open:
        return "over"
    if now < arena.starts_at:
        return "waiting"
    return "running" if now < arena.ends_at else "closing"


class ArenaButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=r"tta:(?P<id>[0-9]+):(?P<action>join|leave)",
):
    """Join or leave one arena; the answer is private, the message shows the new standings."""

    def __init__(self, arena_id: int, action: str, *, disabled: bool = False) -> None:
        label, style = ACTIONS[action]
        super().__init__(
            discord.ui.Button(
                custom_id=f"tta:{arena_id}:{action}",
                label=_(label),
                style=style,
                disabled=disabled,
            )
        )
        self.arena_id = arena_id
        self.action = action

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ArenaButton:
        return cls(int(match["id"]), match["action"])

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        arenas = interaction.client.service.arenas
        user = interaction.user
        public = current_locale.get()
        try:
            if self.action == "join":
                joined = await arenas.join(
                    arena_id=self.arena_id, member_id=user.id, member_name=user.display_name
                )
                state, said = joined.state, _joined_text(joined.state, joined.already)
            else:
                state = await arenas.leave(arena_id=self.arena_id, member_id=user.id)
                # TRANSLATORS: the private answer to an arena's Leave
                said = N_(
                    "You left the arena: your points stay, a game you are playing still "
                    "counts, and Join brings you back."
                )
        except GameError:
            await _show_as_stored(interaction, self.arena_id)
            raise
        current_locale.set(private_locale(interaction))
        await interaction.followup.send(_(said), ephemeral=True)
        current_locale.set(public)
        await interaction.edit_original_response(view=arena_view(state, discord.utils.utcnow()))


def _joined_text(state: ArenaState, already: bool) -> str:
    """The msgid of the private answer to Join."""
    if already:
        # TRANSLATORS: the private answer to an arena's Join, for a member in it already
        return N_("You are in this arena already: you are paired as soon as an opponent is free.")
    if not state.arena.has_begun(discord.utils.utcnow()):
        # TRANSLATORS: the private answer to an arena's Join before the arena starts
        return N_("You are in: pairing starts when the arena does; watch for your thread here.")
    # TRANSLATORS: the private answer to an arena's Join
    return N_("You are in: you are paired as soon as an opponent is free, in a thread here.")


async def _show_as_stored(interaction: discord.Interaction[TicTacToeBot], arena_id: int) -> None:
    """A refused click leaves the message as the arena stands (an ended one's buttons
    disabled); Discord refusing is ignored: the refusal is what the member must read."""
    try:
        state = await interaction.client.service.arenas.get(arena_id)
        if state is not None:
            await interaction.edit_original_response(view=arena_view(state, discord.utils.utcnow()))
    except (GameError, discord.HTTPException):  # a courtesy; the refusal follows
        return


def arena_view(state: ArenaState, now: datetime) -> discord.ui.LayoutView:
    """The arena's message as ``state`` stands at ``now``, in the current locale."""
    arena = state.arena
    moment = _moment_line(state, now)
    table = _table(state, SHOWN)
    playing = sum(1 for p in state.running)
    items: list[discord.ui.Item[discord.ui.LayoutView]] = [
        discord.ui.TextDisplay(f"## \U0001f3df\ufe0f {arena_title(arena)}\n{arena_rules(arena)}"),
        discord.ui.TextDisplay(f"{moment}\n{counts_line(len(state.entrants), playing)}"),
        discord.ui.Separator(),
        discord.ui.TextDisplay("\n".join(table)),
    ]
    closed = not arena.is_open or now >= arena.ends_at
    items.append(
        button_row(
            ArenaButton(arena.id, "join", disabled=closed),
            ArenaButton(arena.id, "leave", disabled=not arena.is_open),
        )
    )
    return v2_message(*items, accent=ARENA_ACCENT)


def _moment_line(state: ArenaState, now: datetime) -> str:
    """Where the arena stands in time: when it starts, when it ends, closing, or over."""
    arena = state.arena
    stage = phase(state, now)
    if stage == "waiting":
        return starts_line(when(arena.starts_at))
    if stage == "running":
        return ends_line(when(arena.ends_at))
    if stage == "closing":
        return closing_line()
    return over_line(arena.status is ArenaStatus.CANCELLED)


def _table(state: ArenaState, most: int) -> list[str]:
    """The first ``most`` lines of the standings, or the sentence that nobody joined yet."""
    lines = standings(state.entrants)
    return standing_lines(lines, most) if lines else [nobody_yet()]


def standings_view(state: ArenaState) -> discord.ui.LayoutView:
    """Every line of the standings (``/tictactoe arena standings``), without buttons."""
    table = _table(state, len(state.entrants))
    head = f"## \U0001f3df\ufe0f {arena_title(state.arena)}"
    return v2_message(
        discord.ui.TextDisplay(head), discord.ui.TextDisplay("\n".join(table)), accent=ARENA_ACCENT
    )


def final_view(state: ArenaState, lines: Sequence[FinalLine]) -> discord.ui.LayoutView:
    """The final standings' post: the podium first, each member's points, games and
    performance, and each game's points."""
    played = [line for line in lines if line.entrant.games]
    body = "\n".join(final_lines_text(played)) if played else no_games_played()
    items: list[discord.ui.Item[discord.ui.LayoutView]] = [
        discord.ui.TextDisplay(f"## \U0001f3c6 {final_title(state.arena)}"),
        discord.ui.TextDisplay(body),
    ]
    if played:
        items.append(discord.ui.TextDisplay(f"-# {sheet_note()}"))
    return v2_message(*items, accent=ARENA_ACCENT)


async def arena_opening(
    bot: TicTacToeBot, game: Game
) -> tuple[str, discord.AllowedMentions] | None:
    """The headline of an arena game's first board, naming both players (which adds them to
    its thread and tells them), with the mentions that may ping them; None for any other
    board (a game of no arena, or one already moved in)."""
    if game.arena_id is None or game.moves:
        return None
    state = await bot.service.arenas.get(game.arena_id)
    if state is None:
        return None
    x, o = (seat.member_id or 0 for seat in (game.x, game.o))
    headline = game_intro(game, state.arena, f"<@{x}>", f"<@{o}>")
    players = [discord.Object(x), discord.Object(o)]
    return headline, discord.AllowedMentions(everyone=False, roles=False, users=players)


async def edit_arena(bot: TicTacToeBot, state: ArenaState, now: datetime) -> None:
    """Show the arena's message as ``state`` stands; Discord's refusals are logged."""
    arena = state.arena
    if arena.message_id is None:
        return
    await edit_message(
        bot,
        channel_id=arena.channel_id,
        guild_id=arena.guild_id,
        message_id=arena.message_id,
        view=arena_view(state, now),
    )
