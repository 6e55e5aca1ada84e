"""The post-game review (bot/games/review.py) against an independent check of the values
before and after each move: a plain minimax over the 3x3 board written here, with
depth-aware values (the fastest win, the slowest loss). Every 3x3 game of five moves or fewer
(as prefixes of the 15,120 five-move sequences, a review judging each move only from the
positions around it) and 5,000 longer ones drawn with a seed; invariants on 3x3 and 4x4 by
hypothesis; 5x5 against the general exact solver where it can finish, and under a budget
too small to prove anything."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Move, Player, SearchTooLargeError, Value
from bot.engine.classic import Board, analyze, choose_move
from bot.engine.classic.valuation import UNKNOWN, Valuation, Valuer
from bot.games.models import Game, Seat, Status
from bot.games.review import SOUND, Outlook, Review, Turn, Verdict
from bot.games.variants.classic import CLASSIC, WIN_LENGTH
from bot.games.variants.classic.review import review_game

NOW = datetime(2026, 1, 1, tzinfo=UTC)
RANK = {1: Value.WIN, 0: Value.DRAW, -1: Value.LOSS}
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(cells: frozenset[int]) -> bool:
    return any(all(cell in cells for cell in line) for line in LINES)


@cache
def minimax(mine: frozenset[int], theirs: frozenset[int]) -> tuple[int, int]:
    """(value, plies) for the side to move (owner of ``mine``): value 1, 0, -1; plies the
    moves to the end under best play, this side's next one included. Plain: every move of
    every position, no pruning; memoized only so the suite stays quick."""
    results = [move_result(mine, theirs, cell) for cell in range(9) if cell not in mine | theirs]
    return max(results, key=preference)


def move_result(mine: frozenset[int], theirs: frozenset[int], cell: int) -> tuple[int, int]:
    """(value, plies) for the mover of playing ``cell``."""
    after = mine | {cell}
    if won(after):
        return 1, 1
    if len(after | theirs) == 9:
        return 0, 1
    value, plies = minimax(theirs, after)
    return -value, plies + 1


def preference(result: tuple[int, int]) -> tuple[int, int]:
    """Higher is better: a win, the faster the better; a loss, the slower the better."""
    value, plies = result
    return value, -plies if value == 1 else plies if value == -1 else 0


def expected_verdict(before: tuple[int, int], after: tuple[int, int]) -> Verdict:
    drop = before[0] - after[0]
    if drop:
        return Verdict.BLUNDER if drop == 2 else Verdict.MISTAKE
    return Verdict.BEST if after == before else Verdict.GOOD


def game_of(size: int, cells: tuple[int, ...], *, resigner: Player = Player.X) -> Game:
    """A member (X) against the bot (O) after ``cells``; over: won, lost or drawn, else
    resigned by ``resigner``."""
    board = Board.empty(size, WIN_LENGTH[size])
    for cell in cells:
        board = board.play(Move(*divmod(cell, size)))
    if board.is_over:
        winner = board.winner
        status = Status.DRAWN if winner is None else (Status.WON, Status.LOST)[winner.value == "O"]
    else:
        status, winner = Status.RESIGNED, resigner.other
    moves = tuple(Move(*divmod(cell, size)) for cell in cells)
    x, o = Seat(1, "alice"), Seat(None, "the bot")
    return Game(
        1, 5, 7, x, o, "perfect", size, "me", moves, status, winner, NOW, NOW,
        variant=CLASSIC,
    )


def check_against_minimax(cells: tuple[int, ...], review: Review) -> None:
    """Every move's verdict, values and better move as the plain minimax says."""
    x: frozenset[int] = frozenset()
    o: frozenset[int] = frozenset()
    for index, (cell, judged) in enumerate(zip(cells, review.moves, strict=True)):
        mine, theirs = (x, o) if index % 2 == 0 else (o, x)
        before, after = minimax(mine, theirs), move_result(mine, theirs, cell)
        where = (cells, index)
        assert judged.verdict is expected_verdict(before, after), where
        assert judged.before == Outlook(RANK[before[0]], before[1]), where
        assert judged.after == Outlook(RANK[after[0]], after[1]), where
        if judged.verdict in (Verdict.MISTAKE, Verdict.BLUNDER):
            assert judged.instead is not None, where
            better = move_result(mine, theirs, judged.instead.row * 3 + judged.instead.col)
            assert better == before, where
        else:
            assert judged.instead is None, where
        if index % 2 == 0:
            x = x | {cell}
        else:
            o = o | {cell}


