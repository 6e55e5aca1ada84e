"""Reading one line typed in the terminal game into a command.

Kept apart from the session so it is pure (no I/O, no game state) and can be tested with
generated input. Moves are not parsed here: only the session knows the game, whose variant
reads the text (``Variant.parse_move``), so the wording of a bad move lives in one place.
Every sentence is worded in the current locale when it is rendered (the ``CommandError``
raised; the help is ``bot.terminal.help``'s); the command words typed stay English in every
language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from bot.games import FIRST_CHOICES, GameKind, find_variant
from bot.games.arguments import MAX_ID
from bot.games.variants import all_variants
from bot.games.wording import join_sentences, quote_input
from bot.i18n import N_, _, ngettext
from bot.terminal.help import usage_leaderboard, usage_start

FIRST_WORDS: dict[str, str] = {**{choice: choice for choice in FIRST_CHOICES}, "you": "bot"}
"""Who goes first, as typed -> as the game layer names it ("you" means the bot, like "bot")."""


WordName = Literal["resign", "hint", "explain", "board", "stats", "leaderboard", "help", "quit"]

_WORDS: dict[str, WordName] = {
    "resign": "resign",
    "hint": "hint",
    "explain": "explain",
    "why": "explain",
    "board": "board",
    "show": "board",
    "stats": "stats",
    "leaderboard": "leaderboard",
    "top": "leaderboard",
    "help": "help",
    "?": "help",
    "commands": "help",
    "quit": "quit",
    "exit": "quit",
    "bye": "quit",
}
_MOVE_WORDS = frozenset({"move", "m", "play"})
DUEL_WORDS = frozenset({"duel", "2p"})
"""``start duel`` (or ``start 2p``): two people at one keyboard."""
KIND_WORDS: frozenset[str] = frozenset(variant.kind for variant in all_variants())
"""``start ultimate`` (or ``start classic``): the kind of game, by its name."""
LEVEL_WORDS: frozenset[str] = frozenset(level for v in all_variants() for level in v.levels)
"""Every kind's levels, as typed after ``start``."""
_START_WORDS = frozenset({"start", "new"})
_LOOK_BACK_WORDS = frozenset({"history", "review"})
_PUZZLE_WORDS = frozenset({"puzzle"})
_COMMAND_WORDS = (
    _MOVE_WORDS | _START_WORDS | _LOOK_BACK_WORDS | _PUZZLE_WORDS | {"name"} | set(_WORDS)
)
_SIZE = re.compile(r"([0-9]{1,2})(?:[x\u00d7]([0-9]{1,2}))?", re.ASCII)
_NUMBER = re.compile(r"[+-]?[0-9]", re.ASCII)
"""How a bare cell starts: an ASCII digit, signed or not."""


class CommandError(ValueError):
    """The line is not a command; the message says why and what to type instead."""


@dataclass(frozen=True, slots=True)
class EmptyLine:
    """An empty line: nothing to do."""


@dataclass(frozen=True, slots=True)
class PlayCell:
    """Play a cell; ``text`` is what followed ``move`` (or the whole line for a bare ``2 3``)."""

    text: str


@dataclass(frozen=True, slots=True)
class StartGame:
    """Start a game; ``None`` means "as in the last game" (the session fills it in).
    ``duel``: two players at one keyboard instead of a game against the bot."""

    level: str | None = None
    first: str | None = None
    size: int | None = None
    duel: bool = False
    kind: GameKind | None = None


@dataclass(frozen=True, slots=True)
class WordCommand:
    """A command that is one word without arguments (``hint``, ``quit``, ...)."""

    name: WordName


@dataclass(frozen=True, slots=True)
class SetName:
    """Play under ``name`` from now on (checked by ``check_name``)."""

    name: str


@dataclass(frozen=True, slots=True)
class DuelLeaderboard:
    """The duelists by rating only (``leaderboard duels``); ``game``: the kind whose duels are
    ranked (``leaderboard ultimate duels``; None: the default kind), each its own ratings."""

    game: GameKind | None = None


@dataclass(frozen=True, slots=True)
class KindLeaderboard:
    """The players against me, then the duelists, in games of ``game`` (``leaderboard
    ultimate``): each kind ranked apart."""

    game: GameKind


@dataclass(frozen=True, slots=True)
class SoloLeaderboard:
    """The players by solo rating, per board size (``leaderboard solo``)."""


@dataclass(frozen=True, slots=True)
class PuzzleLeaderboard:
    """The puzzle solvers by puzzle rating (``leaderboard puzzles``)."""


