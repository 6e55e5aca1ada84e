"""The terminal's command parser: every way of typing a command, and every way of getting it
wrong, ends in a command or a friendly ``CommandError``."""

from __future__ import annotations

import itertools
from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import Move
from bot.engine.classic import LEVELS
from bot.games import FIRST_CHOICES, InvalidCellError, all_variants, parse_cell
from bot.games.variants.classic import CLASSIC_LEVELS, SIZES
from bot.i18n.width import display_width
from bot.terminal.commands import (
    COMMON_COMMANDS,
    Command,
    CommandError,
    DuelLeaderboard,
    EmptyLine,
    PlayCell,
    StartGame,
    WordCommand,
    closest_command,
    edit_distance,
    parse_command,
    parse_start,
    reads_as_command,
)
from bot.terminal.help import help_text, usage_start
from bot.terminal.layout import wrap


@given(
    row=st.integers(),
    col=st.integers(),
    sep=st.sampled_from([" ", ",", ", ", "  "]),
    prefix=st.sampled_from(["", "move ", "m ", "!move ", "/"]),
    size=st.sampled_from(SIZES),
)
def test_any_two_integers_are_a_move_or_off_the_board_never_an_unknown_command(
    row: int, col: int, sep: str, prefix: str, size: int
) -> None:
    cell = f"{row}{sep}{col}"
    command = parse_command(prefix + cell)  # never CommandError ("I don't know the command")
    assert command == PlayCell(cell)
    if 1 <= row <= size and 1 <= col <= size:
        assert parse_cell(cell, size) == Move(row - 1, col - 1)
        return
    with pytest.raises(InvalidCellError) as caught:
        parse_cell(cell, size)
    assert f"is off the board: rows and columns go from 1 to {size}. Usage: move " in str(
        caught.value
    )


@pytest.mark.parametrize("line", ["", "   ", "\t", "!", " / "])
def test_empty_lines_do_nothing(line: str) -> None:
    assert parse_command(line) == EmptyLine()


@pytest.mark.parametrize(
    ("line", "text"),
    [
        ("move 2 3", "2 3"),
        ("MOVE 2 3", "2 3"),
        ("  move   1,1  ", "1,1"),
        ("m 3 3", "3 3"),
        ("play 1 2", "1 2"),
        ("!move 2 2", "2 2"),
        ("/move 2 2", "2 2"),
        ("2 3", "2 3"),
        ("2,3", "2,3"),
        ("9 9", "9 9"),
        ("1", "1"),
        ("move", ""),
        ("move a b", "a b"),
    ],
)
def test_moves_keep_the_cell_text_for_parse_cell(line: str, text: str) -> None:
    assert parse_command(line) == PlayCell(text)


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("resign", "resign"),
        ("hint", "hint"),
        ("HINT", "hint"),
        ("explain", "explain"),
        ("why", "explain"),
        ("board", "board"),
        ("show", "board"),
        ("stats", "stats"),
        ("leaderboard", "leaderboard"),
        ("top", "leaderboard"),
        ("help", "help"),
        ("?", "help"),
        ("quit", "quit"),
        ("exit", "quit"),
        ("bye", "quit"),
        ("!hint", "hint"),
    ],
)
def test_plain_commands(line: str, name: str) -> None:
    assert parse_command(line) == WordCommand(name)  # type: ignore[arg-type]


def test_plain_commands_take_no_arguments() -> None:
    with pytest.raises(CommandError, match="'resign' takes nothing after it: just type resign"):
        parse_command("resign 2 3")


@pytest.mark.parametrize(
    ("line", "closest"),
    [
        ("hlep", "help"),
        ("mvoe 2 3", "move"),
        ("strt hard", "start"),
        ("Statz", "stats"),
        ("resing", "resign"),
        ("strat", "start"),  # one swap from start, two edits from stats
        ("stat", "stats"),  # one edit from both: the command it begins
        ("dance", None),
        ("x", None),
        ("\uff12 \uff13", None),
    ],
)
def test_an_unknown_command_is_one_line_with_the_closest_command(
    line: str, closest: str | None
) -> None:
    with pytest.raises(CommandError) as caught:
        parse_command(line)
    said = str(caught.value)
    assert "\n" not in said
    assert said.startswith("I don't know the command ")
    guess = "" if closest is None else f" Did you mean {closest}?"
    assert said.endswith(f".{guess} Type help for all commands.")


