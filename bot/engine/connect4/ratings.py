"""Connect Four's levels' ratings, on the other kinds' Elo scale (a random mover at 800): what
help and README show beside the classic sizes' (bot.engine.classic.ratings) and ultimate's.

Measured on 2026-11-29 by ``nice -n 19 python bench/levels.py --sizes connect4
--games-connect4 40 --jobs 2``: a round robin of 40 games a pair between the four levels
(strongest at the bot's 0.6 s a move) and Connect Four's three scripted players (random, the
sir-lancebot-style player, one-ply), fitted with one drawn game added to every pair, the random
mover at 800. Forty games a pair put each figure within about 100 either way; the scores behind
them: docs/benchmarks.md. After a change to a level, run the bench again and paste the line it
prints.
"""

from __future__ import annotations

LEVEL_RATINGS: dict[str, int] = {"easy": 1476, "medium": 1720, "hard": 1873, "strongest": 2000}
"""``LEVEL_RATINGS[level]``: the Connect Four level's rating."""

SCRIPTED_RATINGS: dict[str, int] = {"random": 800, "lancebot": 1145, "one-ply": 1283}
"""The scripted players' ratings from the same fit: the adaptive level's calibration plays
against them and the levels, at these ratings (bench/adaptive.py)."""
