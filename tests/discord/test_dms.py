"""Games are played in server channels only: standings are per server, and the terminal owns
"no server". A direct message gets one sentence instead of a game; only a puzzle (private) and
help are answered there."""

from __future__ import annotations

import dataclasses

import pytest
from discord.app_commands import NoPrivateMessage
from discord.ext import commands
from discord_helpers import World

from bot.discord_bot.texts import SERVER_ONLY
from bot.settings import CommandRate, Settings


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The Discord tests' settings with a flood guard that lets every command here through."""
    return dataclasses.replace(settings, command_rate=CommandRate(1000, 1))


async def test_move_in_a_direct_message_says_games_are_played_in_servers(world: World) -> None:
    user = world.alice.user
    await user.send_dm("!move 1 1")
    reply = user.dm_channel.last_message
    assert reply is not None and reply.author.id == world.bot.user.id  # type: ignore[union-attr]
    assert reply.content == SERVER_ONLY
    # discord.py reports the refusal as a command error, which the error cog answered above.
    assert [type(error) for error in world.errors()] == [commands.NoPrivateMessage]
    assert SERVER_ONLY == "Tic-Tac-Toe is played in a server channel, not in direct messages."


async def test_in_a_direct_message_only_puzzles_and_help_answer(world: World) -> None:
    """Discord's contexts apply to a whole group, and a puzzle may be solved in a DM with the
    bot, so ``/tictactoe`` is offered there; every command but ``puzzle`` and ``help`` (all
    of them a server channel's: games, duels, standings, histories) answers the one sentence
    privately and does nothing."""
    user = world.alice.user
    offered = set(user.available_commands())
    assert {"tictactoe puzzle", "tictactoe help", "tictactoe start"} <= offered
    assert not any(name.startswith("tictactoe-settings") for name in offered)
    refused = {
        "tictactoe start": {"first": "me"},
        "tictactoe resign": {},
        "tictactoe board": {},
        "tictactoe hint": {},
        "tictactoe explain": {},
        "tictactoe stats": {},
        "tictactoe leaderboard": {},
        "tictactoe history": {},
        "tictactoe review": {},
        "tictactoe challenge": {"opponent": world.bob.user},
    }
    for name, options in refused.items():
        result = await user.slash(name, **options)
        assert result.ephemeral and result.response is not None, name
        assert result.response.content == SERVER_ONLY, name
    errors = world.errors()  # each refusal went through the tree's error path, answered
    assert [type(error) for error in errors] == [NoPrivateMessage] * len(refused)
    assert await world.bot.service.open_game_count() == 0
    help_ = await user.slash("tictactoe help")
    assert help_.ephemeral and help_.response is not None
    assert help_.response.content.startswith("**Tic-Tac-Toe against me.**")
    puzzle = await user.slash("tictactoe puzzle", number=1)
    assert puzzle.ephemeral and puzzle.response is not None
    attempt = await world.bot.service.puzzles.running(member_id=world.alice.id)
    assert attempt is not None and attempt.guild_id is None and attempt.puzzle_id == 1


def test_the_group_is_registered_for_servers_and_dms_with_the_bot(world: World) -> None:
    group = world.bot.tree.get_command("tictactoe")
    assert group is not None
    payload = group.to_dict(world.bot.tree)
    assert payload["contexts"] == [0, 1]  # 0 = guild, 1 = bot DM; no private channel (2)
    settings = world.bot.tree.get_command("tictactoe-settings")
    assert settings is not None and settings.to_dict(world.bot.tree)["contexts"] == [0]
