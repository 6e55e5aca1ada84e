"""Monte Carlo tree search with solver backups for ultimate tic-tac-toe: :func:`search`.

Each simulation walks down the tree by UCB1, adds one node, scores it and backs the score up.
The score is the static evaluation (:func:`bot.engine.ultimate.evaluation.evaluate`) by default, or
with ``leaf="playout"`` a tactical playout (:func:`bot.engine.ultimate.playout.playout`); the
evaluation was measured stronger (docs/decisions.md). A node knows its tactics as soon as it is
made: a side with a game win has won, a side without a safe move has lost, and only safe moves
become children. Proven results propagate up (a move that wins
proves its parent lost; a node whose moves are all proven takes the best of them), proven
losses are never explored again, and the search stops as soon as the root is proven.

With ``minimax`` above 0 the backups are also *implicit minimax* ones (Lanctot, Winands, Pepels
and Sturtevant, 2014): each node keeps the minimax value of the scores below it, and selection
reads ``(1 - minimax) * mean + minimax * that value``, so one refutation found deep in the tree
counts at once instead of after enough visits to outweigh the average.
"""

from __future__ import annotations

import enum
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..errors import GameOverError
from ..moves import Move
from ..values import Value
from .board import UltimateBoard
from .compiled import at_hand, run_compiled
from .evaluation import evaluate
from .playout import (
    DRAW,
    GOING_ON,
    SearchPosition,
    game_win,
    playout,
    safe_moves,
)
from .tables import MOVES, Square


class Leaf(enum.StrEnum):
    """How a simulation scores the node it adds."""

    EVALUATION = "evaluation"
    PLAYOUT = "playout"


EXPLORATION: dict[Leaf, float] = {Leaf.EVALUATION: 0.25, Leaf.PLAYOUT: 0.8}
"""The UCB1 exploration constant for each kind of leaf (measured: docs/decisions.md)."""
MINIMAX = 0.3
"""The weight of implicit minimax backups that ``strongest`` searches with (measured:
docs/decisions.md); :func:`search` defaults to none."""
DEFAULT_SECONDS = 1.0
"""The time budget per move when none is given."""

_WIN, _DRAW, _LOSS = 1.0, 0.5, 0.0  # proven values, for the side that made the node's move

_PROVEN = {_WIN: Value.WIN, _DRAW: Value.DRAW, _LOSS: Value.LOSS}


@dataclass(frozen=True, slots=True)
class MoveStat:
    """One root move: how often the search tried it, how it scored for the side that plays
    it (wins 1, draws 1/2), and its result if proven."""

    move: Move
    visits: int
    win_rate: float
    proven: Value | None


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a search found: the move it chose; ``value``, the chosen move's expected score for
    the side to move (1 win, 1/2 draw, 0 loss; exact when ``proven``); the position's proven
    result for the side to move, if any; the simulations and seconds spent; every legal move,
    a proven win first, then by visits, proven losses last (after a win in one, which is
    played without searching, only the winning move)."""

    move: Move
    value: float
    proven: Value | None
    simulations: int
    seconds: float
    moves: tuple[MoveStat, ...]


_NEVER = -2.0  # the selection value of a proven loss: below any other child's


class _Node:
    """A tree node: the position after ``square``. ``score`` sums simulation results for
    the side that played ``square``; ``proven`` is that side's proven result, or None;
    ``minimax`` is the minimax value of the scores in its subtree for that side (``_NEVER``
    before it is scored). ``mean`` (the selection value without exploration: the mean score
    and ``minimax`` weighed, or the proven result, ``_NEVER`` for a proven loss) and
    ``spread`` (``1 / sqrt(visits)``) are kept by the backup, so that selection reads them."""

    __slots__ = (
        "children",
        "mean",
        "minimax",
        "parent",
        "proven",
        "score",
        "spread",
        "square",
        "untried",
        "visits",
    )

    def __init__(self, square: Square, parent: _Node | None, pos: SearchPosition) -> None:
        self.square = square
        self.parent = parent
        self.children: list[_Node] = []
        self.untried: list[Square] = []
        self.visits = 0
        self.score = 0.0
        self.mean = 0.0
        self.minimax = _NEVER
        self.spread = 1.0
        self.proven: float | None = None
        if pos.result != GOING_ON:
            self.proven = _DRAW if pos.result == DRAW else _WIN  # only the mover can have won
        elif game_win(pos) is not None:
            self.proven = _LOSS
        else:
            self.untried = safe_moves(pos)
            if not self.untried:
                self.proven = _WIN


def _settle(node: _Node) -> None:
    """Propagate ``node``'s new proof to its ancestors while it decides them."""
    parent = node.parent
    while parent is not None and parent.proven is None:
        if node.proven == _WIN:
            parent.proven = _LOSS
        elif parent.untried or any(child.proven is None for child in parent.children):
            return
        else:  # every child proven, none a win: the side to move picks the best of them
            parent.proven = _WIN - max(child.proven or 0.0 for child in parent.children)
        node, parent = parent, parent.parent