SHARED = Valuer(budget=1, per_position=1)  # 3x3 and 4x4 never search within a budget


@pytest.mark.slow
def test_every_3x3_game_of_five_moves_or_fewer_agrees_with_plain_minimax() -> None:
    """The 15,120 sequences of five moves: each judges its first to fifth move, so every game
    of one to five moves (X's line on the fifth ends some) is checked as a prefix of one."""
    count = 0
    for cells in itertools.permutations(range(9), 5):
        check_against_minimax(cells, review_game(game_of(3, cells), valuer=SHARED))
        count += 1
    assert count == 15_120


@pytest.mark.slow
def test_5000_random_longer_3x3_games_agree_with_plain_minimax() -> None:
    """Games of six to nine moves, each move at random (a game X wins on move 5 is drawn
    again)."""
    rng = random.Random(28)
    lengths = set()
    reviewed = 0
    while reviewed < 5000:
        board, cells = Board.empty(3, 3), []
        while not board.is_over and (len(cells) < 6 or rng.random() < 0.8):
            move = rng.choice(board.legal_moves)
            cells.append(move.row * 3 + move.col)
            board = board.play(move)
        if len(cells) < 6:
            continue
        lengths.add(len(cells))
        played = tuple(cells)
        check_against_minimax(played, review_game(game_of(3, played), valuer=SHARED))
        reviewed += 1
    assert lengths == {6, 7, 8, 9}


@pytest.mark.slow
def test_the_move_that_lost_it_is_the_first_after_which_the_loser_is_lost() -> None:
    """Over the same 5,000 games: the plain minimax names the same turning point."""
    rng = random.Random(29)
    for _ in range(5000):
        board, cells = Board.empty(3, 3), []
        while not board.is_over and rng.random() < 0.9:
            move = rng.choice(board.legal_moves)
            cells.append(move.row * 3 + move.col)
            board = board.play(move)
        if not cells:
            continue
        resigner = rng.choice(list(Player))
        review = review_game(game_of(3, tuple(cells), resigner=resigner), valuer=SHARED)
        assert (review.turn, review.losing_move) == expected_turn(tuple(cells), review), cells


def expected_turn(cells: tuple[int, ...], review: Review) -> tuple[Turn, object]:
    loser = review.loser
    if loser is None:
        return Turn.NO_LOSER, None
    x: frozenset[int] = frozenset()
    o: frozenset[int] = frozenset()
    for index in range(len(cells) + 1):
        loser_marks, other = (x, o) if loser is Player.X else (o, x)
        mover_is_loser = (index % 2 == 0) == (loser is Player.X)
        if won(other):
            lost = True
        elif len(x | o) == 9:
            lost = False
        else:
            value, _ = minimax(*((loser_marks, other) if mover_is_loser else (other, loser_marks)))
            lost = value == (-1 if mover_is_loser else 1)
        if lost:
            return (Turn.MOVE, review.moves[index - 1]) if index else (Turn.FROM_START, None)
        if index < len(cells):
            if index % 2 == 0:
                x = x | {cells[index]}
            else:
                o = o | {cells[index]}
    return Turn.NOT_LOST, None


@st.composite
def played_games(draw: st.DrawFn, size: int) -> Game:
    board, cells = Board.empty(size, WIN_LENGTH[size]), []
    while not board.is_over and draw(st.integers(0, 9)) > 0:
        move = draw(st.sampled_from(board.legal_moves))
        cells.append(move.row * size + move.col)
        board = board.play(move)
    resigner = draw(st.sampled_from(list(Player)))
    return game_of(size, tuple(cells), resigner=resigner)


