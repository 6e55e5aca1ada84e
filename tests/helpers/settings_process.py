"""A second process of the bot for ``test_settings_processes.py``: one service on the
database named by argv[1] (a file or a PostgreSQL URL), guild ``GUILD``.

``change``: turns duels off there, prints ``done``. ``watch``: reads the settings (so they are
in its cache), prints ``ready``, waits for a line on stdin (the other process changed them),
then asks every 50 ms until duels are off and prints the seconds that took.
"""

from __future__ import annotations

import asyncio
import sys
import time

from bot.games import GameService
from bot.storage import SqliteGameStore

GUILD = 7


async def main(database: str, mode: str) -> None:
    if database.startswith("postgresql://"):
        from bot.storage.postgres.store import PostgresGameStore

        service = GameService(await PostgresGameStore.open(database))
    else:
        service = GameService(SqliteGameStore(database))
    try:
        if mode == "change":
            await service.servers.set_limits(GUILD, duels="off")
            print("done", flush=True)
            return
        assert (await service.servers.settings(GUILD)).duels
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        began = time.monotonic()
        while (await service.servers.settings(GUILD)).duels:
            await asyncio.sleep(0.05)
        print(f"{time.monotonic() - began:.3f}", flush=True)
    finally:
        await service.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
