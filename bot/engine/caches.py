"""How much memory the engine's caches may keep: one budget in bytes, shared between them.

Three caches live between decisions: the best moves per position (:mod:`perfect`), the exact
solvers' transposition tables (:mod:`solver`) and the 5x5 win/draw/loss table
(:mod:`perfect_5x5`). Each registers itself (:func:`register`), reports the bytes it holds
(:func:`usage`) and is emptied in place when it would pass its share of the budget
(:data:`SHARES`), or by :func:`empty_caches` (a cold start, as a fresh process makes).
Pure: an adapter calls :func:`set_cache_budget` at start-up (``ENGINE_CACHE_MB``). How the
bytes are counted and why: docs/decisions.md.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

DEFAULT_BUDGET_BYTES = 64 * 2**20
"""The budget when nobody sets one (``ENGINE_CACHE_MB`` defaults to 64)."""

# How the budget is shared: most goes to the tables, which make cold decisions fast.
SHARES = {"best_moves": 0.25, "tables": 0.40, "wdl": 0.35}
# Each share's floor, whatever the budget: the tables' floor holds one whole 4x4 search, or a
# search emptied halfway would redo its work (the figures: docs/decisions.md).
_FLOORS = {"best_moves": 2**18, "tables": 8 * 2**20, "wdl": 2**20}

DICT_BYTES_PER_ENTRY_MAX = 61
"""The most a dict of 64 entries or more costs per entry (CPython 3.11, 64-bit; derived in
docs/decisions.md): what turns the 5x5 table's share into an entry limit."""


def allocated(size: int) -> int:
    """Bytes an object of ``size`` bytes really takes: CPython's small-object allocator
    rounds requests up to 512 bytes to a multiple of 16 (larger ones go to malloc as is)."""
    return size if size > 512 else -(-size // 16) * 16


def int_bytes(bits: int) -> int:
    """Bytes an int of up to ``bits`` bits takes (0 to 2**bits - 1; 32 up to 60 bits)."""
    return allocated(sys.getsizeof((1 << max(bits, 1)) - 1))


_PACKED_VALUE_BYTES = int_bytes(30)  # the tables' packed entries (solver.py, wdl_solver.py)


def int_table_bytes(table: dict[int, int], key_bits: int) -> int:
    """What a table of int keys (up to ``key_bits`` bits) to packed int values holds."""
    return sys.getsizeof(table) + len(table) * (int_bytes(key_bits) + _PACKED_VALUE_BYTES)


def wdl_entry_limit(share: int, key_bits: int) -> int:
    """Entries the 5x5 table may take within ``share`` bytes, its dict at its worst fill."""
    return share // (DICT_BYTES_PER_ENTRY_MAX + int_bytes(key_bits) + _PACKED_VALUE_BYTES)


class CacheLimits:
    """Each cache's share of the budget, in bytes; :data:`LIMITS` is the one the engine reads."""

    __slots__ = ("best_moves", "budget_bytes", "tables", "wdl")

    def __init__(self, budget_bytes: int) -> None:
        self.budget_bytes = 0
        self.best_moves = self.tables = self.wdl = 0
        self.set(budget_bytes)

    def set(self, budget_bytes: int) -> None:
        if budget_bytes < 1:
            raise ValueError(f"The engine's cache budget must be positive, not {budget_bytes}.")
        self.budget_bytes = budget_bytes
        for name, part in SHARES.items():
            setattr(self, name, max(_FLOORS[name], int(budget_bytes * part)))

    def share(self, name: str) -> int:
        """The share of the cache called ``name`` (one of :data:`SHARES`), in bytes."""
        value: int = getattr(self, name)
        return value


LIMITS = CacheLimits(DEFAULT_BUDGET_BYTES)

_CACHES: dict[str, tuple[Callable[[], int], Callable[[], None]]] = {}


def register(name: str, meter: Callable[[], int], empty: Callable[[], None]) -> None:
    """Let :func:`usage` ask the cache ``name`` (one of :data:`SHARES`) what it holds, and
    :func:`set_cache_budget` empty it; each cache's module registers itself on import."""
    _CACHES[name] = (meter, empty)


def usage() -> dict[str, int]:
    """Bytes each cache holds now by its own count (0 for a cache never loaded)."""
    return {name: _CACHES[name][0]() if name in _CACHES else 0 for name in SHARES}


def empty_caches() -> None:
    """Empty every cache now: the next decisions are a fresh process's (cold), whatever this
    one decided before; a position too big to solve stays too big, and the positions examined
    are counted from nothing."""
    for _meter, empty in _CACHES.values():
        empty()


def set_cache_budget(budget_bytes: int) -> None:
    """Let the engine's caches keep about ``budget_bytes`` (call at start-up); a cache
    already past its new share is emptied now."""
    LIMITS.set(budget_bytes)
    for name, (meter, empty) in _CACHES.items():
        if meter() > LIMITS.share(name):
            empty()
