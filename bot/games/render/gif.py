"""What every kind's replay GIF shares: checking what to replay, one fixed palette, Pillow's
default font, and the frames encoded as a looping GIF.

A kind draws its own frames (``bot.games.variants.<kind>.replay``); this module makes sure the
same input always gives the same bytes: every frame is quantized to one palette built from the
kind's base colours, with no dithering.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import TypeVar

from PIL import Image, ImageFont

from bot.engine import Move
from bot.engine.position import Position

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
SHORTEST_FRAME_MS = 20
"""Browsers slow shorter frames down."""

P = TypeVar("P", bound=Position)


def checked_marks(
    moves: Sequence[Move], marks: Mapping[int, str] | None, frame_ms: int, last_frame_ms: int
) -> dict[int, str]:
    """``marks`` (a move's index, 0-based, to its verdict word) as a dict, once every index
    names a move and both durations are long enough; else ``ValueError`` saying which."""
    if frame_ms < SHORTEST_FRAME_MS or last_frame_ms < SHORTEST_FRAME_MS:
        raise ValueError(
            f"Frames need at least 20 ms each, not {frame_ms} ms and {last_frame_ms} ms."
        )
    checked = dict(marks or {})
    for index in checked:
        if not 0 <= index < len(moves):
            raise ValueError(
                f"A mark names move index {index}, but the game has {len(moves)} moves "
                f"(indexes 0 to {len(moves) - 1})."
            )
    return checked


def replayed(start: P, moves: Sequence[Move]) -> list[P]:
    """The position before each move and after the last: ``start``, then each move played;
    ``ValueError`` naming the move (1-based) that cannot be."""
    positions = [start]
    for number, move in enumerate(moves, start=1):
        try:
            positions.append(positions[-1].play(move))
        except ValueError as error:
            raise ValueError(f"Move {number} cannot be replayed: {error}") from error
    return positions


def palette(base: Sequence[RGB], blend_steps: int, *, near: int = 0) -> Image.Image:
    """The palette every frame shares: the ``base`` colours and ``blend_steps`` shades between
    each pair of them, for the edges that scaling down smooths (at most 256 colours, as a GIF
    allows). Pairs closer than ``near`` in every channel get no shades: there is no edge to
    smooth between them, and Pillow's palette lookup, which is approximate, would take one of
    them for a shade a few units away."""
    channels = [channel for colour in base for channel in colour]
    for i, a in enumerate(base):
        for b in base[i + 1 :]:
            if max(abs(p - q) for p, q in zip(a, b, strict=True)) < near:
                continue
            for step in range(1, blend_steps + 1):
                t = step / (blend_steps + 1)
                channels.extend(round(p + (q - p) * t) for p, q in zip(a, b, strict=True))
    if len(channels) > 3 * 256:
        raise ValueError(f"a GIF palette holds 256 colours, not {len(channels) // 3}")
    image = Image.new("P", (1, 1))
    image.putpalette(channels)
    return image


def font(px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's own default font at ``px`` pixels (its bitmap font without FreeType). Loaded
    afresh each time (it costs microseconds), so threads drawing replays share no font."""
    return ImageFont.load_default(px)


def encode(
    frames: Sequence[Image.Image], shades: Image.Image, frame_ms: int, last_frame_ms: int
) -> bytes:
    """``frames`` (RGB) quantized to the palette ``shades`` without dithering, as one GIF that
    loops forever: each frame shown ``frame_ms``, the last ``last_frame_ms``."""
    quantized = [frame.quantize(palette=shades, dither=Image.Dither.NONE) for frame in frames]
    durations = [frame_ms] * (len(quantized) - 1) + [last_frame_ms]
    out = io.BytesIO()
    quantized[0].save(
        out, format="GIF", save_all=True, append_images=quantized[1:], duration=durations, loop=0
    )
    return out.getvalue()
