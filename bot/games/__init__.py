"""Game layer: the channel-keyed game service, its storage, cell parsing and value types.

Adapters (terminal, Discord) import from here only; ``bot.games.render`` turns these values
into text. Never imports discord.
"""

from bot.games.cells import USAGE_MOVE, parse_cell
from bot.games.errors import (
    CellTakenError,
    Command,
    DatabaseGoneError,
    GameError,
    GameOverError,
    GameRunningError,
    InvalidCellError,
    InvalidOptionError,
    NoGameError,
    NotYourGameError,
    NotYourTurnError,
    OffBoardError,
    Spelling,
    StorageError,
)
from bot.games.migrations import SCHEMA_VERSION
from bot.games.models import (
    FIRST_CHOICES,
    SIZES,
    First,
    Game,
    Hint,
    LeaderboardEntry,
    MoveReply,
    Record,
    Seat,
    Stats,
    Status,
)
from bot.games.service import BOT_NAME, GameService, utc_now
from bot.games.sqlite_store import SqliteGameStore
from bot.games.store import GameStore

__all__ = [
    "BOT_NAME",
    "FIRST_CHOICES",
    "SCHEMA_VERSION",
    "SIZES",
    "USAGE_MOVE",
    "CellTakenError",
    "Command",
    "DatabaseGoneError",
    "First",
    "Game",
    "GameError",
    "GameOverError",
    "GameRunningError",
    "GameService",
    "GameStore",
    "Hint",
    "InvalidCellError",
    "InvalidOptionError",
    "LeaderboardEntry",
    "MoveReply",
    "NoGameError",
    "NotYourGameError",
    "NotYourTurnError",
    "OffBoardError",
    "Record",
    "Seat",
    "Spelling",
    "SqliteGameStore",
    "Stats",
    "Status",
    "StorageError",
    "parse_cell",
    "utc_now",
]
