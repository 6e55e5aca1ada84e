"""The compiled kernel of ``strongest``'s search: the same MCTS-solver as
:mod:`bot.engine.ultimate.search`, on arrays, compiled to machine code by Numba.

:func:`bot.engine.ultimate.search.search` with ``compiled=True`` runs it (through
:mod:`.compiled`); the Python search stays the readable reference the tests check it against,
and the levels below ``strongest`` keep it.
Each function here mirrors the one its docstring names in ``search.py``, ``playout.py`` or
``evaluation.py``: the tactics (game wins, safe moves), the static evaluation, the root's
expansion, selection by UCB1, the solver's backups and implicit minimax backups. Only the
layout differs: the tree is a set of arrays indexed by node (children linked through
``sibling``; a node's untried squares in a shared pool), and the position is 18 patterns plus
four numbers (``open``, ``forced``, ``turn``, ``result``, as in ``SearchPosition``).

Numba cannot read a clock, so :class:`Tree` runs the simulations in slices between which the
Python side looks at the time. The kernel holds no interpreter lock while it runs (``nogil``):
the bot's event loop goes on while a search runs in a thread. Why a compiled kernel and what it
costs (start-up, memory): docs/decisions.md, "Ultimate against independent engines".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt
from numba import njit

from .evaluation import TERNARY, chances_table
from .playout import SearchPosition
from .tables import COMPLETING, FULL, HAS_LINE, LINES

Ints = npt.NDArray[np.int32]
Floats = npt.NDArray[np.float64]
Bytes = npt.NDArray[np.int8]
Nodes = tuple[
    Bytes, Ints, Ints, Ints, Ints, Ints, Bytes, Bytes, Bytes, Ints, Floats, Floats, Floats, Floats
]
"""The tree's arrays, one per field, indexed by node (:class:`Tree` says which is which)."""
Tables = tuple[Ints, Floats, Ints, Bytes]
"""The lookup tables as arrays (:func:`_tables`)."""

_GOING_ON, _DRAW = -1, 2  # a position's result, as playout.py's
_UNPROVEN, _LOSS, _DRAWN, _WON = -1, 0, 1, 2  # a node's proof: twice its value for its mover
_NEVER = -2.0  # the selection value of a proven loss, and a minimax value not yet known
_OPEN, _FORCED, _TURN, _RESULT = 0, 1, 2, 3  # the four numbers of a position

# Node fields, one array each (see Tree).
_POOL_PER_NODE = 12
"""Untried squares kept per node on average: a position has about 7 safe moves."""
_SMALL_TREE = 100_000
"""Up to this many nodes the pool holds 81 squares a node, every node's worst case, so that a
small budget of simulations is never cut short by it (8 MB at most)."""


def _pool_size(capacity: int) -> int:
    per_node = 81 if capacity <= _SMALL_TREE else _POOL_PER_NODE
    return capacity * per_node + 81


@njit(cache=True, nogil=True)
def _play(marks: Ints, state: Ints, won: Ints, square: int, has_line: Bytes) -> None:
    board, cell = square // 9, square % 9
    turn = state[_TURN]
    mine = marks[9 * turn + board] | 1 << cell
    marks[9 * turn + board] = mine
    if has_line[mine]:
        won[turn] |= 1 << board
        state[_OPEN] &= ~(1 << board)
        if has_line[won[turn]]:
            state[_RESULT] = turn
    elif mine | marks[9 - 9 * turn + board] == FULL:
        state[_OPEN] &= ~(1 << board)
    if state[_RESULT] == _GOING_ON and state[_OPEN] == 0:
        state[_RESULT] = _DRAW
    state[_FORCED] = cell if state[_OPEN] >> cell & 1 else -1
    state[_TURN] = 1 - turn


@njit(cache=True, nogil=True)
def _playable(state: Ints) -> int:
    return int(1 << state[_FORCED] if state[_FORCED] >= 0 else state[_OPEN])


@njit(cache=True, nogil=True)
def _game_win(marks: Ints, state: Ints, won: Ints, completing: Ints) -> int:
    """playout.game_win: a square winning the game at once, or -1."""
    turn = state[_TURN]
    boards = completing[won[turn]] & _playable(state)
    for b in range(9):
        if boards >> b & 1:
            cells = completing[marks[9 * turn + b]] & ~(marks[b] | marks[9 + b])
            for c in range(9):
                if cells >> c & 1:
                    return 9 * b + c
    return -1


