"""Review benchmark: the time to review a finished game (``bot/games/review.py``), per board size.

Run from the repository root:
    python bench/review.py [--games 30] [--seed 1]

Each 5x5 game is played here by the engine: a few random moves first (0 to 6, the openings a
review finds hardest: too early to solve, and mostly outside the opening book), then every move
at random or at the perfect level, so games end in wins, losses and draws, some of 25 moves. Its
review runs as the service runs it (a fresh valuer, ``REVIEW_BUDGET``), once the opening book is
loaded as a bot playing 5x5 has it. Target: every 5x5 review under 2 s (issue 28: a member waits
for it). Also shown: the estimates (moves the budget could not judge) and, without a target,
full 3x3 and 4x4 games. It reports and never gates: it always exits 0, and marks every missed
target FAIL.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arguments import positive_int  # bench/arguments.py, beside this file
from figures import Row, load_average, print_table, quantile, row  # bench/figures.py

from bot.engine import Move, Player
from bot.engine.classic import Board, choose_move
from bot.engine.classic.book import load_book
from bot.games.models import Game, Seat, Status
from bot.games.review import Verdict
from bot.games.variants.classic import CLASSIC, WIN_LENGTH
from bot.games.variants.classic.review import REVIEW_BUDGET, review_game

TARGET_5X5_S = 2.0


def played(size: int, rng: random.Random, opening: int, chance: float) -> tuple[Move, ...]:
    """A game: ``opening`` random moves, then each move random with probability ``chance``,
    else perfect."""
    board = Board.empty(size, WIN_LENGTH[size])
    moves: list[Move] = []
    while not board.is_over:
        if len(moves) < opening or rng.random() < chance:
            move = rng.choice(board.legal_moves)
        else:
            move = choose_move(board, "perfect", rng)
        moves.append(move)
        board = board.play(move)
    return tuple(moves)


def game(size: int, moves: tuple[Move, ...]) -> Game:
    """The finished game of ``moves`` as the store keeps it (X a member, O the bot)."""
    board = Board.empty(size, WIN_LENGTH[size])
    for move in moves:
        board = board.play(move)
    winner = board.winner
    status = Status.DRAWN if winner is None else Status.WON if winner is Player.X else Status.LOST
    now = datetime.now(UTC)
    x, o = Seat(1, "member"), Seat(None, "the bot")
    return Game(
        1, 1, None, x, o, "perfect", size, "me", moves, status, winner, now, now,
        variant=CLASSIC,
    )


def timed(finished: Game) -> tuple[float, int]:
    """Seconds one review took, and its estimates."""
    began = time.perf_counter()
    review = review_game(finished)
    seconds = time.perf_counter() - began
    return seconds, sum(1 for move in review.moves if move.verdict is Verdict.ESTIMATE)


def measure(games: int, seed: int) -> list[Row]:
    rng = random.Random(seed)
    load_book()  # a bot playing 5x5 has it loaded already
    rows: list[Row] = []
    for size in (3, 4):
        moves = played(size, rng, 2, 0.3)
        seconds, _ = timed(game(size, moves))
        rows.append(row(f"{size}x{size}, {len(moves)} moves", f"{seconds * 1000:.0f} ms", "", None))
    times: list[float] = []
    estimates = lengths = 0
    for number in range(games):
        moves = played(5, rng, number % 7, (0.0, 0.1, 0.3)[number % 3])
        seconds, estimated = timed(game(5, moves))
        times.append(seconds)
        estimates += estimated
        lengths += len(moves)
    worst = max(times)
    rows += [
        row(f"5x5, {games} games: median", f"{statistics.median(times):.2f} s", "", None),
        row("5x5: p90", f"{quantile(times, 0.9):.2f} s", "", None),
        row("5x5: slowest", f"{worst:.2f} s", f"< {TARGET_5X5_S:.0f} s", worst < TARGET_5X5_S),
        row("5x5: moves left as estimates", f"{estimates} of {lengths}", "", None),
    ]
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive_int, default=30, help="5x5 games reviewed")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games played")
    args = parser.parse_args()
    print(f"post-game review, budget {REVIEW_BUDGET:,} positions a game, {load_average()}\n")
    print_table(measure(args.games, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
