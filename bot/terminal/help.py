"""The terminal's help: every command and what it does, each kind of game's own entry built
from its variant, and the usage lines the parser's refusals end with.

Every sentence is worded in the current locale when it is rendered; the command words typed
stay English in every language (a paragraph to a line: ``bot.terminal.layout.wrap`` fits
them to the terminal, where lines broken by hand would leave a stub wherever it is narrower).
"""

from __future__ import annotations

from bot.engine.ratings import RANDOM_RATING
from bot.games import FIRST_CHOICES, all_variants, default_variant
from bot.games.render.solo import ADAPTIVE_NOTE, level_ratings_table
from bot.games.variants import Variant
from bot.games.wording import join_or
from bot.i18n import N_, _

# TRANSLATORS: the terminal's leaderboard command: keep what the player types (leaderboard,
# duels, solo) in English; {games} lists the games as typed ("classic or ultimate")
USAGE_LEADERBOARD = N_(
    "Usage: leaderboard [duels], for example: leaderboard duels (the duelists by rating "
    "alone); leaderboard solo ranks players by their rating against my levels; "
    "leaderboard <game> [duels] ranks one game apart ({games})"
)


def listed(words: tuple[str, ...] | list[str]) -> str:
    """Command words listed with the locale's separator ("easy, medium, hard")."""
    # TRANSLATORS: the list separator of "a, b or c" (only between the first ones)
    return _(", ").join(words)


def games() -> str:
    """The games as typed, the default first: "classic or ultimate"."""
    return join_or([variant.kind for variant in all_variants()])


def usage_start() -> str:
    """How to type ``start``, with the games and first players (help lists each game's
    levels and sizes)."""
    # TRANSLATORS: the terminal's start command. Command words (start, hard, bot, help) and
    # the values of {games} (classic, ultimate) and {first} (me, bot, random) are typed by
    # the player: keep them in English.
    return _(
        "Usage: start [game] [level] [who goes first] [size], in any order, for example: start "
        "hard bot. Games: {games}; first: {first}; help lists each game's levels and sizes."
    ).format(games=games(), first=join_or(FIRST_CHOICES))


def usage_leaderboard() -> str:
    """How to type ``leaderboard`` with its options."""
    return _(USAGE_LEADERBOARD).format(games=games())


def _game_entry(variant: Variant) -> tuple[str, ...]:
    """``start <game>``: the game's rules, levels and (where it offers a choice) sizes."""
    sized = len(variant.sizes) > 1
    command = f"start {variant.kind} [level] [first]" + (" [size]" if sized else "")
    # TRANSLATORS: in the terminal's help, after "start <game>": {rules} is the game's rules
    # in one line, {levels} its levels as typed ("easy, medium, ...")
    text = _("{rules}; levels: {levels}").format(
        rules=_(variant.renderer.rules), levels=listed(variant.levels)
    )
    if not sized:
        return (command, text)
    # TRANSLATORS: in the terminal's help, a game's board sizes as typed ("3, 4 or 5")
    return (command, text, _("size: {sizes}").format(sizes=join_or(variant.sizes)))


def _leaderboard_entries() -> tuple[tuple[str, ...], ...]:
    """``leaderboard [duels]`` for the default game, then ``leaderboard <game> [duels]`` for
    each other game, whose points and ratings count apart."""
    others = [variant.kind for variant in all_variants() if variant is not default_variant()]
    return (
        (
            "leaderboard [duels]",
            _(
                "the best players on this computer against me, then the duelists by rating "
                "(with duels: only the duelists)"
            ),
        ),
        *(
            (
                f"leaderboard {kind} [duels]",
                # TRANSLATORS: in the terminal's help; {game} is a game as typed ("ultimate")
                _("the same for {game} games, whose points and duel ratings count apart").format(
                    game=kind
                ),
            )
            for kind in others
        ),
    )


