"""The controls under every board (Resign, Hint, Rematch): what each does, who may press it,
and that a board's controls act on that board's game only."""

from __future__ import annotations

import discord
import pytest
from discord_helpers import (
    CONTROLS,
    World,
    button_rows,
    buttons,
    cell_id,
    cells,
    private_answer,
    text_of,
)

from bot.discord_bot.board_view import ACCENT
from bot.engine import Move
from bot.games import Status


def control(message: discord.Message, label: str) -> discord.Button:
    return next(b for b in buttons(message) if b.label == label)


def enabled_controls(message: discord.Message) -> list[str]:
    return [b.label or "" for b in buttons(message) if b.label in CONTROLS and not b.disabled]


def accent(message: discord.Message) -> int | None:
    """The board container's accent colour (how the game stands)."""
    container = message.components[0]
    assert isinstance(container, discord.Container)
    colour = container.accent_colour
    return None if colour is None else colour.value


async def started(world: World, **options: object) -> discord.Message:
    """alice's new board (she moves first unless told)."""
    options.setdefault("first", "me")
    result = await world.alice.slash(world.channel, "tictactoe start", **options)
    assert result.response is not None, world.errors()
    return result.response.message


async def test_a_running_board_offers_resign_and_hint_and_a_finished_one_rematch(
    world: World,
) -> None:
    board = await started(world)
    assert button_rows(board)[-1] == CONTROLS
    assert enabled_controls(board) == ["Resign", "Hint"]
    assert accent(board) == ACCENT["member"]
    game = await world.game()
    await world.alice.click(board, custom_id=cell_id(game, Move(1, 1)))
    result = await world.alice.click(world.fresh(board), custom_id=f"ttt-resign:{game.id}")
    assert result.acknowledged and not result.followups  # the board itself is the answer
    ended = await world.bot.service.get(game.id)
    assert ended is not None and ended.status is Status.RESIGNED
    final = world.fresh(board)
    assert "alice resigned." in text_of(final)
    assert enabled_controls(final) == ["Rematch"]
    assert accent(final) == ACCENT["lost"]
    assert all(cell.disabled for cell in cells(final))


async def test_resign_before_any_move_sets_the_game_aside_uncounted(world: World) -> None:
    board = await started(world)
    game = await world.game()
    await world.alice.click(board, custom_id=f"ttt-resign:{game.id}")
    ended = await world.bot.service.get(game.id)
    assert ended is not None and ended.status is Status.EXPIRED
    stats = await world.bot.service.standings.stats(
        guild_id=world.guild.id, member_id=world.alice.id
    )
    assert stats.total.games == 0
    assert enabled_controls(world.fresh(board)) == []  # set aside: nothing to rematch


async def test_hint_answers_privately_and_changes_nothing(world: World) -> None:
    board = await started(world)
    game = await world.game()
    before = text_of(world.fresh(board))
    result = await world.alice.click(board, custom_id=f"ttt-hint:{game.id}")
    hint = private_answer(result)
    assert "row 2, column 2" in hint and "draws" in hint
    assert text_of(world.fresh(board)) == before
    assert (await world.game()).moves == ()


async def test_someone_else_pressing_resign_is_refused_privately(world: World) -> None:
    board = await started(world)
    game = await world.game()
    result = await world.bob.click(board, custom_id=f"ttt-resign:{game.id}")
    assert "alice" in private_answer(result)
    assert (await world.game()).status is Status.ACTIVE
    world.errors()


@pytest.mark.parametrize("pressed", ["resign", "hint"])
async def test_an_old_boards_controls_do_not_touch_the_next_game(
    world: World, pressed: str
) -> None:
    """A finished game's board that kept its controls (Discord refused the edit), pressed once
    a new game runs: that game is over, the board is retired, and the new game plays on."""
    first = await started(world)
    old = await world.game()
    await world.alice.click(first, custom_id=cell_id(old, Move(1, 1)))
    world.env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/{first.id}", status=404)
    await world.alice.slash(world.channel, "tictactoe resign")
    assert "Resign" in enabled_controls(world.fresh(first))  # the edit was refused
    await started(world)
    new = await world.game()
    result = await world.alice.click(world.fresh(first), custom_id=f"ttt-{pressed}:{old.id}")
    assert private_answer(result) == "That game is over."
    assert enabled_controls(world.fresh(first)) == ["Rematch"]  # retired by the press
    assert (await world.game()).id == new.id and (await world.game()).is_active
    world.errors()


async def test_a_duel_board_has_no_hint(world: World) -> None:
    offer = await world.alice.slash(
        world.channel, "tictactoe challenge", opponent=world.bob, first="challenger"
    )
    assert offer.response is not None
    accept = next(b for b in buttons(offer.response.message) if b.label == "Accept")
    assert accept.custom_id is not None
    await world.bob.click(offer.response.message, custom_id=accept.custom_id)
    board = world.last()
    assert board.id == (await world.game()).message_id
    assert button_rows(board)[-1] == CONTROLS
    assert enabled_controls(board) == ["Resign"]
