"""Where ``strongest``'s search runs compiled: loading the kernel (:mod:`.kernel`, Numba) and
running it in slices against the clock, for :func:`bot.engine.ultimate.search.search`.

The kernel costs about 1 s and 120 MB to load (10 s to compile on a machine's first run), so it
is loaded only where ``strongest`` plays, and never in a short move's time: until it is loaded,
such a move searches in Python. Why: docs/decisions.md, "Ultimate against independent engines".
"""

from __future__ import annotations

import logging
import random
import threading
import time
from typing import TYPE_CHECKING

from .playout import SearchPosition
from .tables import Square

if TYPE_CHECKING:
    from .kernel import RootMove

log = logging.getLogger(__name__)

LOAD_SECONDS = 2.0
"""A compiled search given less time than this, with the kernel not loaded yet, runs in Python
instead: loading takes about 1 s from Numba's cache (about 10 s when it compiles, on a
machine's first run: ``make`` does it at install) and about 120 MB, which a process pays only
once it plays ``strongest`` or gives an ultimate hint (the bot: :func:`prepare_kernel`
``(wait=False)``)."""
_loading = threading.Lock()
_loaded = threading.Event()
_background: list[threading.Thread] = []  # the one loading thread, once started
_starting = threading.Lock()
_failed = threading.Event()


def kernel_loaded() -> bool:
    """Whether the compiled kernel is loaded in this process."""
    return _loaded.is_set()


def prepare_kernel(*, wait: bool = True) -> bool:
    """Load the compiled kernel (compiled on a machine's first run, about 10 s; from Numba's
    cache after, under a second) and return whether it is loaded. With ``wait=False`` it loads
    in a background thread (started once) and returns at once. Safe from any thread."""
    if _loaded.is_set():
        return True
    if not wait:
        with _starting:
            if not _background:
                loader = threading.Thread(target=_load_in_background, name="kernel", daemon=True)
                _background.append(loader)
                loader.start()
        return False
    return _load()


def _load() -> bool:
    """Load the kernel once, whichever thread comes first; the others wait for it."""
    with _loading:
        if not _loaded.is_set():
            from .kernel import warm  # Numba takes about half a second to import

            warm()
            _loaded.set()
    return True


def _load_in_background() -> None:
    try:
        _load()
    except Exception:  # the searches go on in Python; the log says why
        _failed.set()
        log.exception("ultimate's compiled kernel did not load; strongest searches in Python")


def at_hand(simulations: int | None, seconds: float) -> bool:
    """Whether the compiled kernel serves a search: once loaded; loaded first for a budget of
    simulations (which must repeat) or time enough to load it (:data:`LOAD_SECONDS`) while
    no other thread is loading it. Otherwise, or once loading it failed, the Python search
    serves."""
    if _loaded.is_set():
        return True
    if _failed.is_set() or (simulations is None and (seconds < LOAD_SECONDS or _loading.locked())):
        return False
    try:
        return prepare_kernel()
    except Exception:  # the search goes on in Python; the log says why
        _failed.set()
        log.exception("ultimate's compiled kernel did not load; strongest searches in Python")
        return False


_MARGIN = 0.01
"""Seconds the compiled search leaves before its deadline: releasing its tree and building the
result take a few milliseconds, and a slice can run long on a busy machine (measured: without
it, a 1 s move's p99 was 1.002 s on the wall clock)."""
_SLICE = 2_000
"""Simulations the compiled kernel runs between two looks at the clock (about 2 ms)."""
_CAPACITY = 4_000_000
"""The compiled tree's most nodes (about 280 MB at most, touched only as used): about 8 s of
search; a longer one stops when the tree is full."""


def run_compiled(
    root_pos: SearchPosition,
    safe: list[Square],
    deadline: float,
    simulations: int | None,
    rng: random.Random,
    exploration: float,
    alpha: float,
) -> tuple[list[RootMove], float | None, int]:
    """The search in the compiled kernel (loaded: :func:`prepare_kernel`) of ``root_pos``,
    whose safe moves are ``safe``: the root's expansion and at least one slice of simulations,
    then more while two more would fit before ``deadline`` (``time.perf_counter()``'s) less
    :data:`_MARGIN`, up to
    ``simulations`` if given. Returns the root's children, its proof for the side that made its
    move (None if unproven) and the simulations run."""
    from .kernel import Tree

    limit = simulations if simulations is not None else 1 << 62
    capacity = min(_CAPACITY, limit + len(safe) + 1)  # the root, its children, one a simulation
    state = (root_pos.open, root_pos.forced, root_pos.turn, root_pos.result)
    tree = Tree(root_pos.marks, root_pos.won, state, safe, capacity, rng.getrandbits(32))
    count, now = tree.expand_root(), time.perf_counter()
    slice_took = 0.0  # the last slice's seconds: another is begun only if it fits
    first, stop = True, deadline - _MARGIN
    while count < limit and tree.proven is None and not tree.full:
        if not first and now + 2 * slice_took >= stop:  # 2: room for the clock's jitter
            break
        first = False
        count += tree.simulate(min(_SLICE, limit - count), exploration, alpha)
        slice_took = time.perf_counter() - now
        now += slice_took
    return tree.root_moves(), tree.proven, count
