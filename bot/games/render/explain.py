"""Hints and explanations: every move's value under best play, in words and on a board.

``render_hint`` lists the moves best first; ``render_explain_text`` and ``render_explain_emoji``
show one position with each empty cell's value, the move explained, why, and what the search
cost. Counts are the mover's own moves, the next one included. Where no exact value is known
(``TooEarlyToSolveError``), ``render_estimate_text`` and ``render_estimate_emoji`` draw the
position with the estimated pick marked as an estimate on the board itself.
"""

from __future__ import annotations

from math import ceil

from bot.engine import Move, MoveAnalysis, Value
from bot.engine.plain import PLAIN_COUNT_LIMIT
from bot.games.errors import PLAIN, Spelling, TooEarlyToSolveError
from bot.games.models import ExplainReply, Hint, UltimateHint
from bot.games.render import ultimate
from bot.games.render.boards import (
    EMOJI_EMPTY,
    EMOJI_MARK,
    TEXT_EMPTY,
    emoji_rows,
    mark_glyph,
    text_rows,
)

# --- hints --------------------------------------------------------------------------------------


def your_moves(plies: int) -> int:
    """Moves the player to move makes in ``plies`` plies, counting the one they are about to make.

    Plies alternate you, me, you, ...: the 1st, 3rd, 5th ... are yours, so ``ceil(plies / 2)``.
    """
    return ceil(plies / 2)


def describe_outcome(analysis: MoveAnalysis, whose: str = "your") -> str:
    """What one move leads to under best play: "wins in 2 of your moves", "draws", ...

    ``whose`` names the mover's moves ("your", "my", "bob's"); only a player told about their
    own move hears who wins next ("loses: I win on my next move")."""
    count = your_moves(analysis.plies)
    if analysis.value is Value.WIN:
        return "wins right away" if count == 1 else f"wins in {count} of {whose} moves"
    if analysis.value is Value.LOSS:
        if count == 1:
            return "loses: I win on my next move" if whose == "your" else "loses on the next move"
        return f"loses in {count} of {whose} moves"
    return "draws"


_VERDICT = {
    Value.WIN: "You can force a win from here.",
    Value.DRAW: "With best play on both sides this is a draw.",
    Value.LOSS: "I can force a win whatever you do, but make me find it.",
}


def render_hint(hint: Hint | UltimateHint) -> str:
    """Every legal move with what it leads to under best play, best first, 1-based (in
    ultimate: the engine's top moves with their win rates).

    Counts are the player's own moves including the one suggested, so "wins in 2 of your
    moves" means: play this, then one more of yours wins, whatever I do.
    """
    if isinstance(hint, UltimateHint):
        return ultimate.render_hint(hint)
    moves = hint.analysis.moves
    name = hint.game.seat(hint.game.board.to_move).name  # hints go to the member to move
    if not moves:
        return "The game is over: there is nothing left to play."
    best = moves[0]
    lines = [
        f"Hint for {name}: {_VERDICT[hint.analysis.value]}",
        f"Best: {best.move} — {describe_outcome(best)}.",
    ]
    if len(moves) > 1:
        lines.append("Every move, best first:")
        lines.extend(f"  {item.move} — {describe_outcome(item)}" for item in moves)
    if any(item.value is not Value.DRAW for item in moves):
        lines.append("(Counts are your own moves, this one included, with best play from me.)")
    return "\n".join(lines)


# --- explain ------------------------------------------------------------------------------------

VALUE_LETTER = {Value.WIN: "W", Value.DRAW: "D", Value.LOSS: "L"}
EMOJI_VALUE = {Value.WIN: "🟩", Value.DRAW: "🟨", Value.LOSS: "🟥"}
EMOJI_EXPLAINED = "⭐"  # the move the explanation is about


def value_code(entry: MoveAnalysis) -> str:
    """ "W2", "D" or "L1": the value for the side to move and in how many of its moves."""
    letter = VALUE_LETTER[entry.value]
    return letter if entry.value is Value.DRAW else f"{letter}{your_moves(entry.plies)}"


def explained_cells(reply: ExplainReply) -> dict[Move, MoveAnalysis]:
    """Every empty cell of the explained position with its value for the side to move."""
    return {entry.move: entry for entry in reply.explanation.analysis.moves}


def _mover(reply: ExplainReply) -> tuple[str, str]:
    """Who is to move in the explained position: (name, possessive) - "you"/"your",
    "I"/"my", or a member's name in a game between members."""
    seat = reply.game.seat(reply.mover)
    if seat.is_bot:
        return "I", "my"
    if reply.played:  # a finished game: speak of the member by name
        return seat.name, f"{seat.name}'s"
    return "you", "your"