def search(
    board: UltimateBoard,
    *,
    seconds: float = DEFAULT_SECONDS,
    simulations: int | None = None,
    rng: random.Random | None = None,
    leaf: Leaf = Leaf.EVALUATION,
    exploration: float | None = None,
    minimax: float = 0.0,
    compiled: bool = False,
) -> SearchResult:
    """Search ``board`` for the side to move until ``seconds`` pass, ``simulations`` are done
    (if given) or the root is proven. A game win on the board is played at once, without
    searching; so is the only move that does not lose at once. With a ``simulations`` budget,
    a seeded ``rng`` and a generous ``seconds`` the result is repeatable. ``exploration``
    defaults to ``EXPLORATION[leaf]``; ``minimax`` (0 to 1) weighs implicit minimax backups
    against mean scores in selection (``strongest`` uses :data:`MINIMAX`). ``compiled`` runs the
    same search in :mod:`bot.engine.ultimate.kernel` (evaluation leaves only), about 20 times
    as many simulations a second, once the kernel is loaded; until then a search too short to
    load it (:data:`~.compiled.LOAD_SECONDS`) runs in Python.

    Raises:
        GameOverError: the game is already over.
        ValueError: ``minimax`` is not between 0 and 1, or ``compiled`` with playout leaves.
    """
    began = time.perf_counter()
    if board.is_over:
        raise GameOverError()
    if not 0.0 <= minimax <= 1.0:
        raise ValueError(f"minimax weighs the backups from 0 to 1, not {minimax}")
    if compiled and leaf != Leaf.EVALUATION:
        raise ValueError("the compiled search scores its leaves with the evaluation only")
    rng = rng or random.Random()
    root_pos = SearchPosition.of(board)
    legal = root_pos.legal()
    win = game_win(root_pos)
    if win is not None:
        stat = MoveStat(MOVES[win], 0, 1.0, Value.WIN)
        return SearchResult(stat.move, 1.0, Value.WIN, 0, time.perf_counter() - began, (stat,))
    root = _Node(-1, None, root_pos)
    if not root.untried:  # every move lets the opponent win at once
        stats = tuple(MoveStat(MOVES[s], 0, 0.0, Value.LOSS) for s in legal)
        return SearchResult(stats[0].move, 0.0, Value.LOSS, 0, time.perf_counter() - began, stats)
    constant = EXPLORATION[leaf] if exploration is None else exploration
    if compiled and len(root.untried) > 1 and at_hand(simulations, seconds):
        found = run_compiled(
            root_pos, root.untried, began + seconds, simulations, rng, constant, minimax
        )
        return _result(*found, legal, time.perf_counter() - began)
    scorer = _scorer(leaf, rng)
    count = _expand_root(root, root_pos, scorer)
    if len(root.children) > 1:  # else the only move that does not lose at once: play it now
        budget = None if simulations is None else max(0, simulations - count)
        count += _run(root, root_pos, began + seconds, budget, rng, constant, scorer, minimax)
    return _result(root.children, root.proven, count, legal, time.perf_counter() - began)


def _scorer(leaf: Leaf, rng: random.Random) -> Callable[[SearchPosition], float]:
    """The leaf score: the expected result for the side that just moved (1 win, 0 loss)."""
    if leaf == Leaf.EVALUATION:

        def evaluation(pos: SearchPosition) -> float:
            x_chance = evaluate(pos)
            return x_chance if pos.turn == 1 else _WIN - x_chance

        return evaluation
    rand = rng.random

    def playout_result(pos: SearchPosition) -> float:
        outcome = playout(pos, rand)
        return _DRAW if outcome == DRAW else _WIN if outcome != pos.turn else _LOSS

    return playout_result


