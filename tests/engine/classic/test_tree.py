"""The search-tree printer: golden outlines, cuts that match an independent alpha-beta, summaries.

The independent trace below is a textbook alpha-beta written on strings (max for X, min for O),
sharing nothing with bot/engine/tree.py but the rules: the same scores, the same move order
(centre, corners, edges), the same window. Where the printer marks a cut it must have cut.
"""

from __future__ import annotations

import pytest
from engine_cli_runner import run_cli
from reachable import live_positions

from bot.engine import SearchTooLargeError, Value
from bot.engine.classic import Board, analyze
from bot.engine.classic.teaching import Bound, SearchTree, TreeNode, render_tree, search_tree

ORDER = (4, 0, 2, 6, 8, 1, 3, 5, 7)  # centre, corners, edges
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
INF = 10**6


def show(notation: str, depth: int, *, pruning: bool = True) -> str:
    """What a student sees: ``python -m bot.engine NOTATION --tree --depth N``."""
    flags = ["--tree", "--depth", str(depth), *([] if pruning else ["--no-pruning"])]
    result = run_cli(notation, *flags)
    assert result.returncode == 0 and not result.stderr, result.stderr
    return result.stdout


GOLDEN_PLAIN = """\
Minimax tree of XOX/.O./... (X to move) to depth 1, plain minimax, no pruning.
Scores are from X's side (X picks the highest, O the lowest): a win scores 1 + the
cells still empty after it, so sooner wins score more; a draw 0; O's wins below 0.
"X 2,3" is X in row 2, column 3; "wins in 3" counts both sides' moves.

start: = 0  draw in 5
  X 3,1: = -4  O wins in 1
  X 3,3: = -4  O wins in 1
  X 2,1: = -4  O wins in 1
  X 2,3: = -4  O wins in 1
  X 3,2: = 0  draw in 4

Positions examined to the end of the game: 206 (plain minimax: 206); the outline shows depth 0 to 1.
"""

GOLDEN_PRUNED = """\
Minimax tree of XO./XO./... (X to move) to depth 2, with alpha-beta pruning.
Scores are from X's side (X picks the highest, O the lowest): a win scores 1 + the
cells still empty after it, so sooner wins score more; a draw 0; O's wins below 0.
"X 2,3" is X in row 2, column 3; "wins in 3" counts both sides' moves.
[alpha, beta] is the window a move was searched in; >= and <= mark bounds,
where a cut stopped the search early; "cut:" lists the moves it skipped.

start: = +5  X wins in 1
  X 1,3: = -4  O wins in 1                      [alpha -inf, beta +inf]
    O 3,1: = 0  draw in 3                       [alpha -inf, beta +inf]
    O 3,3: >= +3  X wins in 1                   [alpha -inf, beta 0]
      cut: X 2,3  X 3,2                         (X has +3 >= beta 0: O avoids this)
    O 2,3: >= +3  X wins in 1                   [alpha -inf, beta 0]
      cut: X 3,3  X 3,2                         (X has +3 >= beta 0: O avoids this)
    O 3,2: = -4  O has won                      [alpha -inf, beta 0]
  X 3,1: = +5  X has won                        [alpha -4, beta +inf]
  X 3,3: <= +3  X wins in 2, or better for O    [alpha +5, beta +inf]
    O 1,3: <= +3  X wins in 1, or better for O  [alpha +5, beta +inf]
    cut: O 3,1  O 2,3  O 3,2                    (O has +3 <= alpha +5: X avoids this)
  X 2,3: <= +3  X wins in 2, or better for O    [alpha +5, beta +inf]
    O 1,3: <= +3  X wins in 1, or better for O  [alpha +5, beta +inf]
    cut: O 3,1  O 3,3  O 3,2                    (O has +3 <= alpha +5: X avoids this)
  X 3,2: <= +3  X wins in 2, or better for O    [alpha +5, beta +inf]
    O 1,3: <= +3  X wins in 1, or better for O  [alpha +5, beta +inf]
    cut: O 3,1  O 3,3  O 2,3                    (O has +3 <= alpha +5: X avoids this)

Positions examined to the end of the game: 43 (plain minimax: 157); the outline shows depth 0 to 2.
"""


def test_golden_plain_tree() -> None:
    assert show("XOX/.O./...", 1, pruning=False) == GOLDEN_PLAIN


def test_golden_pruned_tree() -> None:
    assert show("XO./XO./...", 2) == GOLDEN_PRUNED


def winner(cells: list[str]) -> str | None:
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def trace(
    cells: list[str],
    alpha: int,
    beta: int,
    path: tuple[int, ...],
    cuts: dict[tuple[int, ...], tuple[int, ...]],
    visits: list[int],
) -> int:
    """Textbook fail-soft alpha-beta; records, per path of cells, the cells a cut skipped."""
    visits[len(path)] += 1
    won = winner(cells)
    empties = cells.count(".")
    if won is not None:
        return empties + 1 if won == "X" else -(empties + 1)
    if empties == 0:
        return 0
    maximising = cells.count("X") == cells.count("O")
    free = [cell for cell in ORDER if cells[cell] == "."]
    best = -INF if maximising else INF
    for index, cell in enumerate(free):
        cells[cell] = "X" if maximising else "O"
        score = trace(cells, alpha, beta, (*path, cell), cuts, visits)
        cells[cell] = "."
        if maximising:
            best = max(best, score)
            alpha = max(alpha, score)
        else:
            best = min(best, score)
            beta = min(beta, score)
        if alpha >= beta:
            if free[index + 1 :]:
                cuts[path] = tuple(free[index + 1 :])
            break
    return best


