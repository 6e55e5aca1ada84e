"""Boards and the sentences around them: titles, status lines, challenges, replies, expiry.

``render_emoji`` draws a game for Discord (❌ ⭕ ⬜, keycap row and column numbers, the winning
line in green); ``render_text`` draws it in ASCII for a terminal (``X``, ``O``, ``.``, the
winning cells in brackets). Functions only read the values they are given; rows and columns
are shown 1-based.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.engine import Board, Move, Player
from bot.games.models import (
    ULTIMATE,
    Challenge,
    ChallengeStatus,
    Game,
    MoveReply,
    Status,
)
from bot.games.render import ultimate
from bot.games.render.glyphs import EMOJI_MARK, keycap
from bot.games.wording import (
    cell_name,
    describe_duration,
    join_sentences,
    level_label,
    seat_name,
)
from bot.i18n import N_, _

# --- glyphs -------------------------------------------------------------------------------------

EMOJI_WINNING_MARK = {Player.X: "❎", Player.O: "🟢"}  # green: the winning line stands out
EMOJI_EMPTY = "⬜"  # bordered in the light theme, bright in the dark theme
EMOJI_CORNER = "⬛"  # the top-left cell between the row and column numbers
TEXT_EMPTY = "."


# --- boards -------------------------------------------------------------------------------------


def _winning_cells(board: Board) -> frozenset[Move]:
    return frozenset(board.winning_cells or ())


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


def emoji_grid(board: Board) -> list[str]:
    """The board as emoji lines: a header of column numbers, then one line per row."""
    winning = _winning_cells(board)

    def glyph(move: Move) -> str:
        mark = board.at(move)
        if mark is None:
            return EMOJI_EMPTY
        return EMOJI_WINNING_MARK[mark] if move in winning else EMOJI_MARK[mark]

    return emoji_rows(board.size, glyph)


MarkPainter = Callable[[str, Player, bool], str]
"""Colours a drawn mark (``"X"`` or ``"[X]"``, whose it is, whether it is on the winning line);
an adapter's, such as the terminal's ANSI colours. Without one, marks are plain text."""


def text_grid(board: Board, paint: MarkPainter | None = None) -> list[str]:
    """The board as ASCII lines: column numbers, rows with ``|`` and ``---+---`` separators.

    A winning cell is drawn ``[X]`` instead of `` X `` so the line survives a terminal
    without colour (and a copy-paste into an e-mail).
    """
    winning = _winning_cells(board)

    def glyph(move: Move) -> str:
        mark = board.at(move)
        on_line = move in winning
        drawn = TEXT_EMPTY if mark is None else mark.value
        if on_line:
            drawn = f"[{drawn}]"
        if mark is not None and paint is not None:
            drawn = paint(drawn, mark, on_line)
        return drawn if on_line else f" {drawn} "

    return text_rows(board.size, glyph)


def render_emoji(game: Game) -> str:
    """Title, emoji board and status line: one Discord message (well under 2,000 characters)."""
    if game.is_ultimate:
        title = ultimate.title(game, plain=False)
        lines = [title, *ultimate.emoji_grid(game.ultimate), status_line(game)]
        return "\n".join(lines)
    return "\n".join([_title(game, plain=False), *emoji_grid(game.board), status_line(game)])


def render_text(game: Game, paint: MarkPainter | None = None) -> str:
    """Title, plain-text board and status line for the terminal (ASCII apart from names and
    the colour codes ``paint`` adds)."""
    if game.is_ultimate:
        grid = ultimate.text_grid(game.ultimate, paint)
        return "\n".join([ultimate.title(game), *grid, status_line(game, plain=True)])
    return "\n".join(
        [_title(game, plain=True), *text_grid(game.board, paint), status_line(game, plain=True)]
    )


# --- titles and status lines --------------------------------------------------------------------


def mark_glyph(player: Player, *, plain: bool) -> str:
    """A player's mark as the reader sees it: ``X``/``O`` when ``plain``, else ❌/⭕."""
    return player.value if plain else EMOJI_MARK[player]


