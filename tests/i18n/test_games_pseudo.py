"""The game layer's texts in the pseudo-locale ``en-XA``: no plain ASCII word of 4+ letters (in
the catalogue or not) survives outside placeholders' values (member names, levels as typed,
numbers, emoji). A sentence that bypasses the catalogue shows up here as plain English."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from bot import engine
from bot.engine import Move, Player, Value
from bot.engine.classic import (
    LEVELS,
    Appraisal,
    Board,
    MoveValuation,
    Valuation,
    analyze,
    explain,
)
from bot.engine.classic.puzzles import Refutation, shipped
from bot.engine.ultimate import LEVELS as ULTIMATE_LEVELS
from bot.engine.ultimate import UltimateBoard
from bot.games.cells import parse_cell
from bot.games.errors import PLAIN, GameError
from bot.games.glicko import Glicko
from bot.games.history import HistoryEntry, HistoryPage, Result
from bot.games.models import (
    Challenge,
    ChallengeStatus,
    DuelEntry,
    Game,
    GameKind,
    LeaderboardEntry,
    Rating,
    Record,
    Seat,
    SoloEntry,
    Status,
)
from bot.games.puzzles.models import (
    Attempt,
    AttemptStatus,
    DailyPost,
    DailySetting,
    Finished,
    Miss,
    PuzzleEntry,
    PuzzlePlayer,
    PuzzleReply,
    Streak,
    start_rating,
)
from bot.games.puzzles.render import (
    daily_invitation,
    daily_reveal,
    daily_setting_text,
    daily_solvers,
    daily_title,
    notes,
    puzzle_stats_line,
    puzzle_task,
    puzzle_title,
    render_puzzle_leaderboard,
    solution,
    streak_sentence,
)
from bot.games.puzzles.render import status as puzzle_status
from bot.games.puzzles.sentences import (
    bad_hour,
    daily_channel_needed,
    daily_off_alone,
    move_unproven,
    no_daily_post,
    no_puzzle_running,
    no_such_puzzle,
    not_your_puzzle,
    puzzle_over,
)
from bot.games.render.boards import render_challenge, render_emoji, render_expired, render_text
from bot.games.render.history import render_history
from bot.games.render.records import describe_record, render_duel_leaderboard, render_leaderboard
from bot.games.render.review import render_review
from bot.games.render.solo import level_ratings_table, render_solo_leaderboard, solo_stats_line
from bot.games.store_errors import PuzzleChangedError
from bot.games.variants import find_variant
from bot.games.variants.classic import CLASSIC, too_early_to_solve
from bot.games.variants.classic.explain import (
    render_estimate_emoji,
    render_estimate_text,
    render_exact_hint,
    render_explain_emoji,
    render_explain_text,
)
from bot.games.variants.classic.replies import Explained, Hint, Partial
from bot.games.variants.classic.review import review_game
from bot.games.variants.ultimate import GRID, ULTIMATE
from bot.i18n import PSEUDO, use_locale

WHEN = datetime(2026, 1, 1, tzinfo=UTC)
ALLOWED = {"alice", "move", *LEVELS, *ULTIMATE_LEVELS}
"""Values, not words: a member's name, levels as typed, and the bare command name `move`."""


def _english(text: str) -> set[str]:
    text = re.sub(r"<[^<>]*>", "", text)  # the pseudo-locale keeps <...> as it keeps mentions
    # every plain word, in the catalogue or not: the pseudo-locale accents every letter of a
    # catalogued sentence, so a plain one bypassed the catalogue
    found = {word.lower() for word in re.findall(r"(?<![^\W\d_])[A-Za-z]{4,}(?![^\W\d_])", text)}
    return found - ALLOWED


def _game(
    size: int,
    moves: tuple[Move, ...],
    status: Status,
    winner: Player | None,
    kind: GameKind = "classic",
) -> Game:
    return Game(
        id=7, channel_id=1, guild_id=2, x=Seat(10, "alice"), o=Seat(None, "the bot"),
        level="perfect", size=size, first="me", moves=moves, status=status, winner=winner,
        created_at=WHEN, updated_at=WHEN,
        variant=find_variant(kind),
    )  # fmt: skip


