"""Connect Four's two discs told apart with every kind of colour vision: the pair on Discord
(the emoji, as Twemoji draws them) and the replay's, simulated for protanopia, deuteranopia and
tritanopia (Machado, Oliveira and Fernandes 2009, severity 1) and compared in CIELAB.

A difference (CIE76) of 10 is plain at a glance; the pairs keep 30 and more, mostly by
lightness, which no colour blindness takes away (docs/decisions.md, "Connect Four")."""

from __future__ import annotations

import pytest

from bot.engine import Player
from bot.games.variants.connect4.drawing import EMOJI_DISC, EMOJI_WINNING_DISC
from bot.games.variants.connect4.replay import DISC_COLOUR

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

VISION: dict[str, Matrix] = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al.'s matrices, on linear RGB."""

TWEMOJI: dict[str, RGB] = {
    "🔴": (0xDD, 0x2E, 0x44),
    "🟥": (0xDD, 0x2E, 0x44),
    "🟡": (0xFD, 0xCB, 0x58),
    "🟨": (0xFD, 0xCB, 0x58),
}
"""The fill of each disc emoji as Twemoji (Discord's emoji set) draws it."""

SMALLEST_DIFFERENCE = 30.0


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    red, green, blue = rgb
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: RGB, vision: str) -> tuple[float, float, float]:
    """``colour`` in CIELAB as ``vision`` sees it."""
    linear = [_linear(channel) for channel in colour]
    simulated = [
        min(1.0, max(0.0, sum(weight * value for weight, value in zip(row, linear, strict=True))))
        for row in VISION[vision]
    ]
    return _lab((simulated[0], simulated[1], simulated[2]))


def difference(first: RGB, second: RGB, vision: str) -> float:
    """CIE76: the distance between the two colours in CIELAB, as ``vision`` sees them."""
    one, other = seen(first, vision), seen(second, vision)
    return sum((a - b) ** 2 for a, b in zip(one, other, strict=True)) ** 0.5


@pytest.mark.parametrize("vision", VISION)
def test_the_discord_discs_differ_with_every_colour_vision(vision: str) -> None:
    for discs in (EMOJI_DISC, EMOJI_WINNING_DISC):
        x, o = TWEMOJI[discs[Player.X]], TWEMOJI[discs[Player.O]]
        assert difference(x, o, vision) >= SMALLEST_DIFFERENCE


@pytest.mark.parametrize("vision", VISION)
def test_the_replays_discs_differ_with_every_colour_vision(vision: str) -> None:
    x, o = DISC_COLOUR[Player.X], DISC_COLOUR[Player.O]
    assert difference(x, o, vision) >= SMALLEST_DIFFERENCE


def test_the_simulation_takes_red_from_green_for_the_red_green_blind() -> None:
    """Guard the guard: a red and a green of equal lightness, far apart to normal vision,
    come close under deuteranopia, so the matrices are applied the right way round."""
    red, green = (200, 80, 60), (90, 150, 60)
    assert difference(red, green, "normal") > 50
    assert difference(red, green, "deuteranopia") < 20
