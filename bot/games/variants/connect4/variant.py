"""Connect Four: seven columns of six, a disc falls to the lowest free cell, four in a row wins.

The bot plays the engine's levels (``bot.engine.connect4``) or ``adaptive`` at the member's own
Connect Four rating. Hints, explanations and reviews are the exact solver's scores where it
proves them in a reply's time; an early position it cannot prove gets ``strongest``'s move,
said to be an estimate. A move is a column: typed as one number, a button per column, stored
as the cell the disc lands in.
"""

from __future__ import annotations

import random
import re
import time

from bot.engine import (
    IllegalMoveError,
    Move,
    SearchTooLargeError,
    UnknownLevelError,
)
from bot.engine.connect4 import LEVELS, Analysis, Budget, Connect4Board, Level, analyze, choose_move
from bot.engine.connect4 import adaptive as connect4_adaptive
from bot.engine.connect4.ratings import LEVEL_RATINGS
from bot.engine.position import Position
from bot.engine.ratings import ADAPTIVE
from bot.games import sentences
from bot.games.errors import GameError, InvalidCellError, InvalidOptionError, TooEarlyToSolveError
from bot.games.models import Game
from bot.games.review import Review
from bot.games.variants.base import Leaderboard, Variant
from bot.games.variants.connect4.drawing import board_of, column_name
from bot.games.variants.connect4.render import Connect4Renderer
from bot.games.variants.connect4.replies import (
    Connect4Explained,
    Connect4Hint,
    NamedColumn,
    outcomes,
)
from bot.games.variants.connect4.review import review_game
from bot.games.wording import quote_input
from bot.i18n import N_, Phrase

COLUMNS = 7
"""The board's columns: its one size, as options, ratings and storage name it."""

ROWS = 6
"""The board's rows: a cell below the sixth is no button's."""

CONNECT4_LEVELS: tuple[str, ...] = (*LEVELS, ADAPTIVE)
"""The levels against the bot: the engine's ``LEVELS``, then ``adaptive``."""

ANSWER_SECONDS = 2.0
"""How long the solver may try to prove a position for a hint or an explanation, in a worker
thread after the reply is deferred: every column of a position of 20 discs or more within it
(1.5 s at most on the test positions, from a cold table). Past it the reply is ``strongest``'s
move, as an estimate (about 0.6 s more), unless the rules alone decide (:func:`forced`)."""

ESTIMATE_LEVEL = Level.STRONGEST.value
"""The level whose move a hint or an explanation names where the solver proves nothing."""

_NUMBERS = re.compile(r"\s*[+-]?[0-9]+(?:\s*[,\s]\s*[+-]?[0-9]+)*\s*", re.ASCII)
"""One or more ASCII integers, as a member types a column (or, by habit, a row and a column)."""

_DIGITS = 9
"""Digits a typed number may have before it is off every board unread (int()'s limit)."""

# TRANSLATORS: Connect Four's usage line; {move} is the move command as typed ("!move",
# "move"); translate <column>, keep the 4
USAGE = N_("Usage: {move} <column>, for example: {move} 4")


