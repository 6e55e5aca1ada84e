"""What an attempt that ends does to the member's standing and to the puzzle's rating.

A store applies :func:`after_attempt` in the transaction of the save that ends the attempt
(``GameStore.save_attempt``), from the values it reads there, so every attempt moves them
exactly once (as a finished game moves a solo rating: ``bot.games.solo``). Reasons:
docs/puzzles.md.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC

from bot.games.glicko import after_encounter
from bot.games.puzzles.models import Attempt, AttemptStatus, PuzzlePlayer, PuzzleRating


def after_attempt(
    player: PuzzlePlayer, puzzle: PuzzleRating, attempt: Attempt
) -> tuple[PuzzlePlayer, PuzzleRating]:
    """The member's standing and the puzzle's rating after ``attempt`` ended (solved or
    missed), from their values before it. A solve carries the streak on (the UTC day of the
    attempt's last save); a rated attempt (the member's first at that puzzle) moves both
    ratings by Glicko-2 and counts; a replay moves neither.

    Raises:
        ValueError: the attempt has not ended with a result.
    """
    if attempt.status not in (AttemptStatus.SOLVED, AttemptStatus.MISSED):
        raise ValueError(f"attempt {attempt.id} has no result: {attempt.status}")
    solved = attempt.status is AttemptStatus.SOLVED
    streak = player.streak
    if solved:
        streak = streak.after_solve(attempt.updated_at.astimezone(UTC).date())
    if not attempt.rated:
        return replace(player, streak=streak), puzzle
    glicko, puzzle_glicko = after_encounter(player.glicko, puzzle.glicko, solved)
    return (
        PuzzlePlayer(glicko, player.rated + 1, player.solved + solved, streak),
        PuzzleRating(puzzle_glicko, puzzle.attempts + 1, puzzle.solved + solved),
    )
