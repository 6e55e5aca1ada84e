"""What a kind of game is to the game layer: the ``Variant`` every kind implements and the
``Renderer`` that words it (the registry, ``find_variant``: ``bot.games.variants``).

Modelled on python-chess's ``variant.py``: a caller holds a game and asks its variant
(``game.variant``), never which kind it is. A variant owns all that differs between kinds:
its sizes and levels, replaying moves into a position, the bot's move, hints, explanations,
reviews, the sentences about its moves and, through its ``renderer``, how it is drawn.
Adding a variant: docs/architecture.md.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, TypeAlias, TypeVar

import bot.games.variants  # the list of the kinds, read when a variant is unpickled
from bot.engine import IllegalMoveError, Move, Player
from bot.engine.position import Position
from bot.games import sentences
from bot.games.cells import parse_cell
from bot.games.errors import GameError, Spelling, TooEarlyToSolveError
from bot.games.models import Challenge, ExplainReply, Game, GameKind, HintReply
from bot.games.options import check_size
from bot.games.wording import cell_name

if TYPE_CHECKING:
    from bot.games.render.boards import MarkPainter
    from bot.games.review import Review


B = TypeVar("B")

Ranking: TypeAlias = Literal["bot", "duels", "solo"]
"""What a leaderboard ranks by: points against the bot, duel ratings, solo ratings."""


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """One ranking a kind of game offers: ``name``, the value members choose it by ("bot",
    "ultimate-duels"); ``choice``, what the choice says (a msgid, "name: what it ranks");
    ``ranking``, what it ranks by."""

    name: str
    choice: str
    ranking: Ranking


def narrowed(position: Position, board: type[B]) -> B:
    """``position`` as its kind's own board type ``board``: what a game of that kind always
    holds (``TypeError`` for any other, a programming error)."""
    if not isinstance(position, board):
        raise TypeError(f"expected a {board.__name__}, not {type(position).__name__}")
    return position


class Variant(ABC):
    """One kind of game. Subclasses set the class attributes and implement the methods
    marked abstract; one instance per kind is listed in ``bot.games.variants.VARIANTS``."""

    kind: GameKind
    """Its name, as options, stats, leaderboards and storage name it ("classic")."""
    aliases: tuple[str, ...] = ()
    """Other names ``find_variant`` knows it by (its kind's value always works)."""
    sizes: tuple[int, ...]
    """The board sizes a member may choose (rows of the grid moves are typed on)."""
    default_size: int
    levels: tuple[str, ...]
    """Every level a member may choose, weakest first."""
    default_level: str
    """The level when neither the member nor the server names one."""
    newcomer_level: str
    """The level of a player's very first game in the terminal: one a newcomer can beat."""
    leaderboards: tuple[Leaderboard, ...]
    """The rankings this kind offers, each under the name members choose it by."""
    renderer: Renderer

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind!r}>"

    # One instance per kind, the one in ``VARIANTS``: a game copied or unpickled keeps it.

    def __copy__(self) -> Variant:
        return self

    def __deepcopy__(self, memo: object) -> Variant:
        return self

    def __reduce__(self) -> tuple[Callable[[str], Variant], tuple[str]]:
        return bot.games.variants.find_variant, (self.kind,)

    # -- options ---------------------------------------------------------------------------

    def check_size(self, size: int | str | None) -> int:
        """The board size as an int (``None``: ``default_size``), else ``InvalidOptionError``."""
        return self.default_size if size is None else check_size(size, self.sizes)

    @abstractmethod
    def check_level(self, level: str | None) -> str:
        """The level's normal name (``None``: ``default_level``), else ``InvalidOptionError``
        with this kind's sentence."""

    def has_level(self, level: str | None) -> bool:
        """Whether ``level`` is one of this kind's levels (a server's default may not be)."""
        return level is not None and level in self.levels

    @abstractmethod
    def win_length(self, size: int) -> int:
        """Marks in a row that win (in each small board, for ultimate)."""

    def stats_level(self, level: str) -> str:
        """How a member's stats list this kind's ``level`` beside the others': under its kind's
        name ("ultimate hard"), so two kinds' "easy" never merge."""
        return f"{self.kind} {level}"

    @abstractmethod
    def counts_solo(self, size: int) -> bool:
        """Whether games against the bot on ``size`` move a solo rating (the levels' ratings
        are measured there)."""

    @abstractmethod
    def level_ratings(self) -> dict[int, dict[str, int]]:
        """The levels' measured ratings per size (``bench/levels.py``), weakest level first,
        for help's table; a size with none measured is left out."""

    # -- positions -------------------------------------------------------------------------

    @abstractmethod
    def start_position(self, size: int) -> Position:
        """The empty position of a game on ``size``."""

    def replay(self, size: int, moves: Sequence[Move]) -> Position:
        """The position after ``moves`` from the start; the engine's error for an impossible
        one."""
        position = self.start_position(size)
        for move in moves:
            position = position.play(move)
        return position

    # -- the bot ---------------------------------------------------------------------------

    def rated(self, level: str) -> bool:
        """Whether the bot plays ``level`` at the member's own rating (it needs their record)."""
        return False

    def playing_rating(self, rating: float, size: int) -> int:
        """The rating a level that plays at the member's rating (``rated``) plays at on
        ``size`` against a member rated ``rating``; the member's record moves by Elo against
        it. ``ValueError`` for a kind without such a level."""
        raise ValueError(f"{self.kind} has no level that plays at a member's rating")

    def thinks_inline(self, size: int, level: str) -> bool:
        """Whether the bot's move is quick enough to choose on the event loop; else it is
        chosen in a worker thread."""
        return False

    @abstractmethod
    def choose_move(
        self, position: Position, level: str, rng: random.Random, rating: float | None
    ) -> Move:
        """The bot's move at ``level`` (``rating``: the member's, where ``rated(level)``)."""

    # -- help and look-backs (CPU-bound: the service calls these in a worker thread) -------

    @abstractmethod
    def hint(self, game: Game, rng: random.Random) -> HintReply:
        """What the engine tells the member to move in ``game``."""

    def check_explain(self, game: Game) -> None:
        """Refuse, with this kind's sentence, to explain any game of it; nothing by default."""
        return None

    @abstractmethod
    def explain(self, game: Game, *, running: bool, rng: random.Random) -> ExplainReply:
        """What the engine sees: in the running ``game`` its position, else the position
        before the bot's last move (the last move of a game between members)."""

    def explained_move(self, game: Game) -> tuple[Position, Move]:
        """A finished game's move to explain and the position it was played in: the bot's
        last move, or the last move of a game between members; ``GameError`` where that side
        never moved."""
        bot = game.bot_player
        index = len(game.moves) - 1
        if bot is not None:
            while index >= 0 and (index % 2 == 0) != (bot is Player.X):
                index -= 1
        if index < 0:
            raise sentences.no_move_to_explain(game)
        return self.replay(game.size, game.moves[:index]), game.moves[index]

    @abstractmethod
    def review(self, game: Game) -> Review:
        """Every move of the finished ``game`` judged (a ``GameError`` where this kind has
        no exact values to judge by)."""

    # -- moves as members type them --------------------------------------------------------

    def parse_move(self, text: str, game: Game) -> Move:
        """The move a member typed in ``game`` ("2 3": row and column on the grid, by
        default), else ``InvalidCellError`` saying what is wrong, with the usage."""
        return parse_cell(text, self.grid_size(game.position))

    def move_refused(self, error: IllegalMoveError, position: Position, move: Move) -> GameError:
        """The game layer's sentence for a move the engine refused (``sentences``)."""
        return sentences.move_refused(error, self.grid_size(position), move)

    def grid_size(self, position: Position) -> int:
        """The rows and columns moves are typed on in ``position``."""
        return self.default_size


