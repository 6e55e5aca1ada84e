"""Ultimate tic-tac-toe benchmark (issue 29): speed, and strength with PASS/FAIL.

Run from the repository root:  python bench/ultimate.py [--games N] [--time SECONDS] [--jobs N]
It reports and never gates: it exits 0 and marks every missed target FAIL.

Figures:
  * speed: the search's simulations a second, compiled (strongest) and in Python (the levels
    below), from the same positions of random games in turns; the static evaluations a second,
    the tactical playouts a second (leaf=playout) and plain UCT's uniformly random playouts a
    second;
  * strongest against plain UCT (bench/_ultimate_uct.py: exploration sqrt 2, uniformly random
    playouts), the same time per move, colours alternating: target a score of 75 % or more
    (a win 1, a draw 1/2). The issue's figures are 200 games at 1 s a move, about 4 hours on
    one core; the default is 200 games at 0.1 s a move (about 20 minutes on one core, half
    with --jobs 2), and --time 1 gives the issue's;
  * strongest against plain UCT compiled to C (bench/uct.c, built here with the OS's ``cc``;
    the row is skipped with one line where there is none), the same time per move, from paired
    openings (each random 2-ply opening played with both colours): the score with its 95 %
    interval over the pairs, target 55 % or more over 100 games or more at 1 s a move
    (--compiled-time 1; the default is --time, 100 games); with the speed figures, the compiled
    program's random playouts a second and how many times the Python UCT's that is;
  * strongest against a uniformly random mover (--random-time, default 0.02 s a move): 99 %;
  * the forced-win suite (bench/ultimate_wins.txt: positions with a forced win in one or two
    moves of the whole game, found in random games and checked by exhaustive search): every
    one found, each answer checked again exhaustively;
  * safety: among every move strongest played above, none lets the opponent win the game at
    once when another move would not (checked exhaustively, on UltimateBoard);
  * the levels, for how each weakens: each level against the one below (no target);
  * with --compare-games, the same search scoring leaves with tactical playouts
    (leaf=playout) against plain UCT: the design the evaluation replaced (no target);
  * strongest against engines we did not write (issue 48), built by bench/outside_engines.py
    from pinned commits (each row skipped with one line where its source, a compiler or the
    CPU it needs is missing): ziap/uttt (plain UCT in C), target 50 %, and TomAlard/UTTT_player
    (a CodinGame top-5 MCTS with a value net), target a quarter of the points; 40 games each
    (--outside-games), paired openings, at 1 s and 0.3 s a move (--outside-times), in two modes
    (--outside-modes): in-process, the bench's process having loaded the kernel as a bot's has
    after its first strongest move, and a fresh ``python -m bot.engine ultimate`` process a move,
    as a script has it; strongest's every move timed on the wall clock, the in-process p99
    against the bot's 1 s. --outside-only prints the search speeds and these rows alone.

--make-suite writes the suite file afresh (and checks it) instead of measuring;
--compiled-only measures the playout speeds and the compiled-UCT row alone.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _ultimate_c import BuildError, CompiledUct, build  # noqa: E402
from _ultimate_line import board_after, fresh_move  # noqa: E402
from _ultimate_uct import random_move, random_playout, uct_move  # noqa: E402
from arguments import positive_float, positive_int  # noqa: E402
from figures import (  # noqa: E402
    Row,
    Verdict,
    elo_interval,
    load_average,
    mean_interval,
    print_table,
    row,
)
from outside_engines import Absent, tomalard_program, ziap_program  # noqa: E402

from bot.engine.moves import Move  # noqa: E402
from bot.engine.ultimate import (  # noqa: E402
    Leaf,
    SearchResult,
    UltimateBoard,
    choose_move,
    prepare,
    search,
)
from bot.engine.ultimate.compiled import LOAD_SECONDS  # noqa: E402
from bot.engine.ultimate.evaluation import evaluate  # noqa: E402
from bot.engine.ultimate.playout import (  # noqa: E402
    GOING_ON,
    SearchPosition,
    game_win,
    playout,
    safe_moves,
)
from bot.engine.ultimate.search import MINIMAX  # noqa: E402
from bot.engine.ultimate.tables import MOVES, square_of  # noqa: E402

SUITE = Path(__file__).resolve().parent / "ultimate_wins.txt"
UCT_TARGET = 0.75
COMPILED_TARGET = 0.55
COMPILED_MINIMUM_GAMES = 100
COMPILED_MINIMUM_TIME = 1.0
RANDOM_TARGET = 0.99
SUITE_MINIMUM = 30
ZIAP_TARGET = 0.5
TOMALARD_TARGET = 0.25  # the stretch
OUTSIDE_MINIMUM_GAMES = 40
MOVE_TARGET = 1.0  # a bot move's wall-clock seconds at p99
MINIMUM_GAMES = 200
T = TypeVar("T")
LADDER = ("random", "easy", "medium", "hard", "strongest")


# ------------------------------------------------------------------------------------ players


def move_of(player: str, board: UltimateBoard, rng: random.Random, seconds: float) -> Move:
    """``player``'s move: a level of the engine, plain UCT or the random mover."""
    if player == "uct":
        return uct_move(board, seconds, rng)[0]
    if player == "random":
        return random_move(board, rng)
    if player == "playout-mcts":
        return search(board, seconds=seconds, rng=rng, leaf=Leaf.PLAYOUT).move
    return choose_move(board, player, rng, seconds=seconds)


