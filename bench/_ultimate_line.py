"""``strongest`` speaking bench/uct.c's line protocol, so bench/outside_engines.py can play it
against the C engines: ``go MS MOVES`` answers ``SQUARE SIMULATIONS``.

Run as ``python bench/_ultimate_line.py SEED [--fresh]``. By default the search runs in this
process, which lives for a whole game and loads strongest's compiled kernel when it starts, as
a bot process has it loaded after its first strongest move. With ``--fresh`` every move is a new
``python -m bot.engine ultimate --json`` process, as a script calling the CLI has it, so the
move's time includes the start-up (and under ``LOAD_SECONDS`` the search is in Python).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bot.engine import Move  # noqa: E402
from bot.engine.ultimate import UltimateBoard, analyze, prepare  # noqa: E402
from bot.engine.ultimate.tables import MOVES, square_of  # noqa: E402


def board_after(squares: Sequence[int]) -> UltimateBoard:
    """The board after ``squares`` (``9 * board + cell`` each), played from the empty one."""
    board = UltimateBoard()
    for square in squares:
        board = board.play(MOVES[square])
    return board


def fresh_move(board: UltimateBoard, seconds: float, seed: int) -> tuple[int, int]:
    """The move of a new CLI process, and its simulations."""
    command = [sys.executable, "-m", "bot.engine", "ultimate", board.notation]
    command += ["--time", f"{seconds:g}", "--seed", str(seed), "--json"]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=REPO)
    answer = json.loads(done.stdout)
    row, col = answer["move"]
    return square_of(Move(row - 1, col - 1)), int(answer["playouts"])


def main() -> int:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    fresh = "--fresh" in sys.argv[2:]
    rng = random.Random(seed)
    if not fresh:
        prepare()  # as a bot process has it after its first strongest move
    for line in sys.stdin:
        command, *numbers = line.split()
        if command != "go":
            print(f"unknown command {command}", file=sys.stderr)
            return 1
        seconds = int(numbers[0]) / 1000
        board = board_after([int(word) for word in numbers[1:]])
        if fresh:
            square, simulations = fresh_move(board, seconds, rng.getrandbits(32))
        else:
            result = analyze(board, "strongest", rng, seconds=seconds)
            square, simulations = square_of(result.move), result.simulations
        print(square, simulations, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
