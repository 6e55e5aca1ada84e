"""The puzzles members are served: the shipped set and the puzzles made from finished games,
with each puzzle's current rating; where a member's are chosen (``serving``).

Puzzles never change once made, so the made ones are read from the store once each (only
those newer than the last read, ``made_puzzles``). Ratings move with every rated attempt; this
process reads them all at most every ``RATINGS_SECONDS`` (one small table), which is exact
enough to choose a puzzle near a member's rating. Serving one from the shipped set reads
nothing else (bench/puzzles.py times it).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from functools import cache

from bot.engine.classic.puzzles import Puzzle, shipped
from bot.engine.errors import UnknownPuzzleError
from bot.games.glicko import MIN_DEVIATION, Glicko
from bot.games.puzzles.models import MADE_FIRST_ID, PuzzleRating, start_rating
from bot.games.puzzles.sentences import no_such_puzzle
from bot.games.store import GameStore

RATINGS_SECONDS = 30.0
"""How long this process trusts the puzzles' ratings it read."""

POOL = 12
"""A served puzzle is chosen at random among this many nearest the member's rating."""

LARGEST_BY_DEVIATION: tuple[tuple[float, int], ...] = ((400.0, 3), (300.0, 4))
"""The largest board a member is served while their rating is this uncertain (a deviation
above the figure): 3x3 before their first rated attempt and after it (500, then about 420),
4x4 up to about the third (300), then any. Why: docs/puzzles.md."""


def serving(player: Glicko) -> tuple[float, int | None]:
    """Where a member's puzzles are chosen: ``(rating, largest)``, the rating to serve near and
    the largest board (None: any). The rating is the member's less what their deviation has
    above Glicko's least (``MIN_DEVIATION``): a newcomer (1500, 500) gets puzzles near 1045,
    the easy ones, and a settled member near their rating; the boards widen with certainty
    (``LARGEST_BY_DEVIATION``)."""
    rating = player.rating - max(0.0, player.deviation - MIN_DEVIATION)
    for deviation, largest in LARGEST_BY_DEVIATION:
        if player.deviation > deviation:
            return rating, largest
    return rating, None

MADE_PAGE = 500
"""Made puzzles read per query."""


class Catalogue:
    """Every puzzle by number, and a puzzle near a rating."""

    def __init__(self, store: GameStore, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._store = store
        self._clock = clock
        self._made: dict[int, Puzzle] = {}
        self._made_through = MADE_FIRST_ID - 1
        self._ratings: dict[int, PuzzleRating] = {}
        self._ratings_read: float | None = None

    async def get(self, puzzle_id: int) -> Puzzle:
        """The puzzle numbered ``puzzle_id``; ``NoPuzzleError`` if there is none, naming the
        numbers there are (the made ones read first, so the range is today's)."""
        if puzzle_id < MADE_FIRST_ID:
            found = _shipped(puzzle_id)
            if found is not None:
                return found
        elif puzzle_id in self._made:
            return self._made[puzzle_id]
        await self._read_made()
        made = self._made.get(puzzle_id)
        if made is None:
            numbers = range(MADE_FIRST_ID, self._made_through + 1)
            raise no_such_puzzle(puzzle_id, _last_shipped(), numbers)
        return made

    def rating(self, puzzle: Puzzle) -> PuzzleRating:
        """The puzzle's rating as this process last read it (its start before any attempt)."""
        return self._ratings.get(puzzle.id) or start_rating(puzzle)

    def noted(self, puzzle_id: int, rating: PuzzleRating) -> None:
        """Keep a rating this process just saved."""
        self._ratings[puzzle_id] = rating

    async def near(
        self,
        rating: float,
        rng: random.Random,
        seen: Iterable[int],
        *,
        largest: int | None = None,
    ) -> Puzzle:
        """A puzzle whose current rating is among the ``POOL`` nearest to ``rating``: first
        among those not in ``seen`` (the member's tried puzzles, newest first), else among the
        least recently tried (the older half of ``seen``), else any; ``largest``: on boards up
        to that size only (None: any; all sizes again should none be left)."""
        await self.refresh()
        tried = list(dict.fromkeys(seen))
        everything: list[Puzzle] = [*shipped(), *self._made.values()]
        if largest is not None:
            everything = [p for p in everything if p.size <= largest] or everything
        for skip in (set(tried), set(tried[: len(tried) // 2]), set()):
            pool = [puzzle for puzzle in everything if puzzle.id not in skip]
            if pool:
                pool.sort(key=lambda p: (abs(self.rating(p).glicko.rating - rating), p.id))
                chosen: Puzzle = rng.choice(pool[:POOL])
                return chosen
        raise AssertionError("the shipped set is empty")

    async def refresh(self) -> None:
        """Read the made puzzles this process has not seen, and the ratings once stale."""
        await self._read_made()
        now = self._clock()
        if self._ratings_read is None or now - self._ratings_read >= RATINGS_SECONDS:
            self._ratings = await self._store.puzzle_ratings()
            self._ratings_read = now

    async def _read_made(self) -> None:
        while True:
            page = await self._store.made_puzzles(self._made_through, MADE_PAGE)
            for puzzle in page:
                self._made[puzzle.id] = puzzle
                self._made_through = max(self._made_through, puzzle.id)
            if len(page) < MADE_PAGE:
                return


def _shipped(puzzle_id: int) -> Puzzle | None:
    try:
        return shipped().by_id(puzzle_id)
    except UnknownPuzzleError:
        return None


@cache
def _last_shipped() -> int:
    return max(puzzle.id for puzzle in shipped())
