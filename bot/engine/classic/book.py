"""The opening book: exact moves for the first plies of 5x5 four-in-a-row, as shipped data.

Built offline by ``tools/build_book.py`` with :class:`~bot.engine.classic.wdl_solver.WdlSolver`, it
holds every position the bot can meet on its own turn while it follows the book (as X from the
empty board, as O after any first move) with fewer than :data:`BOOK_MARKS` marks, each once
under the board's symmetries: the *canonical* form is the smallest image of
``me | opp << cells``. Read on first use only (:func:`load_book`).

File format (text, one entry a line, ``#`` lines are comments)::

    <canonical key, hex> <cell in the canonical frame> <value for the mover: 1, 0 or -1>
"""

from __future__ import annotations

from pathlib import Path

from .geometry import Geometry
from .symmetry import permute_bits

BOOK_PATH = Path(__file__).with_name("openings") / "book_5x5_k4.txt"
# Every position the bot meets on its turn with fewer marks than this is in the shipped book;
# from there on the live solver is fast enough (docs/decisions.md).
BOOK_MARKS = 6

Entry = tuple[int, int]  # (cell in the canonical frame, value for the mover)


def canonical(geo: Geometry, me: int, opp: int) -> tuple[int, int]:
    """The canonical key of a position (mover's marks low) and the symmetry that gives it."""
    n = geo.cells
    best, which = me | opp << n, 0
    for index, perm in enumerate(geo.symmetries):
        image = permute_bits(perm, me) | permute_bits(perm, opp) << n
        if image < best:
            best, which = image, index
    return best, which


def parse_book(text: str) -> dict[int, Entry]:
    """Entries by canonical key from the book's text."""
    entries: dict[int, Entry] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, cell, value = line.split()
            entries[int(key, 16)] = (int(cell), int(value))
    return entries


def format_entry(key: int, cell: int, value: int) -> str:
    """One line of the book file (see the module docstring)."""
    return f"{key:x} {cell} {value}\n"


_BOOK: dict[int, Entry] | None = None


def load_book(path: Path = BOOK_PATH) -> dict[int, Entry]:
    """The shipped book, read once; empty if no book has been built."""
    global _BOOK
    if _BOOK is None:
        _BOOK = parse_book(path.read_text(encoding="ascii")) if path.exists() else {}
    return _BOOK


def book_move(geo: Geometry, me: int, opp: int, book: dict[int, Entry]) -> Entry | None:
    """The book's ``(cell, value)`` for the mover in this position, or None if not in it."""
    key, which = canonical(geo, me, opp)
    entry = book.get(key)
    if entry is None:
        return None
    cell, value = entry
    return geo.inverse_symmetries[which][cell], value
