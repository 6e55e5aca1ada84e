"""Start-up: refused intents and bad tokens explained, command sync only when changed."""

from __future__ import annotations

import dataclasses
import logging
import sqlite3
from pathlib import Path

import aiohttp
import discord
import pytest
import simcord
from discord_helpers import MakeBot, alice_starts_a_game, command_syncs

from bot.discord_bot import TicTacToeBot, create_bot, run_discord, serve
from bot.discord_bot.runner import INTENT_HELP, LOGIN_HELP
from bot.discord_bot.sync import state_name
from bot.games import GameService, StorageError
from bot.settings import Settings
from bot.storage.postgres.store import PostgresGameStore

GUILD_ID = 4242424242424242


async def test_refused_message_content_intent_is_explained(
    make_bot: MakeBot, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    bot = make_bot()
    portal = discord.Intents.default()  # message content NOT enabled in the portal
    env = simcord.Env(bot, approved_intents=portal)
    status = await serve(bot, env.start)
    assert status == 1
    err = capsys.readouterr().err
    assert err.strip() == INTENT_HELP
    assert (
        "Applications -> your app -> Bot -> Privileged Gateway Intents -> turn on "
        "'Message Content Intent'"
    ).replace("Applications", "applications") in err
    assert "Traceback" not in err
    caplog.clear()  # the one expected ERROR line ("Start-up failed")


async def test_bad_token_is_explained(
    make_bot: MakeBot, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """discord.py raises LoginFailure for a rejected token (simcord's login cannot fail, so
    the connect step raises it the way ``Client.login`` does)."""
    bot = make_bot()

    async def login_rejected() -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    assert await serve(bot, login_rejected) == 1
    err = capsys.readouterr().err
    assert err.strip() == LOGIN_HELP and "Traceback" not in err
    caplog.clear()


class Response:
    """Stands in for the aiohttp response discord.py's HTTPException reads status from."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


class Socket:
    close_code = None


@pytest.mark.parametrize(
    ("error", "sentence"),
    [
        (
            discord.DiscordServerError(Response(503, "Service Unavailable"), "upstream"),
            "Discord is having trouble right now (HTTP 503 Service Unavailable). Nothing is "
            "wrong with your setup: wait a few minutes (https://discordstatus.com shows "
            "outages), then start the bot again.",
        ),
        (
            discord.HTTPException(Response(429, "Too Many Requests"), "Slow down."),
            "Discord is rate-limiting this bot (HTTP 429 Too Many Requests), usually after "
            "many restarts in a row. Wait a while (up to an hour), then start the bot again.",
        ),
        (
            discord.HTTPException(Response(403, "Forbidden"), {"code": 40002, "message": "x"}),
            "Discord refused a request while the bot was starting (HTTP 403 Forbidden, error "
            "code 40002: x). Check the application at https://discord.com/developers/applications, "
            "then start the bot again.",
        ),
        (
            discord.ConnectionClosed(Socket(), shard_id=None, code=4013),  # type: ignore[arg-type]
            "Discord closed the connection with code 4013. What the code means: "
            "https://discord.com/developers/docs/topics/opcodes-and-status-codes"
            "#gateway-gateway-close-event-codes. Start the bot again once it is fixed.",
        ),
    ],
    ids=["server-error", "rate-limited", "refused", "closed"],
)
async def test_discord_failures_at_start_are_one_sentence(
    make_bot: MakeBot,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    error: discord.DiscordException,
    sentence: str,
) -> None:
    async def connect() -> None:
        raise error

    assert await serve(make_bot(), connect) == 1
    err = capsys.readouterr().err
    assert err == sentence + "\n"
    caplog.clear()


async def test_an_unreadable_game_does_not_stop_the_bot_or_the_other_channels(
    make_bot: MakeBot, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    """A damaged database row is met only where it is read: the bot starts, the other
    channels play, and the damaged game is named (never the file) with one log line each
    time it is asked for."""
    service = make_bot().service
    await service.start(channel_id=1, guild_id=2, member_id=3, member_name="alice", first="me")
    kept = await service.start(
        channel_id=4, guild_id=2, member_id=3, member_name="alice", first="me"
    )
    await service.close()
    with sqlite3.connect(settings.database_path) as db:
        db.execute("UPDATE games SET moves = 'not moves' WHERE id = 1")
    db.close()
    env = simcord.Env(make_bot())
    await env.start()
    try:
        messages = [record.getMessage() for record in caplog.records]
        assert "2 game(s) running in the database." in messages
        service = env.bot.service  # type: ignore[attr-defined]
        assert await service.active_game(4) == kept.game
        with pytest.raises(StorageError, match=r"^Game #1 in the game store cannot be read"):
            await service.active_game(1)
        logged = [record.getMessage() for record in caplog.records]
        lines = [line for line in logged if "game #1 cannot be read" in line]
        assert len(lines) == 1 and str(settings.database_path) in lines[0]  # the log has it
    finally:
        await env.shutdown()
    caplog.clear()  # the set-aside line is an ERROR for the operator, expected here


async def test_client_options_go_to_discord_py_as_given(make_bot: MakeBot) -> None:
    """``create_bot``'s extra options are discord.py's own (the wire-level harness hands it a
    connector that reaches its fake Discord); one the settings already decide is refused."""
    service = make_bot().service
    connector = aiohttp.TCPConnector(limit=3)
    try:
        bot = create_bot(Settings(shard_count=1), service=service, connector=connector)
        assert bot.http.connector is connector
        assert isinstance(bot, TicTacToeBot) and bot.service is service
        with pytest.raises(TypeError):
            create_bot(Settings(), service=service, intents=discord.Intents.all())
    finally:
        await connector.close()
        await service.close()


def test_run_discord_without_a_token_says_what_to_do(
    settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_discord(settings) == 1
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def test_settings_repr_never_shows_the_token(settings: Settings) -> None:
    secret = dataclasses.replace(settings, discord_token="MTIz.secret.token")
    assert "secret" not in repr(secret) and "secret" not in str(secret)


async def test_commands_sync_once_then_skip_while_unchanged(
    make_bot: MakeBot, settings: Settings
) -> None:
    env = simcord.Env(make_bot())
    await env.start()
    try:
        assert len(command_syncs(env)) == 1
        service = env.bot.service  # type: ignore[attr-defined]
        assert await service.state.get("commands-global") is not None
        assert not list(settings.database_path.parent.glob("*.sha256"))  # no file beside it

        old = env.bot
        await env.restart_bot(make_bot())
        await old.close()
        assert len(command_syncs(env)) == 1  # unchanged: no second upload

        # The commands still work after the skipped sync (they live on Discord's side).
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        alice = guild.add_member(env.create_user("alice"))
        result = await alice.slash(channel, "tictactoe help")
        assert result.ephemeral

        service = env.bot.service  # type: ignore[attr-defined]
        await service.state.set("commands-global", "a new version changed a description")
        old = env.bot
        await env.restart_bot(make_bot())
        await old.close()
        assert len(command_syncs(env)) == 2
    finally:
        await env.shutdown()


async def test_guild_setting_syncs_to_that_server_only(make_bot: MakeBot, tmp_path: Path) -> None:
    settings = Settings(database_path=tmp_path / "g.db", discord_guild_id=GUILD_ID, shard_count=1)
    env = simcord.Env(make_bot(settings=settings))
    guild = env.create_guild(id=GUILD_ID)
    await env.start()
    try:
        assert command_syncs(env) == [
            f"/applications/{env.bot.application_id}/guilds/{GUILD_ID}/commands"
        ]
        service = env.bot.service  # type: ignore[attr-defined]
        assert await service.state.get(state_name(GUILD_ID)) is not None
        await alice_starts_a_game(env, guild, "dev")
    finally:
        await env.shutdown()


async def test_in_memory_database_always_syncs(make_bot: MakeBot) -> None:
    """An in-memory database forgets the hash with the process: every start uploads (fine
    for tests and trials)."""
    settings = Settings(database_path=Path(":memory:"), shard_count=1)
    env = simcord.Env(make_bot(settings=settings))
    await env.start()
    try:
        old = env.bot
        await env.restart_bot(make_bot(settings=settings))
        await old.close()
        assert len(command_syncs(env)) == 2
    finally:
        await env.shutdown()


async def test_processes_on_one_database_agree_on_the_sync_wherever_they_run(
    postgres_url: str, tmp_path: Path
) -> None:
    """Two machines on one PostgreSQL database, each with its own folder: the second start
    finds the first one's hash in the database and uploads nothing."""

    async def machine(folder: str) -> TicTacToeBot:
        settings = Settings(database_path=tmp_path / folder / "games.db", shard_count=1)
        return create_bot(settings, service=GameService(await PostgresGameStore.open(postgres_url)))

    env = simcord.Env(await machine("a"))
    await env.start()
    try:
        first = env.bot
        await env.restart_bot(await machine("b"))
        await first.close()
        assert len(command_syncs(env)) == 1
    finally:
        await env.shutdown()


def test_missing_voice_libraries_are_not_warned_but_other_warnings_are(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The bot never joins voice: discord.py's start-up warnings that PyNaCl or davey is
    missing are dropped by a logging filter; its other warnings still reach the log."""
    client_log = logging.getLogger("discord.client")
    with caplog.at_level(logging.WARNING, logger="discord.client"):
        client_log.warning("PyNaCl is not installed, voice will NOT be supported")
        client_log.warning("davey is not installed, voice will NOT be supported")
        client_log.warning("Shard ID %s has stopped responding to the gateway.", 0)
    logged = [record.getMessage() for record in caplog.records]
    assert logged == ["Shard ID 0 has stopped responding to the gateway."]
