"""Games are played in server channels only: standings are per server, and the terminal owns
"no server". A direct message gets one sentence instead of a game."""

from __future__ import annotations

import pytest
import simcord
from discord.ext import commands
from discord_helpers import World, text_of

from bot.discord_bot.texts import SERVER_ONLY


async def test_move_in_a_direct_message_says_games_are_played_in_servers(world: World) -> None:
    user = world.alice.user
    await user.send_dm("!move 1 1")
    reply = user.dm_channel.last_message
    assert reply is not None and reply.author.id == world.bot.user.id  # type: ignore[union-attr]
    assert text_of(reply) == SERVER_ONLY
    # discord.py reports the refusal as a command error, which the error cog answered above.
    assert [type(error) for error in world.errors()] == [commands.NoPrivateMessage]
    assert SERVER_ONLY == "Tic-Tac-Toe is played in a server channel, not in direct messages."


async def test_slash_commands_are_not_offered_in_direct_messages(world: World) -> None:
    user = world.alice.user
    assert not any(name.startswith("tictactoe") for name in user.available_commands())
    with pytest.raises(simcord.SetupError, match="not visible"):
        await user.slash("tictactoe start", first="me")
    assert "tictactoe start" in world.alice.available_commands(world.channel)


def test_the_group_is_registered_for_servers_only(world: World) -> None:
    group = world.bot.tree.get_command("tictactoe")
    assert group is not None
    payload = group.to_dict(world.bot.tree)
    assert payload["contexts"] == [0]  # 0 = guild; no bot DM (1), no private channel (2)
