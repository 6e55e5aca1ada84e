"""The sentences a player reads when the channel's game stands in the way of what they asked.

Kept apart from the service so its operations read as rules, and so new operations (duels,
rematches) say "not your game" or "already running" in the same words. Each builder returns
the error for the service to raise; names go in as values, never into the template.
"""

from __future__ import annotations

from datetime import datetime

from bot import engine
from bot.engine import Move
from bot.games.errors import (
    CellTakenError,
    GameError,
    GameOverError,
    GameRunningError,
    NoGameError,
    NotYourGameError,
    NotYourTurnError,
    OffBoardError,
)
from bot.games.models import Challenge, ChallengeStatus, Game, Seat
from bot.games.wording import describe_duration, level_label
from bot.i18n import N_, Phrase, _


def ago(then: datetime, now: datetime) -> str:
    """ "just now" under a minute, else "3 minutes ago" (in the current locale)."""
    seconds = (now - then).total_seconds()
    if seconds < 60:
        # TRANSLATORS: when a game started: "(started just now)"
        return _("just now")
    # TRANSLATORS: when a game started: "(started 3 minutes ago)"; {duration} is "3 minutes"
    return _("{duration} ago").format(duration=describe_duration(seconds))


def _ago(then: datetime, now: datetime) -> Phrase:
    """``ago``, worded when the sentence is rendered."""
    return Phrase(lambda: ago(then, now))


def _duration(seconds: float) -> Phrase:
    """``describe_duration``, worded when the sentence is rendered."""
    return Phrase(lambda: describe_duration(seconds))


def _members(game: Game) -> list[Seat]:
    """The game's member seats, X first (one against the bot, two member vs member)."""
    return [seat for seat in (game.x, game.o) if not seat.is_bot]


def names_of(names: list[str]) -> str:
    """ "alice" or "alice and bob", in the current locale."""
    if len(names) == 1:
        return names[0]
    # TRANSLATORS: the two members of a duel: "alice and bob"
    return _("{first} and {second}").format(first=names[0], second=names[1])


def _names(seats: list[Seat]) -> Phrase:
    """ "alice" or "alice and bob", worded when the sentence is rendered."""
    names = [seat.name for seat in seats]
    return Phrase(lambda: names_of(names))


def no_game(expired: Game | None, idle_timeout: float) -> NoGameError:
    """The channel has no game. ``expired``: the game this very operation found idle and
    expired, named so the player knows where it went (only that once)."""
    if expired is None:
        return NoGameError()
    return NoGameError(
        "The game{here} ({players}) expired after {idle} without a move. "
        "Start a new one with {start}.",
        players=_names(_members(expired)),
        idle=_duration(idle_timeout),
    )


def _which(game: Game) -> Phrase:
    """ "medium, 5x5": a game's level (or duel) and board, as its title names them."""
    return Phrase(
        lambda: f"{level_label(game.level)}, {game.variant.renderer.board_name(game.size)}"
    )


def already_running(game: Game, member_id: int, now: datetime) -> GameRunningError:
    """A start while ``game`` runs: whose it is (or "you") and since when."""
    since = _ago(game.created_at, now)
    if game.seat_of(member_id) is not None:
        # TRANSLATORS: {game} is the running game's level and board, as its title shows them
        # ("medium, 5x5", "duel, 3x3", "adaptive, ultimate"); {since} when it started ("just
        # now", "5 minutes ago"); {here} is " here" (with its space) or nothing
        return GameRunningError(
            "You already have a game running{here} ({game}, started {since}). "
            "Finish or resign that game first.",
            game=_which(game),
            since=since,
        )
    members = _members(game)
    if len(members) == 1:
        return GameRunningError(
            "{players} is already playing{here} (started {since}). "
            "Wait until that game is over.",
            players=members[0].name,
            since=since,
        )
    return GameRunningError(
        "{players} are already playing{here} (started {since}). Wait until that game is over.",
        players=_names(members),
        since=since,
    )


def not_your_game(game: Game) -> NotYourGameError:
    """Someone without a seat tried to play, ask for a hint or resign."""
    if game.is_duel:
        return NotYourGameError(
            "This game is between {players}; you can start your own{here} once it is over.",
            players=_names(_members(game)),
        )
    return NotYourGameError(
        "This is {players}'s game; you can start your own{here} once it is over.",
        players=_names(_members(game)),
    )


def not_your_turn(game: Game) -> NotYourTurnError:
    """A seated member acted while the other side is to move."""
    seat = game.seat(game.position.to_move)
    if seat.is_bot:
        return NotYourTurnError("It is not your turn: wait for my move.")
    return NotYourTurnError("It is not your turn: wait for {name} to move.", name=seat.name)


def explain_in_a_duel(game: Game) -> GameRunningError:
    """Explain in a running game between members: the engine would play for one of them."""
    return GameRunningError(
        "{players} are still playing, and explain would show one of them the engine's moves. "
        "Ask again once the game is over.",
        players=_names(_members(game)),
    )


def nothing_to_explain() -> NoGameError:
    """Explain in a channel with no game running and none finished there (read from the
    store, so a restart forgets nothing)."""
    return NoGameError("There is no game{here} to explain. Start one with {start}.")


def no_move_to_explain(game: Game) -> GameError:
    """Explain after a game where the side explained never moved (resigned at once)."""
    if game.bot_player is None:
        return GameError("Nobody played a move in that game, so there is nothing to explain.")
    return GameError("I did not play a move in that game, so there is nothing to explain.")


