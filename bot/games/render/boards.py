"""Boards and the sentences around them: titles, status lines, challenges, replies, expiry.

``render_emoji`` draws a game for Discord (❌ ⭕ ⬜, keycap row and column numbers, the winning
line in green); ``render_text`` draws it in ASCII for a terminal (``X``, ``O``, ``.``, the
winning cells in brackets). Functions only read the values they are given; rows and columns
are shown 1-based.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Move, Player
from bot.games.models import (
    Challenge,
    ChallengeStatus,
    Game,
    MoveReply,
    Status,
)
from bot.games.render.glyphs import EMOJI_MARK, keycap
from bot.games.wording import describe_duration, join_sentences
from bot.i18n import N_, _

# --- glyphs -------------------------------------------------------------------------------------

EMOJI_EMPTY = "⬜"  # bordered in the light theme, bright in the dark theme
EMOJI_CORNER = "⬛"  # the top-left cell between the row and column numbers
TEXT_EMPTY = "."


MarkPainter = Callable[[str, Player, bool], str]
"""Colours a drawn mark (``"X"`` or ``"[X]"``, whose it is, whether it is on the winning line);
an adapter's, such as the terminal's ANSI colours. Without one, marks are plain text."""


# --- boards -------------------------------------------------------------------------------------


def emoji_rows(size: int, glyph: Callable[[Move], str]) -> list[str]:
    """An emoji grid: a header of column numbers, then one line per row of ``glyph(cell)``."""
    lines = [EMOJI_CORNER + "".join(keycap(col + 1) for col in range(size))]
    for row in range(size):
        lines.append(keycap(row + 1) + "".join(glyph(Move(row, col)) for col in range(size)))
    return lines


def text_rows(size: int, glyph: Callable[[Move], str], width: int = 3) -> list[str]:
    """An ASCII grid: column numbers, then rows of ``width``-wide ``glyph(cell)`` split by
    ``|``, with ``---+---`` lines between rows."""
    indent = "   "  # room for the row number
    lines = [indent + " ".join(f"{col + 1:^{width}}" for col in range(size)).rstrip()]
    separator = indent + "+".join("-" * width for _ in range(size))
    for row in range(size):
        if row:
            lines.append(separator)
        cells = "|".join(glyph(Move(row, col)) for col in range(size))
        lines.append(f"{row + 1:<2} " + cells.rstrip())
    return lines


def render_emoji(game: Game) -> str:
    """Title, emoji board and status line: one Discord message (well under 2,000 characters)."""
    renderer = game.variant.renderer
    grid = renderer.emoji_grid(game)
    return "\n".join([renderer.title(game, plain=False), *grid, status_line(game)])


def render_text(game: Game, paint: MarkPainter | None = None) -> str:
    """Title, plain-text board and status line for the terminal (ASCII apart from names and
    the colour codes ``paint`` adds)."""
    renderer = game.variant.renderer
    grid = renderer.text_grid(game, paint)
    return "\n".join([renderer.title(game, plain=True), *grid, status_line(game, plain=True)])


# --- titles and status lines --------------------------------------------------------------------


def mark_glyph(player: Player, *, plain: bool) -> str:
    """A player's mark as the reader sees it: ``X``/``O`` when ``plain``, else ❌/⭕."""
    return player.value if plain else EMOJI_MARK[player]


def status_line(game: Game, *, plain: bool = False) -> str:
    """One sentence: whose turn it is with their mark, or how the game ended.

    ``plain=True`` writes marks as ``X``/``O`` and dashes as ``-`` for the terminal.
    """
    playing = game.variant.renderer.play_status(game, plain=plain)
    if playing is not None:
        return playing
    status = game.status
    if status is Status.RESIGNED:
        # winner is the side that did not resign (None only in a hand-made Game)
        resigner = game.seat(game.winner.other) if game.winner is not None else game.member
        if game.timed_out:
            # TRANSLATORS: {name} let an arena game's move clock run out, and lost
            return _("{name} ran out of time.").format(name=resigner.name)
        # TRANSLATORS: {name} gave the game up
        return _("{name} resigned.").format(name=resigner.name)
    if status is Status.EXPIRED:
        return _expired_sentence(None) if game.has_started else _not_started_sentence(game)
    # TRANSLATORS: a status no sentence words; {status} is its code name ("active")
    return _("The game is {status}.").format(status=status)


def _not_started_sentence(game: Game) -> str:
    """How a game ended that no member moved in: set aside or timed out, and not counted."""
    if game.bot_player is None:
        return _("This game ended before anyone moved, so it does not count.")
    # TRANSLATORS: {name} is the member who never moved
    return _("This game ended before {name} moved, so it does not count.").format(
        name=game.member.name
    )


