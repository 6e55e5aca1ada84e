"""Ultimate tic-tac-toe's rules on ``UltimateBoard``: every example from the rules, the errors
a player reads, draws, the notation both ways, positions no game reaches, and legal moves
checked against the naive reference over random games (hypothesis)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import (
    CellTakenError,
    ClosedBoardError,
    GameOverError,
    IllegalMoveError,
    ImpossiblePositionError,
    InvalidNotationError,
    Move,
    OffBoardError,
    Player,
    WrongBoardError,
)
from bot.engine.ultimate.board import UltimateBoard
from tests.engine.ultimate.test_reference import Grid, grid_of
from tests.engine.ultimate.test_reference import is_over as ref_is_over
from tests.engine.ultimate.test_reference import legal_moves as ref_legal_moves
from tests.engine.ultimate.test_reference import winner as ref_winner

EMPTY_ROW = "........."


def grid(board: UltimateBoard) -> Grid:
    return grid_of(board.notation.split(" ")[0])


def play_all(*squares: tuple[int, int]) -> UltimateBoard:
    """The board after these moves (1-based row and column each), from the empty board."""
    board = UltimateBoard()
    for row, col in squares:
        board = board.play(Move(row - 1, col - 1))
    return board


def random_game(seed: int) -> list[UltimateBoard]:
    """Every position of one game of uniformly random legal moves."""
    rng = random.Random(seed)
    boards = [UltimateBoard()]
    while not boards[-1].is_over:
        moves = boards[-1].legal_moves
        boards.append(boards[-1].play(moves[rng.randrange(len(moves))]))
    return boards


def first_position(wanted: Callable[[UltimateBoard], bool]) -> UltimateBoard:
    """The first position ``wanted`` accepts in the random games of seeds 0, 1, 2, ..."""
    for seed in range(500):
        for board in random_game(seed):
            if wanted(board):
                return board
    raise AssertionError("no random game reached such a position")


def sent_to(board: UltimateBoard) -> int | None:
    """The small board the last move points at, closed or not."""
    if board.last is None:
        return None
    return board.last.row % 3 * 3 + board.last.col % 3


# ---------------------------------------------------------------- the rules, example by example


def test_x_starts_anywhere() -> None:
    board = UltimateBoard()
    assert board.to_move is Player.X
    assert len(board.legal_moves) == 81
    assert board.forced_board is None and board.playable_boards == 0b111_111_111


def test_a_move_sends_the_opponent_to_the_small_board_at_its_cell() -> None:
    board = play_all((2, 6))  # the top middle board's middle row, right column
    assert board.to_move is Player.O
    assert board.forced_board == 5  # rows 4-6, columns 7-9
    assert set(board.legal_moves) == {Move(r, c) for r in range(3, 6) for c in range(6, 9)}
    with pytest.raises(WrongBoardError) as info:
        board.play(Move(0, 0))
    assert str(info.value) == (
        "The last move sends you to the small board in rows 4-6, columns 7-9: play there, not "
        "in the small board in rows 1-3, columns 1-3."
    )


def test_three_in_a_row_wins_a_small_board_and_closes_it() -> None:
    # X takes row 1 of the top left board; every O move sends X back there.
    board = play_all((1, 2), (1, 4), (1, 3), (1, 7), (1, 1))
    assert board.board_winner(0) is Player.X
    assert board.x_boards == 0b1 and board.closed == 0b1
    with pytest.raises(ClosedBoardError) as info:
        board.play(Move(1, 1))
    assert str(info.value) == (
        "Row 2, column 2 is in the small board in rows 1-3, columns 1-3, which is won by X: "
        "play in an open small board."
    )


def test_being_sent_to_a_won_board_frees_the_choice() -> None:
    board = play_all((1, 2), (1, 4), (1, 3), (1, 7), (1, 1))  # the last move points at board 0
    assert sent_to(board) == 0 and board.forced_board is None
    assert board.playable_boards == 0b111_111_110
    assert len(board.legal_moves) == 81 - 9 - 2
    assert board.play(Move(8, 8)).forced_board == 8


def test_being_sent_to_a_full_board_frees_the_choice() -> None:
    def full_board_sent_to(board: UltimateBoard) -> bool:
        target = sent_to(board)
        return (
            target is not None
            and not board.is_over
            and board.board_winner(target) is None
            and board.closed >> target & 1 == 1
        )

    board = first_position(full_board_sent_to)
    assert board.forced_board is None
    assert {m.row // 3 * 3 + m.col // 3 for m in board.legal_moves} == {
        b for b in range(9) if not board.closed >> b & 1
    }


def test_three_won_small_boards_in_a_row_win_the_game() -> None:
    board = first_position(lambda b: b.winner is not None)
    winner = board.winner
    assert winner is not None and winner is board.to_move.other
    won = board.x_boards if winner is Player.X else board.o_boards
    assert any(
        won & line == line
        for line in (
            0b111,
            0b111_000,
            0b111_000_000,
            0b1_001_001,
            0b10_010_010,
            0b100_100_100,
            0b100_010_001,
            0b1_010_100,
        )
    )
    assert board.is_over and board.legal_moves == () and board.playable_boards == 0
    with pytest.raises(GameOverError):
        board.play(board.last or Move(0, 0))


def test_won_small_boards_not_in_a_row_do_not_win() -> None:
    board = first_position(
        lambda b: b.winner is None and b.x_boards.bit_count() >= 3 and not b.is_over
    )
    assert ref_winner(grid(board)) is None
    assert board.legal_moves


def test_a_game_with_no_move_left_and_no_line_is_a_draw_whatever_the_count() -> None:
    board = first_position(
        lambda b: (
            b.is_over and b.winner is None and b.x_boards.bit_count() != b.o_boards.bit_count()
        )
    )
    assert board.closed == 0b111_111_111
    assert board.legal_moves == ()
    with pytest.raises(GameOverError) as info:
        board.play(Move(0, 0))
    assert str(info.value) == "The game is already over."


def test_errors_for_a_taken_square_and_one_off_the_grid() -> None:
    board = play_all((5, 5))
    with pytest.raises(CellTakenError) as taken:
        board.play(Move(4, 4))
    assert str(taken.value) == "Row 5, column 5 is already taken."
    with pytest.raises(OffBoardError) as off:
        board.play(Move(9, 3))
    assert str(off.value) == ("Row 10, column 4 is off the board: rows and columns go from 1 to 9.")
    for error in (ClosedBoardError, WrongBoardError):
        assert issubclass(error, IllegalMoveError)


def test_the_board_is_an_immutable_value() -> None:
    board = play_all((5, 5))
    with pytest.raises(AttributeError):
        board.x = 0  # type: ignore[misc]
    assert board == play_all((5, 5)) and hash(board) == hash(play_all((5, 5)))
    assert board != UltimateBoard(board.x, board.o, None)
    assert board.play(Move(3, 3)) != board


# ------------------------------------------------------------------ legal moves vs the reference


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=81))
def test_legal_moves_winner_and_end_agree_with_the_reference(choices: list[int]) -> None:
    board = UltimateBoard()
    last: tuple[int, int] | None = None
    for choice in [*choices, *([0] * 81)]:
        rows = grid(board)
        expected = ref_legal_moves(rows, last)
        assert [(m.row, m.col) for m in board.legal_moves] == expected
        assert board.is_over == ref_is_over(rows)
        winner = ref_winner(rows)
        assert (board.winner.value if board.winner else None) == winner
        if not expected:
            return
        move = board.legal_moves[choice % len(expected)]
        board, last = board.play(move), (move.row, move.col)
    raise AssertionError("a game lasted more than 81 moves")


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=0, max_value=80))
def test_notation_round_trips(seed: int, plies: int) -> None:
    board = random_game(seed)[: plies + 1][-1]
    assert UltimateBoard.from_notation(board.notation) == board
    grid_text, _, last = board.notation.partition(" ")
    assert UltimateBoard.from_notation(grid_text, last or None) == board
    assert UltimateBoard.from_notation(grid_text.lower(), board.last) == board
    if board.last is not None:
        assert last == f"{board.last.row + 1},{board.last.col + 1}"


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**9),
    st.integers(min_value=0, max_value=80),
    st.lists(st.tuples(st.integers(min_value=0), st.sampled_from([" ", "\n", "\n    ", "\t"]))),
    st.sampled_from([" ", "  ", "\n", " \n "]),
)
def test_whitespace_inside_the_grid_is_ignored(
    seed: int, plies: int, breaks: list[tuple[int, str]], before_last: str
) -> None:
    """As a copied example reads once a terminal broke it across lines: spaces and line
    breaks anywhere in the grid change nothing, and only what follows it is the last move."""
    board = random_game(seed)[: plies + 1][-1]
    grid_text, _, last = board.notation.partition(" ")
    spread = grid_text
    for at, space in breaks:
        where = at % (len(spread) + 1)
        spread = spread[:where] + space + spread[where:]
    text = f"{spread}{before_last}{last}" if last else spread
    assert UltimateBoard.from_notation(text) == board


# ------------------------------------------------------------------------------- the notation


def test_the_empty_position_reads_and_writes() -> None:
    text = "/".join([EMPTY_ROW] * 9)
    assert UltimateBoard.from_notation(text) == UltimateBoard()
    assert UltimateBoard().notation == text
    assert str(play_all((1, 9))) == "........X/" + "/".join([EMPTY_ROW] * 8) + " 1,9"


def position(*rows: str) -> str:
    """A grid from the rows given, the rest empty."""
    return "/".join([*rows, *[EMPTY_ROW] * (9 - len(rows))])


@pytest.mark.parametrize(
    ("text", "last", "sentence"),
    [
        (
            "X../...",
            None,
            "An ultimate position is 9 rows of 9 characters (X, O or .) separated by /, and "
            "this one has 2 rows.",
        ),
        (
            position("X.."),
            None,
            "An ultimate position is 9 rows of 9 characters (X, O or .) separated by /, and "
            "row 1 has 3 characters.",
        ),
        (
            position("X...0...."),
            None,
            "Row 1 holds '0' (a zero: O is the letter): use X and O "
            "for marks and . for an empty square.",
        ),
        (
            position(),
            "10,1",
            "A move is written R,C with a row and a column from 1 to 9, not '10,1'.",
        ),
        (
            position("O........"),
            None,
            "X has 0 marks and O has 1: X moves first and the players take turns, so X has as "
            "many marks as O or one more.",
        ),
        (
            position("XX......."),
            None,
            "X has 2 marks and O has 0: X moves first and the players take turns, so X has as "
            "many marks as O or one more.",
        ),
        (
            position("XXX......", "OOO......", "XO......."),
            None,
            "Both X and O have three in a row in the small board in rows 1-3, columns 1-3, but "
            "a small board closes when it is won.",
        ),
        (
            position("XXXO.O...", "...O.O...", "XXX.O...."),
            None,
            "X has two separate lines in the small board in rows 1-3, columns 1-3, but a small "
            "board closes at its first line.",
        ),
        (
            position("X.O......"),
            "1,2",
            "The last move, row 1, column 2, is an empty square.",
        ),
        (
            position("X.O......"),
            "1,1",
            "The last move, row 1, column 1, holds X's mark, but O moved last.",
        ),
        (
            position("XXXOO....", ".O......."),
            "2,2",
            "The last move, row 2, column 2, is in the small board in rows 1-3, columns 1-3, "
            "which X had already won.",
        ),
        (
            position("XXXOO....", "X........", "O........"),
            "2,1",
            "The last move, row 2, column 1, is in the small board in rows 1-3, columns 1-3, "
            "which X had already won: it completes no line there.",
        ),
        (position(), "1,1", "The last move, row 1, column 1, is an empty square."),
    ],
)
def test_a_position_no_game_reaches_gets_one_sentence(
    text: str, last: str | None, sentence: str
) -> None:
    with pytest.raises(InvalidNotationError) as info:
        UltimateBoard.from_notation(text, last)
    assert str(info.value) == sentence


# Small boards won in rows: X has the top row of small boards, O the middle one (both "won").
X_TOP = ("XXXXXXXXX", "OO.OO.OO.", ".........")
O_MID = ("OOOOOOOOO", "XX.XX.XX.", ".........")


def test_both_sides_winning_the_game_is_impossible() -> None:
    with pytest.raises(ImpossiblePositionError) as info:
        UltimateBoard.from_notation(position(*X_TOP, *O_MID))
    assert str(info.value) == (
        "Both X and O have three small boards in a row, but the game ends at the first."
    )


def test_a_move_after_the_game_was_won_is_impossible() -> None:
    rows = ("XXXXXXXXX", "OO.OO.OO.", "O.O.O....")  # X won, and O moved after (9 each)
    with pytest.raises(ImpossiblePositionError) as info:
        UltimateBoard.from_notation(position(*rows))
    assert str(info.value) == "X has won the game, so X moved last, but O has moved since."


def test_a_last_move_that_did_not_win_a_won_game_is_impossible() -> None:
    rows = ("XXXXXXXXX", "OO.OO.OO.", EMPTY_ROW, "O.O...O..", "....X....")
    with pytest.raises(ImpossiblePositionError) as info:
        UltimateBoard.from_notation(position(*rows), "5,5")
    assert str(info.value) == ("X had already won the game before the last move, row 5, column 5.")
    board = UltimateBoard.from_notation(position(*rows), "1,3")
    assert board.winner is Player.X and board.is_over


def test_two_separate_lines_of_small_boards_are_impossible() -> None:
    # X has won boards 0, 1, 2 and 6, 7, 8 (rows 1 and 3 of small boards): two lines.
    top = ("XXXXXXXXX", "OO.OO.OO.", "OO.OO.OO.")
    bottom = ("XXXXXXXXX", ".........", "O..O..O.O")
    with pytest.raises(ImpossiblePositionError) as info:
        UltimateBoard.from_notation(position(*top, EMPTY_ROW, "....O....", EMPTY_ROW, *bottom))
    assert str(info.value) == (
        "X has two separate lines of small boards, but the game ends at the first."
    )


def test_the_last_move_given_twice_is_refused() -> None:
    with pytest.raises(InvalidNotationError) as info:
        UltimateBoard.from_notation(position("X........") + " 1,1", "1,1")
    assert str(info.value) == "The last move is given twice: in the position and apart."
