"""Check that ``perfect`` on 5x5 four-in-a-row never loses and never gives value away.

    nice -n 19 python tools/verify_5x5.py [--side x|o|both] [--branch 4] [--sample N] [--seed S]

An adversary plays against ``perfect`` from the empty board. For its first ``--branch``
moves it tries every legal reply, up to the board's symmetries (with ``--sample N``, only N
of them: its best reply and N - 1 others picked with ``--seed``); after that it plays the
exact solver's move (one that keeps its value, :meth:`WdlSolver.best_move`) to the end.
A referee (its own :class:`WdlSolver`, sharing no table with the bot) checks every move of
``perfect``: the bot's value must not drop (a draw stays at least a draw, a win a win), no
line may end in a loss or in a draw the bot had won, and from every won position the bot
must win within the fastest distance (:func:`fastest_win`, no budget). A position on the
bot's turn that an earlier line already reached, up to symmetry, is not played again.

Prints one summary per side; a failure is printed with the position at once. Exit status 1
if anything failed. The full run (``--branch 4``, both sides) takes about two CPU minutes;
``tests/engine/classic/test_verify_5x5.py`` runs a seeded sample of it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine import Move, Player
from bot.engine.classic import Board, choose_move
from bot.engine.classic.book import canonical
from bot.engine.classic.wdl_solver import LOSS, WIN, WdlSolver, fastest_win

Chooser = Callable[[Board], Move]
BRANCH = 4  # adversary moves that branch, by default: the full run
REFEREE_TABLE = 1_500_000  # entries, ~165 MB: the referee keeps its table between lines


def perfect(board: Board) -> Move:
    """The move under test: the engine's own ``perfect`` choice."""
    return choose_move(board, "perfect", random.Random(0))


@dataclass
class Summary:
    """What one side's verification saw."""

    bot: Player
    lines: Counter[str] = field(default_factory=Counter)  # "won" / "drawn" / "lost"
    decisions: int = 0  # positions where the bot moved and the referee checked the result
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def __str__(self) -> str:
        lines = ", ".join(f"{self.lines[o]} {o}" for o in ("won", "drawn", "lost"))
        verdict = "OK" if not self.failures else f"{len(self.failures)} FAILURES"
        return (
            f"perfect as {self.bot.value}: {sum(self.lines.values())} lines ({lines}), "
            f"{self.decisions} decisions checked, {self.seconds:.0f} s: {verdict}"
        )


