"""Connect Four's moves as members type and click them, and its options: ``parse_move`` (any
text is a legal landing cell of the column typed or a sentence, never a Python exception),
``move_refused`` (a full column, a column off the board, a button of a board that has changed
since, also through the service), ``check_level`` and the names ``find_variant`` knows the kind
by."""

from __future__ import annotations

import random
import re

import pytest
from games_helpers import ALICE, CHANNEL, GUILD, FakeClock, plays
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.engine import IllegalMoveError, Move
from bot.engine.connect4 import LEVEL_RATINGS, LEVELS, Connect4Board
from bot.engine.connect4 import adaptive as connect4_adaptive
from bot.engine.ratings import ADAPTIVE, START_RATING
from bot.games import Game, GameError, GameService, InvalidOptionError
from bot.games.errors import InvalidCellError
from bot.games.variants import find_variant
from bot.games.variants.connect4 import COLUMNS, CONNECT4
from bot.storage import SqliteGameStore
from tests.games.variants.connect4.connect4_games import dropped, game_of, scripted

USAGE = "Usage: move <column>, for example: move 4"
QUOTED = r"""(?:'.*'|".*")"""
SENTENCES = [
    re.compile(pattern, re.DOTALL)
    for pattern in (
        rf"Which column\? Give a number from 1 to 7\. {USAGE}",
        rf"{QUOTED} is not a column: give one number from 1 to 7\. {USAGE}",
        rf"{QUOTED}: in Connect Four a column is enough, and your disc falls to the lowest "
        rf"free cell\. {USAGE}",
        rf"Column -?[0-9]{{1,10}} is off the board: columns go from 1 to 7\. {USAGE}",
        rf"That column is off the board: columns go from 1 to 7\. {USAGE}",
        r"Column [1-7] is full: choose another one\.",
    )
]
ONE_COLUMN = re.compile(r"\s*\+?0*([1-7])\s*", re.ASCII)
"""Text that names one column of the board, as a member may type it."""


def is_sentence(text: str) -> bool:
    return any(pattern.fullmatch(text) for pattern in SENTENCES)


def random_game(moves: int, seed: int) -> Game:
    """alice against the bot after up to ``moves`` random columns (fewer if it ended): full
    columns come with the longer games."""
    rng = random.Random(seed)
    board, columns = Connect4Board(), ""
    for _ in range(moves):
        col = rng.choice(board.legal_columns)
        if board.play_column(col).is_over:
            break
        board = board.play_column(col)
        columns += str(col + 1)
    return game_of(columns)


NUMBERISH = st.from_regex(
    r"\s{0,2}[+-]?0{0,3}[0-9]{1,12}([ ,]{1,2}[+-]?[0-9]{1,3}){0,2}\s{0,2}", fullmatch=True
)
TYPED = st.one_of(
    st.text(max_size=30),
    NUMBERISH,
    st.integers().map(str),
    st.sampled_from(["4", " 7 ", "+1", "04", "0", "8", "-1", "2 3", "2,3", "", "٤", "4.0"]),
)


# -- parse_move --------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(TYPED, st.integers(0, 41), st.integers(0, 10**6))
@example("0" * 5000 + "4", 0, 0)  # a wall of zeros before a column: past int()'s digit limit
@example("9" * 5000, 0, 0)
def test_any_text_is_a_landing_cell_of_its_column_or_a_sentence(
    text: str, moves: int, seed: int
) -> None:
    game = random_game(moves, seed)
    board = game.position
    assert isinstance(board, Connect4Board)
    named = ONE_COLUMN.fullmatch(text)
    try:
        move = CONNECT4.parse_move(text, game)
    except GameError as refused:
        assert is_sentence(str(refused)), str(refused)
        if named is not None:  # a column of the board: refused only when it is full
            assert int(named.group(1)) - 1 not in board.legal_columns
            assert str(refused) == f"Column {named.group(1)} is full: choose another one."
        return
    assert named is not None, text
    assert move.col == int(named.group(1)) - 1
    assert move in board.legal_moves and move == board.landing(move.col)


def test_a_column_plays_the_cell_its_disc_lands_in() -> None:
    game = game_of("4453")  # column 4 holds two discs
    assert CONNECT4.parse_move("4", game) == Move(3, 3)
    assert CONNECT4.parse_move(" 1 ", game) == Move(5, 0)
    assert CONNECT4.parse_move("+3", game) == Move(4, 2)  # column 3 holds one
    assert CONNECT4.parse_move("007", game) == Move(5, 6)


@pytest.mark.parametrize("text", ["2 3", "2,3", "2, 3", " 6 1 ", "1 2 3"])
def test_a_row_and_a_column_get_the_sentence_that_a_column_is_enough(text: str) -> None:
    with pytest.raises(InvalidCellError) as refused:
        CONNECT4.parse_move(text, game_of(""))
    assert str(refused.value) == (
        f"{text.strip()!r}: in Connect Four a column is enough, and your disc falls to the "
        f"lowest free cell. {USAGE}"
    )


