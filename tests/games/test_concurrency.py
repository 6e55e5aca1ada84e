"""Serialization per channel, independence across channels.

The store used here yields to the event loop inside every save (like a networked database
would), so without the per-channel lock concurrent moves would interleave and overwrite each
other; with it, 100 concurrent moves give exactly what running them one by one gives.
"""

from __future__ import annotations

import asyncio
import gc
import random
import threading
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from games_helpers import (
    ALICE,
    BOB,
    CHANNEL,
    YieldingStore,
    assert_consistent,
    make_service,
    member_vs_member,
    start_game,
    started_game,
)

from bot.engine import Move
from bot.engine.classic import Board, choose_move
from bot.games import Game, GameService, MoveReply, NoGameError, Status
from bot.storage import SqliteGameStore

Outcome = tuple[str, object]


def _requests(seed: int, size: int, members: tuple[int, ...]) -> list[tuple[int, Move]]:
    rng = random.Random(seed)
    cells = [Move(r, c) for r in range(-1, size + 1) for c in range(size)]  # a few off-board
    return [(rng.choice(members), rng.choice(cells)) for _ in range(100)]


async def _fire(
    service: GameService, requests: list[tuple[int, Move]], concurrent: bool
) -> list[Outcome]:
    async def one(member_id: int, move: Move) -> MoveReply:
        return await service.move(channel_id=CHANNEL, member_id=member_id, move=move)

    if concurrent:
        results: list[object] = await asyncio.gather(
            *(one(m, mv) for m, mv in requests), return_exceptions=True
        )
    else:
        results = []
        for m, mv in requests:
            try:
                results.append(await one(m, mv))
            except Exception as error:
                results.append(error)
    return [
        ("ok", (r.member_move, r.bot_move))
        if isinstance(r, MoveReply)
        else (type(r).__name__, str(r))
        for r in results
    ]


async def _run(
    path: Path, requests: list[tuple[int, Move]], *, concurrent: bool, vs_bot: bool, size: int
) -> tuple[list[Outcome], Game]:
    store = YieldingStore(path)
    service = make_service(store=store, seed=5)
    if vs_bot:
        await start_game(service, level="easy", size=size)
    else:
        await store.insert(member_vs_member())
    outcomes = await _fire(service, requests, concurrent)
    await service.close()
    reloaded = SqliteGameStore(path)  # what is on disk, read back fresh
    games = [await reloaded.get(1)]
    await reloaded.close()
    assert games[0] is not None
    return outcomes, games[0]


@pytest.mark.parametrize(
    ("vs_bot", "size", "members"),
    [
        (True, 3, (ALICE, ALICE, ALICE, BOB)),
        (True, 4, (ALICE, ALICE, BOB)),
        (False, 3, (ALICE, BOB)),
    ],
    ids=["member-vs-bot-3x3", "member-vs-bot-4x4", "member-vs-member"],
)
async def test_100_concurrent_moves_apply_exactly_the_legal_ones_in_turn_order(
    tmp_path: Path, vs_bot: bool, size: int, members: tuple[int, ...]
) -> None:
    requests = _requests(seed=size, size=size, members=members)
    together, game = await _run(
        tmp_path / "a.db", requests, concurrent=True, vs_bot=vs_bot, size=size
    )
    one_by_one, expected = await _run(
        tmp_path / "b.db", requests, concurrent=False, vs_bot=vs_bot, size=size
    )
    assert together == one_by_one
    assert game == expected
    # The stored game is consistent on its own terms too.
    assert_consistent(game)
    applied = [
        mv for (kind, _), (member, mv) in zip(together, requests, strict=True) if kind == "ok"
    ]
    assert applied, "some moves must have been legal"
    if vs_bot:
        assert game.moves[0::2] == tuple(applied)  # the member's moves, the bot's in between
    else:
        assert game.moves == tuple(applied)
        movers = [
            member
            for (kind, _), (member, _mv) in zip(together, requests, strict=True)
            if kind == "ok"
        ]
        assert movers == [ALICE, BOB] * (len(movers) // 2) + [ALICE] * (len(movers) % 2)
    kinds = {kind for kind, _ in together}
    assert kinds <= {
        "ok",
        "CellTakenError",
        "OffBoardError",
        "NotYourGameError",
        "NotYourTurnError",
        "NoGameError",
    }


async def test_a_busy_channel_does_not_delay_another(tmp_path: Path) -> None:
    """Channel A's save is held open on an event; channel B plays a whole move meanwhile,
    a read in A (the board) answers at once with the game as saved, and a second write in A
    waits its turn."""
    gate, entered = asyncio.Event(), asyncio.Event()

    class GatedStore(SqliteGameStore):
        async def update(self, game: Game, **options: Any) -> Game:
            if game.channel_id == CHANNEL:
                entered.set()
                await gate.wait()
            return await super().update(game, **options)

    service = make_service(store=GatedStore(tmp_path / "g.db"))
    for channel in (CHANNEL, CHANNEL + 1):
        await start_game(service, channel=channel)
    a1 = asyncio.create_task(service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0)))
    await entered.wait()  # a1 holds channel A's lock, parked inside its save
    a2 = asyncio.create_task(service.resign(channel_id=CHANNEL, member_id=ALICE))
    board = asyncio.create_task(service.active_game(CHANNEL))
    b = asyncio.create_task(service.move(channel_id=CHANNEL + 1, member_id=ALICE, move=Move(1, 1)))
    done, _ = await asyncio.wait({b, board}, timeout=30)  # safety net only: both need no time
    assert b in done and b.result().game.moves[0] == Move(1, 1)
    assert board in done and board.result().moves == ()  # the last saved state, not a1's
    assert not a1.done() and not a2.done()  # A's writes are still serialized behind its lock
    gate.set()
    reply = await a1
    resigned = await a2  # a2 ran after a1 and saw its move
    assert resigned.moves == reply.game.moves and resigned.status is Status.RESIGNED


