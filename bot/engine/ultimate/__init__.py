"""Ultimate tic-tac-toe: the public API the game layer and adapters import.

    board = UltimateBoard()                    # or UltimateBoard.from_notation(text)
    prepare()                                  # strongest's compiled search: load it once
    move = choose_move(board, "hard")          # a Move, 0-based on the 9x9 grid
    board = board.play(move)                   # a new board
    result = analyze(board, seconds=0.5)       # top moves, win rates, a proven Value if any
    move = adaptive.adaptive_move(board, record.rating, rng)  # the adaptive level

Its names say "ultimate" through the package: ``ultimate.choose_move``, ``ultimate.LEVELS``
and ``ultimate.PROFILES`` are ultimate's, beside classic's in :mod:`bot.engine`. The errors
its board raises are the engine's (:mod:`bot.engine.errors`). The rules: :mod:`.board`; the
search: :mod:`.search`.
"""

from . import adaptive
from .board import UltimateBoard
from .levels import LEVELS, PROFILES, Level, Profile, analyze, choose_move, prepare
from .ratings import LEVEL_RATINGS
from .search import DEFAULT_SECONDS, Leaf, MoveStat, SearchResult, search
from .tables import BoardSet, board_name

__all__ = [
    "DEFAULT_SECONDS",
    "LEVELS",
    "LEVEL_RATINGS",
    "PROFILES",
    "BoardSet",
    "Leaf",
    "Level",
    "MoveStat",
    "Profile",
    "SearchResult",
    "UltimateBoard",
    "adaptive",
    "analyze",
    "board_name",
    "choose_move",
    "prepare",
    "search",
]
