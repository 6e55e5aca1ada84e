"""5x5 and 6x6 boards: too big to solve exactly early on, so analyze() says so in a sentence
(SearchTooLargeError, an EngineError) instead of running for hours, and every level still moves.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine import EngineError, Move, Player, SearchTooLargeError, Value
from bot.engine.classic import LEVELS, Board, analyze, choose_move


@pytest.mark.slow
def test_early_5x5_analysis_is_refused_with_a_sentence() -> None:
    with pytest.raises(SearchTooLargeError) as info:
        analyze(Board.empty(5, 4))
    assert isinstance(info.value, EngineError)
    message = str(info.value)
    assert "5x5" in message and message.endswith(".")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_still_moves_on_an_empty_5x5(level: str) -> None:
    board = Board.empty(5, 4)
    assert choose_move(board, level, random.Random(0)) in board.legal_moves


@pytest.mark.slow
def test_late_5x5_positions_are_solved_exactly() -> None:
    # X to move wins at once on the top row (k=4); plenty of empty cells remain.
    board = Board.from_notation("XXX../OO.../O..../...../.....", k=4)
    analysis = analyze(board)
    assert analysis.value is Value.WIN
    assert analysis.moves[0].plies == 1
    assert set(analysis.best_moves) == {Move(0, 3)}
    assert choose_move(board, "perfect", random.Random(0)) == Move(0, 3)
    assert board.play(Move(0, 3)).winner is Player.X


@pytest.mark.processes
def test_cli_reports_a_too_big_position_without_a_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot.engine", "--k", "4", "...../...../...../...../....."],
        cwd=Path(__file__).resolve().parents[3],
        capture_output=True, text=True, timeout=120, check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0  # the heuristic's move, labelled an estimate
    assert "Traceback" not in output
    assert "5x5" in output
