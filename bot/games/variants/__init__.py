"""The kinds of game, each a variant: ``find_variant(name)`` gives one, ``game.variant`` a
game's. Importing this package registers every variant (``bot.games`` does it first).

    variant = find_variant("ultimate")     # or game.variant
    level = variant.check_level(None)      # its default level
    board = variant.renderer.emoji_grid(game)
"""

from bot.games.models import GameKind, HintReply
from bot.games.variants.base import Renderer, Variant, all_variants, find_variant
from bot.games.variants.classic import CLASSIC
from bot.games.variants.ultimate import ULTIMATE

__all__ = [
    "CLASSIC",
    "ULTIMATE",
    "GameKind",
    "HintReply",
    "Renderer",
    "Variant",
    "all_variants",
    "find_variant",
]
