"""The refusals of puzzle commands, each a ``GameError`` whose message is the member's sentence.

A sentence that suggests the puzzle command names it ``{puzzle}``, spelled by each adapter
(``/tictactoe puzzle`` on Discord, ``puzzle`` in the terminal).
"""

from __future__ import annotations

from bot.games.errors import GameError, SettingsError
from bot.i18n import N_


class PuzzleError(GameError):
    """A puzzle command refused (a number that names no puzzle, a move with none running...)."""


class NoPuzzleError(PuzzleError):
    """No puzzle has that number, or none is running."""


class PuzzleOverError(PuzzleError):
    """The attempt a click or move names is over (solved, missed, or set aside)."""


def no_such_puzzle(number: int, last: int, made: range) -> NoPuzzleError:
    """A number that names no puzzle: the shipped ones are 1 to ``last``, the ones made from
    finished games so far ``made`` (empty: none yet, and then none is named)."""
    if not made:
        # TRANSLATORS: {number} is what the member asked for; {last} the last puzzle's number
        # (888)
        template = N_("There is no puzzle #{number}: the puzzles are numbered 1 to {last}.")
        return NoPuzzleError(template, number=number, last=last)
    # TRANSLATORS: {number} is what the member asked for; {last} the last shipped puzzle's
    # number (888); {made} to {made_last} the numbers of the puzzles made from finished games
    # so far (100001 to 100023)
    template = N_(
        "There is no puzzle #{number}: the puzzles are numbered 1 to {last}, and {made} to "
        "{made_last} for those made from finished games."
    )
    return NoPuzzleError(template, number=number, last=last, made=made[0], made_last=made[-1])


def no_puzzle_running() -> NoPuzzleError:
    """A move for a puzzle when the member has none running."""
    # TRANSLATORS: {puzzle} is the puzzle command as the member types it
    template = N_("You have no puzzle running: ask for one with {puzzle}.")
    return NoPuzzleError(template)


def puzzle_over() -> PuzzleOverError:
    """A move or click on an attempt that ended."""
    # TRANSLATORS: {puzzle} is the puzzle command as the member types it
    template = N_("That puzzle is over: ask for another with {puzzle}.")
    return PuzzleOverError(template)


def not_your_puzzle() -> PuzzleError:
    """A click on another member's attempt (a private message's buttons are only its
    member's, so only a forged click gets here)."""
    # TRANSLATORS: {puzzle} is the puzzle command as the member types it
    template = N_("That puzzle is someone else's: ask for your own with {puzzle}.")
    return PuzzleError(template)


def move_unproven() -> PuzzleError:
    """A move the search budget could not judge: nothing counted, the member tries another."""
    return PuzzleError(
        N_(
            "I could not check that move within my search budget, so it counts for nothing: "
            "try another."
        )
    )


def no_daily_post() -> PuzzleError:
    """A Solve button whose daily post the store no longer has (the server's was deleted)."""
    return PuzzleError(N_("That daily puzzle is no longer posted here."))


def bad_hour(given: object) -> SettingsError:
    """An hour of the day out of 0 to 23."""
    # TRANSLATORS: {given} is what the manager gave, quoted; UTC is the time zone
    template = N_("The hour is a whole number from 0 to 23 (UTC), not {given}.")
    return SettingsError(template, given=repr(str(given))[:40])


def daily_channel_needed() -> SettingsError:
    """An hour alone, for a server with no daily puzzle channel yet."""
    # TRANSLATORS: channel and hour are option names: keep them
    template = N_("Name the channel to post the daily puzzle in (channel), then hour.")
    return SettingsError(template)


def daily_off_alone() -> SettingsError:
    """``off`` with a channel or an hour."""
    # TRANSLATORS: off, channel and hour are option names: keep them
    template = N_("Give off alone, or a channel and an hour: not both.")
    return SettingsError(template)


def not_on_this_server() -> SettingsError:
    """A channel of another server."""
    return SettingsError("That channel is not on this server.")
