"""Puzzles in play: members solve the engine's proven puzzles, with ratings, streaks, a
leaderboard and a daily server puzzle.

The engine proves and ships the puzzles (``bot.engine.classic.puzzles``); this package is what
members do with them. ``models`` holds the values (attempts, standings, daily posts),
``rating`` what an ended attempt does to the ratings (applied by the store), ``solving`` judges
a move with the prover, ``catalogue`` finds a puzzle by number or near a rating, ``play`` is
the collaborator adapters reach as ``service.puzzles``, ``daily`` its daily server puzzle
(``service.puzzles.daily``), ``making`` makes puzzles from finished games, ``sentences`` the
refusals, ``render`` their words and boards. Importing this package imports only the values
(the engine's ``Puzzle`` and its ``PuzzleBoard`` among them), so the store contract and the
adapters may name them.
Reasons and figures: docs/puzzles.md.
"""

from bot.engine.classic import Board as PuzzleBoard
from bot.engine.classic.puzzles import Puzzle
from bot.games.puzzles.models import (
    MADE_FIRST_ID,
    Attempt,
    AttemptStatus,
    DailyPlan,
    DailyPost,
    DailySetting,
    Finished,
    MadePuzzle,
    Miss,
    PuzzleEntry,
    PuzzlePlayer,
    PuzzleRating,
    PuzzleReply,
    Streak,
)

__all__ = [
    "MADE_FIRST_ID",
    "Attempt",
    "AttemptStatus",
    "DailyPlan",
    "DailyPost",
    "DailySetting",
    "Finished",
    "MadePuzzle",
    "Miss",
    "Puzzle",
    "PuzzleBoard",
    "PuzzleEntry",
    "PuzzlePlayer",
    "PuzzleRating",
    "PuzzleReply",
    "Streak",
]
