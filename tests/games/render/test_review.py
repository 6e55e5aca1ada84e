"""A review and a page of history in words (bot/games/render/review.py, history.py): the lines
a player reads, and the longest review there can be within one Discord message."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone

import pytest

from bot.engine import Move, Player, Value
from bot.engine.classic import Board
from bot.games import (
    DUEL,
    Game,
    HistoryEntry,
    HistoryPage,
    Outlook,
    Result,
    Seat,
    Status,
    Turn,
    Verdict,
)
from bot.games.arguments import NAME_MAX_LENGTH
from bot.games.render.history import history_line, render_history
from bot.games.render.review import render_review, review_lines
from bot.games.variants.classic import CLASSIC
from bot.games.variants.classic.review import review_game

NOW = datetime(2026, 3, 1, 23, 30, tzinfo=UTC)
DISCORD_LIMIT = 2000


def game_of(size: int, cells: tuple[int, ...], status: Status, winner: Player | None) -> Game:
    moves = tuple(Move(*divmod(cell, size)) for cell in cells)
    x, o = Seat(1, "alice"), Seat(None, "the bot")
    return Game(
        12, 5, 7, x, o, "perfect", size, "me", moves, status, winner, NOW, NOW,
        variant=CLASSIC,
    )


def test_a_review_reads_move_by_move_then_where_it_was_lost_and_accuracy() -> None:
    review = review_game(game_of(3, (0, 4, 8, 2, 6, 3, 7), Status.WON, Player.X))
    assert render_review(review) == "\n".join(
        [
            "Review of game #12 (3x3, perfect): alice (X) against the bot (O); alice won.",
            "1. X 1,1 best",
            "2. O 2,2 best",
            "3. X 3,3 best",
            "4. O 1,3 mistake: 1,2 draws",
            "5. X 3,1 best",
            "6. O 2,1 best",
            "7. X 3,2 best",
            "best keeps the result at its fastest, good keeps it slower; a mistake turns a win "
            "into a draw or a draw into a loss, a blunder a win into a loss.",  # no count here
            "The move that lost it: 4. O 1,3 mistake: 1,2 draws.",
            "Accuracy: alice 100% (4 of 4 moves best or good), "
            "the bot 67% (2 of 3 moves best or good).",
        ]
    )


def test_a_blunder_names_the_win_it_missed_and_a_faster_loss_is_good() -> None:
    """O's edge loses (a mistake); O then leaves X a win in one (lost anyway: good, a faster
    loss); X misses it and leaves O's line open (a win turned into a loss: a blunder)."""
    review = review_game(game_of(3, (8, 5, 7, 4, 1, 3), Status.LOST, Player.O))
    assert review_lines(review)[1:7] == [
        "1. X 3,3 best",
        "2. O 2,3 mistake: 2,2 draws",
        "3. X 3,2 best",
        "4. O 2,2 good (a faster loss)",
        "5. X 1,2 blunder: 3,1 wins in 1",
        "6. O 2,1 best",
    ]
    assert review_lines(review)[7] == (  # a line counts moves: the key says whose
        "best keeps the result at its fastest, good keeps it slower; a mistake turns a win into "
        "a draw or a draw into a loss, a blunder a win into a loss. Counts are the mover's own "
        "moves, this one included."
    )
    assert review_lines(review)[-2:] == [
        "The move that lost it: 5. X 1,2 blunder: 3,1 wins in 1.",
        "Accuracy: alice 67% (2 of 3 moves best or good), the bot 67% (2 of 3 moves best or good).",
    ]


def test_resignations_and_draws_say_who_lost_nothing() -> None:
    drawn = review_game(game_of(3, (4, 0, 8, 2, 1, 7, 6, 5, 3), Status.DRAWN, None))
    assert review_lines(drawn)[-2] == "Nobody lost it: a draw."
    resigned = review_game(game_of(3, (4, 0), Status.RESIGNED, Player.O))
    assert review_lines(resigned)[0].endswith("; alice resigned.")
    assert review_lines(resigned)[-2] == (
        "alice resigned a position that was still a draw with best play."
    )
    expired = review_game(game_of(3, (4,), Status.EXPIRED, None))
    assert review_lines(expired)[0].endswith("; it expired without a result.")
    assert review_lines(expired)[-2] == "Nobody lost it: the game ended without a result."


