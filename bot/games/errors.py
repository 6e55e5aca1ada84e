"""Domain errors of the game layer.

Every error's message is the sentence the player reads. A sentence that suggests a command
names it by a placeholder (``{start}``, ``{move}``, ``{puzzle}``: a ``Command``), and each
adapter fills in its own spelling with ``error.text(spelling)`` ("/tictactoe start" on
Discord, "start" in the terminal), so no adapter edits another layer's words. ``{here}`` names
the place the game is played in the same way: " here" in a Discord channel, "" in the
terminal, which has no other place; it carries its own leading space, so a template writes
"running{here}.".
``str(error)`` is the plain spelling, for logs and tests. Engine move errors are wrapped into
the classes below with the engine's sentence kept, so adapters only catch ``GameError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeAlias

from bot.engine import Move
from bot.engine.position import Position
from bot.i18n import N_, _, use_locale

if TYPE_CHECKING:
    from bot.games.models import Game


class Command(StrEnum):
    """A word each adapter spells its own way: a command a sentence may suggest, or the place
    (``HERE``); the value is its placeholder's name."""

    START = "start"
    MOVE = "move"
    HERE = "here"
    PUZZLE = "puzzle"


Spelling: TypeAlias = Mapping[Command, str]
"""How an adapter writes each command (and the place) in its sentences."""

PLAIN: Spelling = MappingProxyType(
    {
        Command.START: "start",
        Command.MOVE: "move",
        # TRANSLATORS: added to a sentence to name the channel ("There is no game running here.");
        # it keeps its leading space (or none, where the language needs none).
        Command.HERE: N_(" here"),
        Command.PUZZLE: "puzzle",
    }
)
"""The spelling of ``str(error)`` and of any word an adapter leaves out: bare command names."""


class GameError(Exception):
    """Base of every game-layer error; the message is meant for the player.

    ``template`` is a ``str.format`` template: ``{start}``-style fields name commands, every
    other field is one of ``values`` (a player's name, quoted input, a file name), so text that
    comes from outside never goes through the formatter. Literal braces are doubled."""

    def __init__(self, template: str, /, **values: object) -> None:
        clash = sorted(set(values) & set(Command))
        if clash:
            raise ValueError(f"error values may not be named like commands: {clash}")
        self.template = template
        self.values = values
        super().__init__(self.text(PLAIN))  # also fails at once on a field nobody fills

    def text(self, spelling: Spelling) -> str:
        """The sentence in the current locale (``bot.i18n.use_locale``), with this adapter's
        spelling of every command it suggests (the place, ``here``, translated too)."""
        words = {str(command): spelling.get(command, PLAIN[command]) for command in Command}
        words[Command.HERE] = _(words[Command.HERE])
        return _(self.template).format_map({**words, **self.values})

    def render(self, locale: str, spelling: Spelling) -> str:
        """The sentence in ``locale``: what an adapter that picked the reader's locale sends."""
        with use_locale(locale):
            return self.text(spelling)


class NoGameError(GameError):
    """The channel has no active game (or an id names no game)."""

    DEFAULT = N_("There is no game running{here}. Start one with {start}.")

    def __init__(self, template: str = DEFAULT, /, **values: object) -> None:
        super().__init__(template, **values)


class GameRunningError(GameError):
    """A game is already active in this channel; the message says whose and since when."""


class NotYourGameError(GameError):
    """The member has no seat in the channel's game."""


class NotYourTurnError(GameError):
    """The member has a seat but the other side is to move."""


class CellTakenError(GameError):
    """The chosen cell already holds a mark (wraps the engine's sentence)."""


class OffBoardError(GameError):
    """The chosen cell is outside the board (wraps the engine's 1-based sentence)."""


class GameOverError(GameError):
    """The game has ended, or a button click targets a game that is no longer active."""


class InvalidCellError(GameError):
    """Typed cell text could not be read; the message carries the usage line and an example."""


class TooEarlyToSolveError(GameError):
    """Hint or explain on a position too early to solve exactly in a reply's time (early 5x5):
    nothing is known to win, draw or lose. ``game`` is the game asked about, ``position`` that
    position and ``pick`` the move the heuristic would play there, only an estimate; adapters
    draw it on the board with the sentence (the game's ``Renderer.estimate``)."""

    def __init__(
        self, template: str, /, *, game: Game, position: Position, pick: Move, **values: object
    ) -> None:
        self.game = game
        self.position = position
        self.pick = pick
        super().__init__(template, **values)


class InvalidOptionError(GameError):
    """A start option (level, who goes first, board size) has a value the game does not offer."""


class StorageError(GameError):
    """The game database cannot be opened, read or written. Raised at start-up, the message
    names the database for the operator; raised while playing, it is a sentence about the
    game (``BUSY``, ``UNAVAILABLE``) and the log has the detail."""


BUSY = N_("The game store is busy; please try again in a moment.")
"""A write that waited ``write_timeout`` for another process's lock and changed nothing."""

UNAVAILABLE = N_("The game store is unavailable right now; please try again in a moment.")
"""The database cannot be reached (or failed) while playing; nothing was changed."""

STORE_FAILED = N_("The game store could not do that; please try again.")
"""The database refused a statement for a reason no other sentence names; nothing changed."""

GAME_MISSING = N_("Game #{id} is missing from the game store.")
"""A game the operation read a moment ago is gone (deleted meanwhile); ``id`` its number."""

CHALLENGE_MISSING = N_("Challenge #{id} is missing from the game store.")
"""A challenge the operation read a moment ago is gone; ``id`` its number."""

STORE_CLOSED = N_("The game store is closed.")
"""An operation came in while the bot shuts its store down."""


class StoreBusyError(StorageError):
    """Another process held the database's write lock for longer than the write may wait;
    nothing was changed."""

    def __init__(self, template: str = BUSY, /, **values: object) -> None:
        super().__init__(template, **values)


class GameChangedError(GameError):
    """Another process (or shard) changed the game or challenge between this operation's read
    and its write, so this operation changed nothing: played again, it sees the new state."""

    DEFAULT = N_(
        "That game changed at the same moment (someone else played or it ended), so nothing "
        "was done; have a look at the board and try again."
    )

    def __init__(self, template: str = DEFAULT, /, **values: object) -> None:
        super().__init__(template, **values)


class DatabaseGoneError(StorageError):
    """The database file was deleted or replaced while the program ran: it must stop, since
    everything it saved from then on would be lost."""


class SettingsError(GameError):
    """A server setting with a value the game does not offer (a size of 9, minutes out of
    range, a channel of another server); nothing was changed."""


class ChannelNotAllowedError(GameError):
    """The server plays only in the channels its settings list, and this is not one of them.
    ``channel_ids``: those channels."""

    def __init__(self, template: str, /, *, channel_ids: tuple[int, ...], **values: object) -> None:
        self.channel_ids = channel_ids
        super().__init__(template, **values)


class DuelsOffError(GameError):
    """The server's settings turned duels off: no new challenge there."""
