"""Ultimate tic-tac-toe: the public API the game layer and adapters import.

    board = UltimateBoard()                            # or UltimateBoard.from_notation(text)
    move = choose_ultimate_move(board, "hard")         # a Move, 0-based on the 9x9 grid
    board = board.play(move)                           # a new board
    result = analyse_ultimate(board, seconds=0.5)      # top moves, win rates, proof

The rules: :mod:`bot.engine.ultimate.board`; the search: :mod:`bot.engine.ultimate.search`.
"""

from ..errors import ClosedBoardError, ImpossiblePositionError, WrongBoardError
from .board import UltimateBoard
from .levels import (
    PROFILES,
    ULTIMATE_LEVELS,
    Profile,
    UltimateLevel,
    analyse_ultimate,
    choose_ultimate_move,
)
from .search import DEFAULT_SECONDS, Leaf, MoveStat, SearchResult, search
from .tables import BoardSet, board_name

__all__ = [
    "DEFAULT_SECONDS",
    "PROFILES",
    "ULTIMATE_LEVELS",
    "BoardSet",
    "ClosedBoardError",
    "ImpossiblePositionError",
    "Leaf",
    "MoveStat",
    "Profile",
    "SearchResult",
    "UltimateBoard",
    "UltimateLevel",
    "WrongBoardError",
    "analyse_ultimate",
    "board_name",
    "choose_ultimate_move",
    "search",
]
