"""Connect Four's hints and explanations in words and on its board: every open column's exact
result ("column 4 — wins in 5 of your moves"), and where the solver proves nothing in a
reply's time, ``strongest``'s pick drawn as an estimate.

The sentences are every exact kind's (``bot.games.render.outcomes``,
``bot.games.render.explaining``); what is Connect Four's own is naming a move by its column
and showing the values on a row under the board, one per column: 🟩 win, 🟨 draw, 🟥 loss for
the side to move, ⬛ a full column, ⭐ the column explained (``W5``, ``D``, ``L2`` and ``[ ]``
in the terminal).
"""

from __future__ import annotations

from bot.engine import Move, Value
from bot.engine.connect4 import Connect4Board
from bot.engine.connect4.geometry import winning_cells
from bot.games.errors import Spelling, TooEarlyToSolveError
from bot.games.models import ExplainReply, HintReply
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
from bot.games.render.outcomes import count, describe_outcome, hint_title
from bot.games.variants.connect4.drawing import (
    EMOJI_DISC,
    EMOJI_HOLE,
    TEXT_HOLE,
    board_of,
    column_name,
    disc,
    emoji_rows,
    text_rows,
)
from bot.games.variants.connect4.replies import (
    ColumnOutcome,
    Connect4Explained,
    Connect4Hint,
    NamedColumn,
)
from bot.i18n import _, ngettext

EMOJI_FULL = "⬛"  # under a full column: no value
TEXT_WIDTH = 5  # a terminal cell of the explain board: room for "[W11]"
EMOJI_NAMED = EMOJI_EXPLAINED  # the column a reply names where nothing else is proven: ⭐
TEXT_NAMED = "*"

# --- hints --------------------------------------------------------------------------------------


def render_hint(hint: HintReply) -> str:
    """Every open column with what it leads to under best play, best first."""
    if not isinstance(hint, Connect4Hint):
        raise TypeError(f"a Connect Four hint is a Connect4Hint, not {type(hint).__name__}")
    name = hint.game.seat(hint.game.position.to_move).name  # hints go to the member to move
    best = hint.columns[0]
    lines = [
        hint_title(name, hint.value),
        # TRANSLATORS: a hint's best move: {cell} is a cell ("row 1, column 3"), {outcome}
        # what it leads to ("wins in 2 of your moves", "draws")
        _("Best: {cell} — {outcome}.").format(
            cell=column_name(best.move), outcome=describe_outcome(best)
        ),
    ]
    if len(hint.columns) > 1:
        # TRANSLATORS: a hint's title over the list of every move ("row 1, column 3 — draws")
        lines.append(_("Every move, best first:"))
        lines.extend(
            f"  {column_name(item.move)} — {describe_outcome(item)}" for item in hint.columns
        )
    if any(item.value is not Value.DRAW for item in hint.columns):
        # TRANSLATORS: the last line of a hint: how its counts ("wins in 2 of your moves") count
        lines.append(_("(Counts are your own moves, this one included, with best play from me.)"))
    return "\n".join(lines)


# --- explain ------------------------------------------------------------------------------------


def _blocks(board: Connect4Board, move: Move) -> bool:
    """Whether a disc at ``move`` takes the cell where the other side would complete four."""
    geo = board.geometry
    theirs = board.mask ^ board.current
    threats = winning_cells(theirs, geo.full ^ board.mask, geo.height)
    return bool(threats & geo.cell_bit(geo.height - 1 - move.row, move.col))


def explain_reason(reply: Connect4Explained, *, plain: bool) -> str:
    """One sentence: the column explained and why (``plain``: the other side's disc as X or
    O, else its emoji)."""
    why = reason(
        reply,
        reply.explained,
        reply.columns,
        column_name(reply.columns[0].move),
        other=disc(reply.mover.other, plain=plain),
        blocks=_blocks(reply.position, reply.move),
        on_purpose=False,  # its levels' weaker moves are mostly a shallow search's, not chosen
    )
    return subject(reply, column_name(reply.move), why)


def explain_search(reply: Connect4Explained) -> str | None:
    """What the search cost, in one sentence (None when the rules alone decided every column:
    nothing was searched)."""
    if reply.nodes == 0:
        return None
    # TRANSLATORS: Connect Four's explanation; {searched} is a number of positions (board
    # states), written with its thousands separated
    text = ngettext(
        "To value every column my search examined {searched} position.",
        "To value every column my search examined {searched} positions.",
        reply.nodes,
    )
    return text.format(searched=count(reply.nodes))


