"""Ultimate tic-tac-toe on Discord through simcord (issue 29): /tictactoe start game:ultimate,
the emoji grid within 2,000 characters, moves by !move R C and by buttons in two steps (a small
board, then its cells; at once when the move is sent to one board), refusals, and a restart."""

from __future__ import annotations

import discord
from discord_helpers import (
    CONTROLS,
    MakeBot,
    World,
    button_rows,
    buttons,
    cells,
    move_text,
    posted,
    private_answer,
    text_of,
)

from bot.discord_bot import TicTacToeBot
from bot.engine import Move
from bot.games import Game


async def start_ultimate(world: World, **options: object) -> discord.Message:
    result = await world.alice.slash(
        world.channel, "tictactoe start", game="ultimate", first="me", **options
    )
    assert result.response is not None, world.errors()
    assert result.acknowledged  # within Discord's 3 seconds, deferred if the work is slow
    return result.response.message


def moves_and_boards(message: discord.Message) -> list[discord.Button]:
    """The buttons above the controls: small boards, cells, Back."""
    return [b for b in buttons(message) if (b.custom_id or "").startswith(("ttt:", "ttu:"))]


def in_board(move: Move, board: int) -> bool:
    return move.row // 3 * 3 + move.col // 3 == board


def cell_moves(message: discord.Message) -> list[Move]:
    found = []
    for button in cells(message):
        _, _, row, col = (button.custom_id or "").split(":")
        found.append(Move(int(row), int(col)))
    return found


def check_cells_of_forced_board(message: discord.Message, game: Game) -> None:
    """The board's buttons are the nine cells the mover is sent to, taken ones disabled."""
    forced = game.position.forced_board
    assert forced is not None
    moves = cell_moves(message)
    assert len(moves) == 9 and all(in_board(move, forced) for move in moves)
    for button, move in zip(cells(message), moves, strict=True):
        assert button.disabled is (game.position.at(move) is not None)
    assert not any((b.custom_id or "").endswith(":back") for b in buttons(message))


async def test_start_shows_the_grid_and_the_nine_small_boards(world: World) -> None:
    board = await start_ultimate(world, level="easy")
    game = await world.game()
    assert (game.size, game.level, game.moves) == (9, "easy", ())
    content = text_of(board)
    assert len(content) <= 2000
    assert "Ultimate tic-tac-toe: alice (❌) vs me (⭕), easy" in content
    assert "Your turn, alice (❌): play in any open small board." in content
    assert "Click a small board and then a cell, or type `!move <row> <column>` (1-9)." in content
    grid = [line for line in content.splitlines() if line[:1].isdigit()]
    assert len(grid) == 9 and grid[0] == "1️⃣ ⬜⬜⬜ ⬜⬜⬜ ⬜⬜⬜"
    assert button_rows(board)[-1] == CONTROLS
    labels = [b.label for b in moves_and_boards(board)]
    assert labels[0] == "rows 1-3, cols 1-3" and labels[8] == "rows 7-9, cols 7-9"
    assert len(labels) == 9 and not any(b.disabled for b in moves_and_boards(board))


async def test_two_steps_by_buttons_then_the_sent_board_at_once(world: World) -> None:
    board = await start_ultimate(world, level="easy")
    game = await world.game()
    result = await world.alice.click(board, custom_id=f"ttu:{game.id}:4")
    assert result.acknowledged and not result.ephemeral
    shown = world.fresh(board)
    moves = cell_moves(shown)
    assert len(moves) == 9 and all(in_board(move, 4) for move in moves)
    assert moves_and_boards(shown)[-1].custom_id == f"ttu:{game.id}:back"
    await world.alice.click(shown, custom_id=f"ttu:{game.id}:back")  # Back: the boards again
    assert len(moves_and_boards(world.fresh(board))) == 9 and not cells(world.fresh(board))
    await world.alice.click(world.fresh(board), custom_id=f"ttu:{game.id}:0")
    await world.alice.click(world.fresh(board), custom_id=f"ttt:{game.id}:1:1")  # board 0's centre
    after = await world.game()
    assert after.moves[0] == Move(1, 1) and len(after.moves) == 2
    assert in_board(after.moves[1], 4)  # the centre cell sent me to the centre board
    edited = world.fresh(board)
    assert "You played row 2, column 2." in text_of(edited)
    check_cells_of_forced_board(edited, after)


async def test_moves_by_typing_and_the_sending_rule(world: World) -> None:
    await start_ultimate(world, level="easy")
    await world.alice.send(world.channel, "!move 5 5")
    game = await world.game()
    reply = world.last()
    assert "You played row 5, column 5." in text_of(reply) and len(text_of(reply)) <= 2000
    assert in_board(game.moves[1], 4)
    check_cells_of_forced_board(reply, game)
    forced = game.position.forced_board
    elsewhere = next(m for m in (Move(0, 0), Move(8, 8)) if not in_board(m, forced or 0))
    await world.alice.send(world.channel, move_text(elsewhere))
    assert "The last move sends you to the small board in rows" in text_of(world.last())
    assert (await world.game()).moves == game.moves
    world.errors()  # the refusal, answered in the channel


async def test_others_and_perfect_are_refused(world: World) -> None:
    result = await world.alice.slash(
        world.channel, "tictactoe start", game="ultimate", level="perfect"
    )
    assert result.ephemeral and "no perfect level" in text_of(result.response)  # type: ignore[union-attr]
    board = await start_ultimate(world, level="easy")
    game = await world.game()
    result = await world.bob.click(board, custom_id=f"ttu:{game.id}:4")
    assert "only they can play it" in private_answer(result)
    assert len(cells(world.fresh(board))) == 0
    world.errors()