@njit(cache=True, nogil=True)
def _safe_moves(marks: Ints, state: Ints, won: Ints, completing: Ints, out: Bytes, at: int) -> int:
    """playout.safe_moves, written to ``out[at:]``, ascending; returns how many."""
    turn, open_ = state[_TURN], state[_OPEN]
    them = 1 - turn
    danger = 0
    threat_boards = completing[won[them]] & open_
    for b in range(9):
        if threat_boards >> b & 1 and completing[marks[9 * them + b]] & ~(marks[b] | marks[9 + b]):
            danger |= 1 << b
    boards = _playable(state)
    count = 0
    for b in range(9):
        if not boards >> b & 1:
            continue
        mine, theirs = marks[9 * turn + b], marks[9 * them + b]
        empty = FULL & ~(mine | theirs)
        closing = completing[mine] & empty
        their_cells = completing[theirs] & empty
        here = ~(1 << b)
        for c in range(9):
            bit = 1 << c
            if not empty & bit:
                continue
            if danger:
                if closing & bit or empty == bit:
                    after, open_after = danger & here, open_ & here
                else:
                    after = danger & here if their_cells == bit else danger
                    open_after = open_
                if open_after >> c & 1:
                    if after >> c & 1:
                        continue
                elif after:
                    continue
            out[at + count] = 9 * b + c
            count += 1
    return count


@njit(cache=True, nogil=True)
def _x_chance(
    marks: Ints,
    state: Ints,
    won: Ints,
    chances: Floats,
    ternary: Ints,
    lines: Ints,
    has_line: Bytes,
) -> float:
    """evaluation.evaluate: X's estimated chance of winning."""
    x_won, o_won = won[0], won[1]
    if has_line[x_won]:
        return 1.0
    if has_line[o_won]:
        return 0.0
    px = np.zeros(9)
    po = np.zeros(9)
    for b in range(9):
        if state[_OPEN] >> b & 1:
            index = ternary[marks[b]] + 2 * ternary[marks[9 + b]]
            px[b], po[b] = chances[index, 0], chances[index, 1]
        elif x_won >> b & 1:
            px[b] = 1.0
        elif o_won >> b & 1:
            po[b] = 1.0
    x_misses = o_misses = 1.0
    for line in range(8):
        a, b, c = lines[line, 0], lines[line, 1], lines[line, 2]
        x_misses *= 1.0 - px[a] * px[b] * px[c]
        o_misses *= 1.0 - po[a] * po[b] * po[c]
    return 0.5 + 0.5 * (o_misses - x_misses)


@njit(cache=True, nogil=True)
def _make(
    node: int,
    marks: Ints,
    state: Ints,
    won: Ints,
    proven: Bytes,
    pool: Bytes,
    pool_at: Ints,
    untried: Bytes,
    pool_top: int,
    completing: Ints,
) -> int:
    """A new node's tactics (search._Node): its proof, or its safe moves as its untried
    squares; returns the pool's new top."""
    untried[node] = 0
    pool_at[node] = pool_top
    if state[_RESULT] != _GOING_ON:
        proven[node] = _DRAWN if state[_RESULT] == _DRAW else _WON
    elif _game_win(marks, state, won, completing) >= 0:
        proven[node] = _LOSS
    else:
        count = _safe_moves(marks, state, won, completing, pool, pool_top)
        untried[node] = count
        proven[node] = _UNPROVEN if count else _WON
        pool_top += count
    return pool_top


@njit(cache=True, nogil=True)
def _settle(
    node: int, parent: Ints, first: Ints, sibling: Ints, proven: Bytes, untried: Bytes
) -> None:
    """search._settle: propagate ``node``'s new proof while it decides its ancestors."""
    up = parent[node]
    while up >= 0 and proven[up] == _UNPROVEN:
        if proven[node] == _WON:
            proven[up] = _LOSS
        else:
            if untried[up]:
                return
            best = _LOSS
            child = first[up]
            while child >= 0:
                if proven[child] == _UNPROVEN:
                    return
                best = max(best, proven[child])
                child = sibling[child]
            proven[up] = _WON - best
        node, up = up, parent[up]


