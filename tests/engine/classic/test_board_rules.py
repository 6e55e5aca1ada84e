"""Board rules: legal and illegal moves, errors a player reads, immutability and every win line.

Win lines are enumerated here independently (start cell + direction, k cells inside the board)
and each one is completed by real play through Board.play, for X and for O.
"""

from __future__ import annotations

import pytest

from bot.engine import (
    CellTakenError,
    EngineError,
    GameOverError,
    IllegalMoveError,
    Move,
    OffBoardError,
    Outcome,
    Player,
)
from bot.engine.classic import Board

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def all_lines(size: int, k: int) -> list[frozenset[Move]]:
    """Every run of k cells in a row, column or diagonal of a size x size board."""
    lines = set()
    for row in range(size):
        for col in range(size):
            for dr, dc in DIRECTIONS:
                cells = [(row + i * dr, col + i * dc) for i in range(k)]
                if all(0 <= r < size and 0 <= c < size for r, c in cells):
                    lines.add(frozenset(Move(r, c) for r, c in cells))
    return sorted(lines, key=sorted)


def win_with(line: frozenset[Move], winner: Player, size: int, k: int) -> Board:
    """Play a game in which `winner` completes `line` and the other side never wins first."""
    board = Board.empty(size, k)
    targets = sorted(line)
    if winner is Player.O:
        board = board.play(filler_move(board, line))
    while targets:
        board = board.play(targets.pop(0))
        if targets:
            assert not board.is_over, board.notation
            board = board.play(filler_move(board, line))
    return board


def filler_move(board: Board, line: frozenset[Move]) -> Move:
    """A move off `line` that neither ends the game nor blocks anything we need."""
    for move in board.legal_moves:
        if move not in line and not board.play(move).is_over:
            return move
    raise AssertionError(f"no filler move on {board.notation}")


# ---------------------------------------------------------------- creation and basic properties


def test_empty_board_basics() -> None:
    board = Board.empty()
    assert (board.size, board.k) == (3, 3)
    assert board.to_move is Player.X
    assert board.moves_played == 0
    assert board.cells == (None,) * 9
    assert board.legal_moves == tuple(Move(r, c) for r in range(3) for c in range(3))
    assert board.winner is None and board.winning_cells is None
    assert board.outcome is None and not board.is_over
    assert board.notation == ".../.../..."


@pytest.mark.parametrize(("size", "k"), [(3, 3), (4, 4), (4, 3), (5, 4), (6, 6), (6, 3)])
def test_empty_board_of_every_allowed_shape(size: int, k: int) -> None:
    board = Board.empty(size, k)
    assert (board.size, board.k) == (size, k)
    assert len(board.cells) == size * size
    assert len(board.legal_moves) == size * size
    assert Board.empty(size).k == size


@pytest.mark.parametrize(("size", "k"), [(2, None), (7, None), (3, 4), (3, 2), (5, 6), (0, None)])
def test_empty_board_rejects_impossible_shapes(size: int, k: int | None) -> None:
    with pytest.raises(EngineError) as info:
        Board.empty(size, k)
    assert isinstance(info.value, ValueError)
    assert str(info.value)


def test_move_is_a_small_ordered_value_with_a_readable_str() -> None:
    assert str(Move(1, 2)) == "row 2, column 3"
    assert str(Move(0, 0)) == "row 1, column 1"
    assert Move(0, 2) < Move(1, 0) < Move(1, 1)
    assert Move(1, 2) == Move(1, 2) and hash(Move(1, 2)) == hash(Move(1, 2))
    with pytest.raises(AttributeError):
        Move(1, 2).row = 0  # type: ignore[misc]


def test_player_other() -> None:
    assert Player.X.other is Player.O
    assert Player.O.other is Player.X
    assert Player("X") is Player.X


def test_to_move_alternates_and_moves_played_counts() -> None:
    board = Board.empty()
    for n, move in enumerate([Move(1, 1), Move(0, 0), Move(2, 2), Move(0, 2)]):
        assert board.to_move is (Player.X if n % 2 == 0 else Player.O)
        assert board.moves_played == n
        board = board.play(move)
        assert board.at(move) is (Player.X if n % 2 == 0 else Player.O)
    assert board.to_move is Player.X
    assert board.moves_played == 4
    assert board.at(Move(0, 1)) is None


