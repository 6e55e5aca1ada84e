"""Fixtures for driving the real Discord bot through simcord's virtual Discord.

``simcord_bot`` is what simcord's ``simcord_env`` fixture runs: ``create_bot`` with a service on
a temporary SQLite file, a seeded rng (reproducible games) and ``discord.utils.utcnow`` as its
clock, which simcord ties to its virtual clock, so ``env.advance_time`` ages games too.

The bot is an ``AutoShardedBot``. With ``SHARD_COUNT`` unset discord.py asks Discord's gateway
how many shards to run; simcord has no such question, so a test names the count: the settings
say ``SHARD_COUNT=1`` (one process, one shard), or ``simcord.Env(bot, shard_count=N)`` (or the
``simcord`` marker) plays Discord recommending ``N``.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest
import simcord
from discord_helpers import IDLE_TIMEOUT, MakeBot, World, is_refusal

from bot.discord_bot import TicTacToeBot, create_bot
from bot.games import GameService
from bot.games.service import MoveChooser
from bot.settings import Settings
from bot.storage.sqlite.store import SqliteGameStore

SEED = 7
SETTLE_SECONDS = 30.0
"""Real seconds the bot's work after an event (an engine's move in its thread, a daily
puzzle's post) may take before simcord calls it stuck. Its default, 5 s, was missed on the
shared 2-core machine with the tests on both cores; the games' time is simcord's virtual
clock either way."""


@pytest.fixture
def settings(database_file: Path) -> Settings:
    return Settings(database_path=database_file, idle_timeout_seconds=IDLE_TIMEOUT, shard_count=1)


@pytest.fixture
def make_bot(settings: Settings) -> MakeBot:
    """Build a fresh bot (and service) on the test's database, e.g. to simulate a restart."""

    def make(
        *, seed: int = SEED, settings: Settings = settings, choose_move: MoveChooser | None = None
    ) -> TicTacToeBot:
        service = GameService(
            SqliteGameStore(settings.database_path),
            idle_timeout=settings.idle_timeout_seconds,
            clock=discord.utils.utcnow,
            rng=random.Random(seed),
            choose_move=choose_move,
        )
        return create_bot(settings, service=service)

    return make


@pytest.fixture
def simcord_bot(make_bot: MakeBot) -> TicTacToeBot:
    return make_bot()


@pytest.fixture
def simcord_env(simcord_env: simcord.Env) -> simcord.Env:
    """simcord's own ``simcord_env``, waiting ``SETTLE_SECONDS`` for the bot to settle."""
    simcord_env.settle_timeout = SETTLE_SECONDS
    return simcord_env


@pytest.fixture
def world(simcord_env: simcord.Env) -> Iterator[World]:
    """alice and bob in a server's games channel; fails on any error the test did not look at.

    Commands refuse by raising a ``GameError``, which the bot's error handlers answer, so
    simcord records every refusal as an error; those are answers, not failures, and are let
    through here. Anything else the test did not inspect with ``world.errors()`` fails it.
    """
    guild = simcord_env.create_guild("Tic-Tac-Toe Club")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    world = World(simcord_env, guild, channel, alice, bob)
    yield world
    unexpected = [error for error in world.errors() if not is_refusal(error)]
    if unexpected:
        raise ExceptionGroup("the bot raised errors the test did not inspect", unexpected)


@pytest.fixture(autouse=True)
def no_unexpected_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fail any test in which the adapter logged an ERROR it did not expect.

    Button errors are answered and logged, never raised, so simcord cannot see them: this
    makes a swallowed bug fail the test. Tests expecting an error log clear ``caplog``.
    """
    caplog.set_level(logging.INFO, logger="bot")
    yield
    errors = [
        record
        for record in caplog.get_records("call")
        if record.levelno >= logging.ERROR and record.name.startswith("bot.discord_bot")
    ]
    assert not errors, [record.getMessage() for record in errors]
