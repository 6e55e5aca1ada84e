"""Classic tic-tac-toe: one board of 3x3, 4x4 or 5x5 (four in a row), solved exactly.

The bot plays the engine's levels (``bot.engine.classic.choose_move``) or ``adaptive`` at the
member's rating; hints and explanations are exact values. On 5x5 they are what a review's
valuer proves within ``HINT_BUDGET`` (the position first, as a review asks it, then each move):
every move's value, or what is proven of them (a ``Partial``), or where nothing is, the move
``ESTIMATE_LEVEL`` would play, said to be an estimate.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from bot.engine import Move, SearchTooLargeError, UnknownLevelError
from bot.engine.classic import (
    LEVEL_RATINGS,
    LEVELS,
    Appraisal,
    Board,
    Level,
    adaptive_move,
    appraise,
    budgeted,
    choose_move,
    explain_appraised,
    playing_rating,
)
from bot.engine.classic import analyze as analyze_position
from bot.engine.classic import explain as explain_position
from bot.engine.position import Position
from bot.engine.ratings import ADAPTIVE
from bot.games.errors import InvalidOptionError, TooEarlyToSolveError
from bot.games.models import Game
from bot.games.review import Review
from bot.games.variants.base import Leaderboard, Variant
from bot.games.variants.classic.render import ClassicRenderer, board_of
from bot.games.variants.classic.replies import Explained, Hint, Partial
from bot.games.variants.classic.review import HINT_BUDGET, REVIEW_PER_POSITION, review_game
from bot.games.wording import cell_name
from bot.i18n import N_, Phrase

T = TypeVar("T")

SIZES: tuple[int, ...] = (3, 4, 5)
"""The board sizes a member may choose."""

WIN_LENGTH: dict[int, int] = {3: 3, 4: 4, 5: 4}
"""Marks in a row needed to win on each of ``SIZES``: a full row up to 4x4; four on 5x5, where
five in a row would be an easy draw and four is the smallest game still worth playing."""

CLASSIC_LEVELS: tuple[str, ...] = (*LEVELS, ADAPTIVE)
"""The levels against the bot: the engine's fixed ``LEVELS``, then ``adaptive``, which plays
at the member's own rating (``bot.engine.classic.adaptive``)."""

INLINE_MAX_SIZE = 3
"""Boards up to this size get the bot's move inline on the event loop; larger boards think in
a worker thread."""

ESTIMATE_LEVEL = "hard"
"""The level whose move a hint or an explanation names where no exact analysis fits the time."""


