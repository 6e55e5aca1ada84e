"""Puzzles: the prover's verdicts and lines, the exhaustive 3x3 count, the rating, serving.

The 3x3 count is checked against a plain memoized minimax written here that shares no code with
bot.engine; the prover's invariants against ``analyze`` move by move, on 3x3 positions and on
4x4 positions reached by random play.
"""

from __future__ import annotations

import functools
import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reachable import live_positions

from bot.engine import GameOverError, Move, UnknownPuzzleError, Value
from bot.engine.classic import Board, analyze
from bot.engine.classic.book import canonical
from bot.engine.classic.puzzles import (
    BASE_RATING,
    Proof,
    Prover,
    Puzzle,
    PuzzleMaker,
    PuzzleSet,
    Unproven,
    Verdict,
    every_3x3_puzzle,
    initial_rating,
    prove,
    puzzle_from_proof,
    puzzles_from_game,
    screen,
)
from bot.engine.classic.puzzles.maker import FORCED, WIN_IN_ONE, canonical_key
from bot.engine.classic.puzzles.rating import chances

# ------------------------------------------------------------ an independent 3x3 reference

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def ref_won(cells: str) -> bool:
    return any(cells[a] != "." and cells[a] == cells[b] == cells[c] for a, b, c in LINES)


@functools.cache
def ref_result(cells: str) -> tuple[int, int]:
    """(value, plies) for the side to move: 1 win, 0 draw, -1 loss; fastest win, slowest loss."""
    mover = "X" if cells.count("X") == cells.count("O") else "O"
    results = []
    for index, cell in enumerate(cells):
        if cell == ".":
            after = cells[:index] + mover + cells[index + 1 :]
            if ref_won(after):
                results.append((1, 1))
            elif "." not in after:
                results.append((0, 1))
            else:
                value, plies = ref_result(after)
                results.append((-value, plies + 1))
    return max(results, key=lambda r: (r[0], -r[1] if r[0] > 0 else r[1]))


def ref_winning_moves(cells: str) -> list[tuple[int, int]]:
    """Each winning first move's cell and plies to the end."""
    mover = "X" if cells.count("X") == cells.count("O") else "O"
    found = []
    for index, cell in enumerate(cells):
        if cell == ".":
            after = cells[:index] + mover + cells[index + 1 :]
            if ref_won(after):
                found.append((index, 1))
            elif "." in after:
                value, plies = ref_result(after)
                if value < 0:
                    found.append((index, plies + 1))
    return found


def flat(board: Board) -> str:
    return board.notation.replace("/", "")


def test_the_3x3_count_is_288_positions_and_42_up_to_symmetry() -> None:
    """Counted: every position a game reaches (tests/helpers/reachable.py), the game not over, where
    exactly one first move wins by force and that move's fastest win is the mover's 2nd move."""
    reference = []
    for board in live_positions():
        winning = ref_winning_moves(flat(board))
        if len(winning) == 1 and winning[0][1] == 3:
            reference.append(board)
    assert len(reference) == 288
    keys = {canonical(board.geometry, *board.sides)[0] for board in reference}
    assert len(keys) == 42
    assert sorted(proof.board.notation for proof in every_3x3_puzzle()) == sorted(
        board.notation for board in reference
    )


def test_the_prover_agrees_with_the_reference_on_every_3x3_position() -> None:
    prover = Prover()
    for board in live_positions():
        winning = ref_winning_moves(flat(board))
        proof = prover.prove(board)
        expected = {0: Verdict.NO_WIN, 1: Verdict.UNIQUE}.get(len(winning), Verdict.SEVERAL)
        assert proof.verdict is expected, board.notation
        moves = tuple(board.geometry.moves[cell] for cell, _ in winning)
        assert proof.winning_moves == moves
        if expected is Verdict.UNIQUE:
            assert len(proof.line) == winning[0][1]
            assert proof.win_in == (winning[0][1] + 1) // 2


# ------------------------------------------------------------ the prover's invariants


def check_proof(board: Board, proof: Proof) -> None:
    """What a proof promises, checked with analyze() move by move."""
    analysis = analyze(board)
    wins = tuple(sorted(e.move for e in analysis.moves if e.value is Value.WIN))
    assert proof.winning_moves == wins
    if proof.verdict is Verdict.NO_WIN:
        assert wins == () and proof.line == ()
        return
    if proof.verdict is Verdict.SEVERAL:
        assert len(wins) >= 2 and proof.line == ()
        return
    assert proof.verdict is Verdict.UNIQUE and len(wins) == 1
    mover = board.to_move
    # every wrong first move: the mover has no forced win after it
    for move in board.legal_moves:
        if move != wins[0]:
            after = board.play(move)
            assert after.winner is None
            assert after.is_over or analyze(after).value is not Value.LOSS
    # the line: fastest wins against the longest defences, a win at the end
    position = board
    for index, move in enumerate(proof.line):
        entries = analyze(position).moves
        entry = next(e for e in entries if e.move == move)
        if index % 2 == 0:
            assert entry.value is Value.WIN and entry.plies == len(proof.line) - index
        else:
            assert entry.value is Value.LOSS and entry.plies == entries[0].plies
        position = position.play(move)
    assert position.winner is mover
    assert len(proof.line) == 2 * proof.win_in - 1


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(live_positions()))
def test_a_3x3_proof_keeps_its_promises(board: Board) -> None:
    check_proof(board, prove(board))


