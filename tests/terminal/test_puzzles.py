"""Puzzles in the terminal: ``puzzle`` and ``puzzle N``, moves typed as in a game (going to the
puzzle while one runs, to the game otherwise), a solve, a miss, stats and ``leaderboard
puzzles``; and the parser of ``puzzle``'s option, fuzzed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import Move
from bot.engine.classic.puzzles import shipped
from bot.games.arguments import MAX_ID
from bot.terminal.commands import (
    CommandError,
    PuzzleLeaderboard,
    ServePuzzle,
    parse_command,
    reads_as_command,
)
from bot.terminal.help import help_text
from bot.terminal.puzzles import AFTER_PUZZLE, NO_HINTS_IN_PUZZLES, PUZZLE_MOVES
from tests.terminal.test_session import Terminal
from tests.terminal.test_session import terminal as terminal  # the session's fixture


def typed(move: Move) -> str:
    return f"{move.row + 1} {move.col + 1}"


async def test_a_puzzle_solved_by_typed_moves_while_the_game_waits(terminal: Terminal) -> None:
    game = await terminal.session.service.active_game(terminal.session.player_id)
    puzzle = shipped().by_id(1)
    shown = await terminal.type("puzzle 1")
    assert shown.startswith("Puzzle #1, 3x3, rated 1030\nYou play X: win in 2 moves")
    assert shown.rstrip().endswith(PUZZLE_MOVES)
    assert "2   . | . | O" in shown  # the puzzle's board, not the game's
    first, _defence, last = puzzle.solution
    said = await terminal.type(typed(first))
    assert said.startswith(f"{first.row + 1},{first.col + 1} is right; I answer ")
    assert "Win in 1 more move." in said
    board = await terminal.type("board")  # the game's board, as always
    assert board.startswith("Tic-Tac-Toe: alice (X) vs me (O)")
    said = await terminal.type(f"move {typed(last)}")  # "move 1 2" plays the puzzle too
    assert said.startswith("Solved! 1,2 completes the line. Your puzzle rating: ")
    assert said.rstrip().endswith(AFTER_PUZZLE)
    assert await terminal.session.service.active_game(terminal.session.player_id) == game
    said = await terminal.type("2 2")  # no puzzle running: the game's move
    assert said.startswith("You played row 2, column 2.")
    stats = await terminal.type("stats")
    assert "alice's puzzle rating: " in stats and "(1 solved of 1 rated); streak 1 day" in stats
    board = await terminal.type("leaderboard puzzles")
    heading = "Puzzle solvers (puzzle rating; puzzles solved here; streak):"
    assert board.startswith(f"{heading}\n1. alice")


async def test_a_wrong_move_misses_and_shows_the_solution(terminal: Terminal) -> None:
    await terminal.type("puzzle 300")
    puzzle = shipped().by_id(300)
    board = puzzle.board
    wrong = next(m for m in board.legal_moves if m != puzzle.first_move)
    said = await terminal.type(typed(wrong))
    assert f"{wrong.row + 1},{wrong.col + 1} does not win: I answer " in said
    marks = ("X", "O") if puzzle.to_move.value == "X" else ("O", "X")
    line = " \u2192 ".join(
        f"{marks[index % 2]} {m.row + 1},{m.col + 1}" for index, m in enumerate(puzzle.solution)
    )
    assert f"The solution: {line}." in said
    assert "Your puzzle rating: " in said and "(-" in said


async def test_the_solution_names_who_plays_each_move(terminal: Terminal) -> None:
    """Puzzle 1's line is X 2,2, O 1,1, X 1,2: a member who tried 1,1 reads it as O's."""
    await terminal.type("puzzle 1")
    said = await terminal.type("1 1")
    assert said.startswith("1,1 does not win: I answer ")
    assert "The solution: X 2,2 \u2192 O 1,1 \u2192 X 1,2." in said


async def test_hints_are_off_while_a_puzzle_runs(terminal: Terminal) -> None:
    """A hint would be the waiting game's, read against the puzzle on screen: it is refused,
    and comes back once the puzzle ends."""
    await terminal.type("puzzle 1")
    for asked in ("hint", "explain", "why"):
        said = await terminal.type(asked)
        assert said.strip() == NO_HINTS_IN_PUZZLES.replace("\n", " ")
        assert "Hint for" not in said
    await terminal.type("1 1")  # a miss ends the puzzle
    said = await terminal.type("hint")
    assert said.startswith("Hint for alice: with best play on both sides this is a draw.\n")


async def test_refusals_in_the_terminal(terminal: Terminal) -> None:
    assert (await terminal.type("puzzle 889")).startswith("There is no puzzle #889: ")
    for number in (0, 100001):  # the same sentence, saying what there is and no more
        said = await terminal.type(f"puzzle {number}")
        assert said.strip() == f"There is no puzzle #{number}: the puzzles are numbered 1 to 888."
    assert (await terminal.type("puzzle one")).startswith("Usage: puzzle [number], for example")
    await terminal.type("puzzle 1")
    assert (await terminal.type("3 3")).startswith("Row 3, column 3 is already taken.")
    assert "off the board" in await terminal.type("4 1")
    assert (await terminal.type("banana")).startswith("I don't know the command 'banana'.")
    new = await terminal.type("puzzle")
    assert new.startswith("Your puzzle #1 was set aside, unfinished: it counts for nothing.")


async def test_empty_leaderboard_and_help(terminal: Terminal) -> None:
    said = await terminal.type("leaderboard puzzles")
    assert said.strip() == "Nobody has solved a puzzle yet: ask for one with 'puzzle'!"
    text = await terminal.type("help")
    assert "  puzzle [N]" in text and "  leaderboard puzzles" in text
    assert "puzzle [N]" in help_text()


def test_puzzle_is_a_command_word() -> None:
    assert parse_command("puzzle") == ServePuzzle()
    assert parse_command("PUZZLE #289") == ServePuzzle(289)
    assert parse_command("/puzzle 12") == ServePuzzle(12)
    assert parse_command("leaderboard puzzles") == PuzzleLeaderboard()
    assert parse_command("leaderboard puzzle") == PuzzleLeaderboard()
    assert reads_as_command("puzzle") and reads_as_command("puzzle 3")
    with pytest.raises(CommandError, match="Did you mean puzzle"):
        parse_command("puzzel")


@given(option=st.text(max_size=30))
def test_any_option_is_a_number_or_the_usage(option: str) -> None:
    try:
        command = parse_command(f"puzzle {option}")
    except CommandError as error:
        assert str(error).startswith("Usage: puzzle [number]")
        return
    assert isinstance(command, ServePuzzle)
    text = option.strip().lstrip("#")
    if command.number is None:
        assert not option.strip()
    else:
        assert command.number == int(text) and 0 <= command.number <= MAX_ID


@given(number=st.integers(min_value=-(10**20), max_value=10**20))
def test_numbers_out_of_range_are_refused(number: int) -> None:
    try:
        command = parse_command(f"puzzle {number}")
    except CommandError:
        assert not 0 <= number <= MAX_ID
        return
    assert command == ServePuzzle(number)
