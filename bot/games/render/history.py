"""A page of a member's history in words: one line per game, newest first, each with the
number that names it (for a review), the same on Discord and in the terminal."""

from __future__ import annotations

from datetime import UTC

from bot.games.history import HistoryEntry, HistoryPage, Result
from bot.games.wording import level_label, seat_label
from bot.i18n import _, ngettext


def history_line(entry: HistoryEntry) -> str:
    """ "#12 2026-01-01 3x3 perfect, against the bot: won in 7 moves" """
    kind = level_label(entry.level)
    result = _result(entry)
    day = f"{entry.ended_at.astimezone(UTC):%Y-%m-%d}"
    board = entry.variant.renderer.board_name(entry.size)
    # TRANSLATORS: a line of a member's history. {board} is "3x3" or "ultimate", {kind} the
    # level as typed ("perfect") or "duel", {opponent} a member or the bot's name, {result}
    # "won", "lost (resigned)", ..., {count} the number of moves
    line = ngettext(
        "{board} {kind}, against {opponent}: {result} after {count} move",
        "{board} {kind}, against {opponent}: {result} after {count} moves",
        entry.moves,
    ).format(
        board=board,
        kind=kind,
        opponent=seat_label(entry.opponent),
        result=result,
        count=entry.moves,
    )
    return f"#{entry.game_id} {day} {line}"


def _result(entry: HistoryEntry) -> str:
    """ "won", "lost (resigned)", "won (they resigned)": the result in the current locale."""
    if entry.result is Result.WON:
        # TRANSLATORS: a game's result in a history line
        result = _("won")
    elif entry.result is Result.LOST:
        # TRANSLATORS: a game's result in a history line
        result = _("lost")
    elif entry.result is Result.DRAWN:
        # TRANSLATORS: a game's result in a history line
        result = _("drawn")
    else:
        result = str(entry.result)
    if not entry.resigned:
        return result
    if entry.timed_out:
        if entry.result is Result.LOST:
            # TRANSLATORS: {result} is "lost": the member's arena move clock ran out
            return _("{result} (out of time)").format(result=result)
        # TRANSLATORS: {result} is "won": the opponent's arena move clock ran out
        return _("{result} (their time ran out)").format(result=result)
    if entry.result is Result.LOST:
        # TRANSLATORS: {result} is "lost": the member resigned
        return _("{result} (resigned)").format(result=result)
    # TRANSLATORS: {result} is "won": the opponent resigned
    return _("{result} (they resigned)").format(result=result)


def render_history(page: HistoryPage) -> str:
    """The page's title and lines; a member with no game says so."""
    if not page.entries:
        if page.older or page.newer:
            # TRANSLATORS: {name} is a member; paging past their first or last game
            return _("No more of {name}'s games this way.").format(name=page.name)
        # TRANSLATORS: {name} is a member
        return _(
            "{name} has not finished a game yet. Games that expired, or ended before "
            "anybody moved, are not listed."
        ).format(name=page.name)
    # TRANSLATORS: the title of a page of {name}'s history
    title = _("{name}'s games, newest first (dates in UTC):").format(name=page.name)
    return "\n".join([title, *(history_line(entry) for entry in page.entries)])
