"""Judging a member's move in a puzzle with the engine's prover: right (and the bot's longest
defence), solved, or wrong (and why: the refutation).

Pure and synchronous: the puzzles' collaborator runs it in a worker thread on 4x4 and 5x5,
where a search may take a while. Each thread keeps its own :class:`Prover` (not thread-safe;
on 5x5 it keeps a table between questions).

The rules, from the puzzle's proof (docs/puzzles.md): the first move is right only if it is
the solution's (exactly one move wins, proven when the puzzle was made); a later move is right
if it still wins within the member's moves left (another move may win as fast as the line's),
then the bot answers with the longest defence. A move that wins only more slowly is wrong: the
puzzle says "win in N".
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

from bot.engine import Move
from bot.engine.classic import Board
from bot.engine.classic.puzzles import Prover, Puzzle, Unproven
from bot.games.puzzles.models import Miss

log = logging.getLogger(__name__)

_local = threading.local()


def prover() -> Prover:
    """This thread's prover."""
    found: Prover | None = getattr(_local, "prover", None)
    if found is None:
        found = _local.prover = Prover()
    return found


class NotProven(Exception):
    """The search budget ran out before the move could be judged (never for the solution's
    own moves, which need no search)."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """A legal move judged: ``miss`` None when it is right; then ``defence`` is the bot's
    answer, None when the move completed a line (solved)."""

    miss: Miss | None
    defence: Move | None

    @property
    def solved(self) -> bool:
        return self.miss is None and self.defence is None


def judge(puzzle: Puzzle, moves: tuple[Move, ...], move: Move) -> Judgement:
    """Judge ``move`` (legal) after ``moves`` from the puzzle's position.

    Raises:
        NotProven: a search passed the prover's budget on a move off the solution line.
    """
    board = puzzle.board
    for played in moves:
        board = board.play(played)
    after = board.play(move)
    line = puzzle.solution
    on_line = moves == line[: len(moves)] and len(moves) < len(line) and line[len(moves)] == move
    left = puzzle.win_in - (len(moves) + 1) // 2
    if on_line:
        right = True
    elif not moves:
        right = False  # exactly one first move wins: proven when the puzzle was made
    else:
        try:
            right = prover().wins_within(board, move, left)
        except Unproven:
            raise NotProven from None
    if right:
        if after.is_over:
            return Judgement(None, None)
        if on_line and len(moves) + 1 < len(line):
            return Judgement(None, line[len(moves) + 1])
        return Judgement(None, _defence(after))
    return Judgement(_miss(board, move), None)


def _defence(after: Board) -> Move:
    """The bot's longest defence; should the budget run out (never seen on the shipped set),
    the first legal move, logged: the member still wins."""
    try:
        return prover().defence(after)
    except Unproven:
        log.warning("No defence proven within the budget on %s; playing any move.", after)
        return after.legal_moves[0]


def _miss(board: Board, move: Move) -> Miss:
    """Why ``move`` is wrong on ``board``: the refutation, or "slower" when it still wins."""
    try:
        refutation = prover().refutation(board, move)
    except ValueError:  # it wins by force, only not within the moves left
        after = board.play(move)
        return Miss(move, _defence(after), None, slower=True)
    except Unproven:
        return Miss(move, None, None, proven=False)
    return Miss(move, refutation.reply, refutation)
