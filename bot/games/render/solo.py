"""Solo ratings in words: a member's line in stats, the solo leaderboard, and the table of
the levels' measured ratings that help texts show."""

from __future__ import annotations

from bot.engine.ratings import RANDOM_RATING
from bot.games.errors import PLAIN, Command, Spelling
from bot.games.models import Rating, SoloEntry
from bot.games.variants import all_variants
from bot.i18n import N_, _, ngettext
from bot.i18n.width import display_width, ljust_width

# TRANSLATORS: a clause of help texts (no capital, no full stop); "adaptive" is the level's
# name as typed: keep it
ADAPTIVE_NOTE = N_(
    "adaptive plays at your own rating against it, which moves after every game, so that "
    "you win about as many points as you lose; each size starts at 1200"
)
"""What the adaptive level does, in one clause, for help texts (a msgid: translate it with
``_`` where it is shown)."""


def _games(number: int) -> str:
    # TRANSLATORS: games counted in a rating, in "3x3 1234 (5 games)"
    return ngettext("{count} game", "{count} games", number).format(count=number)


def _size(size: int) -> str:
    """The board a solo rating's size names ("3x3", "Connect Four"): the kind's own name for it
    (solo sizes are unique across kinds, ``bot.games.solo.SOLO_SIZES``)."""
    for variant in all_variants():
        if size in variant.sizes and variant.counts_solo(size):
            return variant.renderer.board_name(size)
    return f"{size}x{size}"


def describe_solo(solo: dict[int, Rating]) -> str:
    """ "3x3 1234 (5 games); 4x4 1180 (1 game)" for the sizes rated, in size order."""
    return "; ".join(
        f"{_size(size)} {rating.rating} ({_games(rating.games)})"
        for size, rating in sorted(solo.items())
    )


def solo_stats_line(name: str, solo: dict[int, Rating]) -> str | None:
    """The stats line of ``name``'s solo ratings; None before their first rated game."""
    if not solo:
        return None
    # TRANSLATORS: {name} is a member; {ratings} is "3x3 1234 (5 games); 4x4 1180 (1 game)"
    return _("{name}'s solo rating against my levels: {ratings}.").format(
        name=name, ratings=describe_solo(solo)
    )


def render_solo_leaderboard(board: dict[int, list[SoloEntry]], spelling: Spelling = PLAIN) -> str:
    """Per board size, members by solo rating (Elo against the levels' ratings, everyone
    starting at 1200), with their games against the bot; a sentence when nobody is rated."""
    if not board:
        here = _(spelling.get(Command.HERE, PLAIN[Command.HERE]))
        # TRANSLATORS: {here} is " here" (with its space) or nothing
        return _(
            "Nobody has a solo rating{here} yet: finish a game against me to be the first!"
        ).format(here=here)
    lines = [_("Solo leaderboard (Elo against my levels' ratings, each board size its own scale):")]
    for size, entries in sorted(board.items()):
        lines.append(f"{_size(size)}:")
        lines.extend(
            f"{position}. {entry.name} \u2014 {entry.rating} ({_games(entry.games)})"
            for position, entry in enumerate(entries, start=1)
        )
    return "\n".join(lines)


def solo_boards() -> list[str]:
    """The boards whose games against the bot move a solo rating, as lists name them ("3x3"),
    every kind's in order (``Variant.counts_solo``)."""
    return [
        variant.renderer.board_name(size)
        for variant in all_variants()
        for size in variant.sizes
        if variant.counts_solo(size)
    ]


def level_ratings_table() -> str:
    """The levels' measured ratings, a column per board size of every kind of game that has
    them (``Variant.level_ratings``) and a row per level ("-" where a kind has no such level),
    aligned for a fixed-width font; then what ``adaptive`` does."""
    columns = [
        (variant.renderer.board_name(size), ratings)
        for variant in all_variants()
        for size, ratings in variant.level_ratings().items()
    ]
    levels = dict.fromkeys(level for _name, ratings in columns for level in ratings)
    widths = [max(6, display_width(name) + 1) for name, _ratings in columns]
    # TRANSLATORS: the heading of the levels' column of a table (at most 8 letters)
    heading = _("level")
    first = max(9, display_width(heading) + 1, *(len(level) + 1 for level in levels))
    head = ljust_width(heading, first) + "".join(
        " " * (width - display_width(name)) + name
        for (name, _ratings), width in zip(columns, widths, strict=True)
    )
    rows = [
        level.ljust(first)
        + "".join(
            str(ratings.get(level, "-")).rjust(width)
            for (_name, ratings), width in zip(columns, widths, strict=True)
        )
        for level in levels
    ]
    # TRANSLATORS: under the levels' ratings table; {rating} is a number, {adaptive} the
    # clause on the adaptive level ("adaptive plays at your own rating ...")
    note = _(
        "Ratings on the duels' Elo scale, a random mover {rating} on every size (each size its "
        "own scale); {adaptive}."
    ).format(rating=RANDOM_RATING, adaptive=_(ADAPTIVE_NOTE))
    return "\n".join([head, *rows, note])
