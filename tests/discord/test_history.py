"""`/tictactoe history` and `/tictactoe review` through simcord: private pages turned by Newer
and Older (only by the member who asked, after a restart too), and a review that names the
blunder and the better move, with the replay attached as an animated GIF."""

from __future__ import annotations

import dataclasses
import io

import discord
import pytest
import simcord
from discord_helpers import (
    MakeBot,
    World,
    buttons,
    deferred_first,
    move_text,
    private_answer,
    text_of,
)
from PIL import Image

from bot.discord_bot import TicTacToeBot
from bot.discord_bot.history_views import history_view
from bot.engine import Move, Value
from bot.engine.classic import Board, analyze
from bot.games import HISTORY_PAGE, Game, Status
from bot.games.render.history import render_history
from bot.settings import CommandRate, Settings

BLUNDER_GAME = [Move(0, 1), Move(0, 0), Move(2, 1), Move(0, 2), Move(1, 1)]
"""alice (X) 1,2; bob (O) 1,1; alice 3,2, a mistake (a draw thrown into a loss); bob 1,3, the
blunder (2,2 would win); alice 2,2 wins down column 2."""


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The Discord tests' settings with a flood guard that lets a dozen quick games through."""
    return dataclasses.replace(settings, command_rate=CommandRate(1000, 1))


async def duel(world: World, moves: list[Move]) -> Game:
    """alice challenges bob, moving first; bob accepts; they play ``moves`` by `!move`."""
    result = await world.alice.slash(
        world.channel, "tictactoe challenge", opponent=world.bob, first="challenger"
    )
    assert result.response is not None
    challenge = result.response.message
    accept = next(b for b in buttons(challenge) if b.label == "Accept")
    assert accept.custom_id is not None
    await world.bob.click(challenge, custom_id=accept.custom_id)
    game = await world.game()
    for n, move in enumerate(moves):
        await (world.alice if n % 2 == 0 else world.bob).send(world.channel, move_text(move))
    finished = await world.bot.service.get(game.id)
    assert finished is not None and not finished.is_active
    return finished


async def lose_quickly(world: World, member: simcord.MemberActor, times: int) -> list[int]:
    """``member`` plays ``times`` games against the bot, each one move then resign (a loss, in
    the history); the games' numbers, oldest first."""
    numbers = []
    for _ in range(times):
        await member.slash(world.channel, "tictactoe start", first="me")
        await member.send(world.channel, move_text(Move(1, 1)))
        game = await world.game()
        await member.slash(world.channel, "tictactoe resign")
        numbers.append(game.id)
    return numbers


