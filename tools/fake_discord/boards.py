"""The tic-tac-toe bot's boards as the fake Discord saw them, against the games its database
saved: what was shown, what was lost, what was shown twice.

A board is one Components V2 message (bot/discord_bot/board_view.py): a container holding
text displays (what just happened, the title, the emoji grid, the status) and action rows of
buttons, one per cell, ``custom_id`` "ttt:<game>:<row>:<col>", a marked cell showing ❌ or ⭕,
then Resign, Hint and Rematch. So every message the bot created or edited tells which game and
which position it showed by its cell buttons, wherever they are nested, and its emoji grid
must draw the same position (``BoardMessage.drawn``). A board retired to its text alone (no
buttons) is no live board. The database tells which boards were saved: each operation a
member made (a start, a move and the bot's answer) saved one board, and each of those must
reach the channel (a message showing it, created or edited), by exactly one message. Classic
boards only: the harness plays classic games.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from . import components
from .server import Shown

CELL = re.compile(r"^ttt:(?P<game>\d+):(?P<row>\d):(?P<col>\d)$")
MARKS = {"❌": "X", "⭕": "O"}
DRAWN = {**MARKS, "❎": "X", "🟢": "O", "⬜": None}
"""The emoji grid's cells: a mark, a mark on the winning line, an empty cell."""
KEYCAP = "\ufe0f\u20e3"
GRID_ROW = re.compile(rf"^(?P<row>[1-9]){KEYCAP}(?P<cells>[{''.join(DRAWN)}]+)$")


@dataclass(frozen=True)
class Board:
    """One game's position: the cells (row * size + col) marked X and O."""

    game_id: int
    size: int
    x: frozenset[int]
    o: frozenset[int]

    @property
    def moves(self) -> int:
        return len(self.x) + len(self.o)


@dataclass(frozen=True)
class BoardMessage:
    """A board as a message shows it: the position and the cells one may click."""

    board: Board
    playable: tuple[tuple[int, int], ...]
    """(row, col) of each enabled cell button."""
    drawn: Board | None = None
    """The position the message's emoji grid draws (None: no grid in its text)."""

    @property
    def agrees(self) -> bool:
        """Whether the text draws the position the buttons show."""
        return self.drawn is None or self.drawn == self.board

    def custom_id(self, row: int, col: int) -> str:
        return f"ttt:{self.board.game_id}:{row}:{col}"


def read_board(shown: list[dict[str, Any]]) -> BoardMessage | None:
    """The board a message's components show (its cell buttons, wherever nested, and the
    emoji grid of its text displays), or None (no cell buttons: not a board, or one retired
    to its text)."""
    cells: dict[tuple[int, int], str | None] = {}
    enabled: list[tuple[int, int]] = []
    game = None
    for button in components.buttons(shown):
        found = CELL.match(str(button.get("custom_id") or ""))
        if found is None:
            continue
        game = int(found["game"])
        cell = (int(found["row"]), int(found["col"]))
        emoji = (button.get("emoji") or {}).get("name")
        cells[cell] = MARKS.get(emoji or "")
        if not button.get("disabled"):
            enabled.append(cell)
    if game is None:
        return None
    size = max(max(row, col) for row, col in cells) + 1
    board = position(game, size, cells)
    drawn = read_grid(game, components.text({"components": shown}))
    return BoardMessage(board, tuple(sorted(enabled)), drawn)


def position(game: int, size: int, cells: dict[tuple[int, int], str | None]) -> Board:
    """The board of ``cells`` ((row, col): "X", "O" or None)."""
    x = frozenset(r * size + c for (r, c), mark in cells.items() if mark == "X")
    o = frozenset(r * size + c for (r, c), mark in cells.items() if mark == "O")
    return Board(game, size, x, o)


def read_grid(game: int, text: str) -> Board | None:
    """The position a board's emoji grid draws (a keycap row number, then a cell emoji per
    column, one line a row), or None where the text has no grid."""
    cells: dict[tuple[int, int], str | None] = {}
    for line in text.splitlines():
        found = GRID_ROW.match(line.strip())
        if found is not None:
            row = int(found["row"]) - 1
            for col, glyph in enumerate(found["cells"]):
                cells[(row, col)] = DRAWN[glyph]
    if not cells:
        return None
    size = max(max(row, col) for row, col in cells) + 1
    return position(game, size, cells)