def test_legal_moves_are_the_empty_cells_in_row_major_order() -> None:
    board = Board.empty(4).play(Move(2, 1)).play(Move(0, 3)).play(Move(0, 0))
    expected = tuple(
        Move(r, c) for r in range(4) for c in range(4)
        if (r, c) not in {(2, 1), (0, 3), (0, 0)}
    )
    assert board.legal_moves == expected


def test_cells_are_row_major() -> None:
    board = Board.empty().play(Move(0, 1)).play(Move(2, 0))
    assert board.cells == (None, Player.X, None, None, None, None, Player.O, None, None)


# ---------------------------------------------------------------- illegal moves


def test_playing_a_taken_cell() -> None:
    board = Board.empty().play(Move(1, 2))
    with pytest.raises(CellTakenError) as info:
        board.play(Move(1, 2))
    assert isinstance(info.value, IllegalMoveError)
    assert isinstance(info.value, EngineError) and isinstance(info.value, ValueError)
    assert "Row 2, column 3" in str(info.value)
    assert "taken" in str(info.value)


@pytest.mark.parametrize(
    ("move", "where"),
    [(Move(3, 0), "Row 4, column 1"), (Move(0, 3), "Row 1, column 4"), (Move(5, 7), "Row 6")],
)
def test_playing_off_the_board(move: Move, where: str) -> None:
    with pytest.raises(OffBoardError) as info:
        Board.empty().play(move)
    assert isinstance(info.value, IllegalMoveError)
    message = str(info.value)
    assert where in message
    assert "off the board" in message
    assert "1 to 3" in message


@pytest.mark.parametrize("move", [Move(-1, 0), Move(0, -1), Move(-3, -3)])
def test_negative_coordinates_are_off_the_board(move: Move) -> None:
    with pytest.raises(OffBoardError):
        Board.empty().play(move)


def test_off_board_message_uses_the_board_size() -> None:
    with pytest.raises(OffBoardError) as info:
        Board.empty(4).play(Move(4, 0))
    assert "Row 5, column 1" in str(info.value)
    assert "1 to 4" in str(info.value)


def test_playing_after_a_win_or_a_draw() -> None:
    won = Board.from_notation("XXX/OO./...")
    drawn = Board.from_notation("XOX/XOO/OXX")
    for board in (won, drawn):
        assert board.is_over
        assert board.legal_moves == ()
        with pytest.raises(GameOverError) as info:
            board.play(Move(2, 2) if board is won else Move(0, 0))
        assert isinstance(info.value, IllegalMoveError)
        assert "over" in str(info.value).lower()


def test_error_messages_are_sentences_without_internals() -> None:
    errors: list[Exception] = []
    for action in (
        lambda: Board.empty().play(Move(0, 0)).play(Move(0, 0)),
        lambda: Board.empty().play(Move(9, 9)),
        lambda: Board.from_notation("XXX/OO./...").play(Move(2, 2)),
    ):
        with pytest.raises(IllegalMoveError) as info:
            action()
        errors.append(info.value)
    for error in errors:
        message = str(error)
        assert message[0].isupper() and message.endswith(".")
        assert "Move(" not in message and "row=" not in message


# ---------------------------------------------------------------- immutability and equality


def test_play_returns_a_new_board_and_leaves_the_old_one_alone() -> None:
    board = Board.empty()
    before = (board.notation, board.cells, board.legal_moves)
    after = board.play(Move(0, 0))
    assert after is not board
    assert (board.notation, board.cells, board.legal_moves) == before
    assert after.at(Move(0, 0)) is Player.X and board.at(Move(0, 0)) is None


@pytest.mark.parametrize("name", ["size", "k", "cells", "notation", "to_move"])
def test_board_attributes_cannot_be_assigned(name: str) -> None:
    board = Board.empty()
    with pytest.raises((AttributeError, TypeError)):
        setattr(board, name, None)
    assert board.size == 3 and board.k == 3 and board.to_move is Player.X


def test_board_equality_and_hashing() -> None:
    a = Board.empty().play(Move(0, 0)).play(Move(1, 1))
    b = Board.from_notation("X../.O./...")
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    assert Board.empty(4, 3) != Board.empty(4, 4)
    assert Board.empty(3) != Board.empty(4)
    assert a != Board.empty()
    # Same cells reached by a different move order are the same position.
    c = Board.empty().play(Move(1, 1)).play(Move(0, 0))
    d = Board.empty().play(Move(0, 0)).play(Move(2, 2))
    assert c != d
    assert c.play(Move(2, 2)) != d.play(Move(1, 1))  # different marks on the same cells


# ---------------------------------------------------------------- winners and win lines