# The longest 5x5 game there is: a full board that nobody wins (bench/replay.py's).
FIVE_FULL = (3, 14, 2, 1, 10, 23, 15, 20, 21, 8, 4, 18, 24, 9, 13, 11, 12, 22, 19, 17, 6, 0, 7,
             16, 5)  # fmt: skip


@pytest.mark.slow
def test_the_longest_review_fits_one_discord_message() -> None:
    """25 moves, each line as long as a line gets (a two-digit number, a blunder naming a
    move that wins in 12), both names as long as names get, the estimate note, and each way
    the summary can end; under Discord's 2,000 characters."""
    board = Board.empty(5, 4)
    for cell in FIVE_FULL:
        board = board.play(Move(*divmod(cell, 5)))
    assert board.is_over and board.winner is None
    long_x, long_o = "x" * NAME_MAX_LENGTH, "o" * NAME_MAX_LENGTH
    game = replace(
        game_of(5, FIVE_FULL, Status.RESIGNED, Player.X),
        x=Seat(1, long_x),
        o=Seat(2, long_o),
        level=DUEL,
    )
    review = review_game(replace(game, moves=game.moves[:-1]))
    worst = tuple(
        replace(
            move,
            verdict=Verdict.BLUNDER,
            before=Outlook(Value.WIN, 23),
            after=Outlook(Value.LOSS, 22),
            instead=Move(4, 4),
        )
        for move in review.moves
    )
    worst = (*worst, replace(worst[-1], number=25))
    estimate = replace(worst[0], verdict=Verdict.ESTIMATE, before=None, after=None, instead=None)
    longest = replace(review, moves=(estimate, *worst[1:]), loser=Player.X)
    endings = [replace(longest, turn=turn, losing_move=worst[-1], final=Value.WIN) for turn in Turn]
    for ending in endings:
        text = render_review(ending)
        assert len(text) <= DISCORD_LIMIT, (ending.turn, len(text))
    print(f"\nlongest review: {max(len(render_review(e)) for e in endings)} characters")


def entry(**changes: object) -> HistoryEntry:
    base = HistoryEntry(
        game_id=1234,
        started_at=NOW - timedelta(minutes=5),
        ended_at=NOW,
        guild_id=7,
        mark=Player.X,
        opponent=Seat(None, "the bot"),
        level="perfect",
        size=3,
        result=Result.WON,
        resigned=False,
        moves=7,
        variant=CLASSIC,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_a_history_line_has_the_number_date_board_opponent_result_and_moves() -> None:
    assert (
        history_line(entry()) == "#1234 2026-03-01 3x3 perfect, against the bot: won after 7 moves"
    )
    duel = entry(level=DUEL, opponent=Seat(2, "bob"), result=Result.LOST, resigned=True, moves=1)
    assert (
        history_line(duel) == "#1234 2026-03-01 3x3 duel, against bob: lost (resigned) after 1 move"
    )
    theirs = entry(result=Result.WON, resigned=True, size=5)
    assert history_line(theirs).endswith(
        "5x5 perfect, against the bot: won (they resigned) after 7 moves"
    )
    late = entry(ended_at=NOW.astimezone(timezone(timedelta(hours=5))))  # the next day there
    assert history_line(late).startswith("#1234 2026-03-01 ")
    drawn = entry(result=Result.DRAWN, moves=9)
    assert history_line(drawn).endswith(": drawn after 9 moves")


def test_a_history_page_has_a_title_and_an_empty_one_says_why() -> None:
    page = HistoryPage(1, "alice", 7, (entry(), entry(game_id=1200)), older=True, newer=False)
    assert render_history(page).splitlines() == [
        "alice's games, newest first (dates in UTC):",
        history_line(entry()),
        history_line(entry(game_id=1200)),
    ]
    none = HistoryPage(1, "alice", 7, (), older=False, newer=False)
    assert render_history(none).startswith("alice has not finished a game yet.")
    past_the_end = HistoryPage(1, "alice", 7, (), older=False, newer=True)
    assert render_history(past_the_end) == "No more of alice's games this way."
