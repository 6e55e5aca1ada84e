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
from bot.i18n import _, ngettext


def describe_record(record: Record) -> str:
    """ "3 wins, 1 loss, 2 draws" """
    # TRANSLATORS: a record's counts, in "3 wins, 1 loss, 2 draws"
    wins = ngettext("{count} win", "{count} wins", record.wins).format(count=record.wins)
    losses = ngettext("{count} loss", "{count} losses", record.losses).format(count=record.losses)
    draws = ngettext("{count} draw", "{count} draws", record.draws).format(count=record.draws)
    # TRANSLATORS: a record: {wins} is "3 wins", {losses} "1 loss", {draws} "2 draws"
    return _("{wins}, {losses}, {draws}").format(wins=wins, losses=losses, draws=draws)


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
        # TRANSLATORS: {name} is a member
        return _(
            "{name} has not finished a game yet. Games that expired, or ended before {name} "
            "moved, do not count."
        ).format(name=stats.name)
    lines = []
    if total:
        # TRANSLATORS: {name} is a member, {record} "3 wins, 1 loss, 2 draws", {count} a number
        sentence = ngettext(
            "{name} against me: {record} ({count} game, resignations count as losses).",
            "{name} against me: {record} ({count} games, resignations count as losses).",
            total,
        )
        lines.append(
            sentence.format(name=stats.name, record=describe_record(stats.total), count=total)
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
            # TRANSLATORS: a duel rating in stats; {rating} is a number (Elo)
            ratings.append(_("rating {rating}").format(rating=stats.rating.rating))
        if ULTIMATE in stats.duels_by_size:
            # TRANSLATORS: the ultimate duel rating in stats; {rating} is a number (Elo)
            rating = stats.ultimate_rating.rating
            ratings.append(_("ultimate rating {rating}").format(rating=rating))
        # TRANSLATORS: {name} is a member, {record} "3 wins, 1 loss, 2 draws", {sizes} the
        # record per size ("3x3: 2 wins, 0 losses, 1 draw; 4x4: ..."), {ratings} "rating 1210"
        # or "rating 1210, ultimate rating 1190"
        lines.append(
            _("{name} in duels: {record} ({sizes}), {ratings}.").format(
                name=stats.name,
                record=describe_record(stats.duels),
                sizes=_per_size(stats.duels_by_size),
                ratings=_(", ").join(ratings),
            )
        )
    solo = solo_stats_line(stats.name, stats.solo)
    if solo is not None:
        lines.append(solo)
    if h2h is not None:
        record = h2h.record
        # TRANSLATORS: {name} and {other} are members; {wins}, {losses}, {draws} numbers
        lines.append(
            _(
                "Head to head: {name} {wins}\u2013{losses}\u2013{draws} against {other} "
                "(wins\u2013losses\u2013draws)."
            ).format(
                name=stats.name,
                wins=record.wins,
                losses=record.losses,
                draws=record.draws,
                other=h2h.other_name,
            )
        )
    return "\n".join(lines)


def _per_size(records: dict[int, Record]) -> str:
    """ "3x3: 2 wins, 0 losses, 1 draw; 4x4: ..." """
    # TRANSLATORS: the ultimate game's name where a size ("3x3") would be
    ultimate = _("ultimate")
    return "; ".join(
        f"{ultimate if size == ULTIMATE else f'{size}x{size}'}: {describe_record(record)}"
        for size, record in sorted(records.items())
    )


def render_duel_leaderboard(
    entries: list[DuelEntry], spelling: Spelling = PLAIN, game: str = "classic"
) -> str:
    """Duelists by rating (Elo, everyone starts at 1200), with the duels each played;
    ``spelling`` names the place in the sentence said when nobody has dueled yet; ``game``
    ``"ultimate"`` names the ultimate duels' board (its own ratings)."""
    ultimate = game == "ultimate"
    if not entries:
        here = _(spelling.get(Command.HERE, PLAIN[Command.HERE]))
        if ultimate:
            # TRANSLATORS: {here} is " here" (with its space) or nothing
            return _(
                "Nobody has finished an ultimate duel{here} yet: challenge someone to be the first!"
            ).format(here=here)
        # TRANSLATORS: {here} is " here" (with its space) or nothing
        return _("Nobody has finished a duel{here} yet: challenge someone to be the first!").format(
            here=here
        )
    if ultimate:
        title = _("Ultimate duel leaderboard (Elo rating, everyone starts at 1200):")
    else:
        title = _("Duel leaderboard (Elo rating, everyone starts at 1200):")
    lines = [title]
    for position, entry in enumerate(entries, start=1):
        # TRANSLATORS: a leaderboard line's count, in "1. alice - 1210 (3 duels)"
        duels = ngettext("{count} duel", "{count} duels", entry.games).format(count=entry.games)
        lines.append(f"{position}. {entry.name} \u2014 {entry.rating} ({duels})")
    return "\n".join(lines)


def render_leaderboard(entries: list[LeaderboardEntry], game: str = "classic") -> str:
    """Ranked lines, ties sharing a rank; a friendly sentence when nobody has played yet;
    ``game`` ``"ultimate"`` names the ultimate games' board (its own points)."""
    if game == "ultimate":
        if not entries:
            return _(
                "Nobody is on the ultimate leaderboard yet: finish a game of ultimate "
                "tic-tac-toe to be the first!"
            )
        lines = [_("Ultimate leaderboard (a win is 3 points, a draw 1):")]
    elif not entries:
        return _("Nobody is on the leaderboard yet: finish a game to be the first!")
    else:
        lines = [_("Leaderboard (a win is 3 points, a draw 1):")]
    rank = 0
    previous: int | None = None
    for position, entry in enumerate(entries, start=1):
        if entry.points != previous:
            rank, previous = position, entry.points
        # TRANSLATORS: a leaderboard line's points, in "1. alice - 7 points (2 wins, ...)"
        points = ngettext("{count} point", "{count} points", entry.points).format(
            count=entry.points
        )
        lines.append(f"{rank}. {entry.name} — {points} ({describe_record(entry.record)})")
    return "\n".join(lines)
