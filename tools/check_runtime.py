"""``make run`` works with the project alone, no dev package: CI's first step (issue 49).

``python3 tools/check_runtime.py [CLONE]`` runs ``make run`` in CLONE (default: this
checkout) with no Discord token and ``quit`` typed, and fails unless the terminal game drew
its first board and ended with status 0. Then, in the ``.venv`` that made, it fails if a
package that only pyproject.toml's extras ask for (``dev``: pytest, pgserver, ...) is installed,
since the check proves nothing then, and unless every module under ``bot/`` imports, the
Discord runner that ``python -m bot`` starts with a token among them. ``__main__`` modules are left
out: importing one runs its command, and ``make run`` ran ``bot/__main__.py``.

So run it before ``make test`` adds the dev extra, as ``.ci/run`` does; on a clone whose
``.venv`` already has it, use a fresh one: ``git clone -q . /tmp/c && python3
tools/check_runtime.py /tmp/c``. Standard library only: any Python 3.11 runs it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

BOARD_RULE = "---+---+---"
"""A line between the rows of the terminal game's 3x3 board."""

MAKE_SECONDS = 1800.0
"""Far above a fresh install's time (docs/operating.md): this only catches a hang."""

PROBE = """
import importlib, importlib.metadata, pkgutil, sys, traceback
extras = sys.argv[1:]
for name in extras:
    try:
        importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        continue
    print(f"installed, but only an extra needs it: {name}")
import bot
for module in pkgutil.walk_packages(bot.__path__, "bot."):
    if module.name.rsplit(".", 1)[-1] == "__main__":
        continue
    try:
        importlib.import_module(module.name)
    except Exception:
        print(f"cannot import {module.name}:")
        traceback.print_exc(file=sys.stdout)
from bot.discord_bot import run_discord
print(f"imported every module of bot/, {run_discord.__module__}.run_discord among them")
"""
"""Run by the venv's Python: one line per wrong package or module, then the last line."""


def names(specs: list[str]) -> set[str]:
    """The distribution names of requirements: ``simcord[screenshot]==3.2.1`` is ``simcord``."""
    return {found[0] for spec in specs if (found := re.match(r"[A-Za-z0-9._-]+", spec))}


def extra_packages(pyproject: Path) -> list[str]:
    """The packages only pyproject.toml's optional extras ask for (not the project's own
    dependencies)."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    extras = project.get("optional-dependencies", {}).values()
    return sorted(
        names([spec for specs in extras for spec in specs]) - names(project["dependencies"])
    )


def run_make(clone: Path, scratch: Path) -> list[str]:
    """``make run`` in ``clone`` with an empty token, ``quit`` typed, the database in
    ``scratch``; what went wrong, if anything."""
    env = {**os.environ, "DISCORD_TOKEN": "", "DATABASE_PATH": str(scratch / "games.db")}
    made = subprocess.run(
        ["make", "-C", str(clone), "run"],
        input="quit\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=MAKE_SECONDS,
    )
    print(made.stdout, end="")
    print(made.stderr, end="", file=sys.stderr)
    problems = []
    if made.returncode != 0:
        problems.append(f"make run exited with status {made.returncode}")
    if BOARD_RULE not in made.stdout:
        problems.append("make run drew no board")
    return problems


def probe(clone: Path, scratch: Path) -> list[str]:
    """Run ``PROBE`` in the clone's venv, from ``scratch`` (not the clone, whose folders would
    be importable); what went wrong, if anything."""
    python = clone / ".venv" / "bin" / "python"
    extras = extra_packages(clone / "pyproject.toml")
    seen = subprocess.run(
        [str(python), "-c", PROBE, *extras],
        cwd=scratch,
        capture_output=True,
        text=True,
        timeout=300,
    )
    print(seen.stdout, end="")
    print(seen.stderr, end="", file=sys.stderr)
    problems = [
        line for line in seen.stdout.splitlines() if line.startswith(("installed", "cannot"))
    ]
    if seen.returncode != 0:
        problems.append(f"the import check exited with status {seen.returncode}")
    return problems


def main(argv: list[str]) -> int:
    """0 when ``make run`` plays and its environment passes the probe; else 1, saying why."""
    clone = Path(argv[0] if argv else Path(__file__).resolve().parent.parent).resolve()
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        problems = run_make(clone, scratch)
        if not problems:
            problems = probe(clone, scratch)
    for problem in problems:
        print(f"check_runtime: {problem}", file=sys.stderr)
    if not problems:
        print("check_runtime: make run's environment plays and imports without the dev extra")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