def wins_at_once(board: UltimateBoard) -> bool:
    """Whether the side to move can win the game with one move (exhaustively)."""
    mover = board.to_move
    return any(board.play(move).winner is mover for move in board.legal_moves)


def gives_a_win_needlessly(board: UltimateBoard, move: Move) -> bool:
    """``move`` lets the opponent win at once, though another move would not."""
    after = board.play(move)
    if after.is_over or not wins_at_once(after):
        return False
    return any(
        other != move and (board.play(other).is_over or not wins_at_once(board.play(other)))
        for other in board.legal_moves
    )


@dataclass(frozen=True, slots=True)
class Game:
    """One game's result for the player under test (1, 1/2, 0), its safety count and, against
    the outside engines, the wall-clock seconds of each of its moves."""

    score: float
    moves_checked: int
    needless: int
    move_seconds: tuple[float, ...] = ()


def play_game(task: tuple[str, str, bool, float, int]) -> Game:
    """Play ``tested`` against ``opponent`` (``tested`` is X when ``tested_first``)."""
    tested, opponent, tested_first, seconds, seed = task
    rng = random.Random(seed)
    board = UltimateBoard()
    checked = needless = 0
    while not board.is_over:
        tested_moves = (board.to_move.value == "X") == tested_first
        move = move_of(tested if tested_moves else opponent, board, rng, seconds)
        if tested_moves and tested == "strongest":
            checked += 1
            needless += gives_a_win_needlessly(board, move)
        board = board.play(move)
    winner = board.winner
    tested_side = "X" if tested_first else "O"
    score = 0.5 if winner is None else 1.0 if winner.value == tested_side else 0.0
    return Game(score, checked, needless)


def match(
    tested: str, opponent: str, games: int, seconds: float, seed: int, jobs: int
) -> list[Game]:
    """``games`` games, colours alternating, ``jobs`` processes."""
    tasks = [(tested, opponent, n % 2 == 0, seconds, seed * 1_000_003 + n) for n in range(games)]
    return play_all(play_game, tasks, jobs, f"{tested} vs {opponent}")


