"""`history` and `review` in the terminal session: pages turned with history older / newer,
a review naming the blunder, `review N --save FILE` writing the replay GIF (and refusing what
it cannot write in one sentence), and both read the same in a new session on the same file."""

from __future__ import annotations

import io
import random
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PIL import Image

from bot.games import HISTORY_PAGE, GameService
from bot.storage import SqliteGameStore
from bot.terminal import TerminalSession


class Terminal:
    """One session on the database file ``path``, typed into line by line."""

    def __init__(self, path: Path, width: int | None = None) -> None:
        self.path = path
        self.width = width
        self.out = io.StringIO()
        self.closed = False

    async def open(self) -> None:
        now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
        self.service = GameService(
            SqliteGameStore(self.path), idle_timeout=600, clock=lambda: now, rng=random.Random(7)
        )
        self.session = TerminalSession(self.service, self.out, "alice", width=self.width)
        await self.session.open()

    async def type(self, line: str) -> str:
        """Type one line; what the terminal printed for it."""
        start = len(self.out.getvalue())
        await self.session.handle(line)
        return self.out.getvalue()[start:]

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            await self.service.close()


@pytest.fixture
async def terminal(tmp_path: Path) -> AsyncIterator[Terminal]:
    opened = Terminal(tmp_path / "games.db")
    await opened.open()
    yield opened
    await opened.close()


BLUNDER_GAME = ["1 2", "1 1", "3 2", "1 3", "2 2"]
"""alice (X) 1,2; bob (O) 1,1; alice 3,2, a mistake; bob 1,3, the blunder (2,2 would win);
alice 2,2 wins down column 2."""


async def play_the_blunder_duel(terminal: Terminal) -> int:
    """alice and bob duel at the keyboard (alice is the session's own name); the game's number."""
    for line in ["start duel", "alice", "bob", *BLUNDER_GAME]:
        text = await terminal.type(line)
    assert "alice wins" in text, text
    return page_numbers(await terminal.type("history"))[0]


async def lose_quickly(terminal: Terminal, times: int) -> None:
    """``times`` games against the bot, each one move then resign, starting from the game the
    launch started."""
    for n in range(times):
        if n:
            await terminal.type("start")
        await terminal.type("2 2")
        await terminal.type("resign")


def page_numbers(text: str) -> list[int]:
    """The game numbers a history page lists, top to bottom."""
    return [int(m) for m in re.findall(r"^#(\d+) ", text, re.MULTILINE)]


async def test_history_pages_newest_first_and_turns_both_ways(terminal: Terminal) -> None:
    await lose_quickly(terminal, HISTORY_PAGE + 1)
    first = await terminal.type("history")
    assert first.startswith("alice's games, newest first (dates in UTC):\n")
    numbers = page_numbers(first)
    assert len(numbers) == HISTORY_PAGE and numbers == sorted(numbers, reverse=True)
    assert "3x3 medium, against the bot: lost (resigned) after 2 moves" in first
    assert "Type review <number> to go over a game move by move, history older for more." in first

    second = await terminal.type("history older")
    assert len(page_numbers(second)) == 1 and page_numbers(second)[0] < numbers[-1]
    assert "history newer for more." in second
    assert "No more of alice's games this way." in await terminal.type("history older")
    assert await terminal.type("history newer") == first
    assert "Usage: history [older|newer]" in await terminal.type("history sideways")


async def test_review_names_the_blunder_and_the_better_move(terminal: Terminal) -> None:
    number = await play_the_blunder_duel(terminal)
    text = await terminal.type("review")
    assert text.startswith(f"Review of game #{number} (3x3, duel): alice (X) against bob (O)")
    assert "\n4. O 1,3 blunder: 2,2 wins in 3\n" in text
    assert "The move that lost it: 4. O 1,3 blunder: 2,2 wins in 3." in text
    assert await terminal.type(f"review {number}") == text
    assert await terminal.type(f"review #{number}") == text
    assert "There is no game #999." in await terminal.type("review 999")


async def test_review_before_any_finished_game_says_so(terminal: Terminal) -> None:
    assert await terminal.type("review") == (
        "You have not finished a game yet. Start one with 'start'.\n\n"
    )


