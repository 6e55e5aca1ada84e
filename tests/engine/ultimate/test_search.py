"""The ultimate search: its fast position and tactics against the naive reference, the
playouts' policy, the evaluation, and the searcher's choices (seeded, with a budget of
simulations, never timed)."""

from __future__ import annotations

import random
from functools import cache
from typing import TypedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import GameOverError, Move, UnknownLevelError, Value
from bot.engine.ultimate import (
    LEVELS,
    PROFILES,
    Leaf,
    Level,
    UltimateBoard,
    analyze,
    choose_move,
    search,
)
from bot.engine.ultimate.evaluation import TERNARY, chances_table, evaluate
from bot.engine.ultimate.kernel import tactics
from bot.engine.ultimate.playout import (
    DRAW,
    GOING_ON,
    SearchPosition,
    game_win,
    playout,
    safe_moves,
)
from bot.engine.ultimate.tables import MOVES, square_of
from tests.engine.ultimate.test_reference import Grid, Square, grid_of
from tests.engine.ultimate.test_reference import legal_moves as ref_legal_moves
from tests.engine.ultimate.test_reference import play as ref_play
from tests.engine.ultimate.test_reference import safe_moves as ref_safe_moves
from tests.engine.ultimate.test_reference import winner as ref_winner
from tests.engine.ultimate.test_reference import winning_moves as ref_winning_moves
from tests.engine.ultimate.test_rules import random_game


class Style(TypedDict, total=False):
    """How a search scores and backs up (``search``'s keywords)."""

    leaf: Leaf
    minimax: float
    compiled: bool


STYLES = [
    pytest.param(Style(leaf=Leaf.EVALUATION), id="evaluation"),
    pytest.param(Style(leaf=Leaf.PLAYOUT), id="playout"),
    pytest.param(
        Style(leaf=Leaf.EVALUATION, minimax=PROFILES[Level.STRONGEST].minimax),
        id="evaluation, implicit minimax",
    ),
    pytest.param(
        Style(leaf=Leaf.EVALUATION, minimax=PROFILES[Level.STRONGEST].minimax, compiled=True),
        id="strongest's: compiled, evaluation, implicit minimax",
    ),
]
"""Every way the levels search: each must keep the tactics and the proofs."""


def grid(board: UltimateBoard) -> Grid:
    return grid_of(board.notation.split(" ")[0])


def last(board: UltimateBoard) -> Square | None:
    return None if board.last is None else (board.last.row, board.last.col)


def rc(square: int) -> Square:
    move = MOVES[square]
    return (move.row, move.col)


def state(pos: SearchPosition) -> tuple[object, ...]:
    return (pos.marks, pos.won, pos.open, pos.forced, pos.turn, pos.result)


def wins_in_two(board: UltimateBoard, move: Move) -> bool:
    """By the reference: after ``move`` the game is won, or every reply allows a game win."""
    rows, mover = grid(board), board.to_move.value
    after = ref_play(rows, (move.row, move.col))
    if ref_winner(after) == mover:
        return True
    replies = ref_legal_moves(after, (move.row, move.col))
    return bool(replies) and all(
        ref_winning_moves(ref_play(after, reply), reply) for reply in replies
    )


@cache
def tactical_positions() -> tuple[UltimateBoard, ...]:
    """Positions from random games where the side to move cannot win at once, some moves
    let the opponent win at once and some do not (found with the engine, checked below)."""
    found = []
    for seed in range(400):
        for board in random_game(seed):
            if board.is_over:
                continue
            pos = SearchPosition.of(board)
            if game_win(pos) is None and 0 < len(safe_moves(pos)) < len(pos.legal()):
                found.append(board)
                break
        if len(found) == 12:
            break
    return tuple(found)


@cache
def win_in_two_positions() -> tuple[UltimateBoard, ...]:
    """Positions from random games with no win in one, where a move leaves the opponent no
    reply that stops a game win (found with the engine's tactics)."""
    found = []
    for seed in range(2000):
        for board in random_game(seed):
            if board.is_over:
                continue
            pos = SearchPosition.of(board)
            if game_win(pos) is not None:
                continue
            for square in safe_moves(pos):
                child = pos.copy()
                child.play(square)
                if child.result == GOING_ON and not safe_moves(child):
                    found.append(board)
                    break
            else:
                continue
            break
        if len(found) == 6:
            break
    return tuple(found)


