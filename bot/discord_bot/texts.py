"""Sentences the Discord adapter adds to the game layer's own (usage, help, refusals, apologies).

The game layer's sentences name the commands they suggest by placeholder; ``spelling`` says
how a Discord member types them ("!move 2 3", "/tictactoe start"), so the terminal and Discord
agree on everything else.
"""

from __future__ import annotations

from bot.discord_bot.choices import LEADERBOARD_KINDS
from bot.discord_bot.permissions import names
from bot.games import FIRST_CHOICES, USAGE_MOVE, Command, Spelling, all_variants
from bot.games.render.solo import level_ratings_table, solo_boards
from bot.games.wording import join_or, join_sentences
from bot.i18n import N_, _

APOLOGY = N_("Sorry, something went wrong on my side. Please try again in a moment.")
MISSING_PERMISSION = N_(
    "Discord did not let me finish that: I am missing a permission in this channel. "
    "A server admin can check my role's permissions here."
)
SERVER_ONLY = N_("These are a server's settings: use them in one of its channels.")
"""The refusal of a server-only command outside a server."""
LEADERBOARDS_IN_SERVERS = N_(
    "Leaderboards are kept per server: ask in one of a server's channels. "
    "Your own record, from everywhere, is in `/tictactoe stats`."
)
"""The refusal of ``/tictactoe leaderboard`` outside a server."""
BOARD_LATE = N_("Your move is in; the board will follow.")
"""Said privately when a move was saved but Discord refused its board for now: the board is
owed and is delivered later (never "try again": that would play another move)."""
NOT_YOUR_BOARD = N_(
    "This board belongs to {owner}'s game, so only they can play it. "
    "When it ends you can start your own with {start}."
)
"""The refusal for a click on someone else's board: a ``GameError`` template (``owner``)."""

LAST_GAME_OVER = N_("No game is running here; this is how your last one ended:")
"""The headline of ``/tictactoe board`` showing the member's finished game."""

NOT_YOUR_HISTORY = N_(
    "Only the member who asked for this list can turn its pages. "
    "See your own with `/tictactoe history`."
)
"""The refusal for a click on the Newer or Older button of someone else's history."""

ARENA_MANAGERS = N_(
    "Only members who can manage the server or its events can start or cancel an arena; "
    "nothing was changed."
)
"""The refusal of ``/tictactoe arena start`` and ``cancel`` to other members."""
ARENA_IN_SERVERS = N_(
    "Arenas are played in a server's text channel, with the bot added to the server; "
    "nothing was started."
)
"""The refusal of an arena outside a server's text channel (a DM, a thread, a user install)."""
# TRANSLATORS: {permissions} lists Discord permission names ("Create Public Threads, ...")
ARENA_BOT_LACKS = N_(
    "An arena's games are played in threads: I need {permissions} in this channel first; "
    "nothing was started."
)
"""The refusal of ``/tictactoe arena start`` where the bot may not make or use threads."""
# TRANSLATORS: {host} mentions the manager who started the arena; {permissions} lists
# Discord permission names ("Create Public Threads, Send Messages in Threads")
THREAD_REFUSED = N_(
    "{host} I could not make a thread for the arena's next game, so it did not start. "
    "I need {permissions} in this channel; I try again in a minute."
)
"""The arena's manager told, once an arena, that a game's thread could not be made."""
NOT_A_MANAGER = N_(
    "Only members with the Manage Server permission can see or change this server's "
    "Tic-Tac-Toe settings; nothing was changed."
)
"""The refusal of ``/tictactoe-settings`` to a member without Manage Server (checked by us
too: a server may grant the command to anyone in its Integrations settings)."""


def clicks_only(prefix: str, lacking: list[str]) -> str:
    """The private note after a start in a channel where the bot cannot post (it lacks the
    permissions ``lacking``): the buttons work, typed moves get no answer there."""
    # TRANSLATORS: {permissions} lists Discord permission names ("Send Messages, View
    # Channel"), {move} is the text command as typed ("!move")
    return _(
        "I can't post in this channel (I lack {permissions}), so {move} gets no answer here: "
        "play by clicking the board's cells."
    ).format(permissions=names(lacking), move=f"`{prefix}move`")


