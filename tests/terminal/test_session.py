"""The terminal session in-process: an in-memory store, a seeded bot and a clock we control."""

from __future__ import annotations

import io
import itertools
import random
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.engine import Move, Player
from bot.engine.classic import analyze
from bot.engine.position import Position
from bot.games import GameService, default_variant
from bot.settings import Settings
from bot.storage import SqliteGameStore
from bot.terminal import WELCOME, TerminalSession, after_game
from bot.terminal import runner as terminal_runner
from bot.terminal.layout import MARK_COLOURS, RESET, WINNING_COLOUR, paint_mark
from bot.terminal.session import player_id


@dataclass
class Clock:
    now: datetime = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Terminal:
    session: TerminalSession
    out: io.StringIO
    clock: Clock

    async def type(self, line: str) -> str:
        """Type one line; return what the terminal printed for it."""
        start = len(self.out.getvalue())
        await self.session.handle(line)
        return self.out.getvalue()[start:]


@pytest.fixture
async def terminal() -> AsyncIterator[Terminal]:
    clock = Clock()
    service = GameService(
        SqliteGameStore(":memory:"), idle_timeout=600, clock=clock, rng=random.Random(7)
    )
    out = io.StringIO()
    session = TerminalSession(service, out, "alice")
    await session.open()
    yield Terminal(session, out, clock)
    await service.close()


def last_status(text: str) -> str:
    """The status line under the last board printed."""
    boards = text.strip().split("Tic-Tac-Toe: ")
    assert len(boards) > 1, text
    lines = [line for line in boards[-1].split("\n") if line.strip()]
    return lines[-1] if not lines[-1].startswith("Type start") else lines[-2]


async def test_launch_welcomes_and_starts_a_medium_game_where_you_go_first(
    terminal: Terminal,
) -> None:
    text = terminal.out.getvalue()
    assert text.startswith(WELCOME)
    assert "I started a medium game for you, alice: you are X and you go first." in text
    assert "Tic-Tac-Toe: alice (X) vs me (O), medium, 3x3" in text
    assert last_status(text) == "Your turn, alice (X)."


def cell_texts(text: str) -> list[list[str]]:
    """The cells of the last text board printed, as their three-character drawings."""
    board = text.split("Tic-Tac-Toe: ")[-1].split("\n")
    rows = [line[3:] for line in board if line[:1].isdigit()]
    return [row.ljust(4 * len(rows) - 1).split("|") for row in rows]


async def test_a_move_is_told_and_answered(terminal: Terminal) -> None:
    text = await terminal.type("2 2")
    said = re.match(r"You played row 2, column 2\. I played row (\d), column (\d)\.\n", text)
    assert said is not None, text
    cells = cell_texts(text)
    assert cells[1][1] == " X "
    assert cells[int(said[1]) - 1][int(said[2]) - 1] == " O "
    assert sum(cell != " . " for row in cells for cell in row) == 2
    assert last_status(text) == "Your turn, alice (X)."


async def test_following_the_hints_against_perfect_play_is_a_draw(terminal: Terminal) -> None:
    await terminal.type("resign")
    text = await terminal.type("start perfect bot")
    assert "New perfect game on a 3x3 board: you are O and I go first." in text
    assert "I opened with row " in text
    for _ in range(5):
        hint = await terminal.type("hint")
        best = re.search(r"^Best: row (\d), column (\d) — ", hint, re.MULTILINE)
        assert best is not None, hint
        text = await terminal.type(f"move {best[1]} {best[2]}")
        if after_game(default_variant()) in text:
            break
    assert last_status(text) == "Draw."
    assert after_game(default_variant()) in text
    assert "Type start for another game like this one, or choose one: start perfect bot 3" in text
    assert "1 draw" in await terminal.type("stats")


async def test_start_while_a_game_runs_says_so(terminal: Terminal) -> None:
    await terminal.type("2 2")
    text = await terminal.type("start hard")
    assert "You already have a game running (medium, 3x3, started just now)." in text
    assert "Finish or resign that game first." in text


