"""The boards owed to a channel (``service.boards``): what an adapter showing games must
still show, so that nothing a member did goes unshown.

A write an adapter will show passes ``owe_board=True`` (``GameService.start``, ``move``,
``resign``, ``Duels.accept``): the store then keeps the new board owed in the same
transaction as the save. The adapter says ``shown`` once the board is on the screen (and
where: ``attach``, the message to edit later), or ``failed`` when it could not show it
(Discord refused): the board then comes back from ``owed`` seconds later. A board nobody
said anything about (the process stopped) comes back the service's ``first_try`` seconds
after the save; after each failed try (``late``) later and later, up to ``LATEST_TRY``. See
docs/service.md.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from bot.games.arguments import check_id
from bot.games.channels import SWEEP_BATCH, Channels, retried
from bot.games.errors import NoGameError
from bot.games.models import Challenge, Game, OwedBoard
from bot.games.shards import ShardSet

FIRST_TRY = 30.0
"""Seconds the adapter that made a board owed has to show it, or say it failed, before a
sweep tries (``GameService``'s ``first_try``, by default; ``DELIVERY_FIRST_TRY_SECONDS``):
longer than discord.py's own retries of a rate-limited post."""

LATEST_TRY = 300.0
"""The longest wait between two tries of one board (a channel that refuses for hours)."""


def board_due(
    owe_board: bool, game: Game | Challenge, now: datetime, first_try: timedelta
) -> datetime | None:
    """When a sweep first tries the board of ``game`` (or of a challenge's duel) saved
    ``now``: ``first_try`` later, or None where it is not owed (``owe_board`` False, or a
    channel that takes answers only, where nobody could deliver it later)."""
    return now + first_try if owe_board and not game.answers_only else None


def next_try(at: datetime, attempts: int) -> datetime:
    """When to try again a board that failed ``attempts`` times, the last at ``at``: 2, 4,
    8... seconds later, at most ``LATEST_TRY``."""
    return at + timedelta(seconds=min(2.0 ** max(attempts, 1), LATEST_TRY))


class Boards:
    """Where games' boards are shown, and the boards owed: the due ones, and what became of
    a try."""

    def __init__(self, channels: Channels) -> None:
        self._channels = channels
        self._store = channels.store

    async def owed(self, *, shards: ShardSet | None = None) -> list[OwedBoard]:
        """The boards whose next try is due now, oldest due first (at most ``SWEEP_BATCH``):
        in the servers of ``shards`` only, each with its game as stored now."""
        self._channels.check_open()
        now = self._channels.now()
        return await self._store.boards_owed(now, shards=shards, limit=SWEEP_BATCH)

    async def shown(self, game_id: int, version: int) -> None:
        """The board of ``game_id`` at ``version`` (or a later one) is on the screen: it is no
        longer owed, unless a newer board is owed meanwhile."""
        check_id("game_id", game_id)
        self._channels.check_open()
        await self._store.board_shown(game_id, version)

    async def attach(self, game_id: int, message_id: int) -> None:
        """Remember where an adapter shows the game's board (to edit it, or to disable its
        buttons when the game expires). An arena's game nobody moved in yet starts its move
        clock now: its first board is on the screen. ``NoGameError`` if no game has this id."""
        check_id("game_id", game_id)
        check_id("message_id", message_id)
        self._channels.check_open()

        async def attach() -> None:  # another process saved it meanwhile: read it again
            stored = await self._store.get(game_id)
            if stored is None:
                raise NoGameError("There is no game #{id}.", id=game_id)
            async with self._channels.hold(stored.channel_id):  # a move may be saving it
                latest = await self._store.get(game_id) or stored
                shown = replace(latest, message_id=message_id)
                first = latest.message_id is None and not latest.moves  # shown before: no
                if latest.arena_id is not None and latest.is_active and first:
                    shown = replace(shown, updated_at=self._channels.now())
                await self._store.update(shown)

        await retried(attach)

    async def failed(self, game_id: int, version: int) -> None:
        """The adapter's own try at showing the board of ``game_id`` at ``version`` failed
        (Discord refused it, past discord.py's retries): a sweep tries it ``next_try``
        seconds from now, not only at its first try, unless a newer board is owed meanwhile."""
        check_id("game_id", game_id)
        self._channels.check_open()
        due = next_try(self._channels.now(), 1)
        await self._store.board_late(game_id, version, 1, due)

    async def late(self, owed: OwedBoard) -> None:
        """A try of ``owed`` failed: the next one is due later (``next_try``)."""
        self._channels.check_open()
        attempts = owed.attempts + 1
        due = next_try(self._channels.now(), attempts)
        await self._store.board_late(owed.game.id, owed.version, attempts, due)
