"""One board layout per variant: the buttons under a game's board, registered for its kind
(``board_view.register_rows``) when this package is imported (``app`` does it first), and
the dynamic items each adds."""

from bot.discord_bot.board_view import register_rows
from bot.discord_bot.variants.classic import classic_rows
from bot.discord_bot.variants.ultimate import SmallBoardButton, ultimate_rows

register_rows("classic", classic_rows)
register_rows("ultimate", ultimate_rows)

DYNAMIC_ITEMS = (SmallBoardButton,)
"""The variants' own buttons, for ``add_dynamic_items`` (cells and controls are shared)."""

__all__ = ["DYNAMIC_ITEMS", "SmallBoardButton", "classic_rows", "ultimate_rows"]