async def test_resign_shows_the_board_and_counts_a_loss(terminal: Terminal) -> None:
    await terminal.type("2 2")
    text = await terminal.type("resign")
    assert last_status(text) == "alice resigned."
    assert after_game(default_variant()) in text
    stats = await terminal.type("stats")
    assert stats.startswith("alice against me: 0 wins, 1 loss, 0 draws")
    leaderboard = await terminal.type("leaderboard")
    assert "1. alice — 0 points (0 wins, 1 loss, 0 draws)" in leaderboard


async def test_the_first_tip_starts_the_unbeatable_engine_at_once(terminal: Terminal) -> None:
    assert "Want the unbeatable engine? Type: start perfect" in terminal.out.getvalue()
    text = await terminal.type("start perfect")
    assert text.startswith(
        "I set aside your game that hadn't started (it does not count). "
        "New perfect game on a 3x3 board: you are X and you go first."
    )
    text = await terminal.type("resign")
    assert last_status(text) == "This game ended before alice moved, so it does not count."
    stats = await terminal.type("stats")
    assert stats.startswith("alice has not finished a game yet.")


async def test_plain_start_repeats_the_last_settings(terminal: Terminal) -> None:
    await terminal.type("resign")
    await terminal.type("start easy 4 me")
    await terminal.type("resign")
    text = await terminal.type("start")
    assert "New easy game on a 4x4 board: you are X and you go first." in text


async def test_a_start_keeps_what_it_did_not_name_and_says_so(terminal: Terminal) -> None:
    """Issue 46: a level both kinds have carries over to the other kind (adaptive), a 5x5
    board says it is four in a row, and a start that named something says what it kept."""
    await terminal.type("resign")
    await terminal.type("start ultimate adaptive")
    await terminal.type("resign")
    text = await terminal.type("start 5")
    assert text.startswith(
        "New adaptive game on a 5x5 board, 4 in a row: you are X and you go first. "
        "Kept from your last game: adaptive.\n"
    )
    await terminal.type("resign")
    text = await terminal.type("start hard bot")
    assert "New hard game on a 5x5 board, 4 in a row: you are O and I go first. " in text
    assert "Kept from your last game: 5x5." in text
    await terminal.type("resign")
    text = await terminal.type("start")  # "another like this one": nothing to point out
    assert "New hard game on a 5x5 board, 4 in a row: you are O and I go first.\n" in text
    assert "Kept" not in text
    await terminal.type("resign")
    text = await terminal.type("start easy")
    assert "Kept from your last game: bot and 5x5." in text
    await terminal.type("resign")
    text = await terminal.type("start perfect me 3")  # everything named: nothing kept
    assert "New perfect game on a 3x3 board: you are X and you go first.\n" in text


async def test_start_duel_after_a_5x5_game_says_it_kept_the_board(terminal: Terminal) -> None:
    await terminal.type("resign")
    await terminal.type("start 5")
    await terminal.type("resign")
    await terminal.type("start duel")
    await terminal.type("Ann")
    text = await terminal.type("Ben")
    assert text.startswith(
        "Duel on a 5x5 board, 4 in a row: Ann is X and moves first, Ben is O. Type cells in "
        "turn; resign gives up for whoever is to move. Kept from your last game: 5x5.\n"
    )
    await terminal.type("resign")
    text = await terminal.type("start duel 3")  # the size named: nothing kept (nobody moved)
    assert "Duel on a 3x3 board: Ann is X and moves first, Ben is O." in text
    assert "Kept" not in text


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("move 9 9", "Row 9, column 9 is off the board: rows and columns go from 1 to 3."),
        ("-1 2", "Row -1, column 2 is off the board: rows and columns go from 1 to 3."),
        ("move -1 2", "Row -1, column 2 is off the board: rows and columns go from 1 to 3."),
        ("2, -3", "Row 2, column -3 is off the board: rows and columns go from 1 to 3."),
        ("move a b", "'a b' is not a cell"),
        ("move 1", "'1' is not a cell"),
        ("move", "Which cell?"),
        ("dance", "I don't know the command 'dance'."),
        ("hint me", "'hint' takes nothing after it"),
        ("start 6", "The board size must be 3, 4 or 5, not '6'."),
        ("start 0", "The board size must be 3, 4 or 5, not '0'."),
        ("start weird", "I don't know the option 'weird'."),
    ],
)
async def test_bad_input_gets_a_friendly_message(
    terminal: Terminal, line: str, message: str
) -> None:
    text = await terminal.type(line)
    assert text.startswith(message), text
    if line.startswith("move") or "off the board" in message:
        assert "Usage: move <row> <column>, for example: move 2 3" in text