def random_position(size: int, k: int, seed: int, moves: int) -> Board:
    rng = random.Random(seed)
    board = Board.empty(size, k)
    while not board.is_over and board.moves_played < moves:
        following = board.play(rng.choice(board.legal_moves))
        if following.is_over:
            break
        board = following
    return board


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(5, 12))
def test_a_4x4_proof_keeps_its_promises(seed: int, moves: int) -> None:
    board = random_position(4, 4, seed, moves)
    check_proof(board, prove(board))


def test_a_finished_game_has_nothing_to_prove() -> None:
    with pytest.raises(GameOverError):
        prove(Board.from_notation("XXX/OO./..."))


# ------------------------------------------------------------ 5x5, the win/draw/loss path

FIVE = "....O/.O.X./.XXO./.O.../.X..."  # X to move, wins in 5 with one move only


def test_a_5x5_puzzle_is_proven_with_its_line() -> None:
    board = Board.from_notation(FIVE, k=4)
    proof = prove(board)
    assert proof.verdict is Verdict.UNIQUE
    assert proof.win_in == 5
    position = board
    for move in proof.line:
        position = position.play(move)
    assert position.winner is board.to_move


def test_a_5x5_proof_past_its_budget_is_unproven_never_a_guess() -> None:
    board = Board.from_notation(FIVE, k=4)
    proof = Prover(budget=50).prove(board)
    assert proof.verdict is Verdict.UNPROVEN
    assert proof.line == () and proof.winning_moves == ()
    with pytest.raises(Unproven):
        Prover(budget=50).defence(board.play(Move(3, 2)))


def test_5x5_answers_agree_with_the_line() -> None:
    board = Board.from_notation(FIVE, k=4)
    prover = Prover()
    proof = prover.prove(board)
    first = proof.line[0]
    assert prover.wins_within(board, first, 5)
    assert not prover.wins_within(board, first, 4)
    after = board.play(first)
    assert prover.defence(after) == proof.line[1]
    wrong = next(move for move in board.legal_moves if move != first)
    refutation = prover.refutation(board, wrong)
    assert refutation.value in (Value.DRAW, Value.LOSS)
    assert refutation.reply in board.play(wrong).legal_moves


# ------------------------------------------------------------ the game layer's questions

FORK = ".../..O/OXX"  # X to move: the centre makes two threats


def test_defence_wins_within_and_refutation_on_3x3() -> None:
    board = Board.from_notation(FORK)
    prover = Prover()
    proof = prover.prove(board)
    assert proof.line == (Move(1, 1), Move(0, 0), Move(0, 1))
    after = board.play(Move(1, 1))
    assert prover.defence(after) == Move(0, 0)  # a block first among equal defences
    assert prover.wins_within(after.play(Move(0, 0)), Move(0, 1), 1)
    assert not prover.wins_within(board, Move(1, 1), 1)
    assert prover.wins_within(board, Move(1, 1), 2)
    refutation = prover.refutation(board, Move(0, 0))  # O takes the centre: two threats
    assert (refutation.value, refutation.reply) == (Value.LOSS, Move(1, 1))
    refutation = prover.refutation(board, Move(1, 0))  # no threat left: O keeps the draw
    assert (refutation.value, refutation.reply) == (Value.DRAW, Move(0, 0))
    with pytest.raises(ValueError, match="wins"):
        prover.refutation(board, Move(1, 1))
    with pytest.raises(ValueError, match="not lost"):
        prover.defence(board)


def test_screen_names_a_win_in_one_and_a_forced_block() -> None:
    assert screen(Board.from_notation("XX./.O./...")) == FORCED
    assert screen(Board.from_notation("XX./OO./...")) == WIN_IN_ONE
    assert screen(Board.from_notation(FORK)) is None


def test_puzzles_from_a_finished_game_find_the_fork() -> None:
    # the game reaches FORK, where X forks with the centre, and wins
    moves = [Move(2, 1), Move(2, 0), Move(2, 2), Move(1, 2), Move(1, 1), Move(0, 0), Move(0, 1)]
    proofs = puzzles_from_game(moves, 3)
    assert Board.from_notation(FORK) in [proof.board for proof in proofs]
    board = Board.empty(3)
    positions = [board]
    for move in moves:
        board = board.play(move)
        positions.append(board)
    for proof in proofs:
        assert proof.board in positions
        assert proof.verdict is Verdict.UNIQUE and 2 <= proof.win_in <= 5
        assert screen(proof.board) is None


