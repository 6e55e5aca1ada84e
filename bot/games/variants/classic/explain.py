"""Classic's hints and explanations: every move's exact value under best play, in words and on
a board (the classic renderer's ``hint``, ``explain`` and ``estimate``).

``render_exact_hint`` lists the moves best first; ``render_explain_text`` and
``render_explain_emoji`` show one position with each empty cell's value, the move explained,
why, and what the search cost. Counts are the mover's own moves, the next one included. Where
no exact value is known (``TooEarlyToSolveError``), ``render_estimate_text`` and
``render_estimate_emoji`` draw the position with the estimated pick marked as an estimate on
the board itself.
"""

from __future__ import annotations

from bot.engine import Move, Value
from bot.engine.classic import Board, MoveAnalysis
from bot.games.errors import PLAIN, Spelling, TooEarlyToSolveError
from bot.games.render.boards import EMOJI_EMPTY, TEXT_EMPTY, emoji_rows, text_rows
from bot.games.render.explaining import (
    EMOJI_ESTIMATE,
    EMOJI_EXPLAINED,
    EMOJI_VALUE,
    TEXT_ESTIMATE,
    counts_emoji,
    counts_note,
    estimate_means,
    estimate_title,
    explain_title,
    legend_entry,
    legend_line,
    reason,
    subject,
    value_code,
)
from bot.games.render.glyphs import EMOJI_MARK
from bot.games.render.outcomes import count, describe_outcome, hint_title
from bot.games.variants.base import narrowed
from bot.games.variants.classic.replies import Explained, Hint
from bot.games.wording import cell_name
from bot.i18n import _

# --- hints --------------------------------------------------------------------------------------


def render_exact_hint(hint: Hint) -> str:
    """Every legal move with what it leads to under best play, best first, 1-based.

    Counts are the player's own moves including the one suggested, so "wins in 2 of your
    moves" means: play this, then one more of yours wins, whatever I do.
    """
    moves = hint.analysis.moves
    name = hint.game.seat(hint.game.position.to_move).name  # hints go to the member to move
    if not moves:
        # TRANSLATORS: a hint asked for on a full board
        return _("The game is over: there is nothing left to play.")
    best = moves[0]
    lines = [
        hint_title(name, hint.analysis.value),
        # TRANSLATORS: a hint's best move: {cell} is a cell ("row 1, column 3"), {outcome}
        # what it leads to ("wins in 2 of your moves", "draws")
        _("Best: {cell} — {outcome}.").format(
            cell=cell_name(best.move), outcome=describe_outcome(best)
        ),
    ]
    if len(moves) > 1:
        # TRANSLATORS: a hint's title over the list of every move ("row 1, column 3 — draws")
        lines.append(_("Every move, best first:"))
        lines.extend(f"  {cell_name(item.move)} — {describe_outcome(item)}" for item in moves)
    if any(item.value is not Value.DRAW for item in moves):
        # TRANSLATORS: the last line of a hint: how its counts ("wins in 2 of your moves") count
        lines.append(_("(Counts are your own moves, this one included, with best play from me.)"))
    return "\n".join(lines)


# --- explain ------------------------------------------------------------------------------------


def explained_cells(reply: Explained) -> dict[Move, MoveAnalysis]:
    """Every empty cell of the explained position with its value for the side to move."""
    return {entry.move: entry for entry in reply.explanation.analysis.moves}


def explain_reason(reply: Explained) -> str:
    """One sentence: the move explained and why, in the terms the board shows."""
    moves = reply.explanation.analysis.moves
    why = reason(
        reply,
        explained_cells(reply)[reply.move],
        moves,
        cell_name(moves[0].move),
        other=reply.mover.other.value,
        blocks=reply.move in reply.explanation.threats,
        on_purpose=reply.game.level != "perfect",
    )
    return subject(reply, cell_name(reply.move), why)


def explain_search(reply: Explained) -> str:
    """What the search cost against a plain minimax, in one sentence."""
    explanation = reply.explanation
    plain = explanation.plain
    if plain is None:  # the count gave up after plain_limit distinct positions
        # TRANSLATORS: {searched} and {limit} are numbers of positions (board states)
        return _(
            "To value every move my search examined {searched} positions; a plain minimax "
            "would examine far more (over {limit}; too many to count here)."
        ).format(searched=count(explanation.searched), limit=count(explanation.plain_limit))
    # TRANSLATORS: {searched} and {plain} are numbers of positions (board states), always many
    return _(
        "To value every move my search examined {searched} positions; a plain minimax would "
        "examine {plain}."
    ).format(searched=count(explanation.searched), plain=count(plain))


