"""What Connect Four's hint and explanation return: each column's exact score turned into what
the classic replies say of a move (a value and the plies to the end), for the renderer to
word (``bot.games.variants.connect4.explain``).

The solver's scores follow gamesolver.org's benchmark: for the side to move, 0 a draw, ``22 - n``
a win with its ``n``-th disc of the game, ``-(22 - n)`` a loss to the other side's ``n``-th
(``bot.engine.connect4.solver``). ``outcome`` turns one into the side's own moves to the end,
the unit every sentence counts in ("wins in 5 of your moves").
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Move, Player, Value
from bot.engine.connect4 import Analysis, Connect4Board
from bot.games.errors import TooEarlyToSolveError
from bot.games.models import Game


@dataclass(frozen=True, slots=True)
class ColumnOutcome:
    """One column's result under best play for the side that drops a disc in it: ``value``,
    ``plies`` to the end (both sides' moves, this one included) and the solver's ``score``;
    ``move`` is the cell the disc lands in."""

    move: Move
    value: Value
    plies: int
    score: int

    @property
    def column(self) -> int:
        """The column, 1-based, as players type it."""
        return self.move.col + 1


def outcome(board: Connect4Board, col: int, score: int) -> ColumnOutcome:
    """Column ``col``'s (0-based) ``score`` on ``board`` for the side to move, as a value and
    plies: a win with its ``n``-th disc is ``n`` less the discs it has down of its own moves,
    a loss to the other side's ``n``-th that many of the other side's moves after each of its
    own."""
    geometry, discs = board.geometry, board.discs
    whole = geometry.cells // 2 + 1  # the benchmark's 22 on 7x6
    if score > 0:
        own = whole - score - discs // 2  # discs // 2: the mover's discs down already
        return ColumnOutcome(board.landing(col), Value.WIN, 2 * own - 1, score)
    if score < 0:
        theirs = whole + score - (discs - discs // 2)
        return ColumnOutcome(board.landing(col), Value.LOSS, 2 * theirs, score)
    return ColumnOutcome(board.landing(col), Value.DRAW, geometry.cells - discs, score)


def outcomes(board: Connect4Board, analysis: Analysis) -> tuple[ColumnOutcome, ...]:
    """Every open column's outcome, best first: wins fastest first, then draws, then losses
    slowest first; equal ones left to right."""
    found = [
        outcome(board, col, score)
        for col, score in enumerate(analysis.columns)
        if score is not None
    ]
    return tuple(sorted(found, key=lambda entry: (-entry.score, entry.move.col)))


@dataclass(frozen=True, slots=True)
class Connect4Hint:
    """The solver's exact scores of the position, for the member whose turn it is:
    ``columns``, every open column's outcome, best first."""

    game: Game
    columns: tuple[ColumnOutcome, ...]

    @property
    def value(self) -> Value:
        """The position's value for the member to move."""
        return self.columns[0].value


@dataclass(frozen=True, slots=True)
class Connect4Explained:
    """What the solver sees in one position of ``game`` and the move it explains, as a
    classic explanation (``bot.games.variants.classic.replies.Explained``): the running game's
    position and its best column for the side to move (``played`` False), or the position
    before a finished game's last move by the bot (by anyone, in a duel) and that move.
    ``columns``: every open column's outcome for ``mover``, best first; ``nodes`` and
    ``seconds``: what the search cost."""

    game: Game
    position: Connect4Board
    mover: Player
    move: Move
    played: bool
    columns: tuple[ColumnOutcome, ...]
    nodes: int
    seconds: float

    @property
    def explained(self) -> ColumnOutcome:
        """The explained move's outcome."""
        return next(entry for entry in self.columns if entry.move.col == self.move.col)


class NamedColumn(TooEarlyToSolveError):
    """A position the solver did not finish in time, answered about one column: one the rules
    decide (it wins at once, or it is the only one that does not lose at once), or the move
    an explanation is about. Its board marks that column (``pick``) as the move, not as the
    bot's guess."""
