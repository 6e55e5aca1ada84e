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

from dataclasses import dataclass

from babel.numbers import format_decimal

from bot.engine import Move, Value
from bot.engine.classic import Board, MoveAnalysis
from bot.games.errors import PLAIN, Spelling, TooEarlyToSolveError
from bot.games.render.boards import (
    EMOJI_EMPTY,
    TEXT_EMPTY,
    emoji_rows,
    mark_glyph,
    text_rows,
)
from bot.games.render.glyphs import EMOJI_MARK
from bot.games.variants.base import narrowed
from bot.games.variants.classic.replies import Explained, Hint, Partial
from bot.games.wording import cell_name, your_moves
from bot.i18n import _, ngettext
from bot.i18n.catalogues import number_locale

# --- hints --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mover:
    """Whose moves a sentence counts: the member asking ("your moves", ``YOU``), the bot ("my
    moves", ``ME``) or a member named in a finished game ("bob's moves")."""

    name: str | None = None
    bot: bool = False


YOU = Mover()
ME = Mover(bot=True)


def count(value: int) -> str:
    """A count of positions, grouped as the current locale groups digits ("1,234" in English)."""
    return format_decimal(value, locale=number_locale())


def describe_outcome(analysis: MoveAnalysis, mover: Mover = YOU) -> str:
    """What one move leads to under best play: "wins in 2 of your moves", "draws", ...

    ``mover`` says whose moves are counted; only a player told about their own move hears who
    wins next ("loses: I win on my next move")."""
    moves = your_moves(analysis.plies)
    if analysis.value is Value.WIN:
        if moves == 1:
            # TRANSLATORS: what a move leads to under best play; it follows a cell ("row 1,
            # column 3 wins right away") or "it" ("it wins right away")
            return _("wins right away")
        if mover.bot:
            # TRANSLATORS: what a move leads to under best play, after a cell or "it"; {count}
            # is 2 or more, the mover's own moves counted, this one included (the bot's)
            return ngettext(
                "wins in {count} of my moves", "wins in {count} of my moves", moves
            ).format(count=moves)
        if mover.name is not None:
            # TRANSLATORS: what a move leads to under best play, after a cell or "it"; {count}
            # is 2 or more, the mover's own moves counted, this one included;
            # {name} is a member's name
            return ngettext(
                "wins in {count} of {name}'s moves", "wins in {count} of {name}'s moves", moves
            ).format(count=moves, name=mover.name)
        # TRANSLATORS: what a move leads to under best play, after a cell or "it"; {count}
        # is 2 or more, the mover's own moves counted, this one included
        # (the member's, told to them)
        return ngettext(
            "wins in {count} of your moves", "wins in {count} of your moves", moves
        ).format(count=moves)
    if analysis.value is Value.LOSS:
        if moves == 1:
            if mover == YOU:
                # TRANSLATORS: what the member's move leads to: the bot wins on its next move
                return _("loses: I win on my next move")
            # TRANSLATORS: what a move leads to: the other side wins on its next move
            return _("loses on the next move")
        if mover.bot:
            # TRANSLATORS: what a move leads to under best play, after a cell or "it"; {count}
            # is 2 or more, the mover's own moves counted, this one included (the bot's)
            return ngettext(
                "loses in {count} of my moves", "loses in {count} of my moves", moves
            ).format(count=moves)
        if mover.name is not None:
            # TRANSLATORS: what a move leads to under best play, after a cell or "it"; {count}
            # is 2 or more, the mover's own moves counted, this one included;
            # {name} is a member's name
            return ngettext(
                "loses in {count} of {name}'s moves", "loses in {count} of {name}'s moves", moves
            ).format(count=moves, name=mover.name)
        # TRANSLATORS: what a move leads to under best play, after a cell or "it"; {count}
        # is 2 or more, the mover's own moves counted, this one included
        # (the member's, told to them)
        return ngettext(
            "loses in {count} of your moves", "loses in {count} of your moves", moves
        ).format(count=moves)
    # TRANSLATORS: what a move leads to under best play, after a cell or "it"
    return _("draws")


def hint_title(name: str, value: Value) -> str:
    if value is Value.WIN:
        # TRANSLATORS: the first line of a hint; {name} is the member to move
        return _("Hint for {name}: you can force a win from here.").format(name=name)
    if value is Value.DRAW:
        # TRANSLATORS: the first line of a hint; {name} is the member to move
        return _("Hint for {name}: with best play on both sides this is a draw.").format(name=name)
    # TRANSLATORS: the first line of a hint; {name} is the member to move
    return _("Hint for {name}: I can force a win whatever you do, but make me find it.").format(
        name=name
    )


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