def spelling(prefix: str) -> Spelling:
    """How a Discord member types each command the game layer's sentences suggest."""
    return {
        Command.START: "`/tictactoe start`",
        Command.MOVE: f"{prefix}move",
        Command.HERE: " here",  # "in this channel" is longer for the same meaning
        Command.PUZZLE: "`/tictactoe puzzle`",
    }


def usage_move(prefix: str) -> str:
    """The usage line for ``move`` with the configured prefix: "Usage: !move <row> <column>..."."""
    return _(USAGE_MOVE).format(move=spelling(prefix)[Command.MOVE])


def game_lines() -> list[str]:
    """One line of `/tictactoe help` per kind of game: its `game` choice, rules and levels."""
    # TRANSLATORS: /tictactoe help, one line per game: {game} is its name as the option takes
    # it ("ultimate"), {rules} its rules in one line, {levels} its levels as typed
    line = _("`game:{game}` — {rules}; levels: {levels}.")
    return [
        line.format(
            game=variant.kind, rules=_(variant.renderer.rules), levels=", ".join(variant.levels)
        )
        for variant in all_variants()
    ]


def help_text(prefix: str) -> str:
    """The first message of `/tictactoe help`: how to play, each game, and the commands of a
    game."""
    games = ", ".join(variant.kind for variant in all_variants())
    return "\n".join(
        [
            # TRANSLATORS: the first line of /tictactoe help; `perfect` is a level's name
            _(
                "**Tic-Tac-Toe against me.** One game per channel; I never lose a game I can "
                "draw at `perfect`."
            ),
            # TRANSLATORS: /tictactoe help. {games}: the games as the option takes them
            # ("classic, ultimate"), the first the default; {firsts}: who moves first (kept
            # in English, "me, bot, random")
            _(
                "`/tictactoe start` — start a game. Options: `game` ({games}; the first is the "
                "default), then its `level` and `size`, and `first` ({firsts})."
            ).format(games=games, firsts=", ".join(FIRST_CHOICES)),
            *game_lines(),
            # TRANSLATORS: /tictactoe help. {prefix}: the text-command prefix ("!"); keep
            # `{prefix}move` and `@me move 2 3` as they are (commands), <row> <column> may be
            # translated
            _(
                "Then click a cell on the board, or type `{prefix}move <row> <column>` (as "
                "labelled), e.g. `{prefix}move 2 3`; `@me move 2 3` works too."
            ).format(prefix=prefix),
            # TRANSLATORS: /tictactoe help
            _("`/tictactoe hint` — which moves win, draw or lose (only you see it)."),
            # TRANSLATORS: /tictactoe help
            _(
                "`/tictactoe explain` — what I see: every empty cell's value, the move I would "
                "play and why, and how many positions I searched (only you see it; after a "
                "game, my last move explained)."
            ),
            # TRANSLATORS: /tictactoe help; Accept and Decline are the challenge's buttons
            _(
                "`/tictactoe challenge opponent:@member` — challenge a member to a duel here "
                "(options `size`, `first`, `game`); they click Accept or Decline, your own "
                "Decline withdraws it. Then take turns on the board; hints are off in a duel."
            ),
            # TRANSLATORS: /tictactoe help
            _(
                "`/tictactoe resign` — give up the game (counts as a loss once you have moved; "
                "before that it is set aside and not counted, and so is a game you replace with "
                "`/tictactoe start`)."
            ),
        ]
    )