def test_the_maker_is_reproducible_and_counts_what_it_rejects() -> None:
    first = PuzzleMaker(4, seed=5)
    second = PuzzleMaker(4, seed=5)
    made = [proof.board for proof in itertools.islice(first.puzzles(), 2)]
    again = [proof.board for proof in itertools.islice(second.puzzles(), 2)]
    assert made == again
    tally = first.tally
    assert tally.kept == 2
    assert tally.positions == (
        tally.repeats + sum(tally.screened.values()) + tally.proven
    )
    assert tally.proven == tally.verdicts[Verdict.UNIQUE] + tally.verdicts[
        Verdict.NO_WIN
    ] + tally.verdicts[Verdict.SEVERAL] + tally.verdicts[Verdict.UNPROVEN]
    assert len({canonical_key(board) for board in made}) == 2


# ------------------------------------------------------------ the rating


def test_an_obvious_puzzle_sits_at_the_base_and_a_guess_adds_points() -> None:
    block_and_fork = next(
        p for p in every_3x3_puzzle() if screen(p.board) == FORCED
    )
    assert initial_rating(block_and_fork.board, block_and_fork.line) == BASE_RATING
    fork = prove(Board.from_notation(FORK))
    assert chances(fork.board, fork.line)[1] == 1  # completing the line is obvious
    assert initial_rating(fork.board, fork.line) > BASE_RATING


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(every_3x3_puzzle()))
def test_a_rating_is_the_base_plus_400_per_tenfold_guess(proof: Proof) -> None:
    chance = math.prod(chances(proof.board, proof.line))
    assert 0 < chance <= 1
    expected = BASE_RATING + 400 * math.log10(1 / chance)
    assert abs(initial_rating(proof.board, proof.line) - expected) <= 0.5


# ------------------------------------------------------------ serving


def made_set(ratings: list[int]) -> PuzzleSet:
    proof = prove(Board.from_notation(FORK))
    base = puzzle_from_proof(proof, 1)
    return PuzzleSet(
        Puzzle(n, 3, 3, base.position, base.to_move, base.solution, 2, rating)
        for n, rating in enumerate(ratings, start=1)
    )


def test_by_id_and_its_refusal() -> None:
    puzzles = made_set([900, 1000])
    assert puzzles.by_id(2).rating == 1000
    with pytest.raises(UnknownPuzzleError, match="no puzzle #7: the puzzles are numbered 1 to 2"):
        puzzles.by_id(7)
    with pytest.raises(UnknownPuzzleError, match="no 4x4 puzzles"):
        puzzles.near(4, 1500, random.Random(1))


def test_two_puzzles_may_not_share_an_id() -> None:
    puzzle = next(iter(made_set([900])))
    with pytest.raises(ValueError, match="two puzzles"):
        PuzzleSet([puzzle, puzzle])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(400, 2800), min_size=1, max_size=40),
    st.integers(0, 3200),
    st.sets(st.integers(1, 40)),
    st.integers(1, 6),
    st.integers(0, 1000),
)
def test_near_serves_one_of_the_nearest_not_yet_had(
    ratings: list[int], target: int, exclude: set[int], pool: int, seed: int
) -> None:
    puzzles = made_set(ratings)
    chosen = puzzles.near(3, target, random.Random(seed), exclude=exclude, pool=pool)
    allowed = [p for p in puzzles if p.id not in exclude]
    if not allowed:
        assert chosen is None
        return
    assert chosen is not None and chosen.id not in exclude
    distances = sorted(abs(p.rating - target) for p in allowed)
    assert abs(chosen.rating - target) <= distances[min(pool, len(distances)) - 1]


def test_sample_is_reproducible_and_refuses_too_many() -> None:
    puzzles = made_set(list(range(900, 1000, 10)))
    assert puzzles.sample(3, 4, random.Random(3)) == puzzles.sample(3, 4, random.Random(3))
    assert len(set(puzzles.sample(3, 10, random.Random(1)))) == 10
    with pytest.raises(ValueError, match="ask for 1 to 10"):
        puzzles.sample(3, 11, random.Random(1))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(every_3x3_puzzle()), st.integers(1, 10**6))
def test_a_puzzle_reads_back_from_its_json(proof: Proof, puzzle_id: int) -> None:
    puzzle = puzzle_from_proof(proof, puzzle_id)
    assert Puzzle.from_json(puzzle.to_json()) == puzzle
    assert puzzle.board == proof.board
    assert puzzle.first_move == proof.line[0]


@pytest.mark.parametrize(
    "change",
    [{"extra": 1}, {"id": "7"}, {"solution": [[1]]}, {"to_move": "Z"}, {"rating": True}],
)
def test_a_malformed_puzzle_is_refused(change: dict[str, object]) -> None:
    data = puzzle_from_proof(prove(Board.from_notation(FORK)), 1).to_json()
    with pytest.raises(ValueError):
        Puzzle.from_json({**data, **change})
