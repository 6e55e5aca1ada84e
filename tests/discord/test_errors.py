"""Unexpected failures: logged with a traceback, answered with a short apology, bot keeps going.

Failures are provoked with simcord's ``inject_error`` (Discord answering 500 to one request),
so the real error paths of discord.py and of the bot run.
"""

from __future__ import annotations

import logging

import discord
import pytest
from discord_helpers import World, buttons, cell_id, deferred_first

from bot.discord_bot.texts import APOLOGY, MISSING_PERMISSION
from bot.engine import Move


def logged_errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    records = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    caplog.clear()  # these were expected; the autouse check must not fail on them
    return records


async def test_failed_text_reply_is_logged_and_apologised_for(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=500)
    await world.alice.send(world.channel, "!move 2 2")
    assert world.last().content == APOLOGY
    records = logged_errors(caplog)
    assert len(records) == 1 and records[0].exc_info is not None  # with its traceback
    errors = world.errors()
    assert len(errors) == 1
    assert isinstance(getattr(errors[0], "original", None), discord.HTTPException)
    # The move itself was saved before the reply failed; the game goes on.
    assert (await world.game()).moves[0] == Move(1, 1)
    await world.alice.send(world.channel, "!move 1 1")
    assert "You played row 1, column 1." in world.last().content


async def test_failed_slash_answer_gets_a_private_apology(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    world.env.inject_error("POST", "/interactions/*/callback", status=500)
    result = await world.alice.slash(world.channel, "tictactoe leaderboard")
    assert result.ephemeral and result.response is not None
    assert result.response.content == APOLOGY
    assert len(logged_errors(caplog)) == 1
    assert len(world.errors()) == 1  # seen by the tree's on_error


@pytest.mark.parametrize(
    ("status", "answer", "level", "logged"),
    [
        (500, APOLOGY, logging.ERROR, "Unexpected error handling"),
        (403, MISSING_PERMISSION, logging.WARNING, "Missing permissions answering"),
    ],
)
async def test_failed_board_edit_after_a_click_is_answered_privately(
    world: World,
    caplog: pytest.LogCaptureFixture,
    status: int,
    answer: str,
    level: int,
    logged: str,
) -> None:
    """A button's failure ends where a slash command's does: Discord failing (500) is logged
    as an error with an apology, Discord refusing (403) is a warning and the member is told."""
    result = await world.alice.slash(world.channel, "tictactoe start", first="me")
    assert result.response is not None
    game = await world.game()
    world.env.inject_error("PATCH", "/webhooks/*/messages/@original", status=status)
    click = await world.alice.click(result.response.message, custom_id=cell_id(game, Move(0, 0)))
    assert [(m.ephemeral, m.content) for m in click.followups] == [(True, answer)]
    records = [r for r in caplog.get_records("call") if r.levelno >= logging.WARNING]
    assert [(r.levelno, r.getMessage().split(" from ")[0]) for r in records] == [
        (level, f"{logged} {cell_id(game, Move(0, 0))}")
    ]
    caplog.clear()  # expected; the autouse check must not fail on it


async def test_four_by_four_click_defers_before_the_engine_thinks(world: World) -> None:
    result = await world.alice.slash(
        world.channel, "tictactoe start", size=4, level="easy", first="me"
    )
    assert result.response is not None
    board = result.response.message
    assert len(buttons(board)) == 16
    game = await world.game()
    click = await world.alice.click(board, custom_id=cell_id(game, Move(3, 3)))
    assert deferred_first(world, click) and not click.followups
    edited = next(m for m in world.channel.history() if m.id == board.id)
    assert "You played row 4, column 4." in edited.content
    assert len((await world.game()).moves) == 2


async def test_four_by_four_text_move(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", size=4, level="easy", first="me")
    await world.alice.send(world.channel, "!move 4 4")
    assert "You played row 4, column 4." in world.last().content
    await world.alice.send(world.channel, "!move 5 1")
    assert "rows and columns go from 1 to 4" in world.last().content


@pytest.mark.parametrize("reply_fails_too", [False, True])
async def test_missing_permission_in_a_slash_command_is_answered_privately(
    world: World, caplog: pytest.LogCaptureFixture, reply_fails_too: bool
) -> None:
    """Discord refusing (403) is not a bug: logged as a warning, and the member is told,
    instead of seeing "The application did not respond"; if even that is refused, the bot
    shrugs (no error, no crash)."""
    times = 2 if reply_fails_too else 1
    world.env.inject_error("POST", "/interactions/*/callback", status=403, times=times)
    result = await world.alice.slash(world.channel, "tictactoe leaderboard")
    if reply_fails_too:
        assert not result.acknowledged
    else:
        assert result.ephemeral and result.response is not None
        assert result.response.content == MISSING_PERMISSION
    assert [type(e.original) for e in world.errors()] == [discord.Forbidden]  # type: ignore[attr-defined]
    warnings = [r for r in caplog.get_records("call") if r.levelno == logging.WARNING]
    assert len(warnings) == (2 if reply_fails_too else 1)