@pytest.mark.parametrize(("size", "k"), [(3, 3), (4, 4), (4, 3), (5, 4)])
@pytest.mark.parametrize("winner", [Player.X, Player.O])
def test_every_line_wins(size: int, k: int, winner: Player) -> None:
    lines = all_lines(size, k)
    expected_count = 2 * size * (size - k + 1) + 2 * (size - k + 1) ** 2
    assert len(lines) == expected_count
    for line in lines:
        board = win_with(line, winner, size, k)
        assert board.winner is winner, board.notation
        assert board.is_over and board.legal_moves == ()
        assert board.winning_cells is not None
        assert frozenset(board.winning_cells) == line, board.notation
        assert len(board.winning_cells) == k
        assert board.outcome is not None
        assert board.outcome.winner is winner
        assert frozenset(board.outcome.winning_cells) == line


def test_winning_line_is_listed_along_the_line() -> None:
    board = Board.from_notation("..X/.XO/XO.")
    assert board.winning_cells is not None
    assert tuple(sorted(board.winning_cells)) == board.winning_cells or tuple(
        reversed(sorted(board.winning_cells))
    ) == board.winning_cells


def test_no_winner_for_k_minus_one_in_a_row() -> None:
    board = Board.from_notation("XXX./OOO./..../....")
    assert board.winner is None and not board.is_over
    assert board.winning_cells is None


def test_draw_outcome() -> None:
    board = Board.from_notation("XOX/XOO/OXX")
    assert board.is_over and board.winner is None
    assert board.winning_cells is None
    assert board.outcome == Outcome(None, ())


def test_outcome_is_data() -> None:
    board = Board.from_notation("XXX/OO./...")
    assert board.outcome == Outcome(Player.X, board.winning_cells or ())
    with pytest.raises(AttributeError):
        board.outcome.winner = Player.O  # type: ignore[misc, union-attr]


def test_a_last_move_that_completes_two_lines_is_one_win() -> None:
    """One move can finish two lines; the engine reports the cells of both (documented)."""
    board = Board.from_notation("XXX/XOO/XOO")
    assert board.winner is Player.X
    assert board.winning_cells is not None
    row = {Move(0, 0), Move(0, 1), Move(0, 2)}
    column = {Move(0, 0), Move(1, 0), Move(2, 0)}
    assert set(board.winning_cells) == row | column
    assert len(board.winning_cells) == len(row | column)
    # Each line on its own too, rows before columns, cells in row-major order.
    lines = (tuple(sorted(row)), tuple(sorted(column)))
    assert board.winning_lines == lines
    assert board.outcome == Outcome(Player.X, board.winning_cells, lines)
    assert board.outcome.lines == lines


def test_a_single_win_has_one_line_and_outcome_defaults_to_it() -> None:
    board = Board.from_notation("XXX/OO./...")
    line = (Move(0, 0), Move(0, 1), Move(0, 2))
    assert board.winning_lines == (line,)
    assert Outcome(Player.X, line).lines == (line,)
    assert Outcome(None, ()).lines == ()
    assert Board.empty().winning_lines == ()
    assert Board.from_notation("XOX/XOO/OXX").winning_lines == ()


def test_overlapping_lines_of_a_short_k_are_listed_separately() -> None:
    """Four in a row with k=3 is two lines of three, each listed on its own."""
    board = Board.from_notation("XX.X/OO../O.../....", k=3).play(Move(0, 2))
    assert board.winning_lines == (
        (Move(0, 0), Move(0, 1), Move(0, 2)),
        (Move(0, 1), Move(0, 2), Move(0, 3)),
    )
    assert board.winning_cells == (Move(0, 0), Move(0, 1), Move(0, 2), Move(0, 3))



def test_double_wins_list_rows_then_diagonal_from_top_left_then_from_top_right() -> None:
    row_and_diagonal = Board.from_notation(".XX/OXO/OOX").play(Move(0, 0))
    assert row_and_diagonal.winning_lines == (
        (Move(0, 0), Move(0, 1), Move(0, 2)),
        (Move(0, 0), Move(1, 1), Move(2, 2)),
    )
    both_diagonals = Board.from_notation("XOX/O.O/XOX").play(Move(1, 1))
    assert both_diagonals.winning_lines == (
        (Move(0, 0), Move(1, 1), Move(2, 2)),
        (Move(0, 2), Move(1, 1), Move(2, 0)),
    )
    assert len(both_diagonals.winning_cells or ()) == 5
