"""Plain minimax for 3x3 (no pruning, no cache): the yardstick bench/engine.py measures against.

Written only for the benchmark and kept deliberately naive: it walks the whole game tree below
the position every time it is asked, which on the empty board is 549,946 positions.
"""

from __future__ import annotations

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)


def winner(cells: list[str]) -> str | None:
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def minimax(cells: list[str], mover: str, counter: list[int]) -> int:
    """Score of the position from X's point of view (+1 X wins, 0 draw, -1 O wins)."""
    counter[0] += 1
    won = winner(cells)
    if won is not None:
        return 1 if won == "X" else -1
    if "." not in cells:
        return 0
    other = "O" if mover == "X" else "X"
    scores = []
    for index in range(9):
        if cells[index] == ".":
            cells[index] = mover
            scores.append(minimax(cells, other, counter))
            cells[index] = "."
    return max(scores) if mover == "X" else min(scores)


def plain_decision(cells: list[str]) -> tuple[int, int]:
    """(a best cell index for the side to move, positions examined including this one)."""
    mover = "X" if cells.count("X") == cells.count("O") else "O"
    other = "O" if mover == "X" else "X"
    counter = [1]
    best_index, best_score = -1, 0
    for index in range(9):
        if cells[index] == ".":
            cells[index] = mover
            score = minimax(cells, other, counter)
            cells[index] = "."
            if mover == "O":
                score = -score
            if best_index < 0 or score > best_score:
                best_index, best_score = index, score
    return best_index, counter[0]