@dataclass(frozen=True)
class SavedGame:
    """A game as the database keeps it (the columns the ledger needs)."""

    id: int
    channel_id: int
    size: int
    moves: tuple[int, ...]
    """Cells (row * size + col) in the order played; X moves first."""
    member_is_x: bool
    status: str

    def board_after(self, count: int) -> Board:
        """The position after the first ``count`` moves."""
        played = self.moves[:count]
        return Board(self.id, self.size, frozenset(played[0::2]), frozenset(played[1::2]))

    @property
    def member_moves(self) -> int:
        return len(self.moves[0::2] if self.member_is_x else self.moves[1::2])

    def saved_boards(self) -> list[Board]:
        """Every board a save made (to be shown): the start's (the bot's opening move, if it
        moved first), then after each of the member's moves with the bot's answer."""
        first = 0 if self.member_is_x else 1
        counts = [min(first, len(self.moves))]
        for index in range(first, len(self.moves), 2):
            counts.append(min(index + 2, len(self.moves)))
        return [self.board_after(count) for count in counts]


GAMES_QUERY = "SELECT id, channel_id, size, moves, x_member_id, status FROM games ORDER BY id"


def parse_games(rows: Iterable[tuple[Any, ...]]) -> list[SavedGame]:
    """``GAMES_QUERY``'s rows (SQLite's or PostgreSQL's) as games."""
    games = []
    for game_id, channel_id, size, moves, x_member, status in rows:
        cells = tuple(int(cell) for cell in str(moves).split(",") if cell != "")
        games.append(
            SavedGame(
                int(game_id), int(channel_id), int(size), cells, x_member is not None, str(status)
            )
        )
    return games


def sqlite_games(path: str) -> list[SavedGame]:
    """The games saved in a SQLite game database (read only)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return parse_games(db.execute(GAMES_QUERY).fetchall())


def sqlite_owed(path: str) -> int:
    """How many boards the SQLite game database still owes."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return int(db.execute("SELECT count(*) FROM boards_owed").fetchone()[0])


@dataclass
class Showing:
    """Every time the channel was shown one board, by which messages."""

    first_at: float
    messages: set[int] = field(default_factory=set)


def showings(shown: Iterable[Shown]) -> dict[Board, Showing]:
    """Each board the channels were shown (ephemeral answers left out: the channel never
    sees them), with the first moment and the messages that showed it."""
    found: dict[Board, Showing] = {}
    for answer in shown:
        if answer.ephemeral:
            continue
        board = read_board(answer.components)
        if board is None:
            continue
        showing = found.setdefault(board.board, Showing(answer.at))
        showing.messages.add(answer.message_id)
    return found


@dataclass(frozen=True)
class Ledger:
    """The saved boards against the shown ones."""

    games: int
    member_moves: int
    saved: int
    """Boards saved (starts and moves)."""
    lost: list[Board]
    """Saved, never shown in the channel."""
    duplicated: list[Board]
    """Shown by two messages or more."""
    misdrawn: list[Board]
    """Shown by a message whose emoji grid draws another position than its buttons."""
    posts: int
    """Board messages created in the channels."""


def ledger(games: list[SavedGame], shown: list[Shown]) -> Ledger:
    """Compare what the database saved with what the channels were shown."""
    seen = showings(shown)
    misdrawn = sorted(
        {
            board.board
            for answer in shown
            if not answer.ephemeral
            and (board := read_board(answer.components)) is not None
            and not board.agrees
        },
        key=lambda board: (board.game_id, board.moves),
    )
    saved = [board for game in games for board in game.saved_boards()]
    lost = [board for board in saved if board not in seen]
    duplicated = [board for board, showing in seen.items() if len(showing.messages) > 1]
    posts = {
        answer.message_id
        for answer in shown
        if answer.created and not answer.ephemeral and read_board(answer.components) is not None
    }
    return Ledger(
        games=len(games),
        member_moves=sum(game.member_moves for game in games),
        saved=len(saved),
        lost=lost,
        duplicated=duplicated,
        misdrawn=misdrawn,
        posts=len(posts),
    )


def live_board(
    messages: dict[int, dict[str, Any]], channel_id: int, ephemeral: set[int]
) -> tuple[int, BoardMessage] | None:
    """The board a member of the channel plays on now: among the channel's messages as they
    stand, the newest game's most advanced board (the newest message on a tie)."""
    best: tuple[tuple[int, int, int], int, BoardMessage] | None = None
    for message_id, message in messages.items():
        if int(message["channel_id"]) != channel_id or message_id in ephemeral:
            continue
        board = read_board(message["components"])
        if board is None:
            continue
        rank = (board.board.game_id, board.board.moves, message_id)
        if best is None or rank > best[0]:
            best = (rank, message_id, board)
    return None if best is None else (best[1], best[2])