@given(command=st.sampled_from(COMMON_COMMANDS), at=st.integers(min_value=0, max_value=20))
def test_two_neighbouring_letters_swapped_suggest_the_command(command: str, at: int) -> None:
    at %= len(command) - 1
    swapped = command[:at] + command[at + 1] + command[at] + command[at + 2 :]
    if swapped == command:
        return
    suggested = closest_command(swapped)
    assert suggested is not None and edit_distance(swapped, suggested) == 1
    others = [word for word in COMMON_COMMANDS if word != command]
    if all(edit_distance(swapped, word) > 1 for word in others):
        assert suggested == command


@given(word=st.text(alphabet="abcdefghijklmnopqrstuvwxyz?", max_size=14))
def test_a_suggestion_is_a_command_a_few_edits_away(word: str) -> None:
    suggested = closest_command(word)
    if suggested is None:
        return
    assert len(suggested) > 1
    assert reads_as_command(suggested)
    assert edit_distance(word, suggested) <= (1 if len(word) <= 4 else 2)
    assert len(word) > 2


@given(first=st.text(max_size=8), second=st.text(max_size=8), third=st.text(max_size=8))
def test_edit_distance_is_a_distance(first: str, second: str, third: str) -> None:
    assert edit_distance(first, first) == 0
    assert edit_distance(first, second) == edit_distance(second, first)
    assert edit_distance(first, second) <= max(len(first), len(second))
    assert (edit_distance(first, second) == 0) == (first == second)
    assert edit_distance(first + third, second + third) <= edit_distance(first, second)


def test_long_garbage_is_quoted_short() -> None:
    with pytest.raises(CommandError) as caught:
        parse_command("z" * 500)
    assert "z" * 31 not in str(caught.value)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("start", StartGame()),
        ("new", StartGame()),
        ("start hard bot", StartGame("hard", "bot", None)),
        ("start perfect me 4", StartGame("perfect", "me", 4)),
        ("start 4 me perfect", StartGame("perfect", "me", 4)),
        ("START Easy RANDOM 3x3", StartGame("easy", "random", 3)),
        ("start 4x4", StartGame(None, None, 4)),
        ("start you", StartGame(None, "bot", None)),
        ("start hard, bot", StartGame("hard", "bot", None)),
        ("start hard hard", StartGame("hard", None, None)),
        ("start 5", StartGame(None, None, 5)),  # the service says which sizes exist
    ],
)
def test_start_options_in_any_order(line: str, expected: StartGame) -> None:
    assert parse_command(line) == expected


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("start hard easy", "You gave two levels (hard and easy); pick one."),
        ("start me bot", "You said both me and bot go first; pick one."),
        ("start 3 4", "You gave two sizes (3 and 4); pick one."),
        ("start 3x4", "Boards are square: try 3x3."),
        ("start impossible", "I don't know the option 'impossible'."),
    ],
)
def test_bad_start_options_say_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(CommandError) as caught:
        parse_command(line)
    assert str(caught.value).startswith(message)
    if "option" in message:
        assert str(caught.value).endswith(usage_start())


@given(
    level=st.sampled_from([None, *LEVELS]),
    first=st.sampled_from([None, "me", "bot", "random"]),
    size=st.sampled_from([None, 3, 4, 5]),
    data=st.data(),
)
def test_any_order_of_start_options_means_the_same(
    level: str | None, first: str | None, size: int | None, data: st.DataObject
) -> None:
    words = [str(w) for w in (level, first, size) if w is not None]
    order = data.draw(st.sampled_from(list(itertools.permutations(words))))
    assert parse_command("start " + " ".join(order)) == StartGame(level, first, size)


@given(st.text(max_size=60))
def test_any_line_is_a_command_or_a_friendly_error(line: str) -> None:
    try:
        command = parse_command(line)
    except CommandError as error:
        assert str(error)
        assert "Traceback" not in str(error)
    else:
        assert isinstance(command, get_args(Command))


