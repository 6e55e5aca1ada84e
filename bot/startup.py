"""What every runner does first: size the engine's caches, open the store the settings choose,
and hand it to the game service."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from bot.engine.caches import set_cache_budget
from bot.games import GameService, utc_now
from bot.settings import Settings
from bot.storage import open_store


async def open_service(
    settings: Settings,
    *,
    clock: Callable[[], datetime] = utc_now,
    rng: random.Random | None = None,
) -> GameService:
    """The service both adapters run: the store the settings choose (PostgreSQL at
    ``DATABASE_URL``, else SQLite at ``DATABASE_PATH``) with the configured timeouts and the
    deliveries' first try, the engine caches within ``ENGINE_CACHE_MB``. Raises
    ``StorageError`` (one sentence naming the file or the server) if the database cannot be
    used."""
    set_cache_budget(int(settings.engine_cache_mb * 2**20))
    store = await open_store(settings)
    return GameService(
        store,
        idle_timeout=settings.idle_timeout_seconds,
        challenge_timeout=settings.challenge_timeout_seconds,
        first_try=settings.delivery_first_try_seconds,
        clock=clock,
        rng=rng,
    )
