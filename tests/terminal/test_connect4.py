"""Connect Four in the terminal, end to end through the session: start connect4, a bare
column (``4``) plays it and the bot answers, ``2 3`` is told a column is enough, the board in
colour on a terminal and plain text elsewhere, hint and explain, a won game's stats,
leaderboard and review with its replay saved, a hot-seat duel, a restart, and help.

The bot is scripted (``mirror``): it drops its disc in the column just played (the first open
one otherwise), so every game here is known in advance and no search runs."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from bot.engine import Move, Player
from bot.engine.connect4 import Connect4Board
from bot.engine.position import Position
from bot.games import GameService, Status, find_variant
from bot.storage import SqliteGameStore
from bot.terminal import TerminalSession
from bot.terminal.layout import MARK_COLOURS, RESET, WINNING_COLOUR, paint_mark
from bot.terminal.session import after_game

HEADER = "  1  2  3  4  5  6  7"
EMPTY = "| .  .  .  .  .  .  . |"
FOOT = "+---------------------+"


def mirror(position: Position, level: str, rng: random.Random, rating: float | None) -> Move:
    """The bot's move: the column just played if it has room, else the first open one."""
    assert isinstance(position, Connect4Board)
    columns = position.legal_columns
    last = position.moves[-1] if position.moves else None
    return position.landing(last if last in columns else columns[0])


class Keyboard:
    """A terminal session on ``path`` whose lines are typed one by one; ``colour``: as on a
    terminal (the runner's painter), else plain text as in a pipe; ``scripted``: the bot is
    ``mirror``, else the engine's own levels."""

    def __init__(
        self, path: Path | str = ":memory:", *, colour: bool = False, scripted: bool = True
    ) -> None:
        self.service = GameService(
            SqliteGameStore(path), rng=random.Random(7), choose_move=mirror if scripted else None
        )
        self.out = io.StringIO()
        paint = paint_mark if colour else None
        self.session = TerminalSession(self.service, self.out, "alice", paint=paint)

    async def open(self) -> None:
        """Launch, and set aside the game the launch started (nobody moved in it)."""
        await self.session.open()
        await self.type("resign")

    async def type(self, line: str) -> str:
        start = len(self.out.getvalue())
        await self.session.handle(line)
        return self.out.getvalue()[start:]

    async def types(self, *lines: str) -> str:
        return "".join([await self.type(line) for line in lines])


def board_lines(text: str) -> list[str]:
    """The last Connect Four board printed in ``text``: the column numbers, six rows, foot."""
    lines = text.split("\n")
    top = max(i for i, line in enumerate(lines) if line == HEADER)
    return lines[top : top + 8]


async def test_start_connect4_then_a_bare_column_plays_it() -> None:
    keys = Keyboard()
    await keys.open()
    text = await keys.type("start connect4 easy")
    assert text.startswith("New easy game of Connect Four: you are X and you go first.")
    assert "Connect Four: alice (X) vs me (O), easy" in text
    assert board_lines(text) == [HEADER, *[EMPTY] * 6, FOOT]
    assert text.rstrip().endswith("Your turn, alice (X).")
    text = await keys.type("4")
    assert text.startswith("You played column 4. I played column 4.\n")
    assert board_lines(text)[-3:] == [
        "| .  .  .  O  .  .  . |",
        "| .  .  .  X  .  .  . |",
        FOOT,
    ]
    game = await keys.service.active_game(keys.session.player_id)
    assert game.kind == "connect4" and game.moves == (Move(5, 3), Move(4, 3))
    text = await keys.type("move 1")  # the move word works too
    assert text.startswith("You played column 1. I played column 1.")
    await keys.service.close()


async def test_the_engine_itself_answers_at_adaptive() -> None:
    keys = Keyboard(scripted=False)
    await keys.open()
    await keys.type("start connect4 adaptive")
    text = await keys.type("4")
    game = await keys.service.active_game(keys.session.player_id)
    reply = game.moves[1]
    assert text.startswith(f"You played column 4. I played column {reply.col + 1}.\n")
    await keys.type("resign")  # counted: alice moved
    stats = await keys.type("stats")
    assert re.search(r"^  connect4 adaptive: 0 wins, 1 loss, 0 draws$", stats, re.MULTILINE)
    await keys.service.close()


async def test_typed_refusals_speak_of_columns() -> None:
    keys = Keyboard()
    await keys.open()
    await keys.type("start connect4 easy")
    assert await keys.type("2 3") == (
        "'2 3': in Connect Four a column is enough, and your disc falls to the lowest free "
        "cell. Usage: move <column>, for example: move 4\n\n"
    )
    assert (await keys.type("8")).startswith(
        "Column 8 is off the board: columns go from 1 to 7. Usage: move <column>"
    )
    await keys.types("4", "4", "4")  # the bot answers in 4 too: it is full
    assert await keys.type("4") == "Column 4 is full: choose another one.\n\n"
    game = await keys.service.active_game(keys.session.player_id)
    assert len(game.moves) == 6
    await keys.service.close()


