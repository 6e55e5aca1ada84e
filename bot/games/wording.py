"""Small pieces of wording every adapter's sentences share, kept once so they read alike.

``join_or`` lists options as a sentence does ("me, bot or random"); ``quote_input`` quotes what
a player typed back at them, cut short so a pasted wall of text never floods the reply;
``describe_duration`` says how long something took, so "expired after 1.5 minutes" reads the
same in an error and on a board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import ceil

from bot.engine import Move
from bot.games.models import DUEL, Seat
from bot.i18n import _, ngettext, number

SHOWN = 30
"""The longest input quoted back in an error, in characters."""

_UNITS = (("day", 86400), ("hour", 3600), ("minute", 60))


def _unit(unit: str, amount: float) -> str:
    """ "2 hours": ``amount`` (a whole number or tenths) of ``unit``, in the current locale.
    A fraction takes the plural form of 2 (English "1.5 minutes")."""
    count = int(amount) if amount == int(amount) else 2
    text = number(amount)
    # TRANSLATORS: a duration; {count} is a number, maybe with one decimal ("1.5 minutes").
    if unit == "day":
        return ngettext("{count} day", "{count} days", count).format(count=text)
    if unit == "hour":
        return ngettext("{count} hour", "{count} hours", count).format(count=text)
    if unit == "minute":
        return ngettext("{count} minute", "{count} minutes", count).format(count=text)
    return ngettext("{count} second", "{count} seconds", count).format(count=text)


def _join(options: Sequence[object], last: str) -> str:
    """``options`` as a list in a sentence, ``last`` (translated) joining the last one on."""
    words = [str(option) for option in options]
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: the list separator of "a, b or c" (only between the first ones)
    return last.format(head=_(", ").join(words[:-1]), last=words[-1])


def join_or(options: Sequence[object]) -> str:
    """ "a", "a or b", "a, b or c": options as a sentence offers them."""
    # TRANSLATORS: the last choice of a list: "{head}" is "a" or "a, b", "{last}" is "c"
    return _join(options, _("{head} or {last}"))


def join_and(options: Sequence[object]) -> str:
    """ "a", "a and b", "a, b and c": everything a sentence lists."""
    # TRANSLATORS: the last item of a list: "{head}" is "a" or "a, b", "{last}" is "c"
    return _join(options, _("{head} and {last}"))


def quote_input(text: str) -> str:
    """``text`` quoted (``repr``), cut to ``SHOWN`` characters with an ellipsis."""
    return repr(text if len(text) <= SHOWN else text[: SHOWN - 1] + "…")


def describe_duration(seconds: float) -> str:
    """The largest unit that is at least one when rounded to a tenth: "45 seconds",
    "1 minute", "1.5 minutes", "2 hours". Seconds are whole; negatives read as 0 seconds."""
    for unit, size in _UNITS:
        amount = round(seconds / size, 1)
        if amount >= 1:
            return _unit(unit, amount)
    return _unit("second", max(0, round(seconds)))


def your_moves(plies: int) -> int:
    """Moves the player to move makes in ``plies`` plies, counting the one they are about to make.

    Plies alternate you, me, you, ...: the 1st, 3rd, 5th ... are yours, so ``ceil(plies / 2)``.
    """
    return ceil(plies / 2)


def cell_name(move: Move) -> str:
    """ "row 2, column 3": a cell as a sentence names it (1-based), in the current locale."""
    # TRANSLATORS: a cell of the board, inside sentences ("I played row 2, column 3.")
    return _("row {row}, column {column}").format(row=move.row + 1, column=move.col + 1)


def small_board_name(index: int) -> str:
    """ "the small board in rows 4-6, columns 1-3": ultimate's small board ``index`` (0-8)."""
    row, col = index // 3 * 3, index % 3 * 3
    # TRANSLATORS: ultimate tic-tac-toe's small board; the placeholders are row and column
    # numbers ("the small board in rows 4-6, columns 1-3")
    return _(
        "the small board in rows {first_row}-{last_row}, columns {first_column}-{last_column}"
    ).format(first_row=row + 1, last_row=row + 3, first_column=col + 1, last_column=col + 3)


def level_label(level: str) -> str:
    """A game's level as its title shows it: a level's name as members type it ("hard"), and
    for a game between two members the word for a duel, in the current language."""
    if level == DUEL:
        # TRANSLATORS: in a game's title where the level goes, for a game between two members:
        # "Tic-Tac-Toe: alice (X) vs bob (O), duel, 3x3"
        return _("duel")
    return level


def seat_name(seat: Seat) -> str:
    """A seat as a game's title names it: the member's name, or "me" for the bot."""
    # TRANSLATORS: the bot naming itself in a game's title: "alice (X) vs me (O)"
    return _("me") if seat.is_bot else seat.name


def seat_label(seat: Seat) -> str:
    """A seat as a sentence names it: the member's name, or the bot in the reader's language
    (stored games keep the English "the bot" as the bot's seat name)."""
    # TRANSLATORS: the bot named in a review or history line: "alice (X) against the bot (O)"
    return _("the bot") if seat.is_bot else seat.name


def join_sentences(sentences: Iterable[str]) -> str:
    """Whole sentences one after another, as the reader's language spaces them (Japanese puts
    no space after its full stop); empty ones left out."""
    kept = [sentence for sentence in sentences if sentence]
    if not kept:
        return ""
    # TRANSLATORS: two whole sentences one after the other, as your language writes them:
    # "You played row 1, column 1. I played row 2, column 2." (Japanese: "{first}{second}")
    joined = _("{first} {second}")
    text = kept[0]
    for sentence in kept[1:]:
        text = joined.format(first=text, second=sentence)
    return text