@njit(cache=True, nogil=True)
def _add_child(
    node: int,
    move: int,
    marks: Ints,
    state: Ints,
    won: Ints,
    tree: Ints,
    nodes: Nodes,
    completing: Ints,
) -> int:
    """``node``'s new child after ``move`` (the position ``marks``, ``state``, ``won`` is after
    it): linked, not yet visited, its tactics made and a proof settled up (search._Node and
    the expansion in search._run); returns its index."""
    square, parent, first, sibling, kids, visits, proven, untried, pool, pool_at = nodes[:10]
    score, mean, minimax, spread = nodes[10:]
    child = tree[0]
    tree[0] += 1
    square[child], parent[child], first[child] = move, node, -1
    sibling[child], first[node] = first[node], child
    kids[node] += 1
    kids[child], visits[child], score[child] = 0, 0, 0.0
    mean[child], minimax[child], spread[child] = 0.0, _NEVER, 1.0
    tree[1] = _make(child, marks, state, won, proven, pool, pool_at, untried, tree[1], completing)
    if proven[child] != _UNPROVEN:
        _settle(child, parent, first, sibling, proven, untried)
    return int(child)


@njit(cache=True, nogil=True)
def _leaf(
    marks: Ints,
    state: Ints,
    won: Ints,
    chances: Floats,
    ternary: Ints,
    lines: Ints,
    has_line: Bytes,
) -> float:
    """search._scorer's evaluation: the expected result for the side that just moved."""
    x_chance = _x_chance(marks, state, won, chances, ternary, lines, has_line)
    return x_chance if state[_TURN] == 1 else 1.0 - x_chance


@njit(cache=True, nogil=True)
def _expand_root(
    tree: Ints,
    root_marks: Ints,
    root_state: Ints,
    root_won: Ints,
    nodes: Nodes,
    tables: Tables,
) -> int:
    """search._expand_root: make every child of the root and score each once; returns the
    simulations run (the children not proven when made)."""
    _square, parent, first, sibling, _kids, visits, proven, untried, pool, pool_at = nodes[:10]
    score, mean, minimax, _spread = nodes[10:]
    indices, chances, lines, has_line = tables
    completing, ternary = indices[0], indices[1]
    marks = np.empty(18, np.int32)
    state = np.empty(4, np.int32)
    won = np.empty(2, np.int32)
    count = 0
    best = _NEVER
    proven_child = -1
    for index in range(untried[0]):
        move = int(pool[pool_at[0] + index])
        marks[:] = root_marks
        state[:] = root_state
        won[:] = root_won
        _play(marks, state, won, move, has_line)
        child = _add_child(0, move, marks, state, won, tree, nodes, completing)
        if proven[child] != _UNPROVEN:
            result = proven[child] / 2.0
            proven_child = child
        else:
            count += 1
            result = _leaf(marks, state, won, chances, ternary, lines, has_line)
        visits[child], score[child], minimax[child] = 1, result, result
        mean[child] = _NEVER if proven[child] == _LOSS else result
        visits[0] += 1
        score[0] += 1.0 - result
        best = max(best, result)
    untried[0] = 0
    minimax[0] = 1.0 - best
    if proven_child >= 0:  # now that every child is made: are they all proven?
        _settle(proven_child, parent, first, sibling, proven, untried)
    return count


