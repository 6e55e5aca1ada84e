"""The post-game review: every move of a game judged from the engine's values before and
after it, the move that lost it, and each player's accuracy.

A move keeps the mover's value under best play or lowers it: ``best`` keeps it and is among
the fastest wins (slowest losses; every drawing move of a draw), ``good`` keeps it but wins
slower or loses faster, ``mistake`` turns a win into a draw or a draw into a loss, ``blunder``
turns a win into a loss. ``judge`` does it for any kind of game from the values its variant's
``Valuer`` proves (classic's: ``bot.games.variants.classic.review``); a move it cannot judge is
an ``estimate``, never a guess. Pure and CPU-bound: the service runs it in a worker thread.
The figures: docs/decisions.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from bot.engine import Move, Player, Value
from bot.engine.position import Position
from bot.games.models import Game, Status

_RANK = {Value.LOSS: -1, Value.DRAW: 0, Value.WIN: 1}
_OTHER = {Value.WIN: Value.LOSS, Value.DRAW: Value.DRAW, Value.LOSS: Value.WIN}


class Verdict(StrEnum):
    """What one move did to its player's value under best play (the module says how each is
    decided); ``ESTIMATE``: not proven within the engine's budget."""

    BEST = "best"
    GOOD = "good"
    MISTAKE = "mistake"
    BLUNDER = "blunder"
    ESTIMATE = "estimate"


SOUND = frozenset({Verdict.BEST, Verdict.GOOD})
"""The verdicts that keep the value: what accuracy counts."""


@dataclass(frozen=True, slots=True)
class Outlook:
    """A result under best play for one player: ``value``, and ``plies``, the moves to the
    end, both sides', counting from the move in question (None: not proven)."""

    value: Value
    plies: int | None


@dataclass(frozen=True, slots=True)
class ReviewedMove:
    """One move: its ``number`` (1-based), who played it, where, and its verdict. ``before``:
    the best the mover could reach (None: not proven); ``after``: what this move leads to
    (None: not proven). ``instead``: for a mistake or a blunder, a move reaching ``before``
    (None if the budget did not find one)."""

    number: int
    mark: Player
    move: Move
    verdict: Verdict
    before: Outlook | None
    after: Outlook | None
    instead: Move | None = None


class Turn(StrEnum):
    """Where the game was lost, for the summary."""

    NO_LOSER = "no loser"
    """A draw, or a game that expired without a result."""
    MOVE = "move"
    """``Review.losing_move`` is the move after which the loser could no longer avoid it."""
    FROM_START = "from the start"
    """The loser was lost before any of their moves (the board is a win for the other)."""
    NOT_LOST = "not lost"
    """The loser resigned a position that was not lost."""
    UNPROVEN = "unproven"
    """Some position before the loss could not be solved within the budget."""


@dataclass(frozen=True, slots=True)
class Accuracy:
    """One player's moves: ``sound`` best or good among the ``judged`` ones (not estimates),
    out of ``moves``."""

    moves: int
    judged: int
    sound: int

    @property
    def percent(self) -> int | None:
        """The share of best and good moves among those judged, rounded; None if none was."""
        return None if not self.judged else round(100 * self.sound / self.judged)


@dataclass(frozen=True, slots=True)
class Review:
    """A finished game looked back on: every move judged, where it was lost, and each
    player's accuracy. ``loser``: who lost (None: nobody); ``turn``: where (``Turn``);
    ``losing_move``: the move that lost it when ``turn`` is ``MOVE``; ``final``: the loser's
    value when they resigned (``Turn.NOT_LOST``: a draw or a win thrown away)."""

    game: Game
    moves: tuple[ReviewedMove, ...]
    loser: Player | None
    turn: Turn
    losing_move: ReviewedMove | None
    accuracy_x: Accuracy
    accuracy_o: Accuracy
    final: Value | None = None

    def accuracy(self, mark: Player) -> Accuracy:
        return self.accuracy_x if mark is Player.X else self.accuracy_o

    @property
    def exact(self) -> bool:
        """Whether every verdict and the turn are proven (always on 3x3 and 4x4)."""
        judged = all(move.verdict is not Verdict.ESTIMATE for move in self.moves)
        return judged and self.turn is not Turn.UNPROVEN


class Valuation(Protocol):
    """What is proven about one position: its ``value`` for the side to move and ``plies`` to
    the end under best play, and a ``best`` move reaching it (each None: not proven)."""

    @property
    def value(self) -> Value | None: ...

    @property
    def plies(self) -> int | None: ...

    @property
    def best(self) -> Move | None: ...


