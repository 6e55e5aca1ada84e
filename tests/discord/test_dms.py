"""The bot's own DM is a channel like any other: every command, every button and ``!move``
work there, the bot posts there (a late board, an expiry), and the games count in the
member's history and stats, in no server's leaderboard."""

from __future__ import annotations

import discord
import simcord
from discord_helpers import (
    IDLE_TIMEOUT,
    World,
    buttons,
    cell_id,
    cells,
    is_refusal,
    private_answer,
    text_of,
)

from bot.discord_bot.cogs.expiry import EXPIRY_INTERVAL
from bot.discord_bot.texts import LEADERBOARDS_IN_SERVERS
from bot.engine import Move
from bot.games import Status


def dm_board(world: World) -> discord.Message:
    """The latest message in alice's DM with the bot."""
    message = world.alice.user.dm_channel.last_message
    assert message is not None
    return message


def in_dm(world: World, message: discord.Message) -> discord.Message:
    """``message`` as it is now in alice's DM (after edits)."""
    return next(m for m in world.alice.user.dm_channel.history() if m.id == message.id)


async def test_a_game_in_the_bots_dm_by_slash_click_and_typed_move(world: World) -> None:
    user = world.alice.user
    started = await user.slash("tictactoe start", first="me", level="easy")
    assert started.response is not None and not started.ephemeral
    board = started.response.message
    assert "Your turn, alice" in text_of(board) and len(cells(board)) == 9
    dm = user.dm_channel.id
    game = await world.bot.service.active_game(dm)
    assert game.guild_id is None and not game.answers_only  # the bot may post in its DM
    await user.click(board, custom_id=cell_id(game, Move(1, 1)))
    assert "You played row 2, column 2." in text_of(in_dm(world, board))
    free = next(m for m in (await world.bot.service.active_game(dm)).position.legal_moves)
    await user.send_dm(f"!move {free.row + 1} {free.col + 1}")
    reply = dm_board(world)
    assert f"You played row {free.row + 1}, column {free.col + 1}." in text_of(reply)
    assert buttons(in_dm(world, board)) == []  # the older board retired: one live board
    game = await world.bot.service.active_game(dm)
    assert game.message_id == reply.id and len(game.moves) == 4


async def test_a_typed_move_without_a_game_in_the_dm_says_how_to_start(world: World) -> None:
    await world.alice.user.send_dm("!move 1 1")
    assert "/tictactoe start" in text_of(dm_board(world))
    assert all(is_refusal(error) for error in world.errors())


async def test_a_dm_game_counts_in_stats_and_history_but_no_servers_leaderboard(
    world: World,
) -> None:
    user = world.alice.user
    await user.slash("tictactoe start", first="me")
    await world.alice.user.send_dm("!move 2 2")
    resigned = await user.slash("tictactoe resign")
    assert resigned.response is not None and "alice resigned." in text_of(resigned.response)
    stats = await user.slash("tictactoe stats")
    assert stats.ephemeral  # outside a server, the record from everywhere, for alice alone
    assert "alice against me: 0 wins, 1 loss, 0 draws" in private_answer(stats)
    history = await user.slash("tictactoe history")
    assert "lost" in private_answer(history)
    board = await user.slash("tictactoe leaderboard")
    assert private_answer(board) == LEADERBOARDS_IN_SERVERS
    server = await world.alice.slash(world.channel, "tictactoe leaderboard")
    assert server.response is not None and "alice" not in text_of(server.response)
    world.errors()


async def test_an_idle_dm_game_is_announced_in_the_dm(world: World) -> None:
    user = world.alice.user
    started = await user.slash("tictactoe start", first="me")
    assert started.response is not None
    game = await world.bot.service.active_game(user.dm_channel.id)
    await world.env.advance_time(IDLE_TIMEOUT + 2 * EXPIRY_INTERVAL)
    expired = await world.bot.service.get(game.id)
    assert expired is not None and expired.status is Status.EXPIRED
    assert text_of(dm_board(world)).startswith("This game expired")
    assert all(cell.disabled for cell in cells(in_dm(world, started.response.message)))


def test_every_game_command_is_offered_everywhere_and_the_settings_in_servers_only(
    world: World,
) -> None:
    """Installed in a server or on a member's account; in servers, the bot's DM and private
    chats (contexts 0, 1, 2). The settings stay a server install's, in servers only."""
    tree = world.bot.tree
    game = tree.get_command("tictactoe")
    settings = tree.get_command("tictactoe-settings")
    assert game is not None and settings is not None
    assert game.to_dict(tree)["contexts"] == [0, 1, 2]
    assert game.to_dict(tree)["integration_types"] == [0, 1]
    assert settings.to_dict(tree)["contexts"] == [0]
    assert settings.to_dict(tree)["integration_types"] == [0]
    user = world.alice.user
    assert "tictactoe start" in user.available_commands()
    assert not any(name.startswith("tictactoe-settings") for name in user.available_commands())


async def test_settings_cannot_be_run_in_a_dm(world: World) -> None:
    try:
        await world.alice.user.slash("tictactoe-settings show")
    except simcord.SetupError as error:
        assert "not visible" in str(error)
    else:
        raise AssertionError("the settings ran in a DM")
