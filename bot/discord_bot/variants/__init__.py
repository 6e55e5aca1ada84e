"""One board view per variant: the buttons under a game's message, registered for its kind
(``board_view.register_view``) when this package is imported (``app`` does it first), and
the dynamic items each adds."""

from bot.discord_bot.board_view import register_view
from bot.discord_bot.variants.classic import classic_view
from bot.discord_bot.variants.ultimate import SmallBoardButton, ultimate_view
from bot.games import GameKind

register_view(GameKind.CLASSIC, classic_view)
register_view(GameKind.ULTIMATE, ultimate_view)

DYNAMIC_ITEMS = (SmallBoardButton,)
"""The variants' own buttons, for ``add_dynamic_items`` (cells and rematches are shared)."""

__all__ = ["DYNAMIC_ITEMS", "SmallBoardButton", "classic_view", "ultimate_view"]