class Connect4Variant(Variant):
    """Connect Four on seven columns of six rows."""

    kind = "connect4"
    aliases = ("connect-four", "connectfour", "c4")
    sizes = (COLUMNS,)
    default_size = COLUMNS
    levels = CONNECT4_LEVELS
    default_level = Level.HARD.value
    newcomer_level = Level.EASY.value  # medium already looks four moves ahead
    leaderboards = (
        Leaderboard(
            "connect4",
            # TRANSLATORS: a choice of /tictactoe leaderboard kind: keep "connect4" before the
            # colon as typed; 100 characters at most
            N_("connect4: Connect Four games against me, points apart from the others"),
            "bot",
        ),
        Leaderboard(
            "connect4-duels",
            # TRANSLATORS: a choice of /tictactoe leaderboard kind: keep "connect4-duels"
            # before the colon as typed; 100 characters at most
            N_("connect4-duels: Connect Four duels, by their own Elo rating"),
            "duels",
        ),
    )
    renderer = Connect4Renderer()

    def check_size(self, size: int | str | None) -> int:
        """Always the one board: a size a member gives applies to the classic boards only."""
        return COLUMNS

    def check_level(self, level: str | None) -> str:
        """A Connect Four level or ``adaptive``; ``perfect`` has its own sentence."""
        if level is None:
            return self.default_level
        wanted = str(level).strip().lower()
        if wanted == ADAPTIVE:
            return ADAPTIVE
        if wanted == "perfect":
            # TRANSLATORS: Connect Four's refusal of the level perfect; {levels} lists the
            # levels as typed, {strongest} is the level's name as typed
            raise InvalidOptionError(
                "Connect Four has no perfect level: choose one of {levels} ({strongest} "
                "plays exact moves once it can prove them).",
                levels=", ".join(LEVELS),
                strongest=Level.STRONGEST.value,
            )
        try:
            return Level.of(wanted).value
        except UnknownLevelError:
            # TRANSLATORS: {given} is what the member typed, quoted; {levels} lists the
            # levels as typed
            raise InvalidOptionError(
                "There is no level {given} in Connect Four. Choose one of: {levels}.",
                given=quote_input(str(level)),
                levels=", ".join(CONNECT4_LEVELS),
            ) from None

    def win_length(self, size: int) -> int:
        return 4

    def counts_solo(self, size: int) -> bool:
        return True

    def level_ratings(self) -> dict[int, dict[str, int]]:
        return {COLUMNS: {level: LEVEL_RATINGS[level] for level in LEVELS}}

    def start_position(self, size: int) -> Connect4Board:
        return Connect4Board()

    def rated(self, level: str) -> bool:
        return level == ADAPTIVE

    def playing_rating(self, rating: float, size: int) -> int:
        return connect4_adaptive.playing_rating(rating)

    def choose_move(
        self, position: Position, level: str, rng: random.Random, rating: float | None
    ) -> Move:
        board = board_of(position)
        if self.rated(level):
            if rating is None:
                raise ValueError(f"the {level} level needs the member's rating")
            return connect4_adaptive.adaptive_move(board, rating, rng)
        return choose_move(board, level, rng)

    def hint(self, game: Game, rng: random.Random) -> Connect4Hint:
        board = board_of(game.position)
        return Connect4Hint(game, outcomes(board, _solved(game, board, rng)))

    def explain(self, game: Game, *, running: bool, rng: random.Random) -> Connect4Explained:
        if running:
            board, move = board_of(game.position), None
        else:
            before, move = self.explained_move(game)
            board = board_of(before)
        analysis = _solved(game, board, rng, played=move)
        columns = outcomes(board, analysis)
        return Connect4Explained(
            game=game,
            position=board,
            mover=board.to_move,
            move=columns[0].move if move is None else move,
            played=move is not None,
            columns=columns,
            nodes=analysis.nodes,
            seconds=analysis.seconds,
        )

    def review(self, game: Game) -> Review:
        return review_game(game)

    def parse_move(self, text: str, game: Game) -> Move:
        """A column as typed ("4"): the cell its disc lands in. Two numbers (a habit from
        tic-tac-toe) get a sentence that one is enough; a full column is the rules' refusal."""
        column = read_column(text)
        board = board_of(game.position)
        try:
            return board.landing(column - 1)
        except IllegalMoveError as error:
            raise self.move_refused(error, board, Move(0, column - 1)) from error

    def move_refused(self, error: IllegalMoveError, position: Position, move: Move) -> GameError:
        """A full column, a column off the board, or a cell below where the disc lands now (a
        button of a board that has changed since), in columns; anything else (a cell no
        button names) as the shared refusal."""
        board = board_of(position)
        column = move.col + 1
        if not 0 <= move.col < COLUMNS:
            return off_board(column)
        if not board.is_over and move.col not in board.legal_columns:
            # TRANSLATORS: Connect Four; {column} is a number
            full = N_("Column {column} is full: choose another one.")
            return GameError(full, column=column)
        if not board.is_over and board.landing(move.col).row < move.row < ROWS:
            # TRANSLATORS: Connect Four: a button clicked on a board that has changed since it
            # was drawn; {column} is a number
            template = N_(
                "The board has changed since that button was drawn: column {column} holds more "
                "discs now. Look at the board again and choose your column."
            )
            return GameError(template, column=column)
        return sentences.move_refused(error, COLUMNS, move)


def read_column(text: str) -> int:
    """The column typed (1-based, any integer: the board checks it), else
    ``InvalidCellError`` with the usage."""
    if not isinstance(text, str) or not text.strip():
        # TRANSLATORS: Connect Four; {columns} is the number of columns (7); {move} is the
        # move command as typed
        template = N_(
            "Which column? Give a number from 1 to {columns}. "
            "Usage: {move} <column>, for example: {move} 4"
        )
        raise InvalidCellError(template, columns=COLUMNS)
    if _NUMBERS.fullmatch(text) is None:
        # TRANSLATORS: Connect Four; {text} is what the member typed, quoted; {columns} the
        # number of columns (7); {move} the move command as typed
        template = N_(
            "{text} is not a column: give one number from 1 to {columns}. "
            "Usage: {move} <column>, for example: {move} 4"
        )
        raise InvalidCellError(template, text=quote_input(text), columns=COLUMNS)
    numbers = re.findall(r"[+-]?[0-9]+", text)
    if len(numbers) > 1:
        # TRANSLATORS: Connect Four, where a member typed a row and a column as in
        # tic-tac-toe; {text} is what they typed, quoted; {move} the move command as typed
        template = N_(
            "{text}: in Connect Four a column is enough, and your disc falls to the lowest "
            "free cell. Usage: {move} <column>, for example: {move} 4"
        )
        raise InvalidCellError(template, text=quote_input(text.strip()))
    digits = numbers[0].lstrip("+-").lstrip("0")
    if len(digits) > _DIGITS:
        raise off_board(None)
    # the significant digits only: int() counts zeros in front towards its 4,300-digit limit
    column = int(digits or "0")
    return -column if numbers[0].startswith("-") else column


def off_board(column: int | None) -> InvalidCellError:
    """A column that is not on the board (``None``: too long a number to repeat)."""
    if column is None:
        # TRANSLATORS: Connect Four; {columns} is the number of columns (7); {move} the move
        # command as typed
        template = N_(
            "That column is off the board: columns go from 1 to {columns}. "
            "Usage: {move} <column>, for example: {move} 4"
        )
        return InvalidCellError(template, columns=COLUMNS)
    # TRANSLATORS: Connect Four; {column} is the number typed, {columns} the number of
    # columns (7); {move} the move command as typed
    template = N_(
        "Column {column} is off the board: columns go from 1 to {columns}. "
        "Usage: {move} <column>, for example: {move} 4"
    )
    return InvalidCellError(template, column=column, columns=COLUMNS)


def _solved(
    game: Game, board: Connect4Board, rng: random.Random, *, played: Move | None = None
) -> Analysis:
    """Every column's exact score on ``board`` (a position of ``game``) within
    ``ANSWER_SECONDS``. Past it: a column the rules decide (:func:`forced`), else, for a hint,
    ``strongest``'s move as an estimate, and for a ``played`` move, that nothing is proven of
    it yet."""
    try:
        return analyze(board, Budget(deadline=time.perf_counter() + ANSWER_SECONDS))
    except SearchTooLargeError:
        decided = forced(game, board, played)
        if decided is not None:
            raise decided from None
        if played is not None:
            # TRANSLATORS: Connect Four, explaining a move played in a position the solver
            # could not finish in time; {cell} is a column ("column 4")
            template = N_(
                "I cannot prove yet what {cell} leads to: this Connect Four position is too "
                "early for me to solve in time (I can after a few more moves)."
            )
            raise _named(game, board, played, template) from None
        pick = choose_move(board, ESTIMATE_LEVEL, rng)
        raise too_early_to_solve(game, board, pick) from None


def forced(game: Game, board: Connect4Board, played: Move | None = None) -> NamedColumn | None:
    """What the rules alone say where the solver proves nothing in time. Of the position: a
    column that wins at once, or the one column that does not lose at once (the others leave
    the other side a four). Of a ``played`` move (one explained): that it won at once, lost at
    once, or was that one column. None where they say nothing."""
    columns = board.legal_columns
    wins = [col for col in columns if board.play_column(col).winner is board.to_move]
    safe = [col for col in columns if not _gives_a_four(board.play_column(col))]
    only = safe[0] if not wins and len(safe) == 1 < len(columns) else None
    if played is None:
        if wins:
            return _wins_at_once(game, board, wins[0])
        return None if only is None else _only_column(game, board, only)
    if played.col in wins:
        return _wins_at_once(game, board, played.col)
    if played.col not in safe:
        # TRANSLATORS: Connect Four, explaining a move the solver has not valued; {cell} is
        # a column ("column 4")
        template = N_(
            "Playing {cell} loses at once: it lets the other side complete four in a row "
            "next."
        )
        return _named(game, board, played, template)
    return _only_column(game, board, only) if only == played.col else None


def _wins_at_once(game: Game, board: Connect4Board, col: int) -> NamedColumn:
    # TRANSLATORS: Connect Four, where the solver has not valued every column yet; {cell} is
    # a column ("column 4")
    template = N_("Playing {cell} wins at once: it completes four in a row.")
    return _named(game, board, board.landing(col), template)


def _only_column(game: Game, board: Connect4Board, col: int) -> NamedColumn:
    # TRANSLATORS: Connect Four, where the solver has not valued every column yet; {cell} is
    # a column ("column 4")
    template = N_(
        "Only {cell} does not lose at once: any other column lets the other side complete "
        "four in a row."
    )
    return _named(game, board, board.landing(col), template)


def _gives_a_four(board: Connect4Board) -> bool:
    """Whether the side to move on ``board`` can complete four in a row at once."""
    return not board.is_over and any(
        board.play_column(col).winner is board.to_move for col in board.legal_columns
    )


def _named(game: Game, board: Connect4Board, pick: Move, template: str) -> NamedColumn:
    return NamedColumn(
        template, game=game, position=board, pick=pick, cell=Phrase(lambda: column_name(pick))
    )


def too_early_to_solve(game: Game, board: Connect4Board, pick: Move) -> TooEarlyToSolveError:
    """Hint or explain on a position the solver cannot prove in a reply's time: ``pick`` is
    ``strongest``'s move, said to be an estimate (the error carries the position and the
    pick, for the board)."""
    # TRANSLATORS: Connect Four; {cell} is a column ("column 4")
    return TooEarlyToSolveError(
        "This Connect Four position is too early for me to solve in time: I cannot prove yet "
        "what every column leads to (I can after a few more moves). My pick, an estimate: "
        "{cell}.",
        game=game,
        position=board,
        pick=pick,
        cell=Phrase(lambda: column_name(pick)),
    )
