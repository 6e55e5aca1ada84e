"""Replay image benchmark: the GIF's size and the time to make it, per board size.

Run from the repository root:
    python bench/replay.py [--runs 5]

For each board it makes the replay of one game (``bot/games/render/replay.py``) ``--runs``
times and prints the GIF's size and the median time. The 5x5 game is the longest there is (25
moves, a full board) with every move marked mistake or blunder, the most drawing a replay can
hold. Targets: a 5x5 replay under 1 MB (issue 28, so Discord takes it as an attachment with
room to spare) and made within 1 s (it is made while a member waits for the review). It
reports and never gates: it always exits 0, and marks every missed target FAIL.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arguments import positive_int  # bench/arguments.py, beside this file
from figures import Row, load_average, print_table, row  # bench/figures.py

from bot.engine import Move
from bot.games.variants.classic.replay import replay_image

TARGET_5X5_BYTES = 1_000_000
TARGET_5X5_S = 1.0


def moves(*cells: tuple[int, int]) -> tuple[Move, ...]:
    return tuple(Move(r, c) for r, c in cells)


# The longest 5x5 game there is: a full board that nobody wins.
FIVE_FULL = moves(
    (0, 3), (2, 4), (0, 2), (0, 1), (2, 0), (4, 3), (3, 0), (4, 0), (4, 1), (1, 3),
    (0, 4), (3, 3), (4, 4), (1, 4), (2, 3), (2, 1), (2, 2), (4, 2), (3, 4), (3, 2),
    (1, 1), (0, 0), (1, 2), (3, 1), (1, 0),
)  # fmt: skip
EVERY_MOVE_MARKED = {index: "blunder" if index % 2 else "mistake" for index in range(25)}
GAMES = {  # size -> (k, moves, marks)
    3: (3, moves((1, 1), (0, 1), (0, 0), (2, 0), (2, 2)), {1: "mistake", 3: "blunder"}),
    4: (4, moves((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (0, 3)), {5: "blunder"}),
    5: (4, FIVE_FULL, EVERY_MOVE_MARKED),
}


def measure(runs: int) -> list[Row]:
    rows: list[Row] = []
    for size, (k, played, marks) in GAMES.items():
        times, data = [], b""
        for _ in range(runs):
            began = time.perf_counter()
            data = replay_image(size, k, played, marks)
            times.append(time.perf_counter() - began)
        median = statistics.median(times)
        name = f"{size}x{size}, {len(played)} moves"
        targeted = size == 5
        rows.append(
            row(f"{name}: GIF size", f"{len(data):,} bytes", "< 1 MB" if targeted else "",
                len(data) < TARGET_5X5_BYTES if targeted else None)
        )  # fmt: skip
        rows.append(
            row(f"{name}: time (median)", f"{median * 1000:.0f} ms", "<= 1 s" if targeted else "",
                median <= TARGET_5X5_S if targeted else None)
        )  # fmt: skip
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=positive_int, default=5, help="replays per board")
    args = parser.parse_args()
    print(f"replay image, {args.runs} runs per board, {load_average()}\n")
    print_table(measure(args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
