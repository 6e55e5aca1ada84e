"""5x5 four-in-a-row solver benchmark: time, positions per second and memory per mark count.

Run from the repository root (it takes minutes; use nice on a shared machine):
    nice -n 19 python bench/five_by_five.py [--marks 4,6,8,10] [--count 8] [--old 6,8,10]
    nice -n 19 python bench/five_by_five.py --marks '' --games 0,6 --count 10

For each mark count it samples ``count`` positions (fixed seed, from games of decent
heuristic play, see sample()) and solves each from scratch in a fresh child process
(sys.executable), with the win/draw/loss solver (bot/engine/wdl_solver.py) and, for the
mark counts in --old, with the general exact solver (bot/engine/solver.py, node budget
lifted) on the same positions. Reported per solver and mark count: CPU seconds per position
(median, max), positions examined per CPU second, the child's peak resident memory (VmHWM)
and, where both ran, the old/new time ratio from this one run. Values must agree (sign of the
old score = new value); a disagreement is printed as MISMATCH.

With --games it plays whole games from such positions (0 = the empty board), the bot at
choose_move(board, "perfect") (the opening book, then the solver with its table kept between
moves) against the heuristic, as X and as O in turn, and reports per-decision CPU time
(median, p99, max), peak memory and PASS/FAIL against 1 s p99 and 200 MB. It reports and
never gates.
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
from bot.engine.geometry import geometry_for
geo = geometry_for(5, 4)
positions = {positions!r}
out = []
if {old!r}:
    import bot.engine.solver as general
    general.NODE_BUDGET = 10**12
    solver = None
else:
    from bot.engine.wdl_solver import WdlSolver
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
    from bot.engine.geometry import geometry_for
    from bot.engine.heuristic import LimitedSearch

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


GAMES_CHILD = """
import json, random, sys, time
sys.path.insert(0, {repo!r})
from bot.engine import Board, choose_move
from bot.engine.heuristic import LimitedSearch
from bot.engine.wdl_solver import WdlSolver
board0 = Board.empty(5, 4)
geo = board0.geometry
opponent = LimitedSearch(geo)
rng = random.Random(1)
times, outcomes = [], []
for index, (me, opp) in enumerate({positions!r}):
    board = board0
    x, o = (me, opp) if me.bit_count() == opp.bit_count() else (opp, me)
    for turn in range(max(x.bit_count(), o.bit_count())):
        for marks in (x, o):
            cells = [c for c in range(25) if marks >> c & 1]
            if turn < len(cells):
                board = board.play(geo.moves[cells[turn]])
    bot = board.to_move if index % 2 == 0 else board.to_move.other
    first = None  # the bot's first position: judged only if the bot loses (memory stays its own)
    while not board.is_over:
        if board.to_move is bot:
            first = first or board
            start = time.process_time()
            move = choose_move(board, "perfect", rng)
            times.append(time.process_time() - start)
        else:
            scores = opponent.score_moves(*board.sides, 2)
            top = max(score for _, score in scores)
            move = geo.moves[rng.choice([c for c, score in scores if score == top])]
        board = board.play(move)
    if board.winner is bot:
        outcomes.append("bot won")
    elif board.winner is None:
        outcomes.append("draw")
    elif WdlSolver(geo).value(*first.sides) == -1:
        outcomes.append("bot lost (lost already at its first move)")
    else:
        outcomes.append("bot LOST from a position it did not lose: a BUG")
peak = 0
with open("/proc/self/status") as status:
    for line in status:
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1]) // 1024
print(json.dumps({{"times": times, "outcomes": outcomes, "peak_mb": peak}}))
"""


def games(marks: int, count: int) -> None:
    """Whole games from ``marks`` marks on: perfect against the heuristic; per-decision CPU
    time of perfect and the peak memory of the process."""
    positions = sample(marks, count)
    code = GAMES_CHILD.format(repo=str(REPO), positions=positions)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    report = json.loads(done.stdout)
    times = sorted(report["times"])
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    outcomes = {o: report["outcomes"].count(o) for o in sorted(set(report["outcomes"]))}
    verdict = "PASS" if p99 <= 1.0 and report["peak_mb"] <= 200 else "FAIL"
    print(
        f"games from {marks} marks: {len(times)} decisions, median "
        f"{statistics.median(times):.3f} s, p99 {p99:.3f} s, max {times[-1]:.3f} s, "
        f"peak {report['peak_mb']} MB, {outcomes}: {verdict} (1 s p99, 200 MB)"
    )


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
    parser.add_argument("--games", default="", help="mark counts to play whole games from")
    args = parser.parse_args()
    for marks in (int(m) for m in args.games.split(",") if m):
        games(marks, args.count)
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
