"""Classic boards as players read them: the grid in emoji (Discord) or ASCII (terminal), its
title, its status line with the winning line named, and the sentences that name the board.

An emoji board has keycap row and column numbers and the winning line in green; a text board
draws the winning cells in brackets (``[X]``), so the line survives a terminal without colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from bot.engine import Move, Player
from bot.engine.classic import Board
from bot.engine.position import Position
from bot.games.errors import Spelling, TooEarlyToSolveError
from bot.games.models import Challenge, ExplainReply, Game, HintReply, Status
from bot.games.render.boards import (
    EMOJI_EMPTY,
    TEXT_EMPTY,
    MarkPainter,
    emoji_rows,
    mark_glyph,
    text_rows,
)
from bot.games.render.glyphs import EMOJI_MARK
from bot.games.review import Review
from bot.games.variants.base import Renderer, narrowed
from bot.games.variants.classic.explain import (
    render_estimate_emoji,
    render_estimate_text,
    render_exact_hint,
    render_explain_emoji,
    render_explain_text,
)
from bot.games.variants.classic.partial import render_partial_explain, render_partial_hint
from bot.games.variants.classic.replay import review_replay
from bot.games.variants.classic.replies import Explained, Hint, Partial
from bot.games.wording import level_label, seat_name
from bot.i18n import N_, _

EMOJI_WINNING_MARK = {Player.X: "❎", Player.O: "🟢"}  # green: the winning line stands out


def board_of(position: Position) -> Board:
    """A classic game's position, as the classic engine's ``Board``."""
    return narrowed(position, Board)


def emoji_grid(board: Board) -> list[str]:
    """The board as emoji lines: a header of column numbers, then one line per row."""
    winning = frozenset(board.winning_cells or ())

    def glyph(move: Move) -> str:
        mark = board.at(move)
        if mark is None:
            return EMOJI_EMPTY
        return EMOJI_WINNING_MARK[mark] if move in winning else EMOJI_MARK[mark]

    return emoji_rows(board.size, glyph)


def text_grid(board: Board, paint: MarkPainter | None = None) -> list[str]:
    """The board as ASCII lines: column numbers, rows with ``|`` and ``---+---`` separators.

    A winning cell is drawn ``[X]`` instead of `` X `` so the line survives a terminal
    without colour (and a copy-paste into an e-mail).
    """
    winning = frozenset(board.winning_cells or ())

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


class ClassicRenderer(Renderer):
    """Classic boards and their sentences."""

    # TRANSLATORS: a choice of the game option: keep "classic" before "(default)" as typed;
    # 100 characters at most
    choice = N_("classic (default): one board, see size")
    # TRANSLATORS: classic tic-tac-toe's rules in one line, in help (after "classic —")
    rules = N_(
        "one board of 3x3, 4x4 or 5x5: a full row, column or diagonal wins, four in a row on 5x5"
    )
    level_notes = MappingProxyType(
        {
            # TRANSLATORS: a choice of /tictactoe start level: keep "easy" before the colon as
            # typed; 100 characters at most
            "easy": N_("easy: looks one move ahead, often slips"),
            # TRANSLATORS: a choice of /tictactoe start level: keep "medium" before the colon as
            # typed; 100 characters at most
            "medium": N_("medium: looks 3 moves ahead, sometimes slips"),
            # TRANSLATORS: a choice of /tictactoe start level: keep "hard" before the colon as
            # typed; 100 characters at most
            "hard": N_("hard: looks 5 moves ahead, rarely slips"),
            # TRANSLATORS: a choice of /tictactoe start level: keep "perfect" before the colon as
            # typed; 100 characters at most
            "perfect": N_("perfect: never loses (default)"),
            # TRANSLATORS: a choice of /tictactoe start level: keep "adaptive" before the
            # colon as typed; 100 characters at most
            "adaptive": N_("adaptive: plays at your rating, for close games"),
        }
    )
    size_notes = MappingProxyType(
        {
            # TRANSLATORS: a choice of the size option: keep "3x3" as typed; 100 characters at most
            3: N_("3x3, three in a row (default)"),
            # TRANSLATORS: a choice of the size option: keep "4x4" as typed; 100 characters at most
            4: N_("4x4, four in a row"),
            # TRANSLATORS: a choice of the size option: keep "5x5" as typed; 100 characters at most
            5: N_("5x5, four in a row"),
        }
    )

    def title(self, game: Game, *, plain: bool) -> str:
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

    def emoji_grid(self, game: Game) -> list[str]:
        return emoji_grid(board_of(game.position))

    def text_grid(self, game: Game, paint: MarkPainter | None) -> list[str]:
        return text_grid(board_of(game.position), paint)

    def play_status(self, game: Game, *, plain: bool) -> str | None:
        board = board_of(game.position)
        dash = "-" if plain else "\u2014"
        line, several = describe_lines(board)
        status = game.status
        if status is Status.ACTIVE:
            seat = game.seat(board.to_move)
            mark = mark_glyph(board.to_move, plain=plain)
            if seat.is_bot:
                # TRANSLATORS: the bot's turn; {mark} is its mark (X, O or an emoji)
                return _("My turn ({mark}).").format(mark=mark)
            # TRANSLATORS: a member's turn; {name} is their name, {mark} their mark
            return _("Your turn, {name} ({mark}).").format(name=seat.name, mark=mark)
        if game.is_duel and status in (Status.WON, Status.LOST):
            winner = game.seat(game.winner or board.to_move).name
            if board.winning_cells:
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
            if board.winning_cells:
                if several:
                    # TRANSLATORS: the member beat the bot. {name} is theirs; {lines} names two
                    # lines, capitalised by the code ("Row 1 and column 1")
                    return _("You win, {name}! {lines} were yours.").format(
                        name=name, lines=_capital(line)
                    )
                # TRANSLATORS: the member beat the bot. {name} is theirs; {line} names the
                # line, capitalised by the code ("Row 1", "The diagonal from the top left")
                return _("You win, {name}! {line} was yours.").format(
                    name=name, line=_capital(line)
                )
            # TRANSLATORS: the member beat the bot; {name} is theirs
            return _("You win, {name}!").format(name=name)
        if status is Status.LOST:
            if board.winning_cells:
                if several:
                    # TRANSLATORS: the bot won. {dash} is a dash (- or \u2014); {lines} names
                    # two lines ("row 1 and column 1")
                    return _("I win {dash} {lines} were mine.").format(dash=dash, lines=line)
                # TRANSLATORS: the bot won. {dash} is a dash (- or \u2014); {line} names the line
                return _("I win {dash} {line} was mine.").format(dash=dash, line=line)
            return _("I win.")
        if status is Status.DRAWN:
            return _("Draw.")
        return None

    def board_name(self, size: int) -> str:
        return f"{size}x{size}"

    def hint(self, hint: HintReply) -> str:
        if isinstance(hint, Partial) and not hint.explained:
            return render_partial_hint(hint)
        if not isinstance(hint, Hint):
            raise TypeError(f"a classic hint is a Hint or a Partial, not {type(hint).__name__}")
        return render_exact_hint(hint)

    def explain(self, reply: ExplainReply, *, plain: bool) -> str:
        if isinstance(reply, Partial) and reply.explained:
            return render_partial_explain(reply, plain=plain)
        if not isinstance(reply, Explained):
            raise TypeError(
                f"a classic explanation is Explained or a Partial, not {type(reply).__name__}"
            )
        return render_explain_text(reply) if plain else render_explain_emoji(reply)

    def estimate(self, error: TooEarlyToSolveError, spelling: Spelling, *, plain: bool) -> str:
        if plain:
            return render_estimate_text(error, spelling)
        return render_estimate_emoji(error, spelling)

    def replay(self, review: Review) -> bytes:
        return review_replay(review)

    def challenge_offer(self, challenge: Challenge, whom: str, first: str) -> str:
        size = self.board_name(challenge.size)
        # TRANSLATORS: {challenger} is a member, {whom} the challenged member (a mention),
        # {size} the board ("3x3"); {first} says who moves first ("alice moves first")
        return _(
            "{challenger} challenges {whom} to a duel on a {size} board ({first}; "
            "the first mover plays X)."
        ).format(challenger=challenge.challenger.name, whom=whom, size=size, first=first)

    def challenge_past(self, challenge: Challenge) -> str:
        # TRANSLATORS: what a challenge became; {size} is the board ("3x3")
        return _("{challenger} challenged {opponent} to a duel on a {size} board.").format(
            challenger=challenge.challenger.name,
            opponent=challenge.opponent.name,
            size=self.board_name(challenge.size),
        )

    def new_game(self, game: Game, you: str) -> str:
        values = {"level": game.level, "size": game.size, "k": game.k, "you": you}
        if game.k < game.size:  # 5x5: four in a row, which the board alone does not say
            # TRANSLATORS: {level}: a level's name as typed (easy, hard, ...); {size}: the
            # board's rows ("5" for 5x5); {k}: the marks in a row that win (4); {you}: "you
            # are X and you go first" (or "you are O and I go first"), translated apart
            return _("New {level} game on a {size}x{size} board, {k} in a row: {you}.").format(
                **values
            )
        # TRANSLATORS: {level}: a level's name as typed (easy, hard, ...); {size}: the
        # board's rows ("3" for 3x3); {you}: "you are X and you go first" (or "you
        # are O and I go first"), translated apart
        return _("New {level} game on a {size}x{size} board: {you}.").format(**values)

    def duel_begun(self, game: Game) -> str:
        values = {"first": game.x.name, "second": game.o.name, "size": game.size, "k": game.k}
        if game.k < game.size:
            # TRANSLATORS: {first} and {second}: the duelists' names; {size}: the board's rows
            # ("5" for a 5x5 board); {k}: the marks in a row that win (4); resign is a command
            return _(
                "Duel on a {size}x{size} board, {k} in a row: {first} is X and moves first, "
                "{second} is O. Type cells in turn; resign gives up for whoever is to move."
            ).format(**values)
        # TRANSLATORS: {first} and {second}: the duelists' names; {size}: the board's rows
        # ("3" for a 3x3 board); resign is a command
        return _(
            "Duel on a {size}x{size} board: {first} is X and moves first, {second} is O. "
            "Type cells in turn; resign gives up for whoever is to move."
        ).format(**values)

    def how_to_play(self, prefix: str) -> str:
        # TRANSLATORS: the end of a new game's headline. {prefix}: the text-command prefix
        # ("!"); keep `{prefix}move`, <row> <column> may be translated
        return _("Click a cell or type `{prefix}move <row> <column>`.").format(prefix=prefix)

    def duel_rating(self, rating: int) -> str:
        # TRANSLATORS: a duel rating in stats; {rating} is a number (Elo)
        return _("rating {rating}").format(rating=rating)

    def leaderboard_title(self) -> str:
        return _("Leaderboard (a win is 3 points, a draw 1):")

    def empty_leaderboard(self) -> str:
        return _("Nobody is on the leaderboard yet: finish a game to be the first!")

    def duel_leaderboard_title(self) -> str:
        return _("Duel leaderboard (Elo rating, everyone starts at 1200):")

    def no_duels_yet(self, here: str) -> str:
        # TRANSLATORS: {here} is " here" (with its space) or nothing
        return _("Nobody has finished a duel{here} yet: challenge someone to be the first!").format(
            here=here
        )
