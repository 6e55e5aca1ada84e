"""Build (or resume building) the 5x5 four-in-a-row opening book with the exact solver.

    nice -n 19 python tools/build_book.py [--marks 6] [--book PATH] [--limit-minutes M]
    nice -n 19 python tools/build_book.py --verify   # re-solve every entry (minutes)

Walks every position the bot meets on its own turn while it follows the book: as X from the
empty board, as O after each first move of X; at each, the solver picks a move that keeps the
position's value (:meth:`WdlSolver.best_move`), then every reply of the opponent is followed,
up to positions with fewer than ``--marks`` marks. Each position is solved once under symmetry.

Resuming: every solved entry is appended to the book file at once and flushed, so the file is
its own checkpoint. A rerun reads it, reuses what is there (the walk is deterministic: the
bot's move is the first cell in the solver's order that keeps the value) and solves only what
is missing; stop it at any time (Ctrl-C, or --limit-minutes) and run it again later.
Prints, per mark count, how many positions there are and the CPU time spent on them.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine.classic.book import BOOK_MARKS, BOOK_PATH, canonical, format_entry, parse_book
from bot.engine.classic.geometry import Geometry, geometry_for
from bot.engine.classic.wdl_solver import WdlSolver


class OutOfTime(Exception):
    """The build reached --limit-minutes; what is solved so far is saved."""


class Builder:
    """One build: the walk, the solver and the open book file."""

    def __init__(self, geo: Geometry, path: Path, max_marks: int, deadline: float) -> None:
        self.geo = geo
        self.max_marks = max_marks
        self.deadline = deadline
        self.book = parse_book(path.read_text(encoding="ascii")) if path.exists() else {}
        self.reused = len(self.book)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.out = path.open("a", encoding="ascii")
        self.solver = WdlSolver(geo, table_limit=3_000_000)
        self.visited: set[int] = set()
        self.count: Counter[int] = Counter()
        self.seconds: defaultdict[int, float] = defaultdict(float)

    def entry(self, me: int, opp: int) -> tuple[int, int]:
        """The book's (cell, value) here, solving and saving it if it is not in the book yet."""
        geo = self.geo
        key, which = canonical(geo, me, opp)
        found = self.book.get(key)
        if found is None:
            if time.monotonic() > self.deadline:
                raise OutOfTime
            marks = (me | opp).bit_count()
            start = time.process_time()
            cell, value = self.solver.best_move(me, opp)
            self.seconds[marks] += time.process_time() - start
            found = (geo.symmetries[which][cell], value)
            self.book[key] = found
            self.out.write(format_entry(key, *found))
            self.out.flush()
        return geo.inverse_symmetries[which][found[0]], found[1]

    def visit(self, me: int, opp: int) -> None:
        """Book the mover's move here, then follow every reply of the opponent."""
        geo = self.geo
        key = canonical(geo, me, opp)[0]
        if key in self.visited:
            return
        self.visited.add(key)
        self.count[(me | opp).bit_count()] += 1
        cell, _ = self.entry(me, opp)
        mine = me | 1 << cell
        if _won(geo, mine, cell) or (mine | opp) == geo.full:
            return
        self.replies(opp, mine)

    def replies(self, them: int, us: int) -> None:
        """Follow every move of ``them`` (to move) that leaves a position for the book."""
        geo = self.geo
        if (them | us).bit_count() + 1 >= self.max_marks:
            return
        empty = geo.full ^ (them | us)
        for reply in range(geo.cells):
            if empty >> reply & 1:
                theirs = them | 1 << reply
                if not _won(geo, theirs, reply) and (theirs | us) != geo.full:
                    self.visit(us, theirs)


def _won(geo: Geometry, marks: int, cell: int) -> bool:
    return any(marks & line == line for line in geo.lines_through[cell])


def verify(path: Path) -> None:
    """Re-solve every entry with a fresh solver: its value, and that its move keeps it."""
    geo = geometry_for(5, 4)
    book = parse_book(path.read_text(encoding="ascii"))
    wrong = 0
    start = time.process_time()
    for key, (cell, value) in book.items():
        me, opp = key & geo.full, key >> geo.cells
        solver = WdlSolver(geo, table_limit=3_000_000)
        if solver.value(me, opp) != value or solver.after_move(me, opp, cell) != value:
            wrong += 1
            print(f"WRONG: {format_entry(key, cell, value)}", end="")
    seconds = time.process_time() - start
    print(f"verified {len(book)} entries in {seconds:.0f} CPU s: {wrong} wrong")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--marks", type=int, default=BOOK_MARKS, help="book positions with fewer marks"
    )
    parser.add_argument(
        "--verify", action="store_true", help="re-solve every entry of the book instead"
    )
    parser.add_argument("--book", type=Path, default=BOOK_PATH)
    parser.add_argument("--limit-minutes", type=float, default=0.0, help="0 = no limit")
    args = parser.parse_args()
    if args.verify:
        verify(args.book)
        return
    limit = args.limit_minutes * 60 if args.limit_minutes > 0 else float("inf")
    builder = Builder(geometry_for(5, 4), args.book, args.marks, time.monotonic() + limit)
    finished = True
    try:
        if args.marks > 0:
            builder.visit(0, 0)  # the bot as X
        builder.replies(0, 0)  # the bot as O, after each first move of X
    except (OutOfTime, KeyboardInterrupt):
        finished = False
    builder.out.close()
    for marks in sorted(builder.count):
        print(
            f"{marks} marks: {builder.count[marks]} positions, "
            f"{builder.seconds[marks]:.1f} CPU s solving new ones"
        )
    solved = len(builder.book) - builder.reused
    state = "complete" if finished else "stopped; run again to resume"
    print(f"book {args.book}: {len(builder.book)} entries ({solved} new), {state}")


if __name__ == "__main__":
    main()
