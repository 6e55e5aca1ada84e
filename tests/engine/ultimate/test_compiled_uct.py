"""bench/uct.c, the compiled plain UCT bench/ultimate.py plays against, keeps the engine's rules:
its legal moves, game results and 2-ply move counts agree with ``UltimateBoard`` on positions
of random games, and its move is legal. Skipped where there is no C compiler."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

import _ultimate_c
import ultimate as bench
from _ultimate_c import BuildError, CompiledUct, build

from bot.engine.ultimate import UltimateBoard
from bot.engine.ultimate.tables import MOVES, square_of

RESULTS = {None: -1, "X": 0, "O": 1}


def random_positions(count: int, seed: int) -> list[tuple[UltimateBoard, list[int]]]:
    """Positions of uniformly random games, anywhere from the start to the end, with the
    squares that reach them (the bench's sampler, finished games kept)."""
    return bench.sample_positions(count, seed, plies=81, finished=True)


def result_of(board: UltimateBoard) -> int:
    if not board.is_over:
        return -1
    return 2 if board.winner is None else RESULTS[board.winner.value]


def perft(board: UltimateBoard, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(board.play(move), depth - 1) for move in board.legal_moves)


@pytest.fixture(scope="module")
def uct(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CompiledUct]:
    try:
        program = build(tmp_path_factory.mktemp("uct"))
    except BuildError as error:
        pytest.skip(str(error))
    with CompiledUct(program, seed=7) as process:
        yield process


@pytest.mark.processes
def test_legal_moves_and_results_agree_with_the_engine(uct: CompiledUct) -> None:
    positions = random_positions(400, seed=36)
    assert sum(board.is_over for board, _ in positions) > 20
    for board, squares in positions:
        legal = sorted(square_of(move) for move in board.legal_moves)
        assert uct.legal(squares) == (result_of(board), legal), board.notation


@pytest.mark.processes
def test_perft_counts_agree_with_the_engine(uct: CompiledUct) -> None:
    assert [uct.perft([], depth) for depth in range(1, 5)] == [81, 720, 6336, 55080]
    for board, squares in random_positions(200, seed=37):
        assert uct.perft(squares, 2) == perft(board, 2), board.notation


@pytest.mark.processes
def test_its_move_is_legal(uct: CompiledUct) -> None:
    positions = [(b, s) for b, s in random_positions(200, seed=38) if not b.is_over]
    for board, squares in positions[:120]:
        square, iterations = uct.move(squares, 0.003)
        assert MOVES[square] in board.legal_moves, board.notation
        assert iterations > 0


@pytest.mark.processes
def test_its_random_playouts_run(uct: CompiledUct) -> None:
    assert uct.playouts([40], 0.01) > 0


def test_the_bench_skips_the_row_in_one_line_without_a_compiler(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_ultimate_c.shutil, "which", lambda name: None)
    program = bench.compiled_program()
    assert program == "no C compiler (cc) on PATH"
    rows, games = bench.compiled_rows(program, 100, 1.0, seed=1, jobs=1)
    assert rows == [("strongest vs compiled UCT", f"skipped: {program}", "", None)]
    assert games == []


def test_paired_openings_and_the_verdict() -> None:
    openings = bench.openings(50, seed=3)
    assert len(set(openings)) > 40
    for first, second in openings:
        assert MOVES[second] in UltimateBoard().play(MOVES[first]).legal_moves
    assert bench.compiled_verdict(0.56, 100, 1.0) is True
    assert bench.compiled_verdict(0.54, 120, 1.0) is False
    assert bench.compiled_verdict(0.6, 20, 0.2) == "met, but under 100 games and under 1 s a move"
