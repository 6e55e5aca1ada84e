"""Everything else the renderer writes: move replies, hints, records, leaderboards, expiry."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from math import ceil

import pytest
from reachable import positions_with_moves

from bot.engine import Move, Player, Value
from bot.engine.classic import Analysis, MoveAnalysis, analyze
from bot.games.models import (
    Game,
    LeaderboardEntry,
    MoveReply,
    Record,
    Seat,
    Stats,
    Status,
)
from bot.games.render.boards import describe_reply, render_expired, status_line
from bot.games.render.explaining import EMOJI_ESTIMATE, EMOJI_EXPLAINED, EMOJI_VALUE
from bot.games.render.outcomes import describe_outcome
from bot.games.render.records import render_leaderboard, render_stats
from bot.games.variants.classic import CLASSIC, too_early_to_solve
from bot.games.variants.classic.explain import (
    render_estimate_emoji,
    render_estimate_text,
    render_exact_hint,
)
from bot.games.variants.classic.replies import Hint
from bot.games.wording import your_moves

NOW = datetime(2026, 1, 1, tzinfo=UTC)
BOT = Seat(None, "Tic-Tac-Toe")


def make_game(moves: tuple[Move, ...], *, size: int = 3, member: Player = Player.X) -> Game:
    seat = Seat(7, "alice")
    x, o = (seat, BOT) if member is Player.X else (BOT, seat)
    return Game(
        id=1,
        channel_id=10,
        guild_id=None,
        x=x,
        o=o,
        level="perfect",
        size=size,
        first="me",
        moves=moves,
        status=Status.ACTIVE,
        winner=None,
        created_at=NOW,
        updated_at=NOW,
        variant=CLASSIC,
    )


# --- describe_reply -----------------------------------------------------------------------------


def test_a_reply_tells_both_moves_one_based() -> None:
    game = make_game((Move(1, 1), Move(0, 2)))
    reply = MoveReply(game, member_move=Move(1, 1), bot_move=Move(0, 2))
    assert describe_reply(reply) == "You played row 2, column 2. I played row 1, column 3."


def test_a_winning_move_has_no_answer() -> None:
    game = make_game((Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)))
    reply = MoveReply(game, member_move=Move(0, 2), bot_move=None)
    assert describe_reply(reply) == "You played row 1, column 3."


def test_the_bots_opening_move_is_told_after_start() -> None:
    game = make_game((Move(2, 0),), member=Player.O)
    assert describe_reply(MoveReply(game, None, Move(2, 0))) == "I opened with row 3, column 1."
    assert describe_reply(MoveReply(make_game(()), None, None)) == ""


# --- hints --------------------------------------------------------------------------------------

LINE = re.compile(
    r"  row (\d), column (\d) — "
    r"(wins right away|wins in (\d+) of your moves|draws"
    r"|loses: I win on my next move|loses in (\d+) of your moves)"
)


def parse_hint(text: str) -> dict[Move, tuple[Value, int | None]]:
    """Every move line of a hint -> (value, count of the player's moves, None for draws)."""
    found: dict[Move, tuple[Value, int | None]] = {}
    for line in text.split("\n"):
        match = LINE.fullmatch(line)
        if match is None:
            continue
        move = Move(int(match.group(1)) - 1, int(match.group(2)) - 1)
        assert move not in found, f"{move} listed twice"
        phrase = match.group(3)
        if phrase == "wins right away":
            found[move] = (Value.WIN, 1)
        elif phrase.startswith("wins"):
            found[move] = (Value.WIN, int(match.group(4)))
        elif phrase == "draws":
            found[move] = (Value.DRAW, None)
        elif phrase.startswith("loses:"):
            found[move] = (Value.LOSS, 1)
        else:
            found[move] = (Value.LOSS, int(match.group(5)))
    return found


def hint_positions() -> list[tuple[Move, ...]]:
    """Every reachable 3x3 position where the game goes on, one move history each."""
    return [moves for board, moves in positions_with_moves() if not board.is_over]


def test_the_player_counts_their_own_moves() -> None:
    assert [your_moves(p) for p in range(1, 8)] == [1, 1, 2, 2, 3, 3, 4]


def test_every_hint_lists_every_legal_move_with_its_result() -> None:
    positions = hint_positions()
    assert len(positions) == 4520  # every non-final reachable position
    for moves in positions:
        board = make_game(moves).position
        game = make_game(moves, member=board.to_move)  # the member is the one to move
        analysis = analyze(board)
        text = render_exact_hint(Hint(game, analysis))
        listed = parse_hint(text)
        if len(board.legal_moves) == 1:  # a single move is only given as "Best"
            assert text.split("\n")[1].startswith(f"Best: {board.legal_moves[0]} — ")
            continue
        assert set(listed) == set(board.legal_moves), board.notation
        for item in analysis.moves:
            value, count = listed[item.move]
            assert value is item.value, (board.notation, item)
            assert count == (None if value is Value.DRAW else ceil(item.plies / 2))
        best = analysis.moves[0]
        assert text.split("\n")[1] == f"Best: {best.move} — {describe_outcome(best)}."
        # best first: the listing follows the analysis order
        order = [
            Move(int(r) - 1, int(c) - 1)
            for r, c in re.findall(r"^  row (\d), column (\d)", text, re.MULTILINE)
        ]
        assert order == [item.move for item in analysis.moves]


def test_a_hint_reads_like_this() -> None:
    # X: (1,1) and (1,2) in row 1; O has (2,1) and (2,2). X to move wins at (1,3) right away.
    moves = (Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1))
    game = make_game(moves)
    text = render_exact_hint(Hint(game, analyze(game.position)))
    lines = text.split("\n")
    assert lines[0] == "Hint for alice: you can force a win from here."
    assert lines[1] == "Best: row 1, column 3 — wins right away."
    assert "  row 1, column 3 — wins right away" in lines
    assert lines[-1].startswith("(Counts are your own moves")