def _by_column(reply: Connect4Explained) -> dict[int, ColumnOutcome]:
    return {entry.move.col: entry for entry in reply.columns}


def explain_text_grid(reply: Connect4Explained) -> list[str]:
    """The position, then under each column its value for the side to move (``W5``, ``D``,
    ``L2``; blank when full), the explained column's in brackets."""
    board, values = reply.position, _by_column(reply)

    def glyph(move: Move) -> str:
        player = board.at(move)
        return (TEXT_HOLE if player is None else player.value).center(TEXT_WIDTH)

    codes = []
    for col in range(board.geometry.width):
        entry = values.get(col)
        code = "" if entry is None else value_code(entry)
        codes.append((f"[{code}]" if col == reply.move.col else code).center(TEXT_WIDTH))
    return [*text_rows(board, glyph, TEXT_WIDTH), " " + "".join(codes).rstrip()]


def explain_emoji_grid(reply: Connect4Explained) -> list[str]:
    """The position in emoji, then a row under it: each column's value as a colour (⬛ full),
    ⭐ under the explained column."""
    board, values = reply.position, _by_column(reply)

    def glyph(move: Move) -> str:
        player = board.at(move)
        return EMOJI_HOLE if player is None else EMOJI_DISC[player]

    row = []
    for col in range(board.geometry.width):
        entry = values.get(col)
        if col == reply.move.col:
            row.append(EMOJI_EXPLAINED)
        else:
            row.append(EMOJI_FULL if entry is None else EMOJI_VALUE[entry.value])
    return [*emoji_rows(board, glyph), "".join(row)]


def _emoji_legend(reply: Connect4Explained) -> list[str]:
    """One line per value present: its colour and each column with its distance."""
    lines = []
    for value in (Value.WIN, Value.DRAW, Value.LOSS):
        entries = sorted(
            (entry for entry in reply.columns if entry.value is value), key=lambda e: e.move.col
        )
        if entries:
            parts = [
                legend_entry(str(e.column), e, explained=e.move.col == reply.move.col)
                for e in entries
            ]
            lines.append(legend_line(value, " · ".join(parts)))
    return lines


def render_explain(reply: ExplainReply, *, plain: bool) -> str:
    """The explanation: title, board with the values under it, legend, the column and why,
    the search cost (``plain``: the terminal's ASCII, else Discord's emoji)."""
    if not isinstance(reply, Connect4Explained):
        raise TypeError(
            f"a Connect Four explanation is Connect4Explained, not {type(reply).__name__}"
        )
    if plain:
        body = [
            explain_title(reply, disc(reply.mover, plain=True)),
            *explain_text_grid(reply),
            # TRANSLATORS: the legend of the terminal's explain board; keep W2, D, L1 and [ ]
            # as they are: they are the codes drawn on the board (W win, D draw, L loss)
            _("W2 = win in 2 moves, D = draw, L1 = loss in 1 move, [ ] = the move explained"),
            counts_note(reply),
        ]
    else:
        body = [
            explain_title(reply, disc(reply.mover, plain=False)),
            *explain_emoji_grid(reply),
            *_emoji_legend(reply),
            counts_emoji(reply),
        ]
    searched = explain_search(reply)
    return "\n".join([*body, explain_reason(reply, plain=plain), *([searched] if searched else [])])


# --- estimates ----------------------------------------------------------------------------------


def render_estimate(error: TooEarlyToSolveError, spelling: Spelling, *, plain: bool) -> str:
    """The answer when the solver proves nothing in time: the error's sentence (in
    ``spelling``), then the position with the pick's landing cell marked ``?`` (❔) and what
    that means."""
    board = board_of(error.position)
    mover = board.to_move
    if isinstance(error, NamedColumn):  # the move the sentence names: no title, no legend
        marked = f" {TEXT_NAMED} " if plain else EMOJI_NAMED
    else:
        marked = f" {TEXT_ESTIMATE} " if plain else EMOJI_ESTIMATE

    def glyph(move: Move) -> str:
        player = board.at(move)
        if move == error.pick:
            return marked
        if plain:
            return f" {TEXT_HOLE if player is None else player.value} "
        return EMOJI_HOLE if player is None else EMOJI_DISC[player]

    grid = text_rows(board, glyph) if plain else emoji_rows(board, glyph)
    if isinstance(error, NamedColumn):
        return "\n".join([error.text(spelling), *grid])
    mark = disc(mover, plain=plain)
    symbol = TEXT_ESTIMATE if plain else EMOJI_ESTIMATE
    return "\n".join([error.text(spelling), estimate_title(mark), *grid, estimate_means(symbol)])