async def test_empty_lines_print_nothing(terminal: Terminal) -> None:
    assert await terminal.type("") == ""
    assert await terminal.type("   ") == ""


async def test_a_taken_cell_is_refused_and_the_game_goes_on(terminal: Terminal) -> None:
    await terminal.type("1 1")
    text = await terminal.type("1 1")
    assert text.startswith("Row 1, column 1 is already taken.")
    assert last_status(await terminal.type("board")) == "Your turn, alice (X)."


@pytest.mark.parametrize("line", ["2 2", "hint", "resign"])
async def test_an_idle_game_expires_and_the_player_is_told_once(
    terminal: Terminal, line: str
) -> None:
    """The expiry is the one sentence: no "there is no game" after it for the same line."""
    terminal.clock.now += timedelta(minutes=11)
    text = await terminal.type(line)
    assert text == (
        "This game expired after 10 minutes without a move. Start a new one whenever you like."
        "\n\n"
    )
    assert "There is no game running" in await terminal.type(line)  # from then on, as usual
    text = await terminal.type("start")
    assert "New medium game" in text


async def test_board_after_an_expiry_shows_the_expired_board_once(terminal: Terminal) -> None:
    terminal.clock.now += timedelta(minutes=11)
    text = await terminal.type("board")
    assert text.startswith(
        "This game expired after 10 minutes without a move. Start a new one whenever you like."
        "\n\nNo game is running; this is how your last one ended:\n\n"
    )
    assert last_status(text) == "This game ended before alice moved, so it does not count."
    assert "There is no game running" not in text


async def test_help_lists_every_command(terminal: Terminal) -> None:
    text = await terminal.type("help")
    for word in ("move", "start", "hint", "explain", "board", "resign", "stats", "help", "quit"):
        assert f"\n  {word}" in text


async def test_quit_ends_the_session(terminal: Terminal) -> None:
    assert await terminal.session.handle("quit") is False
    assert await terminal.session.handle("exit") is False
    assert await terminal.session.handle("board") is True


async def test_a_restarted_session_restores_the_game(terminal: Terminal) -> None:
    await terminal.type("2 2")
    board = await terminal.type("board")
    out = io.StringIO()
    again = TerminalSession(terminal.session.service, out, "alice")
    await again.open()
    assert "Welcome back, alice! Your game is where you left it:" in out.getvalue()
    assert board.strip() in out.getvalue()


async def relaunch(terminal: Terminal) -> list[str]:
    """Open a new session on the same service (as the next launch would); its blocks."""
    out = io.StringIO()
    await TerminalSession(terminal.session.service, out, "alice").open()
    return out.getvalue().split("\n\n")


async def test_a_game_that_expired_while_away_is_announced_at_launch(terminal: Terminal) -> None:
    await terminal.type("start perfect bot 4")
    terminal.clock.now += timedelta(hours=3)
    blocks = await relaunch(terminal)
    assert blocks[0] == WELCOME
    assert blocks[1] == (
        "Your last game expired after 10 minutes without a move, so I started a new one like "
        "it: perfect, 4x4, you are O and I go first."
    )
    assert blocks[2].startswith("I opened with row ")
    assert blocks[3].startswith("Tic-Tac-Toe: me (X) vs alice (O), perfect, 4x4")
    assert "This game expired" not in "".join(blocks)
    assert "start perfect" not in "".join(blocks)  # the newcomer's tip is for newcomers


