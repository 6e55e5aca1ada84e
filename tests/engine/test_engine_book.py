"""The 5x5 opening book: found under every symmetry, and its stored moves are exact.

The shipped book is checked on a sample against the solver (replaying each sampled entry: the
position's value, and that the stored move keeps it); the full check is
``tools/build_book.py``'s job when it builds the book.
"""

from __future__ import annotations

import random

from bot.engine.book import book_move, canonical, format_entry, load_book, parse_book
from bot.engine.geometry import geometry_for
from bot.engine.symmetry import permute_bits
from bot.engine.wdl_solver import WdlSolver

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


def test_the_shipped_book_covers_the_first_move_of_both_sides() -> None:
    book = load_book()
    assert book_move(GEO, 0, 0, book) is not None
    for first in range(25):
        assert book_move(GEO, 0, 1 << first, book) is not None  # O after any first move of X


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