class ClassicVariant(Variant):
    """Classic tic-tac-toe on ``SIZES`` (``WIN_LENGTH`` in a row)."""

    kind = "classic"
    sizes = SIZES
    default_size = 3
    levels = CLASSIC_LEVELS
    default_level = Level.PERFECT.value
    newcomer_level = Level.MEDIUM.value  # beatable but not careless: a newcomer can win
    leaderboards = (
        Leaderboard(
            "bot",
            # TRANSLATORS: a choice of /tictactoe leaderboard kind: keep "bot" before
            # "(default)" as typed; 100 characters at most
            N_("bot (default): games against me, 3 points a win, 1 a draw"),
            "bot",
        ),
        Leaderboard(
            "duels",
            # TRANSLATORS: a choice of /tictactoe leaderboard kind: keep "duels" before the
            # colon as typed; 100 characters at most
            N_("duels: members against each other, by Elo rating"),
            "duels",
        ),
        Leaderboard(
            "solo",
            # TRANSLATORS: a choice of /tictactoe leaderboard kind: keep "solo" before the
            # colon as typed; 100 characters at most
            N_("solo: games against me, by Elo rating against my levels"),
            "solo",
        ),
    )
    renderer = ClassicRenderer()

    def check_level(self, level: str | None) -> str:
        """``adaptive``, or a level the engine's validator (``Level.of``) knows."""
        if level is None:
            return self.default_level
        wanted = str(level).strip().lower()
        if wanted == ADAPTIVE:
            return ADAPTIVE
        try:
            return Level.of(wanted).value
        except UnknownLevelError:
            raise InvalidOptionError(
                "There is no level {given}. Choose one of: {levels}.",
                given=repr(str(level)),
                levels=", ".join(CLASSIC_LEVELS),
            ) from None

    def stats_level(self, level: str) -> str:
        return level  # the first kind's levels read bare: "hard" (ultimate's: "ultimate hard")

    def win_length(self, size: int) -> int:
        return WIN_LENGTH.get(size, 3)

    def counts_solo(self, size: int) -> bool:
        return size in SIZES

    def level_ratings(self) -> dict[int, dict[str, int]]:
        return {size: {level: LEVEL_RATINGS[level, size] for level in LEVELS} for size in SIZES}

    def start_position(self, size: int) -> Board:
        return Board.empty(size, self.win_length(size))

    def grid_size(self, position: Position) -> int:
        return board_of(position).size

    def rated(self, level: str) -> bool:
        return level == ADAPTIVE

    def playing_rating(self, rating: float, size: int) -> int:
        return playing_rating(rating, size)

    def thinks_inline(self, size: int, level: str) -> bool:
        return size <= INLINE_MAX_SIZE and not self.rated(level)

    def choose_move(
        self, position: Position, level: str, rng: random.Random, rating: float | None
    ) -> Move:
        board = board_of(position)
        if self.rated(level):
            if rating is None:
                raise ValueError(f"the {level} level needs the member's rating")
            return adaptive_move(board, rating, rng)
        return choose_move(board, level, rng)

    def hint(self, game: Game, rng: random.Random) -> Hint | Partial:
        board = board_of(game.position)
        if not budgeted(board):
            return Hint(game, _exactly(game, analyze_position, board, rng))
        appraisal = _appraised(game, board, rng)
        if appraisal.analysis is None:
            return Partial(game, appraisal, board.to_move, explained=False)
        return Hint(game, appraisal.analysis)

    def explain(self, game: Game, *, running: bool, rng: random.Random) -> Explained | Partial:
        if running:
            position, move = board_of(game.position), None
        else:
            before, move = self.explained_move(game)
            position = board_of(before)
        if budgeted(position):
            appraisal = _appraised(game, position, rng)
            explanation = explain_appraised(appraisal)
            if explanation is None:
                mover = position.to_move
                return Partial(game, appraisal, mover, explained=True, played=not running)
        else:
            explanation = _exactly(game, explain_position, position, rng)
        played = move is not None
        if move is None:
            move = explanation.analysis.best_moves[0]
        return Explained(game, position, position.to_move, move, played, explanation)

    def review(self, game: Game) -> Review:
        return review_game(game)


def _exactly(game: Game, solve: Callable[[Board], T], board: Board, rng: random.Random) -> T:
    """``solve(board)``, a position of ``game``. A position too big to solve in time refuses,
    naming the move ``ESTIMATE_LEVEL`` would play as an estimate, never as a proof."""
    try:
        return solve(board)
    except SearchTooLargeError:
        pick = choose_move(board, ESTIMATE_LEVEL, rng)
        raise too_early_to_solve(game, board, pick) from None


def _appraised(game: Game, board: Board, rng: random.Random) -> Appraisal:
    """What a review's valuer proves about ``board`` (a position of ``game``) and its moves
    within ``HINT_BUDGET``; where it proves nothing at all, the estimate's refusal."""
    appraisal = appraise(board, budget=HINT_BUDGET, per_position=REVIEW_PER_POSITION)
    if appraisal.value is None and all(entry.value is None for entry in appraisal.moves):
        raise too_early_to_solve(game, board, choose_move(board, ESTIMATE_LEVEL, rng))
    return appraisal


def too_early_to_solve(game: Game, board: Board, pick: Move) -> TooEarlyToSolveError:
    """Hint or explain on an early 5x5 position where nothing is proven in a reply's time: the
    move offered is the heuristic's, and said to be an estimate, once (on the board too: the
    error carries the position and the pick)."""
    # TRANSLATORS: {size} is the board's side (5 for 5x5), {cell} a cell ("row 3, column 3")
    return TooEarlyToSolveError(
        "This {size}x{size} position is too early for me to solve in time: no move here is "
        "proven to win, draw or lose yet (I can after a few more moves). My pick, an "
        "estimate: {cell}.",
        game=game,
        position=board,
        pick=pick,
        size=board.size,
        cell=Phrase(lambda: cell_name(pick)),
    )
