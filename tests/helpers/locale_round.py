"""One round of the bot's commands, played through simcord with 32-character member names in a
server whose Discord language is given, recording every text the bot shows: the language tests
check what it said (test_pseudo_locale, test_languages)."""

from __future__ import annotations

from typing import Any

import discord
import simcord
from discord_helpers import cell_id, text_of

from bot.discord_bot.board_view import walk
from bot.engine import Move
from bot.engine.classic.puzzles import shipped

ALICE = "alice_" + "q" * 26  # 32 characters, Discord's longest display name
BOB = "bob_" + "z" * 28
LIMIT = 2000


def texts_of(message: discord.Message) -> list[str]:
    """What a member reads on a message: content, embeds, button labels, select options."""
    found = [text_of(message)]
    for embed in message.embeds:
        found += [embed.title or "", embed.description or "", embed.footer.text or ""]
        found += [f"{field.name} {field.value}" for field in embed.fields]
    for child in walk(message.components):
        if isinstance(child, discord.Button):
            found.append(child.label or "")
        elif isinstance(child, discord.SelectMenu):
            found += [f"{o.label} {o.description or ''}" for o in child.options]
    return found


class Seen:
    """Every text the bot has shown in the channel (ephemeral answers too), each message's
    text as it was at each look (boards are edited in place)."""

    def __init__(self, channel: simcord.ChannelHandle) -> None:
        self.channel = channel
        self.texts: list[str] = []
        self.lengths: list[tuple[int, str]] = []

    def look(self) -> None:
        for message in self.channel.history():
            if not message.author.bot:
                continue
            self.add(message)

    def add(self, message: discord.Message) -> None:
        """Record what ``message`` shows (a private answer the channel's history leaves out:
        a puzzle's message, its refusals)."""
        self.texts += texts_of(message)
        self.lengths.append((len(text_of(message)), text_of(message)[:80]))


async def play_round(env: simcord.Env, server_locale: str) -> Seen:
    """Help, a game against the bot by clicks and ``!move`` with refusals on the way, hint,
    explain, resign, stats, leaderboards, history, review, a duel, settings, and a start of
    each size, in a new server of language ``server_locale``: every text shown."""
    owner = env.create_user(ALICE)
    guild = env.create_guild("Club", owner=owner, preferred_locale=server_locale)
    channel = guild.create_text_channel("games")
    alice = guild.add_member(owner)
    bob = guild.add_member(env.create_user(BOB))
    seen = Seen(channel)
    service = env.bot.service  # type: ignore[attr-defined]

    async def slash(actor: simcord.MemberActor, name: str, **options: Any) -> Any:
        result = await actor.slash(channel, name, **options)
        seen.look()
        return result

    await slash(alice, "tictactoe help")
    start = await slash(alice, "tictactoe start", first="me", level="easy")
    game = await service.active_game(channel.id)
    await alice.click(start.response, custom_id=cell_id(game, Move(1, 1)))
    seen.look()
    await bob.click(start.response, custom_id=cell_id(game, Move(0, 0)))  # not his board
    seen.look()
    await alice.send(channel, "!move 2 2")  # taken (a taken cell's button is disabled)
    seen.look()
    await slash(alice, "tictactoe hint")
    await slash(alice, "tictactoe explain")
    game = await service.active_game(channel.id)
    free = game.position.legal_moves[0]
    await alice.send(channel, f"!move {free.row + 1} {free.col + 1}")
    await alice.send(channel, "!move 9 9")  # off the board
    await alice.send(channel, "!move banana")  # not a cell
    seen.look()
    await slash(alice, "tictactoe resign")
    await slash(alice, "tictactoe stats")
    await slash(alice, "tictactoe leaderboard")
    await slash(alice, "tictactoe history")
    await slash(alice, "tictactoe review")
    challenge = await slash(alice, "tictactoe challenge", opponent=bob)
    posted = challenge.response.message
    await bob.click(posted, custom_id=_accept_id(posted))
    seen.look()
    duel = await service.active_game(channel.id)
    waiting = duel.x if duel.x.member_id != alice.id else duel.o
    other = bob if waiting.member_id == bob.id else alice
    await other.click(channel.last_message, custom_id=cell_id(duel, Move(2, 2)))  # not yours
    seen.look()
    await slash(alice, "tictactoe-settings show")
    for size in (4, 5):
        await slash(alice, "tictactoe start", size=size, first="bot", level="easy")
    await slash(alice, "tictactoe start", game="ultimate", first="bot")
    await slash(alice, "tictactoe leaderboard", kind="duels")
    await slash(alice, "tictactoe leaderboard", kind="solo")
    await _puzzles(env, seen, channel, alice, bob, slash)
    env.errors  # the refusals, answered  # noqa: B018
    return seen


async def _puzzles(
    env: simcord.Env,
    seen: Seen,
    channel: simcord.ChannelHandle,
    alice: simcord.MemberActor,
    bob: simcord.MemberActor,
    slash: Any,
) -> None:
    """Puzzles: the biggest (5x5) solved a move then missed, Next puzzle, a number refused,
    the daily post (set by alice, the owner) solved by bob from Solve, stats, leaderboard."""
    service = env.bot.service  # type: ignore[attr-defined]

    def private(result: simcord.InteractionResult) -> None:
        for message in ([result.response] if result.response else []) + result.followups:
            if message.ephemeral:
                seen.add(message.message)

    puzzle = shipped().by_id(610)
    shown = await slash(alice, "tictactoe puzzle", number=610)
    private(shown)
    attempt = await service.puzzles.running(member_id=alice.id)
    first = puzzle.solution[0]
    await alice.click(shown.response, custom_id=f"ttp:{attempt.id}:{first.row}:{first.col}")
    private(shown)
    await alice.click(shown.response, custom_id=f"ttp:{attempt.id}:0:0")  # a miss
    private(shown)
    await alice.click(shown.response, custom_id=f"ttp-next:{attempt.id}")
    private(shown)
    private(await slash(alice, "tictactoe puzzle", number=99))  # sets the next one aside
    private(await slash(alice, "tictactoe puzzle", number=999))  # no such puzzle
    private(await slash(alice, "tictactoe-settings puzzle", channel=channel, hour=0))
    await env.advance_time(61)  # the daily sweep posts it
    seen.look()
    post, solve = next(
        (m, c.custom_id)
        for m in channel.history()
        if m.author.bot
        for c in walk(m.components)
        if isinstance(c, discord.Button) and (c.custom_id or "").startswith("ttd:")
    )
    opened = await bob.click(post, custom_id=solve)
    daily = await service.puzzles.running(member_id=bob.id)
    solved = await service.puzzles.catalogue.get(daily.puzzle_id)
    for move in solved.solution[::2]:
        await bob.click(opened.followups[0], custom_id=f"ttp:{daily.id}:{move.row}:{move.col}")
    private(opened)
    seen.look()
    await slash(bob, "tictactoe stats")
    await slash(alice, "tictactoe leaderboard", kind="puzzles")


def _accept_id(message: Any) -> str:
    for child in walk(message.components):
        if (getattr(child, "custom_id", None) or "").endswith(":accept"):
            return str(child.custom_id)
    raise AssertionError("no Accept button")
