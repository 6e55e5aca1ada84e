"""Puzzles in words, the same on Discord and in the terminal: a puzzle's title and task, what a
move did (right, solved, or why it missed, with the solution), ratings and streaks, the stats
line, the solvers' leaderboard and the daily post's sentences.

Cells are written as the board's buttons label them ("2,3", 1-based); a solution line joins
them with arrows, each move after its side's mark ("X 2,2 → O 1,2 → X 2,4": the member's moves
and the bot's defences in turn), so a defence never reads as the member's move.
"""

from __future__ import annotations

from datetime import date

from bot.engine import Move, Value
from bot.engine.classic import Board
from bot.engine.classic.puzzles import Puzzle
from bot.games.errors import PLAIN, Command, Spelling
from bot.games.puzzles.models import (
    AttemptStatus,
    DailyPost,
    DailySetting,
    Miss,
    PuzzleEntry,
    PuzzlePlayer,
    PuzzleReply,
)
from bot.games.render.boards import MarkPainter, mark_glyph
from bot.games.variants.classic.render import emoji_grid, text_grid
from bot.games.wording import join_sentences
from bot.i18n import _, ngettext


def puzzle_grid(board: Board, *, plain: bool, paint: MarkPainter | None = None) -> list[str]:
    """A puzzle's position drawn as a game of its size is: ASCII for the terminal (``plain``,
    ``paint`` colouring marks), else emoji for Discord."""
    return text_grid(board, paint) if plain else emoji_grid(board)


def cell(move: Move) -> str:
    """A cell as its button reads: "2,3"."""
    return f"{move.row + 1},{move.col + 1}"


def line_text(puzzle: Puzzle, *, plain: bool) -> str:
    """The solution's moves one after the other, each after its side's mark: "X 2,2 → O 1,2 →
    X 2,4" (``plain``), else the marks' emoji."""
    sides = (puzzle.to_move, puzzle.to_move.other)
    return " \u2192 ".join(
        f"{mark_glyph(sides[index % 2], plain=plain)} {cell(move)}"
        for index, move in enumerate(puzzle.solution)
    )


def board_name(puzzle: Puzzle) -> str:
    """ "4x4" """
    return f"{puzzle.size}x{puzzle.size}"


def puzzle_title(puzzle: Puzzle, rating: int) -> str:
    """ "Puzzle #289, 4x4, rated 1041" """
    # TRANSLATORS: a puzzle's title; {number} its number, {board} "4x4", {rating} a number
    return _("Puzzle #{number}, {board}, rated {rating}").format(
        number=puzzle.id, board=board_name(puzzle), rating=rating
    )


def puzzle_task(puzzle: Puzzle, *, plain: bool) -> str:
    """What the member must do: their mark, the moves to win in, the line length."""
    mark = mark_glyph(puzzle.to_move, plain=plain)
    # TRANSLATORS: a puzzle's task; {mark} is the member's mark (X, O or its emoji), {count}
    # the member's moves to win in, {k} how many marks in a row win (3 or 4)
    return ngettext(
        "You play {mark}: win in {count} move ({k} in a row wins).",
        "You play {mark}: win in {count} moves ({k} in a row wins).",
        puzzle.win_in,
    ).format(mark=mark, count=puzzle.win_in, k=puzzle.k)


def solution(puzzle: Puzzle, *, plain: bool) -> str:
    """The solution line as a sentence, each move after its side's mark."""
    # TRANSLATORS: {line} is the solution's moves in order, each after its mark, "X 2,2 → O 1,2
    # → X 2,4" (your moves and my defences in turn)
    return _("The solution: {line}.").format(line=line_text(puzzle, plain=plain))


def describe_move(reply: PuzzleReply, *, plain: bool) -> str:
    """What the member's move did, and what follows: the bot's answer and the moves left; the
    solve; or why it missed and the solution (marks as ``X`` and ``O`` when ``plain``, else
    emoji). Empty before any move."""
    move = reply.played
    if move is None:
        return ""
    miss = reply.miss
    if miss is not None:
        return join_sentences([_why_missed(miss.move, miss), solution(reply.puzzle, plain=plain)])
    if reply.defence is None:
        # TRANSLATORS: {cell} is the member's last move ("2,3")
        return _("Solved! {cell} completes the line.").format(cell=cell(move))
    left = reply.attempt.moves_left(reply.puzzle)
    # TRANSLATORS: {cell} is the member's move, {reply} the bot's answer ("2,3", "1,1")
    right = _("{cell} is right; I answer {reply}.").format(
        cell=cell(move), reply=cell(reply.defence)
    )
    more = ngettext("Win in {count} more move.", "Win in {count} more moves.", left).format(
        count=left
    )
    return join_sentences([right, more])


