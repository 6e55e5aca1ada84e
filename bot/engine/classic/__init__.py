"""Classic tic-tac-toe, 3x3 to 6x6 with k in a row: the public API of the classic engine.

    board = Board.empty()                              # or Board.from_notation("X.O/.X./..O")
    move = choose_move(board, "perfect")               # a Move, 0-based
    analysis = analyze(board)                          # every move: win/draw/loss and plies
    move = adaptive_move(board, record.rating, rng)    # the adaptive level (bot.engine.ratings)
    why = explain(board)                               # the analysis and what it cost
    valuation = Valuer(budget=..., per_position=...).valuation(board)   # a look back
    appraisal = appraise(board, budget=..., per_position=...)           # every move, budgeted

The rules: :mod:`.board`; the exact search: :mod:`.solver` (5x5 with four in a row:
:mod:`.perfect_5x5`); the levels: :mod:`.levels`; puzzles, positions where exactly one move wins
by force: :mod:`.puzzles` (imported on its own, with its data). A reading order:
docs/decisions.md.
"""

from .adaptive import adaptive_move, playing_rating, record_after
from .analysis import Analysis, MoveAnalysis, analyze
from .board import Board
from .explain import Explanation, explain, explain_appraised
from .geometry import Bitboard, Cell
from .levels import LEVELS, PROFILES, Level, choose_move
from .perfect import best_moves
from .profiles import Profile
from .ratings import LEVEL_RATINGS, SCRIPTED_RATINGS
from .valuation import Appraisal, MoveValuation, Valuation, Valuer, appraise, budgeted

__all__ = [
    "LEVELS",
    "LEVEL_RATINGS",
    "PROFILES",
    "SCRIPTED_RATINGS",
    "Analysis",
    "Appraisal",
    "Bitboard",
    "Board",
    "Cell",
    "Explanation",
    "Level",
    "MoveAnalysis",
    "MoveValuation",
    "Profile",
    "Valuation",
    "Valuer",
    "adaptive_move",
    "analyze",
    "appraise",
    "best_moves",
    "budgeted",
    "choose_move",
    "explain",
    "explain_appraised",
    "playing_rating",
    "record_after",
]
