"""Ultimate's levels' ratings, on the classic sizes' Elo scale (a random mover at 800): what
help and README show beside the classic sizes' (bot.engine.classic.ratings).

Not yet measured: ``python bench/levels.py --sizes 9`` fits them from a round robin against
ultimate's scripted players, strongest at the bot's 1 s a move.
"""

from __future__ import annotations

LEVEL_RATINGS: dict[str, int] = {}
"""``LEVEL_RATINGS[level]``: the ultimate level's rating."""
