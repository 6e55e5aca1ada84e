"""Records in words: a member's stats, the leaderboard and the duel leaderboard.

Resignations count as losses; games that expired or ended before the member moved do not
count (the service decides what is in a record, this module only words it).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine import LEVELS
from bot.games.errors import PLAIN, Command, Spelling
from bot.games.models import ULTIMATE, DuelEntry, LeaderboardEntry, Record, Stats
from bot.games.render.solo import solo_stats_line


def _count(number: int, singular: str, plural: str) -> str:
    return f"{number} {singular if number == 1 else plural}"


def describe_record(record: Record) -> str:
    """ "3 wins, 1 loss, 2 draws" """
    return ", ".join(
        [
            _count(record.wins, "win", "wins"),
            _count(record.losses, "loss", "losses"),
            _count(record.draws, "draw", "draws"),
        ]
    )


def _level_order(levels: Iterable[str]) -> list[str]:
    known = [level for level in LEVELS if level in levels]
    return known + sorted(level for level in levels if level not in LEVELS)


def render_stats(stats: Stats) -> str:
    """A member's record against the bot overall, per level and, when they played more than
    one size at a level, per size; their duels and ratings (classic and ultimate apart); the
    head-to-head line if asked (resignations count as losses)."""
    total = stats.total.games
    h2h = stats.head_to_head
    if total == 0 and stats.duels.games == 0 and (h2h is None or h2h.record.games == 0):
        return (
            f"{stats.name} has not finished a game yet. Games that expired, or ended before "
            f"{stats.name} moved, do not count."
        )
    lines = []
    if total:
        lines.append(
            f"{stats.name} against me: {describe_record(stats.total)} "
            f"({_count(total, 'game', 'games')}, resignations count as losses)."
        )
    for level in _level_order(stats.by_level):
        record = stats.by_level[level]
        if not record.games:
            continue
        sizes = {
            size: rec
            for (lvl, size), rec in stats.by_size.items()
            if lvl == level and size != ULTIMATE
        }
        per_size = f" ({_per_size(sizes)})" if sizes else ""
        lines.append(f"  {level}: {describe_record(record)}{per_size}")
    if stats.duels.games:
        ratings = []  # each kind its own rating: classic duels never move the ultimate one
        if any(size != ULTIMATE for size in stats.duels_by_size):
            ratings.append(f"rating {stats.rating.rating}")
        if ULTIMATE in stats.duels_by_size:
            ratings.append(f"ultimate rating {stats.ultimate_rating.rating}")
        lines.append(
            f"{stats.name} in duels: {describe_record(stats.duels)} "
            f"({_per_size(stats.duels_by_size)}), {', '.join(ratings)}."
        )
    solo = solo_stats_line(stats.name, stats.solo)
    if solo is not None:
        lines.append(solo)
    if h2h is not None:
        record = h2h.record
        lines.append(
            f"Head to head: {stats.name} {record.wins}\u2013{record.losses}\u2013{record.draws} "
            f"against {h2h.other_name} (wins\u2013losses\u2013draws)."
        )
    return "\n".join(lines)


def _per_size(records: dict[int, Record]) -> str:
    """ "3x3: 2 wins, 0 losses, 1 draw; 4x4: ..." """
    return "; ".join(
        f"{'ultimate' if size == ULTIMATE else f'{size}x{size}'}: {describe_record(record)}"
        for size, record in sorted(records.items())
    )


def render_duel_leaderboard(
    entries: list[DuelEntry], spelling: Spelling = PLAIN, game: str = "classic"
) -> str:
    """Duelists by rating (Elo, everyone starts at 1200), with the duels each played;
    ``spelling`` names the place in the sentence said when nobody has dueled yet; ``game``
    ``"ultimate"`` names the ultimate duels' board (its own ratings)."""
    ultimate = "ultimate " if game == "ultimate" else ""
    if not entries:
        here = spelling.get(Command.HERE, PLAIN[Command.HERE])
        return (
            f"Nobody has finished {'an' if ultimate else 'a'} {ultimate}duel{here} yet: "
            "challenge someone to be the first!"
        )
    title = "Ultimate duel leaderboard" if ultimate else "Duel leaderboard"
    lines = [f"{title} (Elo rating, everyone starts at 1200):"]
    for position, entry in enumerate(entries, start=1):
        lines.append(
            f"{position}. {entry.name} \u2014 {entry.rating} "
            f"({_count(entry.games, 'duel', 'duels')})"
        )
    return "\n".join(lines)


def render_leaderboard(entries: list[LeaderboardEntry], game: str = "classic") -> str:
    """Ranked lines, ties sharing a rank; a friendly sentence when nobody has played yet;
    ``game`` ``"ultimate"`` names the ultimate games' board (its own points)."""
    if game == "ultimate":
        if not entries:
            return (
                "Nobody is on the ultimate leaderboard yet: finish a game of ultimate "
                "tic-tac-toe to be the first!"
            )
        lines = ["Ultimate leaderboard (a win is 3 points, a draw 1):"]
    elif not entries:
        return "Nobody is on the leaderboard yet: finish a game to be the first!"
    else:
        lines = ["Leaderboard (a win is 3 points, a draw 1):"]
    rank = 0
    previous: int | None = None
    for position, entry in enumerate(entries, start=1):
        if entry.points != previous:
            rank, previous = position, entry.points
        points = _count(entry.points, "point", "points")
        lines.append(f"{rank}. {entry.name} — {points} ({describe_record(entry.record)})")
    return "\n".join(lines)
