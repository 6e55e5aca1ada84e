"""Connect Four's hints and explanations through its variant and renderer: proven positions
in words ("wins in 3 of your moves") and on the explain board (each column's value under it,
read back and compared with the hint's), the move a finished game's explanation is about, and
the estimate where the solver proves nothing in a reply's time (strongest's pick, drawn).

The positions come from the reference endgames and middlegames (tests/engine/connect4/
positions/): the solver proves each in hundredths of a second, so the replies are exact here
on any machine."""

from __future__ import annotations

import random

import pytest

from bot.engine import Move, Player, Value
from bot.engine.connect4 import Connect4Board, analyze
from bot.games import Seat
from bot.games.errors import PLAIN, TooEarlyToSolveError
from bot.games.variants.connect4 import CONNECT4, Connect4Explained, Connect4Hint
from bot.games.variants.connect4 import variant as connect4_variant
from bot.games.variants.connect4.explain import TEXT_WIDTH
from bot.games.variants.connect4.replies import ColumnOutcome, outcomes
from tests.games.variants.connect4.connect4_games import ALICE, BOB, BOT, board_after, game_of

WON = "443574124251376221334422561713"  # X (alice) to move: two columns win, one draws
LOST = "353445766713534411351753"  # X to move: every column loses
DRAWN = "777122147377135543321154"  # X to move: column 4 draws, the others lose at once
BOT_WINS = "5357345575312464435436174631672716"  # the bot (O) completes four in column 6
MEMBER_WINS = "44357412425137622133442256171355716"  # alice (X) completes four in column 1


def hint_of(columns: str) -> Connect4Hint:
    hint = CONNECT4.hint(game_of(columns), random.Random(1))
    assert isinstance(hint, Connect4Hint)
    return hint


def explained(
    columns: str, *, running: bool, o: Seat = BOT, level: str = "hard"
) -> Connect4Explained:
    game = game_of(columns, o=o, level=level)
    reply = CONNECT4.explain(game, running=running, rng=random.Random(1))
    assert isinstance(reply, Connect4Explained)
    return reply


def code(entry: ColumnOutcome) -> str:
    """The terminal's value code: W and L with the mover's own moves, D alone."""
    moves = (entry.plies + 1) // 2
    return {Value.WIN: f"W{moves}", Value.DRAW: "D", Value.LOSS: f"L{moves}"}[entry.value]


def value_row(reply: Connect4Explained) -> list[str]:
    """The terminal explain board's row under the columns, read back: each column's code."""
    text = CONNECT4.renderer.explain(reply, plain=True).splitlines()
    row = next(line for line in text if line.startswith(" ") and line.strip()[:1] in "[WDL")
    width = TEXT_WIDTH
    return [row[1 + width * col : 1 + width * (col + 1)].strip() for col in range(7)]


# -- hints --------------------------------------------------------------------------------------


def test_a_won_position_lists_every_column_best_first_in_the_members_moves() -> None:
    hint = hint_of(WON)
    assert hint.value is Value.WIN and hint.game.position == board_after(WON)
    assert CONNECT4.renderer.hint(hint) == "\n".join(
        [
            "Hint for alice: you can force a win from here.",
            "Best: column 5 — wins in 3 of your moves.",
            "Every move, best first:",
            "  column 5 — wins in 3 of your moves",
            "  column 7 — wins in 3 of your moves",
            "  column 3 — draws",
            "  column 1 — loses in 6 of your moves",
            "  column 6 — loses in 6 of your moves",
            "(Counts are your own moves, this one included, with best play from me.)",
        ]
    )


def test_a_lost_position_says_the_bot_wins_and_which_column_holds_out_longest() -> None:
    hint = hint_of(LOST)
    assert hint.value is Value.LOSS
    lines = CONNECT4.renderer.hint(hint).splitlines()
    assert lines[:2] == [
        "Hint for alice: I can force a win whatever you do, but make me find it.",
        "Best: column 2 — loses in 3 of your moves.",
    ]
    assert "  column 6 — loses: I win on my next move" in lines


def test_a_drawn_position_names_the_one_column_that_keeps_the_draw() -> None:
    hint = hint_of(DRAWN)
    assert hint.value is Value.DRAW
    lines = CONNECT4.renderer.hint(hint).splitlines()
    assert lines[:2] == [
        "Hint for alice: with best play on both sides this is a draw.",
        "Best: column 4 — draws.",
    ]
    assert [line for line in lines if "loses" in line] == [
        f"  column {col} — loses: I win on my next move" for col in (1, 2, 3, 5, 6)
    ]  # column 7 is full: not listed


def test_the_hint_is_every_columns_exact_score_as_the_solver_gives_it() -> None:
    for columns in (WON, LOST, DRAWN):
        board = board_after(columns)
        assert hint_of(columns).columns == outcomes(board, analyze(board))


