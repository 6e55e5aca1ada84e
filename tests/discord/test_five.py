"""5x5 on Discord: 25 cell buttons, a click plays, and a finished board keeps its Rematch."""

from __future__ import annotations

import re

from discord_helpers import (
    CONTROLS,
    World,
    button_rows,
    buttons,
    cell_id,
    cells,
    move_text,
    posted,
    text_of,
)

from bot.engine import Move
from bot.games import Status
from bot.games.render.glyphs import keycap
from bot.games.variants.classic.explain import EMOJI_ESTIMATE


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
    await world.alice.slash(world.channel, "tictactoe start", size=5, level="hard", first="me")
    for command in ("tictactoe hint", "tictactoe explain"):
        result = await world.alice.slash(world.channel, command)
        assert result.ephemeral and result.response is not None
        lines = text_of(result.response).split("\n")
        named = re.search(r"an estimate and not a proof: row (\d), column (\d)\.$", lines[0])
        assert named is not None, lines[0]
        row, col = int(named[1]), int(named[2])
        assert lines[1] == "My estimate (\u274c to move):"
        cells = ["\u2b1c"] * 5
        cells[col - 1] = EMOJI_ESTIMATE
        assert lines[2 + row] == keycap(row) + "".join(cells)  # under the column numbers
        assert sum(line.count(EMOJI_ESTIMATE) for line in lines[2:8]) == 1  # one cell only
        assert lines[-1].startswith(f"{EMOJI_ESTIMATE} = my pick, only an estimate")
