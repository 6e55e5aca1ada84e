"""Making puzzles: candidate positions from plausible play, kept when the prover accepts them.

*Plausible play* (:func:`plausible_game`): a game between two of the engine's levels (easy,
medium, hard, perfect, each side's drawn by a seeded ``random.Random``), as a member meets them.
Its candidates (:func:`candidates`) are the positions of the game and the positions one move
away from them: a move a level may play by mistake (every level sometimes plays a random move),
the blunder that hands the other side a win. A candidate becomes a puzzle when
(:meth:`PuzzleMaker.puzzles`):

- its mover cannot complete a line at once and faces no threat to block (:func:`screen`: a win
  in one, or a forced block, is no puzzle);
- :class:`~.proof.Prover` proves exactly one winning first move (within its budget);
- the fastest win takes ``win_in`` moves of the mover within the wanted range (2 to 5);
- no earlier puzzle is the same position under the board's symmetries.

On 3x3 the whole game tree is small: :func:`every_3x3_puzzle` walks every reachable position
instead. :func:`puzzles_from_game` proves the positions of a finished game (puzzles made on
the fly). Figures: ``bench/puzzles.py`` and docs/puzzles.md.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ...moves import Move
from ..board import Board, completes_line
from ..book import canonical
from ..levels import LEVELS, choose_move
from .proof import Proof, Prover, Verdict
from .puzzle_set import K_OF_SIZE

MIN_WIN_IN = 2
MAX_WIN_IN = 5
"""The puzzles' lengths on 4x4 and 5x5: wins in 2 to 5 of the mover's moves (3x3: 2)."""

MIN_MARKS = {3: 0, 4: 4, 5: 7}
"""Marks a candidate holds at least, per size: earlier positions are almost never won, and on
5x5 they cost the solver the most (docs/puzzles.md)."""

WIN_IN_ONE = "win in one"
FORCED = "forced block"


def canonical_key(board: Board) -> int:
    """One int per position up to the board's symmetries (mover's marks, then the other's)."""
    me, opp = board.sides
    return canonical(board.geometry, me, opp)[0]


def screen(board: Board) -> str | None:
    """Why a position (game not over) is no puzzle before any search: :data:`WIN_IN_ONE` (the
    mover completes a line at once) or :data:`FORCED` (the mover must block a threat); else
    None."""
    geo = board.geometry
    me, opp = board.sides
    empty = geo.full ^ (me | opp)
    cells = [cell for cell in range(geo.cells) if empty >> cell & 1]
    if any(completes_line(geo, me | 1 << cell, cell) for cell in cells):
        return WIN_IN_ONE
    if any(completes_line(geo, opp | 1 << cell, cell) for cell in cells):
        return FORCED
    return None


def plausible_game(size: int, rng: random.Random) -> list[Board]:
    """Every position of one game between two levels drawn by ``rng`` (X's, then O's), from
    the empty board to the end (four in a row from 4x4 up)."""
    levels = (rng.choice(LEVELS), rng.choice(LEVELS))
    board = Board.empty(size, K_OF_SIZE[size])
    game = [board]
    while not board.is_over:
        board = board.play(choose_move(board, levels[board.moves_played % 2], rng))
        game.append(board)
    return game


def candidates(game: Sequence[Board], min_marks: int) -> Iterator[Board]:
    """The positions of ``game`` and one move away from them (row-major), where the game goes
    on and at least ``min_marks`` marks are down; in game order, repeats included."""
    for board in game:
        if board.is_over:
            continue
        if board.moves_played >= min_marks:
            yield board
        for move in board.legal_moves:
            child = board.play(move)
            if not child.is_over and child.moves_played >= min_marks:
                yield child


@dataclass
class Tally:
    """What making puzzles met: the bench's and the tool's figures."""

    games: int = 0
    positions: int = 0
    """Candidates met, repeats included."""
    repeats: int = 0
    """Candidates already met (the same position under symmetry)."""
    screened: Counter[str] = field(default_factory=Counter)
    """Rejected before any search, by reason (:func:`screen`)."""
    verdicts: Counter[Verdict] = field(default_factory=Counter)
    """Candidates the prover was asked about, by verdict."""
    out_of_range: int = 0
    """Unique winning move, but the win is longer or shorter than wanted."""
    kept: int = 0

    @property
    def proven(self) -> int:
        """Candidates the prover was asked about."""
        return sum(self.verdicts.values())