@pytest.mark.parametrize(
    ("value", "plies", "text"),
    [
        (Value.WIN, 1, "wins right away"),
        (Value.WIN, 3, "wins in 2 of your moves"),
        (Value.WIN, 5, "wins in 3 of your moves"),
        (Value.DRAW, 9, "draws"),
        (Value.LOSS, 2, "loses: I win on my next move"),
        (Value.LOSS, 4, "loses in 2 of your moves"),
        (Value.LOSS, 6, "loses in 3 of your moves"),
    ],
)
def test_outcomes_are_counted_in_the_players_moves(value: Value, plies: int, text: str) -> None:
    assert describe_outcome(MoveAnalysis(Move(0, 0), value, plies)) == text


def test_a_4x4_hint_with_every_cell_fits_one_message() -> None:
    game = make_game((), size=4)
    board = game.position
    moves = tuple(MoveAnalysis(m, Value.LOSS, 16) for m in board.legal_moves)
    analysis = Analysis(board, moves, Value.LOSS, (moves[0].move,), 1)
    text = render_exact_hint(Hint(game, analysis))
    assert len(parse_hint(text)) == 16
    assert len(text) <= 2000


# --- estimates ----------------------------------------------------------------------------------

EARLY = (Move(2, 2), Move(1, 1))  # a 5x5 position too early to solve: X to move


def test_an_estimated_pick_is_marked_on_the_text_board() -> None:
    early_game = make_game(EARLY, size=5)
    early = too_early_to_solve(early_game, early_game.position, Move(3, 2))
    lines = render_estimate_text(early).split("\n")
    assert lines[0] == str(early)  # the game layer's sentence, as it is
    assert lines[0].endswith("My pick, an estimate: row 4, column 3.")
    assert "\n".join(lines).count("estimate") == 1  # said once (issue 46)
    assert lines[1:] == [
        "My pick (X to move):",
        "    1   2   3   4   5",
        "1   . | . | . | . | .",
        "   ---+---+---+---+---",
        "2   . | O | . | . | .",
        "   ---+---+---+---+---",
        "3   . | . | X | . | .",
        "   ---+---+---+---+---",
        "4   . | . | ? | . | .",
        "   ---+---+---+---+---",
        "5   . | . | . | . | .",
        "? = my pick, not proven.",
    ]


