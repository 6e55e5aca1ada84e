"""Proving a puzzle: whether exactly one first move wins by force, and its solution line.

:meth:`Prover.prove` answers for a position where the game goes on with a :class:`Proof`: the
:class:`Verdict` (exactly one winning move, none, several, or not proven within the budget),
the winning moves and, for a puzzle, the solution line: the winning move, then the defence that
delays the loss longest, then the fastest win again, and so on until the win is on the board.
Among equally long defences a move that blocks a threat comes first, then row-major order;
among equally fast wins, row-major order.

The searches: on 3x3 and 4x4, :func:`~..analysis.analyze` (every move's exact value and length
in one search); on 5x5 with four in a row, :class:`~..wdl_solver.WdlSolver`, every move searched
to the end of the game for its value, and lengths by search horizons (the fastest win is the
shortest horizon within which the mover still wins), all within :data:`PROOF_BUDGET` positions
a question. How uniqueness is proven, and why so: docs/puzzles.md.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from ...errors import GameOverError, SearchTooLargeError
from ...moves import Move
from ...values import Value
from ..analysis import Analysis, analyze
from ..board import Board, completes_line
from ..geometry import Bitboard, Cell
from ..perfect_5x5 import is_5x5_four
from ..wdl_solver import DRAW, LOSS, WIN, Stopped, WdlSolver

PROOF_BUDGET = 400_000
"""Positions the 5x5 searches of one question (a proof, a defence, a refutation) may examine
together; past it the answer is "not proven", never a guess (figures: docs/puzzles.md)."""

TABLE_LIMIT = 300_000
"""Entries the prover's own 5x5 win/draw/loss table may hold (about 30 MB, kept between
proofs: the positions of one game share much of their trees)."""


class Verdict(enum.Enum):
    """What a proof found about a position's winning moves."""

    UNIQUE = "unique"
    """Exactly one first move wins by force: a puzzle."""
    NO_WIN = "no win"
    """No move wins by force: the side to move draws or loses with best play."""
    SEVERAL = "several"
    """More than one first move wins by force."""
    UNPROVEN = "unproven"
    """The searches would have examined more than the budget allows."""


@dataclass(frozen=True, slots=True)
class Proof:
    """What is proven about ``board`` (the side to move's winning moves).

    ``winning_moves``: every first move that wins by force, row-major (one for UNIQUE, two or
    more for SEVERAL, none otherwise); ``line``: for UNIQUE the solution line (the winning move
    first, then defence and win in turn, the last move completing a line), else ``()``;
    ``positions_examined``: what the searches cost.
    """

    board: Board
    verdict: Verdict
    winning_moves: tuple[Move, ...]
    line: tuple[Move, ...]
    positions_examined: int

    @property
    def win_in(self) -> int:
        """The mover's moves in the solution line, the first included (0 without one)."""
        return (len(self.line) + 1) // 2


@dataclass(frozen=True, slots=True)
class Refutation:
    """Why a move does not win: ``value`` is its result for the side that played it under best
    play (a draw or a loss), ``reply`` the opponent's best answer (its fastest win, else a
    move that keeps the draw, a block first), None when the move ended the game."""

    move: Move
    value: Value
    reply: Move | None


