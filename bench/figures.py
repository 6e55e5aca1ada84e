"""What the steady-state benchmarks measure with (the event loop's lateness, a p99) and how
their figures print (a table with a verdict per target).

``Ticker`` is a task that asks to wake every 10 ms and records how late it woke: the longest
lateness is the longest time the event loop could not run anything else (a gateway heartbeat,
another channel's command). It also records the longest garbage collection meanwhile (any
thread's; a full collection stops every thread), to tell a stall of the code under test from
one of the collector walking a large heap. Timed with ``perf_counter``: simcord replaces
``time.monotonic`` with its virtual clock inside the bot, and the wall clock may be adjusted.
"""

from __future__ import annotations

import asyncio
import gc
import math
import os
import time
from collections.abc import Sequence
from types import TracebackType
from typing import TypeAlias

Verdict: TypeAlias = bool | str | None
"""A row's verdict: True (PASS), False (FAIL), None (a figure without a target), or a word
for a target this design cannot meet, said as it is rather than as a PASS."""

Row: TypeAlias = tuple[str, str, str, Verdict]
"""(figure, measured, target, verdict)."""

TICK = 0.010
"""Seconds the ticker asks to sleep each time."""


class Ticker:
    """``async with Ticker() as ticker:`` ... ``ticker.worst_ms``: the worst lateness so far."""

    def __init__(self, tick: float = TICK) -> None:
        self.tick = tick
        self.worst = 0.0
        self.worst_gc = 0.0
        self._due = time.perf_counter() + tick
        self._gc_began = 0.0
        self._task: asyncio.Task[None] | None = None

    @property
    def worst_ms(self) -> float:
        return self.worst * 1000

    @property
    def worst_gc_ms(self) -> float:
        return self.worst_gc * 1000

    def _collecting(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_began = time.perf_counter()
        else:
            self.worst_gc = max(self.worst_gc, time.perf_counter() - self._gc_began)

    async def _run(self) -> None:
        while True:
            self._due = time.perf_counter() + self.tick
            await asyncio.sleep(self.tick)
            self.worst = max(self.worst, time.perf_counter() - self._due)

    async def __aenter__(self) -> Ticker:
        gc.callbacks.append(self._collecting)
        self._task = asyncio.create_task(self._run())
        await asyncio.sleep(0)
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.worst = max(self.worst, time.perf_counter() - self._due)  # a stall at the end
        gc.callbacks.remove(self._collecting)
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)


def load_average() -> str:
    """The 1, 5 and 15 minute load averages as one phrase ("load average 1.2, 0.8, 0.5"):
    figures are only comparable on a quiet machine. "load average unknown" where the OS does
    not tell."""
    if not hasattr(os, "getloadavg"):
        return "load average unknown"
    return "load average " + ", ".join(f"{x:.1f}" for x in os.getloadavg())


HOST_LOOP = 5_000_000
"""Additions in ``host_speed``'s loop."""


def host_speed() -> float:
    """Seconds this Python takes for a fixed loop of ``HOST_LOOP`` additions, a yardstick for
    the machine's speed right now: on a shared machine the same code takes up to twice as long
    in a busy spell of its host, and so does every timing beside it."""
    began = time.perf_counter()
    total = 0
    for number in range(HOST_LOOP):
        total += number
    return time.perf_counter() - began


def quantile(samples: Sequence[float], share: float) -> float:
    """The sample below which ``share`` of them fall, by nearest rank (a sample itself, never
    a value between two); the samples need not be sorted. NaN when there are none, so a row
    shows "nan" and fails its target instead of the benchmark stopping."""
    if not samples:
        return math.nan
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def p99(samples: Sequence[float]) -> float:
    """The 99th percentile, by nearest rank (``quantile``)."""
    return quantile(samples, 0.99)


def row(figure: str, measured: str, target: str = "", verdict: Verdict = None) -> Row:
    """A row; without a target it is a figure shown for itself, with no verdict."""
    return (figure, measured, target, verdict)


def print_table(rows: list[Row]) -> None:
    """The rows aligned, then which targets were missed (a worded verdict counts as missed)."""
    width = max(len(r[0]) for r in rows)
    measured_width = max(26, *(len(r[1]) for r in rows))
    for figure, measured, target, ok in rows:
        verdict = ok if isinstance(ok, str) else "" if ok is None else "PASS" if ok else "FAIL"
        print(f"{figure:<{width}}  {measured:>{measured_width}}  {target:<10}  {verdict}")
    missed = [r[0].strip() for r in rows if r[3] is False or isinstance(r[3], str)]
    print("\n" + (f"MISSED {len(missed)} target(s):" if missed else "All targets met."))
    for figure in missed:
        print(f"  {figure}")


def mean_interval(samples: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95 % interval (Student's t; 0 wide for fewer than 2 samples), e.g. over
    the pairs of games of a paired-opening match, which are independent where games are not."""
    n = len(samples)
    mean = sum(samples) / n
    if n < 2:
        return mean, mean, mean
    spread = math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1) / n)
    half = _t_975(n - 1) * spread
    return mean, mean - half, mean + half


def elo(score: float) -> float:
    """The Elo difference a score (0 to 1; draws half) stands for: ``-400 log10(1/s - 1)``,
    the score held within 0.1 % and 99.9 % so that a clean sweep stays finite (+-1200)."""
    held = min(max(score, 0.001), 0.999)
    return -400 * math.log10(1 / held - 1)


def elo_interval(mean: float, low: float, high: float) -> str:
    """A mean score and its 95 % interval (``mean_interval``'s) as Elo: "-191 (-260 to
    -130)"."""
    return f"{elo(mean):+.0f} ({elo(low):+.0f} to {elo(high):+.0f})"


def _t_975(df: int) -> float:
    """Student's t 97.5 % quantile: exact below 4 degrees of freedom, else Cornish-Fisher from
    the normal's (2.262 at 9, within 0.01 from 4 on)."""
    if df < 4:
        return (12.706, 4.303, 3.182)[df - 1]
    z = 1.959964
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )
