"""Value types of puzzles in play: attempts, players' ratings and streaks, puzzles' ratings, the
leaderboard's entries and the daily server puzzle.

All frozen, as the game layer's other values. The puzzle itself (position, solution line,
``win_in``) is the engine's :class:`~bot.engine.classic.puzzles.Puzzle`; here is what members
do with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from enum import StrEnum

from bot.engine import Move
from bot.engine.classic import Board
from bot.engine.classic.puzzles import Puzzle, Refutation
from bot.games.glicko import Glicko

PUZZLE_START_DEVIATION = 350.0
"""A puzzle's deviation before anyone tried it: its initial rating is a formula's estimate
(docs/puzzles.md), so the first results move it a good deal, yet less than a newcomer's 500."""

MADE_FIRST_ID = 100_001
"""The first number of a puzzle made from a finished game: the shipped set's ids stay below
(888 today; the tool appends), so the two never meet."""


class AttemptStatus(StrEnum):
    """Where an attempt stands: running until solved or missed; set aside when the member
    asked for another puzzle before finishing it (not rated)."""

    RUNNING = "running"
    SOLVED = "solved"
    MISSED = "missed"
    SET_ASIDE = "set aside"


@dataclass(frozen=True, slots=True)
class Streak:
    """Days in a row (UTC) with a puzzle solved: the run that ended on ``day`` (the last day
    with one), and the longest run ever."""

    current: int = 0
    best: int = 0
    day: date | None = None

    def after_solve(self, today: date) -> Streak:
        """The streak once a puzzle is solved on ``today``: the run goes on from yesterday,
        stays as it is on a day already counted, and starts again at 1 after a gap."""
        if self.day == today:
            return self
        current = self.current + 1 if self.day == today - timedelta(days=1) else 1
        return Streak(current, max(self.best, current), today)

    def on(self, today: date) -> int:
        """The run as it stands on ``today``: still alive if the last solve was today or
        yesterday (today's may come yet), else 0."""
        if self.day is not None and today - self.day <= timedelta(days=1):
            return self.current
        return 0


@dataclass(frozen=True, slots=True)
class PuzzlePlayer:
    """A member's puzzle standing, the same in every server: their Glicko-2 rating, the rated
    attempts and how many of those they solved, and their streak."""

    glicko: Glicko = field(default_factory=Glicko)
    rated: int = 0
    solved: int = 0
    streak: Streak = Streak()

    @property
    def rating(self) -> int:
        """The rating as shown: a whole number."""
        return round(self.glicko.rating)


@dataclass(frozen=True, slots=True)
class PuzzleRating:
    """A puzzle's own rating, moved by every rated attempt at it, and how many solved it."""

    glicko: Glicko
    attempts: int = 0
    solved: int = 0

    @property
    def rating(self) -> int:
        return round(self.glicko.rating)


def start_rating(puzzle: Puzzle) -> PuzzleRating:
    """A puzzle's rating before anyone tried it: its initial rating, a wide deviation."""
    return PuzzleRating(Glicko(float(puzzle.rating), PUZZLE_START_DEVIATION))


@dataclass(frozen=True, slots=True)
class Attempt:
    """One member's try at one puzzle, as stored: ``moves`` are those played from the puzzle's
    position, the member's and the bot's defences in turn. ``rated``: the member's first try
    at that puzzle, the one that moves ratings. ``daily``: the day of the server's daily
    puzzle it answers (one per member, server and day), else None. ``version`` counts saves
    (compare and set)."""

    id: int
    member_id: int
    puzzle_id: int
    size: int
    guild_id: int | None
    channel_id: int
    moves: tuple[Move, ...]
    status: AttemptStatus
    rated: bool
    daily: date | None
    started_at: datetime
    updated_at: datetime
    version: int = 0

    @property
    def is_running(self) -> bool:
        return self.status is AttemptStatus.RUNNING

    @property
    def mover_moves(self) -> int:
        """How many moves the member has made."""
        return (len(self.moves) + 1) // 2

    def position(self, puzzle: Puzzle) -> Board:
        """The board as it stands: the puzzle's position and the moves since."""
        board = puzzle.board
        for move in self.moves:
            board = board.play(move)
        return board

    def moves_left(self, puzzle: Puzzle) -> int:
        """The member's moves left to win within (``win_in`` minus those made)."""
        return puzzle.win_in - self.mover_moves


