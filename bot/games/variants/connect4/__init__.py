"""Connect Four as a variant: ``CONNECT4``, its levels, its board and hints."""

from bot.games.variants.connect4.replies import ColumnOutcome, Connect4Explained, Connect4Hint
from bot.games.variants.connect4.variant import COLUMNS, Connect4Variant, too_early_to_solve

CONNECT4: Connect4Variant = Connect4Variant()
"""The Connect Four variant, the one ``find_variant("connect4")`` gives."""

__all__ = [
    "COLUMNS",
    "CONNECT4",
    "ColumnOutcome",
    "Connect4Explained",
    "Connect4Hint",
    "Connect4Variant",
    "too_early_to_solve",
]
