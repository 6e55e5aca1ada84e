"""The terminal session while its PostgreSQL server is away: every line still gets an answer
(help and quit need no database), and what happened meanwhile is told once it is back.
In-process, on a real server that the test stops and starts again."""

from __future__ import annotations

import io
import random
from datetime import UTC, datetime, timedelta

from postgres_server import PostgresServer, fresh_database

from bot.games.errors import UNAVAILABLE
from bot.settings import DatabaseUrl, Settings
from bot.startup import open_service
from bot.terminal import TerminalSession
from bot.terminal.help import help_text


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def test_a_game_expiring_while_the_server_is_away_never_ends_the_session(
    outage_server: PostgresServer,
) -> None:
    clock = Clock()
    with fresh_database(outage_server) as url:
        settings = Settings(database_url=DatabaseUrl(url))
        service = await open_service(settings, clock=clock, rng=random.Random(7))
        out = io.StringIO()
        session = TerminalSession(service, out, "alice")
        await session.open()
        clock.now += timedelta(seconds=settings.idle_timeout_seconds + 1)
        outage_server.pause()
        try:
            said = len(out.getvalue())
            assert await session.handle("help")  # the expiry cannot be saved: help answers
            assert help_text().splitlines()[0] in out.getvalue()[said:]
            said = len(out.getvalue())
            assert await session.handle("2 2")
            assert UNAVAILABLE in out.getvalue()[said:]
        finally:
            outage_server.resume()
        said = len(out.getvalue())
        for _ in range(30):  # until the pool has reconnected by itself
            await session.handle("board")
            if UNAVAILABLE not in out.getvalue()[said:]:
                break
            said = len(out.getvalue())
        # The first answered line tells the game ended: the expiry notice, or (when the pool
        # reconnected only after the line's sweep had given up) the board of how it ended.
        told = out.getvalue()[said:]
        assert "Start a new one whenever you like." in told or (
            "No game is running; this is how your last one ended" in told
            and "ended before alice moved, so it does not count" in told
        )
        assert not await session.handle("quit")
        await service.close()
