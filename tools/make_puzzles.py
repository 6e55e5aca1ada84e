"""Make (or extend) the shipped puzzle set, one JSON Lines file per size, reproducibly.

    nice -n 19 python tools/make_puzzles.py [--sizes 3,4,5] [--count 300] [--seed 2026]
                                            [--win-in-2-share 0.5] [--dir DIR]
    nice -n 19 python tools/make_puzzles.py --check   # re-prove every shipped puzzle

3x3: every position a game reaches where exactly one move wins by force and it wins in 2 (288;
``--count`` does not apply). 4x4 and 5x5 (four in a row): puzzles from plausible play
(bot.engine.classic.puzzles.maker: games between the levels drawn by ``random.Random(seed * 10
+ size)``, their positions and the positions one move away), wins in 2 to 5, each re-proven by
a fresh prover exactly as the shipped set's test does, until the size holds ``--count``; at most
``--win-in-2-share`` of them win in 2, so that longer wins are not crowded out.

Ids never change: a rerun keeps every puzzle already in the files, with its id, skips positions
already there (under symmetry), and numbers new puzzles after the largest id in any file. Sizes
are made in the order given (default 3, 4, 5), so from empty files the same arguments make the
same files. Prints, per size, what the candidates were rejected for, the time and the rate, the
lengths and the ratings. The figures: docs/puzzles.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine.classic.puzzles import (
    SIZES,
    Puzzle,
    PuzzleMaker,
    Tally,
    Verdict,
    every_3x3_puzzle,
    prove,
    puzzle_from_proof,
)
from bot.engine.classic.puzzles.puzzle_set import SET_DIR, puzzle_line, read_puzzles, set_path

SEED = 2026
COUNT = 300
WIN_IN_2_SHARE = 0.5


def recheck(puzzle: Puzzle) -> str | None:
    """What is wrong with a shipped puzzle, re-proven from scratch (None: nothing)."""
    board = puzzle.board
    if board.size != puzzle.size or board.k != puzzle.k or board.to_move is not puzzle.to_move:
        return "size, k or the side to move do not match the position"
    proof = prove(board)
    if proof.verdict is not Verdict.UNIQUE:
        return f"verdict {proof.verdict.value}"
    again = puzzle_from_proof(proof, puzzle.id)
    if again != puzzle:
        return f"re-proven as {puzzle_line(again)}"
    return None


def check(directory: Path) -> int:
    """Re-prove every puzzle in ``directory``'s files; the count of wrong ones."""
    wrong = 0
    for size in SIZES:
        start = time.process_time()
        puzzles = read_puzzles(set_path(size, directory))
        for puzzle in puzzles:
            problem = recheck(puzzle)
            if problem is not None:
                wrong += 1
                print(f"WRONG #{puzzle.id}: {problem}")
        seconds = time.process_time() - start
        print(f"{size}x{size}: {len(puzzles)} puzzles re-proven in {seconds:.1f} CPU s")
    print(f"{wrong} wrong")
    return wrong


def make_3x3(existing: list[Puzzle], next_id: int) -> list[Puzzle]:
    """Every 3x3 puzzle not yet in the file, numbered from ``next_id``."""
    known = {puzzle.position for puzzle in existing}
    fresh = [proof for proof in every_3x3_puzzle() if proof.board.notation not in known]
    return [puzzle_from_proof(proof, next_id + n) for n, proof in enumerate(fresh)]


