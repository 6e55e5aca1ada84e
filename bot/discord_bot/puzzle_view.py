"""A puzzle as a private Components V2 message: a container coloured by how the attempt stands
(running, solved, missed), the title and task, the board's cells as buttons, and what the last
move did; Next puzzle once it is over.

The cells and Next are ``DynamicItem`` s whose ``custom_id`` carries the attempt
("ttp:<attempt>:<row>:<col>", "ttp-next:<attempt>"), so a puzzle shown before a restart still
plays after it; the attempt itself is always read from the service. A click is acknowledged at
once (``GameButton``) and answered by editing the private message in place. The message is
laid out as a game's board is (``board_view.v2_message``, its colours ``board_view.ACCENT``;
Components V2: at most 40 components, a 5x5 board's 25 cells in five rows included). Why:
docs/puzzles.md.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord

from bot.discord_bot.board_view import ACCENT, button_row, cell_label, v2_message
from bot.discord_bot.interactions import GameButton, private_locale
from bot.engine import Move
from bot.games.puzzles import AttemptStatus, PuzzleBoard, PuzzleReply
from bot.games.puzzles.render import notes, puzzle_task, puzzle_title, status
from bot.games.puzzles.sentences import PuzzleOverError
from bot.games.render.glyphs import EMOJI_MARK
from bot.i18n import N_, _, current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

CELL = "ttp:{attempt}:{row}:{col}"
CELL_TEMPLATE = r"ttp:(?P<attempt>[0-9]+):(?P<row>[0-9]):(?P<col>[0-9])"
NEXT = "ttp-next:{attempt}"
NEXT_TEMPLATE = r"ttp-next:(?P<attempt>[0-9]+)"

PUZZLE_ACCENT = {
    AttemptStatus.RUNNING: ACCENT["member"],
    AttemptStatus.SOLVED: ACCENT["won"],
    AttemptStatus.MISSED: ACCENT["lost"],
    AttemptStatus.SET_ASIDE: ACCENT["over"],
}
"""The container's accent: how the attempt stands, in a board's colours (the member's turn,
won, lost, set aside)."""

# TRANSLATORS: a button under a finished puzzle (80 characters at most)
NEXT_LABEL = N_("Next puzzle")


class PuzzleCell(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=CELL_TEMPLATE,
):
    """One cell of one attempt's board: a click plays it."""

    def __init__(self, attempt_id: int, move: Move) -> None:
        button: discord.ui.Button[discord.ui.LayoutView] = discord.ui.Button(
            custom_id=CELL.format(attempt=attempt_id, row=move.row, col=move.col),
            style=discord.ButtonStyle.secondary,
            label=cell_label(move),
        )
        super().__init__(button)
        self.attempt_id = attempt_id
        self.move = move

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PuzzleCell:
        return cls(int(match["attempt"]), Move(int(match["row"]), int(match["col"])))

    def show(self, board: PuzzleBoard, *, running: bool, last: Move | None) -> PuzzleCell:
        """The cell as it stands: its mark (disabled; the winning line green, the bot's last
        answer blue), else clickable while the puzzle runs."""
        mark = board.at(self.move)
        if mark is not None:
            self.item.label = None
            self.item.emoji = EMOJI_MARK[mark]
            if self.move in (board.winning_cells or ()):
                self.item.style = discord.ButtonStyle.success
            elif self.move == last:
                self.item.style = discord.ButtonStyle.primary
        self.item.disabled = mark is not None or not running
        return self

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Play the cell and show the puzzle as it now stands; on a puzzle that is over, show
        it as it ended, then say so. An attempt at a daily puzzle that ends dispatches
        ``daily_attempt_finished`` (server id, day), so the day's post counts its solvers."""
        current_locale.set(private_locale(interaction))
        puzzles = interaction.client.service.puzzles
        try:
            reply = await puzzles.move(
                member_id=interaction.user.id, move=self.move, attempt_id=self.attempt_id
            )
        except PuzzleOverError:
            ended = await puzzles.attempt(attempt_id=self.attempt_id, member_id=interaction.user.id)
            await interaction.edit_original_response(view=puzzle_view(ended))
            raise
        await interaction.edit_original_response(view=puzzle_view(reply))
        guild_id, day = reply.attempt.guild_id, reply.attempt.daily
        if reply.finished is not None and guild_id is not None and day is not None:
            interaction.client.dispatch("daily_attempt_finished", guild_id, day)


class NextPuzzle(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=NEXT_TEMPLATE,
):
    """Under a finished puzzle: a new one near the member's rating, in the same message."""

    def __init__(self, attempt_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=NEXT.format(attempt=attempt_id),
                style=discord.ButtonStyle.primary,
                label=_(NEXT_LABEL),
            )
        )
        self.attempt_id = attempt_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> NextPuzzle:
        return cls(int(match["attempt"]))

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        current_locale.set(private_locale(interaction))
        user = interaction.user
        reply = await interaction.client.service.puzzles.serve(
            member_id=user.id,
            member_name=user.display_name,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
        )
        await interaction.edit_original_response(view=puzzle_view(reply))


def puzzle_view(reply: PuzzleReply) -> discord.ui.LayoutView:
    """The attempt as a Components V2 message, in the current locale."""
    attempt, puzzle = reply.attempt, reply.puzzle
    board = reply.board
    running = attempt.is_running
    head = [
        f"### \U0001f9e9 {puzzle_title(puzzle, reply.rating.rating)}",
        puzzle_task(puzzle, plain=False),
    ]
    said = notes(reply)
    if said:
        head.insert(0, f"-# {said}")
    items: list[discord.ui.Item[discord.ui.LayoutView]] = [
        discord.ui.TextDisplay("\n".join(head)),
        discord.ui.Separator(),
    ]
    last = attempt.moves[-1] if attempt.moves and len(attempt.moves) % 2 == 0 else None
    for row in range(puzzle.size):
        cells = (PuzzleCell(attempt.id, Move(row, col)) for col in range(puzzle.size))
        items.append(button_row(*(cell.show(board, running=running, last=last) for cell in cells)))
    text = status(reply, plain=False)
    if text:
        items += [discord.ui.Separator(), discord.ui.TextDisplay(text)]
    if not running:
        items.append(button_row(NextPuzzle(attempt.id)))
    return v2_message(*items, accent=PUZZLE_ACCENT[attempt.status])
