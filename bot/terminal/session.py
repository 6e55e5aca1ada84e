"""One terminal player's session: typed commands in, the game layer's replies printed out.

The player is named after the login (``getpass.getuser()``) unless they choose a name
(``name``, ``--name``); each name has its own channel and member id (``player_id``). A game
left running is restored on the next launch; one idle longer than the idle timeout expires, as
on Discord. Every sentence is worded in the current locale (the runner sets it from
``LC_ALL``/``LC_MESSAGES``/``LANG``) when it is printed; the constants here are marked for the
catalogue and translated where they are said.
"""

from __future__ import annotations

import getpass
import hashlib
from typing import TextIO

from bot.games import (
    Command,
    DatabaseGoneError,
    Game,
    GameError,
    GameService,
    HistoryPage,
    NoGameError,
    Spelling,
    StorageError,
    TooEarlyToSolveError,
    Variant,
    default_variant,
    find_variant,
)
from bot.games.render.boards import (
    MarkPainter,
    describe_reply,
    describe_set_aside,
    render_expired,
    render_text,
)
from bot.games.render.history import render_history
from bot.games.render.records import render_duel_leaderboard, render_leaderboard, render_stats
from bot.games.render.review import render_review
from bot.games.render.solo import render_solo_leaderboard
from bot.games.wording import describe_duration, join_and, join_or, join_sentences
from bot.i18n import N_, _
from bot.terminal.commands import Command as TypedCommand
from bot.terminal.commands import (
    CommandError,
    DuelLeaderboard,
    EmptyLine,
    KindLeaderboard,
    PlayCell,
    PuzzleLeaderboard,
    ReviewGame,
    ServePuzzle,
    SetName,
    ShowHistory,
    SoloLeaderboard,
    StartGame,
    parse_command,
)
from bot.terminal.duels import HotSeat
from bot.terminal.help import help_text
from bot.terminal.layout import wrap
from bot.terminal.puzzles import TerminalPuzzles
from bot.terminal.saving import save_replay

SPELLING: Spelling = {
    Command.START: "'start'",
    Command.MOVE: "move",
    Command.HERE: "",
    Command.PUZZLE: "'puzzle'",
}
"""How the terminal writes the commands the game layer's sentences suggest; no "here": the
terminal has one place only, so "There is no game running." says it all."""

LOGIN_ID = 0  # where the login's games were always stored: its record carries on
NAME_ID_BITS = 48  # Discord ids (snowflakes) are above 2**55 for anything made since 2015
DEFAULT_FIRST = "me"

# TRANSLATORS: the terminal's first words. Here and in every terminal sentence, the commands
# the player types (start, hint, help, quit, move, review, history, resign, name, duel, ...)
# stay in English; "<row> <column>" stands for two numbers.
WELCOME = N_(
    "Tic-Tac-Toe against a minimax engine. Type a cell as <row> <column> (for example: 2 3), "
    "hint for advice, help for every command, quit to leave (your game is saved)."
)
# TRANSLATORS: said after a game in the terminal; {example} is a start command as typed
# ("start perfect bot 3")
AFTER_GAME = N_("Type start for another game like this one, or choose one: {example}")
GOODBYE = N_("Goodbye! Your games are saved.")
LAST_GAME_OVER = N_("No game is running; this is how your last one ended:")

# How a game started at launch is announced ({you}: "you are X and you go first").
# TRANSLATORS: a game the terminal started at launch. {level}: a level's name as typed (easy,
# medium, ...); {name}: the player's name; {you}: "you are X and you go first" (or "... and I
# go first"), translated apart. "start perfect" is a command.
FIRST_OPENING = N_(
    "I started a {level} game for you, {name}: {you}.\n"
    "Want the unbeatable engine? Type: start perfect"
)
# TRANSLATORS: a game the terminal started at launch. {name}: the player's name; {level}: a
# level's name as typed; {board}: "3x3", "4x4", "5x5" or "ultimate"; {you}: "you are X and you
# go first" (or "... and I go first"), translated apart
NEXT_OPENING = N_("I started a game like your last one, {name}: {level}, {board}, {you}.")
# TRANSLATORS: {idle}: a duration ("10 minutes"); {level}, {board} and {you} as in "I started
# a game like your last one"
EXPIRED_OPENING = N_(
    "Your last game expired after {idle} without a move, so I started a new one like it: "
    "{level}, {board}, {you}."
)


