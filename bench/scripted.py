"""The three scripted players that rate the levels, a match loop, and the rating fit.

Shared by bench/levels.py (the levels' ratings), bench/adaptive.py (the adaptive level against
each scripted player) and tests/engine/classic/test_adaptive.py. A player (a mover) is a function
``(board, rng) -> Move``; every mover draws its chances from the rng it is given, so a match
with a seeded rng plays the same games every run.

- ``random``: any legal move, uniformly at random. Its rating is the fit's anchor.
- ``one-ply``: takes a win in one, else blocks the opponent's win in one, else plays at random.
- ``perfect-10%``: the perfect engine, except that 10 % of its moves are random legal moves.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from bot.engine import Move, Player
from bot.engine.classic import Board, choose_move
from bot.engine.classic.board import completes_line

Mover = Callable[[Board, random.Random], Move]
P = TypeVar("P")

WIN_LENGTH = {3: 3, 4: 4, 5: 4}
"""k on each board size the game offers (bot.games.models.WIN_LENGTH, repeated here so that
the benches and the engine tests need nothing from the game layer)."""

NOISE = 0.10
"""The share of perfect-10%'s moves that are random."""


def random_mover(board: Board, rng: random.Random) -> Move:
    """Any legal move, uniformly at random."""
    return rng.choice(board.legal_moves)


def wins_in_one(board: Board, mine: bool = True) -> tuple[Move, ...]:
    """The moves that complete a line for the side to move (``mine``) or for the other side."""
    me, opp = board.sides
    marks = me if mine else opp
    geo = board.geometry
    return tuple(
        move
        for move in board.legal_moves
        if completes_line(geo, marks | 1 << board.cell(move), board.cell(move))
    )


def one_ply(board: Board, rng: random.Random) -> Move:
    """A win in one if there is one, else a block of the opponent's win in one, else random."""
    return rng.choice(wins_in_one(board) or wins_in_one(board, mine=False) or board.legal_moves)


def noisy_perfect(board: Board, rng: random.Random) -> Move:
    """The perfect engine's move, except a random legal move 10 % of the time."""
    if rng.random() < NOISE:
        return rng.choice(board.legal_moves)
    return choose_move(board, "perfect", rng)


SCRIPTED: dict[str, Mover] = {
    "random": random_mover,
    "one-ply": one_ply,
    "perfect-10%": noisy_perfect,
}
"""The scripted players by name, weakest first."""


def level_player(level: str) -> Mover:
    """A player that plays the engine's ``level``."""

    def play(board: Board, rng: random.Random) -> Move:
        return choose_move(board, level, rng)

    return play


def play_game(x: Mover, o: Mover, size: int, rng: random.Random) -> float:
    """X's score in one game from the empty board: 1 win, 0.5 draw, 0 loss."""
    board = Board.empty(size, WIN_LENGTH[size])
    players = (x, o)
    while not board.is_over:
        board = board.play(players[board.moves_played & 1](board, rng))
    winner = board.winner
    if winner is None:
        return 0.5
    return 1.0 if winner is Player.X else 0.0


@dataclass(frozen=True, slots=True)
class Result:
    """A match's games from the first player's side."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    @property
    def score(self) -> float:
        """Points per game (0 to 1)."""
        return self.points / self.games if self.games else 0.5

    def flipped(self) -> Result:
        """The same games from the other player's side."""
        return Result(self.losses, self.draws, self.wins)


def match(a: Mover, b: Mover, size: int, games: int, seed: int) -> Result:
    """``games`` games between ``a`` and ``b``, ``a`` playing X in the even-numbered games."""
    return played(lambda x, o, rng: play_game(x, o, size, rng), a, b, games, seed)


def played(
    play: Callable[[P, P, random.Random], float], a: P, b: P, games: int, seed: int
) -> Result:
    """``games`` games of ``play`` (X's score from players X and O) between ``a`` and ``b``,
    ``a`` playing X in the even-numbered games, from one rng seeded ``seed``."""
    rng = random.Random(seed)
    wins = draws = 0
    for game in range(games):
        score = play(a, b, rng) if game % 2 == 0 else 1 - play(b, a, rng)
        wins += score == 1.0
        draws += score == 0.5
    return Result(wins, draws, games - wins - draws)


def fit_ratings(
    names: Sequence[str],
    results: dict[tuple[str, str], Result],
    anchor: str,
    anchor_rating: float,
    prior_draws: float = 0.0,
) -> dict[str, float]:
    """Ratings on the Elo scale that make the match results most likely.

    The model is Elo's: ``a`` scores ``1 / (1 + 10 ** ((R_b - R_a) / 400))`` per game against
    ``b``, a draw counting half a win and half a loss (Bradley-Terry with points). The
    maximum-likelihood ratings are found by the minorization-maximization iteration (Hunter
    2004), ``g_i <- points_i / sum_j games_ij / (g_i + g_j)`` with ``g = 10 ** (R / 400)``,
    and shifted so that ``anchor`` has ``anchor_rating``. Every player must have scored some
    points and given some away (else its rating is infinite), which draws ensure on the
    classic sizes; ``prior_draws`` adds that many drawn games to every pair that met (the
    prior of BayesElo), which keeps a player that won every game finite.
    """
    points = dict.fromkeys(names, 0.0)
    games: dict[tuple[str, str], float] = {}
    for (a, b), result in results.items():
        points[a] += result.points + prior_draws / 2
        points[b] += result.games - result.points + prior_draws / 2
        games[a, b] = games.get((a, b), 0) + result.games + prior_draws
        games[b, a] = games.get((b, a), 0) + result.games + prior_draws
    strength = dict.fromkeys(names, 1.0)
    for _ in range(10_000):
        new = {
            i: points[i]
            / sum(n / (strength[i] + strength[j]) for (a, j), n in games.items() if a == i)
            for i in names
        }
        scale = new[anchor]
        new = {i: g / scale for i, g in new.items()}
        change = max(abs(math.log(new[i] / strength[i])) for i in names)
        strength = new
        if change < 1e-12:
            break
    return {i: anchor_rating + 400 * math.log10(strength[i]) for i in names}
