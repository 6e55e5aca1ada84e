"""4x4, four in a row: the empty board is a draw, and known forced wins are found and won.

The forced-win positions are checked first by a small independent search written below over
plain tuples ("can the side to move force a win within d plies?"), then the engine must report
the same distance and win every game against every defence.
"""

from __future__ import annotations

import functools
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.engine import Move, Player, Value
from bot.engine.classic import Board, analyze, choose_move

SIZE = K = 4
Cells = tuple[str, ...]


def _lines() -> tuple[tuple[int, ...], ...]:
    found = []
    for r in range(SIZE):
        for c in range(SIZE):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(K)]
                if all(0 <= a < SIZE and 0 <= b < SIZE for a, b in cells):
                    found.append(tuple(a * SIZE + b for a, b in cells))
    return tuple(found)


LINES = _lines()
THROUGH = {i: [line for line in LINES if i in line] for i in range(SIZE * SIZE)}


# ---------------------------------------------------------------- independent bounded search


def mover(cells: Cells) -> str:
    return "X" if cells.count("X") == cells.count("O") else "O"


def completes(cells: Cells, index: int, mark: str) -> bool:
    """Would `mark` on `index` finish a line?"""
    return any(all(cells[j] == mark or j == index for j in line) for line in THROUGH[index])


def put(cells: Cells, index: int, mark: str) -> Cells:
    return (*cells[:index], mark, *cells[index + 1 :])


@functools.cache
def wins_within(cells: Cells, depth: int) -> bool:
    """Can the side to move force a win within `depth` plies (its own moves and the replies)?"""
    me = mover(cells)
    them = "O" if me == "X" else "X"
    empty = [i for i, c in enumerate(cells) if c == "."]
    if any(completes(cells, i, me) for i in empty):
        return True
    if depth < 3:
        return False
    for i in empty:
        child = put(cells, i, me)
        replies = [j for j in empty if j != i]
        if replies and all(
            not completes(child, j, them) and wins_within(put(child, j, them), depth - 2)
            for j in replies
        ):
            return True
    return False


def win_distance(cells: Cells, limit: int = 7) -> int | None:
    """Fewest plies in which the side to move forces a win, or None if not within `limit`."""
    return next((d for d in range(1, limit + 1, 2) if wins_within(cells, d)), None)


def cells_of(board: Board) -> Cells:
    return tuple("." if p is None else p.value for p in board.cells)


# ---------------------------------------------------------------- positions with forced wins

# (notation, side to move, fewest plies to a forced win). Found by random sampling and kept
# because the independent search above proves each distance; the test re-proves it every run.
FORCED_WINS = [
    ("...O/O.../OXO./XX.X", Player.X, 1),  # X completes the bottom row
    (".OOO/..XX/.X../X.OX", Player.O, 1),  # O completes the top row
    ("...X/X.X./.OO./O.OX", Player.X, 3),  # X makes two threats at once
    ("..XX/..O./.XO./.XOO", Player.X, 3),
    ("X.OX/X..X/.XO./.O.O", Player.O, 3),
    ("OOXX/X.X./.OO./..X.", Player.O, 3),
    ("OO.X/.OXX/O.../.X..", Player.X, 5),
    (".O.O/.X.O/X..X/X.O.", Player.X, 5),
    ("OOX./X.XX/...X/.OO.", Player.O, 5),
    ("..X./.OXX/O..O/OXX.", Player.O, 5),
    ("XO../.OXO/X.../..XO", Player.X, 7),
]
IDS = [f"{n}-{side.value}-in-{d}" for n, side, d in FORCED_WINS]


@pytest.mark.parametrize(("notation", "side", "distance"), FORCED_WINS, ids=IDS)
def test_reference_proves_the_forced_win(notation: str, side: Player, distance: int) -> None:
    board = Board.from_notation(notation)
    assert (board.size, board.k) == (4, 4)
    assert board.to_move is side and not board.is_over
    assert win_distance(cells_of(board)) == distance


@pytest.mark.parametrize(("notation", "side", "distance"), FORCED_WINS, ids=IDS)
def test_analyze_finds_the_fastest_win(notation: str, side: Player, distance: int) -> None:
    board = Board.from_notation(notation)
    analysis = analyze(board)
    assert analysis.value is Value.WIN
    assert analysis.moves[0].value is Value.WIN
    assert analysis.moves[0].plies == distance
    assert all(m.plies >= distance for m in analysis.moves if m.value is Value.WIN)
    for best in analysis.best_moves:
        child = cells_of(board.play(best))
        if distance == 1:
            assert board.play(best).winner is side
        else:
            # Whatever the reply, the engine's best move keeps a win within distance - 2.
            empty = [i for i, c in enumerate(child) if c == "."]
            them = side.other.value
            assert all(
                not completes(child, j, them) and wins_within(put(child, j, them), distance - 2)
                for j in empty
            ), f"{best} does not force the win in {distance}"


@pytest.mark.parametrize(("notation", "side", "distance"), FORCED_WINS, ids=IDS)
def test_perfect_wins_against_every_defence(notation: str, side: Player, distance: int) -> None:
    start = Board.from_notation(notation)
    games = 0

    def play_out(board: Board) -> None:
        nonlocal games
        if board.is_over:
            games += 1
            assert board.winner is side, f"{board.notation} after {notation}"
            assert board.moves_played - start.moves_played <= distance
            return
        if board.to_move is side:
            picks = {choose_move(board, "perfect", random.Random(s)) for s in range(2)}
            for move in picks:
                play_out(board.play(move))
        else:
            for move in board.legal_moves:
                play_out(board.play(move))

    play_out(start)
    assert games >= 1