# ------------------------------------------------------------ the search's position and tactics


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_the_search_position_and_its_tactics_agree_with_the_reference(seed: int) -> None:
    boards = random_game(seed)
    for board, following in zip(boards, [*boards[1:], None], strict=True):
        pos, rows = SearchPosition.of(board), grid(board)
        assert sorted(rc(s) for s in pos.legal()) == ref_legal_moves(rows, last(board))
        winning = ref_winning_moves(rows, last(board))
        win = game_win(pos)
        assert (win is None) == (not winning)
        if win is not None:
            assert rc(win) in winning
        else:
            assert sorted(rc(s) for s in safe_moves(pos)) == ref_safe_moves(rows, last(board))
        if following is not None:
            assert following.last is not None
            pos.play(square_of(following.last))
            assert state(pos) == state(SearchPosition.of(following))


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_the_compiled_kernel_reads_positions_as_the_python_search(seed: int) -> None:
    for board in random_game(seed):
        pos = SearchPosition.of(board)
        win, safe, x_chance = tactics(pos)
        assert win == game_win(pos)
        assert safe == ([] if win is not None or board.is_over else safe_moves(pos))
        assert x_chance == pytest.approx(evaluate(pos), abs=1e-12)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=0, max_value=70))
def test_playouts_take_a_game_win_and_otherwise_play_safe_moves(seed: int, plies: int) -> None:
    board = random_game(seed)[: plies + 1][-1]
    if board.is_over:
        return
    record: list[int] = []
    result = playout(SearchPosition.of(board), random.Random(seed).random, record)
    rows, previous = grid(board), last(board)
    for square in record:
        move = rc(square)
        assert move in ref_legal_moves(rows, previous)
        assert not ref_winning_moves(rows, previous), "a game win was not taken"
        safe = ref_safe_moves(rows, previous)
        assert move in safe, "an unsafe move was played"
        rows, previous = ref_play(rows, move), move
    mover = "XO"[(len(record) + (board.to_move.value == "O")) % 2]
    if result == DRAW:
        assert not ref_legal_moves(rows, previous) and ref_winner(rows) is None
    elif "XO"[result] == mover:
        assert ref_winning_moves(rows, previous), "a win was claimed without a winning move"
    else:
        assert ref_legal_moves(rows, previous) and not ref_safe_moves(rows, previous)


def test_a_playout_from_a_finished_game_returns_its_result() -> None:
    board = next(b for b in random_game(3) if b.is_over)
    expected = DRAW if board.winner is None else "XO".index(board.winner.value)
    assert playout(SearchPosition.of(board), random.random) == expected


# --------------------------------------------------------------------------- the searcher


def test_the_positions_the_searcher_tests_use_are_what_they_claim() -> None:
    """Guard the guards: the positions found with the engine, checked by the reference."""
    assert len(tactical_positions()) == 12 and len(win_in_two_positions()) == 6
    for board in tactical_positions():
        rows = grid(board)
        assert not ref_winning_moves(rows, last(board))
        assert 0 < len(ref_safe_moves(rows, last(board))) < len(board.legal_moves)
    for board in win_in_two_positions():
        assert not ref_winning_moves(grid(board), last(board))
        assert any(wins_in_two(board, move) for move in board.legal_moves)


def test_the_searcher_plays_a_win_in_one_at_once() -> None:
    board = next(
        b for seed in range(100) for b in random_game(seed)[:-1] if game_win(SearchPosition.of(b))
    )
    result = search(board, simulations=100, rng=random.Random(1))
    after = board.play(result.move)
    assert after.winner is board.to_move
    assert result.proven is Value.WIN and result.value == 1.0 and result.simulations == 0


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("index", range(12))
def test_the_searcher_blocks_an_immediate_loss(index: int, style: Style) -> None:
    board = tactical_positions()[index]
    result = search(board, seconds=60, simulations=64, rng=random.Random(index), **style)
    assert (result.move.row, result.move.col) in ref_safe_moves(grid(board), last(board))
    unsafe = [s for s in result.moves if s.proven is Value.LOSS and s.visits == 0]
    assert len(unsafe) == len(board.legal_moves) - len(ref_safe_moves(grid(board), last(board)))


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("index", range(6))
def test_solver_backups_prove_a_forced_win_in_two(index: int, style: Style) -> None:
    board = win_in_two_positions()[index]
    result = search(board, seconds=60, simulations=200, rng=random.Random(index), **style)
    assert result.proven is Value.WIN
    assert result.value == 1.0
    assert result.moves[0].proven is Value.WIN and result.moves[0].move == result.move
    assert wins_in_two(board, result.move)


def test_a_position_where_every_move_loses_at_once_is_proven_lost() -> None:
    board = next(
        b
        for seed in range(400)
        for b in random_game(seed)
        if not b.is_over
        and game_win(SearchPosition.of(b)) is None
        and not safe_moves(SearchPosition.of(b))
    )
    assert not ref_safe_moves(grid(board), last(board))
    result = search(board, simulations=100, rng=random.Random(2))
    assert result.proven is Value.LOSS and result.value == 0.0
    assert result.move in board.legal_moves