@dataclass(frozen=True, slots=True)
class ServePuzzle:
    """A puzzle: ``number`` that one (``puzzle 289``), None one near the player's rating."""

    number: int | None = None


@dataclass(frozen=True, slots=True)
class ShowHistory:
    """A page of the player's finished games: the newest (``way`` None), or the page just
    ``older`` or ``newer`` than the one shown last."""

    way: Literal["older", "newer"] | None = None


@dataclass(frozen=True, slots=True)
class ReviewGame:
    """Review game ``game_id`` (None: the player's last finished game); ``save``: the file to
    write its replay to, as typed (a ``.gif`` name; None: no file); ``force``: replace that
    file if it exists."""

    game_id: int | None = None
    save: str | None = None
    force: bool = False


Command = (
    EmptyLine
    | PlayCell
    | StartGame
    | WordCommand
    | SetName
    | DuelLeaderboard
    | KindLeaderboard
    | SoloLeaderboard
    | PuzzleLeaderboard
    | ServePuzzle
    | ShowHistory
    | ReviewGame
)

# TRANSLATORS: the terminal's puzzle command: keep puzzle in English; 289 is a puzzle's number
USAGE_PUZZLE = N_(
    "Usage: puzzle [number], for example: puzzle 289 (without a number: one near your "
    "puzzle rating)"
)
_PUZZLE = re.compile(r"#?([0-9]{1,19})", re.ASCII)

# TRANSLATORS: the terminal's history command: keep history, older and newer in English
USAGE_HISTORY = N_(
    "Usage: history [older|newer], for example: history older (the ten games before the "
    "page shown last)"
)
# TRANSLATORS: the terminal's review command: keep review, --save, --force and history in
# English; FILE.gif stands for a file name (keep ".gif"), game-12.gif is one
USAGE_REVIEW = N_(
    "Usage: review [game number] [--save FILE.gif [--force]], for example: review 12 --save "
    "game-12.gif (without a number: your last finished game; history lists the numbers)"
)
_REVIEW = re.compile(
    r"(?:#?(?P<game>[0-9]+))?(?:\s*--save(?:\s+(?P<file>.+?))?)?(?P<force>\s*--force)?",
    re.ASCII | re.IGNORECASE,
)

NAME_LENGTH = 32
# TRANSLATORS: the terminal's name command: keep "name" in English; "<your name>" is what the
# player fills in and Alice an example name (either may be translated)
USAGE_NAME = N_("Usage: name <your name>, for example: name Alice")


def trim_name(text: str) -> str:
    """A name as typed, its runs of whitespace made one space and its ends trimmed."""
    return " ".join(text.split())


def name_problem(text: str) -> str | None:
    """Why ``text`` (trimmed) cannot be a player's name, in one sentence, or None if it can:
    empty, too long for a board's title, or with control characters that would garble the
    terminal."""
    name = trim_name(text)
    if not name:
        return _("A name cannot be empty.")
    if len(name) > NAME_LENGTH:
        return ngettext(
            "A name has at most {count} character.",
            "A name has at most {count} characters.",
            NAME_LENGTH,
        ).format(count=NAME_LENGTH)
    if not name.isprintable():
        return _("A name cannot contain control characters.")
    return None


def check_name(text: str) -> str:
    """A player's name as typed after ``name``, trimmed; ``CommandError`` if it cannot be one
    (``name_problem``'s sentence and the usage; the usage alone after a bare ``name``)."""
    name = trim_name(text)
    if not name:
        raise CommandError(_(USAGE_NAME))
    problem = name_problem(name)
    if problem is not None:
        raise CommandError(join_sentences([problem, _(USAGE_NAME)]))
    return name


