"""Nothing the bot writes pings anyone; bots are ignored; missing permissions don't crash it."""

from __future__ import annotations

import logging

import discord
import pytest
from discord_helpers import World, text_of

from bot.discord_bot.app import NO_PINGS
from bot.discord_bot.permissions import CANNOT_ANSWER


def pings(world: World, message: discord.Message) -> tuple[list[int], list[int], bool]:
    """Who Discord actually notified for ``message``: users, roles, @everyone."""
    stored = world.env.backend.get_message(world.channel.id, message.id)
    return stored.ping_user_ids, stored.ping_role_ids, stored.mention_everyone


async def test_member_named_everyone_does_not_ping_the_server(world: World) -> None:
    sneaky = world.guild.add_member(world.env.create_user("@everyone"))
    result = await sneaky.slash(world.channel, "tictactoe start", first="me")
    assert result.response is not None
    assert "@everyone" in text_of(result.response)  # the name is shown...
    assert pings(world, result.response.message) == ([], [], False)  # ...but pings nobody
    await sneaky.send(world.channel, "!move 2 2")
    reply = world.last()
    assert "@everyone" in text_of(reply)
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
        assert "is not a cell" in text_of(reply)
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
async def test_a_text_command_the_bot_cannot_answer_changes_nothing(
    world: World, caplog: pytest.LogCaptureFixture, with_game: bool
) -> None:
    """Where the bot may not send, ``!move`` is checked before anything changes: no move is
    played unseen, the member's message gets 🔇 (the bot may still react), and the log names
    the channel and the permission once. A start there (an interaction's answer needs no
    permission in the channel) says privately that typed moves get no answer there."""
    me = world.guild.me
    assert me is not None
    muted = world.guild.create_text_channel(
        "read-only", overwrites={me: discord.PermissionOverwrite(send_messages=False)}
    )
    if with_game:
        start = await world.alice.slash(muted, "tictactoe start", first="me")
        [note] = start.followups
        assert note.flags.ephemeral and "Send Messages" in text_of(note)
        assert "`!move` gets no answer here: play by clicking the board's cells." in text_of(note)
    service = world.bot.service
    before = await service.active_game(muted.id) if with_game else None
    for _ in range(2):
        typed = await world.alice.send(muted, "!move 1 1")
        stored = world.env.backend.get_message(muted.id, typed.id)
        assert stored.reaction_for(CANNOT_ANSWER) is not None
    assert world.errors() == []
    if before is not None:
        assert await service.active_game(muted.id) == before  # nothing played unseen
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    named = [warning for warning in warnings if str(muted.id) in warning]
    assert len(named) == 1 and "send_messages" in named[0], warnings  # once per channel
    # Still alive and answering elsewhere.
    await world.alice.send(world.channel, "!move 1 1")
    assert "/tictactoe start" in text_of(world.last())