def _expired_sentence(idle_timeout: float | None) -> str:
    if idle_timeout is None:
        return _("This game expired: nobody moved for too long.")
    # TRANSLATORS: {duration} is "10 minutes", "1.5 hours"
    return _("This game expired after {duration} without a move.").format(
        duration=describe_duration(idle_timeout)
    )


def render_expired(game: Game, idle_timeout: float | None = None) -> str:
    """Tell the player their game ran out of time (``idle_timeout`` in seconds, if known)."""
    # TRANSLATORS: said after "This game expired ..."
    again = _("Start a new one whenever you like.")
    return f"{_expired_sentence(idle_timeout)} {again}"


# --- duels --------------------------------------------------------------------------------------


def _first(first: str, challenger: str, opponent: str) -> str:
    """Who moves first, as a clause of the challenge (empty for an unknown choice)."""
    if first == "challenger":
        # TRANSLATORS: a clause in a challenge's parentheses; {name} is the challenger
        return _("{name} moves first").format(name=challenger)
    if first == "opponent":
        # TRANSLATORS: a clause in a challenge's parentheses; {name} is the challenged member
        return _("{name} moves first").format(name=opponent)
    if first == "random":
        # TRANSLATORS: a clause in a challenge's parentheses
        return _("a coin toss decides who moves first")
    return ""


def render_challenge(challenge: Challenge, mention: str | None = None) -> str:
    """The message that carries a challenge (``mention``: how to address the opponent, a
    Discord mention; their name otherwise), and what became of it once answered."""
    challenger, opponent = challenge.challenger.name, challenge.opponent.name
    whom = mention or opponent
    renderer = challenge.variant.renderer
    first = _first(challenge.first, challenger, opponent)
    status = challenge.status
    if status is ChallengeStatus.OPEN:
        # TRANSLATORS: {whom} is the challenged member (a mention)
        answer = _("{whom}, accept or decline.").format(whom=whom)
        return join_sentences([renderer.challenge_offer(challenge, whom, first), answer])
    outcome = {
        # TRANSLATORS: {opponent} accepted a duel
        ChallengeStatus.ACCEPTED: _("{opponent} accepted. Good luck to both!"),
        # TRANSLATORS: {opponent} declined a duel
        ChallengeStatus.DECLINED: _("{opponent} declined."),
        # TRANSLATORS: {challenger} took their challenge back
        ChallengeStatus.WITHDRAWN: _("{challenger} withdrew the challenge."),
        ChallengeStatus.EXPIRED: _("Nobody answered in time: the challenge expired."),
    }[status].format(challenger=challenger, opponent=opponent)
    return f"{renderer.challenge_past(challenge)} {outcome}"


# --- replies ------------------------------------------------------------------------------------

SET_ASIDE = N_("I set aside your game that hadn't started (it does not count).")
"""Said when a start replaced the member's game in which nobody had moved yet (a msgid:
translate it with ``_`` where it is shown)."""


def describe_set_aside(reply: MoveReply) -> str:
    """``SET_ASIDE`` (translated) if this start replaced a game that had not started, else ""."""
    return _(SET_ASIDE) if reply.replaced is not None else ""


def describe_reply(reply: MoveReply) -> str:
    """Say what just happened: "You played row 2, column 2. I played row 1, column 3."

    After a start where the bot opens only the bot's move is told; with no move at all
    (the member goes first) the result is an empty string.
    """
    parts = []
    game = reply.game
    name = game.variant.renderer.move_name
    if reply.member_move is not None and game.is_duel:
        mover = game.seat(Player.X if len(game.moves) % 2 else Player.O)
        # TRANSLATORS: {name} is a member, {cell} "row 2, column 3"
        return _("{name} played {cell}.").format(name=mover.name, cell=name(reply.member_move))
    if reply.member_move is not None:
        # TRANSLATORS: {cell} is "row 2, column 3"
        parts.append(_("You played {cell}.").format(cell=name(reply.member_move)))
    if reply.bot_move is not None:
        cell = name(reply.bot_move)
        if reply.member_move is None and len(reply.game.moves) == 1:
            # TRANSLATORS: the bot's first move; {cell} is "row 2, column 3"
            parts.append(_("I opened with {cell}.").format(cell=cell))
        else:
            # TRANSLATORS: the bot's move; {cell} is "row 2, column 3"
            parts.append(_("I played {cell}.").format(cell=cell))
    return join_sentences(parts)