class Prover:
    """Proofs about positions of any board shape, one question after another.

    Not thread-safe: one prover per thread. On 5x5 with four in a row it keeps one win/draw/loss
    table between questions (at most ``table_limit`` entries); each question may examine at most
    ``budget`` positions and otherwise answers "not proven" (:class:`Verdict` UNPROVEN, or
    :class:`Unproven` from the other questions). 3x3 and 4x4 use the shared exact solver.
    """

    def __init__(self, *, budget: int = PROOF_BUDGET, table_limit: int = TABLE_LIMIT) -> None:
        if budget <= 0:
            raise ValueError(f"the budget must be positive, not {budget}")
        self.budget = budget
        self.table_limit = table_limit
        self._solver: WdlSolver | None = None

    # -- the questions ---------------------------------------------------------------------

    def prove(self, board: Board) -> Proof:
        """Whether exactly one first move wins by force on ``board``, and the solution line.

        Raises:
            GameOverError: the game is over.
        """
        question = self._question(board)
        try:
            winning = question.winning_moves(board)
            if len(winning) != 1:
                verdict = Verdict.SEVERAL if winning else Verdict.NO_WIN
                return Proof(board, verdict, winning, (), question.spent)
            line = _solution_line(question, board, winning[0])
            return Proof(board, Verdict.UNIQUE, winning, line, question.spent)
        except Unproven:
            return Proof(board, Verdict.UNPROVEN, (), (), question.spent)
        finally:
            question.close()

    def defence(self, board: Board) -> Move:
        """The side to move is lost: its move that delays the loss longest (a block first
        among equals, then row-major), the bot's answer in a puzzle.

        Raises:
            GameOverError: the game is over.
            ValueError: the side to move is not lost.
            Unproven: the searches would pass the budget.
        """
        question = self._question(board)
        try:
            plies = question.loss_plies(board)
            if plies is None:
                raise ValueError(f"{board.notation}: the side to move is not lost")
            return _longest_defence(question, board, plies)
        finally:
            question.close()

    def wins_within(self, board: Board, move: Move, moves: int) -> bool:
        """Whether ``move`` wins by force within ``moves`` of the mover's moves, itself included:
        what a puzzle accepts after its first move, where another winning move may do too.

        Raises:
            GameOverError: the game is over.
            IllegalMoveError: ``move`` is not legal here.
            Unproven: the searches would pass the budget.
        """
        board.play(move)  # refuse an illegal move with the rules' own error
        question = self._question(board)
        try:
            return moves >= 1 and question.move_wins_within(board, move, 2 * moves - 1)
        finally:
            question.close()

    def refutation(self, board: Board, move: Move) -> Refutation:
        """Why ``move`` is wrong: its value for the mover and the opponent's best reply.

        Raises:
            GameOverError: the game is over.
            IllegalMoveError: ``move`` is not legal here.
            ValueError: ``move`` wins by force (it is not wrong).
            Unproven: the searches would pass the budget.
        """
        after = board.play(move)
        if after.is_over:  # a full board (a completed line would be a win)
            if after.winner is not None:
                raise ValueError(f"{move} wins at once")
            return Refutation(move, Value.DRAW, None)
        question = self._question(after)
        try:
            return question.refutation(after, move)
        finally:
            question.close()

    def _question(self, board: Board) -> _Question:
        if board.is_over:
            raise GameOverError()
        if is_5x5_four(board):
            if self._solver is None:
                self._solver = WdlSolver(board.geometry, table_limit=self.table_limit)
            return _WdlQuestion(self._solver, self.budget)
        return _ExactQuestion()


class Unproven(Exception):
    """A question to :class:`Prover` would have examined more positions than its budget."""


def prove(board: Board, *, budget: int = PROOF_BUDGET) -> Proof:
    """:meth:`Prover.prove` with a prover of its own (its 5x5 table dropped afterwards)."""
    return Prover(budget=budget).prove(board)


# -- the line ----------------------------------------------------------------------------------


def _solution_line(question: _Question, board: Board, first: Move) -> tuple[Move, ...]:
    """The winning move, then the longest defence and the fastest win in turn to the end."""
    left = question.win_plies(board, first)  # plies from here to the end, ``first`` included
    line = [first]
    board = board.play(first)
    left -= 1
    while not board.is_over:
        if len(line) % 2:  # the defender's turn
            move = _longest_defence(question, board, left)
        else:
            move = next(m for m in board.legal_moves if question.move_wins_within(board, m, left))
        line.append(move)
        board = board.play(move)
        left -= 1
    return tuple(line)


def _longest_defence(question: _Question, board: Board, plies: int) -> Move:
    """The defender (to move) loses in ``plies`` with best play: the first reply, blocks first,
    after which the winner still needs all ``plies - 1`` that remain."""
    for reply in _blocks_first(board):
        after = board.play(reply)
        if plies - 3 < 1 or not question.position_wins_within(after, plies - 3):
            return reply
    raise AssertionError("no defence holds out as long as the position's own length")


