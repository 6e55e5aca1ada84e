"""Connect Four's rules on ``Connect4Board``: gravity, full columns, four in a row in every
direction, the draw, the errors a player reads, moves as landing cells, and the board's
winner and bitboards checked against the plain reading of every line over random games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import (
    CellTakenError,
    GameOverError,
    IllegalMoveError,
    InvalidNotationError,
    Move,
    OffBoardError,
    Player,
    Position,
)
from bot.engine.connect4 import STANDARD, Connect4Board, Geometry
from bot.engine.errors import BoardSizeError
from tests.engine.connect4.plain import disc_grid, lines_of_four, random_game

DRAWN = "455714637617614767242476316455122212535333"
"""A random game (seed 7) that filled the board without four in a row."""


def test_the_empty_board() -> None:
    board = Connect4Board()
    assert board.to_move is Player.X
    assert board.legal_columns == tuple(range(7))
    assert board.legal_moves == tuple(Move(5, col) for col in range(7))  # the bottom row
    assert not board.is_over and board.winner is None and board.outcome is None
    assert board.x == board.o == 0 and board.notation == "" and board.discs == 0
    assert isinstance(board, Position)


def test_a_disc_falls_to_the_lowest_free_cell() -> None:
    board = Connect4Board.from_notation("443")
    assert board.at(Move(5, 3)) is Player.X  # row 6 (the bottom), column 4
    assert board.at(Move(4, 3)) is Player.O  # on top of it
    assert board.at(Move(5, 2)) is Player.X
    assert board.at(Move(3, 3)) is None
    assert board.landing(3) == Move(3, 3) and board.landing(0) == Move(5, 0)
    assert board.to_move is Player.O
    assert board.column_height(3) == 2
    assert board.landing_of_last() == Move(5, 2)


def test_play_takes_the_landing_cell_only() -> None:
    board = Connect4Board.from_notation("44")
    assert board.play(Move(3, 3)) == board.play_column(3)
    with pytest.raises(CellTakenError, match=r"already holds a disc.*lands in row 4"):
        board.play(Move(5, 3))
    with pytest.raises(IllegalMoveError, match="falls to row 4, not row 1") as caught:
        board.play(Move(0, 3))
    assert type(caught.value) is IllegalMoveError


def test_a_full_column_is_refused() -> None:
    board = Connect4Board.from_notation("444444")
    assert 3 not in board.legal_columns
    assert Move(0, 3) not in board.legal_moves  # its top cell is taken
    with pytest.raises(CellTakenError, match="Column 4 is full"):
        board.play_column(3)
    with pytest.raises(CellTakenError, match="Column 4 is full"):
        board.landing(3)
    with pytest.raises(InvalidNotationError, match="'4444444': Column 4 is full"):
        Connect4Board.from_notation("4444444")


@pytest.mark.parametrize("col", [-1, 7])
def test_a_column_off_the_board_is_refused(col: int) -> None:
    with pytest.raises(OffBoardError, match=f"Column {col + 1} is off the board"):
        Connect4Board().play_column(col)
    with pytest.raises(OffBoardError):
        Connect4Board().at(Move(0, col))
    with pytest.raises(OffBoardError):
        Connect4Board().at(Move(6, 0))


@pytest.mark.parametrize(
    ("sequence", "cells"),
    [
        ("1122334", [(5, 0), (5, 1), (5, 2), (5, 3)]),  # along the bottom row
        ("4545454", [(2, 3), (3, 3), (4, 3), (5, 3)]),  # up column 4
        ("12234334544", [(2, 3), (3, 2), (4, 1), (5, 0)]),  # up to the right
        ("76654554344", [(2, 3), (3, 4), (4, 5), (5, 6)]),  # up to the left
    ],
)
def test_four_in_a_row_wins_in_every_direction(sequence: str, cells: list[tuple[int, int]]) -> None:
    board = Connect4Board.from_notation(sequence)
    assert board.winner is Player.X and board.is_over
    assert board.legal_moves == () and board.legal_columns == ()
    outcome = board.outcome
    assert outcome is not None and outcome.winner is Player.X
    assert outcome.winning_cells == tuple(Move(row, col) for row, col in sorted(cells))
    with pytest.raises(GameOverError):
        board.play_column(0)
    with pytest.raises(InvalidNotationError, match=r"won with the (7th|11th) move"):
        Connect4Board.from_notation(sequence + "1")


def test_o_wins_too() -> None:
    board = Connect4Board.from_notation("12325272")  # O stacks column 2, X spreads out
    assert board.winner is Player.O and board.to_move is Player.X
    outcome = board.outcome
    assert outcome is not None
    assert outcome.winning_cells == tuple(Move(row, 1) for row in (2, 3, 4, 5))


def test_a_run_longer_than_four_is_one_line() -> None:
    # X's bottom row 1, 2, 3 and 5, 6, 7; its disc in column 4 makes seven in a row.
    board = Connect4Board.from_notation("1122335566774")
    outcome = board.outcome
    assert board.winner is Player.X and outcome is not None
    assert outcome.lines == (tuple(Move(5, col) for col in range(7)),)


def test_one_disc_completing_two_lines_reports_both() -> None:
    # X's 7th disc tops column 4 (three X below) and ends the diagonal from column 1's bottom.
    board = Connect4Board.from_notation("4243233717464")
    outcome = board.outcome
    assert board.winner is Player.X and outcome is not None
    column = tuple(Move(row, 3) for row in (2, 3, 4, 5))
    diagonal = (Move(2, 3), Move(3, 2), Move(4, 1), Move(5, 0))
    assert outcome.lines == (column, diagonal)
    assert outcome.winning_cells == tuple(sorted(set(column) | set(diagonal)))


def test_a_full_board_without_four_is_a_draw() -> None:
    board = Connect4Board.from_notation(DRAWN)
    assert board.discs == 42 and board.is_over and board.winner is None
    assert board.legal_moves == () and board.legal_columns == ()
    assert board.outcome is not None and board.outcome.winner is None
    assert board.outcome.winning_cells == ()
    with pytest.raises(GameOverError):
        board.play_column(0)
    before = Connect4Board.from_notation(DRAWN[:-1])
    assert not before.is_over and before.legal_columns == (int(DRAWN[-1]) - 1,)


def test_boards_are_equal_by_position_whatever_the_order() -> None:
    one, other = Connect4Board.from_notation("4433"), Connect4Board.from_notation("3344")
    assert one == other and hash(one) == hash(other)
    assert one.notation != other.notation
    assert one != Connect4Board.from_notation("4343")  # the discs' colours differ
    assert Connect4Board(geometry=Geometry(5, 4)) != Connect4Board()


def test_public_bitboards() -> None:
    board = Connect4Board.from_notation("4453")
    assert board.x == STANDARD.cell_bit(0, 3) | STANDARD.cell_bit(0, 4)
    assert board.o == STANDARD.cell_bit(1, 3) | STANDARD.cell_bit(0, 2)
    assert board.mask == board.x | board.o
    assert board.current == board.x and board.play_column(0).current == board.o
    assert board.key == board.current + board.mask


def test_unsupported_shapes_are_refused() -> None:
    for width, height in ((3, 6), (7, 3), (10, 4), (9, 9)):
        with pytest.raises(BoardSizeError):
            Geometry(width, height)


def test_the_columns_order_is_centre_first() -> None:
    assert STANDARD.order == (3, 2, 4, 1, 5, 0, 6)
    assert Geometry(6, 5).order == (3, 2, 4, 1, 5, 0)
    assert Geometry(5, 4).order == (2, 1, 3, 0, 4)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), width=st.sampled_from([5, 6, 7]), height=st.integers(4, 6))
def test_the_board_agrees_with_the_plain_reading_of_every_line(
    seed: int, width: int, height: int
) -> None:
    """Over a random game: each disc where the columns put it, the winner the one whose four
    cells of some line are all its own, the game over exactly then or at a full board."""
    geo = Geometry(width, height)
    lines = lines_of_four(geo)
    for board in random_game(random.Random(seed), geo):
        grid = disc_grid(board)
        for (row, col), mark in grid.items():
            assert board.at(Move(height - 1 - row, col)) is Player(mark)
        assert len(grid) == board.discs == (board.x | board.o).bit_count()
        winners = {
            grid[line[0]]
            for line in lines
            if line[0] in grid and all(grid.get(cell) == grid[line[0]] for cell in line)
        }
        assert len(winners) <= 1
        expected = Player(winners.pop()) if winners else None
        assert board.winner is expected
        assert board.is_over == (expected is not None or board.discs == geo.cells)
        heights = [sum(1 for (_r, c) in grid if c == col) for col in range(width)]
        if not board.is_over:
            assert board.legal_columns == tuple(c for c in range(width) if heights[c] < height)
