"""Plain UCT compiled to C (bench/uct.c), as bench/ultimate.py and its test drive it.

The bench builds the program with the OS's C compiler (``cc``) into a temporary directory;
where there is none, :func:`build` says so and the bench skips the row. One process plays one
whole game, answering a line per move (the protocol is in uct.c's header), so that starting it
costs nothing of a move's time.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType

SOURCE = Path(__file__).resolve().parent / "uct.c"
FLAGS = ("-O2", "-std=c11", "-Wall")


class BuildError(Exception):
    """No C compiler, or the program did not compile: the message says which, in one line."""


def build(directory: Path | None = None) -> Path:
    """Compile uct.c with ``cc`` into ``directory`` (a new temporary one by default).

    Raises:
        BuildError: no ``cc`` on PATH, or the compiler failed.
    """
    compiler = shutil.which("cc")
    if compiler is None:
        raise BuildError("no C compiler (cc) on PATH")
    target = (directory or Path(tempfile.mkdtemp(prefix="uct-"))) / "uct"
    done = subprocess.run(
        [compiler, *FLAGS, "-o", str(target), str(SOURCE), "-lm"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        first = (done.stderr.strip().splitlines() or ["no message"])[0]
        raise BuildError(f"cc failed on {SOURCE.name}: {first}")
    return target


class CompiledUct:
    """``with CompiledUct(program, seed) as uct: uct.move(squares, seconds)``: one process."""

    def __init__(self, program: Path, seed: int = 0) -> None:
        self._process = subprocess.Popen(
            [str(program), str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, line: str) -> list[int]:
        """Send one command line; the numbers of the answer."""
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(line + "\n")
        process.stdin.flush()
        answer = process.stdout.readline()
        if not answer:
            raise RuntimeError(f"uct exited (code {process.wait()}) on: {line}")
        return [int(word) for word in answer.split()]

    def move(self, squares: list[int], seconds: float) -> tuple[int, int]:
        """The square plain UCT plays after ``squares`` (the game so far), and its iterations."""
        square, iterations = self.ask(f"go {round(seconds * 1000)} {_joined(squares)}")
        return square, iterations

    def legal(self, squares: list[int]) -> tuple[int, list[int]]:
        """The result after ``squares`` (-1 going on, 0 X won, 1 O won, 2 draw), legal squares."""
        result, *moves = self.ask(f"legal {_joined(squares)}")
        return result, moves

    def perft(self, squares: list[int], depth: int) -> int:
        """Move sequences of ``depth`` plies after ``squares``."""
        return self.ask(f"perft {depth} {_joined(squares)}")[0]

    def playouts(self, squares: list[int], seconds: float) -> int:
        """How many uniformly random playouts from there ran in ``seconds``."""
        return self.ask(f"playouts {round(seconds * 1000)} {_joined(squares)}")[0]

    def close(self) -> None:
        process = self._process
        if process.stdin is not None:
            process.stdin.close()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()

    def __enter__(self) -> CompiledUct:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def _joined(squares: list[int]) -> str:
    return " ".join(map(str, squares))