async def test_a_slow_4x4_decision_does_not_block_the_event_loop() -> None:
    """The bot's 4x4 thinking runs in a thread: while it is stuck, a 3x3 channel plays on."""
    release, thinking = threading.Event(), threading.Event()

    def slow_choose(board: Board, level: str, rng: random.Random) -> Move:
        if board.size == 4:
            thinking.set()
            release.wait(timeout=60)
        return choose_move(board, level, rng)

    service = make_service(bot=slow_choose)
    await start_game(service, level="easy", size=4)
    await start_game(service, channel=CHANNEL + 1, member=BOB)
    slow = asyncio.create_task(service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0)))
    while not thinking.is_set():
        await asyncio.sleep(0.001)
    reply = await service.move(channel_id=CHANNEL + 1, member_id=BOB, move=Move(1, 1))
    assert reply.bot_move is not None and not slow.done()
    release.set()
    assert (await slow).bot_move is not None


@pytest.mark.slow
async def test_channels_done_with_leave_no_memory_behind() -> None:
    """Each channel gets its lock on demand; once nobody holds or waits for it, it is gone.
    Asked about 10,000 channels, the service holds on to nothing for them (a table that kept
    every channel's lock would hold megabytes by now)."""
    service = make_service()

    async def ask(channels: range) -> None:
        for channel in channels:
            with pytest.raises(NoGameError):
                await service.active_game(channel)

    await ask(range(1_000, 2_000))  # first-call allocations (caches, interned names) settle
    gc.collect()
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        await ask(range(10_000, 20_000))
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert after - before < 100_000, f"{after - before:,} bytes kept for idle channels"


async def test_get_and_attach_message_find_a_game_by_id_wherever_it_was_started(
    tmp_path: Path,
) -> None:
    """A game another process started on the shared database, after this service loaded, is
    found by its id (it is read from the store, not looked for among this service's games)."""
    path = tmp_path / "shared.db"
    here, there = make_service(path), make_service(path)
    assert await here.state.open_game_count() == 0
    game = (await start_game(there, channel=CHANNEL + 1, member=BOB)).game
    assert await here.get(game.id) == game
    await here.boards.attach(game.id, 1000)
    await there.close()
    shown = await make_service(path).active_game(game.channel_id)
    assert shown.message_id == 1000 and shown == await here.get(game.id)
    await here.close()


@pytest.mark.parametrize("attach_first", [True, False])
async def test_attach_message_while_the_game_ends(attach_first: bool) -> None:
    service = make_service(store=YieldingStore(":memory:"))
    game = (await started_game(service)).game
    attach = service.boards.attach(game.id, 55)
    resign = service.resign(channel_id=CHANNEL, member_id=ALICE)
    await asyncio.gather(*((attach, resign) if attach_first else (resign, attach)))
    stored = await service.get(game.id)
    assert stored is not None
    assert (stored.status, stored.message_id) == ("resigned", 55)
