"""Ultimate tic-tac-toe as players read it: the 9x9 grid with its small boards set apart and
the playable ones marked, the status line, the rules and the engine's hint.

In text an empty cell of a small board the mover may play in is ``.``, any other empty cell a
blank; on Discord ⬜ and ⬛. Once the game is over (resigned or expired too) no board is
playable, so every empty cell is a blank. Rows and columns are 1-9, as moves are typed (``R C``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from bot.engine import Move, Player
from bot.engine.position import Position
from bot.engine.ultimate import SearchResult, UltimateBoard
from bot.games.models import Challenge, Game, HintReply, Status
from bot.games.render.boards import MarkPainter
from bot.games.render.glyphs import EMOJI_MARK, keycap
from bot.games.variants.base import Renderer, narrowed
from bot.games.wording import level_label, seat_name, small_board_name
from bot.i18n import N_, _

EMOJI_OPEN = "⬜"  # an empty cell of a small board the mover may play in
EMOJI_SHUT = "⬛"  # an empty cell anywhere else
EMOJI_CORNER = "🔢"
TEXT_OPEN = "."
TEXT_SHUT = " "

# TRANSLATORS: the rules of ultimate tic-tac-toe, shown when a game starts
RULES = N_(
    "Ultimate tic-tac-toe: a small 3x3 game in each cell of a big 3x3 board. Your move's cell "
    "inside its small board sends the other player to the small board at that position; if "
    "that board is won or full, they may play in any open board. Three in a row wins a small "
    "board; three won small boards in a row win the game. When no move is left and nobody has "
    "such a line it is a draw: the count of small boards won breaks no tie."
)
"""A msgid: translate it with ``_`` where it is shown."""


def _playable(board: UltimateBoard, move: Move) -> bool:
    return bool(board.playable_boards >> (move.row // 3 * 3 + move.col // 3) & 1)


def emoji_grid(board: UltimateBoard, *, running: bool = True) -> list[str]:
    """The grid as emoji lines: column numbers, then rows; a space between small boards
    across, an empty line between them down. ``running`` False: the game is over, whatever the
    position (a resignation), so no cell is marked playable."""

    def glyph(move: Move) -> str:
        mark = board.at(move)
        if mark is not None:
            return EMOJI_MARK[mark]
        return EMOJI_OPEN if running and _playable(board, move) else EMOJI_SHUT

    def band(cells: list[str]) -> str:
        return " ".join("".join(cells[start : start + 3]) for start in (0, 3, 6))

    lines = [EMOJI_CORNER + " " + band([keycap(col + 1) for col in range(9)])]
    for row in range(9):
        if row and row % 3 == 0:
            lines.append("")
        lines.append(keycap(row + 1) + " " + band([glyph(Move(row, col)) for col in range(9)]))
    return lines


def text_grid(
    board: UltimateBoard, paint: MarkPainter | None = None, *, running: bool = True
) -> list[str]:
    """The grid as ASCII lines: column numbers, rows with ``|`` between small boards and
    ``+-------+`` lines between their bands (``running`` as in ``emoji_grid``)."""
    rule = "   +" + "+".join("-" * 7 for _ in range(3)) + "+"
    lines = ["     " + "   ".join(" ".join(str(c) for c in range(s + 1, s + 4)) for s in (0, 3, 6))]
    for row in range(9):
        if row % 3 == 0:
            lines.append(rule)
        cells = []
        for col in range(9):
            mark = board.at(Move(row, col))
            if mark is None:
                open_cell = running and _playable(board, Move(row, col))
                cells.append(TEXT_OPEN if open_cell else TEXT_SHUT)
            else:
                cells.append(mark.value if paint is None else paint(mark.value, mark, False))
        bands = [" ".join(cells[s : s + 3]) for s in (0, 3, 6)]
        lines.append(f"{row + 1:<2} | " + " | ".join(bands) + " |")
    lines.append(rule)
    return lines


def where_to_play(board: UltimateBoard) -> str:
    """ "in the small board in rows 4-6, columns 1-3" or "in any open small board"."""
    forced = board.forced_board
    if forced is None:
        # TRANSLATORS: where the mover may play, in "My turn (X): play in any open small board."
        return _("in any open small board")
    # TRANSLATORS: where the mover may play; {board} is "the small board in rows 4-6, columns 1-3"
    return _("in {board}").format(board=small_board_name(forced))


def boards_won(board: UltimateBoard) -> str:
    """Who holds which small boards: "Small boards won: X 2, O 1." or ""."""
    counts = {
        player: sum(board.board_winner(b) is player for b in range(9))
        for player in (Player.X, Player.O)
    }
    if not any(counts.values()):
        return ""
    # TRANSLATORS: {x} and {o} are the numbers of small boards X and O won
    return _("Small boards won: X {x}, O {o}.").format(x=counts[Player.X], o=counts[Player.O])


@dataclass(frozen=True, slots=True)
class UltimateHint:
    """The ultimate engine's search of the position, for the member whose turn it is: its top
    moves with their win rates."""

    game: Game
    result: SearchResult


def board_of(position: Position) -> UltimateBoard:
    """An ultimate game's position, as the ultimate engine's ``UltimateBoard``."""
    return narrowed(position, UltimateBoard)


def status_line(game: Game, *, plain: bool = False) -> str | None:
    """Whose turn it is and where they may play, or how the game ended (None once it was
    resigned or expired: the shared sentences say those)."""
    board = board_of(game.position)
    mark = board.to_move.value if plain else EMOJI_MARK[board.to_move]
    won = boards_won(board)
    tail = f" {won}" if won else ""
    if game.status is Status.ACTIVE:
        seat = game.seat(board.to_move)
        where = where_to_play(board)
        if seat.is_bot:
            # TRANSLATORS: {mark} is X, O or an emoji; {where} is "in any open small board"
            # or "in the small board in rows 4-6, columns 1-3"
            return _("My turn ({mark}): play {where}.").format(mark=mark, where=where) + tail
        # TRANSLATORS: {name} is a member, {mark} X, O or an emoji; {where} is "in any open
        # small board" or "in the small board in rows 4-6, columns 1-3"
        return (
            _("Your turn, {name} ({mark}): play {where}.").format(
                name=seat.name, mark=mark, where=where
            )
            + tail
        )
    if game.status in (Status.WON, Status.LOST) and game.winner is not None:
        seat = game.seat(game.winner)
        if seat.is_bot:
            return _("I win: three small boards in a row.") + tail
        if game.is_duel:
            # TRANSLATORS: {name} won a duel of ultimate tic-tac-toe
            return _("{name} wins: three small boards in a row.").format(name=seat.name) + tail
        return _("You win: three small boards in a row.") + tail
    if game.status is Status.DRAWN:
        return _("Draw: no move is left and nobody has three small boards in a row.") + tail
    return None


def title(game: Game, *, plain: bool = True) -> str:
    """ "Ultimate tic-tac-toe: alice (X) vs me (O), hard" (❌ and ⭕ unless ``plain``)"""
    marks = ("X", "O") if plain else (EMOJI_MARK[Player.X], EMOJI_MARK[Player.O])
    # TRANSLATORS: an ultimate game's title. {x} and {o} are the players' names ("me" for the
    # bot), {x_mark}/{o_mark} their marks, {level} the level as typed ("hard", "duel")
    return _("Ultimate tic-tac-toe: {x} ({x_mark}) vs {o} ({o_mark}), {level}").format(
        x=seat_name(game.x),
        x_mark=marks[0],
        o=seat_name(game.o),
        o_mark=marks[1],
        level=level_label(game.level),
    )


_PROOF_WORDS = {
    # TRANSLATORS: a proven result in a hint: "(40 visits, proven win)"
    "win": N_("win"),
    # TRANSLATORS: a proven result in a hint: "(40 visits, proven draw)"
    "draw": N_("draw"),
    # TRANSLATORS: a proven result in a hint: "(40 visits, proven loss)"
    "loss": N_("loss"),
}


def render_hint(hint: UltimateHint) -> str:
    """The engine's top moves with their win rates for the member to move, best first."""
    game, result = hint.game, hint.result
    name = game.seat(board_of(game.position).to_move).name
    # TRANSLATORS: {name} is the member to move
    lines = [
        _("Hint for {name}: the engine's top moves (win rate for you, draws half):").format(
            name=name
        )
    ]
    for stat in result.moves[:5]:
        cell = f"{stat.move.row + 1} {stat.move.col + 1}"
        rate = f"{stat.win_rate:.0%}"
        if stat.proven is not None:
            # TRANSLATORS: a hint's move: {cell} is "4 5", {rate} "62%", {visits} a number,
            # {proven} the proven result ("win", "draw", "loss")
            line = _("{cell}: {rate} ({visits} visits, proven {proven})").format(
                cell=cell, rate=rate, visits=stat.visits, proven=_(_PROOF_WORDS[stat.proven.value])
            )
        else:
            # TRANSLATORS: a hint's move: {cell} is "4 5", {rate} "62%", {visits} a number
            line = _("{cell}: {rate} ({visits} visits)").format(
                cell=cell, rate=rate, visits=stat.visits
            )
        lines.append(f"  {line}")
    # TRANSLATORS: the best move of a hint; {cell} is "4 5"
    lines.append(_("Best: {cell}.").format(cell=f"{result.move.row + 1} {result.move.col + 1}"))
    return "\n".join(lines)