def explain_reason(reply: ExplainReply) -> str:
    """One sentence: the move explained and why, in the terms the board shows."""
    cells = explained_cells(reply)
    moves = reply.explanation.analysis.moves
    entry, best = cells[reply.move], moves[0]
    name, possessive = _mover(reply)
    if reply.game.seat(reply.mover).is_bot:
        subject = f"I played {reply.move}" if reply.played else f"I would play {reply.move}"
    elif reply.played:
        subject = f"{name} played {reply.move}"
    else:
        subject = f"In your place I would play {reply.move}"
    blocks = reply.move in reply.explanation.threats
    other = reply.mover.other.value
    losing = sum(1 for item in moves if item.value is Value.LOSS)
    if (entry.value, entry.plies) != (best.value, best.plies):
        played, instead = describe_outcome(entry, possessive), describe_outcome(best, possessive)
        why = f"it {played}, but {best.move} {instead}"
        if reply.game.seat(reply.mover).is_bot and reply.game.level != "perfect":
            why += f" (at the {reply.game.level} level I make mistakes on purpose)"
    elif entry.value is Value.WIN and entry.plies == 1:
        why = "it completes a line and wins at once"
    elif entry.value is Value.WIN:
        fastest = (
            ""
            if all(m.plies == entry.plies for m in moves if m.value is Value.WIN)
            else (", the fastest win")
        )
        why = f"it {describe_outcome(entry, possessive)} against any defence{fastest}"
        if blocks:
            why = f"it blocks {other}'s line and {why[3:]}"
    elif entry.value is Value.DRAW and losing == 0:
        why = "every move draws with best play on both sides"
    elif entry.value is Value.DRAW:
        block = f"it blocks {other}'s line, which keeps the draw" if blocks else "it keeps the draw"
        why = f"{block}, while {losing} of the {len(moves)} moves would lose"
    else:
        why = (
            "every move loses against best play, and this one holds out longest "
            f"({your_moves(entry.plies)} of {possessive} moves)"
        )
    return f"{subject}: {why}."


def explain_search(reply: ExplainReply) -> str:
    """What the search cost against a plain minimax, in one sentence."""
    explanation = reply.explanation
    plain = explanation.plain
    if plain is None:  # the count gave up after PLAIN_COUNT_LIMIT distinct positions
        other = f"far more (over {PLAIN_COUNT_LIMIT:,}; too many to count here)"
    else:
        other = f"{plain:,}"
    return (
        f"To value every move my search examined {explanation.searched:,} positions; "
        f"a plain minimax would examine {other}."
    )


def _explain_title(reply: ExplainReply, *, plain: bool) -> str:
    mark = mark_glyph(reply.mover, plain=plain)
    if not reply.played:
        return f"What I see ({mark} to move):"
    if reply.game.bot_player is None:
        return f"The position before the last move ({mark} to move):"
    return f"The position before my last move ({mark} to move):"


def _counts(reply: ExplainReply) -> str:
    _, possessive = _mover(reply)
    return f"counts are {possessive} own moves, this one included, with best play after it"


def explain_text_grid(reply: ExplainReply) -> list[str]:
    """The explained position with every empty cell's value: ``W2`` (a win in 2 moves of the
    side to move), ``D`` (a draw), ``L1`` (a loss); the explained move in brackets."""
    board, cells = reply.position, explained_cells(reply)

    def glyph(move: Move) -> str:
        mark, entry = board.at(move), cells.get(move)
        if mark is not None or entry is None:
            shown = TEXT_EMPTY if mark is None else mark.value
        else:
            shown = value_code(entry)
        return f"[{shown}]".center(4) if move == reply.move else shown.center(4)

    return text_rows(board.size, glyph, width=4)


def render_explain_text(reply: ExplainReply) -> str:
    """The terminal's explain board: title, grid, legend, the move and why, the search cost."""
    return "\n".join(
        [
            _explain_title(reply, plain=True),
            *explain_text_grid(reply),
            "W2 = win in 2 moves, D = draw, L1 = loss in 1 move, [ ] = the move explained",
            f"({_counts(reply)}).",
            explain_reason(reply),
            explain_search(reply),
        ]
    )