def levels_text() -> str:
    """The second message of `/tictactoe help`: the board again, stats and leaderboards, and
    the levels' measured ratings, what adaptive does, and where a member's own solo rating
    shows (each message within Discord's 2,000 characters in a language a third longer than
    English, as the pseudo-locale checks)."""
    *table, note = level_ratings_table().splitlines()
    rows = "\n".join(table)
    lines = [
        # TRANSLATORS: /tictactoe help
        _(
            "`/tictactoe board` — show the board again at the bottom of the channel (after "
            "a game: how your last one here ended, only to you)."
        ),
        # TRANSLATORS: /tictactoe help
        _(
            "`/tictactoe stats [member]` — wins, losses and draws per difficulty and board "
            "size, duels and rating (with a member: your duels against them)."
        ),
        # TRANSLATORS: /tictactoe help; {kinds} lists the option's values as typed
        # ("`bot`, `duels`, ..."), the first the default
        _(
            "`/tictactoe leaderboard [kind]` — {kinds}: against me a win is 3 points and a "
            "draw 1; duels and solo by Elo."
        ).format(kinds=", ".join(f"`{choice.value}`" for choice in LEADERBOARD_KINDS)),
        # TRANSLATORS: /tictactoe help; Rematch is the button's label
        _("A finished board has a **Rematch** button: sides swapped, same settings."),
        # TRANSLATORS: /tictactoe help
        _("A game with no move for a while expires and is not counted."),
        # TRANSLATORS: /tictactoe help: the heading of the table of the levels' ratings
        _("**The levels' ratings** (Elo per board size):"),
    ]
    # TRANSLATORS: /tictactoe help, after the table of the levels' ratings; keep the
    # commands; {boards} lists boards ("3x3, 4x4 or 5x5")
    solo = _(
        "Every game against me on {boards} moves your solo rating on that size: "
        "`/tictactoe stats` shows it, `/tictactoe leaderboard kind:solo` ranks by it. In every "
        "game, `level:adaptive` plays at a rating of yours kept for that game alone."
    ).format(boards=join_or(solo_boards()))
    return "\n".join(lines) + f"\n```\n{rows}\n```{join_sentences([note, solo])}"


def puzzles_text() -> str:
    """The third message of `/tictactoe help`: the games looked back on (history, review),
    puzzles, their ratings and the daily puzzle, and arenas."""
    return "\n".join(
        [
            # TRANSLATORS: /tictactoe help
            _(
                "`/tictactoe history [member]` — the last games here, newest first, ten a "
                "page, each with its number (only you see it)."
            ),
            # TRANSLATORS: /tictactoe help
            _(
                "`/tictactoe review [game]` — every move of a finished game judged, the better "
                "move for each mistake, and an animated replay (only you see it; default: your "
                "last game here)."
            ),
            # TRANSLATORS: /tictactoe help; keep the commands and option names in backticks
            _(
                "`/tictactoe puzzle [number]` — a puzzle where exactly one move wins by "
                "force, near your puzzle rating (only you see it, wherever you ask). "
                "Click your moves: I answer with my longest defence; a wrong move ends it and "
                "shows why, with the solution."
            ),
            # TRANSLATORS: /tictactoe help; keep the commands and option values in backticks
            _(
                "Your puzzle rating (Glicko-2, as Lichess) and your streak of days with a puzzle "
                "solved show in `/tictactoe stats`; `/tictactoe leaderboard kind:puzzles` ranks "
                "this server's solvers."
            ),
            # TRANSLATORS: /tictactoe help; keep the command in backticks; UTC is the time zone
            _(
                "With Manage Server, `/tictactoe-settings puzzle` posts a daily puzzle in a "
                "channel at an hour (UTC); members solve it privately from its Solve button."
            ),
            # TRANSLATORS: /tictactoe help; keep the commands in backticks; Join is the
            # arena message's button
            _(
                "`/tictactoe arena start` (Manage Server or Manage Events) runs a tournament "
                "in the channel: members click Join and are paired as soon as two are free, "
                "each game in its own thread with a move clock; a win scores 2, a draw 1, "
                "double after two wins in a row. `/tictactoe arena standings` shows them all."
            ),
        ]
    )
