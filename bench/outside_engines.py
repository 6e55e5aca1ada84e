"""Ultimate tic-tac-toe against engines we did not write: ziap/uttt and TomAlard (issue 48).

ziap/uttt (github.com/ziap/uttt) is plain UCT in C: UCB1 with c = sqrt 2 on rewards of +1, 0
and -1, uniformly random playouts (a random open board when the move is free, then a random
empty cell of it), bitboards, no tree kept, the root child with the best mean. It has no
command line (it is compiled to WebAssembly for a browser), so bench/ziap_driver.c (ours) puts
bench/uct.c's line protocol on its search, used unchanged. Its code is never committed: this
script takes its src/ at the pinned commit from a local git copy and builds it in
bench/outside/ (git-ignored).

TomAlard/UTTT_player (github.com/TomAlard/UTTT_player, pinned at 1166a7036dc8, "feat: free
move penalty", 2023-12-12, the newest commit of any branch) is a CodinGame top-5 bot in C: MCTS
with no playouts, each expanded node's children scored by a small quantised value net (190
inputs, 256 hidden, 1 output; AVX2), the backed-up value a minimax of the children's evals
blended with their mean, pruning heuristics of its own (a few opening moves, moves sending to a
decided board before ply 30, an immediate win taken after ply 30), the move of the best eval +
log2 visits. bench/tomalard_driver.c (ours) puts the same line protocol on its search, called
unchanged (createMCTSRootNode, findNextMove, getMostPromisingMove); it is built the same way,
in bench/outside/tomalard-<commit12>/, with its CMakeLists.txt's flags (-march=native) and no
asserts (its CodinGame file has none). What differs from TomAlard's play on CodinGame:
  - the rules: CodinGame decides a game with every small board decided and no line of three
    by the count of small boards won; ours call it a draw. Its search scores terminal positions
    by that rule (calculateWinner in src/board/board.c), so the build replaces the count with
    `return DRAW;` (TOMALARD_TIE_BREAK below, the only change to its code; the build stops if
    the text is not found once). Its value net was trained under the tie-break and is used as is;
  - the time: the go line's milliseconds every move, where CodinGame's main gives 100 ms a
    turn and ten times that on its first;
  - no tree between moves: its CodinGame main keeps the tree and moves the root; the driver
    empties the node arena and replays the game for every go, a fresh search each move, as ziap
    and uct.c play. Its board->me (only its opening book reads it) is the side to move.
Its search has no random numbers (the seed is not used). It needs an x86 CPU with AVX2 and FMA
(a probe program asks before building).

Run from the repository root:
  python bench/outside_engines.py build [--engine E] [--source GIT_DIR]
                                            build ziap and tomalard (or E) at the pinned commits
  python bench/outside_engines.py rules [--engine E] [--positions N]
                                            their rules (or E's) against UltimateBoard
  python bench/outside_engines.py speed [--time S] [--a A] [--b B]   iterations a second
  python bench/outside_engines.py match [--time S] [--games N] [--a uct] [--b ziap]
                                                              paired openings, both colours

Each source is a git directory holding the engine's commit (--source, tried for both, or
$ZIAP_UTTT_GIT / $TOMALARD_UTTT_GIT, or the fetch mirrors /work/.mirror/ziap+uttt/repo and
/work/.mirror/TomAlard+UTTT_player/repo); a fresh machine has none and no internet but the
package registries, so there the script says so in one sentence and exits 0 (so too without a
C compiler, or for tomalard without AVX2). An engine for --a/--b is "uct" (bench/uct.c as the
bench builds it), "uct:C" (the same with exploration C, e.g. uct:0.7071 for ziap's sqrt 2 on
rewards -1 to 1), "ziap", "tomalard", "strongest" (ours, bench/_ultimate_line.py: its
kernel loaded when the game's process starts), "strongest-cli" (ours, a new ``python -m
bot.engine ultimate`` process a move, start-up and all inside the move's time), or the path of
a program speaking the same protocol (go MS MOVES -> "SQUARE ITERATIONS"). One process plays
one whole game (no engine keeps anything between moves, so but for strongest-cli this is one
process a move without the start-up inside the move's time); games run one after the other.
An iteration is a playout for uct and ziap, and one leaf's expansion (every child scored by
the net, no playout) for tomalard.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _ultimate_c import FLAGS as UCT_FLAGS  # noqa: E402
from _ultimate_c import BuildError, CompiledUct, build  # noqa: E402
from _ultimate_line import board_after  # noqa: E402
from arguments import positive_float, positive_int  # noqa: E402
from figures import elo_interval, mean_interval  # noqa: E402

from bot.engine.ultimate import UltimateBoard  # noqa: E402
from bot.engine.ultimate.tables import MOVES, square_of  # noqa: E402

ZIAP_COMMIT = "013db40b11299976eda61c6d07fbf3827e9d4b0d"  # "Flake-ify the project", 2026-06-29
MIRRORS = (Path("/work/.mirror/ziap+uttt/repo"),)
OUTSIDE = Path(__file__).resolve().parent / "outside"
DRIVER = Path(__file__).resolve().parent / "ziap_driver.c"
ZIAP_SOURCES = ("node.c", "random.c", "result_table.c", "state.c")
# ziap's own flags (build.sh) where they bear on native code; -O2 as bench/uct.c is built.
ZIAP_FLAGS = ("-O2", "-std=c99", "-fshort-enums", "-Wall")

# "feat: free move penalty (69.8% winrate)", 2023-12-12: master's head, the newest on any branch.
TOMALARD_COMMIT = "1166a7036dc8f186e176f30a51cd95142151e76c"
TOMALARD_MIRRORS = (Path("/work/.mirror/TomAlard+UTTT_player/repo"),)
TOMALARD_DRIVER = Path(__file__).resolve().parent / "tomalard_driver.c"
# Its engine without main.c, handle_turn.c (the CodinGame loop), arena/ and test/.
TOMALARD_SOURCES = (
    "board/board.c",
    "board/player_bitboard.c",
    "board/square.c",
    "mcts/find_next_move.c",
    "mcts/mcts_node.c",
    "misc/util.c",
    "nn/forward.c",
    "nn/parameters.c",
)
# Its CMakeLists.txt's flags (C17, -march=native, unrolled loops, no frame pointer), -O2 as
# bench/uct.c is built, and no asserts, as its CodinGame file (codingame_file.c) has none.
TOMALARD_FLAGS = (
    "-O2",
    "-std=gnu17",
    "-march=native",
    "-funroll-loops",
    "-fomit-frame-pointer",
    "-DNDEBUG",
    "-Wall",
    "-Wno-unknown-pragmas",
)
# The one change to its code: CodinGame's tie-break (every small board decided and no line:
# whoever won more small boards wins) becomes a draw, as in our rules.
TOMALARD_TIE_BREAK = (
    "src/board/board.c",
    """        int player1AmountBoardsWon = __builtin_popcount(player1BigBoard);
        int player2AmountBoardsWon = __builtin_popcount(player2BigBoard);
        return player1AmountBoardsWon > player2AmountBoardsWon
               ? WIN_P1
               : player1AmountBoardsWon < player2AmountBoardsWon
                 ? WIN_P2
                 : DRAW;