def after_game(variant: Variant) -> str:
    """What to type after a game of ``variant`` against me: the same again, or its example of
    another (its default level, the bot moving first, its default size where it has several:
    ``start perfect bot 3``, ``start ultimate hard bot``)."""
    words = ["start"]
    if variant.kind != default_variant().kind:
        words.append(variant.kind)
    words += [variant.default_level, "bot"]
    if len(variant.sizes) > 1:
        words.append(str(variant.default_size))
    return _(AFTER_GAME).format(example=" ".join(words))


def kept_from_last(options: list[str]) -> str:
    """ "Kept from your last game: adaptive and 5x5.": the options a start took from the last
    game, as typed; empty for none."""
    if not options:
        return ""
    # TRANSLATORS: after the sentence announcing a new game or duel in the terminal; {options}
    # are start's options the player did not type, taken from their last game, as typed
    # ("adaptive", "5x5", "bot", "ultimate"; joined by "and")
    return _("Kept from your last game: {options}.").format(options=join_and(options))


def newcomer() -> tuple[str, str, int, str]:
    """A player's first game: ``(level, first, size, kind)``, the default kind at a level a
    newcomer can beat, the player moving first."""
    variant = default_variant()
    return variant.newcomer_level, DEFAULT_FIRST, variant.default_size, variant.kind


def player_name() -> str:
    """The login name, or "player" where there is none (some containers, odd platforms)."""
    try:
        name = getpass.getuser().strip()
    except Exception:  # getuser raises OSError or KeyError depending on the platform
        return "player"
    return name or "player"