# -- explanations -------------------------------------------------------------------------------


def test_the_running_game_is_explained_at_its_best_column_with_each_value_under_it() -> None:
    for columns in (WON, LOST, DRAWN):
        reply = explained(columns, running=True)
        board = board_after(columns)
        assert (reply.position, reply.mover, reply.played) == (board, board.to_move, False)
        assert reply.move == reply.columns[0].move and reply.explained == reply.columns[0]
        assert reply.columns == hint_of(columns).columns
        by_column = {entry.move.col: code(entry) for entry in reply.columns}
        expected = [by_column.get(col, "") for col in range(7)]
        expected[reply.move.col] = f"[{expected[reply.move.col]}]"
        assert value_row(reply) == expected


def test_the_running_explanation_reads_as_advice_to_the_member() -> None:
    text = CONNECT4.renderer.explain(explained(WON, running=True), plain=True).splitlines()
    assert text[0] == "What I see (X to move):"
    assert text[1] == " " + "".join(f"{col:^{TEXT_WIDTH}}" for col in range(1, 8)).rstrip()
    assert text[-2] == (
        "In your place I would play column 5: it wins in 3 of your moves against any defence."
    )
    assert text[-1].startswith("To value every column my search examined ")
    drawn = CONNECT4.renderer.explain(explained(DRAWN, running=True), plain=True)
    assert (
        "In your place I would play column 4: it blocks O's line, which keeps the draw, while "
        "5 of the 6 moves would lose." in drawn
    )


def test_a_finished_game_is_explained_at_the_bots_last_move() -> None:
    game = game_of(BOT_WINS)
    assert game.winner is Player.O
    reply = explained(BOT_WINS, running=False)
    assert reply.played and reply.move == game.moves[-1] and reply.mover is Player.O
    assert reply.position == board_after(BOT_WINS[:-1])
    assert (reply.explained.value, reply.explained.plies) == (Value.WIN, 1)
    text = CONNECT4.renderer.explain(reply, plain=True).splitlines()
    assert text[0] == "The position before my last move (O to move):"
    assert text[-2] == "I played column 6: it completes a line and wins at once."
    emoji = CONNECT4.renderer.explain(reply, plain=False).splitlines()
    assert emoji[0] == "The position before my last move (🟡 to move):"
    assert emoji[8] == "🟩🟩⬛⬛⬛⭐🟩"  # columns 3 to 5 are full
    assert emoji[9] == "🟩 win: 1 in 2 · 2 in 2 · 6 in 1 ⭐ · 7 in 1"


def test_a_game_the_member_won_is_explained_at_the_bots_move_before_it() -> None:
    game = game_of(MEMBER_WINS)
    assert game.winner is Player.X
    reply = explained(MEMBER_WINS, running=False)
    assert reply.move == game.moves[-2] and reply.mover is Player.O
    assert reply.position == board_after(MEMBER_WINS[:-2])
    assert all(entry.value is Value.LOSS for entry in reply.columns)


def test_a_finished_duel_is_explained_at_its_last_move_by_the_members_name() -> None:
    reply = explained(BOT_WINS, running=False, o=BOB, level="duel")
    assert reply.move == game_of(BOT_WINS, o=BOB).moves[-1]
    text = CONNECT4.renderer.explain(reply, plain=True).splitlines()
    assert text[0] == "The position before the last move (O to move):"
    assert text[-2] == "bob played column 6: it completes a line and wins at once."


# -- estimates ----------------------------------------------------------------------------------


@pytest.fixture
def quick_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver's time for a hint cut to 50 ms: an opening is not proven in a second either,
    and strongest's pick still takes its own time."""
    monkeypatch.setattr(connect4_variant, "ANSWER_SECONDS", 0.05)


def pick_cells(text: str) -> list[Move]:
    """The cells a terminal estimate board marks ``?``, read back."""
    rows = [line for line in text.splitlines() if line.startswith("|")]
    return [
        Move(row, col)
        for row, line in enumerate(rows)
        for col in range(7)
        if line[1 + 3 * col : 4 + 3 * col].strip() == "?"
    ]


@pytest.mark.usefixtures("quick_answers")
def test_an_opening_gets_strongests_pick_as_an_estimate_naming_its_column() -> None:
    game = game_of("44")
    with pytest.raises(TooEarlyToSolveError) as refused:
        CONNECT4.hint(game, random.Random(1))
    error = refused.value
    board = board_after("44")
    assert error.game is game and error.position == board
    assert error.pick in board.legal_moves and error.pick == board.landing(error.pick.col)
    assert str(error) == (
        "This Connect Four position is too early for me to solve in time: I cannot prove yet "
        "what every column leads to (I can after a few more moves). My pick, an estimate: "
        f"column {error.pick.col + 1}."
    )
    text = CONNECT4.renderer.estimate(error, PLAIN, plain=True)
    assert text.splitlines()[1] == "My pick (X to move):"
    assert pick_cells(text) == [error.pick]
    assert text.splitlines()[-1] == "? = my pick, not proven."
    emoji = CONNECT4.renderer.estimate(error, PLAIN, plain=False)
    assert emoji.count("\u2754") == 2 and "🔴" in emoji and "🟡" in emoji  # the pick, the legend