@njit(cache=True, nogil=True)
def _simulate(
    tree: Ints,
    root_marks: Ints,
    root_state: Ints,
    root_won: Ints,
    nodes: Nodes,
    simulations: int,
    exploration: float,
    alpha: float,
    tables: Tables,
) -> int:
    """Run up to ``simulations`` simulations (search._run); stop early once the root is
    proven or the tree is full. ``tree`` holds the node count and the pool's top. Returns
    the simulations run."""
    square, parent, first, sibling, kids, visits, proven, untried, pool, pool_at = nodes[:10]
    score, mean, minimax, spread = nodes[10:]
    indices, chances, lines, has_line = tables
    completing, ternary = indices[0], indices[1]
    capacity, pool_size = square.shape[0], pool.shape[0]
    marks = np.empty(18, np.int32)
    state = np.empty(4, np.int32)
    won = np.empty(2, np.int32)
    done = 0
    while done < simulations and proven[0] == _UNPROVEN:
        if tree[0] >= capacity or tree[1] + 81 > pool_size:
            break
        done += 1
        marks[:] = root_marks
        state[:] = root_state
        won[:] = root_won
        node = 0
        while proven[node] == _UNPROVEN and untried[node] == 0:
            scale = exploration * np.sqrt(np.log(visits[node]))
            best, best_value = node, -1.0
            child = first[node]
            while child >= 0:
                value = mean[child] + scale * spread[child]
                if value > best_value:
                    best, best_value = child, value
                child = sibling[child]
            node = best
            _play(marks, state, won, int(square[node]), has_line)
        if proven[node] == _UNPROVEN:
            left = untried[node]
            pick = pool_at[node] + int(np.random.random() * left)
            move = int(pool[pick])
            pool[pick] = pool[pool_at[node] + left - 1]
            untried[node] = left - 1
            _play(marks, state, won, move, has_line)
            node = _add_child(node, move, marks, state, won, tree, nodes, completing)
        if proven[node] != _UNPROVEN:
            result = proven[node] / 2.0
        else:
            result = _leaf(marks, state, won, chances, ternary, lines, has_line)
        before = minimax[node]
        minimax[node] = result
        while True:
            visits[node] += 1
            score[node] += result
            spread[node] = 1.0 / np.sqrt(visits[node])
            if proven[node] != _UNPROVEN:
                mean[node] = _NEVER if proven[node] == _LOSS else proven[node] / 2.0
            else:
                mean[node] = (1.0 - alpha) * score[node] / visits[node] + alpha * minimax[node]
            result = 1.0 - result
            up = parent[node]
            if up < 0:
                break
            after = minimax[node]
            if proven[up] != _UNPROVEN:
                value = proven[up] / 2.0
            else:  # the best child's value for the side to move, kept as one child changes
                top = 1.0 - minimax[up]
                if after >= top or kids[up] == 1:
                    top = after
                elif before >= top:
                    top = _NEVER
                    child = first[up]
                    while child >= 0:
                        top = max(top, minimax[child])
                        child = sibling[child]
                value = 1.0 - top
            before, minimax[up] = minimax[up], value
            node = up
    return done


@njit(cache=True, nogil=True)
def _seed(seed: int) -> None:
    np.random.seed(seed)


@cache
def _tables() -> Tables:
    """The lookup tables as arrays: COMPLETING and TERNARY, the chances, the lines' cells,
    HAS_LINE."""
    tables = np.array([COMPLETING, TERNARY], dtype=np.int32)
    chances = np.array(chances_table(), dtype=np.float64)
    lines = np.array([[c for c in range(9) if line >> c & 1] for line in LINES], dtype=np.int32)
    has_line = np.array(HAS_LINE, dtype=np.int8)
    return tables, chances, lines, has_line


@dataclass(frozen=True, slots=True)
class RootMove:
    """One child of the root: its square, visits, summed score and proof (as search._Node)."""

    square: int
    visits: int
    score: float
    proven: float | None


