"""Ultimate tic-tac-toe in the terminal, end to end through the session (issue 29): start
ultimate, moves as R C on 1-9 with the sending rule's sentence, the grid with its small boards
set apart and the playable ones marked, hint, the end of a game in stats, and a restart."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from bot.engine import Move
from bot.engine.ultimate import UltimateBoard
from bot.games import GameService
from bot.storage import SqliteGameStore
from bot.terminal import TerminalSession


def first_legal(
    board: UltimateBoard, level: str, rng: random.Random, rating: float | None
) -> Move:
    """A predictable bot: the first legal square, row by row."""
    return board.legal_moves[0]


class Keyboard:
    """A terminal session on ``path`` whose lines are typed one by one."""

    def __init__(self, path: Path | str = ":memory:") -> None:
        self.service = GameService(
            SqliteGameStore(path), rng=random.Random(7), choose_move=first_legal
        )
        self.out = io.StringIO()
        self.session = TerminalSession(self.service, self.out, "alice")

    async def type(self, line: str) -> str:
        start = len(self.out.getvalue())
        await self.session.handle(line)
        return self.out.getvalue()[start:]


GRID_AFTER_5_5 = """\
Ultimate tic-tac-toe: alice (X) vs me (O), easy
     1 2 3   4 5 6   7 8 9
   +-------+-------+-------+
1  | . . . |       |       |
2  | . . . |       |       |
3  | . . . |       |       |
   +-------+-------+-------+
4  |       | O     |       |
5  |       |   X   |       |
6  |       |       |       |
   +-------+-------+-------+
7  |       |       |       |
8  |       |       |       |
9  |       |       |       |
   +-------+-------+-------+
Your turn, alice (X): play in the small board in rows 1-3, columns 1-3.
"""


async def test_start_ultimate_play_and_ask_for_a_hint() -> None:
    keys = Keyboard()
    await keys.session.open()
    await keys.type("resign")  # the launch's game nobody moved in: set aside
    text = await keys.type("start ultimate easy")
    assert text.startswith("New easy game of ultimate tic-tac-toe: you are X and you go first.")
    assert "1  | . . . | . . . | . . . |" in text
    assert text.rstrip().endswith("Your turn, alice (X): play in any open small board.")
    text = await keys.type("5 5")
    assert (
        text == "You played row 5, column 5. I played row 4, column 4.\n\n" + GRID_AFTER_5_5 + "\n"
    )
    text = await keys.type("9 9")
    assert text.strip() == (
        "The last move sends you to the small board in rows 1-3, columns 1-3: play there, not "
        "in the small board in rows 7-9, columns 7-9."
    )
    assert "off the board: rows and columns go from 1 to 9" in await keys.type("10 1")
    text = await keys.type("hint")
    assert text.startswith("Hint for alice: the engine's top moves (win rate for you, draws half):")
    best = re.search(r"Best: ([1-3]) ([1-3])\.", text)
    assert best is not None, text
    assert re.search(r"^  [1-3] [1-3]: \d+% \(\d+ visits", text, re.MULTILINE)


async def test_a_resigned_game_marks_no_board_playable() -> None:
    """The small board the last move sent to is nobody's to play once the game is over."""
    keys = Keyboard()
    await keys.session.open()
    await keys.type("resign")
    await keys.type("start ultimate easy")
    await keys.type("5 5")
    text = await keys.type("resign")
    assert "1  |       |       |       |" in text
    assert " . " not in text
    assert text.rstrip().endswith(  # ultimate's own example, not a classic one
        "Type start for another game like this one, or choose one: start ultimate hard bot"
    )
    shown = (await keys.type("board")).split("\n")
    assert "1  |       |       |       |" in shown


