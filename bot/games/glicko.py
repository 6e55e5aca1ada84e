"""Glicko-2 ratings, as Lichess keeps its players' and its puzzles' ratings.

Glickman's system (http://www.glicko.net/glicko/glicko2.pdf): a rating, its deviation (how
unsure it is) and its volatility (how erratic the player is). :func:`rate` is one rating
period, steps 2 to 8 of the paper, the volatility found by the Illinois algorithm. Lichess's
choices (lila's ``Glicko.scala``): tau 0.75, a newcomer at 1500 with deviation 500 and
volatility 0.09, every result applied at once as a rating period of its own without the
deviation growing (``periods=0``), and ratings kept within bounds (:meth:`Glicko.capped`).
:func:`after_encounter` is a puzzle attempt: the solver and the puzzle each rated against the
other's value before it. Figures and reasons: docs/puzzles.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's scale factor: the Glicko (Elo-like) scale is 1500 + SCALE times Glicko-2's."""

TAU = 0.75
"""How much the volatility may change in one period (Lichess's choice)."""

CONVERGENCE = 0.000001
"""When the volatility's iteration stops (the paper's epsilon)."""

MIN_RATING = 400.0
MAX_RATING = 4000.0
MIN_DEVIATION = 45.0
MAX_DEVIATION = 500.0
MAX_VOLATILITY = 0.1
"""Lichess's bounds: past them a rating may never settle again."""


@dataclass(frozen=True, slots=True)
class Glicko:
    """A rating on the Glicko (Elo-like) scale, its deviation and its volatility; by default a
    newcomer's, as Lichess starts one."""

    rating: float = 1500.0
    deviation: float = MAX_DEVIATION
    volatility: float = 0.09

    def capped(self) -> Glicko:
        """Kept within Lichess's bounds (rating, deviation and volatility)."""
        return Glicko(
            min(MAX_RATING, max(MIN_RATING, self.rating)),
            min(MAX_DEVIATION, max(MIN_DEVIATION, self.deviation)),
            min(MAX_VOLATILITY, self.volatility),
        )


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_other: float, phi_other: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_other) * (mu - mu_other)))


def rate(
    player: Glicko,
    results: Sequence[tuple[Glicko, float]],
    *,
    tau: float = TAU,
    periods: float = 0.0,
) -> Glicko:
    """``player`` after one rating period with ``results`` (each an opponent as they stood
    before it and the player's score: 1 a win, 0.5 a draw, 0 a loss), not capped. ``periods``:
    how much the deviation grows before the results count (the paper's step 6 uses 1; Lichess
    rates each game at once, 0). No results: only that growth.

    Raises:
        ValueError: a score outside 0 to 1, or a deviation or volatility that is not positive.
    """
    if player.deviation <= 0 or player.volatility <= 0:
        raise ValueError(f"a deviation and a volatility are positive: {player}")
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        grown = math.sqrt(phi * phi + periods * sigma * sigma)
        return Glicko(player.rating, grown * SCALE, sigma)
    inverse_v = 0.0
    outcome = 0.0
    for opponent, score in results:
        if not 0.0 <= score <= 1.0 or opponent.deviation <= 0:
            raise ValueError(f"a score is 0 to 1, a deviation positive: {score}, {opponent}")
        mu_j = (opponent.rating - 1500.0) / SCALE
        phi_j = opponent.deviation / SCALE
        expected = _expected(mu, mu_j, phi_j)
        inverse_v += _g(phi_j) ** 2 * expected * (1.0 - expected)
        outcome += _g(phi_j) * (score - expected)
    v = 1.0 / inverse_v
    delta = v * outcome
    sigma = _volatility(delta, phi, v, sigma, tau)
    phi_star = math.sqrt(phi * phi + periods * sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * outcome
    return Glicko(new_mu * SCALE + 1500.0, new_phi * SCALE, sigma)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm (regula falsi)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (
            2.0 * (phi * phi + v + ex) ** 2
        ) - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    for _ in range(1000):
        if abs(high - low) <= CONVERGENCE:
            break
        new = low + (low - high) * f_low / (f_high - f_low)
        f_new = f(new)
        if f_new * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = new, f_new
    return math.exp(low / 2.0)


def after_encounter(player: Glicko, puzzle: Glicko, solved: bool) -> tuple[Glicko, Glicko]:
    """The solver and the puzzle after one attempt, each rated against the other as they stood
    before it (the solver wins when they solve it), each within the bounds."""
    score = 1.0 if solved else 0.0
    return (
        rate(player, [(puzzle, score)]).capped(),
        rate(puzzle, [(player, 1.0 - score)]).capped(),
    )
