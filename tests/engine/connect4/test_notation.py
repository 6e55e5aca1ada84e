"""The column-sequence notation ("4453"): round trips over random games (hypothesis), the
refusals, and the ordinals the sentences use."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import InvalidNotationError
from bot.engine.connect4 import Connect4Board, Geometry, format_columns, read_columns
from bot.engine.connect4.notation import ordinal


@st.composite
def games(draw: st.DrawFn, geometry: Geometry | None = None) -> Connect4Board:
    """A board after a random run of legal columns (stopping early, or at the game's end)."""
    board = Connect4Board() if geometry is None else Connect4Board(geometry=geometry)
    length = draw(st.integers(0, board.geometry.cells))
    for _ in range(length):
        if board.is_over:
            break
        board = board.play_column(draw(st.sampled_from(board.legal_columns)))
    return board


@settings(max_examples=200, deadline=None)
@given(board=games())
def test_the_notation_reads_back_as_the_same_game(board: Connect4Board) -> None:
    again = Connect4Board.from_notation(board.notation)
    assert again == board and again.moves == board.moves
    assert str(board) == board.notation == format_columns(board.moves)
    assert read_columns(board.notation, 7) == board.moves
    assert len(board.notation) == board.discs


@settings(max_examples=50, deadline=None)
@given(board=games(Geometry(5, 4)))
def test_other_shapes_read_their_own_columns(board: Connect4Board) -> None:
    assert Connect4Board.from_notation(board.notation, board.geometry) == board


@settings(max_examples=100, deadline=None)
@given(columns=st.lists(st.integers(0, 6), max_size=42))
def test_columns_and_text_are_one_another(columns: list[int]) -> None:
    text = format_columns(tuple(columns))
    assert read_columns(text, 7) == tuple(columns)
    assert read_columns(f"  {text}\n", 7) == tuple(columns)


def test_the_empty_string_is_the_empty_board() -> None:
    assert Connect4Board.from_notation("") == Connect4Board()
    assert Connect4Board.from_notation("  ") == Connect4Board()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4458", r"'4458': character 4, '8', is not a column: .* 1 to 7"),
        ("40", r"character 2, '0', is not a column"),
        ("4 4", r"character 2, ' ', is not a column"),
        ("x", r"character 1, 'x'"),
        ("٤", r"character 1"),  # an Arabic-Indic four is a digit, not a column
    ],
)
def test_characters_that_are_not_columns_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError, match=message):
        Connect4Board.from_notation(text)


def test_a_column_past_a_smaller_board_is_refused() -> None:
    with pytest.raises(InvalidNotationError, match="1 to 5"):
        Connect4Board.from_notation("6", Geometry(5, 4))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1111111", r"'1111111': Column 1 is full"),
        ("12121213", r"'12121213': The game was won with the 7th move"),
    ],
)
def test_sequences_no_game_plays_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError, match=message):
        Connect4Board.from_notation(text)


@pytest.mark.parametrize(
    ("number", "text"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
     (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (111, "111th")],
)  # fmt: skip
def test_ordinals(number: int, text: str) -> None:
    assert ordinal(number) == text
