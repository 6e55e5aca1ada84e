"""The :class:`Puzzle` value: a position where exactly one first move wins, with its solution.

One puzzle is one JSON object (:meth:`Puzzle.to_json`), the line the shipped set stores and
``python -m bot.engine puzzles --json`` prints::

    {"id": 1, "size": 3, "k": 3, "position": "X.O/...", "to_move": "X",
     "solution": [[1, 2], [2, 2], ...], "win_in": 2, "rating": 990}

rows and columns 1-based in ``solution``, as players read them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...moves import Move, Player
from ..board import Board
from .proof import Proof, Verdict
from .rating import initial_rating

JSON_KEYS = ("id", "size", "k", "position", "to_move", "solution", "win_in", "rating")
"""A puzzle's JSON keys, in the order they are written."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A position where exactly one first move wins by force (proven), and how.

    ``position``: the board in the engine's notation (rows top to bottom), ``k`` marks in a
    row to win; ``solution``: the solution line (the winning move, then the longest defence
    and the fastest win in turn, the last move completing a line), 0-based moves;
    ``win_in``: the mover's moves in it, the first included; ``rating``: its difficulty on
    the puzzle scale (the initial rating of :mod:`.rating` for the shipped set).
    """

    id: int
    size: int
    k: int
    position: str
    to_move: Player
    solution: tuple[Move, ...]
    win_in: int
    rating: int

    @property
    def board(self) -> Board:
        """The puzzle's position as a :class:`Board` (built anew on each call)."""
        return Board.from_notation(self.position, k=self.k)

    @property
    def first_move(self) -> Move:
        """The one move that wins."""
        return self.solution[0]

    def to_json(self) -> dict[str, Any]:
        """The puzzle as a JSON object, keys in :data:`JSON_KEYS` order."""
        return {
            "id": self.id,
            "size": self.size,
            "k": self.k,
            "position": self.position,
            "to_move": self.to_move.value,
            "solution": [[move.row + 1, move.col + 1] for move in self.solution],
            "win_in": self.win_in,
            "rating": self.rating,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Puzzle:
        """Read :meth:`to_json`'s object back.

        Raises:
            ValueError: a key is missing or extra, or a value has the wrong type; the
                position itself is not checked here (the set's test re-proves it).
        """
        if set(data) != set(JSON_KEYS):
            raise ValueError(f"a puzzle has the keys {', '.join(JSON_KEYS)}: {sorted(data)}")
        numbers = [data[key] for key in ("id", "size", "k", "win_in", "rating")]
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
            raise ValueError(f"id, size, k, win_in and rating are whole numbers: {dict(data)}")
        solution = data["solution"]
        if not isinstance(solution, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(n, int) for n in pair)
            for pair in solution
        ):
            raise ValueError(f"the solution is a list of [row, column] pairs: {solution!r}")
        if not isinstance(data["position"], str) or data["to_move"] not in ("X", "O"):
            raise ValueError(f"position is a string, to_move X or O: {dict(data)}")
        return cls(
            id=data["id"],
            size=data["size"],
            k=data["k"],
            position=data["position"],
            to_move=Player(data["to_move"]),
            solution=tuple(_move(row, col) for row, col in solution),
            win_in=data["win_in"],
            rating=data["rating"],
        )


@cache
def _move(row: int, col: int) -> Move:
    """The Move of a 1-based pair, one shared object per cell (reading the set makes 6,000)."""
    return Move(row - 1, col - 1)


def puzzle_from_proof(proof: Proof, puzzle_id: int) -> Puzzle:
    """The puzzle a proof with the UNIQUE verdict makes, numbered ``puzzle_id``, rated by
    :func:`~.rating.initial_rating`.

    Raises:
        ValueError: the proof found no single winning move.
    """
    if proof.verdict is not Verdict.UNIQUE:
        raise ValueError(f"{proof.board.notation} is no puzzle: {proof.verdict.value}")
    board = proof.board
    return Puzzle(
        id=puzzle_id,
        size=board.size,
        k=board.k,
        position=board.notation,
        to_move=board.to_move,
        solution=proof.line,
        win_in=proof.win_in,
        rating=initial_rating(board, proof.line),
    )