@dataclass(frozen=True, slots=True)
class Finished:
    """What the save that ended an attempt did: the member's standing before and after it
    (the same when it was not rated), and the puzzle's rating after it."""

    before: PuzzlePlayer
    after: PuzzlePlayer
    puzzle: PuzzleRating


@dataclass(frozen=True, slots=True)
class Miss:
    """Why a move was wrong: the engine's refutation (the bot's reply that refutes it and
    the result with best play), or ``slower`` when the move still wins, only not within the
    moves left; ``reply`` None: the move filled the board. ``proven``: False when the search
    budget left the result unknown (the move is wrong all the same: it is not the one move
    that wins, or it was proven not to win in time)."""

    move: Move
    reply: Move | None
    refutation: Refutation | None
    slower: bool = False
    proven: bool = True


@dataclass(frozen=True, slots=True)
class PuzzleReply:
    """What a puzzle command did: the ``attempt`` as saved and its ``puzzle``; ``played`` the
    member's move and ``defence`` the bot's answer (None at the start, or when the move ended
    it); ``miss`` why a move was wrong; ``finished`` the ratings when it ended; ``set_aside``
    the running puzzle a new one replaced; ``resumed``: the puzzle asked for was the one
    running, shown again; ``tried``: the daily puzzle asked for was tried already, so this
    is a replay that counts for nothing; ``rating`` the puzzle's rating as it stood."""

    attempt: Attempt
    puzzle: Puzzle
    rating: PuzzleRating
    played: Move | None = None
    defence: Move | None = None
    miss: Miss | None = None
    finished: Finished | None = None
    set_aside: Attempt | None = None
    resumed: bool = False
    tried: bool = False

    @property
    def board(self) -> Board:
        """The board after everything played."""
        return self.attempt.position(self.puzzle)


@dataclass(frozen=True, slots=True)
class MadePuzzle:
    """A puzzle proven in a finished game, for the store to number (``puzzle.id`` is ignored):
    ``shape``, its position's key under the board's symmetries (one made puzzle a position);
    ``proof_positions``, what its proof examined; ``game_id``, the game it came from."""

    puzzle: Puzzle
    shape: int
    proof_positions: int
    game_id: int


@dataclass(frozen=True, slots=True)
class PuzzleEntry:
    """A line of a server's puzzle leaderboard: the member's rating (everywhere), the puzzles
    they solved in that server and their streak as it stands today."""

    member_id: int
    name: str
    rating: int
    solved: int
    streak: int


@dataclass(frozen=True, slots=True)
class DailySetting:
    """Where and when a server's daily puzzle is posted: ``channel_id`` at ``hour`` UTC."""

    guild_id: int
    channel_id: int
    hour: int


@dataclass(frozen=True, slots=True)
class DailyPost:
    """A server's daily puzzle of ``day``: the puzzle, where it was posted (``message_id``
    None until the post is made) and how many members solved it from the post."""

    guild_id: int
    day: date
    puzzle_id: int
    channel_id: int
    message_id: int | None
    solvers: int = 0


@dataclass(frozen=True, slots=True)
class DailyPlan:
    """A daily post this process claimed and must make now: the ``post`` (no message yet),
    its puzzle, and the server's previous post (whose solution the new one reveals), if any."""

    post: DailyPost
    puzzle: Puzzle
    previous: DailyPost | None
    previous_puzzle: Puzzle | None
