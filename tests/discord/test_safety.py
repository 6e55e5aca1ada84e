"""Nothing the bot writes pings anyone; bots are ignored; missing permissions don't crash it."""

from __future__ import annotations

import logging

import discord
import pytest
from discord_helpers import World

from bot.discord_bot.app import NO_PINGS
from bot.games import NoGameError


def pings(world: World, message: discord.Message) -> tuple[list[int], list[int], bool]:
    """Who Discord actually notified for ``message``: users, roles, @everyone."""
    stored = world.env.backend.get_message(world.channel.id, message.id)
    return stored.ping_user_ids, stored.ping_role_ids, stored.mention_everyone


async def test_member_named_everyone_does_not_ping_the_server(world: World) -> None:
    sneaky = world.guild.add_member(world.env.create_user("@everyone"))
    result = await sneaky.slash(world.channel, "tictactoe start", first="me")
    assert result.response is not None
    assert "@everyone" in result.response.content  # the name is shown...
    assert pings(world, result.response.message) == ([], [], False)  # ...but pings nobody
    await sneaky.send(world.channel, "!move 2 2")
    reply = world.last()
    assert "@everyone" in reply.content
    assert pings(world, reply) == ([], [], False)


async def test_quoted_mentions_in_a_bad_move_ping_nobody(world: World) -> None:
    role = world.guild.create_role("players", mentionable=True)
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    for text in (
        "!move @everyone",
        "!move @here",
        f"!move {role.mention}",
        f"!move {world.bob.mention}",
    ):
        await world.alice.send(world.channel, text)
        reply = world.last()
        assert "is not a cell" in reply.content
        assert pings(world, reply) == ([], [], False), text


def test_allowed_mentions_are_set_on_the_bot(world: World) -> None:
    allowed = world.bot.allowed_mentions
    assert allowed is NO_PINGS
    assert allowed.to_dict() == {"parse": []}  # parse nothing: no @everyone, roles or users
    assert allowed.replied_user is False


async def test_messages_from_other_bots_are_ignored(world: World) -> None:
    robot = world.guild.add_member(world.env.create_user("robot", bot=True))
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    before = await world.game()
    sent = await robot.send(world.channel, "!move 1 1")
    assert world.last().id == sent.id
    mention = world.bot.user.mention  # type: ignore[union-attr]
    sent = await robot.send(world.channel, f"{mention} move 1 1")
    assert world.last().id == sent.id
    assert await world.game() == before


async def test_webhook_messages_are_ignored(world: World) -> None:
    hook = world.guild.create_webhook(world.channel, "Announcer")
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    sent = await hook.send("!move 1 1")
    assert world.last().id == sent.id


@pytest.mark.parametrize("with_game", [False, True])
async def test_missing_send_permission_is_logged_not_crashed(
    world: World, caplog: pytest.LogCaptureFixture, with_game: bool
) -> None:
    """Whether the refused reply is a refusal (no game) or a board (a move), the bot notes
    the channel in a warning and carries on."""
    me = world.guild.me
    assert me is not None
    muted = world.guild.create_text_channel(
        "read-only", overwrites={me: discord.PermissionOverwrite(send_messages=False)}
    )
    if with_game:  # an interaction's answer needs no permission in the channel
        await world.alice.slash(muted, "tictactoe start", first="me")
    await world.alice.send(muted, "!move 1 1")
    assert [type(getattr(error, "original", error)) for error in world.errors()] == [
        discord.Forbidden if with_game else NoGameError
    ]
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(str(muted.id) in warning for warning in warnings), warnings
    # Still alive and answering elsewhere.
    await world.alice.send(world.channel, "!move 1 1")
    assert "/tictactoe start" in world.last().content