VALUE_LETTER = {Value.WIN: "W", Value.DRAW: "D", Value.LOSS: "L"}
"""The letters on the explain board: drawn, never translated (the legend explains them)."""
EMOJI_VALUE = {Value.WIN: "🟩", Value.DRAW: "🟨", Value.LOSS: "🟥"}
EMOJI_EXPLAINED = "⭐"  # the move the explanation is about


def value_code(entry: MoveAnalysis) -> str:
    """ "W2", "D" or "L1": the value for the side to move and in how many of its moves."""
    letter = VALUE_LETTER[entry.value]
    return letter if entry.value is Value.DRAW else f"{letter}{your_moves(entry.plies)}"


def explained_cells(reply: Explained) -> dict[Move, MoveAnalysis]:
    """Every empty cell of the explained position with its value for the side to move."""
    return {entry.move: entry for entry in reply.explanation.analysis.moves}


def explained_mover(reply: Explained | Partial) -> Mover:
    """Who is to move in the explained position: the bot, the member asking, or in a finished
    game a member by name."""
    seat = reply.game.seat(reply.mover)
    if seat.is_bot:
        return ME
    if reply.played:  # a finished game: speak of the member by name
        return Mover(name=seat.name)
    return YOU


def _subject(reply: Explained, reason: str) -> str:
    """The whole sentence: who plays (or would play) the move, then ``reason``."""
    move, mover = cell_name(reply.move), explained_mover(reply)
    if mover.bot:
        if reply.played:
            # TRANSLATORS: the explained move and why; {cell} is a cell ("row 1, column 3"),
            # {reason} one of the clauses starting "it ..." or "every move ..."
            return _("I played {cell}: {reason}.").format(cell=move, reason=reason)
        # TRANSLATORS: the explained move and why; {cell} is a cell ("row 1, column 3"),
        # {reason} one of the clauses starting "it ..." or "every move ..."
        return _("I would play {cell}: {reason}.").format(cell=move, reason=reason)
    if mover.name is not None:
        # TRANSLATORS: the explained move and why; {cell} is a cell ("row 1, column 3"),
        # {reason} one of the clauses starting "it ..." or "every move ...";
        # {name} is a member's name
        return _("{name} played {cell}: {reason}.").format(
            name=mover.name, cell=move, reason=reason
        )
    # TRANSLATORS: the explained move and why; {cell} is a cell ("row 1, column 3"),
    # {reason} one of the clauses starting "it ..." or "every move ..."
    return _("In your place I would play {cell}: {reason}.").format(cell=move, reason=reason)


def _holds_out(mover: Mover, moves: int) -> str:
    if mover.bot:
        # TRANSLATORS: why a losing move was chosen, after "I played row 1, column 3:"; {count}
        # counts the mover's own moves, this one included (the bot's)
        text = ngettext(
            "every move loses against best play, and this one holds out longest "
            "({count} of my moves)",
            "every move loses against best play, and this one holds out longest "
            "({count} of my moves)",
            moves,
        )
    elif mover.name is not None:
        # TRANSLATORS: why a losing move was chosen, after "I played row 1, column 3:"; {count}
        # counts the mover's own moves, this one included; {name} is a member's name
        text = ngettext(
            "every move loses against best play, and this one holds out longest "
            "({count} of {name}'s moves)",
            "every move loses against best play, and this one holds out longest "
            "({count} of {name}'s moves)",
            moves,
        )
    else:
        # TRANSLATORS: why a losing move was chosen, after "I played row 1, column 3:"; {count}
        # counts the mover's own moves, this one included (the member's, told to them)
        text = ngettext(
            "every move loses against best play, and this one holds out longest "
            "({count} of your moves)",
            "every move loses against best play, and this one holds out longest "
            "({count} of your moves)",
            moves,
        )
    return text.format(count=moves, name=mover.name)


def _winning_reason(outcome: str, *, blocks: bool, fastest: bool, other: str) -> str:
    if blocks and fastest:
        # TRANSLATORS: why a winning move was chosen, after "I played row 1, column 3:";
        # {outcome} is what it leads to ("wins in 2 of my moves"), {mark} the other side (X, O)
        text = _("it blocks {mark}'s line and {outcome} against any defence, the fastest win")
    elif blocks:
        # TRANSLATORS: why a winning move was chosen, after "I played row 1, column 3:";
        # {outcome} is what it leads to ("wins in 2 of my moves"), {mark} the other side (X, O)
        text = _("it blocks {mark}'s line and {outcome} against any defence")
    elif fastest:
        # TRANSLATORS: why a winning move was chosen, after "I played row 1, column 3:";
        # {outcome} is what it leads to ("wins in 2 of my moves"), {mark} the other side (X, O)
        text = _("it {outcome} against any defence, the fastest win")
    else:
        # TRANSLATORS: why a winning move was chosen, after "I played row 1, column 3:";
        # {outcome} is what it leads to ("wins in 2 of my moves"), {mark} the other side (X, O)
        text = _("it {outcome} against any defence")
    return text.format(mark=other, outcome=outcome)


