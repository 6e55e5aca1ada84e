"""How much memory the engine's caches may keep: one budget in bytes, shared between them.

The engine keeps three caches between decisions, each a dict that is emptied when it reaches
its entry limit: the best moves per position (:mod:`perfect`), the exact solvers'
transposition tables (:mod:`solver`, one per board shape) and the 5x5 win/draw/loss table
(:mod:`perfect_5x5`). The limits below turn a byte budget into entries with the measured
size of one entry, so the operator sets megabytes (``ENGINE_CACHE_MB``) instead of entry
counts nobody can translate into memory.

Bytes per entry were measured with ``tracemalloc`` while random games filled each cache
(``python bench/steady.py`` prints the measurement next to these constants): the key (an
``int`` object, 32 bytes for 4x4 keys), the value, and the dict's own slots at their usual
fill, rounded up. One search may add up to ``solver.NODE_BUDGET`` entries on top before the
next decision trims its table, so the resident total can pass the budget for a moment.

Pure: no settings are read here. An adapter calls :func:`set_cache_budget` at start-up.
"""

from __future__ import annotations

DEFAULT_BUDGET_BYTES = 64 * 2**20
"""The budget when nobody sets one (``ENGINE_CACHE_MB`` defaults to 64)."""

BEST_MOVES_ENTRY_BYTES = 200  # int key + tuple of 1-16 shared Move objects + dict slot
TABLE_ENTRY_BYTES = 110  # int key + packed int value + dict slot (measured ~104)
WDL_ENTRY_BYTES = 110  # same shape as the exact solver's table

# How the budget is shared: most goes to the tables, which make cold decisions fast.
_SHARES = {"best_moves": 0.25, "tables": 0.40, "wdl": 0.35}


class CacheLimits:
    """Entry limits of each cache; :data:`LIMITS` is the one the engine reads."""

    __slots__ = ("best_moves", "budget_bytes", "tables", "wdl")

    def __init__(self, budget_bytes: int) -> None:
        self.budget_bytes = 0
        self.best_moves = self.tables = self.wdl = 0
        self.set(budget_bytes)

    def set(self, budget_bytes: int) -> None:
        if budget_bytes < 1:
            raise ValueError(f"The engine's cache budget must be positive, not {budget_bytes}.")
        self.budget_bytes = budget_bytes
        share = {name: int(budget_bytes * part) for name, part in _SHARES.items()}
        self.best_moves = max(1_000, share["best_moves"] // BEST_MOVES_ENTRY_BYTES)
        self.tables = max(10_000, share["tables"] // TABLE_ENTRY_BYTES)
        self.wdl = max(10_000, share["wdl"] // WDL_ENTRY_BYTES)


LIMITS = CacheLimits(DEFAULT_BUDGET_BYTES)


def set_cache_budget(budget_bytes: int) -> None:
    """Let the engine's caches keep about ``budget_bytes`` between decisions (call at
    start-up; a cache already past its new limit is trimmed on its next insert)."""
    LIMITS.set(budget_bytes)