def test_an_estimated_pick_is_marked_on_the_emoji_board() -> None:
    early_game = make_game(EARLY, size=5)
    early = too_early_to_solve(early_game, early_game.position, Move(3, 2))
    lines = render_estimate_emoji(early).split("\n")
    assert lines[0] == str(early)
    keys = [f"{n}\ufe0f\u20e3" for n in range(1, 6)]
    assert lines[1:] == [
        "My pick (\u274c to move):",
        "\u2b1b" + "".join(keys),
        keys[0] + "\u2b1c" * 5,
        keys[1] + "\u2b1c\u2b55" + "\u2b1c" * 3,
        keys[2] + "\u2b1c\u2b1c\u274c\u2b1c\u2b1c",
        keys[3] + "\u2b1c\u2b1c\u2754\u2b1c\u2b1c",
        keys[4] + "\u2b1c" * 5,
        "\u2754 = my pick, not proven.",
    ]
    # The estimate looks like no proven value, nor like the explained move.
    assert EMOJI_ESTIMATE not in (*EMOJI_VALUE.values(), EMOJI_EXPLAINED)


# --- records ------------------------------------------------------------------------------------


def test_stats_list_levels_in_order_and_skip_unplayed_ones() -> None:
    stats = Stats(
        member_id=7,
        name="alice",
        guild_id=None,
        by_level={
            "perfect": Record(0, 2, 1),
            "easy": Record(1, 0, 0),
            "medium": Record(),
            "hard": Record(),
        },
        total=Record(1, 2, 1),
    )
    assert render_stats(stats) == (
        "alice against me: 1 win, 2 losses, 1 draw (4 games, resignations count as losses).\n"
        "  easy: 1 win, 0 losses, 0 draws\n"
        "  perfect: 0 wins, 2 losses, 1 draw"
    )


def test_stats_without_games_are_friendly() -> None:
    stats = Stats(7, "alice", None, {"easy": Record()}, Record())
    assert render_stats(stats) == (
        "alice has not finished a game yet. "
        "Games that expired, or ended before alice moved, do not count."
    )


def test_the_leaderboard_ranks_ties_together() -> None:
    entries = [
        LeaderboardEntry(1, "ann", Record(2, 0, 1), 7),
        LeaderboardEntry(2, "bob", Record(1, 3, 4), 7),
        LeaderboardEntry(3, "cy", Record(0, 1, 1), 1),
    ]
    assert render_leaderboard(entries, CLASSIC) == (
        "Leaderboard (a win is 3 points, a draw 1):\n"
        "1. ann — 7 points (2 wins, 0 losses, 1 draw)\n"
        "1. bob — 7 points (1 win, 3 losses, 4 draws)\n"
        "3. cy — 1 point (0 wins, 1 loss, 1 draw)"
    )


def test_an_empty_leaderboard_invites_players() -> None:
    assert "Nobody is on the leaderboard yet" in render_leaderboard([], CLASSIC)


def test_expiry_names_the_idle_time_when_known() -> None:
    game = make_game(())
    assert render_expired(game, 600).startswith(
        "This game expired after 10 minutes without a move."
    )
    assert render_expired(game, 60).startswith("This game expired after 1 minute without")
    assert render_expired(game, 90).startswith("This game expired after 1.5 minutes without")
    assert render_expired(game, 30).startswith("This game expired after 30 seconds without")
    assert render_expired(game).startswith("This game expired: nobody moved for too long.")


# --- member vs member ---------------------------------------------------------------------------


def members_game(moves: tuple[Move, ...], *, status: Status, winner: Player | None) -> Game:
    return Game(
        id=1,
        channel_id=10,
        guild_id=None,
        x=Seat(7, "alice"),
        o=Seat(8, "bob"),
        level="perfect",
        size=3,
        first="me",
        moves=moves,
        status=status,
        winner=winner,
        created_at=NOW,
        updated_at=NOW,
        variant=CLASSIC,
    )


@pytest.mark.parametrize(("winner", "resigner"), [(Player.X, "bob"), (Player.O, "alice")])
def test_the_member_who_resigned_is_named(winner: Player, resigner: str) -> None:
    game = members_game((Move(1, 1),), status=Status.RESIGNED, winner=winner)
    assert status_line(game) == f"{resigner} resigned."


def test_a_hint_is_addressed_to_the_member_to_move() -> None:
    moves = (Move(1, 1),)
    game = members_game(moves, status=Status.ACTIVE, winner=None)  # bob (O) to move
    assert render_exact_hint(Hint(game, analyze(game.position))).startswith("Hint for bob: ")
    game = members_game((*moves, Move(0, 0)), status=Status.ACTIVE, winner=None)
    assert render_exact_hint(Hint(game, analyze(game.position))).startswith("Hint for alice: ")