def explain_text_grid(reply: Explained) -> list[str]:
    """The explained position with every empty cell's value: ``W2`` (a win in 2 moves of the
    side to move), ``D`` (a draw), ``L1`` (a loss); the explained move in brackets."""
    board, cells = reply.position, explained_cells(reply)

    def glyph(move: Move) -> str:
        mark, entry = board.at(move), cells.get(move)
        if mark is not None or entry is None:
            shown = TEXT_EMPTY if mark is None else mark.value
        else:
            shown = value_code(entry)
        return f"[{shown}]".center(4) if move == reply.move else shown.center(4)

    return text_rows(board.size, glyph, width=4)


def render_explain_text(reply: Explained) -> str:
    """The terminal's explain board: title, grid, legend, the move and why, the search cost."""
    return "\n".join(
        [
            explain_title(reply, reply.mover.value),
            *explain_text_grid(reply),
            # TRANSLATORS: the legend of the terminal's explain board; keep W2, D, L1 and [ ]
            # as they are: they are the codes drawn on the board (W win, D draw, L loss)
            _("W2 = win in 2 moves, D = draw, L1 = loss in 1 move, [ ] = the move explained"),
            counts_note(reply),
            explain_reason(reply),
            explain_search(reply),
        ]
    )


def explain_emoji_grid(reply: Explained) -> list[str]:
    """The explained position in emoji: marks as on the board, empty cells coloured by value
    (🟩 win, 🟨 draw, 🟥 loss for the side to move), ⭐ on the move explained."""
    board, cells = reply.position, explained_cells(reply)

    def glyph(move: Move) -> str:
        mark = board.at(move)
        if mark is not None:
            return EMOJI_MARK[mark]
        if move == reply.move:
            return EMOJI_EXPLAINED
        return EMOJI_VALUE[cells[move].value] if move in cells else EMOJI_EMPTY

    return emoji_rows(board.size, glyph)


def _emoji_legend(reply: Explained) -> list[str]:
    """One line per value present: its colour and each cell with its distance."""
    lines = []
    by_value: dict[Value, list[MoveAnalysis]] = {}
    for entry in reply.explanation.analysis.moves:
        by_value.setdefault(entry.value, []).append(entry)
    for value in (Value.WIN, Value.DRAW, Value.LOSS):
        entries = sorted(by_value.get(value, []), key=lambda e: e.move)
        if entries:
            parts = [
                legend_entry(
                    f"{e.move.row + 1},{e.move.col + 1}", e, explained=e.move == reply.move
                )
                for e in entries
            ]
            lines.append(legend_line(value, " · ".join(parts)))
    return lines


def render_explain_emoji(reply: Explained) -> str:
    """Discord's explain message: title, coloured board, legend (cells as row,column with how
    many moves), the move and why, the search cost."""
    return "\n".join(
        [
            explain_title(reply, EMOJI_MARK[reply.mover]),
            *explain_emoji_grid(reply),
            *_emoji_legend(reply),
            counts_emoji(reply),
            explain_reason(reply),
            explain_search(reply),
        ]
    )


# --- estimates ----------------------------------------------------------------------------------


def estimate_text_grid(error: TooEarlyToSolveError) -> list[str]:
    """The position as ASCII, the estimated pick drawn ``?`` (``TEXT_ESTIMATE``)."""
    board = narrowed(error.position, Board)

    def glyph(move: Move) -> str:
        mark = board.at(move)
        shown = TEXT_EMPTY if mark is None else mark.value
        return f" {TEXT_ESTIMATE if move == error.pick else shown} "

    return text_rows(board.size, glyph)


def render_estimate_text(error: TooEarlyToSolveError, spelling: Spelling = PLAIN) -> str:
    """The terminal's answer when nothing can be solved exactly: the error's sentence (in
    ``spelling``), then the position with the pick marked ``?`` and what ``?`` means."""
    return "\n".join(
        [
            error.text(spelling),
            estimate_title(error.position.to_move.value),
            *estimate_text_grid(error),
            estimate_means(TEXT_ESTIMATE),
        ]
    )


def estimate_emoji_grid(error: TooEarlyToSolveError) -> list[str]:
    """The position in emoji, the estimated pick drawn ❔ (``EMOJI_ESTIMATE``)."""
    board = narrowed(error.position, Board)

    def glyph(move: Move) -> str:
        mark = board.at(move)
        if move == error.pick:
            return EMOJI_ESTIMATE
        return EMOJI_EMPTY if mark is None else EMOJI_MARK[mark]

    return emoji_rows(board.size, glyph)


def render_estimate_emoji(error: TooEarlyToSolveError, spelling: Spelling = PLAIN) -> str:
    """Discord's answer when nothing can be solved exactly: the error's sentence (in
    ``spelling``), then the position with the pick marked ❔ and what ❔ means."""
    return "\n".join(
        [
            error.text(spelling),
            estimate_title(EMOJI_MARK[error.position.to_move]),
            *estimate_emoji_grid(error),
            estimate_means(EMOJI_ESTIMATE),
        ]
    )
