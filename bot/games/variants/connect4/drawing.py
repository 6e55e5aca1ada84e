"""Connect Four's board drawn: seven numbered columns of six, in emoji for Discord and in
ASCII for the terminal, and its moves named by their columns.

On Discord X's discs are 🔴 and O's 🟡, an empty cell ⚪; a winning four turns square (🟥,
🟨), so it reads by shape as well as colour. Red and yellow differ in lightness as much as in
hue, so members with red-green colour blindness tell them apart too (docs/decisions.md,
"Connect Four"). In text the discs are X and O (coloured by the terminal's painter), a winning
four ``[X]``, an empty cell ``.``; columns are numbered 1-7 above the board, as moves are typed.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Move, Player
from bot.engine.connect4 import Connect4Board
from bot.engine.position import Position
from bot.games.render.boards import MarkPainter
from bot.games.render.glyphs import keycap
from bot.games.variants.base import narrowed
from bot.i18n import _

EMOJI_DISC = {Player.X: "🔴", Player.O: "🟡"}
EMOJI_WINNING_DISC = {Player.X: "🟥", Player.O: "🟨"}
EMOJI_HOLE = "⚪"  # an empty cell: visible in Discord's light and dark themes alike
TEXT_HOLE = "."


def board_of(position: Position) -> Connect4Board:
    """A Connect Four game's position, as the engine's ``Connect4Board``."""
    return narrowed(position, Connect4Board)


def column_name(move: Move) -> str:
    """A move as a sentence names it: "column 4"."""
    # TRANSLATORS: a winning line, in "I win - column 3 was mine."; in Connect Four, a move
    # ("Best: column 4 - draws.")
    return _("column {column}").format(column=move.col + 1)


def disc(player: Player, *, plain: bool) -> str:
    """A side's disc as a title or a sentence shows it: X or O, else its emoji."""
    return player.value if plain else EMOJI_DISC[player]


def _winning(board: Connect4Board) -> frozenset[Move]:
    outcome = board.outcome
    return frozenset(outcome.winning_cells) if outcome is not None else frozenset()


def emoji_rows(board: Connect4Board, glyph: Callable[[Move], str]) -> list[str]:
    """The column numbers, then the rows top first, each cell ``glyph(cell)``."""
    geo = board.geometry
    lines = ["".join(keycap(col + 1) for col in range(geo.width))]
    for row in range(geo.height):
        lines.append("".join(glyph(Move(row, col)) for col in range(geo.width)))
    return lines


def emoji_grid(board: Connect4Board) -> list[str]:
    """The board in emoji: discs, holes, the winning four square."""
    winning = _winning(board)

    def glyph(move: Move) -> str:
        player = board.at(move)
        if player is None:
            return EMOJI_HOLE
        return (EMOJI_WINNING_DISC if move in winning else EMOJI_DISC)[player]

    return emoji_rows(board, glyph)


def text_rows(board: Connect4Board, glyph: Callable[[Move], str], width: int = 3) -> list[str]:
    """The column numbers, then the rows top first between ``|``, ``width`` characters a
    cell, and the board's foot."""
    geo = board.geometry
    lines = [" " + "".join(f"{col + 1:^{width}}" for col in range(geo.width)).rstrip()]
    for row in range(geo.height):
        lines.append("|" + "".join(glyph(Move(row, col)) for col in range(geo.width)) + "|")
    lines.append("+" + "-" * (width * geo.width) + "+")
    return lines


def text_grid(board: Connect4Board, paint: MarkPainter | None = None) -> list[str]:
    """The board in ASCII: X and O (``paint`` colours them), ``.`` a hole, ``[X]`` the winning
    four (readable without colour)."""
    winning = _winning(board)

    def glyph(move: Move) -> str:
        player = board.at(move)
        if player is None:
            return f" {TEXT_HOLE} "
        on_line = move in winning
        drawn = f"[{player.value}]" if on_line else player.value
        if paint is not None:
            drawn = paint(drawn, player, on_line)
        return drawn if on_line else f" {drawn} "

    return text_rows(board, glyph)
