"""Turning games, hints and records into the text players read, for Discord and the terminal.

One module for both adapters so a game reads the same everywhere:

* ``render_emoji`` draws the board with emoji for Discord: ❌ and ⭕ marks, ⬜ for an empty cell,
  keycap numbers (1️⃣ 2️⃣ 3️⃣) for rows and columns, and the winning line turned green (❎ and 🟢).
* ``render_text`` draws the same board in plain ASCII for any terminal: ``X``, ``O`` and ``.``,
  with the winning cells in brackets (``[X]``) so the line shows even without colour.

Every function only reads the values it is given; nothing here touches storage or Discord.
Rows and columns are shown 1-based, as everywhere a player reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from math import ceil

from bot.engine import LEVELS, Board, Move, MoveAnalysis, Player, Value
from bot.engine.plain import PLAIN_COUNT_LIMIT
from bot.games.models import (
    Challenge,
    ChallengeStatus,
    DuelEntry,
    ExplainReply,
    Game,
    Hint,
    LeaderboardEntry,
    MoveReply,
    Record,
    Seat,
    Stats,
    Status,
)
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
    return "\n".join([_title(game, plain=False), *emoji_grid(game.board), status_line(game)])


def render_text(game: Game, paint: MarkPainter | None = None) -> str:
    """Title, plain-text board and status line for the terminal (ASCII apart from names and
    the colour codes ``paint`` adds)."""
    return "\n".join(
        [_title(game, plain=True), *text_grid(game.board, paint), status_line(game, plain=True)]
    )


# --- status -------------------------------------------------------------------------------------


def _mark(player: Player, *, plain: bool) -> str:
    return player.value if plain else EMOJI_MARK[player]


def _seat_name(seat: Seat) -> str:
    return "me" if seat.is_bot else seat.name


def _title(game: Game, *, plain: bool) -> str:
    size = f"{game.size}x{game.size}" if plain else f"{game.size}\u00d7{game.size}"
    x = f"{_seat_name(game.x)} ({_mark(Player.X, plain=plain)})"
    o = f"{_seat_name(game.o)} ({_mark(Player.O, plain=plain)})"
    return f"Tic-Tac-Toe: {x} vs {o}, {game.level}, {size}"


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
    first = _FIRST_WORDS.get(challenge.first, "").format(
        challenger=challenger, opponent=opponent
    )
    status = challenge.status
    if status is ChallengeStatus.OPEN:
        return (
            f"{challenger} challenges {whom} to a duel on a {size} board ({first}; "
            f"the first mover plays X). {whom}, accept or decline."
        )
    outcome = {
        ChallengeStatus.ACCEPTED: f"{opponent} accepted. Good luck to both!",
        ChallengeStatus.DECLINED: f"{opponent} declined.",
        ChallengeStatus.WITHDRAWN: f"{challenger} withdrew the challenge.",
        ChallengeStatus.EXPIRED: "Nobody answered in time: the challenge expired.",
    }[status]
    return f"{challenger} challenged {opponent} to a duel on a {size} board. {outcome}"


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
    dash = "-" if plain else "—"
    line, several = describe_lines(game.board)
    was = "were" if several else "was"
    status = game.status
    if status is Status.ACTIVE:
        seat = game.seat(game.board.to_move)
        mark = _mark(game.board.to_move, plain=plain)
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


# --- replies and hints --------------------------------------------------------------------------

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


def render_hint(hint: Hint) -> str:
    """Every legal move with what it leads to under best play, best first, 1-based.

    Counts are the player's own moves including the one suggested, so "wins in 2 of your
    moves" means: play this, then one more of yours wins, whatever I do.
    """
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
        fastest = "" if all(m.plies == entry.plies for m in moves if m.value is Value.WIN) else (
            ", the fastest win"
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
    mark = _mark(reply.mover, plain=plain)
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


# --- records ------------------------------------------------------------------------------------


def _count(number: int, singular: str, plural: str) -> str:
    return f"{number} {singular if number == 1 else plural}"


def describe_record(record: Record) -> str:
    """ "3 wins, 1 loss, 2 draws" """
    return ", ".join(
        [
            _count(record.wins, "win", "wins"),
            _count(record.losses, "loss", "losses"),
            _count(record.draws, "draw", "draws"),
        ]
    )


def _level_order(levels: Iterable[str]) -> list[str]:
    known = [level for level in LEVELS if level in levels]
    return known + sorted(level for level in levels if level not in LEVELS)


def render_stats(stats: Stats) -> str:
    """A member's record against the bot overall, per level and, when they played more than
    one size at a level, per size; their duels and rating; the head-to-head line if asked
    (resignations count as losses)."""
    total = stats.total.games
    h2h = stats.head_to_head
    if total == 0 and stats.duels.games == 0 and (h2h is None or h2h.record.games == 0):
        return (
            f"{stats.name} has not finished a game yet. Games that expired, or ended before "
            f"{stats.name} moved, do not count."
        )
    lines = []
    if total:
        lines.append(
            f"{stats.name} against me: {describe_record(stats.total)} "
            f"({_count(total, 'game', 'games')}, resignations count as losses)."
        )
    for level in _level_order(stats.by_level):
        record = stats.by_level[level]
        if not record.games:
            continue
        sizes = {size: rec for (lvl, size), rec in stats.by_size.items() if lvl == level}
        per_size = f" ({_per_size(sizes)})" if sizes else ""
        lines.append(f"  {level}: {describe_record(record)}{per_size}")
    if stats.duels.games:
        lines.append(
            f"{stats.name} in duels: {describe_record(stats.duels)} "
            f"({_per_size(stats.duels_by_size)}), "
            f"rating {stats.rating.rating}."
        )
    if h2h is not None:
        record = h2h.record
        lines.append(
            f"Head to head: {stats.name} {record.wins}\u2013{record.losses}\u2013{record.draws} "
            f"against {h2h.other_name} (wins\u2013losses\u2013draws)."
        )
    return "\n".join(lines)


def _per_size(records: dict[int, Record]) -> str:
    """ "3x3: 2 wins, 0 losses, 1 draw; 4x4: ..." """
    return "; ".join(
        f"{size}x{size}: {describe_record(record)}" for size, record in sorted(records.items())
    )


def render_duel_leaderboard(entries: list[DuelEntry]) -> str:
    """Duelists by rating (Elo, everyone starts at 1200), with the duels each played."""
    if not entries:
        return "Nobody has finished a duel here yet: challenge someone to be the first!"
    lines = ["Duel leaderboard (Elo rating, everyone starts at 1200):"]
    for position, entry in enumerate(entries, start=1):
        lines.append(
            f"{position}. {entry.name} \u2014 {entry.rating} "
            f"({_count(entry.games, 'duel', 'duels')})"
        )
    return "\n".join(lines)


def render_leaderboard(entries: list[LeaderboardEntry]) -> str:
    """Ranked lines, ties sharing a rank; a friendly sentence when nobody has played yet."""
    if not entries:
        return "Nobody is on the leaderboard yet: finish a game to be the first!"
    lines = ["Leaderboard (a win is 3 points, a draw 1):"]
    rank = 0
    previous: int | None = None
    for position, entry in enumerate(entries, start=1):
        if entry.points != previous:
            rank, previous = position, entry.points
        points = _count(entry.points, "point", "points")
        lines.append(f"{rank}. {entry.name} — {points} ({describe_record(entry.record)})")
    return "\n".join(lines)
