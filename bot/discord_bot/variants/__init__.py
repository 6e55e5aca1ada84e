"""One board layout per variant: the buttons under a game's board, each kind's listed once
(``LAYOUTS``) and registered for its kind when this package is imported (``app`` does it)."""

from bot.discord_bot.board_view import register_layouts
from bot.discord_bot.variants import classic, connect4, ultimate

LAYOUTS = register_layouts(classic.LAYOUT, ultimate.LAYOUT, connect4.LAYOUT)
"""Every kind's board layout; their own buttons go to ``add_dynamic_items``."""

DYNAMIC_ITEMS = tuple(item for layout in LAYOUTS for item in layout.items)
"""The variants' own buttons, for ``add_dynamic_items`` (cells and controls are shared)."""

__all__ = ["DYNAMIC_ITEMS", "LAYOUTS"]
