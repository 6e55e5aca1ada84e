"""Shards: the settings become the bot's shards, and only the process running shard 0 syncs
the slash commands (several processes share one bot, each with its own shard range)."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord
from discord_helpers import MakeBot, command_syncs

from bot.settings import Settings


@pytest.mark.parametrize(
    ("shard_ids", "runs", "syncs"),
    [("1-1", [1], 0), ("0", [0], 1), ("0-1", [0, 1], 1)],
)
async def test_only_the_process_running_shard_zero_syncs_the_commands(
    make_bot: MakeBot, tmp_path: Path, shard_ids: str, runs: list[int], syncs: int
) -> None:
    env_vars = {"DATABASE_PATH": str(tmp_path / "g.db"), "SHARD_COUNT": "2", "SHARD_IDS": shard_ids}
    env = simcord.Env(make_bot(settings=Settings.from_env(env_vars)))
    await env.start()
    try:
        assert (env.bot.shard_count, env.bot.shard_ids) == (2, runs)
        assert len(command_syncs(env)) == syncs
    finally:
        await env.shutdown()


async def test_without_a_count_the_bot_runs_every_shard_discord_recommends(
    make_bot: MakeBot, tmp_path: Path
) -> None:
    """SHARD_COUNT unset: discord.py takes Discord's count (simcord's ``shard_count`` plays
    Discord here), runs all of them, syncs, and answers in a server of any shard."""
    settings = Settings.from_env({"DATABASE_PATH": str(tmp_path / "g.db")})
    bot = make_bot(settings=settings)
    assert (bot.shard_count, bot.shard_ids) == (None, None)
    env = simcord.Env(bot, shard_count=2)
    guilds = [env.create_guild(f"server {shard}", shard_id=shard) for shard in (0, 1)]
    await env.start()
    try:
        assert (bot.shard_count, bot.shard_ids) == (2, None)
        assert len(command_syncs(env)) == 1
        for guild in guilds:
            channel = guild.create_text_channel("games")
            alice = guild.add_member(env.create_user("alice"))
            result = await alice.slash(channel, "tictactoe start", first="me")
            assert result.response is not None and "Your turn, alice" in result.response.content
    finally:
        await env.shutdown()
