"""The engine's caches keep within a budget in bytes (bot/engine/caches.py), set at start-up,
count what they hold honestly, and free what a finished search held at once."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import subprocess
import sys
import tracemalloc
import weakref
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from reachable import live_positions

from bot.engine import Move
from bot.engine.caches import (
    DEFAULT_BUDGET_BYTES,
    DICT_BYTES_PER_ENTRY_MAX,
    LIMITS,
    SHARES,
    empty_caches,
    set_cache_budget,
    usage,
    wdl_entry_limit,
)
from bot.engine.classic import Board, best_moves
from bot.engine.classic.perfect import cached_best_moves
from bot.engine.classic.perfect_5x5 import perfect_move
from bot.engine.classic.solver import CHECK_EVERY, Solver
from bot.engine.classic.wdl_solver import Stopped, fastest_win
from bot.settings import Settings
from bot.startup import open_service

HELPERS = Path(__file__).resolve().parents[1] / "helpers"
"""tests/helpers/: the shared position walker a child process imports."""


@pytest.fixture
def budget() -> Iterator[None]:
    """Every test leaves the default budget behind it."""
    yield
    set_cache_budget(DEFAULT_BUDGET_BYTES)


def opening_4x4(rng: random.Random, marks: int = 2) -> Board:
    """A 4x4 board after ``marks`` random moves (two or three: the hardest to solve)."""
    board = Board.empty(4)
    for _ in range(marks):
        board = board.play(rng.choice(board.legal_moves))
    return board


def test_the_default_budget_is_64_mb_shared_between_the_caches() -> None:
    assert DEFAULT_BUDGET_BYTES == 64 * 2**20
    assert LIMITS.budget_bytes == DEFAULT_BUDGET_BYTES
    assert sum(LIMITS.share(name) for name in SHARES) <= DEFAULT_BUDGET_BYTES


def test_the_best_move_cache_stays_within_its_share(budget: None) -> None:
    set_cache_budget(2**20)  # best moves: their floor, 256 KB, about 2,000 positions
    positions = live_positions()
    held = []
    for board in positions:
        best_moves(board)
        held.append(usage()["best_moves"])
        assert held[-1] <= LIMITS.best_moves
    assert max(held) > 0.9 * LIMITS.best_moves  # it was filled ...
    cached = sum(cached_best_moves(board.key) is not None for board in positions)
    assert 0 < cached < len(positions) / 2  # ... and emptied on the way
    assert cached_best_moves(positions[-1].key) == best_moves(positions[-1])  # still a cache


def test_the_solver_tables_stay_within_their_share(budget: None) -> None:
    set_cache_budget(2**20)  # tables: their floor, 8 MB, a few of the hardest 4x4 searches
    rng = random.Random(5)
    held = []
    for _ in range(15):
        best_moves(opening_4x4(rng, 3))
        held.append(usage()["tables"])
        assert held[-1] <= LIMITS.tables
    assert max(held) > LIMITS.tables / 2
    assert any(later < earlier for earlier, later in pairwise(held))


def test_a_lower_budget_empties_a_cache_past_its_new_share_at_once(budget: None) -> None:
    for board in live_positions():
        best_moves(board)
    before = usage()["best_moves"]
    set_cache_budget(2**20)
    assert before > LIMITS.best_moves >= usage()["best_moves"]


def test_emptying_the_caches_leaves_each_as_cold_and_the_answers_the_same() -> None:
    """A cold start in this process, as a fresh one makes: every cache holds what it held
    empty, and each position is searched again, to the same moves."""
    boards = [Board.from_notation("X.O/.X./..."), opening_4x4(random.Random(9))]
    five = Board.from_notation("XO.../.OX../..X../...../.....", k=4)

    def answers() -> tuple[list[tuple[Move, ...]], Move]:
        return [best_moves(board) for board in boards], perfect_move(five)

    first = answers()  # every cache is loaded (its table made) by now
    empty_caches()
    cold = usage()
    assert all(cached_best_moves(board.key) is None for board in boards)
    assert answers() == first
    assert all(usage()[name] > cold[name] for name in SHARES)
    empty_caches()
    assert usage() == cold


def test_a_search_trims_its_table_as_it_goes_and_still_answers_exactly() -> None:
    geo = Board.empty(4).geometry
    seen: list[int] = []

    def trim() -> None:
        seen.append(len(solver.table))
        if len(solver.table) > 10_000:
            solver.table.clear()

    solver = Solver(geo, trim)
    rng = random.Random(7)
    for _ in range(2):
        me, opp = opening_4x4(rng).sides
        trimmed = solver.search().score_moves(me, opp, exact=True)
        assert trimmed == Solver(geo).search().score_moves(me, opp, exact=True)
    assert len(seen) > 2 * 3  # at the start, on the way and at the end of each search
    assert max(seen) <= 10_000 + CHECK_EVERY
    assert any(size > 10_000 for size in seen)


def test_a_finished_search_is_freed_at_once_with_what_it_holds() -> None:
    gc.disable()  # the cycle collector must not be needed
    try:
        search = Solver(Board.empty(4).geometry).search()
        search.score_moves(*opening_4x4(random.Random(8), 3).sides, exact=True)
        function = weakref.ref(search.negamax)  # it holds the search's table
        del search
        assert function() is None
    finally:
        gc.enable()


def test_the_fastest_win_search_leaves_no_table_behind() -> None:
    board = Board.from_notation("...../...../..X../...../.....", k=4)
    gc.disable()  # the cycle collector must not be needed
    try:
        with pytest.raises(Stopped):
            fastest_win(board.geometry, *board.sides, budget=1_000)  # first-use tables
        tracemalloc.start()
        try:
            with pytest.raises(Stopped):
                fastest_win(board.geometry, *board.sides, budget=6_000)
            left, _ = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    finally:
        gc.enable()
    assert left < 100_000  # its tables held 200 KB when they waited for the collector


# A fresh interpreter: every allocation the caches make is traced, none made before counts.
ACCOUNTING_CHILD = """
import gc, json, random, sys, tracemalloc
sys.path.insert(0, sys.argv[1])  # tests/helpers/, for the shared position walker
from bot.engine import Move
from bot.engine.classic import Board, best_moves
from bot.engine.caches import usage
from bot.engine.classic.solver import Solver
from reachable import live_positions
for size in (3, 4):  # the boards' lazy tables, without touching the caches
    board = Board.empty(size)
    Solver(board.geometry).search().score_moves(*board.sides, exact=False)
