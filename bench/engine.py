"""Engine benchmark: prints decision times, cold start, node counts and memory against targets.

Run from the repository root:  python bench/engine.py
It reports and never gates: it always exits 0, and marks every missed target FAIL.

Figures (all measured in this one run, so the ratios compare like with like):
  * warm decision time, choose_move(..., "perfect") with time.perf_counter_ns, median and p99,
    on the empty 3x3 board and over every reachable 3x3 position;
  * cold first decision on the bot's start-up path: a fresh interpreter (sys.executable -c)
    first loads every module outside ``bot`` that the bot's game layer loads (``import
    bot.games.service`` in a probe process says which: asyncio, sqlite3, dataclasses, ...), as
    the running bot has by the time it decides; then it times from just before `import
    bot.engine` to just after its first choose_move on the empty board (median of runs). Also
    shown: the whole path from a bare interpreter (import bot.games.service, then the first
    decision) and the engine alone in a bare interpreter (nothing loaded before it). Both
    engine figures against the issue's 150 ms: the engine imports every module eagerly,
    which costs start-up milliseconds but nothing a player notices;
  * positions examined by a cold analyze() of the empty board, in a fresh interpreter;
  * speed-up over plain minimax (bench/_reference.py: no pruning, no cache) on the empty board,
    twice: the issue's figure (a warm cached decision, i.e. a dictionary lookup, vs plain
    minimax) and the honest search-vs-search one (plain minimax vs a cold exact solve of the
    same position in a fresh interpreter: every move's exact value, like plain minimax's, with
    positions examined for both), which shows what pruning + TT + symmetry buy by themselves;
  * 4x4 four-in-a-row first move on the same start-up path (the bot's other modules already
    loaded): cold time in a fresh interpreter, tracemalloc peak and the growth of the child's
    peak resident size (VmHWM, else ru_maxrss);
  * 5x5 four in a row (issue 12): the opening book's size (positions, bytes on disk) and its
    load time on first use in a fresh interpreter; whole games at perfect in one fresh
    interpreter (see FIVE_GAMES_CHILD): per-move time (median, p99, max; wall, and CPU beside
    it) against 1 s at p99, the process's peak resident size against 200 MB, the games' results
    and how often the fastest-win search hit its budget. (bench/five_by_five.py times the
    5x5 solver itself per mark count, against the general one.)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _reference import plain_decision  # noqa: E402
from figures import Row, load_average, print_table, quantile, row  # noqa: E402

try:
    from bot.engine.classic import Board, choose_move
except ImportError as missing:  # report, don't crash: the benchmark never gates
    print(f"engine benchmark: cannot import bot.engine ({missing})")
    sys.exit(0)

COLD_RUNS = 11
COLD_TARGET_NS = 150_000_000  # a first 3x3 move in a fresh process, import included
COLD_4X4_RUNS = 3
WARM_EMPTY_REPS = 20_000
WARM_ALL_PASSES = 5

# What the bot has loaded before its first decision, apart from its own code.
BOT_MODULES_PROBE = """
import json, sys
import bot.games.service
print(json.dumps(sorted(name for name in sys.modules if name.split(".")[0] != "bot"
                        and not name.startswith(("__main__", "__editable")))))
"""

# Loads the bot's other modules (argv[1], from the probe) as the running bot has them.
PRELOAD = """
import importlib, json, sys
for name in json.loads(sys.argv[1]):
    try:
        importlib.import_module(name)
    except Exception:
        pass
"""

COLD_3X3_CHILD = PRELOAD + """
import json, random, time
t0 = time.perf_counter_ns()
import bot.engine.classic as engine
move = engine.choose_move(engine.Board.empty(), "perfect", random.Random(0))
t1 = time.perf_counter_ns()
print(json.dumps({"ns": t1 - t0, "move": str(move)}))
"""

COLD_START_UP_CHILD = """
import json, random, time
t0 = time.perf_counter_ns()
import bot.games.service
import bot.engine.classic as engine
move = engine.choose_move(engine.Board.empty(), "perfect", random.Random(0))
t1 = time.perf_counter_ns()
print(json.dumps({"ns": t1 - t0, "move": str(move)}))
"""

COLD_ENGINE_ALONE_CHILD = """
import json, random, time
t0 = time.perf_counter_ns()
import bot.engine.classic as engine
move = engine.choose_move(engine.Board.empty(), "perfect", random.Random(0))
t1 = time.perf_counter_ns()
print(json.dumps({"ns": t1 - t0, "move": str(move)}))
"""

COLD_NODES_CHILD = """
import json
import bot.engine.classic as engine
analysis = engine.analyze(engine.Board.empty())
big = engine.analyze(engine.Board.empty(4))
print(json.dumps({"nodes": analysis.positions_examined, "value": analysis.value.value,
                  "nodes4": big.positions_examined, "value4": big.value.value}))
