"""One process running an arena's upkeep as the bot's upkeep loop does, on the real clock:
``python arena_worker.py DATABASE ARENA_ID SEED [leave]``. It ticks, opens each pairing's game
(the thread id the same in every process), and plays a random move for whoever is to move in
each running game (now and then none, so the move clock decides), until the arena is over;
with ``leave``, never in the games already running when it started (their members are gone:
only the clock ends them). Every
tick's state must have no member in two pairings being made or played; exits 1 otherwise, 0
once the arena ended."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "helpers")]

from bot.games import GameError, GameService  # noqa: E402
from bot.games.arenas import PairingStatus  # noqa: E402
from bot.storage import SqliteGameStore  # noqa: E402
from bot.storage.postgres.store import PostgresGameStore  # noqa: E402

THREAD_BASE = 50_000
DEADLINE = 90.0


async def main(database: str, arena_id: int, seed: int, leave: bool) -> int:
    store = (
        await PostgresGameStore.open(database)
        if database.startswith("postgresql://")
        else SqliteGameStore(database)
    )
    service = GameService(store, rng=random.Random(seed))
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DEADLINE
    left = {g.id for g in await store.arena_games(arena_id) if g.is_active} if leave else set()
    try:
        while loop.time() < deadline:
            try:
                tick = await service.arenas.tick(arena_id)
            except GameError:
                continue
            busy = Counter(
                m
                for p in tick.state.pairings
                if p.status in (PairingStatus.PENDING, PairingStatus.PLAYING)
                for m in (p.x_id, p.o_id)
            )
            if any(n > 1 for n in busy.values()):
                print(f"two pairings at once: {busy}", file=sys.stderr)
                return 1
            if not tick.state.arena.is_open:
                return 0
            for p in tick.to_open:
                with contextlib.suppress(GameError):
                    await service.arenas.open_game(p, THREAD_BASE + p.id, owe_board=False)
            for game in await store.arena_games(arena_id):
                seat = game.to_move_seat
                if not game.is_active or seat is None or seat.member_id is None or game.id in left:
                    continue
                if rng.random() < 0.2:
                    continue  # this one lets their clock run a while
                move = rng.choice(list(game.position.legal_moves))
                with contextlib.suppress(GameError):
                    await service.move(
                        channel_id=game.channel_id, member_id=seat.member_id, move=move
                    )
            await asyncio.sleep(rng.uniform(0.0, 0.03))
        print("the arena never ended", file=sys.stderr)
        return 1
    finally:
        await service.close()


if __name__ == "__main__":
    leave = sys.argv[4:] == ["leave"]
    sys.exit(asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), leave)))