def refuted_in_two(pos: SearchPosition) -> bool:
    """By the engine's tactics: every safe move allows a reply that leaves no safe move."""
    for square in safe_moves(pos):
        child = pos.copy()
        child.play(square)
        if child.result != GOING_ON or game_win(child) is not None:
            return False
        for reply in safe_moves(child):
            grandchild = child.copy()
            grandchild.play(reply)
            if grandchild.result == GOING_ON and not safe_moves(grandchild):
                break
        else:
            return False
    return True


@pytest.mark.parametrize("style", STYLES)
def test_a_loss_in_four_plies_is_proven_through_the_tree(style: Style) -> None:
    """Every safe move allows a win in two: each child is proven lost because one of its
    own children is proven won, and the root, all of whose children are proven, is lost."""
    board = next(
        b
        for seed in range(400)
        for b in random_game(seed)
        if not b.is_over
        and game_win(SearchPosition.of(b)) is None
        and len(safe_moves(SearchPosition.of(b))) >= 2
        and refuted_in_two(SearchPosition.of(b))
    )
    result = search(board, seconds=60, simulations=2_000, rng=random.Random(1), **style)
    assert result.proven is Value.LOSS and result.value == 0.0
    assert result.simulations < 2_000, "the search should stop once the root is proven"
    assert all(stat.proven is Value.LOSS for stat in result.moves)
    safe = ref_safe_moves(grid(board), last(board))
    assert len(safe) >= 2
    assert (result.move.row, result.move.col) in safe, "lost, it should still not lose at once"
    for row, col in safe:
        after = board.play(Move(row, col))
        assert any(wins_in_two(after, reply) for reply in after.legal_moves)


@pytest.mark.parametrize("style", STYLES)
def test_a_seeded_search_with_a_budget_repeats_itself(style: Style) -> None:
    board = random_game(11)[12]
    first = search(board, seconds=60, simulations=300, rng=random.Random(7), **style)
    second = search(board, seconds=60, simulations=300, rng=random.Random(7), **style)
    assert first.simulations == second.simulations == 300
    assert (first.move, first.value, first.moves) == (second.move, second.value, second.moves)


@pytest.mark.parametrize("style", STYLES)
def test_the_search_reports_every_legal_move_best_first(style: Style) -> None:
    board = random_game(4)[10]
    result = search(board, seconds=60, simulations=500, rng=random.Random(3), **style)
    assert sorted(stat.move for stat in result.moves) == sorted(board.legal_moves)
    assert result.moves[0].move == result.move
    assert sum(stat.visits for stat in result.moves) >= 500
    visits = [stat.visits for stat in result.moves if stat.proven is None]
    assert visits == sorted(visits, reverse=True)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("index", [0, 1, 3, 5])
def test_a_budget_of_one_simulation_still_tries_every_safe_move(index: int, style: Style) -> None:
    """The root's every safe move is made and scored before the budget counts; only moves
    that lose at once are reported lost without a visit."""
    board = tactical_positions()[index]
    result = search(board, seconds=60, simulations=1, rng=random.Random(index), **style)
    safe = ref_safe_moves(grid(board), last(board))
    assert sorted(stat.move for stat in result.moves) == sorted(board.legal_moves)
    for stat in result.moves:
        if (stat.move.row, stat.move.col) in safe:
            assert stat.visits >= 1, f"{stat.move} is safe and was never tried"
        else:
            assert stat.proven is Value.LOSS and stat.visits == 0


def squares(cells: dict[int, tuple[int, ...]]) -> int:
    """A bitboard from {small board: its cells}."""
    return sum(1 << 9 * board + cell for board, group in cells.items() for cell in group)


WON = {0: (0, 1, 2), 1: (0, 1, 2), 3: (0, 1, 2), 4: (0, 1, 2)}
"""Four small boards won in a square: five lines of small boards are one board short."""
BESIDE = {0: (3, 4, 6), 1: (3, 4, 6), 3: (3, 4, 6), 4: (3, 6), 8: (4,)}
"""The loser's marks: in those four boards (before they were won), and one in the centre of
the bottom right board, the last move, which sends the winner to a closed board."""


@pytest.mark.parametrize("style", STYLES)
def test_the_value_is_for_the_side_to_move(style: Style) -> None:
    x_ahead = UltimateBoard(squares(WON), squares(BESIDE), Move(7, 7))
    o_ahead = UltimateBoard(squares({**BESIDE, 4: (3, 4, 6)}), squares(WON), Move(7, 7))
    for board, side in ((x_ahead, "X"), (o_ahead, "O")):
        assert board.to_move.value == side and board.forced_board is None
        result = search(board, seconds=60, simulations=300, rng=random.Random(4), **style)
        assert result.value > 0.7, f"{side} is far ahead here"


