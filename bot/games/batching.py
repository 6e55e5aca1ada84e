"""Calls gathered into batches while earlier batches are on their way (group commit).

A database charges most of a short write's cost per statement, not per row: on PostgreSQL a
compare-and-set UPDATE of one game costs the bot about 160 us of CPU and the server as much,
eight games in one statement about 35 and 50 us each. ``Batcher`` starts a batch at once
while fewer than ``at_once`` are on their way, so a quiet bot waits for nothing (the batch
leaves at the event loop's next turn, with every call made before then); under load, the calls
made meanwhile wait for the next batch to come back and go together, so the busier the bot,
the bigger and cheaper its batches.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Batcher(Generic[T, R]):
    """``await batcher(item)`` is ``run([item, ...])``'s result for ``item``, where ``run``
    takes the items of one batch (at most ``most``) and gives one result per item, in order.
    If ``run`` raises, every call of that batch raises the same error."""

    def __init__(
        self, run: Callable[[list[T]], Awaitable[list[R]]], *, at_once: int, most: int
    ) -> None:
        if at_once < 1 or most < 1:
            raise ValueError(f"at_once and most must be at least 1, not {at_once} and {most}")
        self._run = run
        self._at_once = at_once
        self._most = most
        self._waiting: deque[tuple[T, asyncio.Future[R]]] = deque()
        self._senders: set[asyncio.Task[None]] = set()

    async def __call__(self, item: T) -> R:
        result: asyncio.Future[R] = asyncio.get_running_loop().create_future()
        self._waiting.append((item, result))
        self._start_sender()
        return await result

    def _start_sender(self) -> None:
        """A sender for the calls waiting, unless ``at_once`` are at work already."""
        if self._waiting and len(self._senders) < self._at_once:
            sender = asyncio.create_task(self._send())
            self._senders.add(sender)
            sender.add_done_callback(self._sent)

    def _sent(self, sender: asyncio.Task[None]) -> None:
        """A sender is done, or was cancelled (even before it began): its slot is free, and
        the calls made since it last looked get a sender. (A sender's task lingers until
        this runs, so a call made meanwhile is left to this, never to no one.)"""
        self._senders.discard(sender)
        self._start_sender()

    async def _send(self) -> None:
        """Send batches while calls wait; a call whose caller stopped waiting is not sent."""
        while self._waiting:
            batch: list[tuple[T, asyncio.Future[R]]] = []
            while self._waiting and len(batch) < self._most:
                call = self._waiting.popleft()
                if not call[1].done():
                    batch.append(call)
            if not batch:
                continue
            try:
                results = await self._run([item for item, _ in batch])
                if len(results) != len(batch):
                    raise RuntimeError(f"{len(results)} results for {len(batch)} calls")
            except Exception as error:  # each call of the batch hears it
                for _, result in batch:
                    if not result.done():
                        result.set_exception(error)
                continue
            except BaseException:  # the sender was cancelled: so are the calls it carried
                for _, result in batch:
                    result.cancel()
                raise
            for (_, result), value in zip(batch, results, strict=True):
                if not result.done():  # its caller may have been cancelled meanwhile
                    result.set_result(value)

    async def drain(self) -> None:
        """Wait until every call made so far has been answered (before closing what ``run``
        uses). Cancelling the wait cancels no batch."""
        while self._senders:
            await asyncio.wait(set(self._senders))
