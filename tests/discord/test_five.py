"""5x5 on Discord: 25 cell buttons, a click plays, and a finished board keeps its Rematch."""

from __future__ import annotations

import random
import re

import pytest
from discord_helpers import (
    CONTROLS,
    MakeBot,
    World,
    button_rows,
    buttons,
    cell_id,
    cells,
    move_text,
    posted,
    text_of,
)

from bot.discord_bot.app import TicTacToeBot
from bot.engine import Move, Player
from bot.engine.classic import Board
from bot.engine.position import Position
from bot.games import Status
from bot.games.render.explaining import EMOJI_ESTIMATE
from bot.games.render.glyphs import keycap

REPLIES = {
    frozenset({Move(0, 2)}): Move(0, 3),  # X 1,3: O 1,4, where nothing is proven in time
    frozenset({Move(2, 2)}): Move(1, 3),  # issue 46's game: X 3,3, O 2,4, X 2,2, O 4,4
    frozenset({Move(2, 2), Move(1, 1)}): Move(3, 3),
}


def scripted(position: Position, level: str, rng: random.Random, rating: float | None) -> Move:
    """The bot's replies in these games (``REPLIES``, by X's cells), else its first free cell."""
    assert isinstance(position, Board)
    xs = frozenset(m for m in position.geometry.moves if position.at(m) is Player.X)
    return REPLIES.get(xs, position.legal_moves[0])


@pytest.fixture
def simcord_bot(make_bot: MakeBot) -> TicTacToeBot:
    return make_bot(choose_move=scripted)


async def test_start_size_5_gives_25_buttons_and_a_click_plays(world: World) -> None:
    started = await world.alice.slash(
        world.channel, "tictactoe start", size=5, level="easy", first="me"
    )
    assert started.response is not None
    board = started.response.message
    rows = button_rows(board)
    assert [len(row) for row in rows] == [5, 5, 5, 5, 5, 3] and rows[-1] == CONTROLS
    assert "5\N{MULTIPLICATION SIGN}5" in text_of(board)
    assert "5\ufe0f\u20e3" in text_of(board)  # the emoji board's fifth row and column
    game = await world.game()
    assert (game.size, game.k) == (5, 4)
    await world.alice.click(board, custom_id=cell_id(game, Move(2, 2)))
    game = await world.game()
    assert game.moves[0] == Move(2, 2) and len(game.moves) == 2
    edited = next(m for m in world.channel.history() if m.id == board.id)
    assert sum(not cell.disabled for cell in cells(edited)) == 23


async def test_a_finished_5x5_board_keeps_its_cells_disabled_and_offers_only_a_rematch(
    world: World,
) -> None:
    await world.alice.slash(world.channel, "tictactoe start", size=5, level="easy", first="me")
    await world.alice.send(world.channel, move_text(Move(2, 2)))
    await world.alice.slash(world.channel, "tictactoe resign")
    old = await world.bot.service.get(1)
    assert old is not None and old.status is Status.RESIGNED
    board = next(m for m in world.channel.history() if m.id == old.message_id)
    assert "\u274c" in text_of(board)  # the member's mark, on the emoji board in the text
    assert len(cells(board)) == 25 and button_rows(board)[-1] == CONTROLS
    assert [b.label for b in buttons(board) if not b.disabled] == ["Rematch"]
    rematch_id = next(b.custom_id for b in buttons(board) if b.label == "Rematch")
    assert rematch_id is not None
    again = posted(await world.alice.click(board, custom_id=rematch_id))
    assert "Rematch, sides swapped." in text_of(again)
    game = await world.game()
    assert (game.size, game.x.is_bot, len(game.moves)) == (5, True, 1)
    assert len(cells(again.message)) == 25


async def test_an_early_5x5_hint_and_explain_mark_the_estimated_pick_on_the_board(
    world: World,
) -> None:
    """X 1,3, O 1,4: nothing proven within the budget, so the estimate, said once."""
    await world.alice.slash(world.channel, "tictactoe start", size=5, level="hard", first="me")
    await world.alice.send(world.channel, move_text(Move(0, 2)))
    for command in ("tictactoe hint", "tictactoe explain"):
        result = await world.alice.slash(world.channel, command)
        assert result.ephemeral and result.response is not None
        lines = text_of(result.response).split("\n")
        named = re.search(r"My pick, an estimate: row (\d), column (\d)\.$", lines[0])
        assert named is not None, lines[0]
        row, col = int(named[1]), int(named[2])
        assert lines[1] == "My pick (\u274c to move):"
        assert lines[2 + row].split(keycap(row))[1][col - 1] == EMOJI_ESTIMATE
        assert sum(line.count(EMOJI_ESTIMATE) for line in lines[2:8]) == 1  # one cell only
        assert lines[-1] == f"{EMOJI_ESTIMATE} = my pick, not proven."
        assert text_of(result.response).count("estimate") == 1


async def test_the_5x5_hint_of_issue_46s_game_is_exact_as_its_review_is(world: World) -> None:
    """X 3,3, O 2,4, X 2,2, O 4,4: the review proved this position, and so does the hint."""
    await world.alice.slash(world.channel, "tictactoe start", size=5, level="hard", first="me")
    for move in (Move(2, 2), Move(1, 1)):
        await world.alice.send(world.channel, move_text(move))
    game = await world.game()
    assert game.moves == (Move(2, 2), Move(1, 3), Move(1, 1), Move(3, 3))
    result = await world.alice.slash(world.channel, "tictactoe hint")
    assert result.response is not None
    said = text_of(result.response)
    assert said.startswith(
        "Hint for alice: with best play on both sides this is a draw.\n"
        "Best: row 1, column 4 — draws.\nEvery move, best first:\n"
    )
    assert "estimate" not in said
