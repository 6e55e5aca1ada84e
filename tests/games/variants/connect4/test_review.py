"""Connect Four's post-game review through its variant: every move the solver proves in the
review's time judged exactly (each verdict checked against the solver's scores of every column
before the move, worked out here), an opening it cannot prove an estimate, never a guess, and
where the game was lost unproven while its opening is."""

from __future__ import annotations

from bot.engine import Player, Value
from bot.engine.connect4 import Connect4Board, analyze
from bot.games import Status
from bot.games.review import Review, Turn, Verdict
from bot.games.variants.connect4 import CONNECT4
from tests.games.variants.connect4.connect4_games import BOB, FULL, game_of

BOT_WINS = "5357345575312464435436174631672716"  # the bot (O) completes four in column 6
PROVEN_FROM = 24
"""Discs from which every position is proven in the review's time on any machine (the last
positions are solved first, each in hundredths of a second)."""
OPENING = 6
"""Discs below which no position is proven in the review's time."""


VALUE = {1: Value.WIN, 0: Value.DRAW, -1: Value.LOSS}


def sign(score: int) -> int:
    return (score > 0) - (score < 0)


def expected_verdict(board: Connect4Board, col: int) -> Verdict:
    """The verdict of dropping a disc in ``col`` on ``board``, from the solver's score of
    every column: the value it keeps or loses (a win to a draw or a loss, a draw to a loss)
    and, keeping a win or a loss, whether it is as fast (as slow) as the best."""
    scores = analyze(board).columns
    best, played = max(s for s in scores if s is not None), scores[col]
    assert played is not None
    drop = sign(best) - sign(played)
    if drop == 2:
        return Verdict.BLUNDER
    if drop == 1:
        return Verdict.MISTAKE
    return Verdict.BEST if best == 0 or played == best else Verdict.GOOD


def check_review(review: Review, columns: str) -> None:
    boards = [Connect4Board.from_notation(columns[:index]) for index in range(len(columns))]
    assert [move.move for move in review.moves] == list(review.game.moves)
    for reviewed, board in zip(review.moves, boards, strict=True):
        assert reviewed.mark is board.to_move and reviewed.number == board.discs + 1
        if board.discs < OPENING:
            assert reviewed.verdict is Verdict.ESTIMATE and reviewed.before is None
            continue
        if board.discs < PROVEN_FROM:
            continue  # proven or not, by how much of the review's time is left
        verdict = expected_verdict(board, reviewed.move.col)
        assert reviewed.verdict is verdict, (board.notation, reviewed)
        if verdict in (Verdict.MISTAKE, Verdict.BLUNDER):
            assert reviewed.instead is not None and reviewed.before is not None
            kept = analyze(board).columns[reviewed.instead.col]
            assert kept is not None
            assert VALUE[sign(kept)] is reviewed.before.value
        else:
            assert reviewed.instead is None
    for mark in (Player.X, Player.O):
        accuracy = review.accuracy(mark)
        mine = [move for move in review.moves if move.mark is mark]
        assert accuracy.moves == len(mine)
        assert accuracy.judged == sum(move.verdict is not Verdict.ESTIMATE for move in mine)
    assert not review.exact  # the opening is never proven


def test_a_game_the_bot_won_is_judged_exactly_where_proven_and_estimated_elsewhere() -> None:
    game = game_of(BOT_WINS)
    assert game.status is Status.LOST
    review = CONNECT4.review(game)
    check_review(review, BOT_WINS)
    assert review.loser is Player.X
    assert review.turn is Turn.UNPROVEN and review.losing_move is None
    last = review.moves[-1]
    assert last.verdict is Verdict.BEST and last.after is not None
    assert (last.after.value, last.after.plies) == (Value.WIN, 1)


def test_a_full_drawn_duel_is_judged_exactly_where_proven() -> None:
    game = game_of(FULL, o=BOB, level="duel")
    assert game.status is Status.DRAWN
    review = CONNECT4.review(game)
    check_review(review, FULL)
    assert (review.loser, review.turn) == (None, Turn.NO_LOSER)
    assert review.moves[-1].verdict is Verdict.BEST  # the last disc: a draw either way
