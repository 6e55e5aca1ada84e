"""Classic tic-tac-toe as a variant: ``CLASSIC``, its sizes and levels, its drawing."""

from bot.games.variants.classic.variant import (
    CLASSIC_LEVELS,
    SIZES,
    WIN_LENGTH,
    ClassicVariant,
    too_early_to_solve,
)

CLASSIC: ClassicVariant = ClassicVariant()
"""The classic variant, the one ``find_variant("classic")`` gives."""

__all__ = [
    "CLASSIC",
    "CLASSIC_LEVELS",
    "SIZES",
    "WIN_LENGTH",
    "ClassicVariant",
    "too_early_to_solve",
]