def _why_missed(move: Move, miss: Miss) -> str:
    where = cell(move)
    if miss.slower and miss.reply is not None:
        # TRANSLATORS: {cell} is the member's move, {reply} the bot's answer ("2,3", "1,1"):
        # the move wins, only more slowly than the puzzle asks
        return _("{cell} wins, but not in time: I answer {reply} and hold out longer.").format(
            cell=where, reply=cell(miss.reply)
        )
    if miss.refutation is None or miss.reply is None:
        if miss.refutation is not None:  # the move filled the board
            # TRANSLATORS: {cell} is the member's move ("2,3")
            return _("{cell} does not win: the board is full, a draw.").format(cell=where)
        # TRANSLATORS: {cell} is the member's move ("2,3")
        return _("{cell} is not the winning move.").format(cell=where)
    if miss.refutation.value is Value.LOSS:
        # TRANSLATORS: {cell} is the member's move, {reply} the bot's answer ("2,3", "1,1")
        text = _("{cell} does not win: I answer {reply}, and I win.")
    else:
        # TRANSLATORS: {cell} is the member's move, {reply} the bot's answer ("2,3", "1,1")
        text = _("{cell} does not win: I answer {reply}, and it is a draw.")
    return text.format(cell=where, reply=cell(miss.reply))


def describe_result(reply: PuzzleReply) -> str:
    """The ratings and streak once the attempt ended: the member's new rating and its change,
    or that a replay moves none; the streak after a solve."""
    finished = reply.finished
    if finished is None:
        return ""
    sentences = []
    if reply.attempt.rated:
        change = finished.after.rating - finished.before.rating
        # TRANSLATORS: {rating} is the new rating, {change} how it moved ("+12", "-8")
        sentences.append(
            _("Your puzzle rating: {rating} ({change}).").format(
                rating=finished.after.rating, change=f"{change:+d}"
            )
        )
    else:
        sentences.append(_("You tried this puzzle before, so it moves no rating."))
    if reply.attempt.status is AttemptStatus.SOLVED:
        sentences.append(streak_sentence(finished.after.streak.current))
    return join_sentences(sentences)


def streak_sentence(days: int) -> str:
    """ "Streak: 3 days in a row with a puzzle solved." """
    # TRANSLATORS: {count} is a number of days (UTC) in a row with a puzzle solved
    return ngettext(
        "Streak: {count} day in a row with a puzzle solved.",
        "Streak: {count} days in a row with a puzzle solved.",
        days,
    ).format(count=days)


def status(reply: PuzzleReply, *, plain: bool) -> str:
    """How the attempt stands, for its message: what the last move did and the result, or,
    shown again without a move, where it stands (marks as in ``describe_move``)."""
    attempt = reply.attempt
    said = describe_move(reply, plain=plain)
    if said:
        return join_sentences([said, describe_result(reply)])
    if attempt.status is AttemptStatus.SOLVED:
        return _("Solved!")
    if attempt.status is AttemptStatus.MISSED:
        return join_sentences([_("Missed."), solution(reply.puzzle, plain=plain)])
    if attempt.status is AttemptStatus.SET_ASIDE:
        return _("This puzzle was set aside, unfinished: it counts for nothing.")
    left = attempt.moves_left(reply.puzzle)
    if attempt.moves:
        return ngettext("Win in {count} more move.", "Win in {count} more moves.", left).format(
            count=left
        )
    return ""


def notes(reply: PuzzleReply) -> str:
    """What changed besides the puzzle: a puzzle set aside for it, shown again, a replay of
    the daily puzzle."""
    sentences = []
    if reply.set_aside is not None:
        # TRANSLATORS: {number} is the member's earlier puzzle, left unfinished
        sentences.append(
            _("Your puzzle #{number} was set aside, unfinished: it counts for nothing.").format(
                number=reply.set_aside.puzzle_id
            )
        )
    if reply.resumed:
        sentences.append(_("This puzzle is still running: here it is again."))
    if reply.tried:
        sentences.append(_("You already tried today's puzzle: this replay counts for nothing."))
    return join_sentences(sentences)


