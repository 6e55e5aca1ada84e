"""Records in words: a member's stats, the leaderboard and the duel leaderboard.

Resignations count as losses; games that expired or ended before the member moved do not
count (the service decides what is in a record, this module only words it).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.errors import PLAIN, Command, Spelling
from bot.games.models import DuelEntry, GameKind, LeaderboardEntry, Rating, Record, Stats
from bot.games.puzzles.render import puzzle_stats_line
from bot.games.render.solo import solo_stats_line
from bot.games.variants import Variant, all_variants, find_variant, fixed_levels
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
    """The default kind's fixed levels first, in their order, then every other heading."""
    fixed = fixed_levels()
    known = [level for level in fixed if level in levels]
    return known + sorted(level for level in levels if level not in fixed)


def render_stats(stats: Stats) -> str:
    """A member's record against the bot overall, per level and, when they played more than
    one size at a level, per size; their duels and ratings (classic and ultimate apart); their
    puzzle rating and streak; the head-to-head line if asked (resignations count as losses)."""
    total = stats.total.games
    h2h = stats.head_to_head
    puzzles = None if stats.puzzles is None else puzzle_stats_line(stats.name, stats.puzzles)
    if total == 0 and stats.duels.games == 0 and (h2h is None or h2h.record.games == 0):
        # TRANSLATORS: {name} is a member
        none_yet = _(
            "{name} has not finished a game yet. Games that expired, or ended before {name} "
            "moved, do not count."
        ).format(name=stats.name)
        return none_yet if puzzles is None else f"{none_yet}\n{puzzles}"
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
            (kind, size): rec
            for (kind, lvl, size), rec in stats.by_size.items()
            if find_variant(kind).stats_level(lvl) == level and len(find_variant(kind).sizes) > 1
        }
        per_size = f" ({_per_size(sizes)})" if sizes else ""
        lines.append(f"  {level}: {describe_record(record)}{per_size}")
    if stats.duels.games:
        dueled = {kind for kind, _size in stats.duels_by_size}
        ratings = [  # each kind its own rating: classic duels never move the ultimate one
            variant.renderer.duel_rating(stats.ratings.get(variant.kind, Rating()).rating)
            for variant in all_variants()
            if variant.kind in dueled
        ]
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
    if puzzles is not None:
        lines.append(puzzles)
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


def _per_size(records: dict[tuple[GameKind, int], Record]) -> str:
    """ "3x3: 2 wins, 0 losses, 1 draw; 4x4: ...; ultimate: ..." """
    return "; ".join(
        f"{find_variant(kind).renderer.board_name(size)}: {describe_record(record)}"
        for (kind, size), record in sorted(records.items())
    )


def render_duel_leaderboard(
    entries: list[DuelEntry], variant: Variant, spelling: Spelling = PLAIN
) -> str:
    """Duelists by rating (Elo, everyone starts at 1200), with the duels each played;
    ``variant``: the kind whose duels they are (each its own ratings); ``spelling`` names the
    place in the sentence said when nobody has dueled yet."""
    renderer = variant.renderer
    if not entries:
        return renderer.no_duels_yet(_(spelling.get(Command.HERE, PLAIN[Command.HERE])))
    title = renderer.duel_leaderboard_title()
    lines = [title]
    for position, entry in enumerate(entries, start=1):
        # TRANSLATORS: a leaderboard line's count, in "1. alice - 1210 (3 duels)"
        duels = ngettext("{count} duel", "{count} duels", entry.games).format(count=entry.games)
        lines.append(f"{position}. {entry.name} \u2014 {entry.rating} ({duels})")
    return "\n".join(lines)


def render_leaderboard(entries: list[LeaderboardEntry], variant: Variant) -> str:
    """Ranked lines, ties sharing a rank; a friendly sentence when nobody has played yet;
    ``variant``: the kind whose games they are (each its own points)."""
    renderer = variant.renderer
    if not entries:
        return renderer.empty_leaderboard()
    lines = [renderer.leaderboard_title()]
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
