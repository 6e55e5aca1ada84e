"""A review in words: a title, every move on its own line with its verdict, and the summary.

The same lines on Discord and in the terminal (``review_lines``; ``render_review`` joins
them): plain text, no board and no colour. A full 5x5 game with the longest names fits one
Discord message (2,000 characters). Counts are the mover's own moves, the one played
included, as in hints: "2,3 wins in 2" is that move and one more.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Move, Player, Value
from bot.games.models import Status
from bot.games.review import Accuracy, Outlook, Review, ReviewedMove, Turn, Verdict
from bot.games.wording import join_sentences, level_label, seat_label, your_moves
from bot.i18n import N_, _, ngettext

# TRANSLATORS: the review's key to its verdicts; "best", "good", "mistake" and "blunder" are
# the verdict words shown after each move: translate them as you translated those words
VERDICTS_MEAN = N_(
    "best keeps the result at its fastest, good keeps it slower; a mistake turns a win into "
    "a draw or a draw into a loss, a blunder a win into a loss."
)
"""A msgid: translate it with ``_`` where it is shown."""
# TRANSLATORS: after the review's key to its verdicts, when a line counts moves
# ("2,2 wins in 3"): whose moves it counts
COUNTS_MEAN = N_("Counts are the mover's own moves, this one included.")
"""A msgid, shown only when some line of the review has a count."""
# TRANSLATORS: a review's note when some verdicts are "estimate" (the verdict word, translate
# it as you translated that word)
REVIEW_ESTIMATE = N_("estimate: too early in the game to prove within the review's time.")
"""A msgid: translate it with ``_`` where it is shown."""

VERDICT_WORDS = {
    # TRANSLATORS: a review's verdict on a move, after "3. X 2,2"; keep it one short word
    Verdict.BEST: N_("best"),
    # TRANSLATORS: a review's verdict on a move, after "3. X 2,2"; keep it one short word
    Verdict.GOOD: N_("good"),
    # TRANSLATORS: a review's verdict on a move, after "3. X 2,2"; keep it one short word
    Verdict.MISTAKE: N_("mistake"),
    # TRANSLATORS: a review's verdict on a move, after "3. X 2,2"; keep it one short word
    Verdict.BLUNDER: N_("blunder"),
    # TRANSLATORS: a review's verdict on a move, after "3. X 2,2": not proven in time
    Verdict.ESTIMATE: N_("estimate"),
}
"""Msgids: translate with ``verdict_word``."""


def verdict_word(verdict: Verdict) -> str:
    """The verdict as the review shows it, in the current locale ("blunder")."""
    return _(VERDICT_WORDS[verdict])


def result_words(result: Outlook) -> str:
    """ "wins in 2", "wins", "draws", "loses in 3": what a move leads to, with best play."""
    if result.value is Value.DRAW:
        # TRANSLATORS: what a move leads to under best play, after a cell or "it"
        return _("draws")
    if result.plies is None:
        if result.value is Value.WIN:
            # TRANSLATORS: what a move would have led to, after a cell ("2,3 wins")
            return _("wins")
        # TRANSLATORS: what a move would have led to, after a cell ("2,3 loses")
        return _("loses")
    moves = your_moves(result.plies)
    if result.value is Value.WIN:
        # TRANSLATORS: after a cell ("2,3 wins in 2"): in {count} of the mover's own moves
        return ngettext("wins in {count}", "wins in {count}", moves).format(count=moves)
    # TRANSLATORS: after a cell ("2,3 loses in 3"): in {count} of the mover's own moves
    return ngettext("loses in {count}", "loses in {count}", moves).format(count=moves)


def move_line(move: ReviewedMove, label: Callable[[Move], str]) -> str:
    """ "3. X 2,2 best", "5. O 3,1 blunder: 2,3 wins in 2" (the move that kept the value);
    ``label`` names a move as players type it (its kind's ``Renderer.move_label``)."""
    line = f"{move.number}. {move.mark.value} {label(move.move)} {verdict_word(move.verdict)}"
    if move.verdict is Verdict.GOOD and move.after is not None:
        if move.after.value is Value.WIN:
            # TRANSLATORS: a review's line ("3. X 2,2 good") then why the move was only good
            return _("{line} (a slower win)").format(line=line)
        # TRANSLATORS: a review's line ("3. X 2,2 good") then why the move was only good
        return _("{line} (a faster loss)").format(line=line)
    if move.instead is not None and move.before is not None:
        return f"{line}: {label(move.instead)} {result_words(move.before)}"
    return line


def review_title(review: Review) -> str:
    """ "Review of game #12 (3x3, perfect): alice (X) against the bot (O); alice won." (the
    board as its kind names it: "ultimate", "Connect Four")."""
    game = review.game
    values = {
        "id": game.id,
        "board": game.variant.renderer.board_name(game.size),
        "kind": level_label(game.level),
        "x": seat_label(game.x),
        "o": seat_label(game.o),
    }
    if game.status is Status.DRAWN:
        # TRANSLATORS: a review's title; {board} is the board (3x3, or a game's name),
        # {kind} the level or "duel" as members type it, {x} and {o} the players' names
        return _(
            "Review of game #{id} ({board}, {kind}): {x} (X) against {o} (O); "
            "a draw."
        ).format(**values)
    if game.status is Status.EXPIRED:
        # TRANSLATORS: a review's title; {board} is the board (3x3, or a game's name),
        # {kind} the level or "duel" as members type it, {x} and {o} the players' names
        return _(
            "Review of game #{id} ({board}, {kind}): {x} (X) against {o} (O); "
            "it expired without a result."
        ).format(**values)
    if game.status is Status.RESIGNED and game.winner is not None and game.timed_out:
        # TRANSLATORS: a review's title; {board} is the board (3x3, or a game's name),
        # {kind} the level or "duel" as members type it, {x} and {o} the players' names,
        # {name} whose arena move clock ran out
        return _(
            "Review of game #{id} ({board}, {kind}): {x} (X) against {o} (O); "
            "{name} ran out of time."
        ).format(name=seat_label(game.seat(game.winner.other)), **values)
    if game.status is Status.RESIGNED and game.winner is not None:
        # TRANSLATORS: a review's title; {board} is the board (3x3, or a game's name),
        # {kind} the level or "duel" as members type it, {x} and {o} the players' names,
        # {name} who resigned
        return _(
            "Review of game #{id} ({board}, {kind}): {x} (X) against {o} (O); "
            "{name} resigned."
        ).format(name=seat_label(game.seat(game.winner.other)), **values)
    if game.winner is not None:
        # TRANSLATORS: a review's title; {board} is the board (3x3, or a game's name),
        # {kind} the level or "duel" as members type it, {x} and {o} the players' names,
        # {name} who won
        return _(
            "Review of game #{id} ({board}, {kind}): {x} (X) against {o} (O); "
            "{name} won."
        ).format(name=seat_label(game.seat(game.winner)), **values)
    # TRANSLATORS: a review's title; {board} is the board (3x3, or a game's name),
    # {kind} the level or "duel" as members type it, {x} and {o} the players' names
    return _(
        "Review of game #{id} ({board}, {kind}): {x} (X) against {o} (O); "
        "still running."
    ).format(**values)


def turning_point(review: Review) -> str:
    """Where the game was lost, in one sentence (or why no move lost it)."""
    game, loser = review.game, review.loser
    if review.turn is Turn.NO_LOSER or loser is None:
        if game.status is Status.DRAWN:
            # TRANSLATORS: a review's summary of a drawn game
            return _("Nobody lost it: a draw.")
        # TRANSLATORS: a review's summary of a game that expired
        return _("Nobody lost it: the game ended without a result.")
    name = seat_label(game.seat(loser))
    if review.turn is Turn.MOVE and review.losing_move is not None:
        # TRANSLATORS: a review's summary; {line} is a move's review line ("5. O 3,1 blunder:
        # 2,3 wins in 2")
        line = move_line(review.losing_move, review.game.variant.renderer.move_label)
        return _("The move that lost it: {line}.").format(line=line)
    if review.turn is Turn.FROM_START:
        # TRANSLATORS: a review's summary; {name} is the loser, {mark} the other side (X or O)
        return _(
            "{name} could not avoid the loss from the start: {mark} wins this board with best play."
        ).format(name=name, mark=loser.other.value)
    if review.turn is Turn.NOT_LOST:
        if review.final is Value.WIN:
            # TRANSLATORS: a review's summary; {name} resigned a position they could still win
            return _("{name} resigned a position that was still won with best play.").format(
                name=name
            )
        # TRANSLATORS: a review's summary; {name} resigned a position that was a draw
        return _("{name} resigned a position that was still a draw with best play.").format(
            name=name
        )
    # TRANSLATORS: a review's summary when the loss could not be traced within the time allowed
    return _("Where it was lost is not proven: some earlier positions were too early to solve.")


def accuracy_line(review: Review) -> str:
    """ "Accuracy: alice 80% (4 of 5 moves best or good), the bot 100% (4 of 4)." """
    parts = []
    for mark in (Player.X, Player.O):
        score = review.accuracy(mark)
        parts.append(f"{seat_label(review.game.seat(mark))} {_share(score)}")
    # TRANSLATORS: a review's last line; {x} and {o} are each a name and its score ("alice 80%
    # (4 of 5 moves best or good)")
    return _("Accuracy: {x}, {o}.").format(x=parts[0], o=parts[1])


def _share(score: Accuracy) -> str:
    percent = score.percent
    if percent is None:
        if score.moves:
            # TRANSLATORS: a player's accuracy in a review when none of their moves was proven
            return _("not judged")
        # TRANSLATORS: a player's accuracy in a review when they made no move
        return _("no moves")
    values = {"percent": percent, "sound": score.sound, "judged": score.judged}
    if score.judged == score.moves:
        # TRANSLATORS: a player's accuracy in a review: {percent} is a whole number, {sound}
        # of their {judged} moves were verdict "best" or "good"
        return ngettext(
            "{percent}% ({sound} of {judged} move best or good)",
            "{percent}% ({sound} of {judged} moves best or good)",
            score.judged,
        ).format(**values)
    # TRANSLATORS: a player's accuracy in a review: {percent} is a whole number, {sound} of
    # their {judged} proven moves were verdict "best" or "good" (others were estimates)
    return ngettext(
        "{percent}% ({sound} of {judged} judged move best or good)",
        "{percent}% ({sound} of {judged} judged moves best or good)",
        score.judged,
    ).format(**values)


def counts_moves(move: ReviewedMove) -> bool:
    """Whether ``move``'s line counts moves: the better move it names wins or loses in so
    many ("2,2 wins in 3"; a draw, or a length not proven, has no count)."""
    before = move.before
    shown = move.instead is not None and before is not None
    return shown and before is not None and before.value is not Value.DRAW and bool(before.plies)


def review_lines(review: Review) -> list[str]:
    """Title, every move, what the verdicts mean (and the counts, if a line has one), where
    it was lost, accuracy."""
    label = review.game.variant.renderer.move_label
    moves = (move_line(move, label) for move in review.moves)
    legend = [_(VERDICTS_MEAN)]
    if any(counts_moves(move) for move in review.moves):
        legend.append(_(COUNTS_MEAN))
    lines = [review_title(review), *moves, join_sentences(legend)]
    if any(move.verdict is Verdict.ESTIMATE for move in review.moves):
        lines.append(_(REVIEW_ESTIMATE))
    return [*lines, turning_point(review), accuracy_line(review)]


def render_review(review: Review) -> str:
    """The review as one message, the same in the terminal and on Discord."""
    return "\n".join(review_lines(review))
