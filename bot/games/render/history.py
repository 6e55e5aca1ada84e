"""A page of a member's history in words: one line per game, newest first, each with the
number that names it (for a review), the same on Discord and in the terminal."""

from __future__ import annotations

from datetime import UTC

from bot.games.history import HistoryEntry, HistoryPage, Result
from bot.games.models import DUEL, ULTIMATE


def history_line(entry: HistoryEntry) -> str:
    """ "#12 2026-01-01 3x3 perfect, against the bot: won in 7 moves" """
    kind = "duel" if entry.level == DUEL else entry.level
    result = str(entry.result)
    if entry.resigned:
        result += " (resigned)" if entry.result is Result.LOST else " (they resigned)"
    moves = f"{entry.moves} move{'' if entry.moves == 1 else 's'}"
    day = f"{entry.ended_at.astimezone(UTC):%Y-%m-%d}"
    board = "ultimate" if entry.size == ULTIMATE else f"{entry.size}x{entry.size}"
    against = f"{board} {kind}, against {entry.opponent.name}"
    return f"#{entry.game_id} {day} {against}: {result} after {moves}"


def render_history(page: HistoryPage) -> str:
    """The page's title and lines; a member with no game says so."""
    if not page.entries:
        if page.older or page.newer:
            return f"No more of {page.name}'s games this way."
        return (
            f"{page.name} has not finished a game yet. Games that expired, or ended before "
            "anybody moved, are not listed."
        )
    title = f"{page.name}'s games, newest first (dates in UTC):"
    return "\n".join([title, *(history_line(entry) for entry in page.entries)])