@pytest.mark.parametrize(("seed", "ply"), [(5, 54), (10, 43)])
def test_a_move_proven_lost_is_not_played_however_often_it_was_tried(seed: int, ply: int) -> None:
    board = random_game(seed)[ply]
    result = search(board, seconds=60, simulations=400, rng=random.Random(seed))
    open_moves = [stat for stat in result.moves if stat.proven is None]
    lost = [stat for stat in result.moves if stat.proven is Value.LOSS]
    assert result.proven is None and open_moves
    assert max(s.visits for s in lost) > max(s.visits for s in open_moves), "no such position"
    assert result.move == open_moves[0].move


@pytest.mark.parametrize("weight", [-0.1, 1.5, float("nan")])
def test_a_minimax_weight_outside_0_to_1_is_refused(weight: float) -> None:
    with pytest.raises(ValueError, match="from 0 to 1"):
        search(random_game(3)[8], simulations=10, minimax=weight)


def test_searching_a_finished_game_is_an_error() -> None:
    board = next(b for b in random_game(5) if b.is_over)
    with pytest.raises(GameOverError):
        search(board, simulations=10)


# ------------------------------------------------------------------------------------ levels


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_win_in_one_and_plays_legal_moves(level: str) -> None:
    board = next(
        b for seed in range(100) for b in random_game(seed)[:-1] if game_win(SearchPosition.of(b))
    )
    for seed in range(20):
        move = choose_move(board, level, random.Random(seed), simulations=30)
        assert board.play(move).winner is board.to_move
    quiet = random_game(8)[6]
    assert choose_move(quiet, level, random.Random(1), simulations=30) in quiet.legal_moves


def test_the_weak_levels_sometimes_play_a_random_safe_move() -> None:
    board = tactical_positions()[0]
    safe = ref_safe_moves(grid(board), last(board))
    moves = {choose_move(board, "easy", random.Random(s), simulations=30) for s in range(60)}
    assert {(m.row, m.col) for m in moves} <= set(safe)
    strongest = {
        choose_move(board, "strongest", random.Random(s), simulations=30) for s in range(5)
    }
    assert len(moves) > len(strongest) or len(safe) == 1


def test_levels_search_their_own_number_of_simulations() -> None:
    board = random_game(2)[8]
    easy = analyze(board, "easy", random.Random(1), seconds=60)
    hard = analyze(board, "hard", random.Random(1), seconds=60)
    assert easy.simulations == 50 and hard.simulations == 3_000


def test_an_unknown_level_is_refused_with_the_choices() -> None:
    with pytest.raises(UnknownLevelError) as info:
        choose_move(UltimateBoard(), "perfect")
    assert str(info.value) == (
        "Unknown level 'perfect' for ultimate: choose one of easy, medium, hard, strongest."
    )


# ------------------------------------------------------------------------------ the evaluation


def pattern(*cells: int) -> int:
    return sum(1 << cell for cell in cells)


def chances_of(x: int, o: int) -> tuple[float, float]:
    return chances_table()[TERNARY[x] + 2 * TERNARY[o]]


def test_a_small_board_s_chances_by_hand() -> None:
    # X X .    the last cell gets X (X's line) or O (no line), each with chance 1/2
    # O O X
    # X O O
    assert chances_of(pattern(0, 1, 5, 6), pattern(3, 4, 7, 8)) == (0.5, 0.0)
    assert chances_of(pattern(0, 1, 2), pattern(3, 4)) == (1.0, 0.0)
    empty = chances_of(0, 0)
    assert empty[0] == empty[1] and 0.4 < empty[0] < 0.5  # some fillings are draws
    centre = chances_of(pattern(4), 0)
    assert centre[0] > empty[0] > centre[1]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=0, max_value=80))
def test_the_evaluation_is_a_chance_and_fair_to_both_colours(seed: int, plies: int) -> None:
    board = random_game(seed)[: plies + 1][-1]
    value = evaluate(SearchPosition.of(board))
    assert 0.0 <= value <= 1.0
    swapped = SearchPosition.of(board)
    swapped.marks = swapped.marks[9:] + swapped.marks[:9]
    swapped.won = swapped.won[::-1]
    assert evaluate(swapped) == pytest.approx(1.0 - value)
    if board.winner is not None:
        assert value == (1.0 if board.winner.value == "X" else 0.0)


def test_the_evaluation_rises_with_won_small_boards_in_a_row() -> None:
    # X has won the top left board, then also the top middle one; O's marks sit elsewhere.
    one = UltimateBoard.from_notation(
        "XXX....../OO......./........./" + "/".join(["........."] * 5) + "/.......O."
    )
    two = UltimateBoard.from_notation(
        "XXXXXX.../OO......./OO......./" + "/".join(["........."] * 5) + "/.......O."
    )
    start = evaluate(SearchPosition.of(UltimateBoard()))
    assert start == pytest.approx(0.5)
    assert start < evaluate(SearchPosition.of(one)) < evaluate(SearchPosition.of(two)) < 1.0