def play_all(play: Callable[[T], Game], tasks: list[T], jobs: int, label: str) -> list[Game]:
    """Every task's game, in order, on ``jobs`` processes; each finished game is told on
    stderr (long runs: see how far they are, and keep what they found if stopped). Each
    process first loads strongest's compiled kernel, as a bot process has it after its first
    strongest move."""
    played: list[Game] = []
    with contextlib.ExitStack() as stack:
        if jobs == 1:
            prepare()
            results: Iterable[Game] = map(play, tasks)
        else:
            pool = stack.enter_context(multiprocessing.Pool(jobs, initializer=prepare))
            results = pool.imap(play, tasks, chunksize=1)
        for game in results:
            played.append(game)
            print(
                f"{label}: game {len(played)}/{len(tasks)} scored {game.score:g},"
                f" {score_of(played):.1%} so far",
                file=sys.stderr,
                flush=True,
            )
    return played


def play_compiled(task: tuple[str, tuple[int, ...], bool, float, int]) -> Game:
    """Play strongest against the compiled UCT ``program`` from the ``opening`` squares
    (strongest is X when ``tested_first``), in this process."""
    program, opening, tested_first, seconds, seed = task
    return play_program(program, opening, tested_first, seconds, seed, fresh=False)


def play_fresh(task: tuple[str, tuple[int, ...], bool, float, int]) -> Game:
    """:func:`play_compiled` with each of strongest's moves a new CLI process."""
    program, opening, tested_first, seconds, seed = task
    return play_program(program, opening, tested_first, seconds, seed, fresh=True)


def play_program(
    program: str,
    opening: tuple[int, ...],
    tested_first: bool,
    seconds: float,
    seed: int,
    *,
    fresh: bool,
) -> Game:
    """strongest against a program speaking bench/uct.c's line protocol; each of strongest's
    moves timed on the wall clock, as the bot (in this process) or a script (``fresh``: a new
    ``python -m bot.engine ultimate`` process a move) spends it."""
    rng = random.Random(seed)
    board, squares = board_after(opening), list(opening)
    checked = needless = 0
    spent: list[float] = []
    with CompiledUct(Path(program), seed) as uct:
        while not board.is_over:
            if (board.to_move.value == "X") == tested_first:
                began = time.perf_counter()
                if fresh:
                    move = MOVES[fresh_move(board, seconds, rng.getrandbits(32))[0]]
                else:
                    move = choose_move(board, "strongest", rng, seconds=seconds)
                spent.append(time.perf_counter() - began)
                checked += 1
                needless += gives_a_win_needlessly(board, move)
            else:
                move = MOVES[uct.move(squares, seconds)[0]]
            squares.append(square_of(move))
            board = board.play(move)
    winner = board.winner
    tested_side = "X" if tested_first else "O"
    score = 0.5 if winner is None else 1.0 if winner.value == tested_side else 0.0
    return Game(score, checked, needless, tuple(spent))


def openings(pairs: int, seed: int) -> list[tuple[int, ...]]:
    """``pairs`` random 2-ply openings (uniformly random legal squares)."""
    rng = random.Random(seed)
    found = []
    for _ in range(pairs):
        board, squares = UltimateBoard(), []
        for _ply in range(2):
            move = random_move(board, rng)
            squares.append(square_of(move))
            board = board.play(move)
        found.append(tuple(squares))
    return found