def parse_command(line: str) -> Command:
    """Read one typed line. Raises ``CommandError`` with a helpful sentence for anything else.

    Case does not matter, and a leading ``!`` or ``/`` (habits from Discord) is ignored.
    """
    text = line.strip()
    if text[:1] in ("!", "/"):
        text = text[1:].lstrip()
    if not text:
        return EmptyLine()
    parts = text.split(maxsplit=1)
    word, rest = parts[0].lower(), (parts[1].strip() if len(parts) > 1 else "")
    if _NUMBER.match(word) and word.isascii():  # "2 3", and "-1 2" (off the board)
        return PlayCell(text)
    if word in _MOVE_WORDS:
        return PlayCell(rest)
    if word == "name":
        return SetName(check_name(rest))
    if word in _START_WORDS:
        return parse_start(rest)
    if word == "history":
        return parse_history(rest)
    if word == "review":
        return parse_review(rest)
    if word in _PUZZLE_WORDS:
        return parse_puzzle(rest)
    if word in _WORDS:
        name = _WORDS[word]
        if name == "leaderboard" and rest:
            if rest.lower() in ("duel", "duels"):
                return DuelLeaderboard()
            if rest.lower() == "solo":
                return SoloLeaderboard()
            if rest.lower() in ("puzzle", "puzzles"):
                return PuzzleLeaderboard()
            words = rest.lower().split()
            kinds = [word for word in words if word in KIND_WORDS]
            duels = [word for word in words if word in ("duel", "duels")]
            if len(kinds) == 1 and len(words) == 1:
                return KindLeaderboard(find_variant(kinds[0]).kind)
            if len(kinds) == 1 and len(duels) == 1 and len(words) == 2:
                return DuelLeaderboard(game=find_variant(kinds[0]).kind)
            raise CommandError(usage_leaderboard())
        if rest:
            # TRANSLATORS: {command}: a command word as typed (hint, quit, ...)
            message = _("'{command}' takes nothing after it: just type {command}.")
            raise CommandError(message.format(command=name))
        return WordCommand(name)
    raise CommandError(unknown_command(word))


def reads_as_command(line: str) -> bool:
    """Whether ``line`` is a command (``help``, ``2 2``, ``start duel``) or a command's word
    alone (``name``): never a player's name, where a name is asked."""
    try:
        command = parse_command(line)
    except CommandError:
        words = line.strip().lstrip("!/").split()
        return len(words) == 1 and words[0].lower() in _COMMAND_WORDS
    return not isinstance(command, EmptyLine)


COMMON_COMMANDS = (
    "start",
    "move",
    "hint",
    "board",
    "help",
    "quit",
    "resign",
    "puzzle",
    "stats",
    "review",
    "history",
    "leaderboard",
    "explain",
    "name",
)
"""The command words a typo is most likely to have meant, the most used first: of two
commands as close to a typo, the earlier is suggested (``strat`` is ``start``, not ``stats``)."""


def edit_distance(first: str, second: str) -> int:
    """The fewest single-letter edits from ``first`` to ``second``: an insertion, a deletion, a
    change, or two neighbours swapped (the optimal string alignment distance), so a typed
    ``strat`` is one edit from ``start``."""
    rows = [list(range(len(second) + 1))]
    for i, a in enumerate(first, start=1):
        row = [i]
        for j, b in enumerate(second, start=1):
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a != b))
            if i > 1 and j > 1 and a == second[j - 2] and first[i - 2] == b:
                cost = min(cost, rows[-2][j - 2] + 1)
            row.append(cost)
        rows.append(row)
    return rows[-1][-1]


def closest_command(word: str) -> str | None:
    """The command ``word`` most likely meant: the fewest edits away (at most one for a word of
    up to four letters, two for a longer one, none for one or two letters); of equally close
    ones, one that ``word`` begins (``stat``: ``stats``), then the most used
    (``COMMON_COMMANDS``); None if none is that close."""
    word = word.lower()
    most = 0 if len(word) <= 2 else 1 if len(word) <= 4 else 2
    words = _MOVE_WORDS | _START_WORDS | _LOOK_BACK_WORDS | _PUZZLE_WORDS | {"name"} | set(_WORDS)
    # Fewer edits than the lengths differ by are impossible: a pasted wall of text costs nothing.
    known = sorted(c for c in words if len(c) > 1 and abs(len(c) - len(word)) <= most)
    order = {command: rank for rank, command in enumerate(COMMON_COMMANDS)}
    scored = [(edit_distance(word, command), command) for command in known]
    close = [
        (distance, not command.startswith(word), order.get(command, len(order)), command)
        for distance, command in scored
    ]
    best = min((entry for entry in close if entry[0] <= most), default=None)
    return None if best is None else best[-1]


def unknown_command(word: str) -> str:
    """One line, not the whole help: the closest command if one is close (a typo), and how
    to see them all."""
    close = closest_command(word)
    # TRANSLATORS: {word}: what the player typed, quoted
    sentences = [_("I don't know the command {word}.").format(word=quote_input(word))]
    if close is not None:
        # TRANSLATORS: {command}: the command word closest to what the player typed
        sentences.append(_("Did you mean {command}?").format(command=close))
    sentences.append(_("Type help for all commands."))
    return join_sentences(sentences)


