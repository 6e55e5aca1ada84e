"""The options a player chooses (level, who goes first, board size, leaderboard length),
checked into their normal form or refused with ``InvalidOptionError`` and its sentence."""

from __future__ import annotations

from bot.engine import LEVELS, Level, UnknownLevelError
from bot.engine.classic import ADAPTIVE
from bot.engine.ultimate import LEVELS as ULTIMATE_LEVELS
from bot.engine.ultimate import Level as UltimateLevel
from bot.games.errors import InvalidOptionError
from bot.games.models import FIRST_CHOICES, GAMES, SIZES
from bot.games.wording import join_or
from bot.i18n import N_, Phrase

CLASSIC_LEVELS: tuple[str, ...] = (*LEVELS, ADAPTIVE)
"""The levels of a classic game against the bot: the engine's fixed ``LEVELS``, then
``adaptive``, which plays at the member's own rating (``bot.engine.classic.adaptive``)."""


def check_level(level: str) -> str:
    """The level's name: ``adaptive``, or one the engine's validator (``Level.of``) knows."""
    wanted = str(level).strip().lower()
    if wanted == ADAPTIVE:
        return ADAPTIVE
    try:
        return Level.of(wanted).value
    except UnknownLevelError:
        raise InvalidOptionError(
            "There is no level {given}. Choose one of: {levels}.",
            given=repr(str(level)),
            levels=", ".join(CLASSIC_LEVELS),
        ) from None


def check_ultimate_level(level: str) -> str:
    """An ultimate game's level; ``perfect`` has its own sentence (the game is not solved)."""
    wanted = str(level).strip().lower()
    if wanted == Level.PERFECT.value:
        raise InvalidOptionError(
            "Ultimate tic-tac-toe is not solved, so there is no perfect level: choose one of "
            "{levels} ({strongest} searches longest).",
            levels=", ".join(ULTIMATE_LEVELS),
            strongest=UltimateLevel.STRONGEST.value,
        )
    if wanted == ADAPTIVE:
        raise InvalidOptionError(
            "The adaptive level plays on the 3x3, 4x4 and 5x5 boards only, where its "
            "strength is measured: in ultimate tic-tac-toe choose one of {levels}.",
            levels=", ".join(ULTIMATE_LEVELS),
        )
    try:
        return UltimateLevel.of(wanted).value
    except UnknownLevelError:
        raise InvalidOptionError(
            "There is no level {given} in ultimate tic-tac-toe. Choose one of: {levels}.",
            given=repr(str(level)),
            levels=", ".join(ULTIMATE_LEVELS),
        ) from None


def check_game(game: str) -> str:
    """The kind of game, one of ``GAMES``."""
    wanted = str(game).strip().lower()
    if wanted not in GAMES:
        raise InvalidOptionError(
            "The game must be {games}, not {given}.",
            games=Phrase(lambda: join_or(GAMES)),
            given=repr(str(game)),
        )
    return wanted


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


def check_size(size: int | str) -> int:
    """The board size as an int, if it is one of ``SIZES``."""
    try:
        wanted = int(str(size).strip())
    except ValueError:
        wanted = 0
    if wanted not in SIZES:
        raise InvalidOptionError(
            "The board size must be {sizes}, not {given}.",
            sizes=Phrase(lambda: join_or(SIZES)),
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