def _help_entries() -> tuple[tuple[str, ...], ...]:
    """Each command with its text, a paragraph to a line, in the current locale."""
    ratings = tuple(f"  {line}" for line in level_ratings_table().splitlines()[:-1])
    return (
        (
            "move <row> <column>",
            _("play a cell, for example: move 2 3 (or just: 2 3)"),
        ),
        (
            "start [game] [level] [first] [size]",
            _("a new game, for example: start perfect me 4"),
            # TRANSLATORS: in the terminal's help; {games}: the games as typed ("classic or
            # ultimate"), {default} the one a start plays when none is named; {first}: me,
            # bot, random (all typed as they are)
            _("games: {games} ({default} unless you name one); first: {first}").format(
                games=games(), default=default_variant().kind, first=listed(FIRST_CHOICES)
            ),
            _(
                '(plain "start" repeats your last game\'s settings; a game you have not moved '
                "in yet is set aside, not counted)"
            ),
            # TRANSLATORS: in the terminal's help, above a table of the levels' ratings;
            # {adaptive}: the clause "adaptive plays at your own rating ..." (translated
            # apart); {rating}: a number (a random mover's Elo rating)
            _(
                "{adaptive}. The levels' ratings (Elo; a random mover is {rating}, each size "
                "its own scale):"
            ).format(adaptive=_(ADAPTIVE_NOTE), rating=RANDOM_RATING),
            *ratings,
        ),
        *(_game_entry(variant) for variant in all_variants()),
        (
            "start duel [size]",
            _(
                "two players at this keyboard take turns (also: start 2p); your names are asked "
                "once (quit there calls the duel off), and stats count under them; the next duel "
                "swaps who moves first once someone has moved"
            ),
        ),
        (
            "hint",
            _(
                "every move you can make, and whether it wins, draws or loses (in a game that "
                "is not solved: the engine's top moves with their win rates)"
            ),
        ),
        (
            "explain",
            _(
                "what I see: every empty cell's value, the move I would play and why, and how "
                "many positions I searched (after a game: my last move)"
            ),
        ),
        ("board", _("show the board again (after a game: how it ended)")),
        (
            "resign",
            _(
                "give up this game (a loss once you have moved; before that it is set aside and "
                "not counted)"
            ),
        ),
        (
            "name <your name>",
            _("play under another name, with its own record and game"),
        ),
        ("stats", _("your record per level, and your solo rating per board size")),
        (
            "history [older|newer]",
            _(
                "your finished games, newest first, ten to a page, each with its number; "
                "history older and history newer turn from the page shown last"
            ),
        ),
        (
            "review [N] [--save FILE]",
            _(
                "every move of game N judged (best, good, mistake or blunder, with the better "
                "move), the move that lost it and each side's accuracy; without N your last "
                "finished game. --save game-12.gif also writes its animated replay, one frame "
                "per move (an existing file is kept unless you add --force)"
            ),
        ),
        *_leaderboard_entries(),
        (
            "leaderboard solo",
            _("players by their solo rating against my levels, per board size"),
        ),
        (
            "puzzle [N]",
            # TRANSLATORS: in the terminal's help; "puzzle" and "puzzle 289" are commands
            _(
                "a puzzle where exactly one move wins by force, near your puzzle rating (puzzle "
                "289: that one). Type its moves as in a game: while a puzzle runs, moves go to "
                "it and your game waits. I answer with my longest defence; a wrong move ends it "
                "and shows why, with the solution. Your puzzle rating (Glicko-2) and your streak "
                "of days with a puzzle solved show in stats"
            ),
        ),
        (
            "leaderboard puzzles",
            _("the puzzle solvers on this computer, by puzzle rating"),
        ),
        ("help", _("this list")),
        ("quit", _("leave; your game is saved for next time (exit works too)")),
    )


def _help_entry(command: str, *paragraphs: str) -> str:
    """``command`` in the first column (as typed: never translated) and its paragraphs in the
    second, from column 24."""
    column = " " * 24
    head = f"  {command}"
    if len(head) > len(column) - 2:  # too long to share its line: the text starts below
        return "\n".join([head, *(column + text for text in paragraphs)])
    first = head.ljust(len(column)) + paragraphs[0]
    return "\n".join([first, *(column + text for text in paragraphs[1:])])


def help_text() -> str:
    """Every command and what it does, in the current locale, a paragraph to a line."""
    # TRANSLATORS: the heading of the terminal's help, a list of each command as typed (not
    # translated: "move <row> <column>", "start [level] [first] [size]", ...), then what it
    # does. The command words (move, start, duel, 2p, ultimate, hint, explain, board, resign,
    # name, stats, history, older, newer, review, leaderboard, duels, solo, puzzle, puzzles,
    # help, quit, exit),
    # the options (--save, --force) and the levels (easy, medium, hard, perfect, adaptive,
    # strongest) are what the player types in every language: keep them in English wherever
    # they appear, in the help and in every other terminal sentence.
    return "\n".join([_("Commands:"), *(_help_entry(*entry) for entry in _help_entries())])