positions = live_positions()[::3]
rng = random.Random(9)
opening = Board.empty(4)
for _ in range(4):
    opening = opening.play(rng.choice(opening.legal_moves))
gc.collect()
tracemalloc.start()
for board in positions:
    best_moves(board)
best_moves(opening)
gc.collect()
print(json.dumps({"traced": tracemalloc.get_traced_memory()[0], "counted": usage()}))
"""


@pytest.mark.processes
def test_the_caches_count_at_least_what_tracemalloc_sees_them_hold() -> None:
    result = subprocess.run(
        [sys.executable, "-c", ACCOUNTING_CHILD, str(HELPERS)],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    counted, traced = sum(figures["counted"].values()), figures["traced"]
    assert figures["counted"]["best_moves"] > 2**17 and figures["counted"]["tables"] > 2**18
    # tracemalloc sees the bytes asked for (28 for an int); the count rounds them up to what
    # the allocator hands out (32), and includes the boards' keys, made before tracing.
    assert traced <= counted <= 1.2 * traced


def test_no_dict_costs_more_per_entry_than_the_5x5_limit_assumes() -> None:
    table: dict[int, int] = {}
    worst = 0.0
    for key in range(1, 300_000):
        table[key << 30] = key
        if key >= 64:
            worst = max(worst, sys.getsizeof(table) / key)
    assert DICT_BYTES_PER_ENTRY_MAX - 5 < worst <= DICT_BYTES_PER_ENTRY_MAX
    assert wdl_entry_limit(2**20, 50) * (DICT_BYTES_PER_ENTRY_MAX + 64) <= 2**20


def test_a_bad_budget_is_refused(budget: None) -> None:
    with pytest.raises(ValueError, match="positive"):
        set_cache_budget(0)


def test_the_service_applies_engine_cache_mb(budget: None, tmp_path: Path) -> None:
    async def open_and_close() -> None:
        settings = Settings(database_path=tmp_path / "g.db", engine_cache_mb=80)
        service = await open_service(settings)
        await service.close()

    asyncio.run(open_and_close())
    assert LIMITS.budget_bytes == 80 * 2**20
    assert LIMITS.tables == 80 * 2**20 * 40 // 100
