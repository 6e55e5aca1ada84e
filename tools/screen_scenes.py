"""The scenes of the README's screenshots, played by the real bot under simcord, and the
message payloads they show.

``tools/screenshots.py`` photographs each scene (``make screenshots``; it needs a browser);
``tests/tools/test_screenshots.py`` plays them again without one and compares ``payloads``
with ``docs/screenshots/messages.json``, written with the pictures, so a picture never shows a
message the bot no longer sends.
"""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.discord_bot import TicTacToeBot, create_bot
from bot.discord_bot.board_view import walk
from bot.engine import Move
from bot.games import GameService, NoGameError
from bot.settings import Settings
from bot.storage.sqlite.store import SqliteGameStore

SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
"""Where the pictures and ``messages.json`` live (the README shows them)."""

MESSAGES = SHOTS / "messages.json"

NAME = "Tic-Tac-Toe"
"""The bot's name in the pictures (simcord calls every bot TestBot)."""

PUZZLE = 580
"""A 4x4 puzzle, win in 3, shown after its first right move (``PUZZLE_MOVE``)."""

PUZZLE_MOVE = "3,3"

SEED = 11
"""The bot's random choices (who starts, among equal moves): the same scenes every run."""


@dataclass(frozen=True, slots=True)
class Scene:
    """One picture: the message it shows, in which channel, seen by whom."""

    name: str
    caption: str
    channel: simcord.ChannelHandle
    viewer: simcord.MemberActor
    message: simcord.ResponseMessage | discord.Message
    """An answer to a member (as it stands now), or a post of the bot's own."""


def make_bot(database: Path) -> TicTacToeBot:
    """The bot as it runs, on a new SQLite file, its randomness seeded."""
    settings = Settings(database_path=database, shard_count=1)
    service = GameService(
        SqliteGameStore(database),
        idle_timeout=settings.idle_timeout_seconds,
        clock=discord.utils.utcnow,
        rng=random.Random(SEED),
    )
    return create_bot(settings, service=service)


@asynccontextmanager
async def running(database: Path) -> AsyncIterator[simcord.Env]:
    """simcord's Discord with the bot on ``database``, for the scenes."""
    bot = make_bot(database)
    try:
        async with simcord.run(bot) as env:
            assert bot.user is not None
            await bot.user.edit(username=NAME)
            yield env
    finally:
        await bot.service.close()


async def play(env: simcord.Env) -> list[Scene]:
    """alice plays a 3x3 game, a 5x5 game, an ultimate game and a Connect Four game, finishes a
    game against the easy level to ask for its review, and plays a puzzle's first move: four
    boards as they stand mid-game, the review with its replay, and the puzzle after the bot's
    defence."""
    bot = env.bot
    assert isinstance(bot, TicTacToeBot)
    guild = env.create_guild("Tic-Tac-Toe Club")
    hosts = guild.create_role("hosts", permissions=discord.Permissions(manage_events=True))
    alice = guild.add_member(env.create_user("alice"), roles=[hosts])

    async def pause() -> None:
        """A second between alice's actions, as a person takes: the bot's flood limit (ten
        commands in a row) is not what the pictures show."""
        await env.advance_time(1)

    async def start(name: str, **options: object) -> tuple[simcord.ChannelHandle, Any]:
        channel = guild.create_text_channel(name)
        result = await alice.slash(channel, "tictactoe start", first="me", **options)
        assert result.response is not None, env.errors
        await pause()
        return channel, result.response

    async def click(channel: simcord.ChannelHandle, board: Any, *wanted: Move) -> bool:
        """Play the first of ``wanted`` that is free (else the first free cell); whether the
        game goes on."""
        game = await bot.service.active_game(channel.id)
        legal = game.position.legal_moves
        move = next((m for m in wanted if m in legal), legal[0])
        await alice.click(board.message, custom_id=f"ttt:{game.id}:{move.row}:{move.col}")
        await pause()
        after = await bot.service.get(game.id)
        if after is None or len(after.moves) == len(game.moves):
            raise RuntimeError(f"the click on {move} in {channel.name} played nothing")
        return after.is_active

    classic, board_3x3 = await start("tic-tac-toe", level="perfect")
    await click(classic, board_3x3, Move(1, 1))
    await click(classic, board_3x3, Move(0, 0), Move(2, 2))

    five, board_5x5 = await start("five-by-five", size=5, level="hard")
    await click(five, board_5x5, Move(2, 2))
    await click(five, board_5x5, Move(1, 1), Move(1, 3))

    nine, board_9x9 = await start("ultimate", game="ultimate", level="easy")
    game = await bot.service.active_game(nine.id)
    await alice.click(board_9x9.message, custom_id=f"ttu:{game.id}:4")
    await pause()
    await alice.click(board_9x9.message, custom_id=f"ttt:{game.id}:4:4")
    await pause()

    four, board_c4 = await start("connect-four", game="connect4", level="easy")
    for column in (4, 4, 3, 5):
        game = await bot.service.active_game(four.id)
        landing = next(move for move in game.position.legal_moves if move.col == column - 1)
        if not await click(four, board_c4, landing):
            break

    reviews, played = await start("reviews", level="easy")
    while await click(reviews, played, Move(1, 1), Move(0, 0), Move(0, 2), Move(2, 0)):
        pass
    review = await alice.slash(reviews, "tictactoe review")
    assert review.response is not None, env.errors
    await pause()

    puzzles = guild.create_text_channel("puzzles")
    served = await alice.slash(puzzles, "tictactoe puzzle", number=PUZZLE)
    assert served.response is not None, env.errors
    await pause()
    await alice.click(served.response.message, custom_id=cell_id(served.response, PUZZLE_MOVE))
    shown = await arenas(env, guild, alice)
    return [
        Scene("board-3x3", "A 3x3 game against the perfect level", classic, alice, board_3x3),
        Scene("board-5x5", "5x5, four in a row, with its controls", five, alice, board_5x5),
        Scene("ultimate", "Ultimate: the small board to play in", nine, alice, board_9x9),
        Scene("connect4", "Connect Four: a button per column", four, alice, board_c4),
        Scene("review", "A game reviewed, with its replay", reviews, alice, review.response),
        Scene(
            "puzzle",
            "A puzzle: the right first move, and the bot's defence",
            puzzles,
            alice,
            served.response,
        ),
        *shown,
    ]