@pytest.mark.parametrize(
    ("text", "column"), [("0", 0), ("8", 8), ("-1", -1), ("123456789", 123456789)]
)
def test_a_column_off_the_board_is_named_in_its_sentence(text: str, column: int) -> None:
    with pytest.raises(GameError) as refused:
        CONNECT4.parse_move(text, game_of("44"))
    assert str(refused.value) == (
        f"Column {column} is off the board: columns go from 1 to 7. {USAGE}"
    )


@pytest.mark.parametrize("text", ["1234567890", "9" * 50, "-" + "9" * 5000, "0" * 5000 + "8"])
def test_a_huge_number_is_off_the_board_without_being_repeated(text: str) -> None:
    with pytest.raises(GameError) as refused:
        CONNECT4.parse_move(text, game_of(""))
    expected = f"That column is off the board: columns go from 1 to 7. {USAGE}"
    if text == "0" * 5000 + "8":  # only zeros in front: the column is 8
        expected = f"Column 8 is off the board: columns go from 1 to 7. {USAGE}"
    assert str(refused.value) == expected


def test_leading_zeros_past_ints_digit_limit_still_name_the_column() -> None:
    """int() refuses a string of more than 4,300 digits, zeros in front included: the column
    is read from its significant digits."""
    assert CONNECT4.parse_move("0" * 5000 + "4", game_of("")) == Move(5, 3)


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("", f"Which column? Give a number from 1 to 7. {USAGE}"),
        ("   ", f"Which column? Give a number from 1 to 7. {USAGE}"),
        ("x", f"'x' is not a column: give one number from 1 to 7. {USAGE}"),
        ("4.0", f"'4.0' is not a column: give one number from 1 to 7. {USAGE}"),
        ("٤", f"'٤' is not a column: give one number from 1 to 7. {USAGE}"),
        ("{move}", f"'{{move}}' is not a column: give one number from 1 to 7. {USAGE}"),
    ],
)
def test_text_that_is_no_column_gets_the_usage(text: str, sentence: str) -> None:
    with pytest.raises(InvalidCellError) as refused:
        CONNECT4.parse_move(text, game_of(""))
    assert str(refused.value) == sentence


def test_a_full_column_is_refused_by_name() -> None:
    game = game_of("444444")
    with pytest.raises(GameError) as refused:
        CONNECT4.parse_move("4", game)
    assert str(refused.value) == "Column 4 is full: choose another one."
    assert CONNECT4.parse_move("5", game) == Move(5, 4)


# -- move_refused: what the engine refuses, in columns --------------------------------------------


def refusal(columns: str, move: Move) -> str:
    """The variant's sentence for ``move`` played at ``columns`` (the engine refusing it)."""
    board = Connect4Board.from_notation(columns)
    with pytest.raises(IllegalMoveError) as caught:
        board.play(move)
    return str(CONNECT4.move_refused(caught.value, board, move))


def test_a_button_of_a_board_that_has_changed_names_its_column() -> None:
    # column 4 holds two discs: the cells (4, 3) and (5, 3) are taken, (3, 3) is the landing
    changed = (
        "The board has changed since that button was drawn: column {column} holds more discs "
        "now. Look at the board again and choose your column."
    )
    assert refusal("4453", Move(4, 3)) == changed.format(column=4)
    assert refusal("4453", Move(5, 4)) == changed.format(column=5)
    # cells no button names (above where a disc lands, a row off the board): the shared refusal
    assert refusal("4453", Move(0, 3)) == "That move is not allowed here."
    assert refusal("4453", Move(6, 6)) == "That move is not allowed here."


def test_the_engine_refusals_of_a_full_column_and_off_the_board_are_worded_in_columns() -> None:
    assert refusal("444444", Move(0, 3)) == "Column 4 is full: choose another one."
    assert refusal("444444", Move(5, 3)) == "Column 4 is full: choose another one."
    assert refusal("44", Move(5, 7)) == (
        f"Column 8 is off the board: columns go from 1 to 7. {USAGE}"
    )
    assert refusal("1122334", Move(5, 4)) == "The game is already over."


