"""Whatever a player types, in whatever order, the session answers and never raises."""

from __future__ import annotations

import asyncio
import io
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games import GameService
from bot.storage import SqliteGameStore
from bot.terminal import TerminalSession
from bot.terminal.commands import CommandError, EmptyLine, WordCommand, parse_command

COMMANDS = [
    "hint",
    "board",
    "resign",
    "stats",
    "leaderboard",
    "quit",
    "help",
    "start",
    "start perfect bot",
    "start easy me 4",
    "start hard random 3x3",
    "start 4",
    "move",
    "",
]
cells = st.builds(
    lambda r, c, sep: f"{r}{sep}{c}",
    st.integers(-1, 5),
    st.integers(-1, 5),
    st.sampled_from([" ", ",", "  ", ", "]),
)
lines = st.one_of(
    st.sampled_from(COMMANDS), cells, cells.map("move {}".format), st.text(max_size=12)
)


async def play_lines(typed: list[str], seed: int) -> tuple[list[bool], str]:
    service = GameService(SqliteGameStore(":memory:"), rng=random.Random(seed))
    out = io.StringIO()
    session = TerminalSession(service, out, "fuzz")
    try:
        await session.open()
        results = [await session.handle(line) for line in typed]
    finally:
        await service.close()
    return results, out.getvalue()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(typed=st.lists(lines, max_size=25), seed=st.integers(0, 1000))
def test_any_sequence_of_lines_is_answered(typed: list[str], seed: int) -> None:
    results, text = asyncio.run(play_lines(typed, seed))
    assert results == [not quits(line) for line in typed]
    assert "Traceback" not in text
    answered = [line for line in typed if not quits(line) and not silent(line)]
    assert text.count("\n\n") >= 2 + len(answered)  # the welcome, the board, then every answer


def quits(line: str) -> bool:
    try:
        return parse_command(line) == WordCommand("quit")
    except CommandError:
        return False


def silent(line: str) -> bool:
    try:
        return parse_command(line) == EmptyLine()
    except CommandError:
        return False
