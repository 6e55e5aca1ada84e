"""The search's fast, mutable position, its tactics and its playouts.

The search never builds ``UltimateBoard`` values: it plays on a :class:`SearchPosition`, whose
small boards are one list of 18 patterns (X's nine, then O's nine), read with the 512-entry
tables of :mod:`bot.engine.ultimate.tables`. Moves are squares, ``9 * board + cell``.

Tactics are about the whole game. A *game win* is a move that wins a small board which
completes three won small boards in a row. A move is *safe* when the opponent has no game win
after it: the opponent plays where the move sends them (anywhere open if that board is closed,
perhaps by this very move), and this move may also take the opponent's winning cell or close
its board.
"""

from __future__ import annotations

from collections.abc import Callable

from .board import UltimateBoard
from .tables import BITS, COMPLETING, FULL, HAS_LINE, Square

X_WINS = 0
O_WINS = 1
DRAW = 2
GOING_ON = -1
"""A :attr:`SearchPosition.result`: the side that won (0 X, 1 O), a draw, or not over yet."""


class SearchPosition:
    """A mutable position for the search; :meth:`play` trusts that the move is legal.

    ``marks[9 * side + board]`` is the side's pattern on that small board (side 0 is X),
    ``won[side]`` the small boards it has won, ``open`` the boards neither won nor full,
    ``forced`` the board the side to move must play in (-1: any open board), ``turn`` the side
    to move and ``result`` one of ``X_WINS``, ``O_WINS``, ``DRAW`` or ``GOING_ON``.
    """

    __slots__ = ("forced", "marks", "open", "result", "turn", "won")

    def __init__(
        self, marks: list[int], won: list[int], open_: int, forced: int, turn: int, result: int
    ) -> None:
        self.marks = marks
        self.won = won
        self.open = open_
        self.forced = forced
        self.turn = turn
        self.result = result

    @classmethod
    def of(cls, board: UltimateBoard) -> SearchPosition:
        """The search's copy of ``board``."""
        marks = [board.x >> 9 * b & FULL for b in range(9)] + [
            board.o >> 9 * b & FULL for b in range(9)
        ]
        forced = board.forced_board
        winner = board.winner
        result = (
            GOING_ON
            if not board.is_over
            else DRAW
            if winner is None
            else (X_WINS if winner.value == "X" else O_WINS)
        )
        turn = 0 if board.x.bit_count() == board.o.bit_count() else 1
        return cls(
            marks,
            [board.x_boards, board.o_boards],
            FULL & ~board.closed,
            -1 if forced is None else forced,
            turn,
            result,
        )

    def copy(self) -> SearchPosition:
        return SearchPosition(
            self.marks[:], self.won[:], self.open, self.forced, self.turn, self.result
        )

    def play(self, square: Square) -> None:
        """Mark ``square`` for the side to move and pass the turn."""
        board, cell = square // 9, square % 9
        turn = self.turn
        mine = self.marks[9 * turn + board] | 1 << cell
        self.marks[9 * turn + board] = mine
        if HAS_LINE[mine]:
            won = self.won[turn] | 1 << board
            self.won[turn] = won
            self.open &= ~(1 << board)
            if HAS_LINE[won]:
                self.result = turn
        elif mine | self.marks[9 - 9 * turn + board] == FULL:
            self.open &= ~(1 << board)
        if self.result == GOING_ON and not self.open:
            self.result = DRAW
        self.forced = cell if self.open >> cell & 1 else -1
        self.turn = 1 - turn

    def playable(self) -> int:
        """The boards the side to move may play in (a 9-bit set)."""
        return 1 << self.forced if self.forced >= 0 else self.open

    def legal(self) -> list[Square]:
        """Every legal square, ascending; ``[]`` once the game is over."""
        if self.result != GOING_ON:
            return []
        marks = self.marks
        return [
            9 * b + c
            for b in BITS[self.playable()]
            for c in BITS[FULL & ~(marks[b] | marks[9 + b])]
        ]


def game_win(pos: SearchPosition) -> Square | None:
    """A square that wins the game at once for the side to move, or None (also once the game
    is over)."""
    if pos.result != GOING_ON:
        return None
    marks, turn = pos.marks, pos.turn
    me = 9 * turn
    for b in BITS[COMPLETING[pos.won[turn]] & pos.playable()]:
        cells = COMPLETING[marks[me + b]] & ~(marks[b] | marks[9 + b])
        if cells:
            return 9 * b + BITS[cells][0]
    return None


