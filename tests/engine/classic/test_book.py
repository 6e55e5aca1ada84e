"""The 5x5 opening book: found under every symmetry, and its stored moves are exact.

The shipped book is checked on a sample against the solver (replaying each sampled entry: the
position's value, and that the stored move keeps it); the full check is
``tools/build_book.py``'s job when it builds the book.
"""

from __future__ import annotations

import random

from bot.engine.classic.book import (
    BOOK_MARKS,
    book_move,
    canonical,
    format_entry,
    load_book,
    parse_book,
)
from bot.engine.classic.geometry import geometry_for
from bot.engine.classic.symmetry import permute_bits
from bot.engine.classic.wdl_solver import WdlSolver

GEO = geometry_for(5, 4)
FULL = GEO.full


def test_a_position_is_found_under_each_of_its_symmetric_images() -> None:
    rng = random.Random(3)
    me, opp = sum(1 << c for c in (0, 7, 13)), sum(1 << c for c in (1, 18, 24))
    key, which = canonical(GEO, me, opp)
    cell = 20  # some empty cell, booked in the canonical frame
    book = parse_book(format_entry(key, GEO.symmetries[which][cell], 0))
    assert book_move(GEO, me, opp, book) == (cell, 0)
    for perm in rng.sample(GEO.symmetries, 8):
        image = permute_bits(perm, me), permute_bits(perm, opp)
        assert book_move(GEO, *image, book) == (perm[cell], 0)
    assert book_move(GEO, opp, me, book) is None  # the other side to move is another position


def won(marks: int) -> bool:
    return any(marks & line == line for line in GEO.lines)


def test_the_shipped_book_has_every_position_the_bot_meets_early() -> None:
    """Following the book as X from the empty board, or as O after any first move, and
    answering every reply, each position on the bot's turn below BOOK_MARKS is booked."""
    book = load_book()
    stack = [(0, 0)] + [(0, 1 << first) for first in range(GEO.cells)]
    met: set[int] = set()
    while stack:
        me, opp = stack.pop()
        found = book_move(GEO, me, opp, book)
        assert found is not None, (me, opp)
        met.add(canonical(GEO, me, opp)[0])
        cell, _ = found
        assert not (me | opp) >> cell & 1
        mine = me | 1 << cell
        if won(mine) or (mine | opp).bit_count() + 1 >= BOOK_MARKS:
            continue
        for reply in range(GEO.cells):
            if not (mine | opp) >> reply & 1 and not won(opp | 1 << reply):
                stack.append((mine, opp | 1 << reply))
    assert met == set(book)  # and the book holds nothing else


def test_sampled_book_entries_hold_against_the_solver() -> None:
    book = load_book()
    rng = random.Random(1)
    # Late entries are the cheap ones to check; take a few of the latest at random.
    latest = sorted(book, key=lambda key: -key.bit_count())[:40]
    for key in rng.sample(latest, min(4, len(latest))):
        cell, value = book[key]
        me, opp = key & FULL, key >> GEO.cells
        solver = WdlSolver(GEO)
        assert solver.value(me, opp) == value
        assert solver.after_move(me, opp, cell) == value
