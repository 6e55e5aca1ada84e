"""Idle games expire on simcord's virtual clock: announced, board disabled, not counted."""

from __future__ import annotations

import logging
import os
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from discord_helpers import IDLE_TIMEOUT, World, cells, text_of

from bot.discord_bot.cogs.expiry import EXPIRY_INTERVAL
from bot.games import SWEEP_MOST, DatabaseGoneError, Game, Status, StorageError
from bot.settings import Settings
from bot.storage import SqliteGameStore


async def test_idle_game_is_announced_and_its_board_disabled(world: World) -> None:
    result = await world.alice.slash(world.channel, "tictactoe start", first="me")
    assert result.response is not None
    game = await world.game()

    await world.env.advance_time(IDLE_TIMEOUT - EXPIRY_INTERVAL)  # not idle long enough yet
    assert (await world.game()).is_active

    await world.env.advance_time(2 * EXPIRY_INTERVAL)
    expired = await world.bot.service.get(game.id)
    assert expired is not None and expired.status is Status.EXPIRED
    notice = world.last()
    assert text_of(notice).startswith("This game expired after 10 minutes without a move.")
    labels = {"mode": "bot", "level": "perfect", "size": "3", "result": "expired"}
    finished = world.bot.metrics.registry.get_sample_value("tictactoe_games_finished_total", labels)
    assert finished == 1
    board = next(m for m in world.channel.history() if m.id == result.response.id)
    assert all(button.disabled for button in cells(board))

    await world.alice.send(world.channel, "!move 1 1")
    assert "/tictactoe start" in text_of(world.last())
    stats = await world.alice.slash(world.channel, "tictactoe stats")
    assert stats.response is not None
    assert "has not finished a game yet" in text_of(stats.response)  # expiry is not a loss


async def test_a_move_resets_the_idle_clock(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    await world.env.advance_time(IDLE_TIMEOUT - EXPIRY_INTERVAL)
    await world.alice.send(world.channel, "!move 2 2")
    await world.env.advance_time(IDLE_TIMEOUT - EXPIRY_INTERVAL)
    assert (await world.game()).is_active
    assert not text_of(world.last()).startswith("This game expired")


async def test_expiry_announcement_survives_a_deleted_channel(world: World) -> None:
    """A channel that vanished is logged and skipped; the loop keeps running for others."""
    other = world.guild.create_text_channel("other")
    await world.alice.slash(other, "tictactoe start", first="me")
    await world.bob.slash(world.channel, "tictactoe start", first="me")
    world.env.inject_error("POST", f"/channels/{other.id}/messages", status=404, times=None)
    await world.env.advance_time(IDLE_TIMEOUT + EXPIRY_INTERVAL)
    assert text_of(world.last()).startswith("This game expired")
    assert world.bot.get_cog("ExpiryAnnouncer").sweep.is_running()  # type: ignore[union-attr]


async def test_an_announcement_discord_rejects_does_not_stop_the_next_ones(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """A rejection announce does not expect (400, not a missing channel or permission) is
    logged with its traceback; the same sweep and the later ones still announce."""
    other = world.guild.create_text_channel("other")
    await world.alice.slash(other, "tictactoe start", first="me")
    world.env.inject_error("POST", f"/channels/{other.id}/messages", status=400, times=None)
    await world.env.advance_time(IDLE_TIMEOUT / 2)
    await world.bob.slash(world.channel, "tictactoe start", first="me")

    await world.env.advance_time(IDLE_TIMEOUT / 2 + EXPIRY_INTERVAL)  # alice's game expires
    failures = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert [r.getMessage() for r in failures] == ["Could not announce the expiry of game 1."]
    assert failures[0].exc_info is not None
    caplog.clear()
    assert not text_of(world.last()).startswith("This game expired")

    await world.env.advance_time(IDLE_TIMEOUT / 2)  # bob's game expires
    assert text_of(world.last()).startswith("This game expired")
    assert not (await world.bot.service.get(2)).is_active  # type: ignore[union-attr]


async def test_sweeps_that_fail_are_retried_at_the_next_interval(
    world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While asking the service fails (say the database is locked), the loop logs it (a
    warning, no traceback: the store failing is no bug of the bot's) and keeps running; the
    first sweep that works finds and announces the game."""
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    service = world.bot.service
    real = service.expire_idle
    locked = True

    async def while_locked(**kwargs: Any) -> list[Game]:
        if locked:
            raise StorageError("The game database is locked.")
        return await real(**kwargs)

    monkeypatch.setattr(service, "expire_idle", while_locked)
    await world.env.advance_time(IDLE_TIMEOUT + EXPIRY_INTERVAL)  # every sweep fails
    records = [r for r in caplog.get_records("call") if r.levelno >= logging.WARNING]
    assert len(records) >= IDLE_TIMEOUT // EXPIRY_INTERVAL
    assert {(r.levelno, r.exc_info, r.getMessage()) for r in records} == {
        (
            logging.WARNING,
            None,
            "Could not expire idle games (The game database is locked.); trying again next "
            "round.",
        )
    }
    caplog.clear()
    assert not text_of(world.last()).startswith("This game expired")
    assert world.bot.get_cog("ExpiryAnnouncer").sweep.is_running()  # type: ignore[union-attr]

    locked = False
    await world.env.advance_time(EXPIRY_INTERVAL)
    assert text_of(world.last()).startswith("This game expired")


@pytest.mark.slow
@pytest.mark.simcord(settle_timeout=60)  # a thousand announcements: seconds of real time
async def test_a_backlog_larger_than_one_sweep_is_all_expired_and_announced_in_one_round(
    world: World, settings: Settings
) -> None:
    """After an outage: more idle games than one ``expire_idle`` call returns. The sweep asks
    again while it gets a full batch, so all are expired and announced in the same round."""
    channels = [world.guild.create_text_channel(f"t{i}") for i in range(SWEEP_MOST + 20)]
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    running = await world.game()
    long_ago = running.updated_at - timedelta(seconds=2 * IDLE_TIMEOUT)
    other = SqliteGameStore(settings.database_path)  # another process's games, say
    for channel in channels:
        idle = replace(running, channel_id=channel.id, message_id=None, updated_at=long_ago)
        await other.insert(replace(idle, created_at=long_ago))
    await other.close()

    await world.env.advance_time(EXPIRY_INTERVAL)  # one round of the sweep
    assert await world.bot.service.state.open_game_count() == 1  # alice's, which is not idle
    for channel in channels:
        notice = channel.last_message
        assert notice is not None and text_of(notice).startswith("This game expired")


async def test_a_database_file_replaced_under_the_bot_stops_it(
    world: World, settings: Settings, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The sweep notices the file is another one and stops the bot with a sentence, rather
    than play on into a file no one will read."""
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    impostor = tmp_path / "impostor.db"
    await SqliteGameStore(impostor).close()
    os.replace(impostor, settings.database_path)

    await world.env.advance_time(EXPIRY_INTERVAL)
    stopped = world.bot.stopped_by
    assert isinstance(stopped, DatabaseGoneError)
    assert str(stopped).startswith(
        f"The game database '{settings.database_path}' was replaced by another file"
    )
    assert world.bot.is_closed()
    stops = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert [r.getMessage() for r in stops] == [f"Stopping: {stopped}"]
    caplog.clear()