def _drawing_reason(*, blocks: bool, losing: int, total: int, other: str) -> str:
    if blocks:
        # TRANSLATORS: why a drawing move was chosen, after "I played row 1, column 3:";
        # {mark} is the other side (X or O); {losing} of the {total} legal moves would lose
        text = ngettext(
            "it blocks {mark}'s line, which keeps the draw, while {losing} of the {total} "
            "moves would lose",
            "it blocks {mark}'s line, which keeps the draw, while {losing} of the {total} "
            "moves would lose",
            losing,
        )
    else:
        # TRANSLATORS: why a drawing move was chosen, after "I played row 1, column 3:";
        # {mark} is the other side (X or O); {losing} of the {total} legal moves would lose
        text = ngettext(
            "it keeps the draw, while {losing} of the {total} moves would lose",
            "it keeps the draw, while {losing} of the {total} moves would lose",
            losing,
        )
    return text.format(mark=other, losing=losing, total=total)


def explain_reason(reply: Explained) -> str:
    """One sentence: the move explained and why, in the terms the board shows."""
    cells = explained_cells(reply)
    moves = reply.explanation.analysis.moves
    entry, best = cells[reply.move], moves[0]
    mover = explained_mover(reply)
    blocks = reply.move in reply.explanation.threats
    other = reply.mover.other.value
    losing = sum(1 for item in moves if item.value is Value.LOSS)
    if (entry.value, entry.plies) != (best.value, best.plies):
        values = {
            "outcome": describe_outcome(entry, mover),
            "cell": cell_name(best.move),
            "best": describe_outcome(best, mover),
        }
        if mover.bot and reply.game.level != "perfect":
            # TRANSLATORS: why the bot played a weaker move; {outcome} and {best} are what
            # the moves lead to ("loses on the next move"), {cell} the better move ("row 3,
            # column 3"), {level} the level's name as members type it (easy, medium, hard)
            why = _(
                "it {outcome}, but {cell} {best} (at the {level} level I make mistakes on purpose)"
            ).format(level=reply.game.level, **values)
        else:
            # TRANSLATORS: why the move is not the best; {outcome} and {best} are what the
            # moves lead to ("loses in 3 of bob's moves", "draws"), {cell} the better move
            why = _("it {outcome}, but {cell} {best}").format(**values)
    elif entry.value is Value.WIN and entry.plies == 1:
        # TRANSLATORS: why a move was chosen, after "I played row 1, column 3:"
        why = _("it completes a line and wins at once")
    elif entry.value is Value.WIN:
        fastest = any(m.plies != entry.plies for m in moves if m.value is Value.WIN)
        outcome = describe_outcome(entry, mover)
        why = _winning_reason(outcome, blocks=blocks, fastest=fastest, other=other)
    elif entry.value is Value.DRAW and losing == 0:
        # TRANSLATORS: why a move was chosen, after "I played row 1, column 3:"
        why = _("every move draws with best play on both sides")
    elif entry.value is Value.DRAW:
        why = _drawing_reason(blocks=blocks, losing=losing, total=len(moves), other=other)
    else:
        why = _holds_out(mover, your_moves(entry.plies))
    return _subject(reply, why)


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


def explain_title(reply: Explained | Partial, *, plain: bool) -> str:
    mark = mark_glyph(reply.mover, plain=plain)
    if not reply.played:
        # TRANSLATORS: the explain board's title; {mark} is X or O (or its emoji)
        return _("What I see ({mark} to move):").format(mark=mark)
    if reply.game.bot_player is None:
        # TRANSLATORS: the explain board's title; {mark} is X or O (or its emoji),
        # in a game between members
        return _("The position before the last move ({mark} to move):").format(mark=mark)
    # TRANSLATORS: the explain board's title; {mark} is X or O (or its emoji)
    return _("The position before my last move ({mark} to move):").format(mark=mark)


def counts_note(reply: Explained | Partial) -> str:
    """The terminal's note on counts, under the legend."""
    mover = explained_mover(reply)
    if mover.bot:
        # TRANSLATORS: a note under the terminal's explain board: its numbers count the mover's
        # own moves (the bot's)
        return _("(counts are my own moves, this one included, with best play after it).")
    if mover.name is not None:
        # TRANSLATORS: a note under the terminal's explain board: its numbers count the mover's
        # own moves; {name} is a member's name
        return _(
            "(counts are {name}'s own moves, this one included, with best play after it)."
        ).format(name=mover.name)
    # TRANSLATORS: a note under the terminal's explain board: its numbers count the mover's
    # own moves (the member's, told to them)
    return _("(counts are your own moves, this one included, with best play after it).")


