"""Connect Four's hint values: each column's solver score turned into a value and the plies to
the end (``replies.outcome``), checked three ways that do not use the conversion:

- on the 100 reference positions of 30 to 38 discs (tests/engine/connect4/positions/, each
  column's score from Pascal Pons' solver) against those scores and against a plain minimax
  written here, which counts the plies to the end by playing every continuation;
- on seeded random positions of 20 to 29 discs, and the reference positions of 20 to 29
  discs, by playing the game out: from the column's position both sides play a column the
  engine's solver proves best, and the game must end after exactly that many plies, won by
  the side the value says (or drawn on a full board);
- on hand-made positions whose scores the rules alone give (a win at once, a loss to the
  other side's next disc).

Every column's outcome comes through the variant's public ``hint``, on a running game.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from bot.engine import Player, Value
from bot.engine.connect4 import Connect4Board, analyze, best_columns
from bot.games.variants.connect4 import COLUMNS, CONNECT4, ColumnOutcome, Connect4Hint
from bot.games.variants.connect4.replies import outcomes
from tests.engine.connect4.plain import read_data
from tests.games.variants.connect4.connect4_games import game_of

RANK = {Value.WIN: 1, Value.DRAW: 0, Value.LOSS: -1}
BY_RANK = {1: Value.WIN, 0: Value.DRAW, -1: Value.LOSS}


def hint_for(board: Connect4Board) -> Connect4Hint:
    """The variant's hint on ``board``: for positions the solver proves well within the
    hint's time (30 discs and more, or a position decided at once)."""
    hint = CONNECT4.hint(game_of(board.notation), random.Random(1))
    assert isinstance(hint, Connect4Hint)
    return hint


def exact_columns(board: Connect4Board) -> tuple[ColumnOutcome, ...]:
    """What a hint lists on ``board``, without the hint's time limit: a position of 20 discs
    may take the solver more than its second on a busy machine."""
    return outcomes(board, analyze(board))


# -- the yardstick: plain minimax, no pruning, no table but a memo ---------------------------


@cache
def plain_best(board: Connect4Board) -> tuple[int, int]:
    """(rank, plies) for the side to move under best play: rank 1 win, 0 draw, -1 loss; plies
    to the end, both sides', the next move included. The fastest win, the slowest loss."""
    return max((plain_column(board, col) for col in board.legal_columns), key=preference)


def plain_column(board: Connect4Board, col: int) -> tuple[int, int]:
    """(rank, plies) for the side to move of dropping a disc in ``col``."""
    child = board.play_column(col)
    if child.winner is not None:
        return 1, 1
    if child.is_over:
        return 0, 1
    rank, plies = plain_best(child)
    return -rank, plies + 1


def preference(result: tuple[int, int]) -> tuple[int, int]:
    rank, plies = result
    return rank, -plies if rank == 1 else plies if rank == -1 else 0


# -- what every hint must be ----------------------------------------------------------------


def check_listing(board: Connect4Board, columns: tuple[ColumnOutcome, ...]) -> None:
    """Every open column once, each move the cell its disc lands in, full columns absent,
    best first: wins fastest first, then draws, then losses slowest first; equals left to
    right; the plies' parity that of the side that ends it."""
    assert sorted(entry.move.col for entry in columns) == list(board.legal_columns)
    for entry in columns:
        assert entry.move == board.landing(entry.move.col) and entry.column == entry.move.col + 1
        if entry.value is Value.WIN:
            assert entry.score > 0 and entry.plies % 2 == 1
        elif entry.value is Value.LOSS:
            assert entry.score < 0 and entry.plies % 2 == 0 and entry.plies >= 2
        else:
            assert entry.score == 0 and entry.plies == board.geometry.cells - board.discs
    keys = [
        (-RANK[e.value], e.plies if e.value is Value.WIN else -e.plies, e.move.col)
        for e in columns
    ]
    assert keys == sorted(keys)


def played_out(board: Connect4Board) -> tuple[Connect4Board, int]:
    """``board`` played to its end, each side dropping a disc in a column the solver proves
    keeps its exact score (the fastest win, the slowest loss), and the plies it took."""
    plies = 0
    while not board.is_over:
        _, keeping = best_columns(board)
        board = board.play_column(keeping[0])
        plies += 1
    return board, plies