def parse_start(options: str) -> StartGame:
    """Read ``start``'s options: a level, who goes first and a size, each at most once."""
    level: str | None = None
    first: str | None = None
    size: int | None = None
    duel = False
    kind: GameKind | None = None
    for token in options.lower().replace(",", " ").split():
        if token in DUEL_WORDS:
            duel = True
        elif token in KIND_WORDS:
            kind = find_variant(token).kind
        elif token in LEVEL_WORDS:
            if level is not None and level != token:
                # TRANSLATORS: {first} and {second}: level names as typed (easy, hard, ...)
                message = _("You gave two levels ({first} and {second}); pick one.")
                raise CommandError(message.format(first=level, second=token))
            level = token
        elif token in FIRST_WORDS:
            chosen = FIRST_WORDS[token]
            if first is not None and first != chosen:
                # TRANSLATORS: {first} and {second}: who goes first as typed (me, bot, random)
                message = _("You said both {first} and {second} go first; pick one.")
                message = message.format(first=first, second=chosen)
                raise CommandError(join_sentences([message, usage_start()]))
            first = chosen
        elif (match := _SIZE.fullmatch(token)) is not None:
            rows, cols = match.group(1), match.group(2) or match.group(1)
            if rows != cols:
                # TRANSLATORS: {size}: a number of rows; "{size}x{size}" is a size as typed
                message = _("Boards are square: try {size}x{size}.").format(size=rows)
                raise CommandError(join_sentences([message, usage_start()]))
            if size is not None and size != int(rows):
                message = _("You gave two sizes ({first} and {second}); pick one.")
                raise CommandError(message.format(first=size, second=rows))
            size = int(rows)
        else:
            # TRANSLATORS: {option}: what the player typed after start, quoted
            message = _("I don't know the option {option}.").format(option=quote_input(token))
            raise CommandError(join_sentences([message, usage_start()]))
    if duel and (level is not None or first is not None):
        raise CommandError(
            _(
                "A duel takes only a size (start duel 4): nobody picks a level, and the first "
                "name you give moves first."
            )
        )
    if kind is not None and size is not None and len(find_variant(kind).sizes) == 1:
        variant = find_variant(kind)
        # TRANSLATORS: {game} is a game as typed ("ultimate"), {level} one of its levels as
        # typed (commands: keep them in English)
        message = _(
            "A game of {game} has one board, so it takes no size: start {game} [level] [first], "
            "for example: start {game} {level} me (or start duel {game})."
        )
        raise CommandError(message.format(game=kind, level=variant.default_level))
    return StartGame(level, first, size, duel, kind)


def parse_puzzle(option: str) -> ServePuzzle:
    """Read ``puzzle``'s option: nothing (one near the player's rating) or a puzzle's number
    (``289`` or ``#289``)."""
    text = option.strip()
    if not text:
        return ServePuzzle()
    match = _PUZZLE.fullmatch(text)
    if match is None or int(match[1]) > MAX_ID:  # 0 is a number: the game says none has it
        raise CommandError(_(USAGE_PUZZLE))
    return ServePuzzle(int(match[1]))


def parse_history(option: str) -> ShowHistory:
    """Read ``history``'s option: nothing (the newest page), ``older`` or ``newer``."""
    way = option.lower()
    if not way:
        return ShowHistory()
    if way == "older":
        return ShowHistory("older")
    if way == "newer":
        return ShowHistory("newer")
    raise CommandError(_(USAGE_HISTORY))


def parse_review(options: str) -> ReviewGame:
    """Read ``review``'s options: a game number (``12`` or ``#12``), then ``--save`` and a
    file name ending in ``.gif`` (spaces allowed), then ``--force``; each may be left out, but
    ``--force`` only goes with ``--save``."""
    match = _REVIEW.fullmatch(options.strip())
    if match is None or (match["force"] and "--save" not in options.lower()):
        raise CommandError(_(USAGE_REVIEW))
    game = None if match["game"] is None else int(match["game"])
    if game is not None and game > MAX_ID:
        # TRANSLATORS: {number}: a game's number, as the history lists it
        message = _("There is no game #{number}.").format(number=game)
        raise CommandError(join_sentences([message, _(USAGE_REVIEW)]))
    save = match["file"]
    if save is None and "--save" in options.lower():
        message = _("Name the file after --save.")
        raise CommandError(join_sentences([message, _(USAGE_REVIEW)]))
    if save is not None and not save.lower().endswith(".gif"):
        example = f"review {game} --save game-{game}.gif" if game else "review --save my-game.gif"
        # TRANSLATORS: {example}: a command as typed ("review 12 --save game-12.gif")
        message = _(
            "The replay is an animated GIF: name the file so it ends in .gif, for example: "
            "{example}"
        )
        raise CommandError(message.format(example=example))
    return ReviewGame(game, save, bool(match["force"]))