def _texts() -> list[str]:
    row1 = (Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2))
    texts = [
        render_emoji(_game(3, (), Status.ACTIVE, None)),
        render_text(_game(4, (Move(0, 0),), Status.ACTIVE, None)),
        render_emoji(_game(5, (), Status.ACTIVE, None)),
        render_text(_game(3, row1, Status.WON, Player.X)),
        render_emoji(_game(3, row1, Status.WON, Player.X)),
        render_text(replace(_game(3, row1[:2], Status.RESIGNED, Player.O))),
        render_expired(_game(3, row1[:2], Status.EXPIRED, None), 600.0),
        render_text(
            replace(_game(GRID, (Move(4, 4),), Status.ACTIVE, None, "ultimate"), level="easy")
        ),
        describe_record(Record(wins=3, losses=1, draws=2)),
        render_leaderboard([LeaderboardEntry(10, "alice", Record(wins=2, draws=1), 7)], CLASSIC),
        render_leaderboard([], ULTIMATE),
        render_duel_leaderboard([DuelEntry(10, "alice", 1210, 3)], CLASSIC),
        render_duel_leaderboard([], CLASSIC),
        render_solo_leaderboard({3: [SoloEntry(10, "alice", 1234, 5)]}),
        render_solo_leaderboard({}),
        solo_stats_line("alice", {3: Rating(1234, 1), 4: Rating(1180, 2)}) or "",
        level_ratings_table(),
        render_history(
            HistoryPage(
                member_id=10,
                name="alice",
                guild_id=2,
                older=False,
                newer=False,
                entries=(
                    HistoryEntry(
                        12,
                        WHEN,
                        WHEN,
                        2,
                        Player.X,
                        Seat(None, "the bot"),
                        "perfect",
                        3,
                        Result.WON,
                        False,
                        5,
                        variant=CLASSIC,
                    ),
                    HistoryEntry(
                        11,
                        WHEN,
                        WHEN,
                        2,
                        Player.O,
                        Seat(11, "alice"),
                        "duel",
                        GRID,
                        Result.LOST,
                        True,
                        1,
                        variant=ULTIMATE,
                    ),
                ),
            )
        ),
    ]
    for status in ChallengeStatus:
        for kind, size in (("classic", 3), ("ultimate", GRID)):
            challenge = Challenge(
                id=1, channel_id=1, guild_id=2, challenger=Seat(10, "alice"),
                opponent=Seat(11, "alice"), size=size, first="random", status=status,
                created_at=WHEN, expires_at=WHEN,
                variant=find_variant(kind),
            )  # fmt: skip
            texts.append(render_challenge(challenge))
    errors: list[GameError] = []
    for typed in ("", "x", "99999999999 1", "4 4"):
        with pytest.raises(GameError) as caught:
            parse_cell(typed)
        errors.append(caught.value)
    board = _game(3, row1[:2], Status.ACTIVE, None).position
    for move in (Move(0, 0), Move(5, 5)):
        try:
            board.play(move)
        except engine.IllegalMoveError as error:
            errors.append(CLASSIC.move_refused(error, board, move))
    ultimate = UltimateBoard().play(Move(4, 4))
    try:
        ultimate.play(Move(0, 0))
    except engine.IllegalMoveError as error:
        errors.append(find_variant("ultimate").move_refused(error, ultimate, Move(0, 0)))
    return texts + [error.text(PLAIN) for error in errors]


def _explained(notation: str, *, played: bool, o: Seat, level: str, pick: int = 0) -> Explained:
    """The position ``notation`` explained for the side to move, ``pick`` its ``pick``-th
    best move (0: the best; later ones are explained as weaker than the best)."""
    board = Board.from_notation(notation)
    game = replace(_game(3, (), Status.WON if played else Status.ACTIVE, None), o=o, level=level)
    explanation = explain(board)
    move = explanation.analysis.moves[pick].move
    return Explained(game, board, board.to_move, move, played, explanation)


