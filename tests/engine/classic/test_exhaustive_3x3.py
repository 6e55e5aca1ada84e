"""Exhaustive checks of the engine on 3x3 against an independent reference search.

The reference below is a plain memoized minimax over 9-tuples of "X"/"O"/"." written only for
these tests: it shares no code with bot.engine, so the engine's search is never used to check
itself. Scoring is depth-aware: a faster win beats a slower one and a slower loss beats a faster
one, which is what `perfect` promises and what analyze() reports as `plies`.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from reachable import reachable_positions

from bot.engine import Move, Player, Value
from bot.engine.classic import LEVELS, Board, analyze, choose_move

HELPERS = Path(__file__).resolve().parents[2] / "helpers"
"""tests/helpers/: the shared position walker a child process imports."""

Cells = tuple[str, ...]
EMPTY: Cells = (".",) * 9

LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)


# ---------------------------------------------------------------- the independent reference


def ref_winner(cells: Cells) -> str | None:
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def ref_over(cells: Cells) -> bool:
    return ref_winner(cells) is not None or "." not in cells


def ref_mover(cells: Cells) -> str:
    return "X" if cells.count("X") == cells.count("O") else "O"


def ref_play(cells: Cells, index: int) -> Cells:
    return (*cells[:index], ref_mover(cells), *cells[index + 1 :])


def rank(value: int, plies: int) -> tuple[int, int]:
    """Order results for the side to move: fast win > slow win > draw > slow loss > fast loss."""
    if value > 0:
        return (2, -plies)
    if value < 0:
        return (0, plies)
    return (1, 0)


@functools.cache
def ref_solve(cells: Cells) -> tuple[int, int]:
    """(value for the side to move: 1/0/-1, plies to the end under depth-aware best play)."""
    if ref_winner(cells) is not None:
        return (-1, 0)  # the previous mover completed a line
    if "." not in cells:
        return (0, 0)
    return max(ref_move_results(cells).values(), key=lambda r: rank(*r))


@functools.cache
def ref_move_results(cells: Cells) -> dict[int, tuple[int, int]]:
    """For every empty cell: (value for the mover if it plays there, plies counting that move)."""
    results = {}
    for index, cell in enumerate(cells):
        if cell == ".":
            value, plies = ref_solve(ref_play(cells, index))
            results[index] = (-value, plies + 1)
    return results


def ref_optimal(cells: Cells) -> set[int]:
    results = ref_move_results(cells)
    best = max(rank(*r) for r in results.values())
    return {i for i, r in results.items() if rank(*r) == best}


def ref_reachable() -> set[Cells]:
    seen: set[Cells] = set()
    stack = [EMPTY]
    while stack:
        cells = stack.pop()
        if cells in seen:
            continue
        seen.add(cells)
        if not ref_over(cells):
            stack.extend(ref_play(cells, i) for i, c in enumerate(cells) if c == ".")
    return seen


# ---------------------------------------------------------------- conversions


VALUE_OF = {1: Value.WIN, 0: Value.DRAW, -1: Value.LOSS}


def cells_of(board: Board) -> Cells:
    return tuple("." if p is None else p.value for p in board.cells)


def move_of(index: int) -> Move:
    return Move(index // 3, index % 3)


def index_of(move: Move) -> int:
    return move.row * 3 + move.col


@pytest.fixture(scope="module")
def positions() -> list[Board]:
    """Every reachable position, found only through Board.play (tests/helpers/reachable.py)."""
    return list(reachable_positions())


@pytest.fixture(scope="module")
def live_positions(positions: list[Board]) -> list[Board]:
    return [b for b in positions if not b.is_over]


# ---------------------------------------------------------------- the known counts


def test_reference_itself_has_the_known_counts() -> None:
    reachable = ref_reachable()
    assert len(reachable) == 5478
    assert sum(ref_over(c) for c in reachable) == 958
    assert ref_solve(EMPTY) == (0, 9)


def test_reachable_and_terminal_counts_through_board_play(positions: list[Board]) -> None:
    assert len(positions) == 5478
    assert sum(b.is_over for b in positions) == 958
    assert {cells_of(b) for b in positions} == ref_reachable()


def test_game_counts_through_board_play() -> None:
    @functools.cache
    def tally(board: Board) -> tuple[int, int, int]:
        """(X wins, O wins, draws) over every game that continues from `board`."""
        if board.is_over:
            return (
                int(board.winner is Player.X),
                int(board.winner is Player.O),
                int(board.winner is None),
            )
        x = o = d = 0
        for move in board.legal_moves:
            cx, co, cd = tally(board.play(move))
            x, o, d = x + cx, o + co, d + cd
        return (x, o, d)

    x_wins, o_wins, draws = tally(Board.empty())
    assert (x_wins, o_wins, draws) == (131_184, 77_904, 46_080)
    assert x_wins + o_wins + draws == 255_168


def test_every_terminal_position_agrees_with_the_reference(positions: list[Board]) -> None:
    for board in positions:
        cells = cells_of(board)
        assert board.is_over == ref_over(cells), board.notation
        expected = ref_winner(cells)
        assert (board.winner.value if board.winner else None) == expected, board.notation
        if board.is_over:
            assert board.legal_moves == ()
            assert board.outcome is not None
            assert board.outcome.winner == board.winner
        else:
            assert board.outcome is None


def test_every_win_lists_each_completed_line_separately(positions: list[Board]) -> None:
    """winning_lines: the reference's completed lines, in its order (rows, columns, diagonals)."""
    doubles = 0
    for board in positions:
        cells = cells_of(board)
        completed = [
            line for line in LINES if cells[line[0]] != "." and len({cells[i] for i in line}) == 1
        ]
        expected = tuple(tuple(move_of(i) for i in line) for line in completed)
        assert board.winning_lines == expected, board.notation
        outcome = board.outcome
        if not completed:
            assert outcome is None or outcome.lines == (), board.notation
            continue
        assert outcome is not None and outcome.lines == expected, board.notation
        assert board.winning_cells is not None
        union = {move for line in expected for move in line}
        assert set(board.winning_cells) == union and len(board.winning_cells) == len(union)
        doubles += len(completed) == 2
        assert len(completed) <= 2, board.notation
    assert doubles > 0  # one move completing two lines does happen in real 3x3 games


