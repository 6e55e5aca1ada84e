"""Shards: the settings become the bot's shards, and only the process running shard 0 syncs
the slash commands (several processes share one bot, each with its own shard range)."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord
from discord_helpers import IDLE_TIMEOUT, MakeBot, alice_starts_a_game, command_syncs, text_of

from bot.discord_bot.cogs.expiry import EXPIRY_INTERVAL
from bot.games import ChallengeStatus, Seat, Status
from bot.settings import Settings

EXPIRED = "This game expired"


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
            await alice_starts_a_game(env, guild)
    finally:
        await env.shutdown()


async def test_each_process_expires_and_announces_only_its_own_shards_games(
    make_bot: MakeBot, tmp_path: Path
) -> None:
    """Two processes on one database, shard 0 and shard 1 of 2 (one after the other here):
    each sweeps the games and challenges of its own servers only, and announces each once."""
    database = str(tmp_path / "g.db")

    def process(shard: int) -> Settings:
        env = {"DATABASE_PATH": database, "SHARD_COUNT": "2", "SHARD_IDS": str(shard)}
        return Settings.from_env(env)

    env = simcord.Env(make_bot(settings=process(0)))
    near, far = env.create_guild("near", shard_id=0), env.create_guild("far", shard_id=1)
    near_games, far_games, far_duels = (
        near.create_text_channel("games"),
        far.create_text_channel("games"),
        far.create_text_channel("duels"),
    )
    alice = near.add_member(env.create_user("alice"))
    await env.start()
    try:
        service = env.bot.service  # type: ignore[attr-defined]
        await alice.slash(near_games, "tictactoe start", first="me")
        with env.time_context():  # what the shard-1 process started in the shared database
            far_game = await service.start(
                channel_id=far_games.id, guild_id=far.id, member_id=5, member_name="bob"
            )
            challenge = await service.duels.challenge(
                channel_id=far_duels.id,
                guild_id=far.id,
                challenger=Seat(5, "bob"),
                opponent=Seat(6, "carol"),
            )

        await env.advance_time(IDLE_TIMEOUT + EXPIRY_INTERVAL)
        assert expiry_notices(near_games) == 1
        assert (await service.get(far_game.game.id)).status is Status.ACTIVE
        assert (await service.duels.get_challenge(challenge.id)).status is ChallengeStatus.OPEN
        assert expiry_notices(far_games) == 0

        old = env.bot
        await env.restart_bot(make_bot(settings=process(1)))
        await old.close()
        service = env.bot.service  # type: ignore[attr-defined]
        await env.advance_time(EXPIRY_INTERVAL)
        assert (await service.get(far_game.game.id)).status is Status.EXPIRED
        assert (await service.duels.get_challenge(challenge.id)).status is ChallengeStatus.EXPIRED
        assert expiry_notices(far_games) == 1
        assert expiry_notices(near_games) == 1  # not announced again by the other process
    finally:
        await env.shutdown()


def expiry_notices(channel: simcord.ChannelHandle) -> int:
    return sum(text_of(message).startswith(EXPIRED) for message in channel.history())