def _title(game: Game, *, plain: bool) -> str:
    size = f"{game.size}x{game.size}" if plain else f"{game.size}\u00d7{game.size}"
    # TRANSLATORS: a board's title. {x} and {o} are the players' names ("me" for the bot),
    # {x_mark}/{o_mark} their marks (X/O or emoji), {level} the level as typed ("perfect",
    # "duel"), {size} the board size ("3x3").
    return _("Tic-Tac-Toe: {x} ({x_mark}) vs {o} ({o_mark}), {level}, {size}").format(
        x=seat_name(game.x),
        x_mark=mark_glyph(Player.X, plain=plain),
        o=seat_name(game.o),
        o_mark=mark_glyph(Player.O, plain=plain),
        level=level_label(game.level),
        size=size,
    )


def describe_line(line: Sequence[Move]) -> str:
    """Name a winning line the way a player would: "row 1", "column 3", "the diagonal ..."."""
    if not line:
        # TRANSLATORS: a winning line not named more precisely: "I win - the line was mine."
        return _("the line")
    rows = {move.row for move in line}
    cols = {move.col for move in line}
    if len(rows) == 1:
        # TRANSLATORS: a winning line, in "I win - row 2 was mine."
        return _("row {row}").format(row=line[0].row + 1)
    if len(cols) == 1:
        # TRANSLATORS: a winning line, in "I win - column 3 was mine."
        return _("column {column}").format(column=line[0].col + 1)
    if all(move.row == move.col for move in line):
        # TRANSLATORS: a winning line, in "I win - the diagonal from the top left was mine."
        return _("the diagonal from the top left")
    # TRANSLATORS: a winning line, in "I win - the diagonal from the top right was mine."
    return _("the diagonal from the top right")


