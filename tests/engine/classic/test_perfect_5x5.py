"""``perfect`` on 5x5 with four in a row wins at the fastest distance, as far as it promises.

The promise (bot/engine/perfect_5x5.py): in a won position it plays the first move of a
fastest forced win whenever :func:`fastest_win` proves one within ``FASTEST_WIN_BUDGET``
positions, and otherwise still a winning move. The distances here come from the general
solver (bot/engine/solver.py, which scores wins by their length), with its node budget
lifted. Play against the adversary is checked by tests/engine/classic/test_verify_5x5.py.
"""

from __future__ import annotations

import random

import pytest

import bot.engine.classic.perfect_5x5 as perfect_5x5
import bot.engine.classic.solver as general
from bot.engine import Move
from bot.engine.classic import Board, choose_move
from bot.engine.classic.geometry import Geometry
from bot.engine.classic.wdl_solver import WIN, WdlSolver, fastest_win

GEO = Board.empty(5, 4).geometry

# Forced wins for the side to move, from 4 to 9 marks: (notation, fastest win in plies).
KNOWN_WINS = [
    ("...../...../.OXX./...../.O...", 7),
    ("...../.X.../.OXX./...../.O..O", 5),
    ("X..../X..../O.O../X..../.....", 7),
    ("...../X.X../O.O../X..../.....", 11),
    ("...../.O.../..OXX/...../....X", 9),
    ("...X./..XO./OX.X./O.O../.....", 5),  # issue 12: perfect as O once moved into it
]


def fastest_moves(board: Board) -> tuple[set[Move], int]:
    """The general solver's fastest winning moves and their length in plies."""
    scores = general.Solver(GEO).search().score_moves(*board.sides, exact=False)
    top = max(score for _, score in scores)
    assert top > 0, board.notation  # a win: it scores empty cells left after it, plus one
    empties = GEO.cells - board.moves_played
    return {GEO.moves[cell] for cell, score in scores if score == top}, empties + 1 - top


@pytest.fixture
def unlimited_general_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(general, "NODE_BUDGET", 10**8)


@pytest.mark.slow
@pytest.mark.usefixtures("unlimited_general_solver")
@pytest.mark.parametrize(("notation", "plies"), KNOWN_WINS)
def test_perfect_starts_the_fastest_win(notation: str, plies: int) -> None:
    board = Board.from_notation(notation, k=4)
    fastest, distance = fastest_moves(board)
    assert distance == plies
    found = fastest_win(GEO, *board.sides)
    assert found is not None and found[1] == plies
    assert choose_move(board, "perfect", random.Random(0)) in fastest


@pytest.mark.usefixtures("unlimited_general_solver")
@pytest.mark.parametrize(("notation", "plies"), KNOWN_WINS)
def test_perfect_wins_in_the_fastest_plies_against_the_slowest_defence(
    notation: str, plies: int
) -> None:
    board = start = Board.from_notation(notation, k=4)
    bot = board.to_move
    while not board.is_over:
        if board.to_move is bot:
            board = board.play(choose_move(board, "perfect", random.Random(0)))
        else:  # the loser's slowest loss: the general solver's best score
            scores = general.Solver(GEO).search().score_moves(*board.sides, exact=False)
            top = max(score for _, score in scores)
            board = board.play(GEO.moves[min(cell for cell, s in scores if s == top)])
    assert board.winner is bot
    assert board.moves_played - start.moves_played == plies


@pytest.mark.slow
@pytest.mark.usefixtures("unlimited_general_solver")
def test_the_known_wins_tell_the_fastest_move_from_any_winning_one() -> None:
    """In some of them the solver's first winning move (what perfect played before it looked
    for the fastest win) is not a fastest one, so the tests above can fail."""
    slower = 0
    for notation, _ in KNOWN_WINS:
        board = Board.from_notation(notation, k=4)
        cell, value = WdlSolver(GEO).best_move(*board.sides)
        assert value == WIN
        slower += GEO.moves[cell] not in fastest_moves(board)[0]
    assert slower >= 3


def test_past_its_budget_perfect_still_plays_a_winning_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The guarantee without the fastest-win search: a forced win, perhaps not the shortest."""
    monkeypatch.setattr(perfect_5x5, "FASTEST_WIN_BUDGET", 10)
    referee = WdlSolver(GEO)
    for notation, _ in KNOWN_WINS:
        board = Board.from_notation(notation, k=4)
        move = choose_move(board, "perfect", random.Random(0))
        assert referee.after_move(*board.sides, board.cell(move)) == WIN, notation


def test_a_won_position_met_again_is_not_searched_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fastest-win search (up to half a second) runs once per won position: a game that
    meets it again (a book position, say) plays the same move at once."""
    searched: list[tuple[int, int]] = []

    def counted(geo: Geometry, me: int, opp: int, budget: int) -> tuple[int, int] | None:
        searched.append((me, opp))
        return fastest_win(geo, me, opp, budget=budget)

    monkeypatch.setattr(perfect_5x5, "fastest_win", counted)
    monkeypatch.setattr(perfect_5x5, "FASTEST_WIN_BUDGET", 149_999)  # a key no test used
    board = Board.from_notation(KNOWN_WINS[0][0], k=4)
    moves = {choose_move(board, "perfect", random.Random(seed)) for seed in range(3)}
    assert len(moves) == 1 and searched == [board.sides]
