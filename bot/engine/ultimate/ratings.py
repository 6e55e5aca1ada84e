"""Ultimate's levels' ratings, on the classic sizes' Elo scale (a random mover at 800): what
help and README show beside the classic sizes' (bot.engine.classic.ratings).

Measured on 2026-11-29, after ``strongest`` moved to the compiled search (issue 48), by
``python bench/levels.py --sizes 9 --jobs 2`` on a quiet machine: a
round robin of 20 games a pair between the four levels (strongest at the bot's 1 s a move) and
ultimate's three scripted players (random, one-ply, plain UCT at 0.05 s a move), fitted with one
drawn game added to every pair, the random mover at 800. Twenty games a pair put each figure
within about 100 either way; why ultimate's games still move no solo rating: docs/decisions.md.
``strongest``'s figure is a floor: it won every game against the scripted players and 90 % against
``hard``, so these matches cannot say how much stronger it is; its games against engines we did
not write are in docs/benchmarks.md. After a change to a level, run the bench again and paste the
line it prints."""

from __future__ import annotations

LEVEL_RATINGS: dict[str, int] = {"easy": 1318, "medium": 1626, "hard": 1912, "strongest": 2177}
"""``LEVEL_RATINGS[level]``: the ultimate level's rating."""