def check_played_out(board: Connect4Board, entry: ColumnOutcome) -> None:
    """The column's value and plies are what best play from its position gives."""
    mover = board.to_move
    end, plies = played_out(board.play_column(entry.move.col))
    assert plies + 1 == entry.plies, (board.notation, entry)
    expected = {Value.WIN: mover, Value.LOSS: mover.other, Value.DRAW: None}[entry.value]
    assert end.winner is expected, (board.notation, entry)
    if entry.value is Value.DRAW:
        assert end.discs == end.geometry.cells


def random_position(seed: int) -> Connect4Board:
    """A position of 20 to 29 discs reached by random columns, the game not over."""
    rng = random.Random(seed)
    while True:
        target = rng.randint(20, 29)
        board = Connect4Board()
        while board.discs < target and not board.is_over:
            board = board.play_column(rng.choice(board.legal_columns))
        if not board.is_over:
            return board


# -- the tests ----------------------------------------------------------------------------------


def test_every_column_of_the_reference_endgames_agrees_with_pons_and_plain_minimax() -> None:
    """100 positions of 30 to 38 discs: the score is the reference solver's, and the value
    and plies are what a plain minimax counts by playing every continuation."""
    seen: set[Value] = set()
    for words in read_data("end_30-38_columns.txt"):
        board = Connect4Board.from_notation(words[0])
        reference = {
            col: int(score) for col, score in enumerate(words[1:]) if score != "-"
        }
        hint = hint_for(board)
        check_listing(board, hint.columns)
        assert {entry.move.col: entry.score for entry in hint.columns} == reference
        plain_best.cache_clear()
        for entry in hint.columns:
            rank, plies = plain_column(board, entry.move.col)
            assert (entry.value, entry.plies) == (BY_RANK[rank], plies), (words[0], entry)
            seen.add(entry.value)
        assert hint.value is hint.columns[0].value
    assert seen == {Value.WIN, Value.DRAW, Value.LOSS}


@pytest.mark.parametrize("seed", range(40))
def test_every_column_of_a_random_position_plays_out_as_it_says(seed: int) -> None:
    """A random position of 20 to 29 discs: each column's value is the sign of the solver's
    score of the position it leaves (for the other side, so negated), and best play from
    there ends the game after exactly ``plies`` plies, as the value says."""
    board = random_position(seed)
    columns = exact_columns(board)
    check_listing(board, columns)
    for entry in columns:
        check_played_out(board, entry)
        child = board.play_column(entry.move.col)
        if not child.is_over:
            child_score, _ = best_columns(child)
            assert entry.score == -child_score


def test_the_reference_middlegames_best_column_scores_pons_and_plays_out() -> None:
    """40 positions of 20 to 29 discs with the reference solver's score: the best column
    scores it, and it and the next best play out as they say."""
    seen: set[Value] = set()
    for words in read_data("middle_20-29.txt")[:40]:
        board = Connect4Board.from_notation(words[0])
        columns = exact_columns(board)
        check_listing(board, columns)
        assert columns[0].score == int(words[1])
        for entry in columns[:2]:
            check_played_out(board, entry)
            seen.add(entry.value)
    assert seen == {Value.WIN, Value.DRAW, Value.LOSS}


@pytest.mark.parametrize("seed", range(40))
def test_a_win_or_a_loss_at_once_has_the_plies_and_score_the_rules_give(seed: int) -> None:
    """By the rules alone: a column that completes four is one ply, scored 22 less the
    mover's disc it is; a column after which the other side can complete four is two plies,
    minus 22 less that side's disc; any other column takes longer, or draws."""
    board = random_position(seed)
    for entry in exact_columns(board):
        child = board.play_column(entry.move.col)
        if child.winner is not None:
            mover_disc = board.discs // 2 + 1
            assert (entry.value, entry.plies, entry.score) == (Value.WIN, 1, 22 - mover_disc)
        elif any(child.play_column(col).winner for col in child.legal_columns):
            their_disc = child.discs // 2 + 1
            assert (entry.value, entry.plies, entry.score) == (Value.LOSS, 2, -(22 - their_disc))
        else:
            assert entry.value is Value.DRAW or entry.plies >= 3


def test_a_double_threat_loses_every_column_on_the_other_sides_next_disc() -> None:
    """O to move, X's three on the bottom row open at both ends (columns 1 and 5): O blocks
    one, X wins with the other, X's 4th disc: every column two plies, -(22 - 4)."""
    board = Connect4Board.from_notation("22334")
    assert board.to_move is Player.O
    columns = hint_for(board).columns
    assert len(columns) == COLUMNS
    assert {(entry.value, entry.plies, entry.score) for entry in columns} == {
        (Value.LOSS, 2, -(22 - 4))
    }
