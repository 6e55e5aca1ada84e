"""The sentences of an explanation every kind with exact values shares: who plays the move
explained and why ("I played column 4: it wins in 3 of my moves against any defence"), the
board's title, the note on counts, and an estimate's title and legend. Each kind draws its own
board and names its own moves (classic's cells, Connect Four's columns) and hands the names in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.engine import Player, Value
from bot.games.models import Game
from bot.games.render.outcomes import ME, YOU, Mover, Valued, describe_outcome
from bot.games.wording import your_moves
from bot.i18n import _, ngettext

VALUE_LETTER = {Value.WIN: "W", Value.DRAW: "D", Value.LOSS: "L"}
"""The letters on the terminal's explain board: drawn, never translated (the legend explains
them)."""
EMOJI_VALUE = {Value.WIN: "🟩", Value.DRAW: "🟨", Value.LOSS: "🟥"}
"""Discord's explain board: the colour of a move by its value for the side to move."""
EMOJI_EXPLAINED = "⭐"  # the move the explanation is about
TEXT_ESTIMATE = "?"  # a move only estimated: never a value (W2, D, L1), which would be proven
EMOJI_ESTIMATE = "\u2754"  # ❔: none of the value colours, nor the explained move's star


class Explaining(Protocol):
    """An explanation of one position of ``game``: ``mover`` is the side to move there;
    ``played``: the position before a finished game's last move (else the running game's)."""

    @property
    def game(self) -> Game: ...

    @property
    def mover(self) -> Player: ...

    @property
    def played(self) -> bool: ...


def value_code(entry: Valued) -> str:
    """ "W2", "D" or "L1": the value for the side to move and in how many of its moves."""
    letter = VALUE_LETTER[entry.value]
    return letter if entry.value is Value.DRAW else f"{letter}{your_moves(entry.plies)}"


def explained_mover(reply: Explaining) -> Mover:
    """Who is to move in the explained position: the bot, the member asking, or in a finished
    game a member by name."""
    seat = reply.game.seat(reply.mover)
    if seat.is_bot:
        return ME
    if reply.played:  # a finished game: speak of the member by name
        return Mover(name=seat.name)
    return YOU


def subject(reply: Explaining, move: str, reason: str) -> str:
    """The whole sentence: who plays (or would play) ``move`` (its name: "row 1, column 3",
    "column 4"), then ``reason``."""
    mover = explained_mover(reply)
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


def reason(
    reply: Explaining,
    entry: Valued,
    moves: Sequence[Valued],
    best_name: str,
    *,
    other: str,
    blocks: bool,
    on_purpose: bool,
) -> str:
    """Why the explained move (``entry``) is played, among every legal move's value
    (``moves``, best first, named ``best_name`` the first): ``blocks``, it stops a line of the
    other side's (``other``, its mark as the board draws it); ``on_purpose``, the bot's level
    makes mistakes on purpose."""
    best = moves[0]
    mover = explained_mover(reply)
    losing = sum(1 for item in moves if item.value is Value.LOSS)
    if (entry.value, entry.plies) != (best.value, best.plies):
        values = {
            "outcome": describe_outcome(entry, mover),
            "cell": best_name,
            "best": describe_outcome(best, mover),
        }
        if mover.bot and on_purpose:
            # TRANSLATORS: why the bot played a weaker move; {outcome} and {best} are what
            # the moves lead to ("loses on the next move"), {cell} the better move ("row 3,
            # column 3"), {level} the level's name as members type it (easy, medium, hard)
            return _(
                "it {outcome}, but {cell} {best} (at the {level} level I make mistakes on purpose)"
            ).format(level=reply.game.level, **values)
        # TRANSLATORS: why the move is not the best; {outcome} and {best} are what the
        # moves lead to ("loses in 3 of bob's moves", "draws"), {cell} the better move
        return _("it {outcome}, but {cell} {best}").format(**values)
    if entry.value is Value.WIN and entry.plies == 1:
        # TRANSLATORS: why a move was chosen, after "I played row 1, column 3:"
        return _("it completes a line and wins at once")
    if entry.value is Value.WIN:
        fastest = any(m.plies != entry.plies for m in moves if m.value is Value.WIN)
        outcome = describe_outcome(entry, mover)
        return _winning_reason(outcome, blocks=blocks, fastest=fastest, other=other)
    if entry.value is Value.DRAW and losing == 0:
        # TRANSLATORS: why a move was chosen, after "I played row 1, column 3:"
        return _("every move draws with best play on both sides")
    if entry.value is Value.DRAW:
        return _drawing_reason(blocks=blocks, losing=losing, total=len(moves), other=other)
    return _holds_out(mover, your_moves(entry.plies))


def explain_title(reply: Explaining, mark: str) -> str:
    """The explain board's title; ``mark``: the side to move's, as the board draws it."""
    if not reply.played:
        # TRANSLATORS: the explain board's title; {mark} is X or O (or its emoji)
        return _("What I see ({mark} to move):").format(mark=mark)
    if reply.game.bot_player is None:
        # TRANSLATORS: the explain board's title; {mark} is X or O (or its emoji),
        # in a game between members
        return _("The position before the last move ({mark} to move):").format(mark=mark)
    # TRANSLATORS: the explain board's title; {mark} is X or O (or its emoji)
    return _("The position before my last move ({mark} to move):").format(mark=mark)


def counts_note(reply: Explaining) -> str:
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


def counts_emoji(reply: Explaining) -> str:
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


def legend_line(value: Value, cells: str) -> str:
    """A line of Discord's explain legend: ``value``'s colour and the moves it holds."""
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


def legend_entry(label: str, entry: Valued, *, explained: bool) -> str:
    """One move in the legend: "1,3 in 2" (a win or loss in 2 of the mover's moves), "2,2"
    (a draw), with the star on the move ``explained``."""
    star = f" {EMOJI_EXPLAINED}" if explained else ""
    if entry.value is Value.DRAW:
        return f"{label}{star}"
    moves = your_moves(entry.plies)
    # TRANSLATORS: a cell in the explain legend ("1,3 in 2": row 1, column 3 wins
    # or loses in 2 of the mover's moves); keep it short
    text = ngettext("{cell} in {count}", "{cell} in {count}", moves)
    return text.format(cell=label, count=moves) + star


def estimate_title(mark: str) -> str:
    """The title over an estimate's board; ``mark``: the side to move's, as the board draws
    it."""
    # TRANSLATORS: the title over a board with the engine's pick, an estimate (the sentence
    # above says so); {mark} is X or O
    return _("My pick ({mark} to move):").format(mark=mark)


def estimate_means(symbol: str) -> str:
    # TRANSLATORS: the legend under the board with the engine's pick; {symbol} is the ? (or ❔)
    # drawn on it
    return _("{symbol} = my pick, not proven.").format(symbol=symbol)