def game_is_over() -> GameOverError:
    """A click on a finished (or unknown) game's board."""
    return GameOverError("That game is over.")


def challenge_yourself() -> GameError:
    return GameError("You can't challenge yourself. Challenge another member of this channel.")


def challenge_this_bot() -> GameError:
    """Challenging the bot itself: that is an ordinary game."""
    return GameError("To play against me, start a normal game with {start}.")


def challenge_a_bot(name: str) -> GameError:
    return GameError(
        "{name} is a bot and can't play. Challenge a member, or play me with {start}.",
        name=name,
    )


def challenge_absent(name: str) -> GameError:
    return GameError(
        "{name} can't see this channel, so they could not answer. Challenge someone who is here.",
        name=name,
    )


def challenge_pending(challenge: Challenge, now: datetime) -> GameRunningError:
    """A start or a challenge while a challenge waits for its answer."""
    left = max((challenge.expires_at - now).total_seconds(), 1.0)
    return GameRunningError(
        "{challenger} has challenged {opponent} here; wait for the answer (at most {left} more).",
        challenger=challenge.challenger.name,
        opponent=challenge.opponent.name,
        left=_duration(left),
    )


def challenge_closed(challenge: Challenge | None) -> GameOverError:
    """An answer to a challenge that is no longer open, saying what became of it."""
    if challenge is None:
        return GameOverError("That challenge is no longer open.")
    sentence = {
        ChallengeStatus.ACCEPTED: N_("That challenge was already accepted."),
        ChallengeStatus.DECLINED: N_("That challenge was declined."),
        ChallengeStatus.WITHDRAWN: N_("That challenge was withdrawn."),
        ChallengeStatus.EXPIRED: N_("That challenge expired without an answer."),
    }.get(challenge.status, N_("That challenge is no longer open."))
    return GameOverError(sentence)


def not_your_challenge(challenge: Challenge) -> NotYourGameError:
    return NotYourGameError(
        "This challenge is between {challenger} and {opponent}; only {opponent} can answer it.",
        challenger=challenge.challenger.name,
        opponent=challenge.opponent.name,
    )


def accept_own_challenge(challenge: Challenge) -> NotYourTurnError:
    return NotYourTurnError(
        "You can't accept your own challenge: {opponent} has to. Decline withdraws it.",
        opponent=challenge.opponent.name,
    )


def hint_in_a_duel() -> GameError:
    """Hints in a duel: the engine would play for the one who asks."""
    return GameError("Hints are not available in a duel: the engine would be playing for you.")


def not_your_rematch(game: Game) -> NotYourGameError:
    return NotYourGameError(
        "That was {players}'s game, so only they can ask for a rematch. "
        "Start your own with {start}.",
        players=_names(_members(game)),
    )


def rematch_of_a_running_game() -> GameError:
    return GameError("That game is still running: finish it first.")


# -- history and review ----------------------------------------------------------------------


def no_such_game(game_id: int) -> NoGameError:
    return NoGameError("There is no game #{id}.", id=game_id)


def review_of_a_running_game(game: Game) -> GameRunningError:
    return GameRunningError(
        "Game #{id} is still being played; it can be reviewed once it is over.", id=game.id
    )


def nothing_to_review(game: Game) -> NoGameError:
    """A game that ended before anybody moved (set aside, or expired at once)."""
    return NoGameError(
        "Game #{id} ended before anybody moved: there is nothing to review.", id=game.id
    )


def no_finished_game() -> NoGameError:
    """A review of "my last game" by a member who has not finished one (in this server)."""
    return NoGameError("You have not finished a game{here} yet. Start one with {start}.")


def not_yours_to_review(game: Game) -> NotYourGameError:
    """Another member's game from another server or channel: not public here."""
    return NotYourGameError(
        "Game #{id} is not yours and was played elsewhere. You can review your own games, "
        "and any game played where you ask.",
        id=game.id,
    )


CHANNEL_TAKEN = N_("This channel already has a game running.")
"""A game or an open challenge refused because a game runs in the channel (another process
started it first)."""

CHALLENGE_TAKEN = N_("This channel already has an open challenge.")
"""A game or an open challenge refused because a challenge waits in the channel (another
process opened it first)."""

CHALLENGE_ANSWERED = N_("That challenge was answered at the same moment, so nothing was done.")
"""A challenge's answer refused because another answer (or its expiry) came first."""


def move_refused(error: engine.IllegalMoveError, size: int, move: Move) -> GameError:
    """The game layer's own sentence for a move the engine refused on a grid of ``size`` rows
    (the engine's sentence is English, for its command line): cell taken, off the board, game
    over. A variant words its own refusals first (``Variant.move_refused``)."""
    row, column = move.row + 1, move.col + 1
    if isinstance(error, engine.GameOverError):
        return GameOverError(N_("The game is already over."))
    if isinstance(error, engine.CellTakenError):
        return CellTakenError(
            # TRANSLATORS: a move refused; {row} and {column} are numbers
            N_("Row {row}, column {column} is already taken."),
            row=row,
            column=column,
        )
    if isinstance(error, engine.OffBoardError):
        # TRANSLATORS: a move refused; {row}, {column} and {size} are numbers
        template = N_(
            "Row {row}, column {column} is off the board: rows and columns go from 1 to {size}."
        )
        return OffBoardError(template, row=row, column=column, size=size)
    return GameError(N_("That move is not allowed here."))