def explain_emoji_grid(reply: ExplainReply) -> list[str]:
    """The explained position in emoji: marks as on the board, empty cells coloured by value
    (🟩 win, 🟨 draw, 🟥 loss for the side to move), ⭐ on the move explained."""
    board, cells = reply.position, explained_cells(reply)

    def glyph(move: Move) -> str:
        mark = board.at(move)
        if mark is not None:
            return EMOJI_MARK[mark]
        if move == reply.move:
            return EMOJI_EXPLAINED
        return EMOJI_VALUE[cells[move].value] if move in cells else EMOJI_EMPTY

    return emoji_rows(board.size, glyph)


def _emoji_legend(reply: ExplainReply) -> list[str]:
    """One line per value present: its colour and each cell with its distance."""
    lines = []
    by_value: dict[Value, list[MoveAnalysis]] = {}
    for entry in reply.explanation.analysis.moves:
        by_value.setdefault(entry.value, []).append(entry)
    names = {Value.WIN: "win", Value.DRAW: "draw", Value.LOSS: "loss"}
    for value in (Value.WIN, Value.DRAW, Value.LOSS):
        entries = sorted(by_value.get(value, []), key=lambda e: e.move)
        if not entries:
            continue
        parts = []
        for entry in entries:
            cell = f"{entry.move.row + 1},{entry.move.col + 1}"
            star = f" {EMOJI_EXPLAINED}" if entry.move == reply.move else ""
            if value is Value.DRAW:
                parts.append(f"{cell}{star}")
            else:
                count = your_moves(entry.plies)
                parts.append(f"{cell} in {count}{star}")
        lines.append(f"{EMOJI_VALUE[value]} {names[value]}: " + " · ".join(parts))
    return lines


def render_explain_emoji(reply: ExplainReply) -> str:
    """Discord's explain message: title, coloured board, legend (cells as row,column with how
    many moves), the move and why, the search cost."""
    return "\n".join(
        [
            _explain_title(reply, plain=False),
            *explain_emoji_grid(reply),
            *_emoji_legend(reply),
            f"-# {EMOJI_EXPLAINED} the move explained; {_counts(reply)}.",
            explain_reason(reply),
            explain_search(reply),
        ]
    )


# --- estimates ----------------------------------------------------------------------------------

TEXT_ESTIMATE = "?"  # a cell only estimated: never a value (W2, D, L1), which would be proven
EMOJI_ESTIMATE = "\u2754"  # ❔: none of the value colours, nor the explained move's star
ESTIMATE_MEANS = "only an estimate: no move here is proven to win, draw or lose yet"


def _estimate_title(error: TooEarlyToSolveError, *, plain: bool) -> str:
    return f"My estimate ({mark_glyph(error.position.to_move, plain=plain)} to move):"


def estimate_text_grid(error: TooEarlyToSolveError) -> list[str]:
    """The position as ASCII, the estimated pick drawn ``?`` (``TEXT_ESTIMATE``)."""
    board = error.position

    def glyph(move: Move) -> str:
        mark = board.at(move)
        shown = TEXT_EMPTY if mark is None else mark.value
        return f" {TEXT_ESTIMATE if move == error.pick else shown} "

    return text_rows(board.size, glyph)


def render_estimate_text(error: TooEarlyToSolveError, spelling: Spelling = PLAIN) -> str:
    """The terminal's answer when nothing can be solved exactly: the error's sentence (in
    ``spelling``), then the position with the pick marked ``?`` and what ``?`` means."""
    return "\n".join(
        [
            error.text(spelling),
            _estimate_title(error, plain=True),
            *estimate_text_grid(error),
            f"{TEXT_ESTIMATE} = my pick, {ESTIMATE_MEANS}.",
        ]
    )


def estimate_emoji_grid(error: TooEarlyToSolveError) -> list[str]:
    """The position in emoji, the estimated pick drawn ❔ (``EMOJI_ESTIMATE``)."""
    board = error.position

    def glyph(move: Move) -> str:
        mark = board.at(move)
        if move == error.pick:
            return EMOJI_ESTIMATE
        return EMOJI_EMPTY if mark is None else EMOJI_MARK[mark]

    return emoji_rows(board.size, glyph)


def render_estimate_emoji(error: TooEarlyToSolveError, spelling: Spelling = PLAIN) -> str:
    """Discord's answer when nothing can be solved exactly: the error's sentence (in
    ``spelling``), then the position with the pick marked ❔ and what ❔ means."""
    return "\n".join(
        [
            error.text(spelling),
            _estimate_title(error, plain=False),
            *estimate_emoji_grid(error),
            f"{EMOJI_ESTIMATE} = my pick, {ESTIMATE_MEANS}.",
        ]
    )
