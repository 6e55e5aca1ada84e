"""What every runner does first: size the engine's caches, open the store the settings choose,
and hand it to the game service."""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from datetime import datetime

from bot.engine.caches import set_cache_budget
from bot.games import GameService, utc_now
from bot.games.variants import VARIANTS
from bot.settings import Settings
from bot.storage import open_store

log = logging.getLogger(__name__)


def prepare_engines() -> None:
    """Every kind's ``Variant.prepare``: what its engine loads before the first move. A kind
    that cannot prepare is logged and loads at its first move instead."""
    for variant in VARIANTS:
        try:
            variant.prepare()
        except Exception:
            log.exception(
                "%s's engine could not prepare; it will load at its first move", variant.kind
            )


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
    used. The engines prepare in a thread meanwhile (:func:`prepare_engines`)."""
    set_cache_budget(int(settings.engine_cache_mb * 2**20))
    threading.Thread(target=prepare_engines, name="engines-prepare", daemon=True).start()
    store = await open_store(settings)
    return GameService(
        store,
        idle_timeout=settings.idle_timeout_seconds,
        challenge_timeout=settings.challenge_timeout_seconds,
        first_try=settings.delivery_first_try_seconds,
        clock=clock,
        rng=rng,
    )
