"""Another OS process holds the SQLite write lock: the game layer keeps answering.

A real second process takes the file's write lock (``lock_holder``). Meanwhile reads in other
channels answer while the held move is still waiting, the event loop keeps turning (a ticker
never misses a write timeout's worth of ticks), and the move answers "busy" or is played: the
database afterwards shows it whole or not at all, never half, never both. Once the lock is
released everything plays again.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from games_helpers import ALICE, BOB, CHANNEL, make_service, start_game, started_game
from lock_holder import write_lock_held

from bot.engine import Move
from bot.games import Game, GameService, StoreBusyError
from bot.games.errors import BUSY
from bot.storage import SqliteGameStore

pytestmark = pytest.mark.processes

OTHER = CHANNEL + 1
WRITE_TIMEOUT = 2.0


class Ticker:
    """A 10 ms ticker on the event loop: ``longest()`` is the longest time between two ticks
    (or since the last one), which a loop blocked on the disk stretches to the whole wait."""

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.gap = 0.0

    async def run(self) -> None:
        while True:
            await asyncio.sleep(0.01)
            now = time.perf_counter()
            self.gap, self.last = max(self.gap, now - self.last), now

    def longest(self) -> float:
        return max(self.gap, time.perf_counter() - self.last)


@asynccontextmanager
async def ticking() -> AsyncIterator[Ticker]:
    ticker = Ticker()
    task = asyncio.create_task(ticker.run())
    try:
        yield ticker
    finally:
        task.cancel()


async def two_channels(path: Path) -> tuple[GameService, Game]:
    """A service on ``path`` with alice's game in CHANNEL (her turn) and bob's in OTHER."""
    service = make_service(store=SqliteGameStore(path, write_timeout=WRITE_TIMEOUT))
    await start_game(service, channel=CHANNEL, member=ALICE)
    await started_game(service, channel=OTHER, member=BOB)
    return service, await service.active_game(CHANNEL)


async def read_while(task: asyncio.Task[Any], service: GameService) -> int:
    """Board and stats in the other channel until ``task`` answers; how many rounds."""
    rounds = 0
    while not task.done():
        assert (await service.active_game(OTHER)).x.member_id == BOB
        await service.standings.stats(member_id=BOB)
        rounds += 1
        await asyncio.sleep(0.01)
    return rounds


async def test_a_move_held_past_the_write_timeout_answers_busy_and_changes_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    service, before = await two_channels(path)
    with write_lock_held(path) as holder:
        async with ticking() as ticker:
            held = asyncio.create_task(
                service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
            )
            rounds = await read_while(held, service)
            with pytest.raises(StoreBusyError) as busy:
                await held
            longest = ticker.longest()
        assert holder.holds()  # the answer came from the timeout, not from the release
        assert rounds >= 10  # reads kept answering while the write waited
        assert longest < WRITE_TIMEOUT / 2, longest  # the loop never waited for the lock
    assert str(busy.value) == BUSY  # no file path, no SQLite text
    assert str(path) not in str(busy.value) and "locked" not in str(busy.value)

    assert await service.active_game(CHANNEL) == before  # nothing written, not even half
    reply = await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    assert reply.game.moves == (Move(1, 1), reply.bot_move)  # it plays again, once
    assert (await service.active_game(CHANNEL)).version == before.version + 1
    await service.close()
    reopened = SqliteGameStore(path)
    assert await reopened.get(before.id) == reply.game
    await reopened.close()


async def test_a_move_waiting_when_the_lock_is_released_is_played_whole(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    service, before = await two_channels(path)
    with write_lock_held(path) as holder:
        held = asyncio.create_task(
            service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
        )
        await service.active_game(OTHER)  # meanwhile a read answers
        await asyncio.sleep(WRITE_TIMEOUT / 4)
        assert not held.done()  # it is waiting for the lock...
        holder.release()  # ...which is given up well within the write timeout
        reply = await held
    assert reply.member_move == Move(1, 1) and reply.bot_move is not None
    await service.close()
    reopened = SqliteGameStore(path)
    stored = await reopened.get(before.id)
    await reopened.close()
    assert stored == reply.game  # saved exactly as answered: both moves, once
    assert stored is not None and stored.moves == (Move(1, 1), reply.bot_move)
    assert stored.version == before.version + 1


async def test_a_start_and_a_sweep_while_the_lock_is_held_answer_busy_then_work(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    service, _ = await two_channels(path)
    with write_lock_held(path):
        with pytest.raises(StoreBusyError):
            await start_game(service, channel=CHANNEL + 2)
        with pytest.raises(StoreBusyError):
            await service.expire_idle()
    assert await service.state.open_game_count() == 2  # the start left nothing behind
    await start_game(service, channel=CHANNEL + 2)
    assert await service.expire_idle() == []
    assert await service.state.open_game_count() == 3
    await service.close()


def test_opening_waits_for_another_process_holding_a_new_file(tmp_path: Path) -> None:
    """Two processes opening the same new file together: one migrates it, holding the write
    lock; the other's opening waits for it (start-up), longer than a move's write timeout."""
    path = tmp_path / "new.db"
    with write_lock_held(path) as holder:
        letting_go = threading.Timer(0.5, holder.release)  # after the 0.1 s a move would wait
        letting_go.start()
        store = SqliteGameStore(path, write_timeout=0.1)
        letting_go.join()
    assert asyncio.run(store.open_game_count()) == 0
    asyncio.run(store.close())
