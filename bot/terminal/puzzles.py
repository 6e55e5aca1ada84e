"""The terminal's puzzles: ``puzzle`` and ``puzzle N`` serve one, typed cells play it while it
runs (the player's game waits meanwhile), ``leaderboard puzzles`` ranks the solvers.

What a typed move means: while the player has a puzzle running, ``2 3`` (or ``move 2 3``) is a
move in the puzzle; otherwise it is a move in the game, as it always was. A puzzle ends at the
first wrong move or when its line is complete, a few moves at most, and the game takes typed
moves again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games import Spelling, parse_cell
from bot.games.puzzles import PuzzleReply
from bot.games.puzzles.render import (
    notes,
    puzzle_grid,
    puzzle_task,
    puzzle_title,
    render_puzzle_leaderboard,
    status,
)
from bot.i18n import N_, _

if TYPE_CHECKING:
    from bot.terminal.session import TerminalSession

# TRANSLATORS: said under a new puzzle in the terminal; <row> <column> stands for two
# numbers, "2 3" is an example: keep it
PUZZLE_MOVES = N_(
    "Type your moves as <row> <column>, for example: 2 3; they go to the puzzle until it ends."
)
# TRANSLATORS: said in the terminal when a puzzle ended; keep puzzle and board (commands)
AFTER_PUZZLE = N_("Type puzzle for another one, or board to see your game.")
# TRANSLATORS: the terminal's answer to hint or explain while a puzzle runs; keep hint,
# explain and board (commands)
NO_HINTS_IN_PUZZLES = N_(
    "hint and explain are off while your puzzle runs: finding the winning move is the puzzle. "
    "Once it ends they answer for your game again (type board to see it)."
)


class TerminalPuzzles:
    """One player's puzzles in the terminal, spoken through their ``session``."""

    def __init__(self, session: TerminalSession, spelling: Spelling) -> None:
        self.session = session
        self.spelling = spelling

    async def serve(self, number: int | None) -> None:
        """Serve a puzzle (``number``: that one) and show it."""
        session = self.session
        reply = await session.service.puzzles.serve(
            member_id=session.player_id,
            member_name=session.name,
            guild_id=None,
            channel_id=session.player_id,
            number=number,
        )
        session.say(notes(reply))
        session.say(
            "\n".join(
                [
                    puzzle_title(reply.puzzle, reply.rating.rating),
                    puzzle_task(reply.puzzle, plain=True),
                ]
            )
        )
        self.show(reply)
        session.say(status(reply, plain=True))
        if reply.attempt.is_running:
            session.say(_(PUZZLE_MOVES))
        else:
            session.say(_(AFTER_PUZZLE))

    async def move(self, text: str) -> bool:
        """Play the typed cell in the player's running puzzle; False (nothing done) when none
        runs: the move is the game's."""
        session = self.session
        attempt = await session.service.puzzles.running(member_id=session.player_id)
        if attempt is None:
            return False
        move = parse_cell(text, attempt.size)
        reply = await session.service.puzzles.move(
            member_id=session.player_id, move=move, attempt_id=attempt.id
        )
        session.say(status(reply, plain=True))
        self.show(reply)
        if not reply.attempt.is_running:
            session.say(_(AFTER_PUZZLE))
        return True

    async def refuse_hints(self) -> bool:
        """Say that hints are off if the player has a puzzle running (a hint for the game
        waiting behind it would read as the puzzle's); False (nothing said) when none runs."""
        session = self.session
        if await session.service.puzzles.running(member_id=session.player_id) is None:
            return False
        session.say(_(NO_HINTS_IN_PUZZLES))
        return True

    def show(self, reply: PuzzleReply) -> None:
        """The puzzle's board as it stands (never wrapped)."""
        board = puzzle_grid(reply.board, plain=True, paint=self.session.paint)
        self.session.print_block("\n".join(board))

    async def leaderboard(self) -> None:
        """The solvers of the terminal's puzzles (outside any server), by puzzle rating."""
        entries = await self.session.service.puzzles.leaderboard(guild_id=None)
        self.session.say(render_puzzle_leaderboard(entries, self.spelling))
