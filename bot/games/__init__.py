"""Game layer: the channel-keyed game service, its storage, cell parsing and value types.

Adapters (terminal, Discord) import from here only; ``bot.games.render`` turns these values
into text. Never imports discord.
"""

from bot.games.cells import USAGE_MOVE, parse_cell
from bot.games.errors import (
    CellTakenError,
    Command,
    DatabaseGoneError,
    GameChangedError,
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
    StoreBusyError,
)
from bot.games.migrations import SCHEMA_VERSION
from bot.games.models import (
    DUEL,
    DUEL_FIRST_CHOICES,
    FIRST_CHOICES,
    SIZES,
    WIN_LENGTH,
    Challenge,
    ChallengeStatus,
    DuelEntry,
    First,
    Game,
    HeadToHead,
    Hint,
    LeaderboardEntry,
    MoveReply,
    Rating,
    Record,
    Seat,
    Stats,
    Status,
)
from bot.games.service import BOT_NAME, SWEEP_MOST, GameService, utc_now
from bot.games.shards import ShardSet
from bot.games.sqlite_store import SqliteGameStore
from bot.games.store import GameStore

__all__ = [
    "BOT_NAME",
    "DUEL",
    "DUEL_FIRST_CHOICES",
    "FIRST_CHOICES",
    "SCHEMA_VERSION",
    "SIZES",
    "SWEEP_MOST",
    "USAGE_MOVE",
    "WIN_LENGTH",
    "CellTakenError",
    "Challenge",
    "ChallengeStatus",
    "Command",
    "DatabaseGoneError",
    "DuelEntry",
    "First",
    "Game",
    "GameChangedError",
    "GameError",
    "GameOverError",
    "GameRunningError",
    "GameService",
    "GameStore",
    "HeadToHead",
    "Hint",
    "InvalidCellError",
    "InvalidOptionError",
    "LeaderboardEntry",
    "MoveReply",
    "NoGameError",
    "NotYourGameError",
    "NotYourTurnError",
    "OffBoardError",
    "Rating",
    "Record",
    "Seat",
    "ShardSet",
    "Spelling",
    "SqliteGameStore",
    "Stats",
    "Status",
    "StorageError",
    "StoreBusyError",
    "parse_cell",
    "utc_now",
]
