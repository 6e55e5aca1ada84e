"""Connect Four as players read it: its title, status line and sentences, the renderer that
draws its board (``bot.games.variants.connect4.drawing``), hints and explanations
(``bot.games.variants.connect4.explain``) and replays (``bot.games.variants.connect4.replay``).
"""

from __future__ import annotations

from types import MappingProxyType

from bot.engine import Move, Player
from bot.games.errors import Spelling, TooEarlyToSolveError
from bot.games.models import Challenge, ExplainReply, Game, HintReply, Status
from bot.games.render.boards import MarkPainter
from bot.games.review import Review
from bot.games.variants.base import Renderer
from bot.games.variants.connect4.drawing import (
    board_of,
    column_name,
    disc,
    emoji_grid,
    text_grid,
)
from bot.games.variants.connect4.explain import render_estimate, render_explain, render_hint
from bot.games.variants.connect4.replay import review_replay
from bot.games.wording import level_label, seat_name
from bot.i18n import N_, _


def title(game: Game, *, plain: bool) -> str:
    """ "Connect Four: alice (🔴) vs me (🟡), hard" (X and O where ``plain``)."""
    # TRANSLATORS: a Connect Four game's title. {x} and {o} are the players' names ("me" for
    # the bot), {x_mark}/{o_mark} their discs (X/O or emoji), {level} the level as typed
    # ("hard", "duel")
    return _("Connect Four: {x} ({x_mark}) vs {o} ({o_mark}), {level}").format(
        x=seat_name(game.x),
        x_mark=disc(Player.X, plain=plain),
        o=seat_name(game.o),
        o_mark=disc(Player.O, plain=plain),
        level=level_label(game.level),
    )


def status_line(game: Game, *, plain: bool) -> str | None:
    """Whose turn it is, or how the game ended (None once resigned or expired: the shared
    sentences say those)."""
    board = board_of(game.position)
    dash = "-" if plain else "\u2014"
    status = game.status
    if status is Status.ACTIVE:
        seat = game.seat(board.to_move)
        mark = disc(board.to_move, plain=plain)
        if seat.is_bot:
            # TRANSLATORS: the bot's turn; {mark} is its mark (X, O or an emoji)
            return _("My turn ({mark}).").format(mark=mark)
        # TRANSLATORS: a member's turn; {name} is their name, {mark} their mark
        return _("Your turn, {name} ({mark}).").format(name=seat.name, mark=mark)
    if status in (Status.WON, Status.LOST) and game.winner is not None:
        seat = game.seat(game.winner)
        if game.is_duel:
            # TRANSLATORS: the end of a Connect Four duel; {name} won; {dash} is a dash
            return _("{name} wins {dash} four in a row.").format(name=seat.name, dash=dash)
        if seat.is_bot:
            # TRANSLATORS: the bot won a game of Connect Four; {dash} is a dash (- or —)
            return _("I win {dash} four in a row.").format(dash=dash)
        # TRANSLATORS: the member beat the bot at Connect Four; {name} is theirs
        return _("You win, {name}! Four in a row.").format(name=seat.name)
    if status is Status.DRAWN:
        # TRANSLATORS: a drawn game of Connect Four
        return _("Draw: the board is full and nobody has four in a row.")
    return None