def _blocks_first(board: Board) -> list[Move]:
    """The legal moves, those that fill one of the opponent's threat cells first, row-major."""
    geo = board.geometry
    opp = board.sides[1]
    blocks: list[Move] = []
    others: list[Move] = []
    for move in board.legal_moves:
        cell = board.cell(move)
        (blocks if completes_line(geo, opp | 1 << cell, cell) else others).append(move)
    return blocks + others


def _in_order(moves: Iterable[Move], board: Board) -> list[Move]:
    order = _blocks_first(board)
    chosen = set(moves)
    return [move for move in order if move in chosen]


# -- the searches --------------------------------------------------------------------------------


class _Question:
    """The searches one question needs, on one board shape, and what they cost."""

    spent = 0

    def winning_moves(self, board: Board) -> tuple[Move, ...]:
        """Every move that wins by force, row-major."""
        raise NotImplementedError

    def win_plies(self, board: Board, move: Move) -> int:
        """The plies to the end of the fastest win that starts with ``move`` (a winning move)."""
        raise NotImplementedError

    def loss_plies(self, board: Board) -> int | None:
        """The plies the side to move holds out if it is lost, else None."""
        raise NotImplementedError

    def position_wins_within(self, board: Board, plies: int) -> bool:
        """Whether the side to move wins by force within ``plies`` (>= 1) plies."""
        raise NotImplementedError

    def move_wins_within(self, board: Board, move: Move, plies: int) -> bool:
        """Whether ``move`` wins by force within ``plies`` plies, itself included."""
        raise NotImplementedError

    def refutation(self, after: Board, move: Move) -> Refutation:
        """``move`` led to ``after`` (the game goes on): its value and the best reply."""
        raise NotImplementedError

    def close(self) -> None:
        """Drop what the question's searches hold."""


class _ExactQuestion(_Question):
    """3x3 and 4x4: :func:`analyze`, every move's exact value and plies (cached per position)."""

    def __init__(self) -> None:
        self._analyses: dict[Board, Analysis] = {}

    def _analysis(self, board: Board) -> Analysis:
        found = self._analyses.get(board)
        if found is None:
            try:
                found = analyze(board)
            except SearchTooLargeError:
                raise Unproven from None
            self.spent += found.positions_examined
            self._analyses[board] = found
        return found

    def winning_moves(self, board: Board) -> tuple[Move, ...]:
        moves = self._analysis(board).moves
        return tuple(sorted(entry.move for entry in moves if entry.value is Value.WIN))

    def win_plies(self, board: Board, move: Move) -> int:
        return next(entry.plies for entry in self._analysis(board).moves if entry.move == move)

    def loss_plies(self, board: Board) -> int | None:
        best = self._analysis(board).moves[0]
        return best.plies if best.value is Value.LOSS else None

    def position_wins_within(self, board: Board, plies: int) -> bool:
        best = self._analysis(board).moves[0]
        return best.value is Value.WIN and best.plies <= plies

    def move_wins_within(self, board: Board, move: Move, plies: int) -> bool:
        entry = next(entry for entry in self._analysis(board).moves if entry.move == move)
        return entry.value is Value.WIN and entry.plies <= plies

    def refutation(self, after: Board, move: Move) -> Refutation:
        moves = self._analysis(after).moves
        best = moves[0]
        if best.value is Value.LOSS:
            raise ValueError(f"{move} wins by force")
        value = Value.LOSS if best.value is Value.WIN else Value.DRAW
        equal = (e.move for e in moves if e.value is best.value and e.plies == best.plies)
        return Refutation(move, value, _in_order(equal, after)[0])