class Renderer(ABC):
    """How a kind of game reads: its board drawn for Discord (emoji) and the terminal (text),
    its title and status line, the sentences that name the kind, and what the adapters' help
    and choices say about it (msgids, translated where shown). The shared parts (resigned,
    expired, replies) are ``bot.games.render``'s."""

    choice: str
    """The game option's choice: the kind's name before a colon, then what it is (a msgid;
    the default kind's says so)."""
    rules: str
    """Its rules in one line, for help (a msgid)."""
    level_notes: Mapping[str, str]
    """Each level's choice, weakest first: the level's name before a colon, then how it plays
    (msgids; the default level's says so)."""
    size_notes: Mapping[int, str] = MappingProxyType({})
    """Each size's choice, where the kind offers a choice of sizes (msgids)."""

    @abstractmethod
    def title(self, game: Game, *, plain: bool) -> str:
        """The board's title line (``plain``: X and O, else the emoji marks)."""

    @abstractmethod
    def emoji_grid(self, game: Game) -> list[str]:
        """The position as emoji lines, for Discord."""

    @abstractmethod
    def text_grid(self, game: Game, paint: MarkPainter | None) -> list[str]:
        """The position as ASCII lines, for the terminal (``paint`` colours marks)."""

    @abstractmethod
    def play_status(self, game: Game, *, plain: bool) -> str | None:
        """The status line while the game runs or once it was won, lost or drawn; None to
        leave it to the shared sentences (resigned, expired)."""

    @abstractmethod
    def board_name(self, size: int) -> str:
        """The board as a list names it: "3x3", "ultimate"."""

    def move_name(self, move: Move) -> str:
        """A move as a sentence names it: "row 2, column 3" (a grid's cell, by default)."""
        return cell_name(move)

    def move_label(self, move: Move) -> str:
        """A move as players type it and lists show it: "2,3" (a grid's cell, by default)."""
        return f"{move.row + 1},{move.col + 1}"

    def explain(self, reply: ExplainReply, *, plain: bool) -> str:
        """What ``Variant.explain`` returned, in words and on its board (``plain``: the
        terminal's ASCII, else Discord's emoji). Only kinds whose variant explains."""
        raise NotImplementedError(f"{type(self).__name__} words no explanation")

    def estimate(self, error: TooEarlyToSolveError, spelling: Spelling, *, plain: bool) -> str:
        """A hint or explanation that found nothing proven: the error's sentence (in
        ``spelling``) and its board with the estimated pick marked. Only kinds that raise it."""
        raise NotImplementedError(f"{type(self).__name__} words no estimate")

    def replay(self, review: Review) -> bytes:
        """The reviewed game as an animated GIF, one frame a move. Only kinds whose variant
        reviews."""
        raise NotImplementedError(f"{type(self).__name__} draws no replay")

    @abstractmethod
    def hint(self, hint: HintReply) -> str:
        """A hint (what ``Variant.hint`` returned) in words."""

    @abstractmethod
    def challenge_offer(self, challenge: Challenge, whom: str, first: str) -> str:
        """The open challenge's offer, ``whom`` the challenged, ``first`` who moves first."""

    @abstractmethod
    def challenge_past(self, challenge: Challenge) -> str:
        """What the challenge was, once answered or expired."""

    @abstractmethod
    def new_game(self, game: Game, you: str) -> str:
        """The terminal's sentence for a new ``game`` against the bot (``you``: "you are X
        ..."): its level and its board, with what wins there where the board alone does not
        say it."""

    @abstractmethod
    def duel_begun(self, game: Game) -> str:
        """The terminal's sentence for the duel ``game`` that begins, X moving first."""

    @abstractmethod
    def how_to_play(self, prefix: str) -> str:
        """The end of a new board's headline on Discord: how to move (``prefix``: "!")."""

    @abstractmethod
    def duel_rating(self, rating: int) -> str:
        """A duel rating in stats: "rating 1210", "ultimate rating 1190"."""

    @abstractmethod
    def leaderboard_title(self) -> str:
        """The title of this kind's leaderboard against the bot."""

    @abstractmethod
    def empty_leaderboard(self) -> str:
        """The sentence when nobody is on this kind's leaderboard yet."""

    @abstractmethod
    def duel_leaderboard_title(self) -> str:
        """The title of this kind's duel leaderboard."""

    @abstractmethod
    def no_duels_yet(self, here: str) -> str:
        """The sentence when nobody finished a duel of this kind (``here``: " here" or "")."""