def compiled_match(
    program: Path,
    games: int,
    seconds: float,
    seed: int,
    jobs: int,
    label: str = "strongest vs compiled UCT",
    play: Callable[[tuple[str, tuple[int, ...], bool, float, int]], Game] = play_compiled,
) -> list[Game]:
    """``games`` (rounded up to pairs) against a compiled ``program``, each opening with both
    colours: games 2k and 2k + 1 share an opening."""
    tasks = [
        (str(program), opening, first, seconds, seed * 1_000_003 + 2 * n + first)
        for n, opening in enumerate(openings((games + 1) // 2, seed))
        for first in (True, False)
    ]
    return play_all(play, tasks, jobs, label)


def paired_score(games: list[Game]) -> str:
    """The score with its 95 % interval over the pairs of games (one opening each)."""
    pairs = [(a.score + b.score) / 2 for a, b in zip(games[::2], games[1::2], strict=True)]
    mean, low, high = mean_interval(pairs)
    return f"{tally(games)}, 95 % {low:.1%}-{high:.1%}, Elo {elo_interval(mean, low, high)}"


def compiled_verdict(score: float, games: int, seconds: float) -> Verdict:
    """PASS or FAIL at the issue's settings (100 games or more, 1 s a move), else worded."""
    met = score >= COMPILED_TARGET
    if games >= COMPILED_MINIMUM_GAMES and seconds >= COMPILED_MINIMUM_TIME:
        return met
    short = []
    if games < COMPILED_MINIMUM_GAMES:
        short.append(f"under {COMPILED_MINIMUM_GAMES} games")
    if seconds < COMPILED_MINIMUM_TIME:
        short.append(f"under {COMPILED_MINIMUM_TIME:g} s a move")
    return f"{'met' if met else 'missed'}, but {' and '.join(short)}"


def compiled_rows(
    program: Path | str, games: int, seconds: float, seed: int, jobs: int
) -> tuple[list[Row], list[Game]]:
    """The compiled-UCT row (one line saying why where ``program`` is a build error)."""
    if isinstance(program, str):
        return [row("strongest vs compiled UCT", f"skipped: {program}")], []
    played = compiled_match(program, games, seconds, seed, jobs)
    return [
        row(
            f"strongest vs compiled UCT, {len(played)} games, paired, {seconds:g} s a move",
            paired_score(played),
            f">= {COMPILED_TARGET:.0%}",
            compiled_verdict(score_of(played), len(played), seconds),
        )
    ], played


OUTSIDE: tuple[tuple[str, str, Callable[[], Path], float], ...] = (
    ("ziap/uttt", "ziap", ziap_program, ZIAP_TARGET),
    ("TomAlard/UTTT_player", "tomalard", tomalard_program, TOMALARD_TARGET),
)
"""The outside engines (bench/outside_engines.py builds them): name, short name, the program
(built where it is not yet), and strongest's target against it."""
MODES = {"in-process": play_compiled, "fresh": play_fresh}
"""How strongest's moves are made: in the bench's process, which loaded the compiled kernel
first, as a bot process has it after its first strongest move; or a new ``python -m bot.engine
ultimate`` process a move (under ``LOAD_SECONDS`` a move, in Python)."""


def mode_words(mode: str, seconds: float) -> str:
    """The mode as a row says it: in-process, or a fresh process a move (and whether that
    process searches in Python, too short a move to load the kernel)."""
    if mode == "in-process":
        return "in-process"
    python = " (in Python)" if seconds < LOAD_SECONDS else ""
    return f"a fresh process a move{python}"


def outside_rows(
    games: int, times: list[float], seed: int, jobs: int, engines: list[str], modes: list[str]
) -> Iterable[Row]:
    """strongest against each outside engine named in ``engines`` at each time, in each of
    ``modes``: the paired score, and strongest's move on the wall clock (the bot's, in-process,
    within 1 s at p99)."""
    for name, short, program_of, target in OUTSIDE:
        if short not in engines:
            continue
        try:
            program = program_of()
        except (Absent, BuildError) as error:
            yield row(f"strongest vs {name}", f"skipped: {error}")
            continue
        for seconds in times:
            for mode in modes:
                play = MODES[mode]
                label = f"strongest vs {short}, {seconds:g} s, {mode}"
                played = compiled_match(program, games, seconds, seed, jobs, label, play)
                met = score_of(played) >= target
                yield row(
                    f"strongest vs {name}, {len(played)} games, paired, {seconds:g} s a move,"
                    f" {mode_words(mode, seconds)}",
                    paired_score(played),
                    f">= {target:.0%}",
                    met
                    if len(played) >= OUTSIDE_MINIMUM_GAMES
                    else f"{'met' if met else 'missed'}, but under {OUTSIDE_MINIMUM_GAMES} games",
                )
                spent = sorted(s for game in played for s in game.move_seconds)
                rank = max(0, math.ceil(0.99 * len(spent)) - 1)
                p50, p99 = (
                    spent[len(spent) // 2],
                    spent[rank],
                )
                bot = mode == "in-process" and seconds <= MOVE_TARGET
                yield row(
                    f"  strongest's move on the wall clock, p50 / p99, of {len(spent):,}",
                    f"{p50:.3f} / {p99:.3f} s",
                    f"<= {MOVE_TARGET:g} s" if bot else "",
                    p99 <= MOVE_TARGET if bot else None,
                )


def score_of(games: list[Game]) -> float:
    return sum(game.score for game in games) / len(games)


def tally(games: list[Game]) -> str:
    wins = sum(game.score == 1.0 for game in games)
    draws = sum(game.score == 0.5 for game in games)
    return f"{score_of(games):.1%} (+{wins} ={draws} -{len(games) - wins - draws})"


# ------------------------------------------------------------------------------------ speed


def sample_positions(
    count: int, seed: int, *, plies: int = 40, finished: bool = False
) -> list[tuple[UltimateBoard, list[int]]]:
    """Positions 0 to ``plies`` moves into uniformly random games, with their squares; games
    already over only with ``finished``."""
    rng = random.Random(seed)
    found: list[tuple[UltimateBoard, list[int]]] = []
    while len(found) < count:
        board, squares = UltimateBoard(), []
        for _ in range(rng.randrange(0, plies + 1)):
            move = random_move(board, rng)
            squares.append(square_of(move))
            board = board.play(move)
            if board.is_over:
                break
        if finished or not board.is_over:
            found.append((board, squares))
    return found


def per_second(work: Callable[[], int], seconds: float) -> float:
    """How many units ``work`` does a second, over about ``seconds``."""
    done, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        done += work()
    return done / (time.perf_counter() - began)


def search_speed_rows(seconds: float, seed: int) -> list[Row]:
    """strongest's simulations a second, compiled and in Python (as the levels below search),
    from the same positions of random games, in turns, the kernel loaded first."""
    prepare()
    boards = [board for board, _ in sample_positions(20, seed)]
    rng = random.Random(seed)
    share = seconds / len(boards)
    rates: dict[bool, list[SearchResult]] = {False: [], True: []}
    for board in boards:
        for compiled in (False, True):
            found = search(board, seconds=share, rng=rng, minimax=MINIMAX, compiled=compiled)
            rates[compiled].append(found)
    python, compiled = (
        sum(r.simulations for r in rates[kind]) / sum(r.seconds for r in rates[kind])
        for kind in (False, True)
    )
    return [
        row(
            "search: simulations a second, in Python (strongest before its kernel loads)",
            f"{python:,.0f}",
        ),
        row(
            "search: simulations a second, compiled (strongest)",
            f"{compiled:,.0f} = {compiled / python:.1f} x Python's",
        ),
    ]


def speed_rows(seconds: float, seed: int, program: Path | str) -> list[Row]:
    samples = sample_positions(20, seed)
    boards = [board for board, _ in samples]
    positions = [SearchPosition.of(board) for board in boards]
    rng = random.Random(seed)

    def evaluations() -> int:
        for pos in positions:
            evaluate(pos)
        return len(positions)

    def tactical() -> int:
        for pos in positions:
            playout(pos, rng.random)
        return len(positions)

    def uniform() -> int:
        for pos in positions:
            random_playout(pos, rng)
        return len(positions)

    rows = [
        *search_speed_rows(seconds, seed),
        row("static evaluations a second", f"{per_second(evaluations, seconds):,.0f}"),
        row("tactical playouts a second (leaf=playout)", f"{per_second(tactical, seconds):,.0f}"),
    ]
    name = "uniformly random playouts a second (compiled UCT)"
    if isinstance(program, str):
        python_uct = per_second(uniform, seconds)
        compiled = [row(name, f"skipped: {program}")]
    else:
        python_uct, rate = playout_rates(program, uniform, samples, seconds)
        compiled = [row(name, f"{rate:,.0f} = {rate / python_uct:.1f} x UCT's")]
    return [*rows, row("uniformly random playouts a second (UCT)", f"{python_uct:,.0f}"), *compiled]


def playout_rates(
    program: Path,
    uniform: Callable[[], int],
    samples: list[tuple[UltimateBoard, list[int]]],
    seconds: float,
    rounds: int = 5,
) -> tuple[float, float]:
    """Random playouts a second from the same positions, Python's UCT and the compiled one,
    each over about ``seconds`` in ``rounds`` taken in turn (the machine's load shifts)."""
    python = compiled = 0.0
    share = seconds / rounds / len(samples)
    with CompiledUct(program) as uct:
        for _ in range(rounds):
            python += per_second(uniform, seconds / rounds) / rounds
            compiled += sum(uct.playouts(squares, share) for _, squares in samples)
    return python, compiled / (rounds * len(samples) * share)


# ------------------------------------------------------------------------------- the suite


def winning_moves(board: UltimateBoard) -> list[Move]:
    mover = board.to_move
    return [move for move in board.legal_moves if board.play(move).winner is mover]


def wins_in_two(board: UltimateBoard, move: Move) -> bool:
    """After ``move`` the game is not over and every reply leaves a game win (exhaustive)."""
    after = board.play(move)
    if after.is_over:
        return False
    return all(
        not after.play(reply).is_over and winning_moves(after.play(reply))
        for reply in after.legal_moves
    )


def forced_win(board: UltimateBoard) -> int | None:
    """1 or 2: the fewest moves of the side to move that force a game win; None: more."""
    if winning_moves(board):
        return 1
    return 2 if any(wins_in_two(board, move) for move in board.legal_moves) else None


def engine_sees(board: UltimateBoard) -> int | None:
    """1 or 2 as the engine's tactics see it (fast): only a sieve, before ``forced_win``."""
    pos = SearchPosition.of(board)
    if game_win(pos) is not None:
        return 1
    for square in safe_moves(pos):
        child = pos.copy()
        child.play(square)
        if child.result == GOING_ON and not safe_moves(child):
            return 2
    return None


def make_suite(path: Path, each: int, seed: int) -> None:
    """Write ``each`` positions with a win in one and ``each`` with a win in two (and none in
    one), from random games, each checked exhaustively."""
    rng = random.Random(seed)
    wanted: dict[int, list[str]] = {1: [], 2: []}
    seen: set[str] = set()
    while min(len(found) for found in wanted.values()) < each:
        board = UltimateBoard()
        while not board.is_over:
            kind = engine_sees(board) and forced_win(board)
            if kind and len(wanted[kind]) < each and board.notation not in seen:
                seen.add(board.notation)
                wanted[kind].append(board.notation)
                break
            board = board.play(random_move(board, rng))
    lines = [
        "# Ultimate positions with a forced win: the position (grid and last move), then the",
        "# fewest moves of the side to move that force it (1 or 2). Made by bench/ultimate.py",
        f"# --make-suite (seed {seed}) from random games and checked by exhaustive search.",
    ]
    lines += [f"{text}\t{kind}" for kind in (1, 2) for text in wanted[kind]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {path}: {each} wins in one, {each} in two")


def read_suite(path: Path) -> list[tuple[UltimateBoard, int]]:
    entries = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            text, kind = line.rsplit("\t", 1)
            entries.append((UltimateBoard.from_notation(text), int(kind)))
    return entries


def suite_rows(path: Path, seconds: float, seed: int) -> tuple[list[Row], int, int]:
    """The suite's rows, and the moves checked for safety and how many gave a win needlessly."""
    entries = read_suite(path)
    rng = random.Random(seed)
    found = needless = 0
    broken = []
    for board, kind in entries:
        if forced_win(board) != kind:
            broken.append(board.notation)
        move = choose_move(board, "strongest", rng, seconds=seconds)
        won = board.play(move).winner is board.to_move
        found += won if kind == 1 else won or wins_in_two(board, move)
        needless += gives_a_win_needlessly(board, move)
    rows = [
        row(
            f"forced wins in 1 or 2 moves found ({path.name})",
            f"{found} of {len(entries)}",
            f"all, >= {SUITE_MINIMUM}",
            found == len(entries) >= SUITE_MINIMUM and not broken,
        )
    ]
    if broken:
        rows.append(row("suite positions that no longer check", str(len(broken)), "0", False))
    return rows, len(entries), needless


# ------------------------------------------------------------------------------------ main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive_int, default=200, help="games against UCT")
    parser.add_argument(
        "--time", type=positive_float, default=0.1, help="seconds a move against UCT (0.1)"
    )
    parser.add_argument(
        "--random-games", type=positive_int, default=200, help="games against random (200)"
    )
    parser.add_argument(
        "--random-time", type=positive_float, default=0.02, help="seconds a move there (0.02)"
    )
    parser.add_argument(
        "--ladder-games", type=int, default=20, help="games per pair of levels (20; 0: none)"
    )
    parser.add_argument(
        "--compare-games",
        type=positive_int,
        default=None,
        help="also play the search with tactical playouts (leaf=playout) against UCT",
    )
    parser.add_argument("--suite", type=Path, default=SUITE, help="the forced-win suite file")
    parser.add_argument(
        "--make-suite", type=positive_int, metavar="EACH", help="write EACH wins in one and two"
    )
    parser.add_argument(
        "--compiled-games",
        type=positive_int,
        default=COMPILED_MINIMUM_GAMES,
        help="games against the compiled UCT, in pairs (100)",
    )
    parser.add_argument(
        "--compiled-time",
        type=positive_float,
        default=None,
        help="seconds a move there (default: --time; the target is at 1)",
    )
    parser.add_argument(
        "--compiled-only",
        action="store_true",
        help="only the playout speeds and the compiled-UCT row",
    )
    parser.add_argument(
        "--outside-games",
        type=int,
        default=OUTSIDE_MINIMUM_GAMES,
        help="games against each outside engine, each time and mode, in pairs (40; 0: none)",
    )
    parser.add_argument(
        "--outside-times",
        type=seconds_list,
        default=[1.0, 0.3],
        help="seconds a move against the outside engines, comma-separated (1,0.3)",
    )
    parser.add_argument(
        "--outside-engines",
        type=choices_list("ziap", "tomalard"),
        default=["ziap", "tomalard"],
        help="the outside engines, comma-separated (ziap,tomalard)",
    )
    parser.add_argument(
        "--outside-modes",
        type=choices_list(*MODES),
        default=list(MODES),
        help="strongest in this process, or a fresh CLI process a move (in-process,fresh)",
    )
    parser.add_argument(
        "--outside-only", action="store_true", help="only the rows against the outside engines"
    )
    parser.add_argument("--jobs", type=positive_int, default=1, help="processes (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--speed-time", type=positive_float, default=2.0, help="seconds per speed figure (2)"
    )
    args = parser.parse_args()
    if args.make_suite:
        make_suite(args.suite, args.make_suite, args.seed)
        return 0

    began = time.perf_counter()
    print(f"Ultimate tic-tac-toe benchmark, {load_average()}, --jobs {args.jobs}")
    outside = search_speed_rows(args.speed_time, args.seed) if args.outside_only else []
    if args.outside_games > 0 and not args.compiled_only:
        outside += list(
            outside_rows(
                args.outside_games,
                args.outside_times,
                args.seed,
                args.jobs,
                args.outside_engines,
                args.outside_modes,
            )
        )
    if args.outside_only:
        print_table(outside)
        print(f"\n{time.perf_counter() - began:,.0f} s in all")
        return 0
    program = compiled_program()
    rows = speed_rows(args.speed_time, args.seed, program)
    compiled_time = args.compiled_time or args.time
    compiled, compiled_games = compiled_rows(
        program, args.compiled_games, compiled_time, args.seed, args.jobs
    )
    if args.compiled_only:
        print_table(rows + compiled + outside)
        print(f"\n{time.perf_counter() - began:,.0f} s in all")
        return 0
    suite, suite_moves, suite_needless = suite_rows(args.suite, args.time, args.seed)

    uct = match("strongest", "uct", args.games, args.time, args.seed, args.jobs)
    rows.append(
        row(
            f"strongest vs plain UCT, {args.games} games, {args.time:g} s a move",
            tally(uct),
            f">= {UCT_TARGET:.0%}",
            enough(score_of(uct) >= UCT_TARGET, args.games),
        )
    )
    rand = match("strongest", "random", args.random_games, args.random_time, args.seed, args.jobs)
    rows.append(
        row(
            f"strongest vs random, {args.random_games} games, {args.random_time:g} s a move",
            tally(rand),
            f">= {RANDOM_TARGET:.0%}",
            enough(score_of(rand) >= RANDOM_TARGET, args.random_games),
        )
    )
    rows += compiled
    rows += suite
    games = uct + rand + compiled_games
    checked = sum(game.moves_checked for game in games) + suite_moves
    needless = sum(game.needless for game in games) + suite_needless
    rows.append(
        row(
            "moves letting the opponent win at once needlessly",
            f"{needless} of {checked:,}",
            "0",
            needless == 0,
        )
    )
    if args.compare_games:
        compared = match("playout-mcts", "uct", args.compare_games, args.time, args.seed, args.jobs)
        rows.append(
            row(
                f"leaf=playout search vs plain UCT, {args.compare_games} games",
                tally(compared),
            )
        )
    if args.ladder_games > 0:
        rows += ladder_rows(args.ladder_games, args.time, args.seed, args.jobs)
    print_table(rows + outside)
    print(f"\n{time.perf_counter() - began:,.0f} s in all")
    return 0


def seconds_list(text: str) -> list[float]:
    """``1,0.3`` as [1.0, 0.3]; each a positive number of seconds."""
    return [positive_float(part) for part in text.split(",")]


def choices_list(*choices: str) -> Callable[[str], list[str]]:
    """An argparse type: a comma-separated list of some of ``choices``."""

    def parse(text: str) -> list[str]:
        parts = text.split(",")
        wrong = [part for part in parts if part not in choices]
        if wrong:
            raise argparse.ArgumentTypeError(
                f"{', '.join(wrong)}: choose from {', '.join(choices)}"
            )
        return parts

    return parse


def compiled_program() -> Path | str:
    """The compiled UCT, built now, or why there is none (one line)."""
    try:
        return build()
    except BuildError as error:
        return str(error)


def enough(met: bool, games: int) -> Verdict:
    """The verdict, unless fewer games were played than the issue asks for (200)."""
    if games >= MINIMUM_GAMES:
        return met
    return f"{'met' if met else 'missed'}, but under {MINIMUM_GAMES} games"


def ladder_rows(games: int, seconds: float, seed: int, jobs: int) -> Iterable[Row]:
    """Each level against the one below it (strongest at ``seconds`` a move)."""
    for weaker, stronger in itertools.pairwise(LADDER):
        result = match(stronger, weaker, games, seconds, seed, jobs)
        yield row(f"level {stronger} vs {weaker}, {games} games", tally(result))


if __name__ == "__main__":
    raise SystemExit(main())
