"""Puzzles as adapters reach them (``service.puzzles``): serve one, judge a member's moves,
standings and the leaderboard; the daily server puzzle is ``service.puzzles.daily``.

A member has at most one puzzle running, wherever they asked for it (a server, a DM, the
terminal); asking for another sets the running one aside, unrated. Each operation on a
member's puzzle holds that member's lock (in this process) and saves over the version it read
(``PuzzleChangedError`` if another process saved first), as a channel's game does. An attempt
ends at the first wrong move (a miss) or when the member's last move completes a line (solved);
the store moves the ratings and the streak once, in the save that ends it. Reasons:
docs/puzzles.md.
"""

from __future__ import annotations

import asyncio
import random
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import date

from bot import engine
from bot.engine import Move
from bot.engine.classic.puzzles import Puzzle
from bot.games import sentences
from bot.games.arguments import check_id, check_name, check_optional_id
from bot.games.channels import Channels
from bot.games.options import check_limit
from bot.games.puzzles.catalogue import Catalogue, serving
from bot.games.puzzles.daily import Daily
from bot.games.puzzles.making import make_from_games
from bot.games.puzzles.models import (
    Attempt,
    AttemptStatus,
    PuzzleEntry,
    PuzzlePlayer,
    PuzzleReply,
    start_rating,
)
from bot.games.puzzles.sentences import (
    move_unproven,
    no_puzzle_running,
    not_your_puzzle,
    puzzle_over,
)
from bot.games.puzzles.solving import Judgement, NotProven, judge

INLINE_SIZE = 3
"""Boards judged on the event loop: 3x3 is solved in microseconds once cached; larger boards
search in a worker thread."""