def _explain_texts() -> list[str]:
    """Hints and explain boards covering every reason, mover and title; an estimate."""
    bot, member = Seat(None, "the bot"), Seat(11, "alice")
    replies = [
        _explained(notation, played=played, o=o, level=level, pick=pick)
        for notation in ("XX./OO./...", "X../.O./..X", ".../.O./XX.", ".../..O/XX.", ".../.X./XO.")
        for played, o, level, pick in (
            (False, bot, "perfect", 0),
            (True, bot, "easy", -1),
            (True, member, "duel", -1),
            (True, member, "duel", 0),
        )
    ]
    replies.append(_explained(".../.../...", played=False, o=bot, level="perfect"))
    empty4 = _explained(".../.../...", played=True, o=bot, level="perfect")
    replies.append(replace(empty4, explanation=replace(empty4.explanation, plain=None)))
    texts = [
        render(reply) for reply in replies for render in (render_explain_text, render_explain_emoji)
    ]
    game = _game(3, (), Status.ACTIVE, None)
    for notation in ("XX./OO./...", "X../.O./..X", ".../.X./XO."):
        texts.append(render_exact_hint(Hint(game, analyze(Board.from_notation(notation)))))
    over = replace(analyze(Board.empty()), moves=())  # asked on a full board
    texts.append(render_exact_hint(Hint(game, over)))
    early = _game(5, (), Status.ACTIVE, None)
    estimate = too_early_to_solve(early, Board.empty(5, 4), Move(2, 2))
    texts += [render_estimate_text(estimate), render_estimate_emoji(estimate)]
    texts += [render_partial(partial) for partial in _partials(early)]
    return texts


def _partials(game: Game) -> list[Partial]:
    """Partial hints and explanations: the value proven or not, lengths known or not."""
    board = Board.empty(5, 4)
    moves = (
        MoveValuation(Move(0, 0), Value.WIN, 5),
        MoveValuation(Move(0, 1), Value.WIN, None),
        MoveValuation(Move(0, 2), Value.DRAW, 24),
        MoveValuation(Move(0, 3), Value.LOSS, 4),
        MoveValuation(Move(0, 4), Value.LOSS, None),
        MoveValuation(Move(1, 0), None, None),
    )
    won = Appraisal(board, Valuation(Value.WIN, 5, Move(0, 0)), moves, 1234)
    unknown = Appraisal(board, Valuation(None, None, None), moves[2:], 1234)
    return [
        Partial(game, appraisal, Player.X, explained=explained, played=played)
        for appraisal in (won, unknown)
        for explained, played in ((False, False), (True, False), (True, True))
    ]


def render_partial(partial: Partial) -> str:
    if partial.explained:
        return CLASSIC.renderer.explain(partial, plain=True)
    return CLASSIC.renderer.hint(partial)


def _review_texts() -> list[str]:
    """Reviews of a won, a lost (blunders, a faster loss), a drawn, a resigned and an expired
    game."""
    games = [
        (3, (0, 4, 8, 2, 6, 3, 7), Status.WON, Player.X),
        (3, (8, 5, 7, 4, 1, 3), Status.LOST, Player.O),
        (3, (4, 0, 2, 6, 3, 5, 1, 7, 8), Status.DRAWN, None),
        (3, (4, 0), Status.RESIGNED, Player.O),
        (3, (4, 1), Status.RESIGNED, Player.X),
        (3, (4,), Status.EXPIRED, None),
        (3, (), Status.EXPIRED, None),
    ]
    texts = []
    for size, cells, status, winner in games:
        moves = tuple(Move(*divmod(cell, size)) for cell in cells)
        texts.append(render_review(review_game(_game(size, moves, status, winner))))
    return texts


def test_the_game_layer_reaches_no_english_in_the_pseudo_locale() -> None:
    with use_locale(PSEUDO):
        texts = _texts() + _explain_texts() + _review_texts()
    for text in texts:
        assert not _english(text), text


def test_the_probe_sees_english() -> None:
    """The same texts in English are full of the msgids' words: the check is not vacuous."""
    assert all(_english(text) for text in _texts()[:8])
    assert all(_english(text) for text in _explain_texts() + _review_texts())