""",
    "        return DRAW;  /* bench/outside_engines.py: no tie-break by small boards won */\n",
)
# Probes for the CPU features its value net is compiled for (forward.c: avx2, fma).
AVX2_PROBE = """int main(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? 0 : 3;
}
"""


class Absent(Exception):
    """An engine's source, a compiler or the CPU it needs is missing: one sentence says which."""


def source_git(
    given: str | None,
    commit: str = ZIAP_COMMIT,
    variable: str = "ZIAP_UTTT_GIT",
    mirrors: tuple[Path, ...] = MIRRORS,
    name: str = "ziap/uttt",
) -> Path:
    """The git directory holding an engine's pinned commit (ziap's unless told)."""
    candidates = [Path(given)] if given else []
    if os.environ.get(variable):
        candidates.append(Path(os.environ[variable]))
    candidates += mirrors
    for path in candidates:
        found = subprocess.run(
            ["git", "--git-dir", str(path), "cat-file", "-e", f"{commit}^{{commit}}"],
            capture_output=True,
            check=False,
        )
        if path.exists() and found.returncode == 0:
            return path
    raise Absent(
        f"{name}'s source at {commit[:12]} is not on this machine (give a git copy"
        f" with --source or ${variable}; it cannot be fetched here), so nothing was built"
    )