class UltimateRenderer(Renderer):
    """Ultimate's grid and sentences."""

    # TRANSLATORS: a choice of the game option: keep "ultimate" before the colon as typed;
    # 100 characters at most
    choice = N_("ultimate: nine small boards in one, levels easy to strongest")
    # TRANSLATORS: ultimate tic-tac-toe's rules in one line, in help (after "ultimate —")
    rules = N_(
        "9 small boards; your cell picks my board; 3 won in a row win; a draw has no tie-break"
    )
    level_notes = MappingProxyType(
        {
            # TRANSLATORS: a choice of the level option in ultimate tic-tac-toe: keep "easy"
            # before the colon as typed; 100 characters at most
            "easy": N_("easy: a short search, a random safe move 3 times in 10"),
            # TRANSLATORS: a choice of the level option in ultimate tic-tac-toe: keep "medium"
            # before the colon as typed; 100 characters at most
            "medium": N_("medium: a longer search, a random safe move 1 time in 10"),
            # TRANSLATORS: a choice of the level option in ultimate tic-tac-toe: keep "hard"
            # before the colon as typed; 100 characters at most
            "hard": N_("hard: a deep search, never a random move (default)"),
            # TRANSLATORS: a choice of the level option: keep "strongest" before the colon as
            # typed; 100 characters at most
            "strongest": N_("strongest: searches a full second a move"),
            # TRANSLATORS: a choice of /tictactoe start level: keep "adaptive" before the
            # colon as typed; 100 characters at most
            "adaptive": N_("adaptive: plays at your rating, for close games"),
        }
    )

    def title(self, game: Game, *, plain: bool) -> str:
        return title(game, plain=plain)

    def emoji_grid(self, game: Game) -> list[str]:
        return emoji_grid(board_of(game.position), running=game.is_active)

    def text_grid(self, game: Game, paint: MarkPainter | None) -> list[str]:
        return text_grid(board_of(game.position), paint, running=game.is_active)

    def play_status(self, game: Game, *, plain: bool) -> str | None:
        return status_line(game, plain=plain)

    def board_name(self, size: int) -> str:
        # TRANSLATORS: the ultimate game's name where a size ("3x3") would be
        return _("ultimate")

    def hint(self, hint: HintReply) -> str:
        if not isinstance(hint, UltimateHint):
            raise TypeError(f"an ultimate hint is an UltimateHint, not {type(hint).__name__}")
        return render_hint(hint)

    def challenge_offer(self, challenge: Challenge, whom: str, first: str) -> str:
        # TRANSLATORS: {challenger} is a member, {whom} the challenged member (a mention);
        # {first} says who moves first ("alice moves first")
        return _(
            "{challenger} challenges {whom} to a duel of ultimate tic-tac-toe ({first}; "
            "the first mover plays X)."
        ).format(challenger=challenge.challenger.name, whom=whom, first=first)

    def challenge_past(self, challenge: Challenge) -> str:
        # TRANSLATORS: what a challenge became; {challenger} and {opponent} are members
        return _("{challenger} challenged {opponent} to a duel of ultimate tic-tac-toe.").format(
            challenger=challenge.challenger.name, opponent=challenge.opponent.name
        )

    def new_game(self, game: Game, you: str) -> str:
        # TRANSLATORS: {level}: a level's name as typed (easy, hard, ...); {you}: "you
        # are X and you go first" (or "you are O and I go first"), translated apart
        return _("New {level} game of ultimate tic-tac-toe: {you}.").format(
            level=game.level, you=you
        )

    def duel_begun(self, game: Game) -> str:
        # TRANSLATORS: {first} and {second}: the duelists' names; resign is a command
        return _(
            "Duel of ultimate tic-tac-toe: {first} is X and moves first, {second} is O. "
            "Type cells in turn; resign gives up for whoever is to move."
        ).format(first=game.x.name, second=game.o.name)

    def how_to_play(self, prefix: str) -> str:
        # TRANSLATORS: the end of a new ultimate game's headline, after its rules; rows and
        # columns are numbered 1-9
        click = _(
            "Click a small board and then a cell, or type `{prefix}move <row> <column>` (1-9)."
        ).format(prefix=prefix)
        return f"{_(RULES)}\n{click}"

    def duel_rating(self, rating: int) -> str:
        # TRANSLATORS: the ultimate duel rating in stats; {rating} is a number (Elo)
        return _("ultimate rating {rating}").format(rating=rating)

    def leaderboard_title(self) -> str:
        return _("Ultimate leaderboard (a win is 3 points, a draw 1):")

    def empty_leaderboard(self) -> str:
        return _(
            "Nobody is on the ultimate leaderboard yet: finish a game of ultimate "
            "tic-tac-toe to be the first!"
        )

    def duel_leaderboard_title(self) -> str:
        return _("Ultimate duel leaderboard (Elo rating, everyone starts at 1200):")

    def no_duels_yet(self, here: str) -> str:
        # TRANSLATORS: {here} is " here" (with its space) or nothing
        return _(
            "Nobody has finished an ultimate duel{here} yet: challenge someone to be the first!"
        ).format(here=here)
