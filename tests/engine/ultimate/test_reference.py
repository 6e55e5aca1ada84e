"""A naive reference implementation of ultimate tic-tac-toe's rules, and its own checks.

It reads the rules as a person states them, on a 9x9 grid of characters: no bitboards, no
tables, nothing shared with bot/engine. The other ultimate tests compare the engine with it.
"""

from __future__ import annotations

from functools import cache
from itertools import product

Grid = tuple[str, ...]
"""Nine strings of nine characters, ``X``, ``O`` or ``.``; row 1 first."""
Square = tuple[int, int]
"""(row, column), 0-based on the 9x9 grid."""

LINES_3X3 = (
    [(0, 0), (0, 1), (0, 2)],
    [(1, 0), (1, 1), (1, 2)],
    [(2, 0), (2, 1), (2, 2)],
    [(0, 0), (1, 0), (2, 0)],
    [(0, 1), (1, 1), (2, 1)],
    [(0, 2), (1, 2), (2, 2)],
    [(0, 0), (1, 1), (2, 2)],
    [(0, 2), (1, 1), (2, 0)],
)

EMPTY: Grid = ("." * 9,) * 9


def grid_of(text: str) -> Grid:
    rows = tuple(text.split("/"))
    assert len(rows) == 9 and all(len(row) == 9 for row in rows)
    return rows


def three_in_a_row(cell: dict[tuple[int, int], str], mark: str) -> bool:
    return any(all(cell[spot] == mark for spot in line) for line in LINES_3X3)


def small(grid: Grid, board: tuple[int, int]) -> dict[tuple[int, int], str]:
    """The small board at (board row, board column) as {(row, col): mark}."""
    br, bc = board
    return {(r, c): grid[3 * br + r][3 * bc + c] for r in range(3) for c in range(3)}


def small_winner(grid: Grid, board: tuple[int, int]) -> str | None:
    br, bc = board
    return block_winner("".join(grid[3 * br + r][3 * bc : 3 * bc + 3] for r in range(3)))


@cache
def block_winner(block: str) -> str | None:
    """The winner of one small board written as 9 characters, row by row (remembered: the
    tests ask about the same few thousand blocks again and again)."""
    cells = {(r, c): block[3 * r + c] for r in range(3) for c in range(3)}
    for mark in "XO":
        if three_in_a_row(cells, mark):
            return mark
    return None


def small_closed(grid: Grid, board: tuple[int, int]) -> bool:
    cells = small(grid, board)
    return small_winner(grid, board) is not None or "." not in cells.values()


def winner(grid: Grid) -> str | None:
    big = {board: small_winner(grid, board) or "." for board in product(range(3), repeat=2)}
    for mark in "XO":
        if three_in_a_row(big, mark):
            return mark
    return None


def is_over(grid: Grid) -> bool:
    return winner(grid) is not None or all(
        small_closed(grid, board) for board in product(range(3), repeat=2)
    )


def to_move(grid: Grid) -> str:
    text = "".join(grid)
    return "X" if text.count("X") == text.count("O") else "O"


def legal_moves(grid: Grid, last: Square | None) -> list[Square]:
    """Row-major. The last move's cell inside its small board names the board to play in,
    unless that board is closed (then: every open board); none after the game is over."""
    if is_over(grid):
        return []
    target = None if last is None else (last[0] % 3, last[1] % 3)
    if target is not None and small_closed(grid, target):
        target = None
    return [
        (r, c)
        for r in range(9)
        for c in range(9)
        if grid[r][c] == "."
        and not small_closed(grid, (r // 3, c // 3))
        and (target is None or (r // 3, c // 3) == target)
    ]


def play(grid: Grid, square: Square) -> Grid:
    r, c = square
    mark = to_move(grid)
    return tuple(row if i != r else row[:c] + mark + row[c + 1 :] for i, row in enumerate(grid))


def winning_moves(grid: Grid, last: Square | None) -> list[Square]:
    """The moves that win the game at once for the side to move."""
    mover = to_move(grid)
    return [m for m in legal_moves(grid, last) if winner(play(grid, m)) == mover]


def safe_moves(grid: Grid, last: Square | None) -> list[Square]:
    """The moves after which the opponent cannot win the game at once."""
    return [m for m in legal_moves(grid, last) if not winning_moves(play(grid, m), m)]


# ------------------------------------------------------------------ the reference's own checks


def test_the_first_move_may_go_anywhere() -> None:
    assert len(legal_moves(EMPTY, None)) == 81


def test_a_move_sends_the_opponent_to_the_board_at_its_cell() -> None:
    grid = play(EMPTY, (1, 5))  # the middle row, right column of the top middle board
    assert legal_moves(grid, (1, 5)) == [(r, c) for r in range(3, 6) for c in range(6, 9)]


def test_three_won_boards_in_a_row_win_and_end_the_game() -> None:
    rows = ["XXXXXXXXX", "OO.OO.OO.", "OO.OO.OO."] + ["........."] * 6
    grid = tuple(rows)
    assert small_winner(grid, (0, 0)) == "X" and winner(grid) == "X"
    assert legal_moves(grid, None) == []