# ---------------------------------------------------------------- analyze() against the reference


def analysis_mismatches(boards: list[Board]) -> list[str]:
    """Everything analyze() says that the reference disagrees with, one line per problem."""
    problems: list[str] = []
    for board in boards:
        cells = cells_of(board)
        expected = {move_of(i): (VALUE_OF[v], p) for i, (v, p) in ref_move_results(cells).items()}
        analysis = analyze(board)
        got = {m.move: (m.value, m.plies) for m in analysis.moves}
        if len(analysis.moves) != len(expected) or got != expected:
            problems.append(f"{board.notation}: moves {got} != reference {expected}")
            continue
        best_value, _ = ref_solve(cells)
        if analysis.value is not VALUE_OF[best_value]:
            problems.append(f"{board.notation}: value {analysis.value} != {VALUE_OF[best_value]}")
        optimal = {move_of(i) for i in ref_optimal(cells)}
        if set(analysis.best_moves) != optimal or len(analysis.best_moves) != len(optimal):
            problems.append(f"{board.notation}: best {analysis.best_moves} != {sorted(optimal)}")
        ranks = [rank({Value.WIN: 1, Value.DRAW: 0, Value.LOSS: -1}[m.value], m.plies)
                 for m in analysis.moves]
        if ranks != sorted(ranks, reverse=True):
            problems.append(f"{board.notation}: moves are not listed best first")
        if analysis.board != board:
            problems.append(f"{board.notation}: analysis.board is {analysis.board.notation}")
        # Every move that does not win on the spot is searched: at least one position each.
        searched = sum(not (m.value is Value.WIN and m.plies == 1) for m in analysis.moves)
        if analysis.positions_examined < searched:
            problems.append(
                f"{board.notation}: {analysis.positions_examined} positions examined, "
                f"fewer than the {searched} moves that needed a search"
            )
    return problems


def test_analyze_agrees_with_the_reference_on_every_position(live_positions: list[Board]) -> None:
    assert len(live_positions) == 5478 - 958
    problems = analysis_mismatches(live_positions)
    assert not problems, f"{len(problems)} disagreements, first: {problems[:5]}"


def test_empty_board_is_a_draw_and_every_first_move_draws() -> None:
    analysis = analyze(Board.empty())
    assert analysis.value is Value.DRAW
    assert {m.value for m in analysis.moves} == {Value.DRAW}
    assert {m.plies for m in analysis.moves} == {9}
    assert set(analysis.best_moves) == set(Board.empty().legal_moves)


# ---------------------------------------------------------------- choose_move("perfect")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_perfect_picks_an_optimal_move_everywhere(live_positions: list[Board], seed: int) -> None:
    rng = random.Random(seed)
    wrong = []
    for board in live_positions:
        move = choose_move(board, "perfect", rng)
        if move not in board.legal_moves or index_of(move) not in ref_optimal(cells_of(board)):
            wrong.append(f"{board.notation} -> {move!r}")
    assert not wrong, f"{len(wrong)} non-optimal choices, first: {wrong[:5]}"


def test_perfect_spreads_its_choice_over_equal_moves() -> None:
    """On the empty board all nine moves draw in 9: a seeded rng should not always pick one."""
    board = Board.empty()
    picks = {choose_move(board, "perfect", random.Random(seed)) for seed in range(40)}
    assert len(picks) > 1