def make_more(
    size: int, existing: list[Puzzle], next_id: int, count: int, seed: int, share: float
) -> tuple[list[Puzzle], Tally, Counter[str]]:
    """New puzzles of ``size`` until the file holds ``count``; the tally, and how many were
    dropped, by reason: over the win-in-2 share, or a fresh proof disagreed (a bug)."""
    maker = PuzzleMaker(size, seed * 10 + size, known=[puzzle.board for puzzle in existing])
    lengths = Counter(puzzle.win_in for puzzle in existing)
    most_in_2 = int(share * count)
    fresh: list[Puzzle] = []
    dropped: Counter[str] = Counter()
    if len(existing) >= count:
        return fresh, maker.tally, dropped
    for proof in maker.puzzles():
        if proof.win_in == 2 and lengths[2] >= most_in_2:
            dropped["over the win-in-2 share"] += 1
            continue
        puzzle = puzzle_from_proof(proof, next_id + len(fresh))
        problem = recheck(puzzle)  # a fresh prover must agree, as the test's does
        if problem is not None:
            print(f"  dropped, a fresh proof disagrees: {puzzle_line(puzzle)}: {problem}")
            dropped["a fresh proof disagreed"] += 1
            continue
        fresh.append(puzzle)
        lengths[proof.win_in] += 1
        if len(existing) + len(fresh) >= count:
            break
    return fresh, maker.tally, dropped


def report(
    size: int, puzzles: list[Puzzle], fresh: int, tally: Tally | None, seconds: float
) -> None:
    """Print what a size's run made and met."""
    lengths = Counter(puzzle.win_in for puzzle in puzzles)
    ratings = sorted(puzzle.rating for puzzle in puzzles)
    print(f"\n{size}x{size}: {len(puzzles)} puzzles ({fresh} new) in {seconds:.0f} CPU s")
    print("  win in: " + ", ".join(f"{n}: {lengths[n]}" for n in sorted(lengths)))
    if ratings:
        print(
            f"  ratings: {ratings[0]} to {ratings[-1]}, median {statistics.median(ratings):.0f}"
        )
    if tally is not None and tally.positions:
        print(
            f"  {tally.games} games, {tally.positions} candidates: {tally.repeats} repeats, "
            + ", ".join(f"{n} {reason}" for reason, n in tally.screened.items())
        )
        proven = tally.proven
        verdicts = ", ".join(
            f"{tally.verdicts[v]} {v.value} ({tally.verdicts[v] / proven:.1%})" for v in Verdict
        )
        print(f"  proven {proven}: {verdicts}; {tally.out_of_range} outside the lengths wanted")
        if seconds > 0:
            print(f"  {60 * tally.kept / seconds:.1f} puzzles a minute (before the share)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="3,4,5", help="sizes, in order (default 3,4,5)")
    parser.add_argument(
        "--count", type=int, default=COUNT, help=f"puzzles per size on 4x4 and 5x5 ({COUNT})"
    )
    parser.add_argument("--seed", type=int, default=SEED, help=f"default {SEED}")
    parser.add_argument(
        "--win-in-2-share",
        type=float,
        default=WIN_IN_2_SHARE,
        help=f"most of a size's puzzles that win in 2 (default {WIN_IN_2_SHARE})",
    )
    parser.add_argument("--dir", type=Path, default=SET_DIR, help="where the files are")
    parser.add_argument("--check", action="store_true", help="re-prove every puzzle instead")
    args = parser.parse_args()
    if args.check:
        return 1 if check(args.dir) else 0
    sizes = [int(text) for text in args.sizes.split(",")]
    if any(size not in SIZES for size in sizes):
        parser.error(f"--sizes: choose among {SIZES}")
    existing = {size: read_puzzles(set_path(size, args.dir)) for size in SIZES}
    next_id = 1 + max((p.id for found in existing.values() for p in found), default=0)
    for size in sizes:
        start = time.process_time()
        tally: Tally | None = None
        if size == 3:
            fresh = make_3x3(existing[size], next_id)
        else:
            fresh, tally, dropped = make_more(
                size, existing[size], next_id, args.count, args.seed, args.win_in_2_share
            )
            print(
                f"{size}x{size} dropped: "
                + (", ".join(f"{n} {why}" for why, n in dropped.items()) or "none")
            )
        seconds = time.process_time() - start
        if fresh:
            path = set_path(size, args.dir)
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as out:
                out.writelines(puzzle_line(puzzle) + "\n" for puzzle in fresh)
        next_id += len(fresh)
        existing[size] += fresh
        report(size, existing[size], len(fresh), tally, seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