@pytest.mark.parametrize(
    ("notation", "side", "distance"), [w for w in FORCED_WINS if w[2] > 1],
    ids=[i for i, w in zip(IDS, FORCED_WINS, strict=True) if w[2] > 1],
)
def test_the_losing_side_holds_out_longest(notation: str, side: Player, distance: int) -> None:
    """After the winner's best move, the loser is lost in distance - 1 and delays that long."""
    board = Board.from_notation(notation)
    lost = board.play(analyze(board).best_moves[0])
    analysis = analyze(lost)
    assert analysis.value is Value.LOSS
    assert {m.value for m in analysis.moves} == {Value.LOSS}
    # Independent: for each reply, the winner's fastest forced win from there.
    longest = max(
        1 + (win_distance(cells_of(lost.play(m))) or 99) for m in lost.legal_moves
    )
    assert analysis.moves[0].plies == longest == distance - 1


# ---------------------------------------------------------------- the whole 4x4 game


def test_empty_4x4_is_a_draw() -> None:
    analysis = analyze(Board.empty(4))
    assert analysis.value is Value.DRAW
    assert len(analysis.moves) == 16
    assert analysis.moves[0].value is Value.DRAW
    assert all(m.value is not Value.WIN for m in analysis.moves)
    assert analysis.positions_examined > 0


def test_perfect_opening_on_4x4_keeps_the_draw() -> None:
    board = Board.empty(4)
    move = choose_move(board, "perfect", random.Random(3))
    assert move in board.legal_moves
    reply = analyze(board.play(move))
    assert reply.value is Value.DRAW  # the opponent cannot win after it either


def test_perfect_takes_an_immediate_4x4_win_over_a_slower_one() -> None:
    # X can win now on the top row; other moves may also win later, but not as fast.
    board = Board.from_notation("XXX./OOO./..../....")
    assert choose_move(board, "perfect", random.Random(0)) == Move(0, 3)


def test_perfect_blocks_the_only_4x4_threat() -> None:
    board = Board.from_notation("XXX./OO../..../....")  # O to move must block (0,3)
    assert board.to_move is Player.O
    assert choose_move(board, "perfect", random.Random(0)) == Move(0, 3)


# ---------------------------------------------------------------- full solve of small 4x4 endgames


@functools.cache
def solve(cells: Cells) -> tuple[int, int]:
    """Independent exact result for the side to move: (1/0/-1, plies to the end), depth-aware."""
    results = move_results(cells).values()
    if not results:
        return (0, 0)
    return max(results, key=lambda r: rank(*r))


@functools.cache
def move_results(cells: Cells) -> dict[int, tuple[int, int]]:
    """Every empty cell -> (value for the mover if it plays there, plies counting that move)."""
    me = mover(cells)
    found = {}
    for i, c in enumerate(cells):
        if c != ".":
            continue
        if completes(cells, i, me):
            found[i] = (1, 1)
            continue
        value, plies = solve(put(cells, i, me))
        found[i] = (-value, plies + 1)
    return found


def rank(value: int, plies: int) -> tuple[int, int]:
    """Fast win > slow win > draw > slow loss > fast loss."""
    return (2, -plies) if value > 0 else (0, plies) if value < 0 else (1, 0)


def endgames(count: int, marks: int, seed: int) -> list[Board]:
    """Distinct live 4x4 positions reached by random play with `marks` marks on the board."""
    rng = random.Random(seed)
    found: dict[Board, None] = {}
    while len(found) < count:
        board = Board.empty(4)
        while board.moves_played < marks and not board.is_over:
            board = board.play(rng.choice(board.legal_moves))
        if not board.is_over:
            found[board] = None
    return list(found)


VALUE_OF = {1: Value.WIN, 0: Value.DRAW, -1: Value.LOSS}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("marks", "count", "seed"), [(6, 6, 5), (7, 20, 1), (8, 20, 2), (9, 20, 3), (10, 20, 4)]
)
def test_analyze_matches_a_full_independent_solve_of_4x4_endgames(
    marks: int, count: int, seed: int
) -> None:
    problems = []
    for board in endgames(count, marks, seed):
        cells = cells_of(board)
        expected = {
            Move(i // 4, i % 4): (VALUE_OF[v], p) for i, (v, p) in move_results(cells).items()
        }
        analysis = analyze(board)
        got = {m.move: (m.value, m.plies) for m in analysis.moves}
        if got != expected:
            problems.append(f"{board.notation}: {got} != {expected}")
        best = max(rank(*r) for r in move_results(cells).values())
        optimal = {Move(i // 4, i % 4) for i, r in move_results(cells).items() if rank(*r) == best}
        if set(analysis.best_moves) != optimal:
            problems.append(f"{board.notation}: best {analysis.best_moves} != {optimal}")
        if choose_move(board, "perfect", random.Random(seed)) not in optimal:
            problems.append(f"{board.notation}: perfect chose a non-optimal move")
    assert not problems, f"{len(problems)} disagreements, first: {problems[:3]}"


def test_concurrent_analyses_agree_with_the_reference() -> None:
    """The game layer may analyse from worker threads; the shared table must stay correct."""
    boards = endgames(24, 8, seed=42) + endgames(16, 9, seed=43)

    def check(board: Board) -> str | None:
        expected = {
            Move(i // 4, i % 4): (VALUE_OF[v], p)
            for i, (v, p) in move_results(cells_of(board)).items()
        }
        got = {m.move: (m.value, m.plies) for m in analyze(board).moves}
        return None if got == expected else f"{board.notation}: {got} != {expected}"

    for board in boards:  # fill the reference cache first, so the threads race on the engine
        move_results(cells_of(board))
    with ThreadPoolExecutor(max_workers=4) as pool:
        problems = [p for p in pool.map(check, boards) if p]
    assert not problems, problems[:3]