ARENA_MEMBERS = ("bob", "carol", "dave", "erin", "frank", "gina")
"""Who plays in the pictured live arena."""

FINAL_MEMBERS = ("hank", "ivy", "jo", "kim")
"""Who plays in the pictured arena that ends (a member plays in one arena at a time)."""


async def run_arena(
    env: simcord.Env,
    guild: simcord.GuildHandle,
    host: simcord.MemberActor,
    where: str,
    names: tuple[str, ...],
    minutes: int,
) -> tuple[simcord.ChannelHandle, simcord.ResponseMessage]:
    """An arena started by ``host`` in a new channel ``where``, joined by ``names``, played for
    three rounds by clicks in its threads (whoever plays X takes the top row): the channel and
    the arena's message (which the bot keeps editing)."""
    bot = env.bot
    assert isinstance(bot, TicTacToeBot)
    channel = guild.create_text_channel(where)
    members = [guild.add_member(env.create_user(name)) for name in names]
    by_id = {member.id: member for member in members}
    started = await host.slash(channel, "tictactoe arena start", minutes=minutes, clock=60)
    assert started.response is not None, env.errors
    for member in members:
        await member.click(started.response.message, custom_id=arena_button(started, "join"))
    top_row = [Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)]
    for _ in range(3):
        await env.advance_time(ARENA_ROUND)
        for thread in channel.threads:
            for move in top_row:
                try:
                    game = await bot.service.active_game(thread.id)
                except NoGameError:
                    break  # played out in an earlier round
                mover = by_id[game.to_move_seat.member_id or 0]  # type: ignore[union-attr]
                board = await live_board(thread)
                await mover.click(board, custom_id=f"ttt:{game.id}:{move.row}:{move.col}")
    await env.advance_time(ARENA_ROUND)
    return channel, started.response


async def arenas(
    env: simcord.Env, guild: simcord.GuildHandle, host: simcord.MemberActor
) -> list[Scene]:
    """An arena's final standings, then another arena's message after three rounds (last:
    no time passes after it, so it shows those rounds as they stand)."""
    ended, _ = await run_arena(env, guild, host, "arena-over", FINAL_MEMBERS, 5)
    await env.advance_time(5 * 60)  # its time is up; the games it left run out of time
    for _ in range(3):
        await env.advance_time(ARENA_ROUND)
    final = ended.last_message
    assert final is not None and final.author.bot, env.errors
    live, standings = await run_arena(env, guild, host, "arena", ARENA_MEMBERS, 60)
    return [
        Scene("arena", "An arena: the live standings, Join and Leave", live, host, standings),
        Scene("arena-final", "An arena's final standings", ended, host, final),
    ]


ARENA_ROUND = 3.1
"""Seconds of simcord's clock for one round of the arenas' upkeep (``ARENA_INTERVAL``)."""


def arena_button(result: simcord.InteractionResult, action: str) -> str:
    """The custom id of the arena message's Join or Leave."""
    assert result.response is not None
    found = [
        button.custom_id
        for button in walk(result.response.message.components)
        if isinstance(button, discord.Button)
        and (button.custom_id or "").startswith("tta:")
        and (button.custom_id or "").endswith(f":{action}")
    ]
    assert len(found) == 1, (action, found)
    return found[0] or ""


async def live_board(thread: simcord.ChannelHandle) -> discord.Message:
    """The thread's last message with cell buttons: its game's live board."""
    for message in reversed(thread.history()):
        if any(
            isinstance(item, discord.Button) and (item.custom_id or "").startswith("ttt:")
            for item in walk(message.components)
        ):
            return message
    raise RuntimeError(f"no board in {thread.name}")


def cell_id(message: simcord.ResponseMessage, label: str) -> str:
    """The custom id of the button labelled ``label`` in ``message``."""
    found = [
        button.custom_id
        for button in walk(message.message.components)
        if isinstance(button, discord.Button) and button.label == label and button.custom_id
    ]
    assert len(found) == 1, (label, found)
    return found[0]


def payloads(scenes: list[Scene]) -> dict[str, Any]:
    """What each scene's message shows, as Discord holds it: text, components (with their
    ids), the names of its files."""
    return {
        scene.name: {
            "content": scene.message.content,
            "components": components(scene.message),
            "files": [attachment.filename for attachment in scene.message.attachments],
        }
        for scene in scenes
    }


def components(message: simcord.ResponseMessage | discord.Message) -> list[Any]:
    """A message's components as Discord sends them (a post's, as discord.py reads them)."""
    if isinstance(message, discord.Message):
        return [component.to_dict() for component in message.components]
    return message.components


def dumps(shown: dict[str, Any]) -> str:
    """``payloads`` as ``messages.json`` keeps them."""
    return json.dumps(shown, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
