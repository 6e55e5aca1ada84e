"""``perfect`` on 5x5 against an adversary: a seeded sample of ``tools/verify_5x5.py``.

The full run (every adversary reply for three moves, both colours) takes minutes and is run
by hand; here the adversary tries its best reply and one other at random at each of its first
three moves (a fixed seed), then plays the exact solver's moves. The referee checks every move
of ``perfect``: no loss, no move into a lost position, no win let go, every win at the fastest
distance. Two weakened players show the checks can fail.
"""

from __future__ import annotations

import pytest
from verify_5x5 import Chooser, Summary, Verification, perfect

from bot.engine import Move, Player
from bot.engine.classic import Board
from bot.engine.classic.book import BOOK_MARKS, book_move, load_book
from bot.engine.classic.wdl_solver import DRAW, WdlSolver

EMPTY = Board.empty(5, 4)
GEO = EMPTY.geometry
CENTRE = EMPTY.play(Move(2, 2))  # the book's first move: O's side starts after it
REFEREE = WdlSolver(GEO)  # shared: its table holds only facts, and the early solves repeat


def sample(bot: Player, chooser: Chooser = perfect) -> Summary:
    """A seeded sample: as X from the empty board (a known draw), as O after the centre."""
    run = Verification(bot, chooser=chooser, branch=3, sample=2, seed=0, referee=REFEREE)
    return run.run(value=DRAW) if bot is Player.X else run.run(CENTRE)


@pytest.mark.slow
@pytest.mark.parametrize("bot", [Player.X, Player.O])
def test_perfect_holds_against_the_sampled_adversary(bot: Player) -> None:
    summary = sample(bot)
    assert summary.failures == []
    assert summary.lines["drawn"] > 0  # the adversary's best lines were played out
    assert summary.lines["lost"] == 0
    assert summary.decisions >= 20


def careless(board: Board) -> Move:
    """``perfect`` until 8 marks, then the first free cell."""
    return perfect(board) if board.moves_played < 8 else board.legal_moves[0]


@pytest.mark.slow
def test_the_referee_catches_a_move_into_a_lost_position() -> None:
    summary = sample(Player.O, careless)
    assert summary.lines["lost"] > 0
    assert any("moved into a lost position" in text for text in summary.failures)


_SLOW = WdlSolver(GEO)


def slow_winner(board: Board) -> Move:
    """The book, then a move the solver proves keeps the value: wins, but not the fastest."""
    me, opp = board.sides
    found = book_move(GEO, me, opp, load_book()) if board.moves_played < BOOK_MARKS else None
    return GEO.moves[(found or _SLOW.best_move(me, opp))[0]]


def test_the_referee_catches_a_win_slower_than_the_fastest() -> None:
    summary = sample(Player.X, slow_winner)
    assert summary.lines["lost"] == 0
    assert any("not the fastest" in text for text in summary.failures)
