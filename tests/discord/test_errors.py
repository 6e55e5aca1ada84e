"""Unexpected failures: logged with a traceback, answered with a short apology, bot keeps going;
a move that was saved is never apologised for: its board is late, and delivered.

Failures are provoked with simcord's ``inject_error`` (Discord answering 500 to one request),
so the real error paths of discord.py and of the bot run.
"""

from __future__ import annotations

import logging

import discord
import pytest
from discord_helpers import AFTER_A_REFUSAL, World, cell_id, cells, deferred_first, text_of

from bot.discord_bot.cogs.deliveries import DELIVERY_INTERVAL
from bot.discord_bot.cogs.expiry import EXPIRY_INTERVAL
from bot.discord_bot.cogs.puzzles import DAILY_INTERVAL
from bot.discord_bot.permissions import LATE
from bot.discord_bot.texts import APOLOGY, BOARD_LATE, MISSING_PERMISSION
from bot.engine import Move
from bot.games.boards import FIRST_TRY
from bot.games.store_errors import StoreUnavailableError


def logged_errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    records = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    caplog.clear()  # these were expected; the autouse check must not fail on them
    return records


async def test_a_refused_text_reply_is_late_never_try_again_and_is_delivered_once(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord refusing the board of a saved move (past discord.py's own retries): no apology
    and no "try again" (the move is in), a ⏳ on the member's message, a warning in the log;
    the deliveries' sweep then shows the board once, by editing the game's board."""
    start = await world.alice.slash(world.channel, "tictactoe start", first="me")
    assert start.response is not None
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=500)
    typed = await world.alice.send(world.channel, "!move 2 2")
    assert world.last().id == typed.id  # nothing posted: no apology, no board yet
    stored = world.env.backend.get_message(world.channel.id, typed.id)
    assert stored.reaction_for(LATE) is not None
    assert (await world.game()).moves[0] == Move(1, 1)  # saved
    warnings = [r.getMessage() for r in caplog.get_records("call") if r.levelno == logging.WARNING]
    assert any("is late" in warning for warning in warnings), warnings
    assert world.errors() == []
    await world.env.advance_time(AFTER_A_REFUSAL + 2 * DELIVERY_INTERVAL)  # not the first try
    board = next(m for m in world.channel.history() if m.id == start.response.id)
    assert "2\N{VARIATION SELECTOR-16}\N{COMBINING ENCLOSING KEYCAP}⬜❌" in text_of(board)
    game = await world.game()
    assert game.message_id == start.response.id  # edited in place: shown once
    posts = len(world.channel.history())
    await world.env.advance_time(FIRST_TRY + 2 * DELIVERY_INTERVAL)
    assert len(world.channel.history()) == posts  # no longer owed: nothing more
    await world.alice.send(world.channel, "!move 1 1")
    assert "You played row 1, column 1." in text_of(world.last())


@pytest.mark.parametrize("how", ["typed", "clicked"])
async def test_a_board_shown_while_the_store_fails_is_no_lie_and_is_not_shown_twice(
    world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """Found by the wire-level harness (a PostgreSQL outage right after a start): the move
    is saved and its board shown, then recording where it is shown fails. The member must
    not be told "the store is unavailable, please try again" (doing so would play another
    move); the board stays owed, and the sweep finds it already shown instead of showing it
    a second time on the game's older board message."""
    start = await world.alice.slash(world.channel, "tictactoe start", first="me")
    assert start.response is not None
    boards = world.bot.service.boards
    failing = {"attach": boards.attach, "shown": boards.shown}

    def fail_once(name: str) -> object:
        async def fail(*args: object) -> None:
            monkeypatch.setattr(boards, name, failing[name])  # once
            raise StoreUnavailableError()

        return fail

    for name in failing:
        monkeypatch.setattr(boards, name, fail_once(name))
    if how == "typed":
        await world.alice.send(world.channel, "!move 2 2")
        board = world.last()
        assert text_of(board).startswith("You played row 2, column 2.")  # no "try again"
    else:
        click = await world.alice.click(
            start.response.message, custom_id=cell_id(await world.game(), Move(1, 1))
        )
        assert click.followups == []  # nothing said privately: no "try again"
        board = next(m for m in world.channel.history() if m.id == start.response.id)
        assert "You played row 2, column 2." in text_of(board)
    assert len((await world.game()).moves) == 2  # saved
    assert world.errors() == []
    shown_as = text_of(board).split("\n", 1)[1]  # the board, after the headline
    await world.env.advance_time(FIRST_TRY + 2 * DELIVERY_INTERVAL)
    showing = [m for m in world.channel.history() if text_of(m).endswith(shown_as) and cells(m)]
    assert [m.id for m in showing] == [board.id]  # shown once, with its buttons
    assert (await world.game()).message_id == board.id
    assert world.errors() == []
    warnings = [r.getMessage() for r in caplog.get_records("call") if r.levelno >= logging.WARNING]
    assert any("Could not note the board of game 1" in warning for warning in warnings), warnings
    caplog.clear()


async def test_a_store_outage_under_the_sweeps_is_a_warning_a_round_not_a_traceback(
    world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by bench/faults.py (PostgreSQL stopped for 5 s under play): the deliveries' and
    the expiry's sweeps logged a traceback every round. The store unavailable is no bug of
    the bot's: one warning line a round (the store logs the detail), and the sweeps go on."""
    service = world.bot.service

    async def unavailable(*args: object, **kwargs: object) -> None:
        raise StoreUnavailableError()

    def warned() -> set[str]:
        records = [r for r in caplog.get_records("call") if r.levelno >= logging.WARNING]
        assert all(r.levelno == logging.WARNING and r.exc_info is None for r in records)
        return {r.getMessage().split(" (")[0] for r in records}

    monkeypatch.setattr(service.boards, "owed", unavailable)
    monkeypatch.setattr(service, "expire_idle", unavailable)
    monkeypatch.setattr(service.puzzles.daily, "due", unavailable)
    caplog.clear()
    await world.env.advance_time(DAILY_INTERVAL + 2 * DELIVERY_INTERVAL)
    assert warned() == {
        "Could not read the boards owed",
        "Could not expire idle games",
        "Could not look for daily puzzles due",
    }
    monkeypatch.undo()  # idle games expire again; the open challenges cannot
    monkeypatch.setattr(service.duels, "expire_challenges", unavailable)
    caplog.clear()
    await world.env.advance_time(EXPIRY_INTERVAL)
    assert warned() == {"Could not expire open challenges"}
    monkeypatch.undo()
    caplog.clear()
    result = await world.alice.slash(world.channel, "tictactoe start", first="me")
    assert result.response is not None  # the bot plays on


async def test_failed_slash_answer_gets_a_private_apology(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    world.env.inject_error("POST", "/interactions/*/callback", status=500)
    result = await world.alice.slash(world.channel, "tictactoe leaderboard")
    assert result.ephemeral and result.response is not None
    assert text_of(result.response) == APOLOGY
    assert len(logged_errors(caplog)) == 1
    assert len(world.errors()) == 1  # seen by the tree's on_error


@pytest.mark.parametrize("status", [500, 403])
async def test_a_refused_board_edit_after_a_click_is_late_and_delivered(
    world: World, caplog: pytest.LogCaptureFixture, status: int
) -> None:
    """A click's move is saved before its board is shown: Discord failing (500) or refusing
    (403) the edit leaves the member a private "the board will follow", never "try again",
    and the sweep shows the board."""
    result = await world.alice.slash(world.channel, "tictactoe start", first="me")
    assert result.response is not None
    game = await world.game()
    world.env.inject_error("PATCH", "/webhooks/*/messages/@original", status=status)
    click = await world.alice.click(result.response.message, custom_id=cell_id(game, Move(0, 0)))
    assert [(m.ephemeral, text_of(m)) for m in click.followups] == [(True, BOARD_LATE)]
    records = [r for r in caplog.get_records("call") if r.levelno >= logging.WARNING]
    assert [(r.levelno, "is late" in r.getMessage()) for r in records] == [(logging.WARNING, True)]
    assert len((await world.game()).moves) == 2  # the move and the bot's answer, saved
    await world.env.advance_time(AFTER_A_REFUSAL + 2 * DELIVERY_INTERVAL)  # not the first try
    board = next(m for m in world.channel.history() if m.id == result.response.id)
    assert "1\N{VARIATION SELECTOR-16}\N{COMBINING ENCLOSING KEYCAP}❌⬜⬜" in text_of(board)
    assert world.errors() == []


async def test_four_by_four_click_defers_before_the_engine_thinks(world: World) -> None:
    result = await world.alice.slash(
        world.channel, "tictactoe start", size=4, level="easy", first="me"
    )
    assert result.response is not None
    board = result.response.message
    assert len(cells(board)) == 16
    game = await world.game()
    click = await world.alice.click(board, custom_id=cell_id(game, Move(3, 3)))
    assert deferred_first(world, click) and not click.followups
    edited = next(m for m in world.channel.history() if m.id == board.id)
    assert "You played row 4, column 4." in text_of(edited)
    assert len((await world.game()).moves) == 2


async def test_four_by_four_text_move(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", size=4, level="easy", first="me")
    await world.alice.send(world.channel, "!move 4 4")
    assert "You played row 4, column 4." in text_of(world.last())
    await world.alice.send(world.channel, "!move 5 1")
    assert "rows and columns go from 1 to 4" in text_of(world.last())


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
        assert text_of(result.response) == MISSING_PERMISSION
    assert [type(e.original) for e in world.errors()] == [discord.Forbidden]  # type: ignore[attr-defined]
    warnings = [r for r in caplog.get_records("call") if r.levelno == logging.WARNING]
    assert len(warnings) == (2 if reply_fails_too else 1)