class _WdlQuestion(_Question):
    """5x5 with four in a row: the win/draw/loss solver, to the end and within horizons."""

    def __init__(self, solver: WdlSolver, budget: int) -> None:
        self._solver = solver
        self._left = budget
        self._horizons: dict[int, WdlSolver] = {}  # by cutoff: the empty cells it stops at

    def close(self) -> None:
        for solver in self._horizons.values():
            solver.table.clear()  # the solver and its search refer to each other
        self._horizons.clear()

    def _spend(self, solver: WdlSolver, value: int | None) -> int:
        """Count a search's positions; ``value`` None means it stopped at the budget."""
        self._left -= solver.nodes
        self.spent += solver.nodes
        if value is None:
            raise Unproven
        return value

    def _value(self, solver: WdlSolver, me: Bitboard, opp: Bitboard) -> int:
        if self._left <= 0:
            raise Unproven
        solver.nodes = 0
        try:
            found: int | None = solver.value(me, opp, budget=self._left)
        except Stopped:
            found = None
        return self._spend(solver, found)

    def _after(self, solver: WdlSolver, me: Bitboard, opp: Bitboard, cell: Cell) -> int:
        if self._left <= 0:
            raise Unproven
        solver.nodes = 0
        try:
            found: int | None = solver.after_move(me, opp, cell, budget=self._left)
        except Stopped:
            found = None
        return self._spend(solver, found)

    def _horizon(self, board: Board, plies: int) -> WdlSolver:
        """The solver whose game stops, a draw, ``plies`` plies after ``board``."""
        cutoff = max(0, board.geometry.cells - board.moves_played - plies)
        if cutoff == 0:
            return self._solver
        solver = self._horizons.get(cutoff)
        if solver is None:
            solver = self._horizons[cutoff] = WdlSolver(board.geometry, cutoff=cutoff)
        return solver

    def winning_moves(self, board: Board) -> tuple[Move, ...]:
        me, opp = board.sides
        if self._value(self._solver, me, opp) != WIN:
            return ()
        return tuple(
            move
            for move in board.legal_moves
            if self._after(self._solver, me, opp, board.cell(move)) == WIN
        )

    def win_plies(self, board: Board, move: Move) -> int:
        for plies in range(1, board.geometry.cells - board.moves_played + 1, 2):
            if self.move_wins_within(board, move, plies):
                return plies
        raise AssertionError(f"{move} does not win on {board.notation}")

    def loss_plies(self, board: Board) -> int | None:
        me, opp = board.sides
        if self._value(self._solver, me, opp) != LOSS:
            return None
        empties = board.geometry.cells - board.moves_played
        for plies in range(2, empties + 1, 2):  # the loser's own plies come first
            if self._value(self._horizon(board, plies), me, opp) == LOSS:
                return plies
        raise AssertionError(f"{board.notation} is lost, yet within no horizon")

    def position_wins_within(self, board: Board, plies: int) -> bool:
        me, opp = board.sides
        return self._value(self._horizon(board, plies), me, opp) == WIN

    def move_wins_within(self, board: Board, move: Move, plies: int) -> bool:
        me, opp = board.sides
        cell = board.cell(move)
        if completes_line(board.geometry, me | 1 << cell, cell):
            return plies >= 1
        return plies >= 3 and self._after(self._horizon(board, plies), me, opp, cell) == WIN

    def refutation(self, after: Board, move: Move) -> Refutation:
        me, opp = after.sides  # the opponent of ``move``'s player is to move
        value = self._value(self._solver, me, opp)
        if value == LOSS:
            raise ValueError(f"{move} wins by force")
        if value == WIN:  # its fastest win: the shortest horizon that still holds one
            empties = after.geometry.cells - after.moves_played
            plies = next(p for p in range(1, empties + 1, 2) if self.position_wins_within(after, p))
            reply = next(m for m in after.legal_moves if self.move_wins_within(after, m, plies))
            return Refutation(move, Value.LOSS, reply)
        for reply in _blocks_first(after):
            if self._after(self._solver, me, opp, after.cell(reply)) == DRAW:
                return Refutation(move, Value.DRAW, reply)
        raise AssertionError("no reply keeps the draw")

