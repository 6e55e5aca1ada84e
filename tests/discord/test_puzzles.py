"""``/tictactoe puzzle`` through simcord: a private Components V2 message whose cells are
buttons, solved click by click against the bot's defence, a miss with its refutation and the
solution, a replay by number, Next puzzle, a click on a puzzle that is over, a restart between
two clicks, stats and ``leaderboard kind:puzzles``."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import discord
import pytest
import simcord
from discord_helpers import (
    MakeBot,
    World,
    accent,
    as_message,
    deferred_first,
    private_answer,
    text_of,
)
from discord_helpers import buttons as every_button

from bot.discord_bot import TicTacToeBot, create_bot
from bot.discord_bot.board_view import ACCENT, walk
from bot.discord_bot.interactions import ANSWER_WITHIN
from bot.engine import Move
from bot.engine.classic.puzzles import shipped
from bot.games import GameService
from bot.games.puzzles import Attempt
from bot.settings import CommandRate, Settings
from bot.storage import SqliteGameStore

GREEN, RED, BLURPLE = ACCENT["won"], ACCENT["lost"], ACCENT["member"]
"""A puzzle's colours are a board's: solved, missed, running."""


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """A flood guard that lets a whole 5x5 puzzle's clicks through at test speed."""
    return dataclasses.replace(settings, command_rate=CommandRate(1000, 1))


