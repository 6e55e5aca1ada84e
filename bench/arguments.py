"""argparse types the benchmarks share, so a bad number is one usage line, not a traceback."""

from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """A whole number above 0."""
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return number


def positive_float(text: str) -> float:
    """A number above 0 (seconds, moves a second)."""
    number = float(text)
    if not number > 0:
        raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
    return number