async def test_the_service_refuses_a_stale_button_and_a_full_column_in_its_sentences() -> None:
    service = GameService(
        SqliteGameStore(":memory:"),
        clock=FakeClock(),
        rng=random.Random(1),
        choose_move=plays(scripted("4444441")),
    )
    try:
        await service.start(
            channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice",
            level="easy", first="me", game="connect4",
        )  # fmt: skip
        stale = Move(5, 3)  # column 4 as the first board showed it
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=stale)
        changed = r"^The board has changed since that button was drawn: column 4 "
        with pytest.raises(GameError, match=changed):
            await service.move(channel_id=CHANNEL, member_id=ALICE, move=stale)
        for move in dropped("444444")[2::2]:
            await service.move(channel_id=CHANNEL, member_id=ALICE, move=move)
        game = await service.active_game(CHANNEL)
        assert len(game.moves) == 6
        with pytest.raises(GameError) as refused:
            await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 3))
        assert str(refused.value) == "Column 4 is full: choose another one."
        with pytest.raises(GameError, match=r"^Column 4 is full"):
            CONNECT4.parse_move("4", game)
        assert (await service.active_game(CHANNEL)).moves == game.moves  # nothing was played
    finally:
        await service.close()


# -- options and names ------------------------------------------------------------------------


def test_every_level_and_adaptive_are_accepted_as_typed() -> None:
    assert CONNECT4.levels == (*LEVELS, ADAPTIVE)
    assert LEVELS == ("easy", "medium", "hard", "strongest")
    for level in CONNECT4.levels:
        assert CONNECT4.check_level(level) == level
        assert CONNECT4.check_level(f" {level.upper()} ") == level
        assert CONNECT4.has_level(level)
    assert CONNECT4.check_level(None) == CONNECT4.default_level == "hard"
    assert CONNECT4.newcomer_level == "easy"
    assert CONNECT4.rated(ADAPTIVE) and not any(CONNECT4.rated(level) for level in LEVELS)


def test_perfect_and_unknown_levels_are_refused_with_their_sentences() -> None:
    with pytest.raises(InvalidOptionError) as refused:
        CONNECT4.check_level("perfect")
    assert str(refused.value) == (
        "Connect Four has no perfect level: choose one of easy, medium, hard, strongest "
        "(strongest plays exact moves once it can prove them)."
    )
    with pytest.raises(InvalidOptionError) as refused:
        CONNECT4.check_level(" Perfect ")
    assert str(refused.value).startswith("Connect Four has no perfect level")
    with pytest.raises(InvalidOptionError) as refused:
        CONNECT4.check_level("wild")
    assert str(refused.value) == (
        "There is no level 'wild' in Connect Four. Choose one of: easy, medium, hard, "
        "strongest, adaptive."
    )
    assert not CONNECT4.has_level("perfect") and not CONNECT4.has_level(None)


@pytest.mark.parametrize(
    "name", ["connect4", "Connect4", " c4 ", "C4", "connect-four", "connectfour"]
)
def test_the_kind_is_found_by_its_name_and_aliases(name: str) -> None:
    assert find_variant(name) is CONNECT4


def test_the_board_is_seven_columns_whatever_size_is_given() -> None:
    assert CONNECT4.sizes == (COLUMNS,) == (7,) and CONNECT4.default_size == 7
    for size in (None, 3, "9", 7):
        assert CONNECT4.check_size(size) == 7
    assert CONNECT4.win_length(7) == 4 and CONNECT4.counts_solo(7)


def test_adaptive_plays_at_the_members_rating_and_the_fixed_levels_at_their_own() -> None:
    assert CONNECT4.level_ratings() == {7: {level: LEVEL_RATINGS[level] for level in LEVELS}}
    assert list(CONNECT4.level_ratings()[7]) == list(LEVELS)  # weakest first
    assert CONNECT4.playing_rating(START_RATING, 7) == connect4_adaptive.playing_rating(
        START_RATING
    )
    board = Connect4Board.from_notation("44")
    with pytest.raises(ValueError, match="needs the member's rating"):
        CONNECT4.choose_move(board, ADAPTIVE, random.Random(1), None)
    for level in CONNECT4.levels:
        move = CONNECT4.choose_move(board, level, random.Random(1), START_RATING)
        assert move in board.legal_moves


async def test_the_service_starts_connect4_by_an_alias_and_refuses_its_bad_levels() -> None:
    service = GameService(SqliteGameStore(":memory:"), clock=FakeClock(), rng=random.Random(1))
    try:
        for level, says in (
            ("perfect", "^Connect Four has no perfect level"),
            ("x", "no level 'x' in Connect Four"),
        ):
            with pytest.raises(InvalidOptionError, match=says):
                await service.start(
                    channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice",
                    level=level, game="c4",
                )  # fmt: skip
        reply = await service.start(
            channel_id=CHANNEL, guild_id=GUILD, member_id=ALICE, member_name="alice",
            game="Connect-Four", first="me", size=3,
        )  # fmt: skip
        game = reply.game
        assert (game.kind, game.level, game.size, game.moves) == ("connect4", "hard", 7, ())
        assert game.position == Connect4Board()
    finally:
        await service.close()
