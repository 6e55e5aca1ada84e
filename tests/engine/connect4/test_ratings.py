"""Connect Four's measured ratings: one per level, rising with the level, and README's table
shows the same figures."""

from __future__ import annotations

import re
from pathlib import Path

from bot.engine.connect4 import LEVEL_RATINGS, LEVELS
from bot.engine.ratings import RANDOM_RATING

README = Path(__file__).resolve().parents[3] / "README.md"


def test_every_level_is_rated_above_the_random_mover_and_the_one_below() -> None:
    assert tuple(LEVEL_RATINGS) == LEVELS
    ratings = [LEVEL_RATINGS[level] for level in LEVELS]
    assert ratings == sorted(ratings) and ratings[0] > RANDOM_RATING


def test_readme_shows_the_same_figures() -> None:
    text = README.read_text(encoding="utf-8")
    header = next(line for line in text.splitlines() if line.startswith("| level |"))
    columns = [cell.strip() for cell in header.strip("|").split("|")]
    where = columns.index("Connect Four")
    shown = {}
    for line in text.splitlines():
        match = re.match(r"\| (\w+) \|", line)
        if match and match[1] in LEVELS:
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            shown[match[1]] = int(cells[where])
    assert shown == LEVEL_RATINGS
