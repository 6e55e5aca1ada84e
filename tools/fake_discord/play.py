"""A member playing the tic-tac-toe bot through the fake Discord, as a person would: start
with ``/tictactoe start``, then, on the board the channel shows, click a free cell or type
``!move row col``, and wait to see the board that answers it before playing on.

Each move is timed from the moment the fake dispatched it to the moment a message in the
channel first showed the board after it (``Move.delay``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from .boards import Board, live_board, read_board
from .server import FakeDiscord, Interaction, Member


@dataclass
class Move:
    """One member move and the board that answered it."""

    channel_id: int
    game_id: int
    cell: tuple[int, int]
    how: str
    """``click`` or ``type``."""
    at: float
    shown_at: float | None = None
    interaction: Interaction | None = None
    message_id: int | None = None
    """The typed command's message."""
    before: Board | None = None
    """The board the member played on."""
    seen: int = 0
    """How many of the fake's answers were looked at for this move's board."""

    @property
    def delay(self) -> float | None:
        return None if self.shown_at is None else self.shown_at - self.at


@dataclass
class Player:
    """One member in one channel of ``fake``."""

    fake: FakeDiscord
    member: Member
    channel_id: int
    rng: random.Random = field(default_factory=random.Random)
    moves: list[Move] = field(default_factory=list)
    starts: list[Interaction] = field(default_factory=list)

    def board(self) -> tuple[int, Board, tuple[tuple[int, int], ...]] | None:
        """The live board here: (message id, position, clickable cells), or None."""
        found = live_board(self.fake.messages, self.channel_id, self.fake.ephemeral)
        if found is None:
            return None
        message_id, shown = found
        return message_id, shown.board, shown.playable

    async def start(self, timeout: float, **options: str) -> Board:
        """``/tictactoe start`` with ``options``; the new game's first board once shown."""
        before = self.board()
        newest = -1 if before is None else before[1].game_id
        interaction = await self.fake.slash(
            self.member, self.channel_id, "tictactoe start", **options
        )
        self.starts.append(interaction)

        def started() -> Board | None:
            now = self.board()
            return now[1] if now is not None and now[1].game_id > newest else None

        board: Board = await self.fake.until(started, timeout)
        return board

    async def move(self, how: str, timeout: float) -> Move:
        """Play a random free cell of the live board by ``how`` (``click`` or ``type``), and
        wait until the channel shows the board after it (``TimeoutError`` after
        ``timeout`` seconds)."""
        move = await self.play(how)
        await self.shown(move, timeout)
        return move

    async def play(self, how: str) -> Move:
        """Play a random free cell of the live board by ``how`` (``click`` or ``type``)."""
        live = self.board()
        if live is None or not live[2]:
            raise AssertionError(f"no board to play in channel {self.channel_id}")
        message_id, board, playable = live
        row, col = self.rng.choice(playable)
        move = Move(
            self.channel_id,
            board.game_id,
            (row, col),
            how,
            0.0,
            before=board,
            seen=len(self.fake.shown),
        )
        if how == "click":
            custom_id = f"ttt:{board.game_id}:{row}:{col}"
            move.interaction = await self.fake.click(self.member, message_id, custom_id)
            move.at = move.interaction.dispatched_at
        else:
            move.at = time.monotonic()
            move.message_id = await self.fake.type(
                self.member, self.channel_id, f"!move {row + 1} {col + 1}"
            )
        self.moves.append(move)
        return move

    async def shown(self, move: Move, timeout: float) -> float:
        """Wait until the channel shows the board after ``move``; when it first did."""
        board = move.before
        cell = move.cell[0] * board.size + move.cell[1]

        def answered() -> float | None:
            for shown in self.fake.shown[move.seen :]:
                move.seen += 1
                if shown.ephemeral or shown.channel_id != self.channel_id:
                    continue
                now = read_board(shown.components)
                if (
                    now is not None
                    and now.board.game_id == board.game_id
                    and board.x <= now.board.x
                    and board.o <= now.board.o
                    and cell in now.board.x | now.board.o
                ):
                    return shown.at
            return None

        move.shown_at = await self.fake.until(answered, timeout)
        return move.shown_at