class Verification:
    """One side's run: the tree of adversary replies, then played-out lines."""

    def __init__(
        self,
        bot: Player,
        *,
        chooser: Chooser = perfect,
        branch: int = BRANCH,
        sample: int = 0,
        seed: int = 0,
        referee: WdlSolver | None = None,
        echo: Callable[[str], None] | None = None,
    ) -> None:
        self.summary = Summary(bot)
        self.chooser = chooser
        self.branch = branch
        self.sample = sample
        self.rng = random.Random(seed)
        self.geo = Board.empty(5, 4).geometry
        self.referee = referee or WdlSolver(self.geo, table_limit=REFEREE_TABLE)
        self.echo = echo or (lambda text: None)
        # Bot-turn positions already verified, by canonical key: the ply of the latest line
        # end below them (branching), or how their line ended and at which ply (played out).
        self.branched: dict[int, int] = {}
        self.ended: dict[int, tuple[str, int]] = {}

    def run(self, start: Board | None = None, value: int | None = None) -> Summary:
        """Verify from ``start`` (default: the empty board); ``value``, the start's value for
        the side to move, is solved by the referee unless given."""
        board = start or Board.empty(5, 4)
        began = time.monotonic()
        if board.to_move is self.summary.bot:
            if value is None:
                value = self.referee.value(*board.sides)
            self._bot_turn(board, value, self.branch)
        else:
            self._adversary_turn(board, self.branch)
        self.summary.seconds = time.monotonic() - began
        return self.summary

    # -- the tree ------------------------------------------------------------------

    def _bot_turn(self, board: Board, value: int, replies_left: int) -> int:
        """The bot moves from ``board`` (worth ``value`` to it), then every reply is tried:
        returns the ply at which the last of the lines below ended."""
        key = canonical(self.geo, *board.sides)[0]
        if key in self.branched:
            return self.branched[key]
        deadline = self._deadline(board, value)
        after, ended = self._bot_moves(board, value)
        if ended is not None:
            self._tally(ended)
            last = after.moves_played
        elif replies_left > 0:
            last = self._adversary_turn(after, replies_left)
        else:
            ended, last = self._play_out(after)
            self._tally(ended)
        self._check_deadline(board, deadline, last)
        self.branched[key] = last
        return last

    def _adversary_turn(self, board: Board, replies_left: int) -> int:
        """Every reply (up to symmetry, or a sample of them) from ``board``; returns the ply
        at which the last line ended."""
        me, opp = board.sides
        seen: dict[int, int] = {}
        for cell in self.geo.order:
            if not (me | opp) >> cell & 1:
                seen.setdefault(canonical(self.geo, opp, me | 1 << cell)[0], cell)
        replies = sorted(seen.values())
        if self.sample:  # the adversary's best reply, and others at random
            best = self.referee.best_move(me, opp)[0]
            best = seen[canonical(self.geo, opp, me | 1 << best)[0]]
            others = [cell for cell in replies if cell != best]
            replies = [best, *self.rng.sample(others, min(self.sample - 1, len(others)))]
        last = 0
        for cell in replies:
            child = board.play(self.geo.moves[cell])
            if child.is_over:
                if child.winner is not None:
                    self._fail(child, "the adversary won")
                self._tally("lost" if child.winner else "drawn")
                last = max(last, child.moves_played)
            else:  # the bot's exact value after this reply
                value = -self.referee.after_move(me, opp, cell)
                last = max(last, self._bot_turn(child, value, replies_left - 1))
        return last

    # -- one line to the end -----------------------------------------------------------

    def _play_out(self, board: Board) -> tuple[str, int]:
        """Adversary (to move on ``board``) at the solver's move, the bot at its own, to the
        end: how the line ended for the bot and at which ply (remembered for every bot-turn
        position on the way)."""
        met: list[tuple[int, Board, int | None]] = []
        ended: tuple[str, int] | None = None
        while ended is None:
            me, opp = board.sides
            cell, worth = self.referee.best_move(me, opp)
            board = board.play(self.geo.moves[cell])
            if board.is_over:
                if board.winner is not None:
                    self._fail(board, "the adversary won")
                ended = ("lost" if board.winner else "drawn", board.moves_played)
                break
            value = -worth  # the bot's exact value: the adversary kept its own
            key = canonical(self.geo, *board.sides)[0]
            ended = self.ended.get(key)
            if ended is None:
                met.append((key, board, self._deadline(board, value)))
                after, outcome = self._bot_moves(board, value)
                if outcome is not None:
                    ended = (outcome, after.moves_played)
                board = after
        for key, bot_turn, deadline in met:
            self.ended[key] = ended
            self._check_deadline(bot_turn, deadline, ended[1])
        return ended

    # -- the checks ----------------------------------------------------------------------

    def _bot_moves(self, board: Board, value: int) -> tuple[Board, str | None]:
        """The bot's move and the referee's check of it: the board after it, and how the
        game ended if it did."""
        move = self.chooser(board)
        after = board.play(move)
        self.summary.decisions += 1
        if self.summary.decisions % 500 == 0:
            self.echo(f"  ... {self.summary.decisions} decisions checked")
        if after.is_over:
            if after.winner is not None:
                return after, "won"
            if value == WIN:
                self._fail(board, f"drew a won game ({move})")
            return after, "drawn"
        now = -self.referee.value(*after.sides)
        if now < value:
            what = "moved into a lost position" if now == LOSS else "let a win go"
            self._fail(board, f"{what} ({move})")
        return after, None

    def _deadline(self, board: Board, value: int) -> int | None:
        """In a won position, the ply by which the fastest win ends (None otherwise)."""
        if value != WIN:
            return None
        fastest = fastest_win(self.geo, *board.sides)
        assert fastest is not None, board.notation  # the referee's two searches disagree
        return board.moves_played + fastest[1]

    def _check_deadline(self, board: Board, deadline: int | None, last: int) -> None:
        if deadline is not None and last > deadline:
            plies = deadline - board.moves_played
            self._fail(board, f"won in {last - board.moves_played} plies, not the fastest {plies}")

    def _tally(self, ended: str) -> None:
        self.summary.lines[ended] += 1

    def _fail(self, board: Board, what: str) -> None:
        text = f"FAIL perfect as {self.summary.bot.value}: {what} at {board.notation}"
        self.summary.failures.append(text)
        self.echo(text)


def non_negative(text: str) -> int:
    """An argparse type: a whole number, 0 or more."""
    number = int(text)
    if number < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {text}")
    return number


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", choices=("x", "o", "both"), default="both")
    parser.add_argument(
        "--branch", type=non_negative, default=BRANCH, help="adversary moves that branch"
    )
    parser.add_argument(
        "--sample", type=non_negative, default=0, help="replies per branch (0 = all)"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    sides = {"x": [Player.X], "o": [Player.O], "both": [Player.X, Player.O]}[args.side]
    failed = False
    for bot in sides:
        run = Verification(
            bot, branch=args.branch, sample=args.sample, seed=args.seed,
            echo=lambda text: print(text, flush=True),
        )
        summary = run.run()
        print(summary, flush=True)
        failed = failed or bool(summary.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