@settings(max_examples=60, deadline=None)
@given(game=st.one_of(played_games(3), played_games(4)))
def test_verdicts_losing_move_and_accuracy_agree_with_each_other(game: Game) -> None:
    """Exact on 3x3 and 4x4: no estimate; each verdict follows from its own before and
    after; a mistake or a blunder names a move; the move that lost it is the loser's,
    a mistake or a blunder, and every move of theirs before it kept the value; accuracy
    counts the sound moves."""
    review = review_game(game, valuer=SHARED)
    assert review.exact
    for move in review.moves:
        assert move.before is not None and move.after is not None
        assert move.verdict is expected_verdict(
            (_rank(move.before), move.before.plies or 0), (_rank(move.after), move.after.plies or 0)
        )
        assert (move.instead is not None) is (move.verdict in (Verdict.MISTAKE, Verdict.BLUNDER))
    if review.turn is Turn.MOVE:
        losing = review.losing_move
        assert losing is not None and losing.mark is review.loser
        assert losing.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)
        earlier = [m for m in review.moves[: losing.number - 1] if m.mark is review.loser]
        assert all(m.after is not None and m.after.value is not Value.LOSS for m in earlier)
    for mark in Player:
        mine = [m for m in review.moves if m.mark is mark]
        sound = sum(1 for m in mine if m.verdict in SOUND)
        assert review.accuracy(mark).moves == review.accuracy(mark).judged == len(mine)
        assert review.accuracy(mark).sound == sound


def _rank(outlook: Outlook) -> int:
    return {Value.WIN: 1, Value.DRAW: 0, Value.LOSS: -1}[outlook.value]


# -- resignations, and a board lost from the start --------------------------------------------


def test_resigning_a_drawn_or_won_position_lost_nothing_yet() -> None:
    drawn = review_game(game_of(3, (4, 0), resigner=Player.X))
    assert (drawn.loser, drawn.turn, drawn.final) == (Player.X, Turn.NOT_LOST, Value.DRAW)
    won_position = review_game(game_of(3, (4, 1), resigner=Player.X))  # O's edge loses
    assert won_position.moves[1].verdict is Verdict.MISTAKE
    assert (won_position.turn, won_position.final) == (Turn.NOT_LOST, Value.WIN)
    by_o = review_game(game_of(3, (4, 1), resigner=Player.O))
    assert (by_o.turn, by_o.losing_move) == (Turn.MOVE, by_o.moves[1])


class LostForO(Valuer):
    """Every position a win for X, the side to move's value as X sees it: a board lost for
    O from the start (no real board here is: 3x3, 4x4 and 5x5 are draws)."""

    def valuation(self, board: Board) -> Valuation:
        if board.to_move is Player.X:
            return Valuation(Value.WIN, None, None)
        return Valuation(Value.LOSS, None, None)


def test_a_loser_lost_from_the_start_has_no_move_that_lost_it() -> None:
    game = game_of(3, (0, 3, 1, 4, 2))
    review = review_game(game, valuer=LostForO(budget=1, per_position=1))
    assert (review.loser, review.turn, review.losing_move) == (Player.O, Turn.FROM_START, None)


# -- 5x5: the solver's budget --------------------------------------------------------------------


def five_by_five(seed: int, opening: int, chance: float = 0.3) -> Game:
    """A 5x5 game: ``opening`` random moves, then each move random with probability
    ``chance``, else perfect."""
    rng = random.Random(seed)
    board, cells = Board.empty(5, 4), []
    while not board.is_over:
        if len(cells) < opening or rng.random() < chance:
            move = rng.choice(board.legal_moves)
        else:
            move = choose_move(board, "perfect", rng)
        cells.append(move.row * 5 + move.col)
        board = board.play(move)
    return game_of(5, tuple(cells))


class General(Valuer):
    """The general exact solver (``analyze``), independent of the 5x5 book and win/draw/loss
    solver, on positions of ``GENERAL_FROM`` marks or more; None where it cannot finish."""

    def valuation(self, board: Board) -> Valuation:
        if board.moves_played < GENERAL_FROM:
            return UNKNOWN
        try:
            analysis = analyze(board)
        except SearchTooLargeError:
            return UNKNOWN
        first = analysis.moves[0]
        return Valuation(first.value, first.plies, first.move)