def shown(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The puzzle's private message as it stands now (re-read: clicks edit it)."""
    assert result.response is not None and result.ephemeral
    return result.response


def text(message: simcord.ResponseMessage) -> str:
    return text_of(message)


def buttons(message: simcord.ResponseMessage) -> dict[str, discord.Button]:
    return {button.custom_id or "": button for button in every_button(message)}


def cell(attempt: int, move: Move) -> str:
    return f"ttp:{attempt}:{move.row}:{move.col}"


async def attempt_id(world: World, member: simcord.MemberActor) -> int:
    attempt = await world.bot.service.puzzles.running(member_id=member.id)
    assert attempt is not None
    return attempt.id


async def test_a_5x5_puzzle_solved_by_clicks(world: World) -> None:
    """25 cells in five rows of a container fit a V2 message (40 components at most); each
    click is acknowledged at once and answered by editing the private message."""
    puzzle = shipped().by_id(610)
    result = await world.alice.slash(world.channel, "tictactoe puzzle", number=610)
    message = shown(result)
    assert len(list(walk(as_message(message).components))) <= 40
    assert message.flags.value & (1 << 15)  # IS_COMPONENTS_V2
    assert "Puzzle #610, 5x5, rated 2534" in text(message)
    assert "You play \u274c: win in 5 moves (4 in a row wins)." in text(message)
    assert accent(message) == BLURPLE
    attempt = await attempt_id(world, world.alice)
    cells = {key for key in buttons(message) if key.startswith(f"ttp:{attempt}:")}
    assert len(cells) == 25
    line = puzzle.solution
    for step in range(0, len(line), 2):
        clicked = await world.alice.click(message, custom_id=cell(attempt, line[step]))
        assert clicked.acknowledged and clicked.followups == []  # the message edited, no post
        message = shown(result)
        if step + 1 < len(line):
            reply = line[step + 1]
            assert f"is right; I answer {reply.row + 1},{reply.col + 1}." in text(message)
            defended = buttons(message)[cell(attempt, reply)]
            assert defended.disabled and defended.style is discord.ButtonStyle.primary  # blue
    assert "Solved! 3,5 completes the line. Your puzzle rating: " in text(message)
    assert "Streak: 1 day in a row with a puzzle solved." in text(message)
    assert accent(message) == GREEN
    controls = buttons(message)
    assert all(b.disabled for key, b in controls.items() if key.startswith("ttp:"))
    assert controls[f"ttp-next:{attempt}"].label == "Next puzzle"
    assert world.channel.last_message is None  # nothing was posted in the channel


async def test_a_miss_shows_the_refutation_and_the_solution(world: World) -> None:
    puzzle = shipped().by_id(1)
    result = await world.alice.slash(world.channel, "tictactoe puzzle", number=1)
    attempt = await attempt_id(world, world.alice)
    wrong = next(m for m in puzzle.board.legal_moves if m != puzzle.first_move)
    await world.alice.click(shown(result), custom_id=cell(attempt, wrong))
    said = text(shown(result))
    assert f"{wrong.row + 1},{wrong.col + 1} does not win: I answer " in said
    marks = ("\u274c", "\u2b55") if puzzle.to_move.value == "X" else ("\u2b55", "\u274c")
    line = " \u2192 ".join(
        f"{marks[index % 2]} {m.row + 1},{m.col + 1}" for index, m in enumerate(puzzle.solution)
    )
    assert f"The solution: {line}." in said and "Your puzzle rating: " in said
    assert accent(shown(result)) == RED
    again = await world.alice.slash(world.channel, "tictactoe puzzle", number=1)
    attempt = await attempt_id(world, world.alice)
    for move in puzzle.solution[::2]:
        await world.alice.click(shown(again), custom_id=cell(attempt, move))
    assert "You tried this puzzle before, so it moves no rating." in text(shown(again))


async def test_next_puzzle_and_a_click_on_a_puzzle_that_is_over(world: World) -> None:
    first = await world.alice.slash(world.channel, "tictactoe puzzle", number=1)
    one = await attempt_id(world, world.alice)
    second = await world.alice.slash(world.channel, "tictactoe puzzle", number=2)
    assert "Your puzzle #1 was set aside, unfinished: it counts for nothing." in text(shown(second))
    empty = next(m for m in shipped().by_id(1).board.legal_moves)
    clicked = await world.alice.click(shown(first), custom_id=cell(one, empty))
    assert private_answer(clicked) == (
        "That puzzle is over: ask for another with `/tictactoe puzzle`."
    )
    stale = shown(first)
    assert "This puzzle was set aside, unfinished" in text(stale)  # shown as it ended
    assert all(b.disabled for key, b in buttons(stale).items() if key.startswith("ttp:"))
    two = await attempt_id(world, world.alice)
    puzzle = shipped().by_id(2)
    for move in puzzle.solution[::2]:
        await world.alice.click(shown(second), custom_id=cell(two, move))
    await world.alice.click(shown(second), custom_id=f"ttp-next:{two}")
    fresh = shown(second)
    three = await attempt_id(world, world.alice)
    assert three != two and "Puzzle #" in text(fresh) and accent(fresh) == BLURPLE
    assert any(key.startswith(f"ttp:{three}:") for key in buttons(fresh))


async def test_a_restart_between_two_clicks(world: World, make_bot: MakeBot) -> None:
    puzzle = shipped().by_id(300)
    result = await world.alice.slash(world.channel, "tictactoe puzzle", number=300)
    attempt = await attempt_id(world, world.alice)
    await world.alice.click(shown(result), custom_id=cell(attempt, puzzle.solution[0]))
    old_bot = world.bot
    new_bot: TicTacToeBot = make_bot(seed=99)
    await world.env.restart_bot(new_bot)
    await old_bot.service.close()
    for move in puzzle.solution[2::2]:
        await world.alice.click(shown(result), custom_id=cell(attempt, move))
    assert "Solved!" in text(shown(result))


async def test_refusals_stats_and_the_leaderboard(world: World) -> None:
    refused = await world.alice.slash(world.channel, "tictactoe puzzle", number=999)
    assert private_answer(refused).startswith("There is no puzzle #999: the puzzles are")
    empty = await world.alice.slash(world.channel, "tictactoe leaderboard", kind="puzzles")
    assert empty.response is not None
    assert empty.response.content == (
        "Nobody has solved a puzzle here yet: ask for one with `/tictactoe puzzle`!"
    )
    for member in (world.alice, world.bob):
        result = await member.slash(world.channel, "tictactoe puzzle", number=1)
        attempt = await attempt_id(world, member)
        for move in shipped().by_id(1).solution[::2]:
            await member.click(shown(result), custom_id=cell(attempt, move))
    stats = await world.alice.slash(world.channel, "tictactoe stats")
    assert stats.response is not None
    assert "alice's puzzle rating: " in stats.response.content
    assert "(1 solved of 1 rated); streak 1 day, best 1 day." in stats.response.content
    board = await world.alice.slash(world.channel, "tictactoe leaderboard", kind="puzzles")
    assert board.response is not None and not board.ephemeral
    lines = board.response.content.splitlines()
    assert lines[0] == "Puzzle solvers (puzzle rating; puzzles solved here; streak):"
    assert lines[1].startswith("1. alice \u2014 ") and lines[1].endswith("(1 solved, 1 day)")
    assert lines[2].startswith("2. bob \u2014 ")


class SlowStore(SqliteGameStore):
    """The SQLite store, its starts of puzzles taking ``ANSWER_WITHIN`` and a half."""

    async def start_attempt(self, attempt: Attempt, **options: Any) -> Any:
        await asyncio.sleep(ANSWER_WITHIN + 0.5)
        return await super().start_attempt(attempt, **options)


async def test_a_puzzle_slower_than_the_deadline_is_acknowledged_first(
    world: World, settings: Settings
) -> None:
    """Discord's 3 seconds: past ``ANSWER_WITHIN`` the command is deferred (privately), and
    the puzzle's V2 message then replaces the placeholder."""
    old = world.bot
    service = GameService(SlowStore(settings.database_path), clock=discord.utils.utcnow)
    await world.env.restart_bot(create_bot(settings, service=service))
    await old.service.close()
    result = await world.alice.slash(world.channel, "tictactoe puzzle", number=1)
    assert deferred_first(world, result)
    message = shown(result)
    assert "Puzzle #1, 3x3" in text(message) and message.flags.value & (1 << 15)
    assert not message.content