def puzzle_stats_line(name: str, player: PuzzlePlayer) -> str:
    """The stats line of a member's puzzles: rating, solved of rated, streak and best."""
    streak = player.streak
    # TRANSLATORS: {name} is a member; {rating} a number; {solved} and {rated} numbers of
    # puzzles; {streak} and {best} are "3 days"
    return _(
        "{name}'s puzzle rating: {rating} ({solved} solved of {rated} rated); streak {streak}, "
        "best {best}."
    ).format(
        name=name,
        rating=player.rating,
        solved=player.solved,
        rated=player.rated,
        streak=_days(streak.current),
        best=_days(streak.best),
    )


def _days(count: int) -> str:
    # TRANSLATORS: a duration; {count} is a number, maybe with one decimal ("1.5 minutes").
    return ngettext("{count} day", "{count} days", count).format(count=count)


def render_puzzle_leaderboard(entries: list[PuzzleEntry], spelling: Spelling = PLAIN) -> str:
    """The scope's solvers by puzzle rating, each with the puzzles solved there and their
    streak; a sentence when nobody solved one there yet."""
    here = _(spelling.get(Command.HERE, PLAIN[Command.HERE]))
    puzzle = spelling.get(Command.PUZZLE, PLAIN[Command.PUZZLE])
    if not entries:
        # TRANSLATORS: {here} is " here" (with its space) or nothing; {puzzle} the puzzle
        # command as typed
        return _("Nobody has solved a puzzle{here} yet: ask for one with {puzzle}!").format(
            here=here, puzzle=puzzle
        )
    lines = [_("Puzzle solvers (puzzle rating; puzzles solved here; streak):")]
    for position, entry in enumerate(entries, start=1):
        # TRANSLATORS: in a leaderboard line, "1. alice - 1634 (12 solved, 3 days)"
        solved = ngettext("{count} solved", "{count} solved", entry.solved).format(
            count=entry.solved
        )
        lines.append(
            f"{position}. {entry.name} \u2014 {entry.rating} ({solved}, {_days(entry.streak)})"
        )
    return "\n".join(lines)


def daily_title(day: date) -> str:
    """ "Puzzle of the day, 2026-11-28" """
    # TRANSLATORS: the daily post's title; {day} is a date as 2026-11-28
    return _("Puzzle of the day, {day}").format(day=day.isoformat())


def daily_solvers(post: DailyPost, *, over: bool) -> str:
    """How many members solved the post's puzzle (``over``: the day has passed)."""
    if over:
        return ngettext(
            "Solved by {count} member.", "Solved by {count} members.", post.solvers
        ).format(count=post.solvers)
    return ngettext(
        "Solved by {count} member so far.", "Solved by {count} members so far.", post.solvers
    ).format(count=post.solvers)


def daily_invitation() -> str:
    """Under the day's puzzle: how to try it."""
    # TRANSLATORS: Solve is the button's label
    return _("Click Solve to try it: only you see your attempt, and your first try counts.")


def daily_reveal(post: DailyPost, puzzle: Puzzle) -> str:
    """The previous post's solution and solvers, revealed by the next day's post (Discord's:
    the marks are emoji)."""
    # TRANSLATORS: {number} is the previous daily puzzle's number, {line} its solution, each
    # move after its mark ("❌ 2,2 → ⭕ 1,2 → ❌ 2,4")
    revealed = _("The previous daily puzzle, #{number}: {line}.").format(
        number=puzzle.id, line=line_text(puzzle, plain=False)
    )
    return join_sentences([revealed, daily_solvers(post, over=True)])


def daily_setting_text(setting: DailySetting | None) -> str:
    """A server's daily puzzle setting in a sentence."""
    if setting is None:
        return _("This server has no daily puzzle.")
    # TRANSLATORS: {channel} is a channel (a mention), {hour} a whole hour (UTC, 0 to 23)
    return _("The daily puzzle is posted in {channel} every day at {hour}:00 UTC.").format(
        channel=f"<#{setting.channel_id}>", hour=f"{setting.hour:02d}"
    )
