"""The terminal in the pseudo-locale ``en-XA``: a whole session, every kind of command, with no
English sentence bypassing the catalogue.

A word of four letters or more that reaches the output in plain ASCII is English that did not
go through ``_`` (in the catalogue or not); names, numbers, emoji, board drawings and the command
words the player types (which stay English in every language) are allowed. The in-process
session runs inside ``use_locale(PSEUDO)``, as the runner runs it inside the locale of
``LANG``; a subprocess with ``LANG=en_XA.UTF-8`` shows that the runner does.
"""

from __future__ import annotations

import getpass
import io
import random
import re
from pathlib import Path

import pytest

from bot.games import GameService
from bot.i18n import PSEUDO, use_locale
from bot.storage import SqliteGameStore
from bot.terminal import TerminalSession
from tests.terminal.test_subprocess import run

NAMES = {"alice", "Ann", "Bob", getpass.getuser()}
"""The players' names: the session's, the duel's, and the login the runner names the player by."""
COMMAND_WORDS = {
    # commands and their options, typed as they are in every language ("connect" is
    # connect4's letters)
    "start", "move", "play", "hint", "explain", "board", "show", "resign", "name", "stats",
    "history", "older", "newer", "review", "save", "force", "leaderboard", "duel", "duels",
    "solo", "classic", "ultimate", "connect", "help", "quit", "exit", "puzzle", "puzzles",
    # levels and who goes first, as typed
    "easy", "medium", "hard", "perfect", "adaptive", "strongest", "random",
    # what SCRIPT types wrong, quoted back to the player as typed
    "frobnicate", "hnit", "sideways",
}  # fmt: skip

SCRIPT = [
    # the game started at launch (3x3, medium): moves, a bad move, advice
    "2 2",
    "9 9",
    "2 2",
    "hint",
    "explain",
    "board",
    # every size, then a finished game to look back at
    "resign",
    "start 4",
    "1 1",
    "hint",
    "resign",
    "start 5 hard bot",
    "resign",
    "start ultimate",
    "hint",
    "resign",
    "start 3 perfect",
    "2 2",
    "resign",
    "board",
    "stats",
    "leaderboard",
    "leaderboard solo",
    "leaderboard duels",
    "leaderboard ultimate",
    "history",
    "history older",
    "review",
    "review 1",
    "review 99999",
    # commands typed wrong
    "frobnicate",
    "hnit",
    "hint now",
    "start 4x5",
    "start easy hard",
    "start me bot",
    "start 3 4",
    "start sideways",
    "start duel hard",
    "start ultimate 4",
    "history sideways",
    "review --save",
    "review --save replay.png",
    "review --force",
    "leaderboard sideways",
    # puzzles: served, played (a right move, a wrong one), replayed and solved, refused
    "puzzle 610",
    "4 3",
    "5 2",
    "3 2",
    "puzzle 1",
    "2 2",
    "1 2",
    "puzzle 1",
    "2 2",
    "puzzle",
    "puzzle 0",
    "puzzle 999",
    "puzzle sideways",
    "stats",
    "leaderboard puzzles",
    "name",
    "name " + "x" * 40,
    "help",
    # a hot-seat duel: its names asked, called off, asked again, played
    "start duel",
    "quit",
    "start duel",
    "",
    "help",
    "Ann",
    "ann",
    "Bob",
    "1 1",
    "hint",
    "stats",
    "resign",
    "start duel",
    "resign",
    "name Bob",
    "name alice",
]


def english(text: str) -> set[str]:
    """The plain ASCII words of four letters or more ``text`` says (not names nor commands)."""
    # <row>, [level], [--save FILE]: the help's commands as typed, and what the player fills
    # in (never translated, as Discord's option names); file names in examples (my-game.gif)
    text = re.sub(r"<[^<>\n]*>|\[[^\[\]\n]*\]|\S+\.gif\b", "", text)
    said = set(re.findall(r"(?<![^\W\d_])[A-Za-z]{4,}(?![^\W\d_])", text))
    # every plain word, in the catalogue or not: the pseudo-locale accents every letter of a
    # catalogued sentence, so a plain one bypassed the catalogue
    return {word for word in said if word not in NAMES | COMMAND_WORDS}


async def pseudo_session(tmp_path: Path) -> list[tuple[str, str]]:
    """``SCRIPT`` typed into a session in ``en-XA``: each line with what it printed (the
    launch's greeting first, under the line "")."""
    service = GameService(SqliteGameStore(":memory:"), idle_timeout=600, rng=random.Random(7))
    out = io.StringIO()
    said: list[tuple[str, str]] = []
    with use_locale(PSEUDO):
        session = TerminalSession(service, out, "alice", width=80)
        await session.open()
        said.append(("<launch>", out.getvalue()))
        for line in [*SCRIPT, f"review --save {tmp_path / 'game.gif'}"]:
            start = len(out.getvalue())
            if not await session.handle(line):
                break
            typed = line.replace(str(tmp_path / "game.gif"), "").strip()
            said.append((typed, out.getvalue()[start:].replace(str(tmp_path), "")))
    await service.close()
    return said


async def test_no_english_reaches_a_whole_session_in_the_pseudo_locale(tmp_path: Path) -> None:
    said = await pseudo_session(tmp_path)
    assert len(said) == len(SCRIPT) + 2
    leaks: dict[str, set[str]] = {}
    for line, text in said:
        assert text.strip(), f"{line!r} printed nothing"
        words = english(text)
        if words:
            leaks.setdefault(line, set()).update(words)
    assert not leaks, "\n".join(
        f"{line!r}: {sorted(words)}\n{dict(said)[line]}" for line, words in leaks.items()
    )


async def test_the_pseudo_locale_is_really_rendered(tmp_path: Path) -> None:
    """The session is translated, not silent: accented text and the ⟦ ⟧ marks everywhere
    the terminal speaks; the help's commands and the level names left as typed."""
    said: dict[str, str] = {}
    for line, text in await pseudo_session(tmp_path):
        said.setdefault(line, text)  # the first time each line was typed
    for line in ("<launch>", "help", "frobnicate", "start duel", "name Bob"):
        assert "⟦" in said[line], said[line]
    assert "\n  start duel [size]" in said["help"]  # the command column: as typed, kept
    assert " medium " in said["<launch>"]  # a level is named as typed
    saved = said["review --save"].split("\n\n")[-2]  # the file's sentence, under the review
    assert saved.startswith("⟦") and english(saved) == set(), saved


@pytest.mark.processes
@pytest.mark.parametrize("variable", ["LANG", "LC_MESSAGES", "LC_ALL"])
def test_the_runner_plays_in_the_locale_of_the_environment(tmp_path: Path, variable: str) -> None:
    environ: dict[str, str | None] = {"LANG": None, "LC_MESSAGES": None, "LC_ALL": None}
    environ[variable] = "en_XA.UTF-8"
    result = run(tmp_path / "games.db", ["2 2", "frobnicate", "help", "quit"], "play", env=environ)
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "⟦" in out and english(out) == set(), out
    assert out.rstrip().endswith("⟧")  # the goodbye too
