"""``/tictactoe-settings`` through simcord: a member with Manage Server changes the server's
start defaults, channels and limits; each change shows on the next start, move or challenge;
a member without the permission is refused privately; bad values change nothing; leaving the
server deletes the settings."""

from __future__ import annotations

import discord
import simcord
from discord_helpers import World, move_text, text_of

from bot.discord_bot.cogs.expiry import EXPIRY_INTERVAL
from bot.discord_bot.texts import NOT_A_MANAGER
from bot.engine import Move
from bot.games.server_settings import ServerSettings


def manager(world: World) -> simcord.MemberActor:
    """carol, whose role has Manage Server."""
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("carol"), roles=[role])


async def settings_of(world: World) -> ServerSettings:
    return await world.bot.service.servers.settings(world.guild.id)


def private_text(result: simcord.InteractionResult) -> str:
    assert result.response is not None and result.ephemeral
    return text_of(result.response)


async def test_the_group_is_for_managers_and_guild_only(world: World) -> None:
    group = world.bot.tree.get_command("tictactoe-settings")
    assert isinstance(group, discord.app_commands.Group)
    assert group.default_permissions == discord.Permissions(manage_guild=True)
    assert group.guild_only
    assert sorted(c.name for c in group.commands) == [
        "channels",
        "defaults",
        "language",
        "limits",
        "show",
    ]


async def test_a_manager_sets_start_defaults_and_the_next_start_uses_them(world: World) -> None:
    carol = manager(world)
    result = await carol.slash(
        world.channel, "tictactoe-settings defaults", level="easy", size=4, first="me"
    )
    text = private_text(result)
    assert "Saved" in text and "level easy, size 4x4, first me" in text
    start = await world.alice.slash(world.channel, "tictactoe start")
    assert start.response is not None
    game = await world.game()
    assert (game.level, game.size, game.x.member_id) == ("easy", 4, world.alice.id)
    await world.alice.slash(world.channel, "tictactoe resign")
    # the member's own choice still wins over the server's
    await world.alice.slash(world.channel, "tictactoe start", level="hard", size=3)
    game = await world.game()
    assert (game.level, game.size, game.x.member_id) == ("hard", 3, world.alice.id)
    shown = private_text(await carol.slash(world.channel, "tictactoe-settings show"))
    assert "level easy, size 4x4, first me" in shown and "every channel" in shown
    cleared = await carol.slash(world.channel, "tictactoe-settings defaults", level="unset")
    assert "level perfect (the bot's own), size 4x4" in private_text(cleared)


async def test_a_member_without_manage_server_is_refused_and_nothing_changes(
    world: World,
) -> None:
    """Discord hides the group from alice; a server may grant it to her anyway (Integrations):
    then our own check refuses, privately."""
    assert "tictactoe-settings defaults" not in world.alice.available_commands(world.channel)
    group = next(c for c in await world.bot.tree.fetch_commands() if c.name == "tictactoe-settings")
    world.guild.set_command_permissions(group, {world.alice: True})
    for name, options in (
        ("defaults", {"level": "easy"}),
        ("limits", {"duels": "off"}),
        ("channels", {"action": "clear"}),
        ("show", {}),
    ):
        result = await world.alice.slash(world.channel, f"tictactoe-settings {name}", **options)
        assert private_text(result) == NOT_A_MANAGER
    assert await settings_of(world) == ServerSettings(world.guild.id)
    world.errors()


async def test_channels_limit_starts_and_moves_with_a_private_or_short_sentence(
    world: World,
) -> None:
    carol = manager(world)
    lounge = world.guild.create_text_channel("lounge")
    await world.alice.slash(world.channel, "tictactoe start", first="me")  # before the list
    result = await carol.slash(
        world.channel, "tictactoe-settings channels", action="add", channel=lounge
    )
    assert f"Games are played in only <#{lounge.id}>." in private_text(result)
    refused = await world.bob.slash(world.channel, "tictactoe start")
    assert private_text(refused) == f"On this server games are played only in <#{lounge.id}>."
    await world.alice.send(world.channel, move_text(Move(1, 1)))
    assert text_of(world.last()) == f"On this server games are played only in <#{lounge.id}>."
    assert (await world.game()).moves == ()  # nothing was played
    started = await world.bob.slash(lounge, "tictactoe start", first="me")
    assert started.response is not None and not started.ephemeral
    await carol.slash(world.channel, "tictactoe-settings channels", action="clear")
    await world.alice.send(world.channel, move_text(Move(1, 1)))
    assert len((await world.game()).moves) == 2  # played, and the bot answered
    world.errors()


