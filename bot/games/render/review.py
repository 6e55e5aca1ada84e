"""A review in words: a title, every move on its own line with its verdict, and the summary.

The same lines on Discord and in the terminal (``review_lines``; ``render_review`` joins
them): plain text, no board and no colour. A full 5x5 game with the longest names fits one
Discord message (2,000 characters). Counts are the mover's own moves, the one played
included, as in hints: "2,3 wins in 2" is that move and one more.
"""

from __future__ import annotations

from bot.engine import Move, Player, Value
from bot.games.models import DUEL, Status
from bot.games.render.explain import your_moves
from bot.games.review import Accuracy, Outlook, Review, ReviewedMove, Turn, Verdict

VERDICTS_MEAN = (
    "best keeps the result at its fastest, good keeps it slower; a mistake turns a win into "
    "a draw or a draw into a loss, a blunder a win into a loss. Counts are the mover's own "
    "moves, this one included."
)
REVIEW_ESTIMATE = "estimate: too early in the game to prove within the review's time."


def cell(move: Move) -> str:
    """ "2,3": row and column, 1-based, as players type them."""
    return f"{move.row + 1},{move.col + 1}"


def result_words(result: Outlook) -> str:
    """ "wins in 2", "wins", "draws", "loses in 3": what a move leads to, with best play."""
    if result.value is Value.DRAW:
        return "draws"
    verb = "wins" if result.value is Value.WIN else "loses"
    return verb if result.plies is None else f"{verb} in {your_moves(result.plies)}"


def move_line(move: ReviewedMove) -> str:
    """ "3. X 2,2 best", "5. O 3,1 blunder: 2,3 wins in 2" (the move that kept the value)."""
    line = f"{move.number}. {move.mark.value} {move.cell} {move.verdict}"
    if move.verdict is Verdict.GOOD and move.after is not None:
        return f"{line} ({'a slower win' if move.after.value is Value.WIN else 'a faster loss'})"
    if move.instead is not None and move.before is not None:
        return f"{line}: {cell(move.instead)} {result_words(move.before)}"
    return line


def review_title(review: Review) -> str:
    """ "Review of game #12 (3x3, perfect): alice (X) against the bot (O); alice won." """
    game = review.game
    kind = "duel" if game.level == DUEL else game.level
    players = f"{game.x.name} (X) against {game.o.name} (O)"
    if game.status is Status.DRAWN:
        ended = "a draw"
    elif game.status is Status.EXPIRED:
        ended = "it expired without a result"
    elif game.status is Status.RESIGNED and game.winner is not None:
        ended = f"{game.seat(game.winner.other).name} resigned"
    elif game.winner is not None:
        ended = f"{game.seat(game.winner).name} won"
    else:
        ended = "still running"
    return f"Review of game #{game.id} ({game.size}x{game.size}, {kind}): {players}; {ended}."


def turning_point(review: Review) -> str:
    """Where the game was lost, in one sentence (or why no move lost it)."""
    game, loser = review.game, review.loser
    if review.turn is Turn.NO_LOSER or loser is None:
        if game.status is Status.DRAWN:
            return "Nobody lost it: a draw."
        return "Nobody lost it: the game ended without a result."
    name = game.seat(loser).name
    if review.turn is Turn.MOVE and review.losing_move is not None:
        return f"The move that lost it: {move_line(review.losing_move)}."
    if review.turn is Turn.FROM_START:
        return (
            f"{name} could not avoid the loss from the start: "
            f"{loser.other.value} wins this board with best play."
        )
    if review.turn is Turn.NOT_LOST:
        still = "won" if review.final is Value.WIN else "a draw"
        return f"{name} resigned a position that was still {still} with best play."
    return "Where it was lost is not proven: some earlier positions were too early to solve."


def accuracy_line(review: Review) -> str:
    """ "Accuracy: alice 80% (4 of 5 moves best or good), the bot 100% (4 of 4)." """
    parts = []
    for mark in (Player.X, Player.O):
        score = review.accuracy(mark)
        parts.append(f"{review.game.seat(mark).name} {_share(score)}")
    return f"Accuracy: {parts[0]}, {parts[1]}."


def _share(score: Accuracy) -> str:
    percent = score.percent
    if percent is None:
        return "not judged" if score.moves else "no moves"
    moves = "move" if score.judged == 1 else "moves"
    judged = moves if score.judged == score.moves else f"judged {moves}"
    return f"{percent}% ({score.sound} of {score.judged} {judged} best or good)"


def review_lines(review: Review) -> list[str]:
    """Title, every move, what the verdicts mean, where it was lost, accuracy."""
    lines = [review_title(review), *(move_line(move) for move in review.moves), VERDICTS_MEAN]
    if any(move.verdict is Verdict.ESTIMATE for move in review.moves):
        lines.append(REVIEW_ESTIMATE)
    return [*lines, turning_point(review), accuracy_line(review)]


def render_review(review: Review) -> str:
    """The review as one message, the same in the terminal and on Discord."""
    return "\n".join(review_lines(review))