def describe_lines(board: Board) -> tuple[str, bool]:
    """Name the winning line(s) ("row 1", "row 1 and column 1"); True when there are two: one
    move can complete two lines at once (``XXX/XOO/XOO``)."""
    names = [describe_line(line) for line in board.winning_lines]
    if not names:
        return _("the line"), False
    joined = names[0]
    for name in names[1:]:
        # TRANSLATORS: the last item of a list: "{head}" is "a" or "a, b", "{last}" is "c"
        joined = _("{head} and {last}").format(head=joined, last=name)
    return joined, len(names) > 1


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def status_line(game: Game, *, plain: bool = False) -> str:
    """One sentence: whose turn it is with their mark, or how the game ended.

    ``plain=True`` writes marks as ``X``/``O`` and dashes as ``-`` for the terminal.
    """
    if game.is_ultimate and game.status in (Status.ACTIVE, Status.WON, Status.LOST, Status.DRAWN):
        return ultimate.status_line(game, plain=plain)
    dash = "-" if plain else "\u2014"
    # ultimate reaches here resigned or expired only: no winning line to name
    line, several = (_("the line"), False) if game.is_ultimate else describe_lines(game.board)
    status = game.status
    if status is Status.ACTIVE:
        seat = game.seat(game.board.to_move)
        mark = mark_glyph(game.board.to_move, plain=plain)
        if seat.is_bot:
            # TRANSLATORS: the bot's turn; {mark} is its mark (X, O or an emoji)
            return _("My turn ({mark}).").format(mark=mark)
        # TRANSLATORS: a member's turn; {name} is their name, {mark} their mark
        return _("Your turn, {name} ({mark}).").format(name=seat.name, mark=mark)
    if game.is_duel and status in (Status.WON, Status.LOST):
        winner = game.seat(game.winner or game.board.to_move).name
        if game.board.winning_cells:
            if several:
                # TRANSLATORS: a duel's end. {name} won; {dash} is a dash (- or \u2014);
                # {lines} names two lines ("row 1 and column 1")
                return _("{name} wins {dash} {lines} were theirs.").format(
                    name=winner, dash=dash, lines=line
                )
            # TRANSLATORS: a duel's end. {name} won; {dash} is a dash (- or \u2014); {line}
            # names the winning line ("row 1", "the diagonal from the top left")
            return _("{name} wins {dash} {line} was theirs.").format(
                name=winner, dash=dash, line=line
            )
        # TRANSLATORS: a duel's end; {name} won
        return _("{name} wins.").format(name=winner)
    if status is Status.WON:
        name = game.member.name
        if game.board.winning_cells:
            if several:
                # TRANSLATORS: the member beat the bot. {name} is theirs; {lines} names two
                # lines, capitalised by the code ("Row 1 and column 1")
                return _("You win, {name}! {lines} were yours.").format(
                    name=name, lines=_capital(line)
                )
            # TRANSLATORS: the member beat the bot. {name} is theirs; {line} names the line,
            # capitalised by the code ("Row 1", "The diagonal from the top left")
            return _("You win, {name}! {line} was yours.").format(name=name, line=_capital(line))
        # TRANSLATORS: the member beat the bot; {name} is theirs
        return _("You win, {name}!").format(name=name)
    if status is Status.LOST:
        if game.board.winning_cells:
            if several:
                # TRANSLATORS: the bot won. {dash} is a dash (- or \u2014); {lines} names two
                # lines ("row 1 and column 1")
                return _("I win {dash} {lines} were mine.").format(dash=dash, lines=line)
            # TRANSLATORS: the bot won. {dash} is a dash (- or \u2014); {line} names the line
            return _("I win {dash} {line} was mine.").format(dash=dash, line=line)
        return _("I win.")
    if status is Status.DRAWN:
        return _("Draw.")
    if status is Status.RESIGNED:
        # winner is the side that did not resign (None only in a hand-made Game)
        resigner = game.seat(game.winner.other) if game.winner is not None else game.member
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
    size = f"{challenge.size}x{challenge.size}"
    is_ultimate = challenge.size == ULTIMATE
    first = _first(challenge.first, challenger, opponent)
    status = challenge.status
    if status is ChallengeStatus.OPEN:
        if is_ultimate:
            # TRANSLATORS: {challenger} is a member, {whom} the challenged member (a mention);
            # {first} says who moves first ("alice moves first")
            offer = _(
                "{challenger} challenges {whom} to a duel of ultimate tic-tac-toe ({first}; "
                "the first mover plays X)."
            ).format(challenger=challenger, whom=whom, first=first)
        else:
            # TRANSLATORS: {challenger} is a member, {whom} the challenged member (a mention),
            # {size} the board ("3x3"); {first} says who moves first ("alice moves first")
            offer = _(
                "{challenger} challenges {whom} to a duel on a {size} board ({first}; "
                "the first mover plays X)."
            ).format(challenger=challenger, whom=whom, size=size, first=first)
        # TRANSLATORS: {whom} is the challenged member (a mention)
        answer = _("{whom}, accept or decline.").format(whom=whom)
        return join_sentences([offer, answer])
    outcome = {
        # TRANSLATORS: {opponent} accepted a duel
        ChallengeStatus.ACCEPTED: _("{opponent} accepted. Good luck to both!"),
        # TRANSLATORS: {opponent} declined a duel
        ChallengeStatus.DECLINED: _("{opponent} declined."),
        # TRANSLATORS: {challenger} took their challenge back
        ChallengeStatus.WITHDRAWN: _("{challenger} withdrew the challenge."),
        ChallengeStatus.EXPIRED: _("Nobody answered in time: the challenge expired."),
    }[status].format(challenger=challenger, opponent=opponent)
    if is_ultimate:
        # TRANSLATORS: what a challenge became; {challenger} and {opponent} are members
        past = _("{challenger} challenged {opponent} to a duel of ultimate tic-tac-toe.")
    else:
        # TRANSLATORS: what a challenge became; {size} is the board ("3x3")
        past = _("{challenger} challenged {opponent} to a duel on a {size} board.")
    return f"{past.format(challenger=challenger, opponent=opponent, size=size)} {outcome}"


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
    if reply.member_move is not None and game.is_duel:
        mover = game.seat(Player.X if len(game.moves) % 2 else Player.O)
        # TRANSLATORS: {name} is a member, {cell} "row 2, column 3"
        return _("{name} played {cell}.").format(name=mover.name, cell=cell_name(reply.member_move))
    if reply.member_move is not None:
        # TRANSLATORS: {cell} is "row 2, column 3"
        parts.append(_("You played {cell}.").format(cell=cell_name(reply.member_move)))
    if reply.bot_move is not None:
        cell = cell_name(reply.bot_move)
        if reply.member_move is None and len(reply.game.moves) == 1:
            # TRANSLATORS: the bot's first move; {cell} is "row 2, column 3"
            parts.append(_("I opened with {cell}.").format(cell=cell))
        else:
            # TRANSLATORS: the bot's move; {cell} is "row 2, column 3"
            parts.append(_("I played {cell}.").format(cell=cell))
    return join_sentences(parts)