class PuzzleMaker:
    """Puzzles of one board size from a stream of plausible games, reproducibly from a seed."""

    def __init__(
        self,
        size: int,
        seed: int,
        *,
        prover: Prover | None = None,
        known: Sequence[Board] = (),
        win_in: tuple[int, int] = (MIN_WIN_IN, MAX_WIN_IN),
    ) -> None:
        """``known``: positions already made into puzzles (never made again, nor their
        symmetric images); ``win_in``: the lengths wanted, both ends included."""
        if size not in K_OF_SIZE:
            raise ValueError(f"no puzzles on {size}x{size}: sizes {sorted(K_OF_SIZE)}")
        self.size = size
        self.rng = random.Random(seed)
        self.prover = prover or Prover()
        self.seen = {canonical_key(board) for board in known}
        self.win_in = win_in
        self.tally = Tally()

    def puzzles(self) -> Iterator[Proof]:
        """Proofs of new puzzles, one game after another, without end."""
        min_marks = MIN_MARKS[self.size]
        while True:
            game = plausible_game(self.size, self.rng)
            self.tally.games += 1
            for board in candidates(game, min_marks):
                proof = self.consider(board)
                if proof is not None:
                    yield proof

    def consider(self, board: Board) -> Proof | None:
        """The proof of ``board`` if it makes a new puzzle, else None (counted in the tally)."""
        tally = self.tally
        tally.positions += 1
        key = canonical_key(board)
        if key in self.seen:
            tally.repeats += 1
            return None
        self.seen.add(key)
        reason = screen(board)
        if reason is not None:
            tally.screened[reason] += 1
            return None
        proof = self.prover.prove(board)
        tally.verdicts[proof.verdict] += 1
        if proof.verdict is not Verdict.UNIQUE:
            return None
        low, high = self.win_in
        if not low <= proof.win_in <= high:
            tally.out_of_range += 1
            return None
        tally.kept += 1
        return proof


def every_3x3_puzzle(prover: Prover | None = None) -> list[Proof]:
    """Every 3x3 position a game reaches (not over, the mover to move) where exactly one move
    wins by force and it wins in 2: 288 positions (42 up to symmetry), by notation."""
    prover = prover or Prover()
    found: dict[str, Proof] = {}
    seen: set[Board] = set()
    stack = [Board.empty(3)]
    while stack:
        board = stack.pop()
        if board in seen or board.is_over:
            continue
        seen.add(board)
        proof = prover.prove(board)
        if proof.verdict is Verdict.UNIQUE and proof.win_in == MIN_WIN_IN:
            found[board.notation] = proof
        stack.extend(board.play(move) for move in board.legal_moves)
    return [found[notation] for notation in sorted(found)]


def puzzles_from_game(
    moves: Sequence[Move],
    size: int,
    k: int | None = None,
    *,
    prover: Prover | None = None,
    win_in: tuple[int, int] = (MIN_WIN_IN, MAX_WIN_IN),
) -> list[Proof]:
    """The puzzles among the positions of a game (``moves`` from the empty board, ``k`` the
    game's, by default as :data:`K_OF_SIZE` says): each
    position where the side to move has exactly one winning move (none to complete at once, no
    threat to block) and wins within ``win_in`` moves, one per position up to symmetry, in
    game order. In a game someone lost, these are the winner's chances after "the move that
    lost it", and the loser's own missed wins.

    Raises:
        IllegalMoveError: a move is not legal in the game.
    """
    prover = prover or Prover()
    board = Board.empty(size, K_OF_SIZE.get(size, size) if k is None else k)
    found: list[Proof] = []
    seen: set[int] = set()
    low, high = win_in
    for move in (*moves, None):
        if not board.is_over and screen(board) is None:
            key = canonical_key(board)
            if key not in seen:
                seen.add(key)
                proof = prover.prove(board)
                if proof.verdict is Verdict.UNIQUE and low <= proof.win_in <= high:
                    found.append(proof)
        if move is not None:
            board = board.play(move)
    return found
