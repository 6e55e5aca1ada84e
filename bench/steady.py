"""Steady-state benchmark: what a long-running bot costs, printed with PASS/FAIL.

Today: the resident memory after 100,000 mixed 3x3/4x4 perfect decisions under the default
engine cache budget (``ENGINE_CACHE_MB``, bot/engine/caches.py), and the bytes per cache entry
measured on the caches the run filled (``sys.getsizeof`` of each key, value and the dict's
slots), next to the constants the budget is converted with.

The member's side plays the bot's own best move for the first few marks of a 4x4 game and a
random move after that, so most 4x4 positions are new to the caches (they fill and are
trimmed, which is the point) while each search stays short enough for a benchmark.

Then, after the memory figures are taken, bench/stalls.py's rows (issue 14, "The event loop
never waits"): the event loop's longest stall (a 10 ms ticker's lateness) and another
channel's move p99 while (a) 100,000 idle games are swept, (b) another process holds the
write lock for 5 s, (c) one member floods 1,000 commands; see that file for what each means.

Run: ``python bench/steady.py [decisions]`` (default 100,000; a few minutes on 2 cores).
"""

from __future__ import annotations

import asyncio
import os
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import print_table  # bench/figures.py, beside this file
from stalls import LIMIT_NOTE, stall_rows  # bench/stalls.py

from bot.engine import Board, best_moves, caches, choose_move, perfect
from bot.settings import Settings

DECISIONS = 100_000
RESIDENT_TARGET_MB = 250.0
FOUR_BY_FOUR_SHARE = 0.4  # of the games played
BOOK_MARKS_4X4 = 8  # the member copies the bot's best move until this many marks are down


def resident_mb() -> tuple[float, float]:
    """(current, peak) resident size in MB: VmRSS/VmHWM, else ru_maxrss for both."""
    try:
        fields = dict(
            line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines()
        )
        return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024
    except (OSError, KeyError, ValueError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return peak, peak


def play(decisions: int, rng: random.Random) -> tuple[int, int]:
    """Bot decisions until ``decisions``; (3x3 decisions, 4x4 decisions)."""
    counts = {3: 0, 4: 0}
    while counts[3] + counts[4] < decisions:
        size = 4 if rng.random() < FOUR_BY_FOUR_SHARE else 3
        board = Board.empty(size)
        bot_turn = rng.random() < 0.5
        while not board.is_over and counts[3] + counts[4] < decisions:
            if bot_turn:
                move = choose_move(board, "perfect", rng)
                counts[size] += 1
            elif size == 4 and (board.x | board.o).bit_count() < BOOK_MARKS_4X4:
                move = rng.choice(best_moves(board))
            else:
                move = rng.choice(board.legal_moves)
            board = board.play(move)
            bot_turn = not bot_turn
    return counts[3], counts[4]


def bytes_per_entry(table: dict[int, object]) -> float:
    if not table:
        return 0.0
    sample = list(table.items())[:: max(1, len(table) // 5000)]
    each = sum(sys.getsizeof(k) + sys.getsizeof(v) for k, v in sample) / len(sample)
    return sys.getsizeof(table) / len(table) + each


def main() -> int:
    decisions = int(sys.argv[1]) if len(sys.argv) > 1 else DECISIONS
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"steady-state benchmark — Python {sys.version.split()[0]}, load average {load}\n")
    budget_mb = Settings().engine_cache_mb
    caches.set_cache_budget(int(budget_mb * 2**20))  # as GameService.open does
    before, _ = resident_mb()
    started = time.perf_counter()
    small, large = play(decisions, random.Random(14))
    took = time.perf_counter() - started
    now, peak = resident_mb()
    tables = [solver.table for solver in perfect._SOLVERS.values()]
    biggest = max(tables, key=len) if tables else {}
    rows = [
        (f"decisions played (3x3 + 4x4), {took:.0f} s", f"{small:,} + {large:,}", "", None),
        ("ENGINE_CACHE_MB (default) -> entry limits", f"{budget_mb:g} MB", "<= 64 MB",
         budget_mb <= 64),
        ("  best moves / tables / 5x5 table (entries)",
         f"{caches.LIMITS.best_moves:,} / {caches.LIMITS.tables:,} / {caches.LIMITS.wdl:,}",
         "", None),
        ("best-move cache: measured bytes/entry (constant)",
         f"{bytes_per_entry(perfect._BEST_MOVES):.0f} ({caches.BEST_MOVES_ENTRY_BYTES})", "", None),
        ("solver table: measured bytes/entry (constant)",
         f"{bytes_per_entry(biggest):.0f} ({caches.TABLE_ENTRY_BYTES})", "", None),
        ("resident at start", f"{before:.0f} MB", "", None),
        (f"resident after {decisions:,} decisions", f"{now:.0f} MB",
         f"<= {RESIDENT_TARGET_MB:g} MB", now <= RESIDENT_TARGET_MB),
        ("peak resident (VmHWM)", f"{peak:.0f} MB", f"<= {RESIDENT_TARGET_MB:g} MB",
         peak <= RESIDENT_TARGET_MB),
    ]
    rows += asyncio.run(stall_rows())
    print_table(rows)
    print(f"\n{LIMIT_NOTE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
