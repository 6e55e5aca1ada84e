"""One terminal player's session: typed commands in, the game layer's replies printed out.

The local player sits in channel 0 as member 0 (Discord ids are far larger, so a shared
database never mixes them up), named after the login (``getpass.getuser()``). A game left
running is restored on the next launch; one idle longer than the idle timeout expires, as on
Discord.
"""

from __future__ import annotations

import getpass
from typing import TextIO

from bot.games import (
    Command,
    GameError,
    GameService,
    NoGameError,
    Spelling,
    parse_cell,
)
from bot.games.render import (
    describe_reply,
    describe_set_aside,
    render_expired,
    render_explain_text,
    render_hint,
    render_leaderboard,
    render_stats,
    render_text,
)
from bot.terminal.commands import (
    HELP,
    CommandError,
    EmptyLine,
    PlayCell,
    StartGame,
    WordCommand,
    parse_command,
)

SPELLING: Spelling = {Command.START: "'start'", Command.MOVE: "move"}
"""How the terminal writes the commands the game layer's sentences suggest."""

CHANNEL_ID = 0
MEMBER_ID = 0
DEFAULT_LEVEL = "medium"  # beatable but not careless: a newcomer can win, and learns how
DEFAULT_FIRST = "me"
DEFAULT_SIZE = 3

WELCOME = (
    "Tic-Tac-Toe against a minimax engine. Type a cell as <row> <column> (for example: 2 3),\n"
    "hint for advice, help for every command, quit to leave (your game is saved)."
)
AFTER_GAME = (
    "Type start for another game like this one, or choose, for example: start perfect bot 3"
)
GOODBYE = "Goodbye! Your games are saved."


def player_name() -> str:
    """The login name, or "player" where there is none (some containers, odd platforms)."""
    try:
        name = getpass.getuser().strip()
    except Exception:  # getuser raises OSError or KeyError depending on the platform
        return "player"
    return name or "player"


class TerminalSession:
    """One player's session: turns typed lines into service calls and prints the replies.

    Kept free of stdin so tests drive it line by line with an in-memory store.
    """

    def __init__(self, service: GameService, out: TextIO, name: str) -> None:
        self.service = service
        self.out = out
        self.name = name
        self.level = DEFAULT_LEVEL
        self.first = DEFAULT_FIRST
        self.size = DEFAULT_SIZE

    def say(self, text: str) -> None:
        """Print one block of output followed by a blank line."""
        if text:
            print(text, file=self.out)
            print(file=self.out)
            self.out.flush()

    async def open(self) -> None:
        """Welcome the player, then restore their running game or start a friendly one."""
        self.say(WELCOME)
        await self.announce_expired()
        try:
            game = await self.service.active_game(CHANNEL_ID)
        except NoGameError:
            await self.start(StartGame(), opening=True)
            return
        self.level, self.first, self.size = game.level, game.first, game.size
        self.say(f"Welcome back, {game.member.name}! Your game is where you left it:")
        self.say(render_text(game))

    async def announce_expired(self) -> bool:
        """Tell the player if their game ran out of time since the last command; True if so.

        Only the terminal's own channel: the database may be shared with the Discord bot,
        whose idle games it must leave for the bot to announce (and disable their boards).
        """
        expired = await self.service.expire_idle(channel_id=CHANNEL_ID)
        for game in expired:
            self.say(render_expired(game, self.service.idle_timeout))
        return bool(expired)

    async def handle(self, line: str) -> bool:
        """Carry out one typed line; False when the player wants to leave."""
        expired = await self.announce_expired()
        try:
            command = parse_command(line)
        except CommandError as error:
            self.say(str(error))
            return True
        try:
            return await self.dispatch(command)
        except NoGameError as error:
            if not expired:  # else the expiry just said so, and how to start another
                self.say(error.text(SPELLING))
        except GameError as error:
            self.say(error.text(SPELLING))
        return True

    async def dispatch(self, command: EmptyLine | PlayCell | StartGame | WordCommand) -> bool:
        if isinstance(command, EmptyLine):
            return True
        if isinstance(command, PlayCell):
            await self.move(command.text)
        elif isinstance(command, StartGame):
            await self.start(command)
        elif command.name == "quit":
            return False
        elif command.name == "help":
            self.say(HELP)
        elif command.name == "board":
            self.say(render_text(await self.service.active_game(CHANNEL_ID)))
        elif command.name == "hint":
            hint = await self.service.hint(channel_id=CHANNEL_ID, member_id=MEMBER_ID)
            self.say(render_hint(hint))
        elif command.name == "explain":
            reply = await self.service.explain(channel_id=CHANNEL_ID, member_id=MEMBER_ID)
            self.say(render_explain_text(reply))
        elif command.name == "resign":
            game = await self.service.resign(channel_id=CHANNEL_ID, member_id=MEMBER_ID)
            self.say(render_text(game))
            self.say(AFTER_GAME)
        elif command.name == "stats":
            self.say(render_stats(await self.service.stats(member_id=MEMBER_ID, guild_id=None)))
        elif command.name == "leaderboard":
            self.say(render_leaderboard(await self.service.leaderboard(guild_id=None)))
        return True

    async def move(self, text: str) -> None:
        game = await self.service.active_game(CHANNEL_ID)
        cell = parse_cell(text, game.size)
        reply = await self.service.move(channel_id=CHANNEL_ID, member_id=MEMBER_ID, move=cell)
        self.say(describe_reply(reply))
        self.say(render_text(reply.game))
        if not reply.game.is_active:
            self.say(AFTER_GAME)

    async def start(self, command: StartGame, *, opening: bool = False) -> None:
        """Start a game; options left out repeat the last game's (a newcomer gets medium)."""
        # `is None`, not `or`: a typed 0 is a (bad) size the game layer must refuse, not "same".
        level = self.level if command.level is None else command.level
        first = self.first if command.first is None else command.first
        size = self.size if command.size is None else command.size
        reply = await self.service.start(
            channel_id=CHANNEL_ID,
            guild_id=None,
            member_id=MEMBER_ID,
            member_name=self.name,
            level=level,
            first=first,
            size=size,
        )
        self.level, self.first, self.size = level, first, size
        game = reply.game
        mark = "X" if game.x == game.member else "O"
        goes = "you go first" if mark == "X" else "I go first"
        if opening:
            self.say(
                f"I started a {level} game for you, {game.member.name}: you are {mark} and "
                f"{goes}.\nWant the unbeatable engine? Type: start perfect"
            )
        else:
            new = f"New {level} game on a {size}x{size} board: you are {mark} and {goes}."
            self.say(" ".join(filter(None, [describe_set_aside(reply), new])))
        self.say(describe_reply(reply))
        self.say(render_text(game))