GENERAL_FROM = 10
"""Marks from which the general solver is asked (earlier, it gives up after seconds)."""


def calm_then_wild(seed: int) -> Game:
    """A 5x5 game played perfectly for 8 to 10 moves, then each move at random with
    probability 0.6: mistakes, blunders, slow wins and quick losses where the general solver
    finishes."""
    rng = random.Random(seed)
    calm = 8 + seed % 3
    board, cells = Board.empty(5, 4), []
    while not board.is_over:
        if len(cells) >= calm and rng.random() < 0.6:
            move = rng.choice(board.legal_moves)
        else:
            move = choose_move(board, "perfect", rng)
        cells.append(move.row * 5 + move.col)
        board = board.play(move)
    return game_of(5, tuple(cells))


@pytest.mark.slow
def test_5x5_verdicts_agree_with_the_general_solver_where_it_finishes() -> None:
    """In twenty 5x5 games, wherever the general solver finishes, every verdict, both values
    with their lengths and whether a better move is named are the same; every verdict and
    every value occurs."""
    seen = set()
    for seed in range(20):
        game = calm_then_wild(seed)
        review = review_game(game)
        reference = review_game(game, valuer=General(budget=1, per_position=1))
        for judged, expected in zip(review.moves, reference.moves, strict=True):
            if expected.verdict is Verdict.ESTIMATE:
                continue
            assert (judged.verdict, judged.before, judged.after, judged.instead is None) == (
                expected.verdict,
                expected.before,
                expected.after,
                expected.instead is None,
            ), (seed, judged.number)
            assert judged.before is not None
            seen.add((judged.verdict, judged.before.value))
    assert {verdict for verdict, _ in seen} == set(Verdict) - {Verdict.ESTIMATE}
    assert {value for _, value in seen} == set(Value)
    assert (Verdict.GOOD, Value.WIN) in seen and (Verdict.GOOD, Value.LOSS) in seen


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_5x5_under_a_tiny_budget_estimates_and_never_contradicts_the_full_one(seed: int) -> None:
    game = five_by_five(seed, 5)
    full = review_game(game)
    tiny = review_game(game, valuer=Valuer(budget=2_000, per_position=500))
    assert any(move.verdict is Verdict.ESTIMATE for move in tiny.moves)
    assert sum(m.verdict is Verdict.ESTIMATE for m in tiny.moves) >= sum(
        m.verdict is Verdict.ESTIMATE for m in full.moves
    )
    for small, large in zip(tiny.moves, full.moves, strict=True):
        if small.verdict is not Verdict.ESTIMATE:
            assert small.verdict is large.verdict
        if small.before is not None and large.before is not None:
            assert small.before.value is large.before.value
    if tiny.turn is not Turn.UNPROVEN:
        assert (tiny.turn, tiny.losing_move) == (full.turn, full.losing_move)
    assert tiny.accuracy(Player.X).judged <= full.accuracy(Player.X).judged


def test_an_unsolved_position_is_decided_by_its_neighbours_or_left_unproven() -> None:
    """Where the budget leaves a position before the loss unsolved, the move from it (or the
    one before) may still prove it was not lost yet; when nothing does, the summary says
    where it was lost is not proven rather than guess."""
    game = calm_then_wild(12)
    full = review_game(game)
    assert full.turn is Turn.MOVE and full.losing_move is not None
    partly = review_game(game, valuer=Valuer(budget=20_000, per_position=5_000))
    unsolved = [m.number for m in partly.moves if m.verdict is Verdict.ESTIMATE]
    assert unsolved and min(unsolved) < full.losing_move.number
    assert partly.turn is Turn.MOVE and partly.losing_move is not None
    assert partly.losing_move.number == full.losing_move.number
    scarce = review_game(game, valuer=Valuer(budget=5_000, per_position=1_000))
    assert (scarce.turn, scarce.losing_move) == (Turn.UNPROVEN, None)