def engine_choices(board: Board) -> set[Move]:
    """Every move perfect picked over a few seeds, so the game tree covers its tie-breaks."""
    return {choose_move(board, "perfect", random.Random(seed)) for seed in range(4)}


@pytest.mark.parametrize("engine_side", [Player.X, Player.O])
def test_perfect_never_loses_against_any_sequence_of_replies(engine_side: Player) -> None:
    results: dict[Board, tuple[int, int, int]] = {}

    def play_out(board: Board) -> tuple[int, int, int]:
        """(engine wins, draws, engine losses) over all games from `board`."""
        if board in results:
            return results[board]
        if board.is_over:
            result = (
                int(board.winner is engine_side),
                int(board.winner is None),
                int(board.winner is engine_side.other),
            )
        else:
            moves = engine_choices(board) if board.to_move is engine_side else board.legal_moves
            totals = [play_out(board.play(m)) for m in moves]
            result = (
                sum(t[0] for t in totals),
                sum(t[1] for t in totals),
                sum(t[2] for t in totals),
            )
        results[board] = result
        return result

    wins, draws, losses = play_out(Board.empty())
    assert losses == 0
    assert wins > 0 and draws > 0  # the opponent's blunders were punished; best replies drew


def test_best_moves_never_lose_against_any_reply() -> None:
    """Branching over every move analyze() calls best, perfect play still never loses."""

    @functools.cache
    def worst_for(board: Board, side: Player) -> int:
        """Worst result for `side` (1 win, 0 draw, -1 loss) when `side` plays any best move."""
        if board.is_over:
            return 0 if board.winner is None else (1 if board.winner is side else -1)
        if board.to_move is side:
            return min(worst_for(board.play(m), side) for m in analyze(board).best_moves)
        return min(worst_for(board.play(m), side) for m in board.legal_moves)

    assert worst_for(Board.empty(), Player.X) == 0
    assert worst_for(Board.empty(), Player.O) == 0


def test_other_levels_do_not_corrupt_perfect(live_positions: list[Board]) -> None:
    """Weaker levels may cut their search short; no cut-off may leak into perfect's answers."""
    sample = live_positions[::7]
    rng = random.Random(7)
    for level in LEVELS:
        for board in sample:
            assert choose_move(board, level, rng) in board.legal_moves
    problems = analysis_mismatches(live_positions)
    assert not problems, f"{len(problems)} disagreements, first: {problems[:5]}"


# ---------------------------------------------------------------- fresh process, other orders

# The engine keeps one transposition table per board shape for the whole process, holding exact
# scores and alpha-beta bounds. Above, analyze() ran first and warmed it. Here a fresh interpreter
# asks in other orders (deepest positions first, shallowest first, shuffled with analyze and
# choose_move interleaved), so stale or mis-flagged bounds would show up as wrong answers.
FRESH_CHILD = """
import json, random, sys
sys.path.insert(0, sys.argv[2])  # tests/helpers/, for the shared position walker
from bot.engine.classic import analyze, choose_move
from reachable import live_positions
order = sys.argv[1]
live = list(live_positions())
if order == "deep":
    live.sort(key=lambda b: -b.moves_played)
elif order == "shallow":
    live.sort(key=lambda b: b.moves_played)
else:
    random.Random(order).shuffle(live)
rng = random.Random(1)
out = []
for board in live:
    if order not in ("deep", "shallow") and rng.random() < 0.5:
        a = analyze(board)
        out.append([board.notation, "analyze",
                    [[m.move.row, m.move.col, m.value.value, m.plies] for m in a.moves]])
    else:
        picks = {choose_move(board, "perfect", random.Random(s)) for s in range(3)}
        out.append([board.notation, "choose", [[m.row, m.col] for m in picks]])
print(json.dumps(out))
"""


@pytest.mark.processes
@pytest.mark.parametrize("order", ["deep", "shallow", "shuffle-1", "shuffle-2"])
def test_fresh_process_answers_in_any_order(order: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", FRESH_CHILD, order, str(HELPERS)],
        cwd=Path(__file__).resolve().parents[3],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout)
    assert len(answers) == 5478 - 958
    wrong = []
    for notation, kind, data in answers:
        cells = tuple(notation.replace("/", ""))
        if kind == "analyze":
            expected = sorted(
                [i // 3, i % 3, VALUE_OF[v].value, p]
                for i, (v, p) in ref_move_results(cells).items()
            )
            if sorted(data) != expected:
                wrong.append(f"{notation}: analyze {data}")
        elif not {r * 3 + c for r, c in data} <= ref_optimal(cells):
            wrong.append(f"{notation}: perfect chose {data}")
    assert not wrong, f"{len(wrong)} wrong answers, first: {wrong[:5]}"