def build_ziap(given: str | None = None) -> Path:
    """Extract ziap's src/ at the pinned commit into bench/outside/ and compile the driver."""
    git = source_git(given)
    compiler = shutil.which("cc")
    if compiler is None:
        raise Absent("there is no C compiler (cc) on PATH, so ziap/uttt was not built")
    folder = OUTSIDE / f"ziap-uttt-{ZIAP_COMMIT[:12]}"
    extract(git, ZIAP_COMMIT, folder)
    program = folder / "ziap"
    compile_driver([compiler, *ZIAP_FLAGS], folder, program, DRIVER, ZIAP_SOURCES, "ziap/uttt")
    return program


def extract(git: Path, commit: str, folder: Path) -> None:
    """``src/`` at ``commit`` of the git directory ``git``, into ``folder`` (made afresh)."""
    archive = subprocess.run(
        ["git", "--git-dir", str(git), "archive", "--format=tar", commit, "src"],
        capture_output=True,
        check=True,
    ).stdout
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")


def compile_driver(
    command: list[str],
    folder: Path,
    program: Path,
    driver: Path,
    sources: tuple[str, ...],
    name: str,
) -> None:
    """Compile our ``driver`` with the engine's ``sources`` (in ``folder``/src) into ``program``;
    ``Absent`` with the compiler's first line if it fails."""
    source = folder / "src"
    done = subprocess.run(
        [*command, f"-I{source}", "-o", str(program), str(driver)]
        + [str(source / file) for file in sources]
        + ["-lm"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        first = (done.stderr.strip().splitlines() or ["no message"])[0]
        raise Absent(f"{name} did not compile: {first}")


def ziap_program() -> Path:
    """The built driver, building it where it is not there yet."""
    program = OUTSIDE / f"ziap-uttt-{ZIAP_COMMIT[:12]}" / "ziap"
    return program if program.exists() else build_ziap()


def has_avx2(compiler: str) -> bool:
    """Whether this CPU has AVX2 and FMA, asked by a program compiled for any x86 (else no)."""
    with tempfile.TemporaryDirectory(prefix="avx2-") as folder:
        probe = Path(folder) / "probe"
        done = subprocess.run(
            [compiler, "-x", "c", "-o", str(probe), "-"],
            input=AVX2_PROBE,
            capture_output=True,
            text=True,
            check=False,
        )
        return done.returncode == 0 and subprocess.run([str(probe)], check=False).returncode == 0


def build_tomalard(given: str | None = None) -> Path:
    """Extract TomAlard's src/ at the pinned commit, patch out the tie-break, compile the driver."""
    git = source_git(
        given, TOMALARD_COMMIT, "TOMALARD_UTTT_GIT", TOMALARD_MIRRORS, "TomAlard/UTTT_player"
    )
    compiler = shutil.which("cc")
    if compiler is None:
        raise Absent("there is no C compiler (cc) on PATH, so TomAlard/UTTT_player was not built")
    if not has_avx2(compiler):
        raise Absent(
            "this CPU has no AVX2 and FMA (or is not x86), which TomAlard/UTTT_player's"
            " value net is written in, so it was not built"
        )
    folder = OUTSIDE / f"tomalard-{TOMALARD_COMMIT[:12]}"
    program = folder / "tomalard"
    extract(git, TOMALARD_COMMIT, folder)
    patched, old, new = TOMALARD_TIE_BREAK
    text = (folder / patched).read_text()
    if text.count(old) != 1:
        raise Absent(f"TomAlard/UTTT_player's tie-break in {patched} is not where it was")
    (folder / patched).write_text(text.replace(old, new))
    compile_driver(
        [compiler, *TOMALARD_FLAGS],
        folder,
        program,
        TOMALARD_DRIVER,
        TOMALARD_SOURCES,
        "TomAlard/UTTT_player",
    )
    return program


def tomalard_program() -> Path:
    """The built driver, building it where it is not there yet."""
    program = OUTSIDE / f"tomalard-{TOMALARD_COMMIT[:12]}" / "tomalard"
    return program if program.exists() else build_tomalard()


BUILDERS = {"ziap": build_ziap, "tomalard": build_tomalard}
PROGRAMS = {"ziap": ziap_program, "tomalard": tomalard_program}


def program_of(name: str, folder: Path) -> Path:
    """The program an engine's name stands for ("uct:0.7" is uct.c with that exploration)."""
    if name == "uct":
        return build(folder)
    if name.startswith("uct:"):
        constant = float(name.removeprefix("uct:"))
        compiler = shutil.which("cc")
        if compiler is None:
            raise BuildError("no C compiler (cc) on PATH")
        target = folder / f"uct-{constant:g}"
        source = Path(__file__).resolve().parent / "uct.c"
        flags = (*UCT_FLAGS, f"-DEXPLORATION={constant!r}")
        subprocess.run([compiler, *flags, "-o", str(target), str(source), "-lm"], check=True)
        return target
    if name in PROGRAMS:
        return PROGRAMS[name]()
    if name in ("strongest", "strongest-cli"):
        launcher = folder / name
        line = Path(__file__).resolve().parent / "_ultimate_line.py"
        fresh = " --fresh" if name == "strongest-cli" else ""
        command = f"exec {shlex.quote(sys.executable)} {shlex.quote(str(line))}"
        launcher.write_text(f'#!/bin/sh\n{command} "$@"{fresh}\n')
        launcher.chmod(0o755)
        return launcher
    return Path(name).resolve()


def random_squares(plies: int, rng: random.Random) -> list[int]:
    board, squares = UltimateBoard(), []
    for _ in range(plies):
        if board.is_over:
            break
        move = rng.choice(list(board.legal_moves))
        squares.append(square_of(move))
        board = board.play(move)
    return squares


def check_rules(program: Path, positions: int, seed: int, name: str = "ziap") -> int:
    """An engine's legal moves and results against UltimateBoard's on random games' positions."""
    rng = random.Random(seed)
    wrong = over = 0
    with CompiledUct(program, seed) as engine:
        for _ in range(positions):
            squares = random_squares(rng.randrange(0, 82), rng)
            board = board_after(squares)
            expected_result = (
                -1
                if not board.is_over
                else 2
                if board.winner is None
                else "XO".index(board.winner.value)
            )
            expected = (expected_result, sorted(square_of(move) for move in board.legal_moves))
            over += board.is_over
            result, moves = engine.legal(squares)
            if (result, sorted(moves)) != expected:
                wrong += 1
                print(f"differs after {squares}: {name} {result} {moves}, ours {expected}")
    print(f"{name}: {positions} positions ({over} games over): {wrong} differ")
    return 1 if wrong else 0


def speed(programs: dict[str, Path], seconds: float, positions: int, seed: int) -> None:
    """Iterations a second of each engine's search, from the same positions."""
    rng = random.Random(seed)
    samples = [random_squares(rng.choice((0, 10, 20, 30, 40)), rng) for _ in range(positions)]
    for name, program in programs.items():
        with CompiledUct(program, seed) as engine:
            rates = []
            for squares in samples:
                began = time.perf_counter()
                _, iterations = engine.move(squares, seconds)
                rates.append(iterations / (time.perf_counter() - began))
        rates.sort()
        print(
            f"{name}: {sum(rates) / len(rates):,.0f} iterations/s"
            f" (median {rates[len(rates) // 2]:,.0f}) over {len(rates)} searches of {seconds:g} s"
        )


def openings(pairs: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [random_squares(2, rng) for _ in range(pairs)]


def game(a: Path, b: Path, opening: list[int], a_first: bool, seconds: float, seed: int) -> float:
    """One game from ``opening``; a's score (1, 1/2, 0)."""
    board, squares = board_after(opening), list(opening)
    with CompiledUct(a, seed) as first, CompiledUct(b, seed + 1) as second:
        while not board.is_over:
            engine = first if (board.to_move.value == "X") == a_first else second
            square = engine.move(squares, seconds)[0]
            squares.append(square)
            board = board.play(MOVES[square])
    if board.winner is None:
        return 0.5
    return 1.0 if (board.winner.value == "X") == a_first else 0.0


def match(a: Path, b: Path, games: int, seconds: float, seed: int, label: str) -> None:
    scores: list[float] = []
    for n, opening in enumerate(openings((games + 1) // 2, seed)):
        for a_first in (True, False):
            scores.append(game(a, b, opening, a_first, seconds, seed * 1_000_003 + 2 * n + a_first))
            print(
                f"{label}: game {len(scores)} {opening} a {'XO'[not a_first]}: {scores[-1]:g},"
                f" {sum(scores) / len(scores):.1%} so far",
                file=sys.stderr,
                flush=True,
            )
    pairs = [(x + y) / 2 for x, y in zip(scores[::2], scores[1::2], strict=True)]
    mean, low, high = mean_interval(pairs)
    wins, draws = scores.count(1.0), scores.count(0.5)
    print(
        f"{label}, {len(scores)} games, paired, {seconds:g} s a move: {mean:.1%}"
        f" (+{wins} ={draws} -{len(scores) - wins - draws}), 95 % {low:.1%}-{high:.1%},"
        f" Elo {elo_interval(mean, low, high)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("build", "rules", "speed", "match"))
    parser.add_argument(
        "--engine",
        choices=tuple(BUILDERS),
        help="the outside engine to build or check (both unless told)",
    )
    parser.add_argument("--source", help="a git directory holding an engine's pinned commit")
    parser.add_argument("--time", type=positive_float, default=0.3, help="seconds a move")
    parser.add_argument("--games", type=positive_int, default=20)
    parser.add_argument("--positions", type=positive_int, default=20)
    parser.add_argument("--seed", type=int, default=48)
    engines = "uct, uct:C, ziap, tomalard, strongest, strongest-cli or a program's path"
    parser.add_argument("--a", default="uct", help=engines)
    parser.add_argument("--b", default="ziap", help=engines)
    arguments = parser.parse_args()
    engines = [arguments.engine] if arguments.engine else list(BUILDERS)
    if arguments.what in ("build", "rules"):
        failed = 0
        for engine in engines:
            try:
                if arguments.what == "build":
                    print(f"built {BUILDERS[engine](arguments.source)}")
                else:
                    program = PROGRAMS[engine]()
                    failed |= check_rules(program, arguments.positions, arguments.seed, engine)
            except Absent as error:
                print(f"{error}.")
        return failed
    try:
        folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"outside-{os.getpid()}"
        folder.mkdir(exist_ok=True)
        a, b = program_of(arguments.a, folder), program_of(arguments.b, folder)
        if arguments.what == "speed":
            speed(
                {arguments.a: a, arguments.b: b},
                arguments.time,
                arguments.positions,
                arguments.seed,
            )
        else:
            label = f"{arguments.a} vs {arguments.b}"
            match(a, b, arguments.games, arguments.time, arguments.seed, label)
    except (Absent, BuildError) as error:
        print(f"{error}.")
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
