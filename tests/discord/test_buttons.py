"""Board buttons: playing by clicking, refusals, finished boards, and restarts."""

from __future__ import annotations

import discord
from discord_helpers import (
    MakeBot,
    World,
    buttons,
    cell_id,
    cells,
    deferred_first,
    move_text,
    private_answer,
    text_of,
)

from bot.discord_bot import TicTacToeBot
from bot.engine import Move
from bot.engine.classic import analyze
from bot.games import Game, Status


async def start_board(world: World, **options: object) -> discord.Message:
    result = await world.alice.slash(world.channel, "tictactoe start", **options)
    assert result.response is not None
    return result.response.message


async def played_board(world: World) -> tuple[discord.Message, Game]:
    """alice's board after her first click (the centre) and my answer: a game that has
    started, so resigning it is a loss."""
    board = await start_board(world, first="me")
    await world.alice.click(board, custom_id=cell_id(await world.game(), Move(1, 1)))
    return board, await world.game()


async def test_click_plays_the_cell_and_edits_the_board_in_place(world: World) -> None:
    board = await start_board(world, first="me", level="perfect")
    game = await world.game()
    before = len(world.channel.history())
    result = await world.alice.click(board, custom_id=cell_id(game, Move(1, 1)))
    assert result.acknowledged and deferred_first(world, result) and not result.followups
    assert len(world.channel.history()) == before  # edited, not reposted
    edited = world.fresh(board)
    assert "You played row 2, column 2." in text_of(edited)
    assert "I played row" in text_of(edited)
    after = await world.game()
    assert after.moves[0] == Move(1, 1) and len(after.moves) == 2
    board_cells = cells(edited)
    assert board_cells[4].disabled and str(board_cells[4].emoji) == "❌"
    reply = after.moves[1]
    assert board_cells[reply.row * 3 + reply.col].disabled
    assert sum(not cell.disabled for cell in board_cells) == 7


async def test_wrong_member_click_is_refused_privately_and_changes_nothing(
    world: World,
) -> None:
    board = await start_board(world, first="me")
    game = await world.game()
    result = await world.bob.click(board, custom_id=cell_id(game, Move(0, 0)))
    assert private_answer(result) == (
        "This board belongs to alice's game, so only they can play it. "
        "When it ends you can start your own with `/tictactoe start`."
    )
    assert await world.game() == game
    assert text_of(world.fresh(board)) == text_of(board)
    assert len(world.channel.history(viewer=world.alice)) == 1  # alice sees nothing new


async def test_a_whole_game_by_clicks_ends_with_every_button_disabled(world: World) -> None:
    board = await start_board(world, first="me", level="perfect")
    game = await world.game()
    while game.is_active:
        move = analyze(game.position).best_moves[0]
        await world.alice.click(world.fresh(board), custom_id=cell_id(game, move))
        latest = await world.bot.service.get(game.id)
        assert latest is not None
        game = latest
    assert game.status is Status.DRAWN
    final = world.fresh(board)
    assert "Draw." in text_of(final)
    assert all(cell.disabled for cell in cells(final))


