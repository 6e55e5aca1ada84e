"""Classic's hints and explanations where the budget proved part of a position, not every move
(early 5x5): what is proven, in words, the same in the terminal and on Discord.

A hint's title is the exact hint's where the position's value is proven ("Hint for alice: with
best play on both sides this is a draw."); then the best move, the moves proven best first, and
how many are not proven yet. An explanation says the same under its own title. Nothing here is
an estimate: an unproven move is only counted, never judged (the estimate, where nothing at all
is proven, is ``explain.render_estimate_text``'s).
"""

from __future__ import annotations

from bot.engine import Value
from bot.engine.classic import MoveAnalysis, MoveValuation
from bot.games.render.boards import mark_glyph
from bot.games.render.explaining import counts_note, explain_title, explained_mover
from bot.games.render.outcomes import YOU, Mover, describe_outcome, hint_title
from bot.games.variants.classic.replies import Partial
from bot.games.wording import cell_name
from bot.i18n import _, ngettext


def outcome(entry: MoveValuation, mover: Mover) -> str:
    """What a proven move leads to: with its length ("wins in 2 of your moves", "draws"), or
    without where only its value is proven ("wins", "loses")."""
    if entry.value is None:
        raise ValueError(f"{entry.move} is not proven")
    if entry.plies is not None:
        return describe_outcome(MoveAnalysis(entry.move, entry.value, entry.plies), mover)
    if entry.value is Value.WIN:
        # TRANSLATORS: what a move would have led to, after a cell ("2,3 wins")
        return _("wins")
    if entry.value is Value.LOSS:
        # TRANSLATORS: what a move would have led to, after a cell ("2,3 loses")
        return _("loses")
    # TRANSLATORS: what a move leads to under best play, after a cell or "it"
    return _("draws")


def _mover(reply: Partial) -> Mover:
    """Whose moves the counts are: the member asking for a hint, else as an explanation says."""
    return explained_mover(reply) if reply.explained else YOU


def partial_lines(reply: Partial) -> list[str]:
    """The best move (where proven), every proven move best first, and how many are not."""
    appraisal, mover = reply.appraisal, _mover(reply)
    proven = [entry for entry in appraisal.moves if entry.value is not None]
    lines = []
    shown = _best(reply)
    if shown is not None:
        # TRANSLATORS: a hint's best move: {cell} is a cell ("row 1, column 3"), {outcome}
        # what it leads to ("wins in 2 of your moves", "draws")
        lines.append(
            _("Best: {cell} — {outcome}.").format(
                cell=cell_name(shown.move), outcome=outcome(shown, mover)
            )
        )
    # TRANSLATORS: over the list of the moves proven so far in an early 5x5 position
    # ("row 1, column 3 — draws"), where not every move could be
    lines.append(_("The moves I could prove, best first:"))
    lines.extend(f"  {cell_name(entry.move)} — {outcome(entry, mover)}" for entry in proven)
    left = len(appraisal.moves) - len(proven)
    # TRANSLATORS: after the list of proven moves of an early 5x5 position; {count} moves
    # are not proven within the reply's time
    lines.append(
        ngettext(
            "{count} other move is not proven yet: too early in the game to solve in time "
            "(I can after a few more moves).",
            "{count} other moves are not proven yet: too early in the game to solve in time "
            "(I can after a few more moves).",
            left,
        ).format(count=left)
    )
    return lines


def _best(reply: Partial) -> MoveValuation | None:
    """A best move, where proven: the one the position's valuation names with its length (a
    review's: the fastest win), else the first proven move if it reaches the position's value
    (the moves are best first); None in a lost position (the slowest loss is known only once
    every move is)."""
    appraisal = reply.appraisal
    value, position = appraisal.value, appraisal.position
    if value is None or value is Value.LOSS:
        return None
    if position.best is not None and position.exact:
        return MoveValuation(position.best, value, position.plies)
    first = appraisal.moves[0] if appraisal.moves else None
    if first is not None and first.value is value:
        return first
    return None if position.best is None else MoveValuation(position.best, value, None)


def _counted(reply: Partial) -> bool:
    """Whether a line counts moves: a proven win or loss of known length."""
    moves = reply.appraisal.moves
    return any(entry.value not in (None, Value.DRAW) and entry.plies for entry in moves)


def render_partial_hint(reply: Partial) -> str:
    """A hint where not every move is proven: the exact hint's title where the position's
    value is proven, else what the hint can do; then ``partial_lines``."""
    game = reply.game
    name = game.seat(reply.mover).name
    value = reply.appraisal.value
    if value is not None:
        title = hint_title(name, value)
    else:
        # TRANSLATORS: the first line of a hint on an early 5x5 position where some moves are
        # proven but not the position's value; {name} is the member to move
        title = _("Hint for {name}: not every move is proven yet, but these are.").format(name=name)
    lines = [title, *partial_lines(reply)]
    if _counted(reply):
        lines.append(_("(Counts are your own moves, this one included, with best play from me.)"))
    return "\n".join(lines)


def render_partial_explain(reply: Partial, *, plain: bool) -> str:
    """An explanation where not every move is proven: its title, then ``partial_lines``, and
    whose moves the counts are (``plain``: marks as X and O, else emoji)."""
    lines = [explain_title(reply, mark_glyph(reply.mover, plain=plain)), *partial_lines(reply)]
    if _counted(reply):
        lines.append(counts_note(reply))
    return "\n".join(lines)
