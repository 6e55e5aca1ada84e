"""An arena's words: its title and rules, the standings' lines, the final standings, a game's
thread name and first line, and the line of a game lost on the clock. Each in the current
locale; the adapter places them (and the moments, which each reader sees in their own time)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.arenas.models import Arena, Entrant, FinalLine, Pairing, Standing, Timeout
from bot.games.arenas.scoring import absent
from bot.games.models import Game
from bot.games.wording import join_sentences
from bot.i18n import _, ngettext

FIRE = "\U0001f525"
"""On fire: two wins in a row, the next win counts double."""

MEDALS = ("\U0001f947", "\U0001f948", "\U0001f949")
"""Gold, silver and bronze, for the podium."""

NAME_WIDTH = 32
"""A name is cut to this many characters in a table (Discord's own limit for nicknames)."""


def board_of(arena: Arena) -> str:
    """The arena's board as lists name it: "3x3", "ultimate", "Connect Four"."""
    return arena.variant.renderer.board_name(arena.size)


def arena_title(arena: Arena) -> str:
    # TRANSLATORS: an arena's title; {board} is "3x3", "ultimate" or "Connect Four"
    return _("Arena: {board}").format(board=board_of(arena))


def arena_rules(arena: Arena) -> str:
    """The rules in a line, with the move clock."""
    # TRANSLATORS: an arena's move clock, after its rules in a line; {count} is seconds
    clock = ngettext(
        "{count} second a move: whoever lets it run out loses.",
        "{count} seconds a move: whoever lets it run out loses.",
        arena.clock,
    ).format(count=arena.clock)
    # TRANSLATORS: an arena's rules in a line; 🔥 marks a member on fire
    scoring = _(
        "A win scores 2, a draw 1; after two wins in a row every win scores double 🔥 until "
        "a game is not won. Join any time: you are paired as soon as an opponent is free."
    )
    return f"{scoring} {clock}"


def starts_line(when: str) -> str:
    # TRANSLATORS: {when} is a moment shown in each reader's own time ("in 20 minutes")
    return _("Starts {when}.").format(when=when)


def ends_line(when: str) -> str:
    # TRANSLATORS: {when} is a moment shown in each reader's own time ("in 20 minutes")
    return _("Ends {when}.").format(when=when)


def closing_line() -> str:
    return _("Time is up: no new games start, and the last ones are finishing.")


def over_line(cancelled: bool) -> str:
    if cancelled:
        return _("Cancelled by a manager: no results.")
    return _("Over: the final standings are below.")


def counts_line(entrants: int, playing: int) -> str:
    """How many members are in, and how many games run."""
    # TRANSLATORS: how many members are in an arena
    members = ngettext("{count} member", "{count} members", entrants).format(count=entrants)
    # TRANSLATORS: how many of an arena's games are being played
    running = ngettext("{count} game running", "{count} games running", playing)
    games = running.format(count=playing)
    # TRANSLATORS: "{members} · {games}": "12 members · 5 games running"
    return _("{members} · {games}").format(members=members, games=games)


def nobody_yet() -> str:
    return _("Nobody has joined yet.")


def standing_line(line: Standing) -> str:
    """ "3. **ann** 8 🔥 (4 games)"; a member who left is marked as paused."""
    entrant = line.entrant
    # TRANSLATORS: how many games a member played in an arena
    games = ngettext("{count} game", "{count} games", entrant.games).format(count=entrant.games)
    fire = f" {FIRE}" if entrant.on_fire else ""
    # TRANSLATORS: after a member who left an arena, in its standings
    paused = "" if entrant.active else " " + _("(paused)")
    # TRANSLATORS: one line of an arena's standings: rank, name, points, 🔥, games
    text = _("{rank}. **{name}** {points}{fire} ({games})").format(
        rank=line.rank, name=_name(entrant), points=entrant.points, fire=fire, games=games
    )
    return text + paused


def standing_lines(lines: Sequence[Standing], most: int, budget: int = 3800) -> list[str]:
    """The first ``most`` lines of the standings, within ``budget`` characters, then how many
    more there are."""
    return _within([standing_line(line) for line in lines[:most]], len(lines), budget)


def final_title(arena: Arena) -> str:
    # TRANSLATORS: the final standings' title; {board} is "3x3", "ultimate" or "Connect Four"
    return _("Arena over: {board}").format(board=board_of(arena))


def final_line(line: FinalLine) -> str:
    """ "🥇 **ann** 12 points · 5 won, 1 drawn, 1 lost · performance 1530 · 2 4 4 0 2 1 0"."""
    entrant = line.entrant
    medal = MEDALS[line.rank - 1] if line.rank <= len(MEDALS) else f"{line.rank}."
    # TRANSLATORS: a member's points in an arena's final standings
    points = ngettext("{count} point", "{count} points", entrant.points).format(
        count=entrant.points
    )
    # TRANSLATORS: a member's games in the final standings: won, drawn, lost
    record = _("{wins} won, {draws} drawn, {losses} lost").format(
        wins=entrant.wins, draws=entrant.draws, losses=entrant.losses
    )
    parts = [f"{medal} **{_name(entrant)}** {points}", record]
    if line.performance is not None:
        # TRANSLATORS: a performance rating in the final standings
        parts.append(_("performance {rating}").format(rating=line.performance))
    if entrant.sheet:
        parts.append(" ".join(entrant.sheet))
    return " · ".join(parts)


def final_lines_text(lines: Sequence[FinalLine], budget: int = 3600) -> list[str]:
    """Every final line within ``budget`` characters, then how many more there are."""
    return _within([final_line(line) for line in lines], len(lines), budget)


def no_games_played() -> str:
    return _("Nobody played a game: there are no results.")


def sheet_note() -> str:
    # TRANSLATORS: explains the digits after each member in the final standings
    return _("The digits are each game's points, in order; 4 is a win on fire.")


def thread_name(pairing: Pairing) -> str:
    """ "ann vs ben, round 3" (Discord cuts a thread's name at 100 characters)."""
    # TRANSLATORS: an arena game's thread name: "ann vs ben, round 3" (100 characters at most)
    name = _("{x} vs {o}, round {round}").format(
        x=pairing.x_name[:NAME_WIDTH], o=pairing.o_name[:NAME_WIDTH], round=pairing.round
    )
    return name[:100]


def game_intro(game: Game, arena: Arena, x: str, o: str) -> str:
    """A thread's first line: who plays whom (``x``, ``o``: their mentions) and the clock."""
    # TRANSLATORS: an arena game's first line; {x} and {o} are the players (mentions), X
    # moves first; {count} is the move clock in seconds
    clock = ngettext(
        "Arena game: {x} (X) against {o} (O), {count} second a move. {x} moves first.",
        "Arena game: {x} (X) against {o} (O), {count} seconds a move. {x} moves first.",
        arena.clock,
    )
    return clock.format(x=x, o=o, count=arena.clock)


def clock_ran_out(timeout: Timeout) -> str:
    """The headline of a game lost on the clock; a loser who never moved is paused."""
    game = timeout.game
    winner, loser = game.seat(timeout.loser.other), game.seat(timeout.loser)
    # TRANSLATORS: the headline of an arena game lost on the move clock; {winner} is the
    # player whose opponent let it run out
    said = _("{winner} wins on time.").format(winner=winner.name)
    if absent(game, timeout.loser):
        # TRANSLATORS: after "{winner} wins on time." when the loser never moved in that game
        paused = _(
            "{name} made no move in this game, so the arena pauses them; Join on its message "
            "brings them back."
        ).format(name=loser.name)
        said = join_sentences([said, paused])
    return "\u23f0 " + said


def _name(entrant: Entrant) -> str:
    """A name for a table: cut to ``NAME_WIDTH``, its Markdown stars and underscores
    escaped so it cannot bold the rest of the line."""
    cut = entrant.name[:NAME_WIDTH]
    return cut.replace("\\", "\\\\").replace("*", "\\*").replace("_", "\\_").replace("`", "\\`")


def _within(texts: list[str], total: int, budget: int) -> list[str]:
    """The first of ``texts`` that fit in ``budget`` characters (a line each), then how many
    of ``total`` lines are not shown."""
    shown: list[str] = []
    used = 0
    for text in texts:
        if used + len(text) + 1 > budget:
            break
        shown.append(text)
        used += len(text) + 1
    if total > len(shown):
        shown.append(_more(total - len(shown)))
    return shown


def _more(count: int) -> str:
    """The last line of a table cut short: how many more members there are."""
    # TRANSLATORS: the end of a table cut short; {count} is how many members are not shown
    return ngettext("… and {count} more", "… and {count} more", count).format(count=count)