@pytest.mark.usefixtures("quick_answers")
def test_an_opening_explained_is_an_estimate_too() -> None:
    game = game_of("4")
    with pytest.raises(TooEarlyToSolveError) as refused:
        CONNECT4.explain(game, running=True, rng=random.Random(2))
    assert refused.value.position == board_after("4")
    assert refused.value.pick in board_after("4").legal_moves
    assert isinstance(refused.value.position, Connect4Board)


@pytest.mark.usefixtures("quick_answers")
@pytest.mark.parametrize(
    ("columns", "column", "says"),
    [
        ("112233", 4, "Playing column 4 wins at once: it completes four in a row."),
        # both sides have a four to complete: the side to move wins rather than blocks
        ("717273", 7, "Playing column 7 wins at once: it completes four in a row."),
        (
            "12121",
            1,
            "Only column 1 does not lose at once: any other column lets the other side "
            "complete four in a row.",
        ),
    ],
)
def test_an_early_position_the_rules_decide_names_that_column_as_played(
    columns: str, column: int, says: str
) -> None:
    """Too early for the solver, but a column wins at once or is the only one that does not
    lose at once: the reply says so, never that it is an estimate, and marks that column on
    the board (* in text, ⭐ in emoji), with no estimate's title or legend."""
    board = board_after(columns)
    with pytest.raises(TooEarlyToSolveError) as refused:
        CONNECT4.hint(game_of(columns), random.Random(1))
    assert str(refused.value) == says
    assert refused.value.pick == board.landing(column - 1)
    text = CONNECT4.renderer.estimate(refused.value, PLAIN, plain=True)
    lines = text.splitlines()
    assert lines[0] == says and "My pick" not in text and "?" not in text
    row = next(line for line in lines if "*" in line)
    assert row.index("*") == 1 + 3 * (column - 1) + 1  # the column's cell, as the grid draws it
    assert lines.index(row) - 2 == board.landing(column - 1).row  # under the column numbers
    emoji = CONNECT4.renderer.estimate(refused.value, PLAIN, plain=False)
    assert "\u2754" not in emoji and emoji.count("⭐") == 1


@pytest.mark.usefixtures("quick_answers")
def test_an_early_winning_move_is_explained_by_the_rules() -> None:
    """The bot (X) won with its sixth disc: explaining its last move names the column that won
    at once, though the solver valued no column of the position before it."""
    columns = "12234334744"  # X's last disc completes a diagonal four in column 4
    board = board_after(columns)
    assert board.is_over and board.winner is Player.X
    with pytest.raises(TooEarlyToSolveError) as refused:
        CONNECT4.explain(game_of(columns, x=BOT, o=ALICE), running=False, rng=random.Random(1))
    assert str(refused.value).startswith("Playing column 4 wins at once")


@pytest.mark.usefixtures("quick_answers")
def test_an_early_played_move_that_lost_at_once_is_said_to_lose_at_once() -> None:
    """alice (X) beat the easy bot: its last move, column 5, left her row of three open
    instead of blocking column 4. Explaining it speaks of column 5, never of column 4."""
    game = game_of("1727354")
    before, move = CONNECT4.explained_move(game)
    assert move.col == 4
    with pytest.raises(TooEarlyToSolveError) as refused:
        CONNECT4.explain(game, running=False, rng=random.Random(1))
    assert str(refused.value) == (
        "Playing column 5 loses at once: it lets the other side complete four in a row next."
    )
    assert refused.value.pick == move and refused.value.position == before


@pytest.mark.parametrize(
    ("columns", "played", "says"),
    [
        ("112233", 4, "Playing column 4 wins at once"),
        ("112233", 5, None),  # a win missed, and nothing lost at once: the solver's to say
        ("12121", 1, "Only column 1 does not lose at once"),
        ("12121", 3, "Playing column 3 loses at once"),
        ("44", 4, None),  # the rules say nothing of an opening move
    ],
)
def test_what_the_rules_say_of_a_played_column_is_of_that_column(
    columns: str, played: int, says: str | None
) -> None:
    board = board_after(columns)
    named = connect4_variant.forced(game_of(columns), board, board.landing(played - 1))
    if says is None:
        assert named is None
    else:
        assert named is not None and str(named).startswith(says)
        assert named.pick == board.landing(played - 1)
