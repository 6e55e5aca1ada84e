"""What a move leads to under best play, in words, for every kind of game with exact values:
"wins in 2 of your moves", "draws", "loses: I win on my next move", and a hint's first line.

Counts are the mover's own moves, the next one included (``your_moves`` of the plies), so
"wins in 2 of your moves" means: play this, then one more of yours wins, whatever the other
side does. Classic's hints and explanations and Connect Four's word their values here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from babel.numbers import format_decimal

from bot.engine import Value
from bot.games.wording import your_moves
from bot.i18n import _, ngettext
from bot.i18n.catalogues import number_locale


class Valued(Protocol):
    """A move's exact result for its mover: ``value`` and ``plies`` to the end, both sides'."""

    @property
    def value(self) -> Value: ...

    @property
    def plies(self) -> int: ...


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


def describe_outcome(analysis: Valued, mover: Mover = YOU) -> str:
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
