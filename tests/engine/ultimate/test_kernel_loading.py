"""``strongest``'s compiled kernel never costs a short move its load: until it is loaded, a
move too short to load it searches in Python, and the bot's first ``strongest`` move starts
loading it in the background (each check in a fresh process, whose modules are its own)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from engine_cli_runner import REPO

SHORT_MOVES = """
import json, random, sys
from bot.engine.ultimate import UltimateBoard, analyze, prepare
from bot.engine.ultimate.compiled import kernel_loaded
board = UltimateBoard()
short = analyze(board, "strongest", random.Random(1), seconds=0.02)
before = {"numba": "numba" in sys.modules, "loaded": kernel_loaded()}
prepare()
loaded = analyze(board, "strongest", random.Random(1), seconds=0.02)
print(json.dumps({"before": before, "loaded": kernel_loaded(),
                  "simulations": [short.simulations, loaded.simulations]}))
"""

THE_BOTS_FIRST_MOVE = """
import json, random, sys, time
from bot.engine.ultimate import UltimateBoard
from bot.engine.ultimate.compiled import kernel_loaded
from bot.games.variants.ultimate import ULTIMATE
ULTIMATE.choose_move(UltimateBoard(), "hard", random.Random(1), None)
after_hard = "numba" in sys.modules
ULTIMATE.choose_move(UltimateBoard(), "strongest", random.Random(1), None)
waited = 0.0
while not kernel_loaded() and waited < 120:
    time.sleep(0.1)
    waited += 0.1
print(json.dumps({"after_hard": after_hard, "later": kernel_loaded()}))
"""


def run(script: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=REPO
    )
    figures: dict[str, object] = json.loads(done.stdout)
    return figures


@pytest.mark.processes
def test_a_short_move_searches_in_python_until_the_kernel_is_loaded() -> None:
    figures = run(SHORT_MOVES)
    assert figures["before"] == {"numba": False, "loaded": False}, "a 0.02 s move loaded Numba"
    assert figures["loaded"] is True
    python, compiled = figures["simulations"]  # type: ignore[misc]
    # Python makes about 700 simulations in 0.02 s; the kernel at least one slice of 2,000.
    assert 0 < python < 2_000 <= compiled


@pytest.mark.processes
def test_the_bots_first_strongest_move_loads_the_kernel_in_the_background() -> None:
    figures = run(THE_BOTS_FIRST_MOVE)
    assert figures == {"after_hard": False, "later": True}