class Puzzles:
    """Serving and solving puzzles, members' puzzle standings and the solvers' leaderboard."""

    def __init__(self, channels: Channels, *, rng: random.Random) -> None:
        self._channels = channels
        self._store = channels.store
        self._rng = rng
        self._locks = weakref.WeakValueDictionary[int, asyncio.Lock]()
        self.catalogue = Catalogue(channels.store)
        """Every puzzle by number, and their ratings."""
        self.daily = Daily(self, channels)
        """Each server's daily puzzle: its channel and hour, the day's post, its solvers."""

    @asynccontextmanager
    async def _member(self, member_id: int) -> AsyncIterator[None]:
        """Hold the member's lock: their puzzle commands run one at a time here."""
        self._channels.check_open()
        lock = self._locks.get(member_id)
        if lock is None:
            lock = self._locks[member_id] = asyncio.Lock()
        async with lock:
            yield

    def today(self) -> date:
        """The day (UTC) by the service's clock."""
        return self._channels.now().date()

    async def serve(
        self,
        *,
        member_id: int,
        member_name: str,
        guild_id: int | None,
        channel_id: int,
        number: int | None = None,
        daily: date | None = None,
    ) -> PuzzleReply:
        """A new puzzle for the member: puzzle ``number``, else one near their rating that
        they have not tried (the least recently tried once they tried them all), easier and on
        smaller boards while their rating is uncertain (``serving``). Their
        running puzzle is set aside (``reply.set_aside``), unless it is the very one asked
        for: then it is shown again (``reply.resumed``). ``daily``: the day of the server's
        daily puzzle this answers (``Daily.solve``). Raises ``NoPuzzleError`` for a number
        that names no puzzle."""
        check_id("member_id", member_id)
        name = check_name("member_name", member_name)
        check_optional_id("guild_id", guild_id)
        check_id("channel_id", channel_id)
        async with self._member(member_id):
            if number is not None:
                puzzle = await self.catalogue.get(number)
            else:
                player = await self._store.puzzle_player(member_id) or PuzzlePlayer()
                tried = await self._store.tried_puzzles(member_id)
                rating, largest = serving(player.glicko)
                puzzle = await self.catalogue.near(rating, self._rng, tried, largest=largest)
            running = await self._store.running_attempt(member_id)
            again = running is not None and number is not None and running.puzzle_id == puzzle.id
            if running is not None and again and running.daily == daily:
                return self._reply(running, puzzle, resumed=True)
            now = self._channels.now()
            attempt = Attempt(
                id=0,
                member_id=member_id,
                puzzle_id=puzzle.id,
                size=puzzle.size,
                guild_id=guild_id,
                channel_id=channel_id,
                moves=(),
                status=AttemptStatus.RUNNING,
                rated=False,
                daily=daily,
                started_at=now,
                updated_at=now,
            )
            started, aside = await self._store.start_attempt(
                attempt, member_name=name, player=PuzzlePlayer(), rating=start_rating(puzzle)
            )
            tried_daily = daily is not None and started.daily is None
            return replace(self._reply(started, puzzle, tried=tried_daily), set_aside=aside)

    async def running(self, *, member_id: int) -> Attempt | None:
        """The member's running puzzle attempt, or None."""
        check_id("member_id", member_id)
        self._channels.check_open()
        return await self._store.running_attempt(member_id)

    async def attempt(self, *, attempt_id: int, member_id: int) -> PuzzleReply:
        """Attempt ``attempt_id`` as it stands (its message shown again); ``NoPuzzleError``
        or ``PuzzleError`` if it is none of the member's."""
        check_id("attempt_id", attempt_id)
        check_id("member_id", member_id)
        self._channels.check_open()
        attempt = await self._store.puzzle_attempt(attempt_id)
        if attempt is None:
            raise puzzle_over()
        if attempt.member_id != member_id:
            raise not_your_puzzle()
        return self._reply(attempt, await self.catalogue.get(attempt.puzzle_id))

    async def move(
        self, *, member_id: int, move: Move, attempt_id: int | None = None
    ) -> PuzzleReply:
        """Play the member's move in their running puzzle (``attempt_id``: a button's, which
        must be it) and, if it is right and the puzzle goes on, the bot's longest defence;
        saved before this returns. A wrong move ends it as missed (``reply.miss`` says why),
        a move that completes a line as solved; either way ``reply.finished`` has the ratings.
        Refusals (``GameError``): no puzzle running, one that is over or someone else's, a
        cell taken or off the board, a move the search budget could not judge."""
        check_id("member_id", member_id)
        check_optional_id("attempt_id", attempt_id)
        if not isinstance(move, Move):
            raise TypeError(f"move must be a Move, not {type(move).__name__} ({move!r:.40})")
        async with self._member(member_id):
            attempt = await self._current(member_id, attempt_id)
            puzzle = await self.catalogue.get(attempt.puzzle_id)
            board = attempt.position(puzzle)
            try:
                board.play(move)
            except engine.IllegalMoveError as error:
                raise sentences.move_refused(error, board.size, move) from error
            judgement = await self._judge(puzzle, attempt.moves, move)
            miss = judgement.miss
            if miss is not None:
                status = AttemptStatus.MISSED
                moves = (*attempt.moves, move) + (() if miss.reply is None else (miss.reply,))
            elif judgement.defence is None:
                status, moves = AttemptStatus.SOLVED, (*attempt.moves, move)
            else:
                status, moves = AttemptStatus.RUNNING, (*attempt.moves, move, judgement.defence)
            updated = replace(attempt, moves=moves, status=status, updated_at=self._channels.now())
            finished = await self._store.save_attempt(updated)
            saved = replace(updated, version=attempt.version + 1)
            if finished is not None:
                self.catalogue.noted(puzzle.id, finished.puzzle)
            return replace(
                self._reply(saved, puzzle),
                played=move,
                defence=judgement.defence,
                miss=miss,
                finished=finished,
            )

    async def _current(self, member_id: int, attempt_id: int | None) -> Attempt:
        """The running attempt a move is for, or the refusal."""
        if attempt_id is None:
            attempt = await self._store.running_attempt(member_id)
            if attempt is None:
                raise no_puzzle_running()
            return attempt
        attempt = await self._store.puzzle_attempt(attempt_id)
        if attempt is None:
            raise puzzle_over()
        if attempt.member_id != member_id:
            raise not_your_puzzle()
        if not attempt.is_running:
            raise puzzle_over()
        return attempt

    async def _judge(self, puzzle: Puzzle, moves: tuple[Move, ...], move: Move) -> Judgement:
        """``judge``, in a worker thread past 3x3."""
        try:
            if puzzle.size <= INLINE_SIZE:
                return judge(puzzle, moves, move)
            return await asyncio.to_thread(judge, puzzle, moves, move)
        except NotProven:
            raise move_unproven() from None

    def _reply(
        self, attempt: Attempt, puzzle: Puzzle, *, resumed: bool = False, tried: bool = False
    ) -> PuzzleReply:
        rating = self.catalogue.rating(puzzle)
        return PuzzleReply(attempt, puzzle, rating, resumed=resumed, tried=tried)

    async def standing(self, *, member_id: int) -> PuzzlePlayer | None:
        """The member's puzzle standing (everywhere), the streak as it stands today; None
        before their first puzzle."""
        check_id("member_id", member_id)
        self._channels.check_open()
        player = await self._store.puzzle_player(member_id)
        if player is None:
            return None
        streak = player.streak
        return replace(player, streak=replace(streak, current=streak.on(self.today())))

    async def leaderboard(self, *, guild_id: int | None, limit: int = 10) -> list[PuzzleEntry]:
        """The scope's best ``limit`` solvers (a server, or ``None`` outside any): members who
        solved a puzzle there, by their puzzle rating, with what they solved there and their
        streak as it stands today."""
        check_optional_id("guild_id", guild_id)
        check_limit(limit)
        self._channels.check_open()
        today = self.today()
        rows = await self._store.puzzle_standings(guild_id, limit)
        return [
            PuzzleEntry(member_id, name, player.rating, solved, player.streak.on(today))
            for member_id, name, player, solved in rows
        ]

    async def make_from_games(self, *, limit: int = 5) -> int:
        """Make puzzles from the next ``limit`` finished games no call has looked at yet (in
        a worker thread); how many new puzzles were saved (``making``)."""
        self._channels.check_open()
        return await make_from_games(self._store, self._channels.now, limit)
