"""The kinds of game, each a variant, and the one list of them (python-chess's ``VARIANTS``):
``find_variant(name)`` gives one (``None``: the default kind), ``game.variant`` a game's.

    variant = find_variant("ultimate")     # or game.variant
    level = variant.check_level(None)      # its default level
    board = variant.renderer.emoji_grid(game)

A new kind adds its package under this one and one entry to ``VARIANTS``, nothing else here
(docs/architecture.md, "Adding a variant").
"""

from __future__ import annotations

from bot.games.errors import InvalidOptionError
from bot.games.models import GameKind, HintReply
from bot.games.variants import classic, connect4, ultimate
from bot.games.variants.base import Renderer, Variant
from bot.games.wording import join_or
from bot.i18n import Phrase

VARIANTS: tuple[Variant, ...] = (classic.CLASSIC, ultimate.ULTIMATE, connect4.CONNECT4)
"""Every kind of game, in the order lists show them; the first is the default kind."""

_NAMES: dict[str, Variant] = {
    name: variant for variant in VARIANTS for name in (variant.kind, *variant.aliases)
}


def all_variants() -> tuple[Variant, ...]:
    """Every kind of game (``VARIANTS``), the default first."""
    return VARIANTS


def default_variant() -> Variant:
    """The kind a game is when nobody names one."""
    return VARIANTS[0]


def fixed_levels() -> list[str]:
    """The default kind's levels that play at a fixed strength (not at the member's rating):
    every member's stats list them, zeros included, before any other level."""
    variant = default_variant()
    return [level for level in variant.levels if not variant.rated(level)]


def find_variant(name: str | Variant | None) -> Variant:
    """The variant called ``name`` (its kind or an alias, in any case; a ``Variant`` is
    itself; ``None`` the default kind); ``InvalidOptionError`` naming the kinds for anything
    else."""
    if name is None:
        return default_variant()
    if isinstance(name, Variant):
        return name
    variant = _NAMES.get(str(name).strip().lower())
    if variant is None:
        raise InvalidOptionError(
            "The game must be {games}, not {given}.",
            games=Phrase(lambda: join_or([variant.kind for variant in VARIANTS])),
            given=repr(str(name)),
        )
    return variant


__all__ = [
    "VARIANTS",
    "GameKind",
    "HintReply",
    "Renderer",
    "Variant",
    "all_variants",
    "default_variant",
    "find_variant",
    "fixed_levels",
]