async def test_after_a_finished_game_the_next_launch_repeats_its_settings(
    terminal: Terminal,
) -> None:
    await terminal.type("start hard 4")  # sets aside the opening game
    await terminal.type("2 2")
    await terminal.type("resign")
    blocks = await relaunch(terminal)
    assert blocks[1] == (
        "I started a game like your last one, alice: hard, 4x4, you are X and you go first."
    )
    assert blocks[2].startswith("Tic-Tac-Toe: alice (X) vs me (O), hard, 4x4")


async def test_board_after_a_game_shows_how_it_ended(terminal: Terminal) -> None:
    await terminal.type("2 2")
    resigned = await terminal.type("resign")
    text = await terminal.type("board")
    assert text.startswith("No game is running; this is how your last one ended:\n\n")
    assert last_status(text) == "alice resigned."
    assert text.split("Tic-Tac-Toe: ")[1] == resigned.split("Tic-Tac-Toe: ")[1]
    assert text.rstrip().endswith(after_game(default_variant()))
    assert "Tic-Tac-Toe: alice (X)" in await terminal.type("start")  # a new game as usual


async def test_a_session_leaves_other_channels_idle_games_alone(tmp_path: Path) -> None:
    """The terminal shares the database with the Discord bot but owns only its own channel:
    a Discord game that went idle is left for the bot, which announces it and disables its
    board; the terminal neither expires it nor swallows the announcement."""
    path = tmp_path / "games.db"
    clock = Clock()
    discord_side = GameService(SqliteGameStore(path), idle_timeout=600, clock=clock)
    other = await discord_side.start(
        channel_id=42, guild_id=7, member_id=1234, member_name="bob", first="me"
    )
    terminal_side = GameService(SqliteGameStore(path), idle_timeout=600, clock=clock)
    session = TerminalSession(terminal_side, io.StringIO(), "alice")
    await session.open()
    clock.now += timedelta(minutes=11)
    await session.handle("board")
    await terminal_side.close()

    on_file = GameService(SqliteGameStore(path), idle_timeout=600, clock=clock)
    still = await on_file.get(other.game.id)
    await on_file.close()
    assert still is not None and still.is_active  # the terminal did not expire it
    [expired] = await discord_side.expire_idle()  # the bot's own sweep does, and announces it
    assert expired.id == other.game.id and expired.channel_id == 42
    await discord_side.close()


@pytest.mark.parametrize("log_level", ["INFO", "DEBUG"])
def test_a_crash_is_one_sentence_with_the_way_to_details(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    log_level: str,
) -> None:
    async def broken(settings: Settings, out: object, name: str | None = None) -> int:
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(terminal_runner, "play", broken)
    settings = Settings(database_path=tmp_path / "games.db", log_level=log_level)
    assert terminal_runner.run_terminal(settings) == 1
    err = capsys.readouterr().err
    if log_level == "DEBUG":  # the details were asked for: the traceback, then the sentence
        assert err.startswith("Traceback (most recent call last)")
        assert err.endswith("\nSorry, something went wrong: the disk is on fire.\n")
    else:
        assert err == (
            "Sorry, something went wrong: the disk is on fire. "
            "Run again with LOG_LEVEL=DEBUG to see the details.\n"
        )


def drawn_cells(text: str) -> dict[Move, str]:
    """What each cell of the board drawn in ``text`` shows ("X", "O", ".", ...)."""
    found = {}
    for line in text.split("\n"):
        if re.match(r"\d+ +\S", line):  # a board row: its number, then cells split by |
            row = int(line.split()[0]) - 1
            for col, cell in enumerate(line[3:].split("|")):
                found[Move(row, col)] = cell.strip()
    return found


def answers_1_4(position: Position, level: str, rng: random.Random, rating: float | None) -> Move:
    """A bot that answers 1,4 where it is free (else the first free cell)."""
    return Move(0, 3) if Move(0, 3) in position.legal_moves else position.legal_moves[0]


