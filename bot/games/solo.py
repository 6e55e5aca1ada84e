"""Solo ratings: what a finished game against the bot does to a member's standing.

Per board size of ``SOLO_SIZES`` a member has a solo rating in each scope (a server, or none),
Elo against the level's measured rating (``Variant.level_ratings``; at ``adaptive`` the rating
the level played at), and per kind of game and board size one ``AdaptiveRecord`` everywhere,
which sets how the adaptive level plays against them (an ultimate game moves only that: its
levels' ratings come from short matches, docs/decisions.md). A store applies
:func:`after_game` in the transaction that first saves a game as counted
(``GameStore.update``), so each game moves both exactly once.
Reasons: docs/decisions.md.
"""

from __future__ import annotations

from bot.engine.ratings import AdaptiveRecord
from bot.engine.ratings import rated as elo_rated
from bot.games.models import DUEL, Game, Rating, SoloEntry, Status
from bot.games.store import GameStore
from bot.games.variants import all_variants

SOLO_SIZES: tuple[int, ...] = tuple(
    sorted({size for v in all_variants() for size in v.sizes if v.counts_solo(size)})
)
"""The board sizes with solo ratings: those whose levels' ratings are measured closely enough
to rate members against (``Variant.counts_solo``)."""

_SCORES = {Status.WON: 1.0, Status.DRAWN: 0.5, Status.LOST: 0.0, Status.RESIGNED: 0.0}
"""The member's score per counted status of a game against the bot."""


def _counted(game: Game) -> bool:
    """A game against the bot saved with a counted status."""
    return game.level != DUEL and game.status in _SCORES


def rates_solo(game: Game) -> bool:
    """Whether ``game``, saved as it is, holds a result that moves a solo rating: a game
    against the bot on a size of ``SOLO_SIZES`` with a counted status."""
    return _counted(game) and game.variant.counts_solo(game.size)


def moves_adaptive(game: Game) -> bool:
    """Whether ``game``, saved as it is, holds a result that moves the member's adaptive
    record: a counted game at a level that plays at the member's rating (``Variant.rated``),
    on any kind of game."""
    return _counted(game) and game.variant.rated(game.level)


def counts_against_bot(game: Game) -> bool:
    """Whether ``game``, saved as it is, moves a solo rating or an adaptive record."""
    return rates_solo(game) or moves_adaptive(game)


def member_score(game: Game) -> float:
    """The member's score in a counted game against the bot: 1 win, 0.5 draw, 0 loss (a
    resignation is a loss). ``ValueError`` for a game that ``counts_against_bot`` refuses."""
    if not counts_against_bot(game):
        raise ValueError(f"game #{game.id} has no result against the bot that counts")
    return _SCORES[game.status]


def level_rating(game: Game, adaptive: AdaptiveRecord) -> int:
    """The rating the bot played ``game`` at: its level's, or at a level that plays at the
    member's rating the rating it plays at against the member's record ``adaptive`` (before
    this game; ``Variant.playing_rating``)."""
    if game.variant.rated(game.level):
        return game.variant.playing_rating(adaptive.rating, game.size)
    return game.variant.level_ratings()[game.size][game.level]


def rated(rating: Rating, score: float, opponent: int) -> Rating:
    """``rating`` after a game scoring ``score`` against a level rated ``opponent``: Elo with
    the adaptive record's K (``bot.engine.ratings.k_factor``: large for a new member)."""
    return Rating(elo_rated(rating.rating, rating.games, score, opponent), rating.games + 1)


def after_game(
    game: Game, solo: Rating, adaptive: AdaptiveRecord
) -> tuple[Rating | None, AdaptiveRecord | None]:
    """The member's solo rating on ``game.size`` in its scope (None where ``rates_solo``
    refuses: unchanged), and at a level that plays at their rating their adaptive record
    (else None: unchanged), after ``game`` (``counts_against_bot``), from their values
    before it."""
    score = member_score(game)
    played = level_rating(game, adaptive)
    new_solo = rated(solo, score, played) if rates_solo(game) else None
    if not moves_adaptive(game):
        return new_solo, None
    return new_solo, adaptive.against(score, played)


async def solo_leaderboard(
    store: GameStore, guild_id: int | None, limit: int
) -> dict[int, list[SoloEntry]]:
    """Per board size of ``SOLO_SIZES`` with a rated member in the scope, its best ``limit``
    members by solo rating (then more games, name, id); sizes nobody played are absent."""
    board: dict[int, list[SoloEntry]] = {}
    for size in SOLO_SIZES:
        rows = await store.solo_standings(guild_id, size, limit)
        if rows:
            board[size] = [SoloEntry(mid, name, r.rating, r.games) for mid, name, r in rows]
    return board
