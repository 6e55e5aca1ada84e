"""The shipped puzzle set: every puzzle re-proven from scratch, and the set's own promises.

Each puzzle gets a fresh prover, as tools/make_puzzles.py gave it before shipping: exactly one
winning first move, the same solution line (fastest wins against the longest defences), the
same win_in and the same initial rating. On 4x4 the uniqueness is proven a second time by the
other exact solver (the win/draw/loss one), which shares no search code with ``analyze``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bot.engine.classic.puzzles import (
    MAX_WIN_IN,
    MIN_WIN_IN,
    SIZES,
    Puzzle,
    Verdict,
    every_3x3_puzzle,
    initial_rating,
    prove,
    screen,
    shipped,
)
from bot.engine.classic.puzzles.maker import canonical_key
from bot.engine.classic.puzzles.puzzle_set import K_OF_SIZE, puzzle_line, set_path
from bot.engine.classic.wdl_solver import WIN, WdlSolver

ROOT = Path(__file__).resolve().parents[4]
PUZZLES = list(shipped())


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda puzzle: f"#{puzzle.id}")
def test_every_shipped_puzzle_is_re_proven(puzzle: Puzzle) -> None:
    board = puzzle.board
    assert board.notation == puzzle.position
    assert (board.size, board.k, board.to_move) == (puzzle.size, puzzle.k, puzzle.to_move)
    assert puzzle.k == K_OF_SIZE[puzzle.size]
    proof = prove(board)
    assert proof.verdict is Verdict.UNIQUE
    assert proof.winning_moves == (puzzle.solution[0],)
    assert proof.line == puzzle.solution
    assert proof.win_in == puzzle.win_in == (len(puzzle.solution) + 1) // 2
    assert puzzle.rating == initial_rating(board, puzzle.solution)
    end = board
    for move in puzzle.solution:
        end = end.play(move)
    assert end.winner is puzzle.to_move
    if puzzle.size == 3:
        assert puzzle.win_in == MIN_WIN_IN
    else:
        assert MIN_WIN_IN <= puzzle.win_in <= MAX_WIN_IN
        assert screen(board) is None  # no win in one, no forced block
    if puzzle.size == 4:  # the other exact solver agrees: one winning move, the same
        solver = WdlSolver(board.geometry)
        me, opp = board.sides
        values = solver.move_values(me, opp)
        winning = [board.geometry.moves[cell] for cell, value in values.items() if value == WIN]
        assert winning == [puzzle.solution[0]]


def test_3x3_ships_exactly_every_3x3_puzzle() -> None:
    shipped_3x3 = sorted(p.position for p in shipped().of_size(3))
    assert len(shipped_3x3) == 288
    assert shipped_3x3 == sorted(proof.board.notation for proof in every_3x3_puzzle())


@pytest.mark.parametrize("size", [4, 5])
def test_4x4_and_5x5_hold_300_puzzles_each_no_two_alike_under_symmetry(size: int) -> None:
    puzzles = shipped().of_size(size)
    assert len(puzzles) >= 300
    keys = {canonical_key(puzzle.board) for puzzle in puzzles}
    assert len(keys) == len(puzzles)
    lengths = {puzzle.win_in for puzzle in puzzles}
    assert {2, 3, 4} <= lengths <= set(range(MIN_WIN_IN, MAX_WIN_IN + 1))
    # at most half win in 2 (tools/make_puzzles.py --win-in-2-share), so longer wins are there
    assert sum(puzzle.win_in == 2 for puzzle in puzzles) <= len(puzzles) // 2


def test_ids_are_unique_and_each_file_is_in_id_order_as_the_tool_writes_it() -> None:
    ids = [puzzle.id for puzzle in PUZZLES]
    assert len(ids) == len(set(ids)) and min(ids) >= 1
    for size in SIZES:
        lines = set_path(size).read_text(encoding="utf-8").splitlines()
        puzzles = shipped().of_size(size)
        assert lines == [puzzle_line(puzzle) for puzzle in puzzles]


def test_the_files_are_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["bot.engine.classic.puzzles"]
    package = ROOT / "bot" / "engine" / "classic" / "puzzles"
    for size in SIZES:
        assert any(set_path(size).match(str(package / pattern)) for pattern in patterns)
