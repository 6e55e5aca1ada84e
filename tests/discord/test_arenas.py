"""Arenas through simcord, end to end: a manager starts one with /tictactoe arena start; members
join and leave by its buttons; every few seconds the bot pairs the free members, makes a thread
in the channel for each game and posts its board there mentioning both; the games are played
by clicks and ``!move`` in the threads; a clock that runs out loses the game; the arena's
message shows the standings as results come in; the final standings are posted when it ends;
a restart mid-arena loses nothing; refusals are private and change nothing."""

from __future__ import annotations

import dataclasses

import discord
import pytest
import simcord
from discord_helpers import World, text_of

from bot.discord_bot.board_view import walk
from bot.discord_bot.cogs.arenas import ARENA_INTERVAL
from bot.engine import Move
from bot.games import Game
from bot.settings import CommandRate, Settings
from tests.discord.test_settings import manager


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return dataclasses.replace(settings, command_rate=CommandRate(1000, 1))


def arena_buttons(message: discord.Message) -> dict[str, discord.Button]:
    """The arena message's Join and Leave, by action."""
    found = {}
    for item in walk(message.components):
        if isinstance(item, discord.Button) and (item.custom_id or "").startswith("tta:"):
            found[(item.custom_id or "").rsplit(":", 1)[1]] = item
    return found


def arena_message(world: World) -> discord.Message:
    """The bot's arena message in the channel (the one with Join)."""
    [message] = [m for m in world.channel.history() if arena_buttons(m)]
    return message


async def click(world: World, member: simcord.MemberActor, action: str) -> simcord.InteractionResult:
    message = arena_message(world)
    custom_id = arena_buttons(message)[action].custom_id
    assert custom_id is not None
    return await member.click(message, custom_id=custom_id)


async def tick(world: World) -> None:
    """Let the arena's upkeep run once."""
    await world.env.advance_time(ARENA_INTERVAL + 0.1)


async def test_an_arena_from_start_to_final_standings(world: World) -> None:
    boss = manager(world)
    started = await boss.slash(world.channel, "tictactoe arena start", minutes=5, clock=30)
    assert started.response is not None, started
    print(text_of(started.response))
    await click(world, world.alice, "join")
    await click(world, world.bob, "join")
    await tick(world)
    threads = world.channel.threads
    print([t.name for t in threads])
    [thread] = threads
    board = thread.last_message
    print(text_of(board))
    game = await world.bot.service.active_game(thread.id)
    print(game)
    await world.env.advance_time(31)
    await tick(world)
    print(text_of(thread.last_message))
    print(text_of(arena_message(world)))
    await world.env.advance_time(300)
    await tick(world)
    await tick(world)
    print(text_of(world.channel.last_message))
    print(text_of(arena_message(world)))