def test_start_options_follow_the_game_layer() -> None:
    """Every game, level, first mover and size the game layer offers can be typed and is
    listed (each game's levels and sizes in its own entry of the help); nothing is retyped
    here, so a new option shows up without touching the terminal."""
    for variant in all_variants():
        assert parse_start(variant.kind) == StartGame(kind=variant.kind)
        for level in variant.levels:
            assert parse_start(level) == StartGame(level=level)
        levels = ", ".join(variant.levels)
        assert f"{variant.renderer.rules}; levels: {levels}" in " ".join(help_text().split())
    for first in FIRST_CHOICES:
        assert parse_start(first) == StartGame(first=first)
    for size in SIZES:
        assert parse_start(str(size)) == StartGame(size=size)
    assert "start classic [level] [first] [size]" in help_text()
    assert "start ultimate [level] [first]\n" in help_text()  # one board: no size
    assert "size: 3, 4 or 5" in help_text()
    assert f"first: {', '.join(FIRST_CHOICES)}" in help_text()
    assert "Games: classic, ultimate or connect4; first: me, bot or random;" in usage_start()
    assert ", ".join(CLASSIC_LEVELS).endswith("perfect, adaptive")


@pytest.mark.parametrize("line", ["start duel", "start 2p", "new DUEL", "start duel 4"])
def test_start_duel_reads_as_a_duel_with_an_optional_size(line: str) -> None:
    command = parse_command(line)
    assert isinstance(command, StartGame) and command.duel
    assert command.size == (4 if line.endswith("4") else None)


def test_a_duel_takes_no_level_or_first_mover() -> None:
    with pytest.raises(CommandError, match="A duel takes only a size"):
        parse_command("start duel hard")


@pytest.mark.parametrize("line", ["leaderboard duels", "top DUELS", "/leaderboard duel"])
def test_leaderboard_duels_reads_as_the_duel_leaderboard(line: str) -> None:
    assert parse_command(line) == DuelLeaderboard()
    assert "\n  leaderboard [duels]" in help_text()


def test_the_leaderboard_takes_only_duels_after_it() -> None:
    with pytest.raises(CommandError, match=r"^Usage: leaderboard \[duels\], for example"):
        parse_command("leaderboard bot")


@pytest.mark.parametrize(
    ("line", "is_command"),
    [
        ("quit", True),
        (" Help ", True),
        ("!resign", True),
        ("2 3", True),
        ("start duel", True),
        ("name", True),
        ("move", True),
        ("name Ann", True),
        ("Ann", False),
        ("Top Gun", False),
        ("hint please", False),
        ("", False),
    ],
)
def test_a_line_that_reads_as_a_command_is_never_a_name(line: str, is_command: bool) -> None:
    assert reads_as_command(line) is is_command


@given(st.integers(min_value=50, max_value=160))
def test_the_help_fills_each_line_at_any_width(width: int) -> None:
    """A command's text is wrapped as one paragraph, so no line ends early while the next
    carries on beside it: the stub ("play" alone on a line) that hand-broken text left at
    80 columns. Only the start entry's options and notes begin lines of their own, and the
    levels' ratings table's rows (indented further); a game's sizes begin one too."""
    lines = wrap(help_text(), width).splitlines()
    for line, after in itertools.pairwise(lines):
        text = after.lstrip()
        in_second_column = line.startswith(" " * 24) or line[22:24] == "  "
        own_line = text.startswith(
            ("games:", "size:", "(plain", "adaptive plays")
        ) or after.startswith(" " * 26)
        carries_on = after.startswith(" " * 24) and not own_line
        if in_second_column and carries_on:
            assert len(line) + 1 + len(text.split()[0]) > width, (line, after)
    assert max(len(line) for line in lines) <= width
    assert " ".join(help_text().split()) == " ".join(" ".join(lines).split())  # nothing lost


@pytest.mark.parametrize("width", [30, 41, 60])
def test_wide_text_wraps_by_the_columns_it_takes(width: int) -> None:
    """Japanese (two columns a character, no spaces) breaks between characters, never before
    closing punctuation, within the width; a help line keeps its second column."""
    text = "すべての手と、それが勝つか引き分けか負けるか。" * 3
    line = "  hint".ljust(22) + text
    lines = wrap(line, width).splitlines()
    assert len(lines) > 1 and all(display_width(each) <= width for each in lines)
    assert "".join("".join(lines).split()) == "hint" + text  # nothing lost
    assert not any(each.lstrip().startswith(("、", "。")) for each in lines)
    if width >= 44:  # wide enough for the column: continuation lines start under the text
        assert all(each.startswith(" " * 22) and each[22] != " " for each in lines[1:])
    assert display_width("日本語 ok") == 9
