"""Connect Four's board as its variant's renderer draws it, read back: the columns numbered as
moves are typed, each disc where the engine dropped it (X and O, 🔴 and 🟡), the winning four
marked ([X], 🟥 🟨) and nothing else, and the title and status lines around it."""

from __future__ import annotations

import pytest

from bot.engine import Move, Player
from bot.games import Status
from bot.games.render.boards import render_emoji, render_text
from bot.games.variants.connect4 import CONNECT4
from tests.games.variants.connect4.connect4_games import BOB, BOT, FULL, board_after, game_of

KEYCAPS = "".join(f"{col}\ufe0f\u20e3" for col in range(1, 8))
EMOJI = {"🔴": Player.X, "🟡": Player.O, "🟥": Player.X, "🟨": Player.O}
WINNING_EMOJI = {"🟥", "🟨"}
WINS = {
    "row": ("1122334", {Move(5, col) for col in range(4)}),
    "column": ("14241424", {Move(row, 3) for row in range(2, 6)}),
    "diagonal": ("12234334744", {Move(5, 0), Move(4, 1), Move(3, 2), Move(2, 3)}),
}


def text_cells(lines: list[str]) -> dict[Move, tuple[str, bool]]:
    """The terminal grid read back: each cell's glyph (X, O or .) and whether it is marked
    as part of the winning four."""
    assert lines[0] == "  1  2  3  4  5  6  7"
    assert lines[7] == "+" + "-" * 21 + "+"
    cells = {}
    for row, line in enumerate(lines[1:7]):
        assert line.startswith("|") and line.endswith("|") and len(line) == 23
        for col in range(7):
            cell = line[1 + 3 * col : 4 + 3 * col]
            cells[Move(row, col)] = (cell.strip("[] "), cell.startswith("["))
    return cells


def emoji_cells(lines: list[str]) -> dict[Move, str]:
    assert lines[0] == KEYCAPS and all(len(line) == 7 for line in lines[1:7])
    return {Move(row, col): lines[1 + row][col] for row in range(6) for col in range(7)}


@pytest.mark.parametrize("columns", [*(columns for columns, _ in WINS.values()), FULL, "4453"])
def test_every_disc_is_drawn_where_the_engine_dropped_it(columns: str) -> None:
    game = game_of(columns)
    board = board_after(columns)
    text = text_cells(CONNECT4.renderer.text_grid(game, None))
    emoji = emoji_cells(CONNECT4.renderer.emoji_grid(game))
    for cell, (glyph, _) in text.items():
        player = board.at(cell)
        assert glyph == ("." if player is None else player.value)
        assert emoji[cell] == "⚪" if player is None else EMOJI[emoji[cell]] is player


@pytest.mark.parametrize("name", list(WINS))
def test_the_winning_four_and_only_it_is_marked(name: str) -> None:
    columns, line = WINS[name]
    game = game_of(columns)
    text = text_cells(CONNECT4.renderer.text_grid(game, None))
    assert {cell for cell, (_, marked) in text.items() if marked} == line
    emoji = emoji_cells(CONNECT4.renderer.emoji_grid(game))
    assert {cell for cell, glyph in emoji.items() if glyph in WINNING_EMOJI} == line


def test_a_running_game_reads_whose_turn_with_its_disc() -> None:
    assert render_text(game_of("4453")).splitlines() == [
        "Connect Four: alice (X) vs me (O), hard",
        "  1  2  3  4  5  6  7",
        "| .  .  .  .  .  .  . |",
        "| .  .  .  .  .  .  . |",
        "| .  .  .  .  .  .  . |",
        "| .  .  .  .  .  .  . |",
        "| .  .  .  O  .  .  . |",
        "| .  .  O  X  X  .  . |",
        "+---------------------+",
        "Your turn, alice (X).",
    ]
    emoji = render_emoji(game_of("4453")).splitlines()
    assert emoji[0] == "Connect Four: alice (🔴) vs me (🟡), hard"
    assert emoji[1] == KEYCAPS and emoji[-2] == "⚪⚪🟡🔴🔴⚪⚪"
    assert emoji[-1] == "Your turn, alice (🔴)."
    assert render_text(game_of("445", x=BOT, o=BOB)).splitlines()[-1] == "Your turn, bob (O)."
    assert render_text(game_of("4453", x=BOT, o=BOB)).splitlines()[-1] == "My turn (X)."


def test_a_finished_game_says_how_it_ended() -> None:
    assert render_text(game_of("1122334")).splitlines()[-1] == "You win, alice! Four in a row."
    assert render_text(game_of("14241424")).splitlines()[-1] == "I win - four in a row."
    assert render_emoji(game_of("14241424")).splitlines()[-1] == "I win \u2014 four in a row."
    duel = game_of("14241424", o=BOB, level="duel")
    assert render_text(duel).splitlines()[-1] == "bob wins - four in a row."
    assert render_text(game_of(FULL)).splitlines()[-1] == (
        "Draw: the board is full and nobody has four in a row."
    )
    resigned = game_of("4453", status=Status.RESIGNED, winner=Player.O)
    assert render_text(resigned).splitlines()[-1] == "alice resigned."


def test_a_move_is_named_and_labelled_by_its_column() -> None:
    renderer = CONNECT4.renderer
    assert renderer.move_name(Move(3, 3)) == "column 4"
    assert renderer.move_label(Move(3, 3)) == "4"
    assert renderer.board_name(7) == "Connect Four"
    game = game_of("4453")
    for move in game.position.legal_moves:
        assert CONNECT4.parse_move(renderer.move_label(move), game) == move