async def test_the_board_is_in_colour_on_a_terminal_and_plain_elsewhere() -> None:
    plain, coloured = Keyboard(), Keyboard(colour=True)
    for keys in (plain, coloured):
        await keys.open()
        await keys.type("start connect4 easy")
    text = await plain.type("4")
    assert "\x1b[" not in text
    assert board_lines(text)[-3] == "| .  .  .  O  .  .  . |"
    text = await coloured.type("4")
    x, o = (f"{MARK_COLOURS[player]}{player.value}{RESET}" for player in (Player.X, Player.O))
    assert board_lines(text)[-3:-1] == [f"| .  .  .  {o}  .  .  . |", f"| .  .  .  {x}  .  .  . |"]
    # the winning four: green and bracketed, so it reads without colour too
    for keys in (plain, coloured):
        await keys.types("resign", "start connect4 easy")
        text = await keys.types("1", "2", "3", "4")
        assert "You win, alice! Four in a row." in text
    assert board_lines(text)[-2] == (
        "|" + f"{WINNING_COLOUR}[X]{RESET}" * 4 + " .  .  . |"
    )
    assert board_lines(await plain.type("board"))[-2] == "|[X][X][X][X] .  .  . |"
    for keys in (plain, coloured):
        await keys.service.close()


async def test_hint_explain_and_a_won_game_counted_and_reviewed(tmp_path: Path) -> None:
    keys = Keyboard()
    await keys.open()
    await keys.type("start connect4 easy")
    # alice fills columns 4, 3 and 5, the bot on top of each disc: rows of three, column 2 or
    # 6 wins for her at once, and the solver proves every column in an instant
    await keys.types("4", "4", "4", "3", "3", "3", "5", "5", "5")
    hint = await keys.type("hint")
    assert hint.startswith("Hint for alice: you can force a win from here.\n"), hint
    assert "Best: column 2 — wins right away." in hint
    explained = await keys.type("explain")
    assert explained.startswith("What I see (X to move):"), explained
    assert "In your place I would play column 2" in explained
    text = await keys.type("2")
    assert "You win, alice! Four in a row." in text
    assert after_game(find_variant("connect4")) in text
    assert text.rstrip().endswith("or choose one: start connect4 hard bot")

    stats = await keys.type("stats")
    assert re.search(r"^  connect4 easy: 1 win, 0 losses, 0 draws$", stats, re.MULTILINE), stats
    assert await keys.type("leaderboard connect4") == (
        "Connect Four leaderboard (a win is 3 points, a draw 1):\n"
        "1. alice \u2014 3 points (1 win, 0 losses, 0 draws)\n\n"
    )
    assert "Connect Four easy" in await keys.type("history")
    replay = tmp_path / "c4.gif"
    review = await keys.type(f"review --save {replay}")
    assert review.startswith("Review of game #"), review
    assert "7x7" not in review  # seven columns of six: the kind's name, not a size
    assert "Saved the replay of game #" in review and "20 frames" in review
    assert replay.read_bytes()[:6] in (b"GIF87a", b"GIF89a")
    await keys.service.close()


async def test_a_hot_seat_duel_of_connect4() -> None:
    keys = Keyboard()
    await keys.open()
    assert "your name?" in await keys.type("start duel connect4")
    await keys.type("ann")
    text = await keys.type("bob")
    assert "Duel of Connect Four: ann is X and moves first, bob is O." in text
    assert "Connect Four: ann (X) vs bob (O), duel" in text
    text = await keys.types("1", "1", "2", "2", "3", "3")
    assert text.rstrip().endswith("Your turn, ann (X).")
    text = await keys.type("4")
    assert "ann wins - four in a row." in text
    game = await keys.service.last_game(
        channel_id=keys.session.player_id, member_id=keys.session.player_id_of("ann")
    )
    assert game.is_duel and game.status is Status.WON and game.winner is Player.X
    leaderboard = await keys.type("leaderboard connect4 duels")
    assert leaderboard.startswith("Connect Four duel leaderboard")
    assert "1. ann \u2014 1216 (1 duel)" in leaderboard
    await keys.service.close()


async def test_a_game_of_connect4_survives_a_restart_and_start_repeats_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    keys = Keyboard(path)
    await keys.open()
    await keys.types("start connect4 easy", "4")
    await keys.service.close()
    again = Keyboard(path)
    await again.session.open()
    text = again.out.getvalue()
    assert "Welcome back, alice! Your game is where you left it:" in text
    assert board_lines(text)[-2] == "| .  .  .  X  .  .  . |"
    await again.types("resign")
    text = await again.type("start")
    assert "New easy game of Connect Four" in text
    await again.service.close()


async def test_help_lists_connect4() -> None:
    keys = Keyboard()
    await keys.open()
    text = " ".join((await keys.type("help")).split())
    assert "games: classic, ultimate or connect4" in text
    assert "start connect4 [level] [first] 7 columns of 6; a move is a column's number" in text
    assert "leaderboard connect4 [duels]" in text
    assert (await keys.type("start connect4 4")).startswith(
        "A game of connect4 has one board, so it takes no size"
    )
    await keys.service.close()