async def test_refusals_say_what_ultimate_takes() -> None:
    keys = Keyboard()
    await keys.session.open()
    text = await keys.type("start ultimate perfect")
    assert text.strip() == (
        "Ultimate tic-tac-toe is not solved, so there is no perfect level: choose one of "
        "easy, medium, hard, strongest (strongest searches longest)."
    )
    assert (await keys.type("start ultimate 4")).startswith(
        "A game of ultimate has one board, so it takes no size: start ultimate [level] [first]"
    )
    help_text = " ".join((await keys.type("help")).split())
    assert "start ultimate [level] [first]" in help_text
    assert "your cell picks my board; 3 won in a row win; a draw has no tie-break" in help_text


async def test_a_whole_game_counts_as_ultimate_and_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    keys = Keyboard(path)
    await keys.session.open()
    await keys.type("resign")
    await keys.type("start ultimate easy me")
    await keys.type("1 1")
    await keys.service.close()
    again = Keyboard(path)
    await again.session.open()
    text = again.out.getvalue()
    assert "Welcome back, alice! Your game is where you left it:" in text
    assert "Ultimate tic-tac-toe: alice (X) vs me (O), easy" in text
    rng = random.Random(3)
    while True:
        board = (await again.service.active_game(again.session.player_id)).position
        move = rng.choice(board.legal_moves)
        text = await again.type(f"{move.row + 1} {move.col + 1}")
        assert text.startswith(f"You played row {move.row + 1}, column {move.col + 1}."), text
        if "Type start for another game" in text:
            break
    assert re.search(r"^(You win|I win|Draw)", text, re.MULTILINE), text
    stats = await again.type("stats")
    assert re.search(r"^  ultimate easy: \d wins?, \d loss(es)?, \d draws?$", stats, re.MULTILINE)
    text = await again.type("start")  # plain start repeats the ultimate game's settings
    assert "New easy game of ultimate tic-tac-toe" in text
    await again.service.close()


async def test_a_hot_seat_duel_of_ultimate() -> None:
    keys = Keyboard()
    await keys.session.open()
    assert "your name?" in await keys.type("start duel ultimate")
    await keys.type("ann")
    text = await keys.type("bob")
    assert "Duel of ultimate tic-tac-toe: ann is X and moves first, bob is O." in text
    assert "Ultimate tic-tac-toe: ann (X) vs bob (O), duel" in text
    text = await keys.type("5 5")
    assert "Your turn, bob (O): play in the small board in rows 4-6, columns 4-6." in text
    assert "sends you to the small board in rows 4-6" in await keys.type("1 1")  # not there
    text = await keys.type("4 4")
    assert "Your turn, ann (X): play in the small board in rows 1-3, columns 1-3." in text
    game = await keys.service.active_game(keys.session.player_id)
    assert game.is_duel and game.moves == (Move(4, 4), Move(3, 3))


async def test_leaderboard_ultimate_ranks_ultimate_games_apart() -> None:
    keys = Keyboard()
    await keys.session.open()
    await keys.type("start ultimate easy me")
    await keys.type("5 5")
    await keys.type("resign")  # counted: alice had moved
    await keys.type("start duel ultimate")
    await keys.type("ann")
    await keys.type("bob")
    await keys.type("5 5")
    await keys.type("resign")  # bob, whose turn it is, resigns: ann wins
    assert await keys.type("leaderboard") == (
        "Nobody is on the leaderboard yet: finish a game to be the first!\n\n"
    )
    assert await keys.type("leaderboard ultimate") == (
        "Ultimate leaderboard (a win is 3 points, a draw 1):\n"
        "1. alice \u2014 0 points (0 wins, 1 loss, 0 draws)\n\n"
        "Ultimate duel leaderboard (Elo rating, everyone starts at 1200):\n"
        "1. ann \u2014 1216 (1 duel)\n2. bob \u2014 1184 (1 duel)\n\n"
    )
    duels = await keys.type("leaderboard duels ultimate")
    assert duels.startswith("Ultimate duel leaderboard") and "alice" not in duels
    assert "Nobody has finished a duel yet" in await keys.type("leaderboard duels")
    assert "leaderboard <game> [duels]" in await keys.type("leaderboard ultimate solo")
