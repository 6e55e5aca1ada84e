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
    Seat,
    Status,
)
from bot.games.render import ultimate
from bot.games.wording import describe_duration

# --- glyphs -------------------------------------------------------------------------------------

EMOJI_MARK = {Player.X: "❌", Player.O: "⭕"}
EMOJI_WINNING_MARK = {Player.X: "❎", Player.O: "🟢"}  # green: the winning line stands out
EMOJI_EMPTY = "⬜"  # bordered in the light theme, bright in the dark theme
EMOJI_CORNER = "⬛"  # the top-left cell between the row and column numbers
TEXT_EMPTY = "."


def keycap(number: int) -> str:
    """The keycap emoji for 1..9 ("2️⃣"), used as row and column labels."""
    if not 0 <= number <= 9:
        raise ValueError(f"No keycap emoji for {number}: boards have at most 9 rows.")
    return f"{number}\ufe0f\u20e3"


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


def _seat_name(seat: Seat) -> str:
    return "me" if seat.is_bot else seat.name


def _title(game: Game, *, plain: bool) -> str:
    size = f"{game.size}x{game.size}" if plain else f"{game.size}\u00d7{game.size}"
    x = f"{_seat_name(game.x)} ({mark_glyph(Player.X, plain=plain)})"
    o = f"{_seat_name(game.o)} ({mark_glyph(Player.O, plain=plain)})"
    return f"Tic-Tac-Toe: {x} vs {o}, {game.level}, {size}"


def describe_line(line: Sequence[Move]) -> str:
    """Name a winning line the way a player would: "row 1", "column 3", "the diagonal ..."."""
    if not line:
        return "the line"
    rows = {move.row for move in line}
    cols = {move.col for move in line}
    if len(rows) == 1:
        return f"row {line[0].row + 1}"
    if len(cols) == 1:
        return f"column {line[0].col + 1}"
    if all(move.row == move.col for move in line):
        return "the diagonal from the top left"
    return "the diagonal from the top right"


def describe_lines(board: Board) -> tuple[str, bool]:
    """Name the winning line(s) ("row 1", "row 1 and column 1"); True when there are two: one
    move can complete two lines at once (``XXX/XOO/XOO``)."""
    names = [describe_line(line) for line in board.winning_lines]
    return " and ".join(names) or "the line", len(names) > 1


def status_line(game: Game, *, plain: bool = False) -> str:
    """One sentence: whose turn it is with their mark, or how the game ended.

    ``plain=True`` writes marks as ``X``/``O`` and dashes as ``-`` for the terminal.
    """
    if game.is_ultimate and game.status in (Status.ACTIVE, Status.WON, Status.LOST, Status.DRAWN):
        return ultimate.status_line(game, plain=plain)
    dash = "-" if plain else "—"
    # ultimate reaches here resigned or expired only: no winning line to name
    line, several = ("the line", False) if game.is_ultimate else describe_lines(game.board)
    was = "were" if several else "was"
    status = game.status
    if status is Status.ACTIVE:
        seat = game.seat(game.board.to_move)
        mark = mark_glyph(game.board.to_move, plain=plain)
        if seat.is_bot:
            return f"My turn ({mark})."
        return f"Your turn, {seat.name} ({mark})."
    if game.is_duel and status in (Status.WON, Status.LOST):
        winner = game.seat(game.winner or game.board.to_move)
        if game.board.winning_cells:
            return f"{winner.name} wins {dash} {line} {was} theirs."
        return f"{winner.name} wins."
    if status is Status.WON:
        if game.board.winning_cells:
            return f"You win, {game.member.name}! {line[0].upper()}{line[1:]} {was} yours."
        return f"You win, {game.member.name}!"
    if status is Status.LOST:
        if game.board.winning_cells:
            return f"I win {dash} {line} {was} mine."
        return "I win."
    if status is Status.DRAWN:
        return "Draw."
    if status is Status.RESIGNED:
        # winner is the side that did not resign (None only in a hand-made Game)
        resigner = game.seat(game.winner.other) if game.winner is not None else game.member
        return f"{resigner.name} resigned."
    if status is Status.EXPIRED:
        return _expired_sentence(None) if game.has_started else _not_started_sentence(game)
    return f"The game is {status}."


def _not_started_sentence(game: Game) -> str:
    """How a game ended that no member moved in: set aside or timed out, and not counted."""
    who = "anyone" if game.bot_player is None else game.member.name
    return f"This game ended before {who} moved, so it does not count."


def _expired_sentence(idle_timeout: float | None) -> str:
    if idle_timeout is None:
        return "This game expired: nobody moved for too long."
    return f"This game expired after {describe_duration(idle_timeout)} without a move."


def render_expired(game: Game, idle_timeout: float | None = None) -> str:
    """Tell the player their game ran out of time (``idle_timeout`` in seconds, if known)."""
    return f"{_expired_sentence(idle_timeout)} Start a new one whenever you like."


# --- duels --------------------------------------------------------------------------------------

_FIRST_WORDS = {
    "challenger": "{challenger} moves first",
    "opponent": "{opponent} moves first",
    "random": "a coin toss decides who moves first",
}


def render_challenge(challenge: Challenge, mention: str | None = None) -> str:
    """The message that carries a challenge (``mention``: how to address the opponent, a
    Discord mention; their name otherwise), and what became of it once answered."""
    challenger, opponent = challenge.challenger.name, challenge.opponent.name
    whom = mention or opponent
    size = f"{challenge.size}x{challenge.size}"
    on = f"on a {size} board"
    if challenge.size == ULTIMATE:
        on = "of ultimate tic-tac-toe"
    first = _FIRST_WORDS.get(challenge.first, "").format(
        challenger=challenger, opponent=opponent
    )
    status = challenge.status
    if status is ChallengeStatus.OPEN:
        return (
            f"{challenger} challenges {whom} to a duel {on} ({first}; "
            f"the first mover plays X). {whom}, accept or decline."
        )
    outcome = {
        ChallengeStatus.ACCEPTED: f"{opponent} accepted. Good luck to both!",
        ChallengeStatus.DECLINED: f"{opponent} declined.",
        ChallengeStatus.WITHDRAWN: f"{challenger} withdrew the challenge.",
        ChallengeStatus.EXPIRED: "Nobody answered in time: the challenge expired.",
    }[status]
    return f"{challenger} challenged {opponent} to a duel {on}. {outcome}"


# --- replies ------------------------------------------------------------------------------------

SET_ASIDE = "I set aside your game that hadn't started (it does not count)."
"""Said when a start replaced the member's game in which nobody had moved yet."""


def describe_set_aside(reply: MoveReply) -> str:
    """``SET_ASIDE`` if this start replaced a game that had not started, else ""."""
    return SET_ASIDE if reply.replaced is not None else ""


def describe_reply(reply: MoveReply) -> str:
    """Say what just happened: "You played row 2, column 2. I played row 1, column 3."

    After a start where the bot opens only the bot's move is told; with no move at all
    (the member goes first) the result is an empty string.
    """
    parts = []
    game = reply.game
    if reply.member_move is not None and game.is_duel:
        mover = game.seat(Player.X if len(game.moves) % 2 else Player.O)
        return f"{mover.name} played {reply.member_move}."
    if reply.member_move is not None:
        parts.append(f"You played {reply.member_move}.")
    if reply.bot_move is not None:
        if reply.member_move is None and len(reply.game.moves) == 1:
            parts.append(f"I opened with {reply.bot_move}.")
        else:
            parts.append(f"I played {reply.bot_move}.")
    return " ".join(parts)