def player_id(name: str, login: str) -> int:
    """The channel and member id the terminal plays ``name`` under.

    ``LOGIN_ID`` (0) for the login's name; any other name gets a stable id from its SHA-256,
    case folded ("Bob" and "bob" are one player), from 1 to below ``2**NAME_ID_BITS``, far below
    any Discord id. Why: docs/decisions.md.
    """
    if name.casefold() == login.casefold():
        return LOGIN_ID
    digest = hashlib.sha256(name.casefold().encode("utf-8")).digest()
    number = int.from_bytes(digest[: NAME_ID_BITS // 8], "big")
    return 1 + number % ((1 << NAME_ID_BITS) - 1)


class TerminalSession:
    """One player's session: turns typed lines into service calls and prints the replies.

    Kept free of stdin so tests drive it line by line with an in-memory store. ``login`` is
    the name whose games live at id 0 (``name`` when not given); ``width`` is where text
    wraps (None: nowhere) and ``paint`` colours the marks (None: plain text).
    """

    def __init__(
        self,
        service: GameService,
        out: TextIO,
        name: str,
        *,
        login: str | None = None,
        width: int | None = None,
        paint: MarkPainter | None = None,
    ) -> None:
        self.service = service
        self.out = out
        self.name = name
        self.login = name if login is None else login
        self.width = width
        self.paint = paint
        self.level, self.first, self.size, self.kind = newcomer()
        self.duels = HotSeat(self)  # two players taking turns at this keyboard
        self.history_page: HistoryPage | None = None  # the last page shown, to turn from
        self.puzzles = TerminalPuzzles(self, SPELLING)  # typed moves go to a running puzzle

    @property
    def player_id(self) -> int:
        """The player's channel and member id: both, since each name plays in its own."""
        return player_id(self.name, self.login)

    def player_id_of(self, name: str) -> int:
        """The id ``name`` plays under at this keyboard (``player_id``)."""
        return player_id(name, self.login)

    def say(self, text: str) -> None:
        """Print one block of output, wrapped to the width, followed by a blank line."""
        self.print_block(text if self.width is None else wrap(text, self.width))

    def show(self, game: Game) -> None:
        """Print a game's board: never wrapped (a drawing broken across lines is no drawing)."""
        self.print_block(render_text(game, self.paint))

    def print_block(self, text: str) -> None:
        if text:
            print(text, file=self.out)
            print(file=self.out)
            self.out.flush()

    async def open(self) -> None:
        """Welcome the player, then restore their running game or start one."""
        self.say(_(WELCOME))
        await self.resume()

    async def resume(self) -> None:
        """Restore the player's running game, or start one like their last (saying in the
        same sentence if that one expired meanwhile), or a friendly first one: a name never
        plays on with another name's settings."""
        me = self.player_id
        self.level, self.first, self.size, self.kind = newcomer()
        if await self.resume_duel():
            return
        try:
            last: Game | None = await self.service.last_game(channel_id=me, member_id=me)
        except NoGameError:
            last = None
        # After last_game, which may itself expire the idle game: reported here, once.
        expired = await self.service.expire_idle(channel_id=me)
        if last is None:
            await self.start(StartGame(), opening=FIRST_OPENING)
            return
        if last.is_duel:  # a finished duel: the next game against me keeps only its board
            self.kind, self.size = last.kind, last.size
        else:
            self.level, self.first, self.size = last.level, last.first, last.size
            self.kind = last.kind
        if last.is_active:
            # TRANSLATORS: {name}: the player's name; the board follows
            welcome = _("Welcome back, {name}! Your game is where you left it:")
            self.say(welcome.format(name=last.member.name))
            self.show(last)
        elif any(game.id == last.id for game in expired):
            await self.start(StartGame(), opening=EXPIRED_OPENING)
        else:
            await self.start(StartGame(), opening=NEXT_OPENING)

    async def resume_duel(self) -> bool:
        """Show a duel running at this keyboard (whoever plays it) and take up its players;
        False if none runs."""
        try:
            game = await self.service.active_game(self.player_id)
        except NoGameError:
            return False
        if not game.is_duel:
            return False
        self.duels.resume(game)
        return True

    async def rename(self, name: str) -> None:
        """Play as ``name`` from now on: its own record, its own running game."""
        self.name = name
        self.say(_("You are now playing as {name}.").format(name=name))
        await self.resume()

    async def announce_expired(self) -> bool:
        """Tell the player if their game ran out of time since the last command; True if so.

        Only the terminal's own channel: the database may be shared with the Discord bot,
        whose idle games it must leave for the bot to announce (and disable their boards).
        """
        expired = await self.service.expire_idle(channel_id=self.player_id)
        for game in expired:
            self.say(render_expired(game, self.service.idle_timeout))
        return bool(expired)

    async def handle(self, line: str) -> bool:
        """Carry out one typed line; False when the player wants to leave."""
        try:
            expired = await self.announce_expired()
        except DatabaseGoneError:
            raise  # the runner stops: nothing may be played unsaved
        except StorageError:  # the store is away: a command that needs it says so (quit and
            expired = False  # help still work), and the expiry is told once it is back
        try:
            command = None if self.duels.setting_up is not None else parse_command(line)
        except CommandError as error:
            self.say(str(error))
            return True
        try:
            if command is None:  # a duelist's name, asked for by start duel
                await self.duels.take_name(line)
                return True
            return await self.dispatch(command)
        except NoGameError as error:
            if not expired:  # else the expiry just said so, and how to start another
                self.say(error.text(SPELLING))
        except TooEarlyToSolveError as error:  # hint or explain: the pick shown on the board
            self.say(error.game.variant.renderer.estimate(error, SPELLING, plain=True))
        except GameError as error:
            self.say(error.text(SPELLING))
        return True

    async def dispatch(self, command: TypedCommand) -> bool:
        if isinstance(command, EmptyLine):
            return True
        if isinstance(command, PlayCell):
            if not await self.puzzles.move(command.text):  # no puzzle running: the game's
                await self.move(command.text)
        elif isinstance(command, StartGame) and command.duel:
            await self.duels.start(command)
        elif isinstance(command, StartGame):
            await self.start(command)
        elif isinstance(command, SetName):
            await self.rename(command.name)
        elif isinstance(command, DuelLeaderboard):
            standings = self.service.standings
            duelists = await standings.duel_leaderboard(guild_id=None, game=command.game)
            variant = find_variant(command.game)
            self.say(render_duel_leaderboard(duelists, variant, SPELLING))
        elif isinstance(command, KindLeaderboard):
            await self.leaderboard(command.game)
        elif isinstance(command, SoloLeaderboard):
            solo = await self.service.standings.solo_leaderboard(guild_id=None)
            self.say(render_solo_leaderboard(solo, SPELLING))
        elif isinstance(command, ServePuzzle):
            await self.puzzles.serve(command.number)
        elif isinstance(command, PuzzleLeaderboard):
            await self.puzzles.leaderboard()
        elif isinstance(command, ShowHistory):
            await self.history(command.way)
        elif isinstance(command, ReviewGame):
            await self.review(command)
        elif command.name == "quit":
            return False
        elif command.name == "help":
            self.say(help_text())
        elif command.name == "board":
            await self.board()
        elif command.name in ("hint", "explain") and await self.puzzles.refuse_hints():
            pass  # a puzzle runs: a hint would be for the game behind it
        elif command.name == "hint":
            hint = await self.service.hint(channel_id=self.player_id, member_id=await self.mover())
            self.say(hint.game.variant.renderer.hint(hint))
        elif command.name == "explain":
            reply = await self.service.explain(channel_id=self.player_id, member_id=self.player_id)
            self.say(reply.game.variant.renderer.explain(reply, plain=True))
        elif command.name == "resign":  # in a duel, the player whose turn it is resigns
            game = await self.service.resign(
                channel_id=self.player_id, member_id=await self.mover()
            )
            self.show(game)
            self.say(self.after(game))
        elif command.name == "stats":
            await self.stats()
        elif command.name == "leaderboard":
            await self.leaderboard()
        return True

    async def leaderboard(self, game: str | None = None) -> None:
        """The players against me, then the duelists by rating once anyone has dueled (only
        them while nobody has played me), in games of the kind ``game``."""
        variant = find_variant(game)
        players = await self.service.standings.leaderboard(guild_id=None, game=variant.kind)
        duelists = await self.service.standings.duel_leaderboard(guild_id=None, game=variant.kind)
        if players or not duelists:
            self.say(render_leaderboard(players, variant))
        if duelists:
            self.say(render_duel_leaderboard(duelists, variant, SPELLING))

    async def history(self, way: str | None) -> None:
        """The newest page of the player's finished games, or the page just older or newer
        than the one shown last (the newest when none was shown to this name)."""
        me = self.player_id
        shown = self.history_page
        before = after = None
        if shown is not None and shown.member_id == me and shown.entries:
            if way == "older":
                before = shown.entries[-1].game_id
            elif way == "newer":
                after = shown.entries[0].game_id
        page = await self.service.history.page(
            member_id=me, guild_id=None, before_id=before, after_id=after
        )
        if page.entries:  # an empty page ("no more this way") is nothing to turn from
            self.history_page = page
        self.say(render_history(page))
        if page.entries:
            turns = (("older", page.older), ("newer", page.newer))
            more = [f"history {turn}" for turn, there in turns if there]
            if more:
                # TRANSLATORS: under a page of the history; {commands}: "history older",
                # "history newer" or both joined by "or" (commands, typed as they are)
                tip = _("Type review <number> to go over a game move by move, {commands} for more.")
                self.say(tip.format(commands=join_or(more)))
            else:
                self.say(_("Type review <number> to go over a game move by move."))

    async def review(self, command: ReviewGame) -> None:
        """The review of one of the player's finished games (the last without a number);
        with ``--save``, its replay written to the file too."""
        review = await self.service.history.review(
            member_id=self.player_id, game_id=command.game_id, channel_id=self.player_id
        )
        self.say(render_review(review))
        if command.save is not None:
            self.say(await save_replay(review, command.save, force=command.force))

    async def board(self) -> None:
        """The running game's board or, after a game, how the last one ended."""
        me = self.player_id
        game = await self.service.last_game(channel_id=me, member_id=me)
        if game.is_active:
            self.show(game)
            return
        self.say(_(LAST_GAME_OVER))
        self.show(game)
        self.say(self.after(game))

    async def move(self, text: str) -> None:
        game = await self.service.active_game(self.player_id)
        move = game.variant.parse_move(text, game)
        reply = await self.service.move(
            channel_id=self.player_id, member_id=self.seat_to_move(game), move=move
        )
        self.say(describe_reply(reply))
        self.show(reply.game)
        if not reply.game.is_active:
            self.say(self.after(reply.game))

    async def mover(self) -> int:
        """Who acts at this keyboard: the player, or in a duel whoever is to move."""
        return self.seat_to_move(await self.service.active_game(self.player_id))

    def seat_to_move(self, game: Game) -> int:
        seat = game.to_move_seat
        if game.is_duel and seat is not None and seat.member_id is not None:
            return seat.member_id
        return self.player_id

    @staticmethod
    def after(game: Game) -> str:
        """What to type after ``game`` ended: a duel nobody moved in is no rematch."""
        return HotSeat.after(game) if game.is_duel else after_game(game.variant)

    async def stats(self) -> None:
        """The player's record; after a duel, both duelists' and their head to head."""
        if not self.duels.duelists:
            stats = await self.service.standings.stats(member_id=self.player_id, guild_id=None)
            self.say(render_stats(stats))
            return
        first, second = (seat.member_id or 0 for seat in self.duels.duelists)
        for member, other in ((first, second), (second, first)):
            standings = self.service.standings
            stats = await standings.stats(member_id=member, guild_id=None, other_id=other)
            self.say(render_stats(stats))

    def board_asked(self, command: StartGame) -> tuple[str, int | None]:
        """The kind and size a start asks for: those named, else the last game's (a size
        alone names a classic board; another kind starts at its own default size)."""
        kind = command.kind
        if kind is None:
            kind = self.kind if command.size is None else default_variant().kind
        if command.size is not None:
            return kind, command.size
        return kind, self.size if kind == self.kind else None

    kept_from_last = staticmethod(kept_from_last)

    def board_kept(self, command: StartGame, kind: str, size: int | None) -> list[str]:
        """The board ``command`` took from the last game without naming it, as start's
        options are typed ("ultimate", "5x5"), where it is not the one a bare start of a
        newcomer gets: empty if the command named a kind or a size."""
        if command.kind is not None or command.size is not None:
            return []
        variant = find_variant(kind)
        kept = [] if kind == default_variant().kind else [kind]
        if size is not None and len(variant.sizes) > 1 and size != variant.default_size:
            kept.append(f"{size}x{size}")
        return kept

    async def start(self, command: StartGame, *, opening: str | None = None) -> None:
        """Start a game; options left out repeat the last game's (a newcomer gets medium),
        and a start that named some options says which others it kept (``kept_from_last``).
        ``opening``: the template announcing a game started at launch (``FIRST_OPENING``)."""
        # `is None`, not `or`: a typed 0 is a (bad) size the game layer must refuse, not "same".
        first = self.first if command.first is None else command.first
        kind, size = self.board_asked(command)
        variant = find_variant(kind)
        # A level carries over where the kind has it (adaptive and easy to hard: both kinds);
        # perfect is no ultimate level, strongest no classic one: those take the kind's own.
        level = command.level
        kept: list[str] = []
        if level is None and variant.has_level(self.level):
            level = self.level
            if level != variant.newcomer_level:
                kept.append(level)
        if command.first is None and first != DEFAULT_FIRST:
            kept.append(first)
        kept += self.board_kept(command, kind, size)
        reply = await self.service.start(
            channel_id=self.player_id,
            guild_id=None,
            member_id=self.player_id,
            member_name=self.name,
            level=variant.newcomer_level if level is None else level,
            first=first,
            size=size,
            game=kind,
        )
        game = reply.game
        self.level, self.first, self.kind, self.size = game.level, first, game.kind, game.size
        level, board = game.level, variant.renderer.board_name(game.size)
        if game.x == game.member:
            # TRANSLATORS: part of the sentence announcing a new game (X is the mark)
            you = _("you are X and you go first")
        else:
            # TRANSLATORS: part of the sentence announcing a new game (O is the mark)
            you = _("you are O and I go first")
        if opening is not None:
            idle = describe_duration(self.service.idle_timeout)
            name = game.member.name
            self.say(_(opening).format(level=level, board=board, you=you, name=name, idle=idle))
        else:
            new = variant.renderer.new_game(game, you)
            named = command != StartGame()  # a bare start is "another like this one"
            said = [describe_set_aside(reply), new, kept_from_last(kept) if named else ""]
            self.say(join_sentences(said))
        self.say(describe_reply(reply))
        self.show(game)