def gif_frames(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "GIF"
        return int(getattr(image, "n_frames", 1))


async def test_review_names_the_blunder_and_the_better_move_with_the_replay(
    world: World,
) -> None:
    game = await duel(world, BLUNDER_GAME)
    assert game.status is Status.WON
    # Independently of the review: before bob's 1,3 he could win with 2,2; after it he loses.
    before = Board.empty(3, 3)
    for move in BLUNDER_GAME[:3]:
        before = before.play(move)
    values = {line.move: line.value for line in analyze(before).moves}
    assert values[Move(1, 1)] is Value.WIN and values[Move(0, 2)] is Value.LOSS

    public_before = len(world.channel.history(viewer=world.alice))
    result = await world.bob.slash(world.channel, "tictactoe review")
    assert deferred_first(world, result) and result.ephemeral and result.response is not None
    text = text_of(result.response)
    assert text.startswith(f"Review of game #{game.id} (3x3, duel): alice (X) against bob (O)")
    assert "\n4. O 1,3 blunder: 2,2 wins in 3\n" in text
    assert "The move that lost it: 4. O 1,3 blunder: 2,2 wins in 3." in text
    assert "\n3. X 3,2 mistake: " in text
    (attachment,) = result.response.attachments
    assert attachment.filename == f"game-{game.id}.gif"
    assert gif_frames(await attachment.read()) == len(BLUNDER_GAME) + 1
    assert len(world.channel.history(viewer=world.alice)) == public_before  # only bob saw it

    # alice asks for the same game by its number: the same review.
    by_number = await world.alice.slash(world.channel, "tictactoe review", game=game.id)
    assert by_number.response is not None and text_of(by_number.response) == text


async def test_review_refusals_are_private_sentences(world: World) -> None:
    nothing = await world.alice.slash(world.channel, "tictactoe review")
    assert nothing.ephemeral and nothing.response is not None
    assert text_of(nothing.response) == (
        "You have not finished a game here yet. Start one with `/tictactoe start`."
    )
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    await world.alice.send(world.channel, move_text(Move(1, 1)))
    running = await world.game()
    result = await world.alice.slash(world.channel, "tictactoe review", game=running.id)
    assert result.ephemeral and result.response is not None
    assert text_of(result.response) == (
        f"Game #{running.id} is still being played; it can be reviewed once it is over."
    )
    missing = await world.alice.slash(world.channel, "tictactoe review", game=running.id + 100)
    assert missing.response is not None
    assert text_of(missing.response) == f"There is no game #{running.id + 100}."
    assert not missing.response.attachments


def page_numbers(text: str) -> list[int]:
    """The game numbers a history page lists, top to bottom."""
    return [int(line.split()[0][1:]) for line in text.splitlines() if line.startswith("#")]


def way(message: discord.Message, label: str) -> discord.Button:
    return next(b for b in buttons(message) if b.label is not None and label in b.label)


def shown(world: World, member: simcord.MemberActor, message_id: int) -> discord.Message:
    """A private message as ``member`` sees it now."""
    return next(m for m in world.channel.history(viewer=member) if m.id == message_id)


async def test_history_pages_turn_newest_first_and_only_for_who_asked(world: World) -> None:
    numbers = await lose_quickly(world, world.alice, HISTORY_PAGE + 2)
    result = await world.alice.slash(world.channel, "tictactoe history")
    assert result.ephemeral and result.response is not None
    first = result.response.message
    assert text_of(first).startswith("alice's games, newest first (dates in UTC):")
    assert page_numbers(text_of(first)) == numbers[::-1][:HISTORY_PAGE]
    assert f"#{numbers[-1]} " in text_of(first)
    assert "3x3 perfect, against the bot: lost (resigned) after 2 moves" in text_of(first)
    assert way(first, "Newer").disabled and not way(first, "Older").disabled
    assert first.id not in [m.id for m in world.channel.history(viewer=world.bob)]

    older = way(first, "Older")
    assert older.custom_id is not None
    clicked = await world.alice.click(first, custom_id=older.custom_id)
    assert clicked.acknowledged
    second = shown(world, world.alice, first.id)
    assert page_numbers(text_of(second)) == numbers[1::-1]
    assert not way(second, "Newer").disabled and way(second, "Older").disabled

    newer = way(second, "Newer")
    assert newer.custom_id is not None
    await world.alice.click(second, custom_id=newer.custom_id)
    assert text_of(shown(world, world.alice, first.id)) == text_of(first)

    with pytest.raises(simcord.SetupError):  # Discord shows bob neither the page nor its buttons
        await world.bob.click(first, custom_id=older.custom_id)


async def test_another_members_click_is_refused_and_changes_nothing(world: World) -> None:
    """Should alice's buttons ever stand where bob can click them, he is refused privately."""
    await lose_quickly(world, world.alice, HISTORY_PAGE + 1)
    page = await world.bot.service.history.page(member_id=world.alice.id, guild_id=world.guild.id)
    view = history_view(page, world.alice.id)
    assert view is not None
    channel = world.bot.get_partial_messageable(world.channel.id, guild_id=world.guild.id)
    posted = await channel.send(render_history(page), view=view)
    message = world.last()
    assert message.id == posted.id
    older = way(message, "Older")
    assert older.custom_id is not None
    refused = await world.bob.click(message, custom_id=older.custom_id)
    assert private_answer(refused) == (
        "Only the member who asked for this list can turn its pages. "
        "See your own with `/tictactoe history`."
    )
    assert text_of(world.last()) == text_of(message)


async def test_history_of_another_member_and_of_nobody(world: World) -> None:
    numbers = await lose_quickly(world, world.bob, 2)
    result = await world.alice.slash(world.channel, "tictactoe history", member=world.bob)
    assert result.ephemeral and result.response is not None
    assert text_of(result.response).startswith("bob's games, newest first")
    assert page_numbers(text_of(result.response)) == numbers[::-1]
    assert not buttons(result.response.message)  # one page: nothing to turn
    mine = await world.alice.slash(world.channel, "tictactoe history")
    assert mine.response is not None
    assert text_of(mine.response).startswith("alice has not finished a game yet.")


async def test_history_and_review_survive_a_restart(world: World, make_bot: MakeBot) -> None:
    numbers = await lose_quickly(world, world.alice, HISTORY_PAGE + 1)
    page = await world.alice.slash(world.channel, "tictactoe history")
    before = await world.alice.slash(world.channel, "tictactoe review", game=numbers[0])
    assert page.response is not None and before.response is not None
    message = page.response.message
    old_bot = world.bot
    new_bot: TicTacToeBot = make_bot()
    await world.env.restart_bot(new_bot)
    await old_bot.service.close()

    older = way(message, "Older")
    assert older.custom_id is not None
    await world.alice.click(message, custom_id=older.custom_id)
    assert page_numbers(text_of(shown(world, world.alice, message.id))) == [numbers[0]]
    after = await world.alice.slash(world.channel, "tictactoe review", game=numbers[0])
    assert after.response is not None and text_of(after.response) == text_of(before.response)
    assert [a.filename for a in after.response.attachments] == [f"game-{numbers[0]}.gif"]
