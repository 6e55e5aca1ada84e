"""Puzzles: positions where exactly one first move wins by force, proven, with the solution.

    puzzle = shipped().by_id(17)                        # or .near(size, rating, rng, exclude=...)
    board = puzzle.board                                # the position; puzzle.solution, .win_in
    proof = Prover().prove(board)                       # any position: UNIQUE, NO_WIN, SEVERAL...
    Prover().defence(board)                             # the bot's answer: the longest defence
    Prover().wins_within(board, move, moves)            # a later move of the solver still wins?
    Prover().refutation(board, wrong_move)              # why a wrong move fails
    proofs = puzzles_from_game(moves, size)             # puzzles made from a finished game

The proof: :mod:`.proof`; the initial rating: :mod:`.rating`; the value and its JSON:
:mod:`.puzzle`; the shipped set: :mod:`.puzzle_set`; making puzzles: :mod:`.maker`; the
command line: :mod:`.cli`. How uniqueness is proven, and the figures: docs/puzzles.md.
"""

from .maker import (
    MAX_WIN_IN,
    MIN_WIN_IN,
    PuzzleMaker,
    Tally,
    every_3x3_puzzle,
    plausible_game,
    puzzles_from_game,
    screen,
)
from .proof import PROOF_BUDGET, Proof, Prover, Refutation, Unproven, Verdict, prove
from .puzzle import Puzzle, puzzle_from_proof
from .puzzle_set import K_OF_SIZE, SIZES, PuzzleSet, shipped
from .rating import BASE_RATING, initial_rating

__all__ = [
    "BASE_RATING",
    "K_OF_SIZE",
    "MAX_WIN_IN",
    "MIN_WIN_IN",
    "PROOF_BUDGET",
    "SIZES",
    "Proof",
    "Prover",
    "Puzzle",
    "PuzzleMaker",
    "PuzzleSet",
    "Refutation",
    "Tally",
    "Unproven",
    "Verdict",
    "every_3x3_puzzle",
    "initial_rating",
    "plausible_game",
    "prove",
    "puzzle_from_proof",
    "puzzles_from_game",
    "screen",
    "shipped",
]
