"""The ``/tictactoe`` options' choices, built from the variants: a kind of game adds its own
(its game choice, sizes, levels and leaderboards) by being listed in ``VARIANTS``.

Every choice name is one whole sentence for the catalogue (``CatalogueTranslator`` gives
Discord each shipped language's); the part before the colon is the option's value, kept. A
kind's sentences are its renderer's msgids; the ones every kind shares are here, each with its
own note on the line above it (Babel attaches a note only to the sentence right below it).
The level option is offered as you type (``level_choices``): each game has levels of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from discord.app_commands import Choice, locale_str

from bot.games import DUEL_FIRST_CHOICES, FIRST_CHOICES, InvalidOptionError, find_variant
from bot.games.variants import Variant, all_variants, default_variant
from bot.games.variants.base import Ranking
from bot.i18n import SOURCE, translate

DEFAULT_FIRST = "random"
"""Who moves first in a start or a challenge when the member does not say."""

# TRANSLATORS: the description of the option game of /tictactoe start and /tictactoe
# challenge (100 characters at most)
GAME_DESCRIPTION = locale_str(
    "Which game to play: the first listed is the default; /tictactoe help explains each."
)

FIRST_NOTES: dict[str, locale_str] = {
    # TRANSLATORS: a choice of /tictactoe start first: keep "me" before the colon as typed;
    # 100 characters at most; ❌ is the first mover's mark
    "me": locale_str("me: you play ❌ and move first"),
    # TRANSLATORS: a choice of /tictactoe start first: keep "bot" before the colon as typed;
    # 100 characters at most; ❌ is the first mover's mark
    "bot": locale_str("bot: I play ❌ and move first"),
    # TRANSLATORS: a choice of who moves first (/tictactoe start, /tictactoe challenge): keep
    # "random" before the colon as typed; 100 characters at most
    "random": locale_str("random: a coin toss (default)"),
}
"""Each of the game layer's ``FIRST_CHOICES`` as its choice (a test keeps it complete)."""

DUEL_FIRST_NOTES: dict[str, locale_str] = {
    # TRANSLATORS: a choice of /tictactoe challenge first: keep "challenger" before the colon
    # as typed; 100 characters at most
    "challenger": locale_str("challenger: you move first"),
    # TRANSLATORS: a choice of /tictactoe challenge first: keep "opponent" before the colon
    # as typed; 100 characters at most
    "opponent": locale_str("opponent: your opponent moves first"),
    # TRANSLATORS: a choice of who moves first (/tictactoe start, /tictactoe challenge): keep
    # "random" before the colon as typed; 100 characters at most
    "random": locale_str("random: a coin toss (default)"),
}
"""Each of the game layer's ``DUEL_FIRST_CHOICES`` as its choice (a test keeps it complete)."""

FIRST_OPTION_CHOICES = [Choice(name=FIRST_NOTES[first], value=first) for first in FIRST_CHOICES]
DUEL_FIRST_OPTION_CHOICES = [
    Choice(name=DUEL_FIRST_NOTES[who], value=who) for who in DUEL_FIRST_CHOICES
]
GAME_CHOICES = [
    Choice(name=locale_str(variant.renderer.choice), value=variant.kind)
    for variant in all_variants()
]
"""Every kind of game, the default first (its choice says so)."""
SIZE_CHOICES = [
    Choice(name=locale_str(note), value=size)
    for size, note in {
        size: note for v in all_variants() for size, note in v.renderer.size_notes.items()
    }.items()
]
"""Every size a kind of game offers a choice of, with what it takes to win there."""


@dataclass(frozen=True, slots=True)
class Ranked:
    """What one ``/tictactoe leaderboard kind`` ranks: a kind's ``ranking`` (``variant``
    None: the puzzle solvers, whatever they played)."""

    variant: Variant | None
    ranking: Ranking | None


PUZZLES = "puzzles"
LEADERBOARDS: dict[str, Ranked] = {
    **{
        board.name: Ranked(variant, board.ranking)
        for variant in all_variants()
        for board in variant.leaderboards
    },
    PUZZLES: Ranked(None, None),
}
"""Each leaderboard by the name members choose it by: every kind's, then the puzzles'."""
LEADERBOARD_KINDS = [
    *(
        Choice(name=locale_str(board.choice), value=board.name)
        for variant in all_variants()
        for board in variant.leaderboards
    ),
    Choice(
        # TRANSLATORS: a choice of /tictactoe leaderboard kind: keep "puzzles" before the
        # colon as typed; 100 characters at most
        name=locale_str("puzzles: this server's puzzle solvers, by puzzle rating"),
        value=PUZZLES,
    ),
]
"""The leaderboard option's choices, the default (the default kind's first) first."""

LEVEL_SETTING_NAMES: tuple[str, ...] = default_variant().levels
"""The levels a server may make its default: the default kind's (each start takes it where
its kind has that level)."""


def level_choices(game: object, typed: str, locale: str = SOURCE) -> list[Choice[str]]:
    """The level option's choices as a member types ``typed``: the levels of the game chosen
    in the same command (``game``, a kind's name; else the default kind) whose name or note
    (in ``locale``, the member's) holds what was typed, each with its note, which discord.py
    translates (Discord shows at most 25)."""
    try:
        variant = find_variant(game if isinstance(game, str) else None)
    except InvalidOptionError:
        variant = find_variant(None)
    wanted = typed.strip().casefold()
    return [
        Choice(name=locale_str(note), value=level)
        for level, note in variant.renderer.level_notes.items()
        if wanted in level or wanted in translate(note, locale).casefold()
    ][:25]