@pytest.mark.slow
async def test_an_early_5x5_hint_marks_its_pick_on_the_board_as_an_estimate() -> None:
    """Where nothing is proven early on 5x5 (X 1,3, O 1,4): hint and explain draw the position
    with the one cell they suggest marked ``?``, said once to be an estimate, never a proven
    value."""
    store = SqliteGameStore(":memory:")
    service = GameService(store, rng=random.Random(7), choose_move=answers_1_4)
    out = io.StringIO()
    terminal = Terminal(TerminalSession(service, out, "alice"), out, Clock())
    await terminal.type("start 5 hard me")
    await terminal.type("1 3")
    game = await terminal.session.service.active_game(terminal.session.player_id)
    assert game.moves == (Move(0, 2), Move(0, 3))
    for command in ("hint", "explain"):
        text = await terminal.type(command)
        assert text.count("estimate") == 1  # said once (issue 46)
        named = re.search(r"My pick, an estimate: row (\d), column (\d)\.", text)
        assert named is not None, text
        pick = Move(int(named[1]) - 1, int(named[2]) - 1)
        assert pick in game.position.legal_moves
        shown = drawn_cells(text)
        assert [cell for cell, drawn in shown.items() if drawn == "?"] == [pick]
        marks = {cell: getattr(game.position.at(cell), "value", ".") for cell in shown}
        assert len(marks) == 25 and shown == {**marks, pick: "?"}  # the position, pick marked
        assert "My pick (X to move):" in text
        assert "? = my pick, not proven." in text
        assert not re.search(r"\b[WL]\d|\bD\b", text)  # no cell claims a proven value


async def test_explain_shows_every_empty_cells_value_and_the_move_i_would_play(
    terminal: Terminal,
) -> None:
    await terminal.type("2 2")
    game = await terminal.session.service.active_game(terminal.session.player_id)
    text = await terminal.type("explain")
    assert text.startswith("What I see (X to move):\n")
    rows = [line[3:].split("|") for line in text.splitlines()[2:7:2]]
    values = {entry.move: entry for entry in analyze(game.position).moves}
    for move, entry in values.items():
        shown = rows[move.row][move.col].strip().strip("[]")
        assert shown[0] == {"win": "W", "draw": "D", "loss": "L"}[entry.value.value], text
    assert re.search(r"^In your place I would play row \d, column \d: ", text, re.MULTILINE)
    assert "a plain minimax would examine" in text


async def test_after_a_game_explain_tells_why_i_played_my_last_move(terminal: Terminal) -> None:
    await terminal.type("2 2")
    game = await terminal.session.service.active_game(terminal.session.player_id)
    await terminal.type("resign")
    text = await terminal.type("explain")
    assert text.startswith("The position before my last move (O to move):\n")
    assert f"I played {game.moves[-1]}: " in text


async def test_name_plays_under_another_name_with_its_own_game(terminal: Terminal) -> None:
    await terminal.type("2 2")
    alice_board = await terminal.type("board")
    text = await terminal.type("name  Bob   Smith ")
    assert text.startswith("You are now playing as Bob Smith.\n\nI started a medium game for you")
    assert "Tic-Tac-Toe: Bob Smith (X) vs me (O)" in text
    await terminal.type("1 1")
    await terminal.type("resign")
    assert (await terminal.type("stats")).startswith("Bob Smith against me: 0 wins, 1 loss")
    back = await terminal.type("name ALICE")  # the login's name, in any case: id 0 again
    assert "Welcome back, alice! Your game is where you left it:" in back
    assert alice_board.strip() in back
    assert (await terminal.type("stats")).startswith("alice has not finished a game yet.")


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("name", "Usage: name <your name>, for example: name Alice"),
        ("name " + "x" * 33, "A name has at most 32 characters."),
        ("name bad\x07bell", "A name cannot contain control characters."),
    ],
)
async def test_a_name_that_cannot_be_one_is_refused(
    terminal: Terminal, line: str, says: str
) -> None:
    assert (await terminal.type(line)).startswith(says)
    assert "Your turn, alice (X)." in await terminal.type("board")