def _counts_emoji(reply: Explained) -> str:
    """Discord's note on the star and counts, under the legend."""
    mover = explained_mover(reply)
    if mover.bot:
        # TRANSLATORS: a note under Discord's explain board; {star} is the ⭐ on the explained
        # move; the legend's numbers count the mover's own moves (the bot's)
        text = _(
            "{star} the move explained; counts are my own moves, this one included, with best "
            "play after it."
        )
    elif mover.name is not None:
        # TRANSLATORS: a note under Discord's explain board; {star} is the ⭐ on the explained
        # move; the legend's numbers count the mover's own moves; {name} is a member's name
        text = _(
            "{star} the move explained; counts are {name}'s own moves, this one included, with "
            "best play after it."
        )
    else:
        # TRANSLATORS: a note under Discord's explain board; {star} is the ⭐ on the explained
        # move; the legend's numbers count the mover's own moves (the member's, told to them)
        text = _(
            "{star} the move explained; counts are your own moves, this one included, with best "
            "play after it."
        )
    return "-# " + text.format(star=EMOJI_EXPLAINED, name=mover.name)


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
            explain_title(reply, plain=True),
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


def _legend_line(value: Value, cells: str) -> str:
    colour = EMOJI_VALUE[value]
    if value is Value.WIN:
        # TRANSLATORS: a line of Discord's explain legend: {colour} is the square's emoji,
        # {cells} the cells of that colour ("1,3 in 2 · 2,2 ⭐")
        return _("{colour} win: {cells}").format(colour=colour, cells=cells)
    if value is Value.DRAW:
        # TRANSLATORS: a line of Discord's explain legend: {colour} is the square's emoji,
        # {cells} the cells of that colour ("1,3 in 2 · 2,2 ⭐")
        return _("{colour} draw: {cells}").format(colour=colour, cells=cells)
    # TRANSLATORS: a line of Discord's explain legend: {colour} is the square's emoji,
    # {cells} the cells of that colour ("1,3 in 2 · 2,2 ⭐")
    return _("{colour} loss: {cells}").format(colour=colour, cells=cells)


def _emoji_legend(reply: Explained) -> list[str]:
    """One line per value present: its colour and each cell with its distance."""
    lines = []
    by_value: dict[Value, list[MoveAnalysis]] = {}
    for entry in reply.explanation.analysis.moves:
        by_value.setdefault(entry.value, []).append(entry)
    for value in (Value.WIN, Value.DRAW, Value.LOSS):
        entries = sorted(by_value.get(value, []), key=lambda e: e.move)
        if not entries:
            continue
        parts = []
        for entry in entries:
            cell = f"{entry.move.row + 1},{entry.move.col + 1}"
            star = f" {EMOJI_EXPLAINED}" if entry.move == reply.move else ""
            if value is Value.DRAW:
                parts.append(f"{cell}{star}")
            else:
                moves = your_moves(entry.plies)
                # TRANSLATORS: a cell in the explain legend ("1,3 in 2": row 1, column 3 wins
                # or loses in 2 of the mover's moves); keep it short
                parts.append(
                    ngettext("{cell} in {count}", "{cell} in {count}", moves).format(
                        cell=cell, count=moves
                    )
                    + star
                )
        lines.append(_legend_line(value, " · ".join(parts)))
    return lines


def render_explain_emoji(reply: Explained) -> str:
    """Discord's explain message: title, coloured board, legend (cells as row,column with how
    many moves), the move and why, the search cost."""
    return "\n".join(
        [
            explain_title(reply, plain=False),
            *explain_emoji_grid(reply),
            *_emoji_legend(reply),
            _counts_emoji(reply),
            explain_reason(reply),
            explain_search(reply),
        ]
    )


# --- estimates ----------------------------------------------------------------------------------

TEXT_ESTIMATE = "?"  # a cell only estimated: never a value (W2, D, L1), which would be proven
EMOJI_ESTIMATE = "\u2754"  # ❔: none of the value colours, nor the explained move's star


def _estimate_title(error: TooEarlyToSolveError, *, plain: bool) -> str:
    # TRANSLATORS: the title over a board with the engine's pick, an estimate (the sentence
    # above says so); {mark} is X or O
    return _("My pick ({mark} to move):").format(
        mark=mark_glyph(error.position.to_move, plain=plain)
    )


def _estimate_means(symbol: str) -> str:
    # TRANSLATORS: the legend under the board with the engine's pick; {symbol} is the ? (or ❔)
    # drawn on it
    return _("{symbol} = my pick, not proven.").format(symbol=symbol)


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
            _estimate_title(error, plain=True),
            *estimate_text_grid(error),
            _estimate_means(TEXT_ESTIMATE),
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
            _estimate_title(error, plain=False),
            *estimate_emoji_grid(error),
            _estimate_means(EMOJI_ESTIMATE),
        ]
    )
