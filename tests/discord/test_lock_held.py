"""Another OS process holds the database's write lock while members play on Discord.

A real second process takes the file's write lock (``lock_holder``): a member's ``!move`` is
answered with the busy sentence (no file path, no SQLite text) and changes nothing, another
channel's board still answers while the lock is held, and once it is released the move plays.
"""

from __future__ import annotations

import pytest
from discord_helpers import World, is_refusal, text_of
from lock_holder import write_lock_held

from bot.games import StoreBusyError
from bot.games.errors import BUSY
from bot.settings import Settings

pytestmark = pytest.mark.processes


async def test_a_move_while_another_process_holds_the_lock_is_told_busy_and_changes_nothing(
    world: World, settings: Settings
) -> None:
    other = world.guild.create_text_channel("other")
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    await world.bob.slash(other, "tictactoe start", first="me")
    before = await world.game()

    with write_lock_held(settings.database_path) as holder:
        await world.alice.send(world.channel, "!move 2 2")
        answer = world.last()
        board = await world.bob.slash(other, "tictactoe board")
        assert holder.holds()  # both answered while the lock was still held

    assert text_of(answer) == BUSY
    for leak in (str(settings.database_path), "games.db", "locked", "SQLite", "sqlite"):
        assert leak not in text_of(answer)
    assert not answer.components  # a sentence, not a board
    assert board.response is not None and "bob" in text_of(board.response)
    assert board.response.components  # bob's live board, with its buttons
    errors = world.errors()
    assert any(isinstance(getattr(e, "original", e), StoreBusyError) for e in errors)
    assert all(is_refusal(e) for e in errors)

    assert await world.game() == before  # the busy move left nothing behind
    await world.alice.send(world.channel, "!move 2 2")
    played = await world.game()
    assert played.moves[0].row == played.moves[0].col == 1 and len(played.moves) == 2
    assert world.last().components  # the board again, with the bot's answer