"""

# The peak resident size of the child process that runs it, in KB.
PEAK_KB = """
import resource

def peak_kb():
    # VmHWM belongs to this process image; ru_maxrss would inherit the parent's peak via exec.
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
"""

COLD_4X4_CHILD = PRELOAD + PEAK_KB + """
import json, random, time

rss0 = peak_kb()
t0 = time.perf_counter_ns()
import bot.engine.classic as engine
t1 = time.perf_counter_ns()
move = engine.choose_move(engine.Board.empty(4), "perfect", random.Random(0))
t2 = time.perf_counter_ns()
rss1 = peak_kb()
print(json.dumps({"ns": t2 - t0, "move_ns": t2 - t1, "rss_kb": rss1 - rss0, "peak_kb": rss1,
                  "move": str(move)}))
"""

COLD_SOLVE_RUNS = 5
COLD_SOLVE_CHILD = """
import json, time
import bot.engine.classic as engine
analyze = engine.analyze  # only the search is timed
board = engine.Board.empty()
t0 = time.perf_counter_ns()
analysis = analyze(board)  # fresh process: empty transposition table and best-move cache
t1 = time.perf_counter_ns()
print(json.dumps({"ns": t1 - t0, "nodes": analysis.positions_examined}))
"""

TRACEMALLOC_4X4_CHILD = PRELOAD + """
import json, random, tracemalloc
tracemalloc.start()
import bot.engine.classic as engine
engine.choose_move(engine.Board.empty(4), "perfect", random.Random(0))
print(json.dumps({"peak": tracemalloc.get_traced_memory()[1]}))
"""


# 5x5 four in a row at "perfect", whole games in one fresh process (a long-running bot's view:
# its caches under the default ENGINE_CACHE_MB budget, nothing else loaded). Per decision of
# the bot: wall and CPU seconds; at the end the process's peak resident size (VmHWM, else
# ru_maxrss). Opponents: perfect itself (one game, both sides timed), `hard` (5 plies with a
# heuristic, 5 % random moves) and a spoiler that opens with two random moves, then plays
# perfect (won positions for the bot: the fastest-win search at work); seeds 1..N, the bot
# X in odd games and O in even ones. The fastest-win search is counted, not changed: how
# often it ran and how often its budget stopped it.
FIVE_GAMES = 30  # per opponent but perfect
FIVE_GAMES_CHILD = PEAK_KB + """
import json, random, sys, time
import bot.engine.classic.perfect_5x5 as perfect_5x5
from bot.engine import Player
from bot.engine.classic import Board, choose_move
from bot.engine.classic.wdl_solver import Stopped

searches = {"ran": 0, "stopped": 0}
fastest_win = perfect_5x5.fastest_win
def counted(*args, **kwargs):
    searches["ran"] += 1
    try:
        return fastest_win(*args, **kwargs)
    except Stopped:
        searches["stopped"] += 1
        raise
perfect_5x5.fastest_win = counted

games = int(sys.argv[1])
baseline = peak_kb()
wall, cpu, results = [], [], {}
table = [0]  # the most entries the bot's solver table held after a decision

def play(opponent, seed, bot):
    rng = random.Random(seed)
    board = Board.empty(5, 4)
    theirs = 0
    while not board.is_over:
        if bot is None or board.to_move is bot:
            t0, c0 = time.perf_counter(), time.process_time()
            move = choose_move(board, "perfect", rng)
            wall.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            if perfect_5x5._SOLVER is not None:
                table[0] = max(table[0], len(perfect_5x5._SOLVER.table))
        elif opponent == "spoiler" and theirs < 2:
            move = rng.choice(board.legal_moves)
            theirs += 1
        else:
            move = choose_move(board, "perfect" if opponent == "spoiler" else opponent, rng)
        board = board.play(move)
    # perfect vs perfect (bot None): any winner means a perfect side lost
    outcome = "drawn" if board.winner is None else "won" if board.winner is bot else "lost"
    results.setdefault(opponent, {"won": 0, "drawn": 0, "lost": 0})[outcome] += 1