class Tree:
    """A search tree of at most ``capacity`` nodes (about 70 bytes each, with their untried
    squares; touched as used) over the position ``marks``, ``won``, ``state``, whose root's
    safe moves are ``moves``. :meth:`expand_root` makes and scores every child of the root,
    :meth:`simulate` runs simulations; :attr:`proven` and :meth:`root_moves` read the result."""

    def __init__(
        self,
        marks: list[int],
        won: list[int],
        state: tuple[int, int, int, int],
        moves: list[int],
        capacity: int,
        seed: int,
    ) -> None:
        self._marks = np.array(marks, dtype=np.int32)
        self._won = np.array(won, dtype=np.int32)
        self._state = np.array(state, dtype=np.int32)
        self._arrays = (
            np.empty(capacity, np.int8),  # square
            np.empty(capacity, np.int32),  # parent
            np.empty(capacity, np.int32),  # first child
            np.empty(capacity, np.int32),  # next sibling
            np.empty(capacity, np.int32),  # children made
            np.empty(capacity, np.int32),  # visits
            np.empty(capacity, np.int8),  # proven
            np.empty(capacity, np.int8),  # untried squares left
            np.empty(_pool_size(capacity), np.int8),  # the untried squares
            np.empty(capacity, np.int32),  # where a node's untried squares begin in the pool
            np.empty(capacity, np.float64),  # score
            np.empty(capacity, np.float64),  # mean
            np.empty(capacity, np.float64),  # minimax
            np.empty(capacity, np.float64),  # spread
        )
        square, parent, first, sibling, kids, visits, proven, untried, pool, pool_at = self._arrays[
            :10
        ]
        score, mean, minimax, spread = self._arrays[10:]
        square[0], parent[0], first[0], sibling[0], kids[0], visits[0] = -1, -1, -1, -1, 0, 0
        proven[0], untried[0], pool_at[0] = _UNPROVEN, len(moves), 0
        pool[: len(moves)] = moves
        score[0], mean[0], minimax[0], spread[0] = 0.0, 0.0, _NEVER, 1.0
        self._top = np.array([1, len(moves)], dtype=np.int32)  # nodes made, pool used
        _seed(seed)

    def expand_root(self) -> int:
        """Make every child of the root and score each once (before :meth:`simulate`);
        returns the simulations that took (the children not proven when made)."""
        return int(
            _expand_root(self._top, self._marks, self._state, self._won, self._arrays, _tables())
        )

    def simulate(self, simulations: int, exploration: float, alpha: float) -> int:
        """Run up to ``simulations`` simulations; fewer once the root is proven or the tree
        is full (:attr:`full`). Returns how many ran."""
        return int(
            _simulate(
                self._top,
                self._marks,
                self._state,
                self._won,
                self._arrays,
                simulations,
                exploration,
                alpha,
                _tables(),
            )
        )

    @property
    def full(self) -> bool:
        return bool(
            self._top[0] >= self._arrays[0].shape[0] or self._top[1] + 81 > self._arrays[8].shape[0]
        )

    @property
    def proven(self) -> float | None:
        """The root's proof for the side that made its move (search._Node.proven)."""
        proof = int(self._arrays[6][0])
        return None if proof == _UNPROVEN else proof / 2.0

    def root_moves(self) -> list[RootMove]:
        """Every child of the root made so far."""
        square, _, first, sibling, _, visits, proven = self._arrays[:7]
        score = self._arrays[10]
        moves = []
        child = int(first[0])
        while child >= 0:
            proof = int(proven[child])
            moves.append(
                RootMove(
                    int(square[child]),
                    int(visits[child]),
                    float(score[child]),
                    None if proof == _UNPROVEN else proof / 2.0,
                )
            )
            child = int(sibling[child])
        return moves


def warm() -> None:
    """Compile the kernel, or load it from Numba's cache: one tiny search of the empty board
    (compiled.prepare_kernel calls it once)."""
    tree = Tree([0] * 18, [0, 0], (FULL, -1, 0, _GOING_ON), list(range(81)), 200, 0)
    tree.expand_root()
    tree.simulate(100, 0.25, 0.3)


def tactics(pos: SearchPosition) -> tuple[int | None, list[int], float]:
    """The kernel's own reading of ``pos``: its game win (or None), its safe moves (``[]``
    with a game win or once over) and X's chance, as :func:`~.playout.game_win`,
    :func:`~.playout.safe_moves` and :func:`~.evaluation.evaluate` read it; the tests compare
    them."""
    marks = np.array(pos.marks, dtype=np.int32)
    won = np.array(pos.won, dtype=np.int32)
    state = np.array((pos.open, pos.forced, pos.turn, pos.result), dtype=np.int32)
    tables, chances, lines, has_line = _tables()
    chance = float(_x_chance(marks, state, won, chances, tables[1], lines, has_line))
    if pos.result != _GOING_ON:
        return None, [], chance
    win = int(_game_win(marks, state, won, tables[0]))
    if win >= 0:
        return win, [], chance
    out = np.empty(81, np.int8)
    count = _safe_moves(marks, state, won, tables[0], out, 0)
    return None, [int(square) for square in out[:count]], chance
