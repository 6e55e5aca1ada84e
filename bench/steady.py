"""Steady-state benchmark: what a long-running bot costs, printed with PASS/FAIL.

Today: memory (issue 14, "Bounded memory"). A fresh child process (``--child``) loads what a
running bot has loaded (the game layer and the Discord adapter), sets the engine's cache
budget from ``ENGINE_CACHE_MB`` as ``bot.startup.open_service`` does, and plays games until
the bot has made 100,000 decisions, then reports:

* its resident size (VmRSS) and peak (VmHWM) against 250 MB, beside the budget and the
  caches' own count of what they hold (``bot.engine.caches.usage()``: the dicts by
  ``sys.getsizeof`` plus their keys and values at the sizes the allocator hands out) and
  the bytes per entry that count comes to;
* the caches' count at its highest (sampled every 1,000 decisions) against the budget, and
  what the process added beyond it (resident - resident at start - that highest count:
  memory a cache frees when it is emptied stays with the process for reuse, so the resident
  size follows the caches' highest count, not their current one);
* how many full garbage collections ran: nothing may depend on them.

The games are like the bot's: 3x3 and 4x4 (60/40), the bot at a level drawn per game
(:data:`BOT_LEVELS`), the member played by the engine at a weaker level drawn per game
(:data:`MEMBER_LEVELS`; a member's move never touches the bot's caches, as in a real bot),
either side first. So the bot meets many positions, most of them new on 4x4: its caches
fill, are emptied and refill, which is the point.

Then, in this process, bench/stalls.py's rows (issue 14, "The event loop never waits"): the
event loop's longest stall (a 10 ms ticker's lateness) and another channel's move p99 while
(a) 100,000 idle games are swept, (b) another process holds the write lock for 5 s, (c) one
member floods 1,000 commands; see that file for what each means.

Run: ``python bench/steady.py [decisions]`` (default 100,000; several minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import resource
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arguments import positive_int  # bench/arguments.py, beside this file
from figures import Row, load_average, print_table  # bench/figures.py

REPO = Path(__file__).resolve().parent.parent

DECISIONS = 100_000
RESIDENT_TARGET_MB = 250.0
FOUR_BY_FOUR_SHARE = 0.4  # of the games played
BOT_LEVELS = {"perfect": 0.4, "hard": 0.25, "medium": 0.2, "easy": 0.15}
MEMBER_LEVELS = {"hard": 0.3, "medium": 0.4, "easy": 0.3}
SAMPLE_EVERY = 1_000  # decisions between two readings of the caches' count
MB = 2**20


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


def draw(rng: random.Random, weights: dict[str, float]) -> str:
    return rng.choices(list(weights), list(weights.values()))[0]


def child(decisions: int) -> dict[str, Any]:
    """Play until the bot has made ``decisions`` decisions; the figures the parent prints."""
    loaded = []
    for module in ("bot.games.service", "bot.discord_bot"):  # what the running bot has loaded
        try:
            __import__(module)
            loaded.append(module)
        except ImportError as missing:
            loaded.append(f"{module} (not loaded: {missing})")
    from bot.engine import caches
    from bot.engine.classic import Board, choose_move, perfect
    from bot.settings import Settings

    budget_mb = Settings.from_env().engine_cache_mb
    caches.set_cache_budget(int(budget_mb * MB))  # as bot.startup.open_service does
    gc.collect()
    start, _ = resident_mb()
    rng = random.Random(14)
    made: Counter[str] = Counter()
    games = 0
    counted_max = 0
    started = time.perf_counter()
    while made.total() < decisions:
        size = 4 if rng.random() < FOUR_BY_FOUR_SHARE else 3
        bot_level, member_level = draw(rng, BOT_LEVELS), draw(rng, MEMBER_LEVELS)
        board = Board.empty(size)
        bot_turn = rng.random() < 0.5
        games += 1
        while not board.is_over and made.total() < decisions:
            if bot_turn:
                board = board.play(choose_move(board, bot_level, rng))
                made[f"{size}x{size} {bot_level}"] += 1
                if made.total() % SAMPLE_EVERY == 0:
                    counted_max = max(counted_max, sum(caches.usage().values()))
            else:
                board = board.play(choose_move(board, member_level, rng))
            bot_turn = not bot_turn
    took = time.perf_counter() - started
    now, peak = resident_mb()
    counted = caches.usage()
    entries = {
        "best_moves": len(perfect._BEST_MOVES),
        "tables": sum(len(solver.table) for solver in perfect._SOLVERS.values()),
    }
    return {
        "loaded": loaded,
        "decisions": dict(made),
        "games": games,
        "seconds": took,
        "budget_mb": budget_mb,
        "shares": {name: caches.LIMITS.share(name) for name in caches.SHARES},
        "counted": counted,
        "counted_max": max(counted_max, sum(counted.values())),
        "entries": entries,
        "start_mb": start,
        "resident_mb": now,
        "peak_mb": peak,
        "full_collections": gc.get_stats()[2]["collections"],
    }


def memory_rows(decisions: int, run: dict[str, Any]) -> list[Row]:
    """(figure, measured, target, PASS/FAIL or None) for everything the child measured."""
    made: dict[str, int] = run["decisions"]
    by_size = {size: sum(n for key, n in made.items() if key.startswith(size)) for size in
               ("3x3", "4x4")}
    by_level = {level: sum(n for key, n in made.items() if key.endswith(level)) for level in
                BOT_LEVELS}
    counted, shares, entries = run["counted"], run["shares"], run["entries"]
    total = sum(counted.values())
    budget = run["budget_mb"] * MB
    rest = run["resident_mb"] - run["start_mb"] - run["counted_max"] / MB
    per_entry = {name: counted[name] / entries[name] if entries[name] else 0.0 for name in entries}
    resident_ok = run["resident_mb"] <= RESIDENT_TARGET_MB
    return [
        (f"bot decisions 3x3 + 4x4 ({run['games']:,} games, {run['seconds']:.0f} s)",
         f"{by_size['3x3']:,} + {by_size['4x4']:,}", f"= {decisions:,}",
         sum(made.values()) == decisions),
        ("  by bot level: " + " / ".join(BOT_LEVELS),
         " / ".join(f"{by_level[level]:,}" for level in BOT_LEVELS), "", None),
        ("ENGINE_CACHE_MB (the budget)", f"{run['budget_mb']:g} MB", "<= 64 MB",
         run["budget_mb"] <= 64),
        (f"resident / budget / caches' count after {decisions:,}",
         f"{run['resident_mb']:.0f} / {run['budget_mb']:g} / {total / MB:.1f} MB",
         f"<= {RESIDENT_TARGET_MB:g} MB", resident_ok),
        ("  caches' count: best moves / tables / 5x5 table",
         " / ".join(f"{counted[name] / MB:.1f}" for name in shares) + " MB", "", None),
        ("  their shares of the budget",
         " / ".join(f"{shares[name] / MB:.1f}" for name in shares) + " MB", "", None),
        ("  entries: best moves / tables (bytes per entry)",
         f"{entries['best_moves']:,} ({per_entry['best_moves']:.0f}) / "
         f"{entries['tables']:,} ({per_entry['tables']:.0f})", "", None),
        (f"caches' count at its highest (every {SAMPLE_EVERY:,} decisions)",
         f"{run['counted_max'] / MB:.1f} MB", f"<= {budget / MB:g} MB",
         run["counted_max"] <= budget),
        ("resident at start (bot's modules loaded)", f"{run['start_mb']:.0f} MB", "", None),
        ("resident added beyond the caches' highest count", f"{rest:.0f} MB", "", None),
        ("peak resident (VmHWM)", f"{run['peak_mb']:.0f} MB", f"<= {RESIDENT_TARGET_MB:g} MB",
         run["peak_mb"] <= RESIDENT_TARGET_MB),
        ("full garbage collections during the run", f"{run['full_collections']}", "", None),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "decisions",
        nargs="?",
        type=positive_int,
        default=DECISIONS,
        help=f"the bot's decisions in the memory run (default {DECISIONS:,})",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    decisions: int = args.decisions
    if args.child:
        print(json.dumps(child(decisions)))
        return 0
    # Not at the top: the --child process must not load stalls, floods and simcord before it
    # measures its resident size at start.
    from stalls import LIMIT_NOTE, stall_rows  # bench/stalls.py

    print(f"steady-state benchmark — Python {sys.version.split()[0]}, "
          f"{load_average()}")
    print(f"(a fresh process plays until the bot has made {decisions:,} decisions)\n")
    done = subprocess.run(
        [sys.executable, __file__, "--child", str(decisions)],
        capture_output=True, text=True, check=False, cwd=REPO,
    )
    if done.returncode != 0:
        print(f"the memory run failed (status {done.returncode}):\n{done.stderr[-2000:]}")
        return 0
    run = json.loads(done.stdout)
    print_table(memory_rows(decisions, run) + asyncio.run(stall_rows()))
    print(f"\nloaded before the decisions: {', '.join(run['loaded'])}")
    print(f"at the end: {load_average()}")
    print(f"\n{LIMIT_NOTE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