class Connect4Renderer(Renderer):
    """Connect Four's board and sentences."""

    # TRANSLATORS: a choice of the game option: keep "connect4" before the colon as typed;
    # 100 characters at most
    choice = N_("connect4: Connect Four, seven columns, four in a row wins")
    # TRANSLATORS: Connect Four's rules in one line, in help (after "connect4 —")
    rules = N_(
        "7 columns of 6; a move is a column's number, and its disc falls to the lowest free "
        "cell; four in a row in any direction wins"
    )
    level_notes = MappingProxyType(
        {
            # TRANSLATORS: a choice of the level option in Connect Four: keep "easy" before
            # the colon as typed; 100 characters at most
            "easy": N_("easy: looks 2 moves ahead, often slips"),
            # TRANSLATORS: a choice of the level option in Connect Four: keep "medium" before
            # the colon as typed; 100 characters at most
            "medium": N_("medium: looks 4 moves ahead, sometimes slips"),
            # TRANSLATORS: a choice of the level option in Connect Four: keep "hard" before
            # the colon as typed; 100 characters at most
            "hard": N_("hard: looks 6 moves ahead, rarely slips (default)"),
            # TRANSLATORS: a choice of the level option in Connect Four: keep "strongest"
            # before the colon as typed; 100 characters at most
            "strongest": N_("strongest: exact moves once it can prove them, else a deep search"),
            # TRANSLATORS: a choice of /tictactoe start level: keep "adaptive" before the
            # colon as typed; 100 characters at most
            "adaptive": N_("adaptive: plays at your rating, for close games"),
        }
    )

    def title(self, game: Game, *, plain: bool) -> str:
        return title(game, plain=plain)

    def emoji_grid(self, game: Game) -> list[str]:
        return emoji_grid(board_of(game.position))

    def text_grid(self, game: Game, paint: MarkPainter | None) -> list[str]:
        return text_grid(board_of(game.position), paint)

    def play_status(self, game: Game, *, plain: bool) -> str | None:
        return status_line(game, plain=plain)

    def board_name(self, size: int) -> str:
        # TRANSLATORS: the game's name where a board size ("3x3") would be, in lists and
        # stats; the name Connect Four is sold under in your language
        return _("Connect Four")

    def move_name(self, move: Move) -> str:
        return column_name(move)

    def move_label(self, move: Move) -> str:
        return str(move.col + 1)

    def hint(self, hint: HintReply) -> str:
        return render_hint(hint)

    def explain(self, reply: ExplainReply, *, plain: bool) -> str:
        return render_explain(reply, plain=plain)

    def estimate(self, error: TooEarlyToSolveError, spelling: Spelling, *, plain: bool) -> str:
        return render_estimate(error, spelling, plain=plain)

    def replay(self, review: Review) -> bytes:
        return review_replay(review)

    def challenge_offer(self, challenge: Challenge, whom: str, first: str) -> str:
        # TRANSLATORS: {challenger} is a member, {whom} the challenged member (a mention);
        # {first} says who moves first ("alice moves first")
        return _(
            "{challenger} challenges {whom} to a duel of Connect Four ({first}; the first "
            "mover plays 🔴)."
        ).format(challenger=challenge.challenger.name, whom=whom, first=first)

    def challenge_past(self, challenge: Challenge) -> str:
        # TRANSLATORS: what a challenge became; {challenger} and {opponent} are members
        return _("{challenger} challenged {opponent} to a duel of Connect Four.").format(
            challenger=challenge.challenger.name, opponent=challenge.opponent.name
        )

    def new_game(self, game: Game, you: str) -> str:
        # TRANSLATORS: {level}: a level's name as typed (easy, hard, ...); {you}: "you
        # are X and you go first" (or "you are O and I go first"), translated apart
        return _("New {level} game of Connect Four: {you}.").format(level=game.level, you=you)

    def duel_begun(self, game: Game) -> str:
        # TRANSLATORS: {first} and {second}: the duelists' names; resign is a command
        return _(
            "Duel of Connect Four: {first} is X and moves first, {second} is O. Type a "
            "column in turn; resign gives up for whoever is to move."
        ).format(first=game.x.name, second=game.o.name)

    def how_to_play(self, prefix: str) -> str:
        # TRANSLATORS: the end of a new Connect Four game's headline. {prefix}: the
        # text-command prefix ("!"); keep `{prefix}move`, <column> may be translated
        return _(
            "Click a column or type `{prefix}move <column>` (1-7): your disc falls to the "
            "lowest free cell."
        ).format(prefix=prefix)

    def duel_rating(self, rating: int) -> str:
        # TRANSLATORS: the Connect Four duel rating in stats; {rating} is a number (Elo)
        return _("Connect Four rating {rating}").format(rating=rating)

    def leaderboard_title(self) -> str:
        # TRANSLATORS: the title of the Connect Four leaderboard against the bot
        return _("Connect Four leaderboard (a win is 3 points, a draw 1):")

    def empty_leaderboard(self) -> str:
        # TRANSLATORS: the Connect Four leaderboard with nobody on it yet
        return _(
            "Nobody is on the Connect Four leaderboard yet: finish a game of Connect Four "
            "to be the first!"
        )

    def duel_leaderboard_title(self) -> str:
        # TRANSLATORS: the title of the Connect Four duels' leaderboard
        return _("Connect Four duel leaderboard (Elo rating, everyone starts at 1200):")

    def no_duels_yet(self, here: str) -> str:
        # TRANSLATORS: {here} is " here" (with its space) or nothing
        return _(
            "Nobody has finished a Connect Four duel{here} yet: challenge someone to be the "
            "first!"
        ).format(here=here)
