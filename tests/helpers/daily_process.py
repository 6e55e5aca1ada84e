"""A process of the bot for ``test_daily_processes.py``: one service on the database named by
argv[1] (a file or a PostgreSQL URL). Prints ``ready``, waits for a line on stdin, then runs
one sweep of the daily posts (``service.puzzles.daily.due``) and prints, as JSON, the servers
whose post it claimed (and notes each posted, as the bot does once it posted)."""

from __future__ import annotations

import asyncio
import json
import sys

from bot.games import GameService
from bot.storage import SqliteGameStore


async def main(database: str) -> None:
    if database.startswith("postgresql://"):
        from bot.storage.postgres.store import PostgresGameStore

        service = GameService(await PostgresGameStore.open(database))
    else:
        service = GameService(SqliteGameStore(database))
    try:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        plans = await service.puzzles.daily.due()
        for number, plan in enumerate(plans, start=1):
            await service.puzzles.daily.posted(plan.post, number)
        print(json.dumps(sorted(plan.post.guild_id for plan in plans)), flush=True)
    finally:
        await service.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