play("perfect", 0, None)
for opponent in ("hard", "spoiler"):
    for seed in range(1, games + 1):
        play(opponent, seed, Player.X if seed % 2 else Player.O)
print(json.dumps({"wall": wall, "cpu": cpu, "results": results, "searches": searches,
                  "table": table[0], "table_cap": perfect_5x5._SOLVER.table_limit,
                  "baseline_kb": baseline, "peak_kb": peak_kb()}))
"""

BOOK_LOAD_RUNS = 5
BOOK_LOAD_CHILD = """
import json, time
t0 = time.perf_counter_ns()
import bot.engine
from bot.engine.classic.book import BOOK_PATH, load_book
t1 = time.perf_counter_ns()
book = load_book()
t2 = time.perf_counter_ns()
print(json.dumps({"ns": t2 - t1, "import_ns": t1 - t0, "positions": len(book),
                  "bytes": BOOK_PATH.stat().st_size}))
"""


def run_child(code: str, *args: str, timeout: float = 120) -> Any:
    """Run `code` in a fresh interpreter and return the JSON value it printed last."""
    result = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=REPO, capture_output=True, text=True,
        timeout=timeout, check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip().splitlines()[-1] if result.stderr else "failed")
    return json.loads(result.stdout.strip().splitlines()[-1])


def cold_medians(code: str, runs: int, *args: str) -> list[int]:
    """Nanoseconds `code` reports in `runs` fresh interpreters."""
    return [int(str(run_child(code, *args)["ns"])) for _ in range(runs)]


def fmt_ns(ns: float) -> str:
    if ns < 10_000:
        return f"{ns / 1000:.2f} µs"
    if ns < 10_000_000:
        return f"{ns / 1_000_000:.3f} ms"
    return f"{ns / 1_000_000:.1f} ms"


def timer_overhead_ns() -> float:
    samples = []
    for _ in range(10_000):
        t0 = time.perf_counter_ns()
        samples.append(time.perf_counter_ns() - t0)
    return statistics.median(samples)


def warm_times(boards: list[Board], reps: int) -> list[int]:
    """Per-decision times for choose_move(perfect) after one untimed warm-up pass."""
    rng = random.Random(0)
    for board in boards:
        choose_move(board, "perfect", rng)
    samples = []
    for _ in range(reps):
        for board in boards:
            t0 = time.perf_counter_ns()
            choose_move(board, "perfect", rng)
            samples.append(time.perf_counter_ns() - t0)
    return samples


def reachable_live_positions() -> list[Board]:
    # Its own walker (the tests have one in tests/helpers/reachable.py): a benchmark must not
    # import tests.
    seen: set[Board] = set()
    stack = [Board.empty()]
    while stack:
        board = stack.pop()
        if board not in seen:
            seen.add(board)
            stack.extend(board.play(m) for m in board.legal_moves)
    return [b for b in seen if not b.is_over]


def measure() -> list[Row]:
    rows: list[Row] = []
    overhead = timer_overhead_ns()

    empty = warm_times([Board.empty()], WARM_EMPTY_REPS)
    empty_median = statistics.median(empty)
    rows.append(row("3x3 empty board, warm median per decision", fmt_ns(empty_median),
                    "≤ 5 µs", empty_median <= 5_000))
    rows.append(row("3x3 empty board, warm p99 per decision", fmt_ns(quantile(empty, 0.99))))

    live = reachable_live_positions()
    every = warm_times(live, WARM_ALL_PASSES)
    every_median = statistics.median(every)
    rows.append(row(f"all {len(live)} reachable 3x3 positions, warm median", fmt_ns(every_median),
                    "≤ 5 µs", every_median <= 5_000))
    rows.append(row("all reachable 3x3 positions, warm p99", fmt_ns(quantile(every, 0.99))))
    rows.append(row("(perf_counter_ns overhead included above)", fmt_ns(overhead)))

    bot_modules = json.dumps(run_child(BOT_MODULES_PROBE))
    try:
        cold = cold_medians(COLD_3X3_CHILD, COLD_RUNS, bot_modules)
        cold_median = statistics.median(cold)
        rows.append(row(f"3x3 cold first decision, bot start-up path (median of {COLD_RUNS})",
                        fmt_ns(cold_median), "≤ 150 ms", cold_median <= COLD_TARGET_NS))
        rows.append(row("3x3 cold first decision, fastest / slowest",
                        f"{fmt_ns(min(cold))} / {fmt_ns(max(cold))}"))
        whole = statistics.median(cold_medians(COLD_START_UP_CHILD, COLD_RUNS))
        rows.append(row("  whole path: import bot.games.service + first decision",
                        fmt_ns(whole)))
        alone = statistics.median(cold_medians(COLD_ENGINE_ALONE_CHILD, COLD_RUNS))
        rows.append(row("  engine alone, bare interpreter: import bot.engine + decision",
                        fmt_ns(alone), "≤ 150 ms", alone <= COLD_TARGET_NS))
    except (RuntimeError, ValueError) as error:
        rows.append(
            row("3x3 cold first decision, bot start-up path", f"error: {error}", "≤ 150 ms", False)
        )

    try:
        nodes = run_child(COLD_NODES_CHILD)
        rows.append(row("positions examined, cold analyze() of empty 3x3",
                        f"{int(str(nodes['nodes'])):,} ({nodes['value']})"))
        rows.append(row("positions examined, cold analyze() of empty 4x4 k=4",
                        f"{int(str(nodes['nodes4'])):,} ({nodes['value4']})"))
    except (RuntimeError, ValueError) as error:
        rows.append(row("positions examined, cold analyze() of empty 3x3", f"error: {error}"))

    t0 = time.perf_counter_ns()
    _, plain_nodes = plain_decision(["."] * 9)
    plain_ns = time.perf_counter_ns() - t0
    rows.append(row("plain minimax on empty 3x3 (no pruning, no cache)",
                    f"{fmt_ns(plain_ns)}, {plain_nodes:,} positions"))
    ratio = plain_ns / max(empty_median, 1)
    rows.append(row("speed-up: plain minimax / warm cached decision (a lookup)", f"{ratio:,.0f}x",
                    "≥ 100,000x", ratio >= 100_000))
    try:
        solves = [run_child(COLD_SOLVE_CHILD) for _ in range(COLD_SOLVE_RUNS)]
        solve_ns = statistics.median(int(str(r["ns"])) for r in solves)
        solve_nodes = int(str(solves[0]["nodes"]))
        rows.append(row(f"cold exact solve of empty 3x3, analyze() (median of {COLD_SOLVE_RUNS})",
                        f"{fmt_ns(solve_ns)}, {solve_nodes:,} positions"))
        rows.append(row("search vs search: plain minimax / cold exact solve",
                        f"{plain_ns / max(solve_ns, 1):,.0f}x time, "
                        f"{plain_nodes / max(solve_nodes, 1):,.0f}x positions"))
    except (RuntimeError, ValueError) as error:
        rows.append(row("cold exact solve of empty 3x3", f"error: {error}"))

    try:
        runs = [run_child(COLD_4X4_CHILD, bot_modules) for _ in range(COLD_4X4_RUNS)]
        total = statistics.median(int(str(r["ns"])) for r in runs)
        move_only = statistics.median(int(str(r["move_ns"])) for r in runs)
        rss_mb = max(int(str(r["rss_kb"])) for r in runs) / 1024
        peak_mb = max(int(str(r["peak_kb"])) for r in runs) / 1024
        rows.append(row(f"4x4 k=4 cold first move incl. import (median of {COLD_4X4_RUNS})",
                        fmt_ns(total), "≤ 200 ms", total <= 200_000_000))
        rows.append(row("4x4 k=4 first move alone (after import)", fmt_ns(move_only)))
        rows.append(row("4x4 k=4 peak RSS growth (VmHWM/ru_maxrss delta)", f"{rss_mb:.1f} MB",
                        "≤ 100 MB", rss_mb <= 100))
        rows.append(row("4x4 k=4 whole-process peak RSS", f"{peak_mb:.1f} MB"))
    except (RuntimeError, ValueError) as error:
        rows.append(row("4x4 k=4 cold first move", f"error: {error}", "≤ 200 ms", False))
    try:
        peak_mb = int(str(run_child(TRACEMALLOC_4X4_CHILD, bot_modules)["peak"])) / 1_048_576
        rows.append(row("4x4 k=4 tracemalloc peak (import + first move)", f"{peak_mb:.1f} MB",
                        "≤ 100 MB", peak_mb <= 100))
    except (RuntimeError, ValueError) as error:
        rows.append(row("4x4 k=4 tracemalloc peak", f"error: {error}", "≤ 100 MB", False))
    rows.extend(measure_5x5())
    return rows


def measure_5x5() -> list[Row]:
    """5x5 four in a row at perfect: the book, then whole games (see FIVE_GAMES_CHILD)."""
    rows: list[Row] = []
    try:
        loads = [run_child(BOOK_LOAD_CHILD) for _ in range(BOOK_LOAD_RUNS)]
        book = loads[0]
        rows.append(row("5x5 opening book: positions, size on disk",
                        f"{book['positions']:,}, {int(book['bytes']) / 1024:.1f} KB"))
        load_ns = statistics.median(int(str(r["ns"])) for r in loads)
        import_ns = statistics.median(int(str(r["import_ns"])) for r in loads)
        rows.append(row(f"5x5 book load on first use, fresh process (median of "
                        f"{BOOK_LOAD_RUNS})", fmt_ns(load_ns)))
        rows.append(row("  (import bot.engine before it, not part of the load)",
                        fmt_ns(import_ns)))
    except (RuntimeError, ValueError) as error:
        rows.append(row("5x5 opening book", f"error: {error}"))
    try:
        report = run_child(FIVE_GAMES_CHILD, str(FIVE_GAMES), timeout=1800)
    except (RuntimeError, ValueError, subprocess.TimeoutExpired) as error:
        rows.append(row("5x5 perfect, whole games", f"error: {error}", "≤ 1 s p99", False))
        return rows
    wall = [int(t * 1e9) for t in report["wall"]]
    cpu = [int(t * 1e9) for t in report["cpu"]]
    games = ", ".join(
        f"{name} {r['won']}/{r['drawn']}/{r['lost']}" for name, r in report["results"].items()
    )
    lost = sum(r["lost"] for r in report["results"].values())
    rows.append(row("5x5 games, won/drawn/lost by perfect, per opponent", games))
    rows.append(row("5x5 games perfect lost", str(lost), "0", lost == 0))
    rows.append(row(f"5x5 perfect per move, median (wall, {len(wall)} moves)",
                    fmt_ns(statistics.median(wall))))
    p99 = quantile(wall, 0.99)
    rows.append(row("5x5 perfect per move, p99 (wall)", fmt_ns(p99), "≤ 1 s", p99 <= 1e9))
    rows.append(row("5x5 perfect per move, max (wall)", fmt_ns(max(wall))))
    rows.append(row("5x5 perfect per move, CPU: median / p99 / max",
                    f"{fmt_ns(statistics.median(cpu))} / {fmt_ns(quantile(cpu, 0.99))} / "
                    f"{fmt_ns(max(cpu))}"))
    searches = report["searches"]
    rows.append(row("5x5 fastest-win searches stopped by their budget",
                    f"{searches['stopped']} of {searches['ran']}"))
    peak_mb = int(str(report["peak_kb"])) / 1024
    growth_mb = peak_mb - int(str(report["baseline_kb"])) / 1024
    rows.append(row("5x5 games: whole-process peak RSS (VmHWM)", f"{peak_mb:.1f} MB",
                    "≤ 200 MB", peak_mb <= 200))
    rows.append(row("5x5 games: peak RSS growth over the imported engine", f"{growth_mb:.1f} MB"))
    rows.append(row("5x5 solver table: most entries held / cap (ENGINE_CACHE_MB default)",
                    f"{int(str(report['table'])):,} / {int(str(report['table_cap'])):,}"))
    return rows


def main() -> int:
    argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="Takes no arguments; reports and never gates (always exits 0).",
    ).parse_args()
    started = time.perf_counter()
    print(f"engine benchmark — Python {sys.version.split()[0]} on {sys.platform}, "
          f"{os.cpu_count()} CPUs, {load_average()}")
    print("(timings on a busy machine run slow; rerun when it is quiet before judging a FAIL)\n")
    try:
        rows = measure()
    except Exception as error:  # the benchmark reports; it never gates
        print(f"benchmark could not run: {type(error).__name__}: {error}")
        return 0
    print_table(rows)
    print(f"\n(benchmark took {time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