def test_each_name_has_a_stable_id_far_from_discord_ids() -> None:
    assert player_id("alice", login="alice") == player_id("Alice", login="alice") == 0
    bob = player_id("bob", login="alice")
    assert bob == player_id("BOB", login="root") != player_id("bobby", login="alice")
    assert 0 < bob < 2**48 < 2**55  # snowflakes since Discord began are above 2**55


async def test_on_a_terminal_the_winning_line_is_green_and_still_bracketed() -> None:
    service = GameService(SqliteGameStore(":memory:"), idle_timeout=600, rng=random.Random(7))
    out = io.StringIO()
    session = TerminalSession(service, out, "alice", paint=paint_mark)
    await session.open()
    await session.handle("resign")
    await session.handle("start perfect bot")
    for row, col in itertools.product((1, 2, 3), repeat=2):  # cell by cell: the engine wins
        await session.handle(f"{row} {col}")
    text = out.getvalue().split("Tic-Tac-Toe: ")[-1]
    await service.close()
    assert "I win" in text
    assert text.count(f"{WINNING_COLOUR}[X]{RESET}") == 3, text
    assert f"{MARK_COLOURS[Player.O]}O{RESET}" in text


async def type_all(terminal: Terminal, *lines: str) -> str:
    """Type each line in turn; return everything the terminal printed for them."""
    return "".join([await terminal.type(line) for line in lines])


ANN_WINS_ROW_1 = ("1 1", "2 1", "1 2", "2 2", "1 3")
"""Ann (X) takes row 1 while Ben (O) plays row 2."""

NAME_PROMPT = "Player 1, your name? (you play X and move first)"


async def test_start_duel_on_the_first_screen_sets_the_launch_game_aside(
    terminal: Terminal,
) -> None:
    """Issue 26, item 1: nobody moved in the game the launch started, so a duel replaces it
    as start perfect would."""
    text = await type_all(terminal, "start duel", "Ann", "Ben")
    assert "already playing" not in text
    assert (
        "I set aside your game that hadn't started (it does not count). "
        "Duel on a 3x3 board: Ann is X and moves first, Ben is O." in text
    )
    assert "Tic-Tac-Toe: Ann (X) vs Ben (O), duel, 3x3" in text


async def test_start_duel_beside_a_game_you_moved_in_is_refused_before_any_name(
    terminal: Terminal,
) -> None:
    await terminal.type("2 2")
    text = await terminal.type("start duel")
    assert text == (
        "You already have a game running (medium, 3x3, started just now). Finish or resign that "
        "game first."
        "\n\n"
    )
    assert (await terminal.type("stats")).startswith("alice has not finished a game yet.")
    assert "Your turn, alice (X)." in await terminal.type("board")


async def test_duel_stats_name_both_players_in_the_order_they_were_named(
    terminal: Terminal,
) -> None:
    """Issue 26, item 2: never "member 4820..." and never a changing order."""
    await type_all(terminal, "start duel", "Ann", "Ben")
    before = await terminal.type("stats")
    assert "member" not in before
    assert before.startswith("Ann has not finished a game yet.")
    assert "\n\nBen has not finished a game yet." in before
    await type_all(terminal, *ANN_WINS_ROW_1)
    assert "Ben is X and moves first" in await terminal.type("start duel")  # the rematch
    after = await terminal.type("stats")
    assert after.startswith("Ann in duels: 1 win, 0 losses, 0 draws")
    assert after.index("Ann in duels") < after.index("Ben in duels")


async def test_only_a_duel_someone_moved_in_swaps_who_moves_first(terminal: Terminal) -> None:
    """Issue 26, item 3: a duel set aside before any move, or one refused, is no rematch."""
    await type_all(terminal, "resign", "start duel", "Ann", "Ben")
    set_aside = await terminal.type("resign")
    assert "This game ended before anyone moved, so it does not count." in set_aside
    assert "Type start duel to play it after all (the same player moves first)" in set_aside
    assert "Ann is X and moves first" in await terminal.type("start duel")
    await terminal.type("2 2")
    refused = await terminal.type("start duel")
    assert refused.startswith("Ann and Ben are already playing (started just now).")
    assert "Ben resigned." in await terminal.type("resign")
    assert "Ben is X and moves first, Ann is O." in await terminal.type("start duel")


