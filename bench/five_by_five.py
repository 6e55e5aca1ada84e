"""5x5 four-in-a-row solver benchmark: time, positions per second and memory per mark count.

Run from the repository root (it takes minutes; use nice on a shared machine):
    nice -n 19 python bench/five_by_five.py [--marks 4,6,8,10] [--count 8] [--old 6,8,10]

For each mark count it samples ``count`` positions (fixed seed, from games of decent
heuristic play, see sample()) and solves each from scratch in a fresh child process
(sys.executable), with the win/draw/loss solver (bot/engine/wdl_solver.py) and, for the
mark counts in --old, with the general exact solver (bot/engine/solver.py, node budget
lifted) on the same positions. Reported per solver and mark count: CPU seconds per position
(median, max), positions examined per CPU second, the child's peak resident memory (VmHWM)
and, where both ran, the old/new time ratio from this one run. Values must agree (sign of the
old score = new value); a disagreement is printed as MISMATCH. It reports and never gates.

Whole games at ``perfect`` (the book, then this solver), with per-move times and peak memory
against the issue's targets, are in bench/engine.py (``make bench``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SEED = 2026

CHILD = """
import json, sys, time
sys.path.insert(0, {repo!r})
from bot.engine.classic.geometry import geometry_for
geo = geometry_for(5, 4)
positions = {positions!r}
out = []
if {old!r}:
    import bot.engine.classic.solver as general
    general.NODE_BUDGET = 10**12
    solver = None
else:
    from bot.engine.classic.wdl_solver import WdlSolver
for me, opp in positions:
    if {old!r}:
        search = general.Solver(geo).search()
        start = time.process_time()
        score = search.exact_value(me, opp)
        seconds = time.process_time() - start
        value, nodes = (score > 0) - (score < 0), search.nodes
    else:
        solver = WdlSolver(geo)
        start = time.process_time()
        value = solver.value(me, opp)
        seconds = time.process_time() - start
        nodes = solver.nodes
    out.append((value, seconds, nodes))
peak = 0
with open("/proc/self/status") as status:
    for line in status:
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1]) // 1024
print(json.dumps({{"results": out, "peak_mb": peak}}))
"""


def sample(marks: int, count: int) -> list[tuple[int, int]]:
    """``count`` positions with ``marks`` marks as (mover's bits, other bits).

    Each comes from a game of decent play: both sides pick at random among the best moves
    of a 2-ply heuristic search (bot/engine/heuristic.py), so positions look like real games
    (random scatterings are mostly quick wins and say little about the hard, drawn ones).
    """
    sys.path.insert(0, str(REPO))
    from bot.engine.classic.geometry import geometry_for
    from bot.engine.classic.heuristic import LimitedSearch

    geo = geometry_for(5, 4)
    search = LimitedSearch(geo)
    rng = random.Random(SEED + marks)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        me = opp = 0
        for _ in range(marks):
            scores = search.score_moves(me, opp, 2)
            top = max(score for _, score in scores)
            cell = rng.choice([c for c, score in scores if score == top])
            me, opp = opp, me | 1 << cell
            if any(opp & line == line for line in geo.lines):
                break
        else:
            found.append((me, opp))
    return found


def run(positions: list[tuple[int, int]], *, old: bool) -> tuple[list[list[float]], int]:
    code = CHILD.format(repo=str(REPO), positions=positions, old=old)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    report = json.loads(done.stdout)
    return report["results"], report["peak_mb"]


def describe(name: str, results: list[list[float]], peak: int) -> str:
    seconds = [r[1] for r in results]
    nodes = sum(r[2] for r in results)
    rate = nodes / max(sum(seconds), 1e-9)
    return (
        f"  {name:<8} median {statistics.median(seconds):7.2f} s  max {max(seconds):7.2f} s  "
        f"{rate:9,.0f} positions/s  peak {peak} MB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--marks", default="4,6,8,10,12")
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--old", default="8,10,12", help="mark counts to time the old solver on")
    args = parser.parse_args()
    old_marks = {int(m) for m in args.old.split(",") if m}
    for marks in (int(m) for m in args.marks.split(",") if m):
        positions = sample(marks, args.count)
        new, new_peak = run(positions, old=False)
        values = [int(r[0]) for r in new]
        tally = {v: values.count(v) for v in (1, 0, -1)}
        print(
            f"{marks} marks, {len(positions)} positions "
            f"(mover wins {tally[1]}, draws {tally[0]}, loses {tally[-1]}):"
        )
        print(describe("new", new, new_peak))
        if marks in old_marks:
            old, old_peak = run(positions, old=True)
            print(describe("old", old, old_peak))
            if [int(r[0]) for r in old] != values:
                print("  MISMATCH between the solvers' values")
            ratio = sum(r[1] for r in old) / max(sum(r[1] for r in new), 1e-9)
            print(f"  old/new total time: {ratio:.1f}x")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
