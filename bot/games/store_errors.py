"""The typed errors a ``GameStore`` raises (the contract: ``bot.games.store``).

A store builds each from facts alone (which rule refused a row, which id is gone) and passes no
text; the sentence a player reads is the class's own, chosen here in the game layer, so every
language reads the same words whichever database refused. Each is a ``StorageError`` (the
database could not do it) or a ``GameChangedError`` (another process came first: played again,
it sees the new state), so whoever catches those catches these.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from bot.games.errors import (
    CHALLENGE_MISSING,
    GAME_MISSING,
    STORE_CLOSED,
    STORE_FAILED,
    UNAVAILABLE,
    GameChangedError,
    StorageError,
)
from bot.games.sentences import CHALLENGE_ANSWERED, CHALLENGE_TAKEN, CHANNEL_TAKEN
from bot.games.server_settings import SETTINGS_CHANGED
from bot.i18n import N_

Holder: TypeAlias = Literal["game", "challenge"]
"""What holds a channel: a running game or an open challenge (migration 5's two rules)."""


class ChannelTakenError(GameChangedError):
    """A new game or open challenge was refused: ``by`` (a running game or an open challenge)
    holds its channel, put there by another process first."""

    def __init__(self, *, by: Holder) -> None:
        self.by = by
        super().__init__(CHALLENGE_TAKEN if by == "challenge" else CHANNEL_TAKEN)


class ChallengeAnsweredError(GameChangedError):
    """A challenge's answer was refused: another answer (or its expiry) came first."""

    DEFAULT = CHALLENGE_ANSWERED

    def __init__(self, template: str = DEFAULT, /) -> None:
        super().__init__(template)


class SettingsChangedError(GameChangedError):
    """A server's settings were saved by another process between this one's read and save."""

    DEFAULT = SETTINGS_CHANGED

    def __init__(self, template: str = DEFAULT, /) -> None:
        super().__init__(template)


class PuzzleChangedError(GameChangedError):
    """A puzzle attempt was saved (or ended) elsewhere between this operation's read and its
    save; nothing of this save was written."""

    DEFAULT = N_(
        "That puzzle changed at the same moment (a move from another window?), so nothing was "
        "done; have a look at it and try again."
    )

    def __init__(self, template: str = DEFAULT, /) -> None:
        super().__init__(template)


class ArenaChangedError(GameChangedError):
    """An arena was saved by another process between this operation's read and its save, or
    the save would put a member in two arena games (or two open arenas) at once; nothing of
    it was written."""

    DEFAULT = N_(
        "That arena changed at the same moment (a game ended, or someone joined), so nothing "
        "was done; please try again."
    )

    def __init__(self, template: str = DEFAULT, /) -> None:
        super().__init__(template)


class RowRefusedError(GameChangedError):
    """The database refused a row for a rule the store does not know by name; nothing
    changed."""

    DEFAULT = STORE_FAILED

    def __init__(self, template: str = DEFAULT, /) -> None:
        super().__init__(template)


class GameMissingError(StorageError):
    """The game ``id`` the operation names is not in the database (deleted meanwhile)."""

    DEFAULT = GAME_MISSING

    def __init__(self, template: str = DEFAULT, /, *, id: int) -> None:
        super().__init__(template, id=id)


class ChallengeMissingError(StorageError):
    """The challenge ``id`` the operation names is not in the database."""

    DEFAULT = CHALLENGE_MISSING

    def __init__(self, template: str = DEFAULT, /, *, id: int) -> None:
        super().__init__(template, id=id)


class StoreUnavailableError(StorageError):
    """The database cannot be reached, or failed, while playing; nothing was changed."""

    DEFAULT = UNAVAILABLE

    def __init__(self, template: str = DEFAULT, /) -> None:
        super().__init__(template)


class StoreFailedError(StorageError):
    """The database refused a statement for a reason no other error names; nothing changed."""

    DEFAULT = STORE_FAILED

    def __init__(self, template: str = DEFAULT, /) -> None:
        super().__init__(template)


class StoreClosedError(StorageError):
    """An operation came in after the store was closed."""

    DEFAULT = STORE_CLOSED

    def __init__(self, template: str = DEFAULT, /) -> None:
        super().__init__(template)


class UnreadableRowError(StorageError):
    """The stored ``what`` (a game or a challenge) ``id`` does not read back as a valid one;
    ``reason`` says what is wrong with it (English, as the log has it)."""

    def __init__(self, *, what: Holder, id: object, reason: str) -> None:
        self.what = what
        # Not in the message catalogue (it quotes the row's English fault): it reads the same
        # in every language, as it did when storage wrote it.
        text = (
            "Challenge #{id} in the game store cannot be read ({error})."
            if what == "challenge"
            else "Game #{id} in the game store cannot be read ({error})."
        )
        super().__init__(text, id=id, error=reason)
