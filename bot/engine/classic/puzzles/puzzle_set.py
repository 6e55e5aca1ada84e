"""The shipped puzzle set: reading it, and serving a puzzle by id or near a rating.

One JSON Lines file per board size in this package (``set_3x3.jsonl``, ``set_4x4.jsonl``,
``set_5x5.jsonl``), one :class:`~.puzzle.Puzzle` a line, made by ``tools/make_puzzles.py`` and
re-proven puzzle by puzzle by ``tests/engine/classic/puzzles/test_puzzle_set.py``. Ids are shared by
every size and never change once shipped: the tool keeps every shipped puzzle with its id and
numbers new ones after the largest id in any file (docs/puzzles.md). Read once, on first use
(:func:`shipped`).
"""

from __future__ import annotations

import bisect
import json
import random
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

from ...errors import UnknownPuzzleError
from .puzzle import Puzzle

SET_DIR = Path(__file__).parent
"""Where the shipped files live (package data: pyproject.toml)."""

SIZES = (3, 4, 5)
"""The board sizes with puzzles."""

K_OF_SIZE = {3: 3, 4: 4, 5: 4}
"""Marks in a row to win on each size, as the game plays it."""

POOL = 12
""":meth:`PuzzleSet.near` chooses at random among this many puzzles nearest the rating."""


def set_path(size: int, directory: Path = SET_DIR) -> Path:
    """The file holding the ``size`` x ``size`` puzzles."""
    return directory / f"set_{size}x{size}.jsonl"


def read_puzzles(path: Path) -> list[Puzzle]:
    """Every puzzle of one file, in file order (empty if there is no file).

    Raises:
        ValueError: a line is not a puzzle (the message names the file and line).
    """
    if not path.exists():
        return []
    puzzles = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            puzzles.append(Puzzle.from_json(json.loads(line)))
        except ValueError as error:
            raise ValueError(f"{path.name}, line {number}: {error}") from None
    return puzzles


def puzzle_line(puzzle: Puzzle) -> str:
    """The puzzle as one JSON line, as the files hold it and ``--json`` prints it."""
    return json.dumps(puzzle.to_json())


class PuzzleSet:
    """Puzzles by id, and by size ordered by rating, to serve one quickly."""

    def __init__(self, puzzles: Iterable[Puzzle]) -> None:
        """Raises ValueError if two puzzles share an id."""
        self._by_id: dict[int, Puzzle] = {}
        for puzzle in puzzles:
            if puzzle.id in self._by_id:
                raise ValueError(f"two puzzles are numbered {puzzle.id}")
            self._by_id[puzzle.id] = puzzle
        by_size: dict[int, list[Puzzle]] = {}
        for puzzle in sorted(self._by_id.values(), key=lambda p: (p.rating, p.id)):
            by_size.setdefault(puzzle.size, []).append(puzzle)
        self._by_rating = {size: tuple(found) for size, found in by_size.items()}
        self._ratings = {
            size: [p.rating for p in found] for size, found in self._by_rating.items()
        }

    @classmethod
    def read(cls, directory: Path = SET_DIR) -> PuzzleSet:
        """The puzzles of every size's file in ``directory``."""
        return cls(p for size in SIZES for p in read_puzzles(set_path(size, directory)))

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self) -> Iterator[Puzzle]:
        """Every puzzle, by id."""
        return iter(sorted(self._by_id.values(), key=lambda p: p.id))

    @property
    def sizes(self) -> tuple[int, ...]:
        """The board sizes that have puzzles, smallest first."""
        return tuple(sorted(self._by_rating))

    def by_id(self, puzzle_id: int) -> Puzzle:
        """The puzzle numbered ``puzzle_id``.

        Raises:
            UnknownPuzzleError: no puzzle has that number.
        """
        found = self._by_id.get(puzzle_id)
        if found is None:
            first, last = min(self._by_id, default=0), max(self._by_id, default=0)
            raise UnknownPuzzleError(
                f"There is no puzzle #{puzzle_id}: the puzzles are numbered {first} to {last}."
            )
        return found

    def of_size(self, size: int) -> tuple[Puzzle, ...]:
        """The ``size`` x ``size`` puzzles, by id.

        Raises:
            UnknownPuzzleError: there are none of that size.
        """
        return tuple(sorted(self._sized(size), key=lambda p: p.id))

    def sample(self, size: int, count: int, rng: random.Random) -> tuple[Puzzle, ...]:
        """``count`` different puzzles of that size chosen by ``rng``, by id.

        Raises:
            UnknownPuzzleError: there are none of that size.
            ValueError: ``count`` is below 1 or above how many there are.
        """
        puzzles = self.of_size(size)
        if not 1 <= count <= len(puzzles):
            raise ValueError(
                f"There are {len(puzzles)} {size}x{size} puzzles: ask for 1 to {len(puzzles)}."
            )
        return tuple(sorted(rng.sample(puzzles, count), key=lambda p: p.id))

    def near(
        self,
        size: int,
        rating: float,
        rng: random.Random,
        *,
        exclude: Iterable[int] = (),
        pool: int = POOL,
    ) -> Puzzle | None:
        """A puzzle of that size whose rating is among the ``pool`` nearest to ``rating``,
        leaving out the ids in ``exclude`` (the ones a member has already had); chosen by
        ``rng``. None when every puzzle of that size is excluded.

        Raises:
            UnknownPuzzleError: there are none of that size.
        """
        puzzles = self._sized(size)
        ratings = self._ratings[size]
        skip = set(exclude)
        right = bisect.bisect_left(ratings, rating)
        left = right - 1
        chosen: list[Puzzle] = []
        while len(chosen) < pool and (left >= 0 or right < len(puzzles)):
            # step towards the nearer of the two neighbours
            nearer_left = right >= len(puzzles) or (
                left >= 0 and rating - ratings[left] <= ratings[right] - rating
            )
            if nearer_left:
                candidate, left = puzzles[left], left - 1
            else:
                candidate, right = puzzles[right], right + 1
            if candidate.id not in skip:
                chosen.append(candidate)
        return rng.choice(chosen) if chosen else None

    def _sized(self, size: int) -> tuple[Puzzle, ...]:
        found = self._by_rating.get(size)
        if found is None:
            sizes = ", ".join(f"{s}x{s}" for s in self.sizes) or "none"
            raise UnknownPuzzleError(f"There are no {size}x{size} puzzles: the sizes are {sizes}.")
        return found


@cache
def shipped() -> PuzzleSet:
    """The shipped puzzle set, read on first use."""
    return PuzzleSet.read()
