"""The batcher that gathers saves made meanwhile into one statement (bot/games/batching.py)."""

from __future__ import annotations

import asyncio
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.batching import Batcher


class Recorder:
    """A ``run`` that answers each item doubled after ``delay`` s, noting every batch."""

    def __init__(self, delay: float = 0.01, fail_on: int | None = None) -> None:
        self.batches: list[list[int]] = []
        self.delay = delay
        self.fail_on = fail_on

    async def __call__(self, items: list[int]) -> list[int]:
        self.batches.append(items)
        await asyncio.sleep(self.delay)
        if self.fail_on in items:
            raise ValueError(f"batch with {self.fail_on} failed")
        return [2 * item for item in items]


async def test_a_lone_call_is_sent_at_once() -> None:
    run = Recorder()
    batcher = Batcher(run, at_once=1, most=8)
    assert await asyncio.wait_for(batcher(5), 1) == 10
    assert run.batches == [[5]]


async def test_calls_made_while_batches_are_away_go_together_in_order() -> None:
    run = Recorder()
    batcher = Batcher(run, at_once=2, most=4)
    first = asyncio.create_task(batcher(0))
    await asyncio.sleep(0.001)  # on its way
    results = await asyncio.gather(first, *(batcher(n) for n in range(1, 11)))
    assert results == [2 * n for n in range(11)]
    # A second batch leaves with the calls made before it did (four at most); the others
    # wait for a batch to come back.
    assert run.batches == [[0], [1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]


async def test_a_failed_batch_fails_only_its_own_calls() -> None:
    run = Recorder(fail_on=3)
    batcher = Batcher(run, at_once=1, most=2)
    results = await asyncio.gather(*(batcher(n) for n in range(5)), return_exceptions=True)
    assert run.batches == [[0, 1], [2, 3], [4]]
    assert (results[0], results[1], results[4]) == (0, 2, 8)
    assert [str(error) for error in results[2:4]] == ["batch with 3 failed"] * 2


async def test_a_call_whose_caller_gave_up_is_not_sent() -> None:
    run = Recorder(delay=0.05)
    batcher = Batcher(run, at_once=1, most=8)
    first = asyncio.create_task(batcher(1))
    await asyncio.sleep(0)
    abandoned = asyncio.create_task(batcher(2))
    kept = asyncio.create_task(batcher(3))
    await asyncio.sleep(0)
    abandoned.cancel()
    assert await first == 2 and await kept == 6
    assert run.batches == [[1], [3]]


async def test_giving_up_on_drain_cancels_no_batch_and_strands_no_call() -> None:
    run = Recorder(delay=0.02)
    batcher = Batcher(run, at_once=1, most=2)
    calls = [asyncio.create_task(batcher(n)) for n in range(5)]
    await asyncio.sleep(0)
    waiting = asyncio.create_task(batcher.drain())
    await asyncio.sleep(0.005)
    waiting.cancel()
    assert await asyncio.wait_for(asyncio.gather(*calls), 2) == [0, 2, 4, 6, 8]


async def test_a_run_that_answers_too_few_fails_its_calls_not_the_next() -> None:
    answers = iter([[1], [10]])

    async def run(items: list[int]) -> list[int]:
        await asyncio.sleep(0)
        return next(answers)

    batcher = Batcher(run, at_once=1, most=2)
    outcomes = await asyncio.gather(batcher(1), batcher(2), return_exceptions=True)
    assert [type(o) for o in outcomes] == [RuntimeError, RuntimeError]
    assert await batcher(3) == 10


async def test_drain_waits_for_every_batch_on_its_way() -> None:
    run = Recorder(delay=0.02)
    batcher = Batcher(run, at_once=2, most=8)
    calls = [asyncio.create_task(batcher(n)) for n in range(6)]
    await asyncio.sleep(0)
    await batcher.drain()
    assert all(call.done() for call in calls)
    assert sorted(n for batch in run.batches for n in batch) == list(range(6))


def test_at_once_and_most_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        Batcher(Recorder(), at_once=0, most=1)
    with pytest.raises(ValueError, match="at least 1"):
        Batcher(Recorder(), at_once=1, most=0)


@settings(max_examples=60, deadline=None)
@given(
    at_once=st.integers(1, 3),
    most=st.integers(1, 5),
    gaps=st.lists(st.sampled_from([0, 0, 0, 0.001, 0.003]), min_size=1, max_size=40),
    seed=st.integers(0, 2**16),
)
def test_every_call_gets_its_own_answer_whatever_the_timing(
    at_once: int, most: int, gaps: list[float], seed: int
) -> None:
    """Calls arriving in bursts and pauses, batches of random durations: each call is
    answered, with its own result, within at most ``most`` per batch and ``at_once`` away."""
    rng = random.Random(seed)
    away = 0
    most_away = 0

    async def run(items: list[int]) -> list[int]:
        nonlocal away, most_away
        away += 1
        most_away = max(most_away, away)
        assert len(items) <= most
        await asyncio.sleep(rng.choice([0, 0.001, 0.002]))
        away -= 1
        return [-item for item in items]

    async def scenario() -> list[int]:
        batcher = Batcher(run, at_once=at_once, most=most)
        calls = []
        for n, gap in enumerate(gaps):
            calls.append(asyncio.create_task(batcher(n)))
            await asyncio.sleep(gap)
        return await asyncio.wait_for(asyncio.gather(*calls), 5)

    assert asyncio.run(scenario()) == [-n for n in range(len(gaps))]
    assert most_away <= at_once