def printed_cuts(tree: SearchTree) -> dict[tuple[int, ...], tuple[int, ...]]:
    """The cuts the tree marks, keyed by the path of cells that leads to each node."""
    found: dict[tuple[int, ...], tuple[int, ...]] = {}

    def walk(node: TreeNode, path: tuple[int, ...]) -> None:
        if node.pruned:
            found[path] = tuple(move.row * 3 + move.col for move in node.pruned)
        for child in node.children:
            assert child.move is not None
            walk(child, (*path, child.move.row * 3 + child.move.col))

    walk(tree.root, ())
    return found


@pytest.mark.parametrize("index", range(0, 4520, 97))
def test_cut_marks_match_an_independent_alpha_beta_trace(index: int) -> None:
    positions = live_positions()
    board = positions[index % len(positions)]
    cells = list(board.notation.replace("/", ""))
    cuts: dict[tuple[int, ...], tuple[int, ...]] = {}
    visits = [0] * 10
    score = trace(cells, -INF, INF, (), cuts, visits)
    tree = search_tree(board, depth=9)  # keep every node
    assert printed_cuts(tree) == cuts
    assert tree.root.score == score
    assert tree.visited == tuple(visits[: len(tree.visited)])
    text = render_tree(tree, max_lines=10**6)
    assert text.count(" cut: ") == len(cuts)
    for soonest in ("wins in 1, or sooner", "wins in 2, or sooner"):  # none is sooner
        assert soonest not in text


def test_cuts_from_the_empty_board_match_the_trace() -> None:
    cuts: dict[tuple[int, ...], tuple[int, ...]] = {}
    visits = [0] * 10
    trace(["."] * 9, -INF, INF, (), cuts, visits)
    tree = search_tree(Board.empty(), depth=9)
    assert printed_cuts(tree) == cuts
    assert tree.visited == tuple(visits)
    assert sum(tree.cut) == sum(len(skipped) for skipped in cuts.values())


@pytest.mark.parametrize("board", live_positions()[::41], ids=str)
def test_the_root_score_is_the_engine_value(board: Board) -> None:
    """Both trees score the root exactly, as analyze() does (from the mover's side)."""
    analysis = analyze(board)
    best = analysis.moves[0]
    for pruning in (True, False) if board.moves_played else (True,):
        root = search_tree(board, 0, pruning=pruning).root
        assert root.bound is Bound.EXACT
        mover_score = root.score if board.to_move.value == "X" else -root.score
        expected = {Value.WIN: 1, Value.DRAW: 0, Value.LOSS: -1}[best.value]
        assert (mover_score > 0) - (mover_score < 0) == expected
        if best.value is not Value.DRAW:
            empties = 9 - board.moves_played
            assert empties - (abs(mover_score) - 1) == best.plies


@pytest.mark.slow
def test_a_large_plain_tree_is_summarised_by_depth_and_visits_the_whole_game_tree() -> None:
    tree = search_tree(Board.empty(), 3, pruning=False)
    # The textbook counts of Tic-Tac-Toe's game tree, depth by depth.
    assert tree.visited == (1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872)
    assert tree.examined == 549_946
    assert not any(tree.cut)
    text = render_tree(tree)
    assert "X 2,2" not in text  # no outline
    assert "The tree to depth 3 has 586 positions, too many to print" in text
    table = text[text.index("depth  positions") :].splitlines()
    assert table[1].split() == ["0", "1", "0"]
    assert table[3].split() == ["2", "72", "0"]
    assert table[9].split() == ["8", "200,448", "0"]
    assert "Positions examined to the end of the game: 549,946 (plain minimax: 549,946)" in text
    assert len(text.splitlines()) < 30


def test_a_large_pruned_tree_summary_counts_the_cuts() -> None:
    tree = search_tree(Board.empty(), 3)
    text = render_tree(tree)
    table = text[text.index("depth  positions") :].splitlines()
    for depth, row in enumerate(table[1 : len(tree.visited) + 1]):
        assert row.split() == [str(depth), f"{tree.visited[depth]:,}", f"{tree.cut[depth]:,}"]
    assert sum(tree.cut) > 0


def test_a_tree_too_large_to_walk_is_refused_with_a_sentence() -> None:
    with pytest.raises(SearchTooLargeError, match="more than 10,000 positions"):
        search_tree(Board.empty(4), 1, pruning=False, limit=10_000)


def test_a_negative_depth_is_refused() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        search_tree(Board.empty(), -1)


def test_a_finished_game_is_a_single_exact_node() -> None:
    tree = search_tree(Board.from_notation("XXX/OO./..."), 2)
    assert tree.root.children == () and tree.root.score == 5 and tree.examined == 1


@pytest.mark.parametrize(
    ("flags", "complaint"),
    [
        (["--depth", "3"], "--depth and --no-pruning only go with --tree"),
        (["--no-pruning"], "--depth and --no-pruning only go with --tree"),
        (["--tree", "--depth", "-1"], "--depth must be 0 or more, not -1"),
    ],
)
def test_tree_options_out_of_place_are_refused_with_status_2(
    flags: list[str], complaint: str
) -> None:
    result = run_cli("X../.../...", *flags)
    assert result.returncode == 2 and complaint in result.stderr
    assert "Traceback" not in result.stderr