async def test_click_on_a_finished_board_says_the_game_is_over(world: World) -> None:
    """If the bot could not disable a finished game's board, a click answers "over"."""
    board, game = await played_board(world)
    # Make the resign's board edit fail, as if the bot lost access for a moment.
    world.env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/*", status=404)
    await world.alice.slash(world.channel, "tictactoe resign")
    still_live = world.fresh(board)
    assert not all(cell.disabled for cell in cells(still_live))
    free = game.position.legal_moves[0]
    result = await world.alice.click(still_live, custom_id=cell_id(game, free))
    assert [m.ephemeral for m in result.followups] == [True]
    assert text_of(result.followups[0]) == "That game is over."
    assert all(cell.disabled for cell in cells(world.fresh(board)))  # tidied up
    assert (await world.bot.service.get(game.id)).status is Status.RESIGNED  # type: ignore[union-attr]


async def test_restart_mid_game_keeps_buttons_and_text_moves_working(
    world: World, make_bot: MakeBot
) -> None:
    board = await start_board(world, first="me", level="perfect")
    game = await world.game()
    await world.alice.click(board, custom_id=cell_id(game, Move(1, 1)))
    old_bot = world.bot

    new_bot: TicTacToeBot = make_bot()
    await world.env.restart_bot(new_bot)
    await old_bot.service.close()
    assert world.bot is new_bot

    # The board posted before the restart still plays.
    game = await world.game()
    move = analyze(game.position).best_moves[0]
    result = await world.alice.click(world.fresh(board), custom_id=cell_id(game, move))
    assert result.acknowledged and not result.followups
    after = await world.game()
    assert after.moves[:3] == (*game.moves, move)
    assert f"You played row {move.row + 1}, column {move.col + 1}." in text_of(world.fresh(board))

    # And typing continues the same game.
    move = analyze(after.position).best_moves[0]
    await world.alice.send(world.channel, move_text(move))
    assert f"You played row {move.row + 1}, column {move.col + 1}." in text_of(world.last())
    assert (await world.bot.service.get(game.id)).moves[4] == move  # type: ignore[union-attr]


async def test_clicking_an_older_live_board_retires_the_newer_one(world: World) -> None:
    """If stripping an old board failed (say Discord refused for a moment), a click on it
    still plays, and that board becomes the one live board: the newer copy loses its buttons."""
    old = await start_board(world, first="me", level="perfect")
    world.env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/{old.id}", status=403)
    repost = await world.bob.slash(world.channel, "tictactoe board")
    assert repost.response is not None
    new = repost.response.message
    assert len(cells(world.fresh(old))) == 9  # the strip failed: two live boards for now

    game = await world.game()
    await world.alice.click(world.fresh(old), custom_id=cell_id(game, Move(1, 1)))
    assert "You played row 2, column 2." in text_of(world.fresh(old))
    assert buttons(world.fresh(new)) == []
    assert (await world.game()).message_id == old.id


async def resigned_board_left_live(world: World) -> tuple[discord.Message, int]:
    """alice's resigned game whose board kept its buttons (the edit was refused)."""
    board, game = await played_board(world)
    world.env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/*", status=404)
    await world.alice.slash(world.channel, "tictactoe resign")
    assert not all(cell.disabled for cell in cells(world.fresh(board)))
    return board, game.id


async def test_another_member_clicking_a_finished_board_is_told_it_is_over(world: World) -> None:
    board, game_id = await resigned_board_left_live(world)
    result = await world.bob.click(world.fresh(board), custom_id=f"ttt:{game_id}:0:0")
    assert [(m.ephemeral, text_of(m)) for m in result.followups] == [(True, "That game is over.")]
    assert all(cell.disabled for cell in cells(world.fresh(board)))
    assert (await world.bot.service.get(game_id)).status is Status.RESIGNED  # type: ignore[union-attr]


async def test_clicking_a_previous_games_board_leaves_the_new_game_alone(world: World) -> None:
    board, old_id = await resigned_board_left_live(world)
    started = await world.bob.slash(world.channel, "tictactoe start", first="me")
    assert started.response is not None
    current = await world.game()
    # bob, whose game runs now, clicks the old board: it must not play into his game.
    old = await world.bot.service.get(old_id)
    assert old is not None
    free = old.position.legal_moves[0]  # free on the old board, and on bob's new one
    result = await world.bob.click(world.fresh(board), custom_id=cell_id(old, free))
    assert [(m.ephemeral, text_of(m)) for m in result.followups] == [(True, "That game is over.")]
    assert all(cell.disabled for cell in cells(world.fresh(board)))
    assert await world.game() == current  # bob's game: no move, same live board
    assert not any(cell.disabled for cell in cells(world.fresh(started.response.message)))
