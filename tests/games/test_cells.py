"""parse_cell: every valid "r c" parses to the right Move; anything else is InvalidCellError
carrying the usage line, and never any other exception."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import Move
from bot.games import USAGE_MOVE, InvalidCellError, parse_cell

USAGE = USAGE_MOVE.format(move="move")

SEPARATORS = st.sampled_from([" ", ",", ", ", " ,", "  ", "\t", " , "])
PADDING = st.sampled_from(["", " ", "  ", "\t", "\n"])


@pytest.mark.parametrize("size", [3, 4])
def test_every_cell_of_the_board_parses(size: int) -> None:
    for row in range(1, size + 1):
        for col in range(1, size + 1):
            assert parse_cell(f"{row} {col}", size) == Move(row - 1, col - 1)
            assert parse_cell(f"{row},{col}", size) == Move(row - 1, col - 1)


@given(
    size=st.sampled_from([3, 4]),
    data=st.data(),
    sep=SEPARATORS,
    lead=PADDING,
    trail=PADDING,
)
def test_valid_text_parses_to_the_right_move(
    size: int, data: st.DataObject, sep: str, lead: str, trail: str
) -> None:
    row = data.draw(st.integers(1, size))
    col = data.draw(st.integers(1, size))
    assert parse_cell(f"{lead}{row}{sep}{col}{trail}", size) == Move(row - 1, col - 1)


@given(size=st.sampled_from([3, 4]), row=st.integers(0, 10**12), col=st.integers(0, 10**12))
def test_numbers_off_the_board_are_rejected_with_usage(size: int, row: int, col: int) -> None:
    if 1 <= row <= size and 1 <= col <= size:
        assert parse_cell(f"{row} {col}", size) == Move(row - 1, col - 1)
        return
    with pytest.raises(InvalidCellError) as caught:
        parse_cell(f"{row} {col}", size)
    assert USAGE in str(caught.value)


@given(
    size=st.sampled_from([3, 4, 5]),
    row=st.integers(),
    col=st.integers(),
    sep=SEPARATORS,
    lead=PADDING,
    trail=PADDING,
)
def test_any_two_integers_are_a_cell_or_off_the_board(
    size: int, row: int, col: int, sep: str, lead: str, trail: str
) -> None:
    """Negative, zero and huge numbers alike: never "is not a cell", which is for text that is
    not two numbers."""
    text = f"{lead}{row}{sep}{col}{trail}"
    if 1 <= row <= size and 1 <= col <= size:
        assert parse_cell(text, size) == Move(row - 1, col - 1)
        return
    with pytest.raises(InvalidCellError) as caught:
        parse_cell(text, size)
    said = str(caught.value)
    assert f"is off the board: rows and columns go from 1 to {size}. {USAGE}" in said
    assert len(said) < 200  # a huge number is not echoed in full


@given(text=st.text(), size=st.sampled_from([3, 4]))
def test_any_text_either_parses_or_raises_invalid_cell(text: str, size: int) -> None:
    try:
        move = parse_cell(text, size)
    except InvalidCellError as error:
        assert USAGE in str(error)
        assert len(str(error)) < 300  # long input is not echoed in full
    else:
        # Only two in-range numbers get through, and they mean what they say.
        parts = text.replace(",", " ").split()
        assert [int(p) for p in parts] == [move.row + 1, move.col + 1]
        assert 0 <= move.row < size and 0 <= move.col < size


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "Which cell?"),
        ("   ", "Which cell?"),
        ("2", "is not a cell"),
        ("2 3 1", "is not a cell"),
        ("b2", "is not a cell"),
        ("2,,3", "is not a cell"),
        ("-1 2", "Row -1, column 2 is off the board: rows and columns go from 1 to 3"),
        ("2 -3", "Row 2, column -3 is off the board"),
        ("-0 1", "Row 0, column 1 is off the board"),
        ("1234567890 1", "'1234567890 1' is off the board: rows and columns go from 1 to 3"),
        ("2.0 3", "is not a cell"),
        ("٢ ٣", "is not a cell"),  # Arabic-Indic digits: not what a player means
        ("0 1", "Row 0, column 1 is off the board"),
        ("4 1", "Row 4, column 1 is off the board: rows and columns go from 1 to 3"),
        ("1 4", "off the board"),
    ],
)
def test_mistakes_are_explained(text: str, says: str) -> None:
    with pytest.raises(InvalidCellError) as caught:
        parse_cell(text)
    assert says in str(caught.value)
    assert str(caught.value).endswith(USAGE)


def test_size_four_accepts_row_four() -> None:
    assert parse_cell("4 4", 4) == Move(3, 3)
    with pytest.raises(InvalidCellError, match="from 1 to 4"):
        parse_cell("5 1", 4)


def test_a_huge_paste_is_quoted_short() -> None:
    with pytest.raises(InvalidCellError) as caught:
        parse_cell("9" * 10_000)
    assert len(str(caught.value)) < 200


def test_zeros_in_front_do_not_count_as_digits() -> None:
    """int() refuses more than 4,300 digits, zeros in front included; a number is read by its
    significant digits, so thousands of zeros before a cell still name the cell."""
    zeros = "0" * 5000
    assert parse_cell(f"{zeros}1 {zeros}2", 3) == Move(0, 1)
    with pytest.raises(InvalidCellError, match="is off the board"):
        parse_cell(f"{zeros}4 1", 3)
