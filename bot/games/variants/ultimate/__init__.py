"""Ultimate tic-tac-toe as a variant: ``ULTIMATE``, its levels, its grid and hints."""

from bot.games.variants.ultimate.render import RULES, UltimateHint
from bot.games.variants.ultimate.variant import GRID, UltimateVariant

ULTIMATE: UltimateVariant = UltimateVariant()
"""The ultimate variant, the one ``find_variant("ultimate")`` gives."""

__all__ = ["GRID", "RULES", "ULTIMATE", "UltimateHint", "UltimateVariant"]
