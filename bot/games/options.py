"""The options a player chooses that every kind of game shares (who goes first, a
leaderboard's length), checked into their normal form or refused with
``InvalidOptionError`` and its sentence. A kind's own options (level, size) are its variant's
(``Variant.check_level``, ``Variant.check_size``), which ``check_size`` serves."""

from __future__ import annotations

from bot.games.errors import InvalidOptionError
from bot.games.models import FIRST_CHOICES
from bot.games.wording import join_or
from bot.i18n import N_, Phrase


def check_first(first: str, choices: tuple[str, ...] = FIRST_CHOICES, duel: bool = False) -> str:
    """``first`` if it is one of ``choices`` (``duel``: the sentence says "in a duel")."""
    wanted = str(first).strip().lower()
    if wanted not in choices:
        template = (
            N_("Who goes first in a duel must be {choices}, not {given}.")
            if duel
            else N_("Who goes first must be {choices}, not {given}.")
        )
        raise InvalidOptionError(
            template, choices=Phrase(lambda: join_or(choices)), given=repr(str(first))
        )
    return wanted


def check_size(size: int | str, sizes: tuple[int, ...]) -> int:
    """``size`` as an int if it is one of ``sizes``, else ``InvalidOptionError`` naming them."""
    try:
        wanted = int(str(size).strip())
    except ValueError:
        wanted = 0
    if wanted not in sizes:
        raise InvalidOptionError(
            "The board size must be {sizes}, not {given}.",
            sizes=Phrase(lambda: join_or(sizes)),
            given=repr(str(size)),
        )
    return wanted


def check_limit(limit: int) -> int:
    """A leaderboard's length: at least 1."""
    if limit < 1:
        raise InvalidOptionError(
            "The leaderboard length must be at least 1, not {limit}.", limit=limit
        )
    return limit