def threats(pos: SearchPosition) -> int:
    """The open boards where the side *not* to move could win the game at once (9 bits)."""
    marks, them = pos.marks, 1 - pos.turn
    danger = 0
    for b in BITS[COMPLETING[pos.won[them]] & pos.open]:
        if COMPLETING[marks[9 * them + b]] & ~(marks[b] | marks[9 + b]):
            danger |= 1 << b
    return danger


def safe_moves(pos: SearchPosition) -> list[Square]:
    """The legal squares after which the opponent has no game win, ascending; ``[]`` once the
    game is over.

    Assumes the side to move has no game win itself (:func:`game_win` first): winning a small
    board then never ends the game, it only closes that board.
    """
    danger = threats(pos)
    if not danger or pos.result != GOING_ON:
        return pos.legal()
    return _safe_squares(pos.marks, pos.turn, pos.playable(), pos.open, danger)


def _safe_squares(
    marks: list[int], turn: int, boards: int, open_: int, danger: int
) -> list[Square]:
    """The empty squares of ``boards`` after which the side ``turn`` leaves no game win to the
    opponent, whose game wins are in the boards ``danger`` (:func:`threats`); ascending."""
    me, them = 9 * turn, 9 - 9 * turn
    safe = []
    for b in BITS[boards]:
        mine, theirs = marks[me + b], marks[them + b]
        empty = FULL & ~(mine | theirs)
        closing = COMPLETING[mine] & empty
        their_cells = COMPLETING[theirs] & empty
        here = ~(1 << b)
        for c in BITS[empty]:
            bit = 1 << c
            if closing & bit or empty == bit:
                after, open_after = danger & here, open_ & here
            else:
                after, open_after = (danger & here if their_cells == bit else danger), open_
            if (not after >> c & 1) if open_after >> c & 1 else not after:
                safe.append(9 * b + c)
    return safe


def playout(
    pos: SearchPosition, rand: Callable[[], float], record: list[Square] | None = None
) -> int:
    """Play ``pos`` (left unchanged) to the end and return its result.

    Each side wins the game at once when it can. Otherwise it draws a random move (a random
    board among those it may play in, then a random empty cell there: cheaper than a uniform
    choice over all moves) and keeps it if it is safe; if not, it plays a random safe move, and
    with none it has lost, which the playout says without playing on (nor does it play the
    winning move). ``rand`` returns floats in [0, 1), e.g. ``random.Random.random``;
    ``record``, if given, receives every square played (for the tests).
    """
    if pos.result != GOING_ON:
        return pos.result
    marks = pos.marks[:]
    won = pos.won[:]
    open_, forced, turn = pos.open, pos.forced, pos.turn
    completing, bits, has_line = COMPLETING, BITS, HAS_LINE
    while open_:
        me, them = 9 * turn, 9 - 9 * turn
        boards = 1 << forced if forced >= 0 else open_
        for b in bits[completing[won[turn]] & boards]:
            if completing[marks[me + b]] & ~(marks[b] | marks[9 + b]):
                return turn
        danger = 0
        for b in bits[completing[won[1 - turn]] & open_]:
            if completing[marks[them + b]] & ~(marks[b] | marks[9 + b]):
                danger |= 1 << b
        if forced >= 0:
            b = forced
        else:
            choices = bits[open_]
            b = choices[int(rand() * len(choices))]
        empty = FULL & ~(marks[b] | marks[9 + b])
        cells = bits[empty]
        c = cells[int(rand() * len(cells))]
        if danger:
            # Keep the random move if it is safe; otherwise pick among the safe ones.
            bit, here = 1 << c, ~(1 << b)
            if completing[marks[me + b]] & bit or empty == bit:
                after, open_after = danger & here, open_ & here
            else:
                after = danger & here if completing[marks[them + b]] & empty == bit else danger
                open_after = open_
            if (after >> c & 1) if open_after >> c & 1 else after:
                safe = _safe_squares(marks, turn, boards, open_, danger)
                if not safe:
                    return 1 - turn
                square = safe[int(rand() * len(safe))]
                b, c = square // 9, square % 9
        if record is not None:
            record.append(9 * b + c)
        mine = marks[me + b] | 1 << c
        marks[me + b] = mine
        if has_line[mine]:
            won[turn] |= 1 << b
            open_ &= ~(1 << b)
        elif mine | marks[them + b] == FULL:
            open_ &= ~(1 << b)
        forced = c if open_ >> c & 1 else -1
        turn = 1 - turn
    return DRAW
