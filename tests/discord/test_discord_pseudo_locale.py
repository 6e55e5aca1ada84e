"""The Discord bot in the pseudo-locale ``en-XA`` (every sentence accented and a third longer):
with the member's Discord locale and the server's language both ``en-XA``, nothing the bot
sends is left in English, and every message fits Discord's 2,000 characters with 32-character
member names, on boards of every size (ultimate too)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions
from discord_helpers import MakeBot, cell_id

from bot.discord_bot import TicTacToeBot
from bot.discord_bot.texts import help_text, levels_text
from bot.engine import Move
from bot.i18n import PSEUDO, shipped, use_locale
from bot.i18n.catalogues import TEMPLATE, read_catalogue
from bot.settings import CommandRate, Settings

ALICE = "alice_" + "q" * 26  # 32 characters, Discord's longest display name
BOB = "bob_" + "z" * 28
LIMIT = 2000
OPTION_VALUES = {"easy", "medium", "hard", "perfect", "adaptive", "strongest", "classic"}
"""Levels and kinds as a member types them (the status line names the level so): never
translated, like command names."""


@pytest.fixture
def simcord_bot(make_bot: MakeBot, settings: Settings) -> TicTacToeBot:
    """A bot that answers every command of this long run (no flood guard in the way)."""
    return make_bot(settings=replace(settings, command_rate=CommandRate(1000, 1.0)))


@pytest.fixture
def member_locale(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every interaction carries this locale (simcord sends "en-US"); change ``[0]``."""
    locale = [PSEUDO]
    base = simcord.interactions.base_payload

    def payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, data = base(*args, **kwargs)
        data["locale"] = locale[0]
        if "guild_locale" in data:
            data["guild_locale"] = PSEUDO
        return record, data

    monkeypatch.setattr(simcord.interactions, "base_payload", payload)
    yield locale


def english_words() -> set[str]:
    """Every word of four letters or more in the catalogue's English sentences."""
    words: set[str] = set()
    for message in read_catalogue(TEMPLATE, ""):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            plain = re.sub(r"\{[^}]*\}|`[^`]*`", " ", str(text))
            words.update(word.lower() for word in re.findall(r"[A-Za-z]{4,}", plain))
    return words


def texts_of(message: discord.Message) -> list[str]:
    """What a member reads on a message: content, embeds, button labels, select options."""
    found = [message.content]
    for embed in message.embeds:
        found += [embed.title or "", embed.description or "", embed.footer.text or ""]
        found += [f"{field.name} {field.value}" for field in embed.fields]
    for row in message.components:
        for child in getattr(row, "children", []):
            if isinstance(child, discord.Button):
                found.append(child.label or "")
            elif isinstance(child, discord.SelectMenu):
                found += [f"{o.label} {o.description or ''}" for o in child.options]
    return found


def leftovers(text: str, vocabulary: set[str]) -> set[str]:
    """The catalogue's English words in ``text``, outside names, inline code (commands),
    mentions, numbers and emoji."""
    text = text.replace(ALICE, " ").replace(BOB, " ")
    # <row> <column> after a command is left as it is by the pseudo-locale (a translator
    # words it); !move is a command
    text = re.sub(r"`[^`]*`|<[@#][!&]?\d+>|<[a-z]+>|!move|https?://\S+", " ", text)
    words = {w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() in vocabulary}
    return {w for w in words if w.lower() not in OPTION_VALUES}


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
            self.texts += texts_of(message)
            self.lengths.append((len(message.content), message.content[:80]))


async def test_the_pseudo_locale_leaves_no_english_and_every_message_fits(
    simcord_env: simcord.Env, member_locale: list[str]
) -> None:
    env = simcord_env
    owner = env.create_user(ALICE)
    guild = env.create_guild("Club", owner=owner, preferred_locale=PSEUDO)
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
    start = await slash(alice, "tictactoe start", first="me", difficulty="easy")
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
    free = game.board.legal_moves[0]
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
        await slash(alice, "tictactoe start", size=size, first="bot", difficulty="easy")
    await slash(alice, "tictactoe start", game="ultimate", first="bot")
    await slash(alice, "tictactoe leaderboard", kind="duels")
    await slash(alice, "tictactoe leaderboard", kind="solo")
    env.errors  # the refusals, answered  # noqa: B018

    too_long = [(length, start) for length, start in seen.lengths if length > LIMIT]
    assert not too_long
    vocabulary = english_words()
    english: dict[str, set[str]] = {}
    for text in seen.texts:
        words = leftovers(text, vocabulary)
        if words:
            english[text[:120]] = words
    assert not english


def _accept_id(message: Any) -> str:
    for row in message.components:
        for child in row.children:
            if (child.custom_id or "").endswith(":accept"):
                return str(child.custom_id)
    raise AssertionError("no Accept button")


@pytest.mark.parametrize("code", [*shipped(), PSEUDO])
def test_each_help_message_fits_in_every_locale(code: str) -> None:
    with use_locale(code):
        assert len(help_text("!")) <= LIMIT and len(levels_text()) <= LIMIT