async def test_a_bad_duel_size_is_refused_before_the_names_and_never_sticks(
    terminal: Terminal,
) -> None:
    """Issue 26, item 4."""
    await terminal.type("resign")
    assert await terminal.type("start duel 7") == "The board size must be 3, 4 or 5, not '7'.\n\n"
    text = await type_all(terminal, "start duel", "Ann", "Ben")
    assert text.startswith(NAME_PROMPT)
    assert "Duel on a 3x3 board: Ann is X and moves first, Ben is O." in text
    await terminal.type("resign")
    text = await terminal.type("name Zed")
    assert "Tic-Tac-Toe: Zed (X) vs me (O), medium, 3x3" in text
    assert "board size" not in text


async def test_the_name_prompts_take_names_only_and_quit_leaves_them(terminal: Terminal) -> None:
    """Issue 26, item 5: a command word, an empty line or the other player's name is refused
    in one sentence and the prompt comes again; quit calls the duel off."""
    await terminal.type("resign")
    assert await terminal.type("start duel") == f"{NAME_PROMPT}\n\n"
    refusals = {
        "help": "'help' is a command, not a name: type a name, or quit to call the duel off.",
        "  Resign ": "'Resign' is a command, not a name: type a name, or quit to call the duel "
        "off.",
        "2 2": "'2 2' is a command, not a name: type a name, or quit to call the duel off.",
        "start duel": "'start duel' is a command, not a name: type a name, or quit to call the "
        "duel off.",
        "": "Type a name.",
        "x" * 33: "A name has at most 32 characters.",
    }
    for line, says in refusals.items():
        assert await terminal.type(line) == f"{says} {NAME_PROMPT}\n\n", line
    assert await terminal.type("Ann") == "Player 2, your name?\n\n"
    assert await terminal.type("ANN") == "ANN is taken: pick another name. Player 2, your name?\n\n"
    assert await terminal.type("quit") == "The duel is off. Type start duel to set it up again.\n\n"
    assert (await terminal.type("help")).startswith("Commands:")  # a command again
    assert await terminal.session.handle("quit") is False


async def test_the_leaderboard_ranks_duels_as_on_discord(terminal: Terminal) -> None:
    """Issue 26, item 6: leaderboard shows the duelists too; leaderboard duels only them."""
    nobody = await terminal.type("leaderboard duels")
    assert nobody == "Nobody has finished a duel yet: challenge someone to be the first!\n\n"
    await type_all(terminal, "start duel", "Ann", "Ben", *ANN_WINS_ROW_1)
    duels = (
        "Duel leaderboard (Elo rating, everyone starts at 1200):\n"
        "1. Ann \u2014 1216 (1 duel)\n"
        "2. Ben \u2014 1184 (1 duel)\n\n"
    )
    assert await terminal.type("leaderboard") == duels  # nobody has played me yet
    assert await terminal.type("leaderboard duels") == duels
    await type_all(terminal, "start", "2 2", "resign")
    both = await terminal.type("top")
    assert both.startswith("Leaderboard (a win is 3 points, a draw 1):\n1. alice \u2014 0 points")
    assert both.endswith(duels)
    assert await terminal.type("leaderboard duels") == duels
    assert (await terminal.type("leaderboard bot")).startswith("Usage: leaderboard [duels]")


async def test_a_new_name_starts_from_the_defaults(terminal: Terminal) -> None:
    """Issue 26, item 11: not the previous player's last settings."""
    await type_all(terminal, "resign", "start hard 5 bot")
    text = await terminal.type("name Ann")
    assert "I started a medium game for you, Ann: you are X and you go first." in text
    assert "Tic-Tac-Toe: Ann (X) vs me (O), medium, 3x3" in text
    assert "Want the unbeatable engine? Type: start perfect" in text
