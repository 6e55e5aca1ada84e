"""Start-up: refused intents and bad tokens explained, command sync only when changed."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import discord
import pytest
import simcord
from discord_helpers import MakeBot

from bot.discord_bot import run_discord, serve
from bot.discord_bot.runner import INTENT_HELP, LOGIN_HELP
from bot.discord_bot.sync import hash_path
from bot.settings import Settings

GUILD_ID = 4242424242424242


def command_syncs(env: simcord.Env) -> list[str]:
    """Paths of every bulk command upload the bot made."""
    return [
        entry.path
        for entry in env.http_requests
        if entry.method == "PUT" and entry.path.endswith("/commands")
    ]


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
        path = hash_path(settings.database_path, None)
        assert path is not None and path.exists()
        assert path.name == "games.db.commands-global.sha256"

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

        path.write_text("something else\n")  # e.g. a new version changed a description
        old = env.bot
        await env.restart_bot(make_bot())
        await old.close()
        assert len(command_syncs(env)) == 2
    finally:
        await env.shutdown()


async def test_guild_setting_syncs_to_that_server_only(make_bot: MakeBot, tmp_path: Path) -> None:
    settings = Settings(database_path=tmp_path / "g.db", discord_guild_id=GUILD_ID)
    env = simcord.Env(make_bot(settings=settings))
    guild = env.create_guild(id=GUILD_ID)
    await env.start()
    try:
        assert command_syncs(env) == [
            f"/applications/{env.bot.application_id}/guilds/{GUILD_ID}/commands"
        ]
        assert hash_path(settings.database_path, GUILD_ID).exists()  # type: ignore[union-attr]
        channel = guild.create_text_channel("dev")
        alice = guild.add_member(env.create_user("alice"))
        result = await alice.slash(channel, "tictactoe start", first="me")
        assert result.response is not None and "Your turn, alice" in result.response.content
    finally:
        await env.shutdown()


def test_in_memory_database_always_syncs() -> None:
    assert hash_path(Path(":memory:"), None) is None