def _puzzle_texts() -> list[str]:
    """Every sentence a puzzle speaks in the game layer: titles, tasks, each way a move goes,
    results, notes, stats, the leaderboard, the daily post and setting, and the refusals."""
    puzzle = shipped().by_id(610)
    line = puzzle.solution
    attempt = Attempt(
        3, 10, 610, 5, 2, 1, line[:2], AttemptStatus.RUNNING, True, None, WHEN, WHEN, 1
    )
    start = start_rating(puzzle)
    player = PuzzlePlayer(Glicko(1612, 80, 0.06), 14, 10, Streak(3, 5, WHEN.date()))
    finished = Finished(PuzzlePlayer(), player, start)
    reply = PuzzleReply(attempt, puzzle, start)
    right = replace(reply, played=line[2], defence=line[3])
    solved = replace(
        reply,
        attempt=replace(attempt, moves=line, status=AttemptStatus.SOLVED),
        played=line[-1],
        finished=finished,
    )
    refutation = Refutation(Move(0, 0), Value.LOSS, Move(1, 1))
    missed = replace(
        reply,
        attempt=replace(attempt, status=AttemptStatus.MISSED),
        played=Move(0, 0),
        finished=finished,
    )
    misses = [
        Miss(Move(0, 0), Move(1, 1), refutation),
        Miss(Move(0, 0), Move(1, 1), replace(refutation, value=Value.DRAW)),
        Miss(Move(0, 0), Move(1, 1), None, slower=True),
        Miss(Move(0, 0), None, replace(refutation, value=Value.DRAW, reply=None)),
        Miss(Move(0, 0), None, None, proven=False),
    ]
    shown = [
        replace(reply, attempt=replace(attempt, status=status))
        for status in (AttemptStatus.SOLVED, AttemptStatus.MISSED, AttemptStatus.SET_ASIDE)
    ]
    post = DailyPost(2, WHEN.date(), 610, 1, 5, 3)
    texts = [
        puzzle_title(puzzle, 1234),
        puzzle_task(puzzle, plain=True),
        puzzle_task(shipped().by_id(1), plain=False),
        solution(puzzle, plain=True),
        solution(puzzle, plain=False),
        puzzle_status(right, plain=True),
        puzzle_status(solved, plain=True),
        puzzle_status(replace(solved, attempt=replace(solved.attempt, rated=False)), plain=True),
        *(puzzle_status(replace(missed, miss=miss), plain=False) for miss in misses),
        *(puzzle_status(one, plain=True) for one in shown),
        puzzle_status(replace(reply, played=None), plain=True),
        notes(replace(reply, set_aside=attempt, resumed=True, tried=True)),
        streak_sentence(1),
        puzzle_stats_line("alice", player),
        render_puzzle_leaderboard([PuzzleEntry(10, "alice", 1612, 12, 3)]),
        render_puzzle_leaderboard([]),
        daily_title(WHEN.date()),
        daily_solvers(post, over=False),
        daily_solvers(post, over=True),
        daily_invitation(),
        daily_reveal(post, puzzle),
        daily_setting_text(None),
        daily_setting_text(DailySetting(2, 1, 9)),
    ]
    errors: list[GameError] = [
        no_such_puzzle(999, 888, range(100001, 100001)),
        no_such_puzzle(999, 888, range(100001, 100024)),
        no_puzzle_running(),
        puzzle_over(),
        not_your_puzzle(),
        move_unproven(),
        no_daily_post(),
        bad_hour(25),
        daily_channel_needed(),
        daily_off_alone(),
        PuzzleChangedError(),
    ]
    return texts + [error.text(PLAIN) for error in errors]


def test_puzzles_reach_no_english_in_the_pseudo_locale() -> None:
    with use_locale(PSEUDO):
        texts = _puzzle_texts()
    for text in texts:
        assert not _english(text) - {"puzzle"}, text  # the bare command name, as typed
    english = [text for text in _puzzle_texts() if not _english(text)]
    assert english == [], english  # not vacuous: every one of them says English words
