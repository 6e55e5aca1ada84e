"""Ultimate tic-tac-toe: nine small boards in one, searched by Monte Carlo tree search.

Its levels are the search's (``bot.engine.ultimate``), then ``adaptive``, which plays at the
member's own rating (``bot.engine.ultimate.adaptive``; the record is stored under its kind); a
hint is the search's top moves with their win rates. The game is not solved, so there is no
``perfect`` level, no explanation and no review.
"""

from __future__ import annotations

import random

from bot.engine import (
    ClosedBoardError,
    IllegalMoveError,
    Move,
    UnknownLevelError,
    WrongBoardError,
)
from bot.engine.classic import Level as ClassicLevel
from bot.engine.position import Position
from bot.engine.ratings import ADAPTIVE
from bot.engine.ultimate import (
    LEVEL_RATINGS,
    LEVELS,
    PROFILES,
    Level,
    UltimateBoard,
    adaptive,
    analyze,
    choose_move,
    prepare,
)
from bot.games.errors import GameError, InvalidOptionError
from bot.games.models import ExplainReply, Game
from bot.games.review import Review
from bot.games.variants.base import Leaderboard, Variant
from bot.games.variants.ultimate.render import UltimateHint, UltimateRenderer, board_of
from bot.games.wording import small_board_name
from bot.i18n import N_, Phrase

GRID = 9
"""The rows and columns of ultimate's grid: moves are typed 1-9."""

HINT_SECONDS = 0.5
"""How long the search runs for a hint."""

ULTIMATE_LEVELS: tuple[str, ...] = (*LEVELS, ADAPTIVE)
"""The levels against the bot: the search's ``LEVELS``, then ``adaptive``."""


class UltimateVariant(Variant):
    """Ultimate tic-tac-toe: one 9x9 grid of nine small boards."""

    kind = "ultimate"
    sizes = (GRID,)
    default_size = GRID
    levels = ULTIMATE_LEVELS
    default_level = Level.HARD.value
    newcomer_level = Level.HARD.value
    leaderboards = (
        Leaderboard(
            "ultimate",
            # TRANSLATORS: a choice of /tictactoe leaderboard kind: keep "ultimate" before the
            # colon as typed; 100 characters at most
            N_("ultimate: ultimate games against me, points apart from classic"),
            "bot",
        ),
        Leaderboard(
            "ultimate-duels",
            # TRANSLATORS: a choice of /tictactoe leaderboard kind: keep "ultimate-duels"
            # before the colon as typed; 100 characters at most
            N_("ultimate-duels: ultimate duels, by their own Elo rating"),
            "duels",
        ),
    )
    renderer = UltimateRenderer()

    def check_size(self, size: int | str | None) -> int:
        """Always the one grid: a size a member gives applies to the classic boards only."""
        return GRID

    def check_level(self, level: str | None) -> str:
        """An ultimate level or ``adaptive``; ``perfect`` has its own sentence."""
        if level is None:
            return self.default_level
        wanted = str(level).strip().lower()
        if wanted == ClassicLevel.PERFECT.value:
            raise InvalidOptionError(
                "Ultimate tic-tac-toe is not solved, so there is no perfect level: choose one "
                "of {levels} ({strongest} searches longest).",
                levels=", ".join(LEVELS),
                strongest=Level.STRONGEST.value,
            )
        if wanted == ADAPTIVE:
            return ADAPTIVE
        try:
            return Level.of(wanted).value
        except UnknownLevelError:
            raise InvalidOptionError(
                "There is no level {given} in ultimate tic-tac-toe. Choose one of: {levels}.",
                given=repr(str(level)),
                levels=", ".join(ULTIMATE_LEVELS),
            ) from None

    def win_length(self, size: int) -> int:
        return 3

    def counts_solo(self, size: int) -> bool:
        return False  # ratings measured from short matches: docs/decisions.md

    def level_ratings(self) -> dict[int, dict[str, int]]:
        return {GRID: dict(LEVEL_RATINGS)}

    def start_position(self, size: int) -> UltimateBoard:
        return UltimateBoard()

    def grid_size(self, position: Position) -> int:
        return GRID

    def rated(self, level: str) -> bool:
        return level == ADAPTIVE

    def playing_rating(self, rating: float, size: int) -> int:
        return adaptive.playing_rating(rating)

    def choose_move(
        self, position: Position, level: str, rng: random.Random, rating: float | None
    ) -> Move:
        board = board_of(position)
        if self.rated(level):
            if rating is None:
                raise ValueError(f"the {level} level needs the member's rating")
            return adaptive.adaptive_move(board, rating, rng)
        if PROFILES[Level.of(level)].compiled:
            prepare(wait=False)  # for the moves after this one, which it may not wait for
        return choose_move(board, level, rng)

    def hint(self, game: Game, rng: random.Random) -> UltimateHint:
        prepare(wait=False)  # as for strongest's moves
        result = analyze(board_of(game.position), Level.STRONGEST, seconds=HINT_SECONDS)
        return UltimateHint(game, result)

    def check_explain(self, game: Game) -> None:
        """Explain in an ultimate game: no exact values to show (the game is not solved)."""
        raise GameError(
            "Explain shows exact values, and ultimate tic-tac-toe is not solved: ask for a "
            "hint while it is your turn to see the engine's top moves with their win rates."
        )

    def explain(self, game: Game, *, running: bool, rng: random.Random) -> ExplainReply:
        self.check_explain(game)
        raise AssertionError("check_explain refuses every ultimate game")

    def review(self, game: Game) -> Review:
        """Review of an ultimate game: no exact values to judge its moves by."""
        raise GameError(
            "Game #{id} is ultimate tic-tac-toe, which is not solved, so I cannot judge its "
            "moves exactly: there is no review of it.",
            id=game.id,
        )

    def move_refused(self, error: IllegalMoveError, position: Position, move: Move) -> GameError:
        """A closed small board or the wrong one in ultimate's words; the rest as any game's."""
        board = board_of(position)
        row, column = move.row + 1, move.col + 1
        index = move.row // 3 * 3 + move.col // 3
        if isinstance(error, ClosedBoardError):
            owner = board.board_winner(index)
            if owner is None:
                # TRANSLATORS: ultimate; {board} is "the small board in rows 4-6, columns 1-3"
                template = N_(
                    "Row {row}, column {column} is in {board}, which is full: play in an open "
                    "small board."
                )
                return GameError(template, row=row, column=column, board=_small_board(index))
            # TRANSLATORS: ultimate; {board} is "the small board in rows 4-6, columns 1-3",
            # {mark} is X or O
            template = N_(
                "Row {row}, column {column} is in {board}, which is won by {mark}: play in an "
                "open small board."
            )
            return GameError(
                template, row=row, column=column, board=_small_board(index), mark=owner.value
            )
        forced = board.forced_board
        if isinstance(error, WrongBoardError) and forced is not None:
            # TRANSLATORS: ultimate; {forced} and {board} are "the small board in rows 4-6,
            # columns 1-3"
            template = N_("The last move sends you to {forced}: play there, not in {board}.")
            return GameError(template, forced=_small_board(forced), board=_small_board(index))
        return super().move_refused(error, position, move)


def _small_board(index: int) -> Phrase:
    """ "the small board in rows 4-6, columns 1-3", worded when the sentence is rendered."""
    return Phrase(lambda: small_board_name(index))