async def test_limits_set_idle_and_challenge_minutes_and_turn_duels_off(world: World) -> None:
    carol = manager(world)
    result = await carol.slash(
        world.channel, "tictactoe-settings limits", idle_minutes=2, challenge_minutes=1
    )
    text = private_text(result)
    assert "expires after 2 minutes without" in text and "waits 1 minute for" in text
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    await world.env.advance_time(120 + EXPIRY_INTERVAL)  # the server's 2 minutes, not 10
    assert "expired after 2 minutes" in text_of(world.last())
    challenge = await world.alice.slash(world.channel, "tictactoe challenge", opponent=world.bob)
    assert challenge.response is not None
    stored = await world.bot.service.duels.get_challenge(1)
    assert stored is not None  # the server's minute, not the bot's five
    assert (stored.expires_at - stored.created_at).total_seconds() == 60
    await world.env.advance_time(60 + EXPIRY_INTERVAL)
    assert "expired" in (await world.bot.service.duels.get_challenge(1) or stored).status
    off = await carol.slash(world.channel, "tictactoe-settings limits", duels="off")
    assert "Duels are off." in private_text(off)
    refused = await world.alice.slash(world.channel, "tictactoe challenge", opponent=world.bob)
    assert "Duels are turned off on this server" in private_text(refused)
    world.errors()


async def test_bad_values_get_one_sentence_and_change_nothing(world: World) -> None:
    carol = manager(world)
    for name, options, words in (
        ("defaults", {"size": 9}, "The board size must be 3, 4 or 5, not '9'."),
        ("limits", {"idle_minutes": 20000}, "Idle minutes must be a whole number of minutes"),
        ("limits", {"challenge_minutes": -3}, "Challenge minutes must be a whole number"),
        ("channels", {"action": "add"}, "Name the channel to add."),
        ("defaults", {}, "Name at least one of level, size or first."),
    ):
        result = await carol.slash(world.channel, f"tictactoe-settings {name}", **options)
        assert words in private_text(result)
    assert await settings_of(world) == ServerSettings(world.guild.id)
    world.errors()


async def test_leaving_the_server_deletes_its_settings(world: World) -> None:
    carol = manager(world)
    await carol.slash(world.channel, "tictactoe-settings limits", duels="off")
    assert not (await settings_of(world)).duels
    guild = world.bot.get_guild(world.guild.id)
    assert guild is not None
    await guild.leave()
    await world.env.settle()
    store_view = await world.bot.service.servers.settings(world.guild.id)
    assert store_view == ServerSettings(world.guild.id)


async def test_the_synced_commands_hold_both_groups_with_their_permissions(world: World) -> None:
    """What start-up uploaded (and hashed: ``sync.commands_digest``) is both top-level groups;
    the settings group asks Discord to show it to Manage Server (32) in servers only."""
    uploads = [
        entry.json
        for entry in world.env.http_requests
        if entry.method == "PUT" and entry.path.endswith("/commands")
    ]
    assert len(uploads) == 1 and isinstance(uploads[0], list)
    by_name = {command["name"]: command for command in uploads[0]}
    assert sorted(by_name) == ["tictactoe", "tictactoe-settings"]
    settings = by_name["tictactoe-settings"]
    assert int(settings["default_member_permissions"]) == discord.Permissions.manage_guild.flag
    assert settings["contexts"] == [0] and settings["dm_permission"] is False  # servers only
    assert by_name["tictactoe"].get("default_member_permissions") is None  # for everyone