def frames(path: Path) -> int:
    with Image.open(path) as image:
        assert image.format == "GIF"
        return int(getattr(image, "n_frames", 1))


async def test_review_save_writes_the_replay_and_refuses_what_it_cannot_write(
    terminal: Terminal, tmp_path: Path
) -> None:
    number = await play_the_blunder_duel(terminal)
    target = tmp_path / "replays" / f"game-{number}.gif"
    missing = await terminal.type(f"review {number} --save {target}")
    assert missing.endswith(
        f"The folder '{target.parent}' does not exist; nothing was written.\n\n"
    )
    assert "4. O 1,3 blunder" in missing  # the review itself is shown all the same

    target.parent.mkdir()
    saved = await terminal.type(f"review {number} --save {target}")
    assert saved.endswith(
        f"Saved the replay of game #{number} to '{target}': 6 frames, the empty board then "
        "each move.\n\n"
    )
    assert frames(target) == len(BLUNDER_GAME) + 1
    written = target.read_bytes()

    again = await terminal.type(f"review --save {target}")  # the last game: the same one
    assert again.endswith(
        f"'{target}' already exists; nothing was written. Choose a new file name, or add "
        "--force to replace that file.\n\n"
    )
    target.write_bytes(b"not a replay")
    await terminal.type(f"review {number} --save {target} --force")
    assert target.read_bytes() == written
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]  # no leftovers

    spaced = target.parent / "my game.gif"
    assert "Saved the replay" in await terminal.type(f"review --save {spaced}")
    assert frames(spaced) == len(BLUNDER_GAME) + 1

    png = await terminal.type(f"review {number} --save {target.parent / 'game.png'}")
    assert png == (
        "The replay is an animated GIF: name the file so it ends in .gif, for example: "
        f"review {number} --save game-{number}.gif\n\n"
    )
    assert (await terminal.type(f"review {number} --force")).startswith("Usage: review [game")
    assert (await terminal.type(f"review {number} --save")).startswith("Name the file after")
    fresh = await terminal.type(f"review {number} --save {tmp_path}/new.gif --force")
    assert "Saved the replay" in fresh  # --force with nothing to replace: simply written
    folder = tmp_path / "folder.gif"
    folder.mkdir()
    refused = await terminal.type(f"review {number} --save {folder}")
    assert refused.endswith(
        f"'{folder}' already exists; nothing was written. Choose a new file "
        "name, or add --force to replace that file.\n\n"
    )
    forced = await terminal.type(f"review {number} --save {folder} --force")
    assert forced.endswith(
        f"'{folder}' is a folder; nothing was written. Name a file in it, ending in .gif.\n\n"
    )
    nobody = await terminal.type(f"review {number} --save ~no-such-user-here/a.gif")
    assert nobody.endswith(
        "I cannot tell which home folder '~no-such-user-here/a.gif' means; nothing was written.\n\n"
    )
    nul = await terminal.type(f"review {number} --save a\x00b.gif")
    assert nul.endswith("'ab.gif' holds a character no file name can; nothing was written.\n\n")
    assert "Traceback" not in terminal.out.getvalue()


async def test_history_and_review_read_the_same_in_a_new_session(
    terminal: Terminal, tmp_path: Path
) -> None:
    number = await play_the_blunder_duel(terminal)
    await terminal.type("start")  # a game against the bot left running: not in the history
    await terminal.type("2 2")
    history = await terminal.type("history")
    review = await terminal.type(f"review {number}")
    await terminal.close()

    again = Terminal(terminal.path)
    await again.open()
    try:
        assert await again.type("history") == history
        assert await again.type(f"review {number}") == review
        assert await again.type("review") == review  # still the last finished game
    finally:
        await again.close()


async def test_the_readme_shows_a_real_review(tmp_path: Path) -> None:
    """README's review is what the terminal prints for that duel, word for word (wrapped to
    96 columns to fit the page)."""
    terminal = Terminal(tmp_path / "games.db", width=96)
    await terminal.open()
    try:
        number = await play_the_blunder_duel(terminal)
        shown = await terminal.type(f"review {number}")
    finally:
        await terminal.close()
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"```\n{shown.strip()}\n```" in readme
