"""Duels between two members: a challenge waits in the channel for its answer, and an accepted
one starts the game. Adapters reach these operations as ``service.duels``.

Like the game service, every write holds the channel (``Channels.hold``) and is a compare and
set save; a challenge whose time is up is expired by whoever finds it first, and
``expire_challenges`` reports each expired challenge once.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import timedelta

from bot.games import sentences
from bot.games.arguments import check_id, check_name, check_optional_id
from bot.games.boards import board_due
from bot.games.channels import SWEEP_BATCH, Channels, Held, retried, sweep
from bot.games.errors import NoGameError
from bot.games.models import (
    DUEL,
    DUEL_FIRST_CHOICES,
    Challenge,
    ChallengeStatus,
    Game,
    Seat,
    Status,
)
from bot.games.options import check_first
from bot.games.shards import ShardSet
from bot.games.store import Page, PageKey
from bot.games.variants import find_variant


class Duels:
    """Challenge, accept, decline and expire duels, over the channels the service shares."""

    def __init__(
        self, channels: Channels, *, challenge_timeout: timedelta, rng: random.Random
    ) -> None:
        self._channels = channels
        self._store = channels.store
        self._timeout = challenge_timeout
        self._rng = rng

    async def challenge(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        challenger: Seat,
        opponent: Seat,
        size: int | str | None = None,
        first: str = "random",
        opponent_is_bot: bool = False,
        opponent_is_me: bool = False,
        opponent_present: bool = True,
        host_id: int | None = None,
        game: str | None = None,
        answers_only: bool = False,
    ) -> Challenge:
        """Invite ``opponent`` to a duel here; it waits ``challenge_timeout`` for an answer
        (the server's challenge minutes, if its settings set them). Refused where the server's
        settings turned duels off or leave this channel out of their list.
        ``game``: the kind of game (``find_variant``; None: the default kind), whose variant
        checks ``size`` (None: its default size).
        The adapter says what only it can know: whether the opponent is a bot account (or
        this very bot) and whether they can see the channel. ``host_id``: the member at
        whose place (a terminal's keyboard) two others duel; their own game nobody moved in
        is set aside, as the challenger's would be (``Held.room_for``). ``answers_only``: the
        channel takes only answers (``Game.answers_only``), as will the duel's game."""
        check_id("channel_id", channel_id)
        check_optional_id("guild_id", guild_id)
        check_optional_id("host_id", host_id)
        challenger_id = check_id("challenger id", challenger.member_id)
        challenger = Seat(challenger_id, check_name("challenger name", challenger.name))
        opponent = Seat(
            check_id("opponent id", opponent.member_id), check_name("opponent name", opponent.name)
        )
        variant = find_variant(game)
        size = variant.check_size(size)
        first = check_first(first, DUEL_FIRST_CHOICES, duel=True)
        server = await self._channels.server(guild_id)
        server.check_channel(channel_id)
        server.check_duels()
        minutes = server.challenge_minutes
        timeout = self._timeout if minutes is None else timedelta(minutes=minutes)
        if opponent_is_me:
            raise sentences.challenge_this_bot()
        if opponent_is_bot:
            raise sentences.challenge_a_bot(opponent.name)
        if opponent.member_id == challenger.member_id:
            raise sentences.challenge_yourself()
        if not opponent_present:
            raise sentences.challenge_absent(opponent.name)

        async with self._channels.hold(channel_id) as here:
            aside = await here.room_for(challenger_id, host_id)
            now = self._channels.now()
            challenge = Challenge(
                id=0,
                channel_id=channel_id,
                guild_id=guild_id,
                challenger=challenger,
                opponent=opponent,
                size=size,
                first=first,
                status=ChallengeStatus.OPEN,
                created_at=now,
                expires_at=now + timeout,
                variant=variant,
                answers_only=answers_only,
            )
            return await self._store.insert_challenge(challenge, replacing=aside)

    async def check_duel(
        self,
        *,
        channel_id: int,
        host_id: int,
        size: int | str | None,
        game: str | None = None,
    ) -> int:
        """What ``challenge`` with ``host_id`` would refuse before the players are named: the
        size (returned as the kind's checked int, else ``InvalidOptionError``) and the room
        (``GameRunningError`` if a game runs that the host cannot set aside, or a challenge
        waits). Saves nothing, except the expiry of a game found idle or a challenge whose time
        is up."""
        check_id("channel_id", channel_id)
        check_id("host_id", host_id)
        checked = find_variant(game).check_size(size)
        async with self._channels.hold(channel_id) as here:
            await here.room_for(host_id)
        return checked

    async def accept(self, *, challenge_id: int, member_id: int, owe_board: bool = False) -> Game:
        """The challenged member accepts: the duel starts (whoever moves first plays X);
        ``owe_board``: its board is owed until shown (``boards``)."""
        check_id("challenge_id", challenge_id)
        check_id("member_id", member_id)
        async with self._answering(challenge_id) as (here, challenge):
            if member_id == challenge.challenger.member_id:
                raise sentences.accept_own_challenge(challenge)
            if member_id != challenge.opponent.member_id:
                raise sentences.not_your_challenge(challenge)
            running = (await here.game()).game
            if running is not None:  # never while it is open (the store keeps it so); defensive
                raise sentences.already_running(running, member_id, self._channels.now())
            now = self._channels.now()
            challenger_first = challenge.first == "challenger" or (
                challenge.first == "random" and self._rng.random() < 0.5
            )
            x, o = challenge.challenger, challenge.opponent
            if not challenger_first:
                x, o = o, x
            game = Game(
                id=0,
                channel_id=challenge.channel_id,
                guild_id=challenge.guild_id,
                x=x,
                o=o,
                level=DUEL,
                size=challenge.size,
                first=challenge.first,
                moves=(),
                status=Status.ACTIVE,
                winner=None,
                created_at=now,
                updated_at=now,
                variant=challenge.variant,
                answers_only=challenge.answers_only,
            )
            due = board_due(owe_board, game, now, self._channels.first_try)
            return await self._store.accept_challenge(challenge, game, board_due=due)

    async def decline(self, *, challenge_id: int, member_id: int) -> Challenge:
        """The challenged member declines, or the challenger withdraws."""
        check_id("challenge_id", challenge_id)
        check_id("member_id", member_id)
        async with self._answering(challenge_id) as (_, challenge):
            if member_id == challenge.opponent.member_id:
                status = ChallengeStatus.DECLINED
            elif member_id == challenge.challenger.member_id:
                status = ChallengeStatus.WITHDRAWN
            else:
                raise sentences.not_your_challenge(challenge)
            closed = replace(challenge, status=status)
            await self._store.close_challenge(closed)  # GameChangedError if answered meanwhile
            return closed

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        """Any challenge by id, open or answered (for adapters resolving a button's)."""
        check_id("challenge_id", challenge_id)
        self._channels.check_open()
        return await self._store.get_challenge(challenge_id)

    async def attach_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember where an adapter shows the challenge (to edit it once it is answered)."""
        check_id("challenge_id", challenge_id)
        check_id("message_id", message_id)
        self._channels.check_open()

        async def attach() -> None:  # answered meanwhile: attach to the answered one
            stored = await self._store.get_challenge(challenge_id)
            if stored is None:
                raise NoGameError("There is no challenge #{id}.", id=challenge_id)
            await self._store.update_challenge(replace(stored, message_id=message_id))

        await retried(attach)

    async def expire_challenges(self, *, shards: ShardSet | None = None) -> list[Challenge]:
        """Expire every open challenge past its time and return them (with any an operation
        expired since the last call), so adapters edit each one's message once. ``shards``:
        only challenges in the servers of those shards."""
        channels = self._channels
        channels.check_open()

        def batch(after: PageKey) -> Awaitable[Page[Challenge]]:
            return self._store.expire_challenges(
                channels.now(), after=after, shards=shards, limit=SWEEP_BATCH
            )

        def wanted(challenge: Challenge) -> bool:
            return shards is None or shards.owns(challenge.guild_id)

        with channels.expired_challenges.taken(wanted) as expired:
            await sweep(batch, expired)
        return expired

    @asynccontextmanager
    async def _answering(self, challenge_id: int) -> AsyncIterator[tuple[Held, Challenge]]:
        """Hold the challenge's channel and give the challenge while it is open, or raise the
        sentence that says what became of it."""
        self._channels.check_open()
        stored = await self._store.get_challenge(challenge_id)
        if stored is None:
            raise sentences.challenge_closed(None)
        async with self._channels.hold(stored.channel_id) as here:
            challenge = await here.challenge()
            if challenge is None or challenge.id != challenge_id:
                raise sentences.challenge_closed(await self._store.get_challenge(challenge_id))
            yield here, challenge