def judge(game: Game, valuation: Callable[[Position], Valuation]) -> Review:
    """Judge every move of ``game`` as it stands (the service passes only games that are
    over), from what ``valuation`` proves about each position that is not over (a kind's
    engine, within the review's budget)."""
    boards: list[Position] = [game.variant.start_position(game.size)]
    for move in game.moves:
        boards.append(boards[-1].play(move))
    # Last position first: the late ones are cheap, and an opening too early to solve spends
    # only what is left of the budget once every later position has been solved.
    values: list[Valuation | None] = [
        None if board.is_over else valuation(board) for board in reversed(boards)
    ]
    values.reverse()
    moves = tuple(
        _judged(index, move, boards[index + 1], values[index], values[index + 1])
        for index, move in enumerate(game.moves)
    )
    loser = _loser(game)
    turn, losing, final = _turn(loser, boards, values, moves)
    return Review(
        game=game,
        moves=moves,
        loser=loser,
        turn=turn,
        losing_move=losing,
        accuracy_x=_accuracy(moves, Player.X),
        accuracy_o=_accuracy(moves, Player.O),
        final=final,
    )


def _judged(
    index: int,
    move: Move,
    after_board: Position,
    before: Valuation | None,
    after: Valuation | None,
) -> ReviewedMove:
    """Move ``index`` (0-based) from the valuations of the positions around it (``after``
    None: the move ended the game)."""
    assert before is not None, "a move was played from a position that is over"
    mark = Player.X if index % 2 == 0 else Player.O
    start = None if before.value is None else Outlook(before.value, before.plies)
    if after is None:
        end: Outlook | None = Outlook(Value.DRAW if after_board.winner is None else Value.WIN, 1)
    elif after.value is None:
        end = None
    else:
        end = Outlook(_OTHER[after.value], None if after.plies is None else after.plies + 1)
    verdict = _verdict(start, end)
    instead = before.best if verdict in (Verdict.MISTAKE, Verdict.BLUNDER) else None
    return ReviewedMove(index + 1, mark, move, verdict, start, end, instead)


def _verdict(before: Outlook | None, after: Outlook | None) -> Verdict:
    if before is None or after is None:
        return Verdict.ESTIMATE
    drop = _RANK[before.value] - _RANK[after.value]
    if drop < 0:
        raise AssertionError(f"a move cannot beat best play: {before} then {after}")
    if drop == 2:
        return Verdict.BLUNDER
    if drop == 1:
        return Verdict.MISTAKE
    if before.value is Value.DRAW:
        return Verdict.BEST
    if before.plies is None or after.plies is None:
        return Verdict.ESTIMATE
    return Verdict.BEST if after.plies == before.plies else Verdict.GOOD


def _loser(game: Game) -> Player | None:
    """Who lost: the other side of the winner (a resignation is the resigner's loss)."""
    if game.status in (Status.WON, Status.LOST, Status.RESIGNED) and game.winner is not None:
        return game.winner.other
    return None


def _turn(
    loser: Player | None,
    boards: list[Position],
    values: list[Valuation | None],
    moves: tuple[ReviewedMove, ...],
) -> tuple[Turn, ReviewedMove | None, Value | None]:
    """Where the loser could no longer avoid the loss: the first position lost for them,
    every earlier one proven not lost."""
    if loser is None:
        return Turn.NO_LOSER, None, None
    for index in range(len(boards)):
        lost = _lost(loser, boards, values, index)
        if lost is None:
            return Turn.UNPROVEN, None, None
        if lost:
            if index == 0:
                return Turn.FROM_START, None, None
            return Turn.MOVE, moves[index - 1], None
    final = values[-1]
    if final is None or final.value is None:  # a resignation whose position is not solved
        return Turn.UNPROVEN, None, None
    return Turn.NOT_LOST, None, final.value if boards[-1].to_move is loser else _OTHER[final.value]


def _lost(
    loser: Player, boards: list[Position], values: list[Valuation | None], index: int
) -> bool | None:
    """Whether position ``index`` is lost for ``loser`` under best play; None: not proven.
    An unsolved position may still be decided by its neighbours: the side to move there has
    at least what its move reached, and at least what the move before left it."""
    board, valuation = boards[index], values[index]
    if valuation is None:  # over: lost if the other side completed a line
        return board.winner is loser.other
    if valuation.value is not None:
        return valuation.value is (Value.LOSS if board.to_move is loser else Value.WIN)
    at_least = -1
    for near in (index - 1, index + 1):
        if 0 <= near < len(values):
            other = values[near]
            if other is None:  # the move from here ended the game: won, or drawn
                at_least = max(at_least, 1 if boards[near].winner is not None else 0)
            elif other.value is not None:
                at_least = max(at_least, -_RANK[other.value])
    if board.to_move is loser:
        return False if at_least >= 0 else None
    return True if at_least == 1 else None


def _accuracy(moves: tuple[ReviewedMove, ...], mark: Player) -> Accuracy:
    mine = [move for move in moves if move.mark is mark]
    judged = [move for move in mine if move.verdict is not Verdict.ESTIMATE]
    sound = sum(1 for move in judged if move.verdict in SOUND)
    return Accuracy(len(mine), len(judged), sound)