async def test_a_restart_keeps_the_ultimate_board_playable(world: World, make_bot: MakeBot) -> None:
    board = await start_ultimate(world, level="easy")
    await world.alice.send(world.channel, "!move 1 1")  # board 0's corner: I answer in board 0
    live = world.last()
    old_bot = world.bot
    new_bot: TicTacToeBot = make_bot()
    await world.env.restart_bot(new_bot)
    await old_bot.service.close()
    game = await world.game()
    move = next(m for m in cell_moves(live) if game.position.at(m) is None)
    result = await world.alice.click(live, custom_id=f"ttt:{game.id}:{move.row}:{move.col}")
    assert result.acknowledged and not result.followups
    after = await world.game()
    assert after.moves[:3] == (*game.moves, move)
    assert board.id != live.id


async def test_a_duel_of_ultimate_by_typing_and_clicking_then_a_rematch(world: World) -> None:
    result = await world.alice.slash(
        world.channel,
        "tictactoe challenge",
        opponent=world.bob,
        game="ultimate",
        first="challenger",
    )
    assert result.response is not None, world.errors()
    offer = result.response.message
    assert "to a duel of ultimate tic-tac-toe" in text_of(offer)
    accept = next(b for b in buttons(offer) if b.label == "Accept")
    await world.bob.click(offer, custom_id=accept.custom_id or "")
    game = await world.game()
    assert game.is_duel and game.kind == "ultimate"
    await world.alice.send(world.channel, "!move 5 5")  # sends bob to the centre board
    board = world.last()
    assert "alice played row 5, column 5." in text_of(board)
    assert "Your turn, bob (⭕): play in the small board in rows 4-6, columns 4-6." in text_of(
        board
    )
    game = await world.game()
    check_cells_of_forced_board(board, game)
    await world.bob.click(board, custom_id=f"ttt:{game.id}:3:3")  # its corner: alice to board 0
    game = await world.game()
    assert game.moves == (Move(4, 4), Move(3, 3))
    check_cells_of_forced_board(world.fresh(board), game)
    await world.alice.slash(world.channel, "tictactoe resign")
    final = world.fresh(board)
    rematch = next(b for b in buttons(final) if b.label == "Rematch")
    again = posted(await world.bob.click(final, custom_id=rematch.custom_id or ""))
    assert "bob challenges" in text_of(again)
    assert "to a duel of ultimate tic-tac-toe" in text_of(again)


async def test_hint_names_the_top_moves_with_win_rates_privately(world: World) -> None:
    await start_ultimate(world, level="easy")
    result = await world.alice.slash(world.channel, "tictactoe hint")
    assert result.ephemeral and result.response is not None
    text = text_of(result.response)
    assert text.startswith("Hint for alice: the engine's top moves (win rate for you")
    assert "% (" in text and "Best: " in text
    explained = await world.alice.slash(world.channel, "tictactoe explain")
    assert explained.ephemeral and "ultimate tic-tac-toe is not solved" in (
        text_of(explained.response)  # type: ignore[union-attr]
    )
    world.errors()


async def test_ultimate_games_and_duels_have_their_own_leaderboards(world: World) -> None:
    await start_ultimate(world, level="easy")
    await world.alice.send(world.channel, "!move 5 5")
    await world.alice.slash(world.channel, "tictactoe resign")  # counted: alice had moved
    result = await world.alice.slash(
        world.channel, "tictactoe challenge", opponent=world.bob, game="ultimate"
    )
    assert result.response is not None, world.errors()
    offer = result.response.message
    accept = next(b for b in buttons(offer) if b.label == "Accept")
    await world.bob.click(offer, custom_id=accept.custom_id or "")
    game = await world.game()
    mover = world.alice if game.x.member_id == world.alice.id else world.bob
    await mover.send(world.channel, "!move 5 5")
    await mover.slash(world.channel, "tictactoe resign")
    winner, loser = ("bob", "alice") if mover is world.alice else ("alice", "bob")

    async def leaderboard(**kind: str) -> str:
        shown = await world.alice.slash(world.channel, "tictactoe leaderboard", **kind)
        assert shown.response is not None, world.errors()
        return text_of(shown.response)

    assert (await leaderboard()).startswith("Nobody is on the leaderboard yet")
    assert (await leaderboard(kind="duels")).startswith("Nobody has finished a duel here yet")
    assert await leaderboard(kind="ultimate") == (
        "Ultimate leaderboard (a win is 3 points, a draw 1):\n"
        "1. alice \u2014 0 points (0 wins, 1 loss, 0 draws)"
    )
    assert await leaderboard(kind="ultimate-duels") == (
        "Ultimate duel leaderboard (Elo rating, everyone starts at 1200):\n"
        f"1. {winner} \u2014 1216 (1 duel)\n2. {loser} \u2014 1184 (1 duel)"
    )
    stats = await world.alice.slash(world.channel, "tictactoe stats")
    assert stats.response is not None
    rating = 1216 if winner == "alice" else 1184
    record = "1 win, 0 losses" if rating > 1200 else "0 wins, 1 loss"
    assert f"(ultimate: {record}, 0 draws), ultimate rating {rating}." in text_of(stats.response)
    assert "), rating" not in text_of(stats.response)  # no classic duel rating