def _expand_root(
    root: _Node, root_pos: SearchPosition, scorer: Callable[[SearchPosition], float]
) -> int:
    """Make every child of the root and visit each once, so that a move winning in two is
    proven before the search begins; returns the simulations run."""
    count = 0
    for square in root.untried:
        pos = root_pos.copy()
        pos.play(square)
        child = _Node(square, root, pos)
        root.children.append(child)
        if child.proven is not None:
            _settle(child)
            result = child.proven
        else:
            count += 1
            result = scorer(pos)
        child.visits, child.score, child.minimax = 1, result, result
        child.mean = _NEVER if child.proven == _LOSS else result
        root.visits += 1
        root.score += _WIN - result
    root.untried = []
    root.minimax = _WIN - max(child.minimax for child in root.children)
    proven = [child for child in root.children if child.proven is not None]
    if proven:  # now that every child is made: are they all proven?
        _settle(proven[0])
    return count


def _run(
    root: _Node,
    root_pos: SearchPosition,
    deadline: float,
    budget: int | None,
    rng: random.Random,
    exploration: float,
    scorer: Callable[[SearchPosition], float],
    alpha: float,
) -> int:
    """Simulate until the deadline, the budget or a proven root; returns the simulations.
    ``alpha`` is the weight of the minimax values in selection (``search``'s ``minimax``)."""
    rand = rng.random
    clock, log, sqrt = time.perf_counter, math.log, math.sqrt
    limit = budget if budget is not None else 1 << 62
    count = 0
    while root.proven is None and count < limit and clock() < deadline:
        count += 1
        node, pos = root, root_pos.copy()
        while node.proven is None and not node.untried:
            scale = exploration * sqrt(log(node.visits))
            best, best_value = node, -1.0
            for child in node.children:
                value = child.mean + scale * child.spread
                if value > best_value:
                    best, best_value = child, value
            node = best
            pos.play(node.square)
        if node.proven is None:
            square = node.untried.pop(int(rand() * len(node.untried)))
            pos.play(square)
            child = _Node(square, node, pos)
            node.children.append(child)
            node = child
            if child.proven is not None:
                _settle(child)
        # the result for the side that made node's move
        result = node.proven if node.proven is not None else scorer(pos)
        before = node.minimax  # the node's minimax value before this simulation
        node.minimax = result
        while True:
            visits = node.visits + 1
            node.visits = visits
            node.score += result
            node.spread = 1.0 / sqrt(visits)
            proven = node.proven
            if proven is not None:
                node.mean = _NEVER if proven == _LOSS else proven
            else:
                node.mean = (1.0 - alpha) * node.score / visits + alpha * node.minimax
            result = _WIN - result
            parent = node.parent
            if parent is None:
                break
            after = node.minimax
            if parent.proven is not None:
                value = parent.proven
            else:  # the best child's value for the side to move, kept as one child changes
                top = _WIN - parent.minimax
                if after >= top or len(parent.children) == 1:
                    top = after
                elif before >= top:
                    top = max([child.minimax for child in parent.children])
                value = _WIN - top
            before, parent.minimax = parent.minimax, value
            node = parent
    return count


class _Child(Protocol):
    """A child of the root as :func:`_result` reads it: a Python node or the kernel's."""

    @property
    def square(self) -> Square: ...
    @property
    def visits(self) -> int: ...
    @property
    def score(self) -> float: ...
    @property
    def proven(self) -> float | None: ...


def _result(
    children: Sequence[_Child],
    root_proof: float | None,
    count: int,
    legal: list[Square],
    seconds: float,
) -> SearchResult:
    """The result from the root's children; ``root_proof`` is the root's proof for the side
    that made its move (None if unproven), ``count`` the simulations run."""

    def rank(child: _Child) -> tuple[int, int, float]:
        """A proven win first (the search stops at the first), then by visits and win rate,
        proven losses last."""
        mean = child.score / child.visits if child.visits else 0.0
        group = 2 if child.proven == _WIN else 0 if child.proven == _LOSS else 1
        return (group, child.visits, mean)

    ordered = sorted(children, key=rank, reverse=True)
    searched = {child.square for child in children}
    stats = tuple(
        MoveStat(
            MOVES[child.square],
            child.visits,
            child.proven
            if child.proven is not None
            else (child.score / child.visits if child.visits else 0.5),
            None if child.proven is None else _PROVEN[child.proven],
        )
        for child in ordered
    ) + tuple(MoveStat(MOVES[s], 0, 0.0, Value.LOSS) for s in legal if s not in searched)
    proof = None if root_proof is None else _PROVEN[_WIN - root_proof]
    return SearchResult(stats[0].move, stats[0].win_rate, proof, count, seconds, stats)
