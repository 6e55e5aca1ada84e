"""Each level's rating per board size, on the duels' Elo scale: what help and README show.

Measured on 2026-11-25 by ``nice -n 19 python bench/levels.py``: on each size (3x3; 4x4 and 5x5
with four in a row) a round robin of 1,000 games per pair between the four levels and the
three scripted players of ``bench/scripted.py``, each side starting half, then the
maximum-likelihood Elo fit over all the pairs' results with the random mover at
:data:`bot.engine.ratings.RANDOM_RATING`. Each size is its own scale: a rating says how far
above random play on that board. Why this anchor, and the scores behind the figures:
docs/decisions.md. After a change to a level, run the bench again and paste the table it
prints.
"""

from __future__ import annotations

LEVEL_RATINGS: dict[tuple[str, int], int] = {
    ("easy", 3): 1076, ("medium", 3): 1204, ("hard", 3): 1277, ("perfect", 3): 1292,
    ("easy", 4): 1059, ("medium", 4): 1103, ("hard", 4): 1131, ("perfect", 4): 1115,
    ("easy", 5): 1751, ("medium", 5): 1987, ("hard", 5): 2078, ("perfect", 5): 2147,
}  # fmt: skip
"""``LEVEL_RATINGS[level, size]``: the level's rating on a ``size`` x ``size`` board."""

SCRIPTED_RATINGS: dict[tuple[str, int], int] = {
    ("random", 3): 800, ("one-ply", 3): 1148, ("perfect-10%", 3): 1222,
    ("random", 4): 800, ("one-ply", 4): 1087, ("perfect-10%", 4): 1080,
    ("random", 5): 800, ("one-ply", 5): 1496, ("perfect-10%", 5): 2036,
}  # fmt: skip
"""The scripted players' ratings from the same fit: the adaptive level is calibrated against
them, and plays differently from the one-ply player's rating up (bot.engine.classic.adaptive)."""
