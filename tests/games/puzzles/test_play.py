"""Puzzles in the game layer (``service.puzzles``): serving, solving move by move against the
bot's longest defence, misses and why, ratings and streaks (UTC days, a fake clock across
midnight), the leaderboard, and every refusal as a sentence."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from games_helpers import ALICE, BOB, CHANNEL, GUILD, FakeClock, make_service
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import Move, Value
from bot.engine.classic.puzzles import Prover, shipped
from bot.games import CellTakenError, GameService, OffBoardError
from bot.games.glicko import Glicko
from bot.games.puzzles.catalogue import serving
from bot.games.puzzles.models import (
    AttemptStatus,
    PuzzlePlayer,
    PuzzleReply,
    Streak,
    start_rating,
)
from bot.games.puzzles.rating import after_attempt
from bot.games.puzzles.render import describe_move, describe_result, status
from bot.games.puzzles.sentences import NoPuzzleError, PuzzleError, PuzzleOverError

MIDNIGHT = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(MIDNIGHT - timedelta(minutes=1))  # 23:59 UTC


@pytest.fixture
async def service(clock: FakeClock) -> AsyncIterator[GameService]:
    service = make_service(clock=clock)
    yield service
    await service.close()


async def serve(
    service: GameService, number: int | None = None, member: int = ALICE
) -> PuzzleReply:
    return await service.puzzles.serve(
        member_id=member,
        member_name="alice" if member == ALICE else "bob",
        guild_id=GUILD,
        channel_id=CHANNEL,
        number=number,
    )


async def solve(service: GameService, number: int, member: int = ALICE) -> PuzzleReply:
    """Serve puzzle ``number`` and play its solution line; the last reply."""
    reply = await serve(service, number, member)
    for move in reply.puzzle.solution[::2]:
        reply = await service.puzzles.move(member_id=member, move=move)
    return reply


async def test_a_puzzle_solved_move_by_move_against_the_longest_defence(
    service: GameService,
) -> None:
    puzzle = shipped().by_id(610)  # 5x5, win in 5
    reply = await serve(service, 610)
    assert reply.attempt.rated and reply.attempt.moves == () and reply.played is None
    assert reply.rating == start_rating(puzzle)
    line = puzzle.solution
    for step in range(0, len(line) - 1, 2):
        reply = await service.puzzles.move(member_id=ALICE, move=line[step])
        assert reply.miss is None and reply.defence == line[step + 1]
        assert reply.attempt.moves == line[: step + 2] and reply.attempt.is_running
        left = puzzle.win_in - step // 2 - 1
        assert reply.attempt.moves_left(puzzle) == left
        assert describe_move(reply, plain=True).endswith(
            f"Win in {left} more move{'s' if left > 1 else ''}."
        )
        assert reply.finished is None
    reply = await service.puzzles.move(member_id=ALICE, move=line[-1])
    assert reply.attempt.status is AttemptStatus.SOLVED and reply.defence is None
    assert reply.board.winner is puzzle.to_move
    finished = reply.finished
    assert finished is not None and finished.before == PuzzlePlayer()
    expected = after_attempt(PuzzlePlayer(), start_rating(puzzle), reply.attempt)
    assert (finished.after, finished.puzzle) == expected
    assert finished.after.rating > 1500 and finished.after.streak.current == 1
    solved = "Solved! 3,5 completes the line. Your puzzle rating:"
    assert status(reply, plain=True).startswith(solved)
    assert await service.puzzles.running(member_id=ALICE) is None
    assert service.puzzles.catalogue.rating(puzzle) == finished.puzzle


async def test_another_move_that_wins_as_fast_is_right_too(service: GameService) -> None:
    puzzle = shipped().by_id(610)
    await serve(service, 610)
    await service.puzzles.move(member_id=ALICE, move=puzzle.solution[0])
    other = Move(4, 3)  # not the line's 5,2, but it still wins within the 4 moves left
    assert other != puzzle.solution[2]
    reply = await service.puzzles.move(member_id=ALICE, move=other)
    assert reply.miss is None and reply.attempt.is_running and reply.defence is not None
    assert Prover().prove(reply.board).winning_moves  # the member still wins from here


async def test_a_wrong_first_move_is_a_miss_with_the_refutation_and_the_solution(
    service: GameService,
) -> None:
    puzzle = shipped().by_id(1)
    reply = await serve(service, 1)
    wrong = next(m for m in reply.board.legal_moves if m != puzzle.first_move)
    reply = await service.puzzles.move(member_id=ALICE, move=wrong)
    miss = reply.miss
    assert miss is not None and miss.move == wrong and miss.refutation is not None
    refutation = Prover().refutation(puzzle.board, wrong)
    assert (miss.reply, miss.refutation.value) == (refutation.reply, refutation.value)
    assert reply.attempt.status is AttemptStatus.MISSED
    assert reply.attempt.moves == (wrong, refutation.reply)
    finished = reply.finished
    assert finished is not None and finished.after.rating < 1500
    assert finished.after.streak == Streak() and finished.puzzle.rating > puzzle.rating
    said = status(reply, plain=True)
    outcome = "and I win" if refutation.value is Value.LOSS else "and it is a draw"
    assert f"does not win: I answer {refutation.reply.row + 1},{refutation.reply.col + 1}, " in said
    assert outcome in said
    assert "The solution: X 2,2 \u2192 O 1,1 \u2192 X 1,2." in said  # each side named
    emoji = "The solution: \u274c 2,2 \u2192 \u2b55 1,1 \u2192 \u274c 1,2."
    assert emoji in status(reply, plain=False)  # Discord's marks
    assert "Your puzzle rating:" in said and "Streak" not in said
    with pytest.raises(PuzzleError, match="You have no puzzle running"):
        await service.puzzles.move(member_id=ALICE, move=wrong)


async def test_a_slower_win_is_a_miss(service: GameService) -> None:
    """Puzzle 610 after its first move and defence: 3,2 wins too, but not within the four
    moves left."""
    puzzle = shipped().by_id(610)
    await serve(service, 610)
    await service.puzzles.move(member_id=ALICE, move=puzzle.solution[0])
    reply = await service.puzzles.move(member_id=ALICE, move=Move(2, 1))
    assert reply.miss is not None and reply.miss.slower and reply.miss.reply is not None
    assert status(reply, plain=True).startswith("3,2 wins, but not in time: I answer ")
    assert reply.attempt.status is AttemptStatus.MISSED


async def test_refusals_are_sentences_and_change_nothing(service: GameService) -> None:
    with pytest.raises(NoPuzzleError) as raised:
        await serve(service, 889)
    assert str(raised.value) == "There is no puzzle #889: the puzzles are numbered 1 to 888."
    with pytest.raises(NoPuzzleError) as raised:  # no puzzle made yet: none is promised
        await serve(service, 100001)
    assert str(raised.value) == "There is no puzzle #100001: the puzzles are numbered 1 to 888."
    with pytest.raises(NoPuzzleError, match="no puzzle running"):
        await service.puzzles.move(member_id=ALICE, move=Move(0, 0))
    reply = await serve(service, 1)
    taken = next(m for m in (Move(r, c) for r in range(3) for c in range(3)) if reply.board.at(m))
    with pytest.raises(CellTakenError):
        await service.puzzles.move(member_id=ALICE, move=taken)
    with pytest.raises(OffBoardError, match="rows and columns go from 1 to 3"):
        await service.puzzles.move(member_id=ALICE, move=Move(3, 0))
    attempt = reply.attempt
    with pytest.raises(PuzzleError, match="someone else's"):
        await service.puzzles.move(member_id=BOB, move=Move(0, 0), attempt_id=attempt.id)
    assert await service.puzzles.running(member_id=ALICE) == attempt  # nothing changed
    await serve(service, 2)  # sets the first aside
    with pytest.raises(PuzzleOverError, match="That puzzle is over"):
        await service.puzzles.move(member_id=ALICE, move=Move(0, 0), attempt_id=attempt.id)
    with pytest.raises(TypeError):
        await service.puzzles.move(member_id=ALICE, move=(0, 0))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        await serve(service, 1, member=-1)


async def test_a_new_puzzle_sets_the_running_one_aside_and_the_same_one_resumes(
    service: GameService,
) -> None:
    first = await serve(service, 300)
    again = await serve(service, 300)
    assert again.resumed and again.attempt == first.attempt
    other = await serve(service)
    assert other.set_aside is not None and other.set_aside.id == first.attempt.id
    assert other.set_aside.status is AttemptStatus.SET_ASIDE
    assert other.puzzle.id != 300  # never one tried while others are left
    replay = await serve(service, 300)
    assert not replay.attempt.rated and not replay.resumed
    solved = replay
    for move in replay.puzzle.solution[::2]:
        solved = await service.puzzles.move(member_id=ALICE, move=move)
    assert solved.finished is not None
    assert solved.finished.after.glicko == solved.finished.before.glicko  # a replay
    assert describe_result(solved).startswith("You tried this puzzle before, so it moves no")


async def test_puzzles_are_served_near_the_rating_and_not_again_soon(
    service: GameService,
) -> None:
    seen = set()
    for _ in range(6):
        reply = await serve(service)
        assert reply.puzzle.id not in seen
        seen.add(reply.puzzle.id)
        assert abs(reply.rating.rating - 1045) < 150  # a newcomer's 1500 less 455, unsure
        assert reply.puzzle.size == 3
    first_miss = await service.puzzles.move(
        member_id=ALICE,
        move=next(m for m in reply.board.legal_moves if m != reply.puzzle.first_move),
    )
    assert first_miss.finished is not None


async def test_the_streak_counts_utc_days_across_midnight(
    service: GameService, clock: FakeClock
) -> None:
    assert await service.puzzles.standing(member_id=ALICE) is None
    solved = await solve(service, 1)  # 23:59 on 28 February
    assert solved.finished is not None and solved.finished.after.streak.current == 1
    clock.advance(120)  # 00:01 on 1 March: a new UTC day
    solved = await solve(service, 2)
    assert solved.finished is not None
    assert solved.finished.after.streak == Streak(2, 2, MIDNIGHT.date())
    solved = await solve(service, 3)  # the same day again: no more
    assert solved.finished is not None and solved.finished.after.streak.current == 2
    clock.advance(86_400)  # 2 March: nothing solved yet today, the run is alive
    standing = await service.puzzles.standing(member_id=ALICE)
    assert standing is not None and standing.streak.current == 2
    clock.advance(86_400)  # 3 March: a day missed
    standing = await service.puzzles.standing(member_id=ALICE)
    assert standing is not None and (standing.streak.current, standing.streak.best) == (0, 2)
    stats = await service.standings.stats(member_id=ALICE, guild_id=GUILD)
    assert stats.puzzles == standing
    solved = await solve(service, 4)
    assert solved.finished is not None
    assert solved.finished.after.streak == Streak(1, 2, (MIDNIGHT + timedelta(days=2)).date())
    missed = await serve(service, 5)
    wrong = next(m for m in missed.board.legal_moves if m != missed.puzzle.first_move)
    missed = await service.puzzles.move(member_id=ALICE, move=wrong)
    assert missed.finished is not None and missed.finished.after.streak.current == 1


async def test_the_leaderboard_ranks_a_servers_solvers(service: GameService) -> None:
    assert await service.puzzles.leaderboard(guild_id=GUILD) == []
    await solve(service, 300)
    await solve(service, 1, member=BOB)
    missed = await serve(service, 301, member=BOB)
    wrong = next(m for m in missed.board.legal_moves if m != missed.puzzle.first_move)
    await service.puzzles.move(member_id=BOB, move=wrong)
    board = await service.puzzles.leaderboard(guild_id=GUILD)
    assert [(e.name, e.solved, e.streak) for e in board] == [("alice", 1, 1), ("bob", 1, 1)]
    assert board[0].rating > board[1].rating
    assert await service.puzzles.leaderboard(guild_id=None) == []
    assert len(await service.puzzles.leaderboard(guild_id=GUILD, limit=1)) == 1


async def test_ratings_and_attempts_survive_a_new_service_on_the_same_file(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "games.db"
    first = make_service(path, clock=clock)
    reply = await serve(first, 610)
    reply = await first.puzzles.move(member_id=ALICE, move=reply.puzzle.solution[0])
    await first.close()
    again = make_service(path, clock=clock)  # a restart
    try:
        running = await again.puzzles.running(member_id=ALICE)
        assert running == reply.attempt
        puzzle = reply.puzzle
        reply = await again.puzzles.move(
            member_id=ALICE, move=puzzle.solution[2], attempt_id=running.id
        )
        assert reply.attempt.moves == puzzle.solution[:4]
    finally:
        await again.close()


async def test_a_new_members_first_puzzles_are_small_and_easy_then_widen(
    service: GameService,
) -> None:
    """Issue 46: not a 5x5 rated 1520 first. With no rating yet (deviation 500) a member is
    served 3x3 puzzles near 1045; solving them, the rating grows surer and the boards widen."""
    served = []
    for _ in range(6):
        reply = await serve(service)
        served.append((reply.puzzle.size, reply.rating.rating))
        for move in reply.puzzle.solution[::2]:
            reply = await service.puzzles.move(member_id=ALICE, move=move)
    assert served[0][0] == 3 and served[0][1] <= 1100
    assert served[1][0] == 3  # one attempt says little yet (deviation about 415)
    assert [size for size, _rating in served] == sorted(size for size, _rating in served)
    assert served[-1][0] == 5  # six solves in a row: any board
    for member in range(ALICE + 1, ALICE + 6):  # every newcomer, whatever the draw
        first = await serve(service, member=member)
        assert first.puzzle.size == 3 and first.rating.rating <= 1100


@pytest.mark.parametrize(
    ("glicko", "expected"),
    [
        (Glicko(), (1045.0, 3)),  # a newcomer: 1500 less 455
        (Glicko(1600.0, 420.0), (1225.0, 3)),
        (Glicko(1600.0, 350.0), (1295.0, 4)),
        (Glicko(1600.0, 300.0), (1345.0, None)),
        (Glicko(1800.0, 45.0), (1800.0, None)),  # settled: at the rating, any board
    ],
)
def test_serving_aims_below_an_uncertain_rating_on_smaller_boards(
    glicko: Glicko, expected: tuple[float, int | None]
) -> None:
    assert serving(glicko) == expected


@given(
    rating=st.floats(min_value=400, max_value=4000),
    surer=st.floats(min_value=45, max_value=500),
    wider=st.floats(min_value=45, max_value=500),
)
def test_a_surer_rating_is_served_nearer_it_and_never_on_fewer_boards(
    rating: float, surer: float, wider: float
) -> None:
    surer, wider = sorted((surer, wider))
    near_sure, largest_sure = serving(Glicko(rating, surer))
    near_unsure, largest_unsure = serving(Glicko(rating, wider))
    assert near_unsure <= near_sure <= rating
    assert (largest_sure or 9) >= (largest_unsure or 9)
