"""Which language each reader gets, through the real discord.py bot under simcord: a French
member's private replies are French in an English server while the boards everyone sees stay
English; a server set to German gets German boards whatever the member's own language; a
member's language we do not ship reads English. Every shipped language gets the whole round
of commands with each message within Discord's 2,000 characters."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions
from discord_helpers import MakeBot, text_of
from locale_round import LIMIT, Seen, play_round

from bot.discord_bot import TicTacToeBot
from bot.discord_bot.texts import spelling
from bot.games import NoGameError
from bot.games.render.boards import render_emoji
from bot.i18n import SOURCE, language_name, resolve, shipped, translate, use_locale
from bot.settings import CommandRate, Settings

TRANSLATED = [code for code in shipped() if code != SOURCE]


@pytest.fixture
def simcord_bot(make_bot: MakeBot, settings: Settings) -> TicTacToeBot:
    """A bot that answers every command of these runs (no flood guard in the way)."""
    return make_bot(settings=replace(settings, command_rate=CommandRate(1000, 1.0)))


@pytest.fixture
def member_locale(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every interaction carries the member's Discord locale ``[0]`` (simcord 3.2.1 always
    sends "en-US" and has no option for it); the server's stays as the guild was made."""
    locale = [SOURCE]
    base = simcord.interactions.base_payload

    def payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, data = base(*args, **kwargs)
        data["locale"] = locale[0]
        return record, data

    monkeypatch.setattr(simcord.interactions, "base_payload", payload)
    yield locale


def in_locale(code: str, game: Any) -> str:
    with use_locale(code):
        return render_emoji(game)


@pytest.mark.skipif("fr" not in shipped(), reason="French is not shipped")
async def test_a_french_member_reads_french_privately_in_an_english_server(
    simcord_env: simcord.Env, member_locale: list[str]
) -> None:
    env = simcord_env
    owner = env.create_user("alice")
    guild = env.create_guild("Club", owner=owner, preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(owner)
    member_locale[0] = "fr"

    started = await alice.slash(channel, "tictactoe start", first="me", level="easy")
    game = await env.bot.service.active_game(channel.id)  # type: ignore[attr-defined]
    board = text_of(started.response)
    assert in_locale("en-US", game) in board  # the public board: the server's English
    assert in_locale("fr", game) not in board

    await alice.slash(channel, "tictactoe resign")
    refused = await alice.slash(channel, "tictactoe resign")  # no game now: refused privately
    env.errors  # the refusal, answered  # noqa: B018
    no_game = NoGameError()
    assert text_of(refused.response) == no_game.render("fr", spelling(env.bot.prefix))  # type: ignore[attr-defined]
    assert text_of(refused.response) != no_game.render("en-US", spelling(env.bot.prefix))  # type: ignore[attr-defined]


@pytest.mark.skipif("de" not in shipped(), reason="German is not shipped")
async def test_a_server_set_to_german_posts_german_boards(
    simcord_env: simcord.Env, member_locale: list[str]
) -> None:
    env = simcord_env
    owner = env.create_user("alice")
    guild = env.create_guild("Verein", owner=owner, preferred_locale="en-US")
    channel = guild.create_text_channel("spiele")
    alice = guild.add_member(owner)
    bob = guild.add_member(env.create_user("bob"))

    await alice.slash(channel, "tictactoe-settings language", locale="de")
    member_locale[0] = "en-US"  # bob reads English himself
    started = await bob.slash(channel, "tictactoe start", first="me", level="easy")
    game = await env.bot.service.active_game(channel.id)  # type: ignore[attr-defined]
    board = text_of(started.response)
    assert in_locale("de", game) in board
    assert in_locale("en-US", game) not in board


async def test_a_language_we_do_not_ship_reads_english(
    simcord_env: simcord.Env, member_locale: list[str]
) -> None:
    env = simcord_env
    owner = env.create_user("alice")
    guild = env.create_guild("Klubb", owner=owner, preferred_locale="sv-SE")
    channel = guild.create_text_channel("spel")
    alice = guild.add_member(owner)
    member_locale[0] = "sv-SE"

    started = await alice.slash(channel, "tictactoe start", first="me", level="easy")
    game = await env.bot.service.active_game(channel.id)  # type: ignore[attr-defined]
    assert in_locale("en-US", game) in text_of(started.response)
    await alice.slash(channel, "tictactoe resign")
    refused = await alice.slash(channel, "tictactoe resign")
    env.errors  # the refusal, answered  # noqa: B018
    assert text_of(refused.response) == NoGameError().render("en-US", spelling(env.bot.prefix))  # type: ignore[attr-defined]


@pytest.mark.slow
@pytest.mark.parametrize("code", TRANSLATED)
async def test_every_message_fits_discord_in_each_shipped_language(
    simcord_env: simcord.Env, member_locale: list[str], code: str
) -> None:
    member_locale[0] = code
    seen: Seen = await play_round(simcord_env, code)
    too_long = [(length, start) for length, start in seen.lengths if length > LIMIT]
    assert not too_long
    assert len(seen.texts) > 40


async def test_the_uploaded_commands_carry_every_shipped_language(
    simcord_env: simcord.Env,
) -> None:
    """What start-up sent Discord: names in English only, and every description and choice
    name localised for each shipped language, in that language's catalogue words wherever they
    differ from the English (the languages themselves are offered by their own names)."""
    uploads = [
        entry.json
        for entry in simcord_env.http_requests
        if entry.method == "PUT" and entry.path.endswith("/commands")
    ]
    assert len(uploads) == 1 and isinstance(uploads[0], list)
    described = choices = 0
    for command in uploads[0]:
        stack = [command]
        while stack:
            item = stack.pop()
            stack += item.get("options", [])
            assert not item.get("name_localizations")
            if item.get("description"):
                described += 1
                assert item["description_localizations"] == localised(item["description"])
            for choice in item.get("choices", []):
                given = choice.get("name_localizations", {})
                if item["name"] == "locale" and choice["value"] in shipped():
                    # a language is offered by its own name, the same for every reader
                    assert not given and choice["name"] == language_name(choice["value"])
                else:
                    assert given == localised(choice["name"]), choice
                    choices += 1
    assert described > 30 and choices > 20


def localised(english: str) -> dict[str, str]:
    """Per Discord locale, its shipped language's words for ``english`` where they differ
    from it (Discord shows the English where a locale has none; es-419 reads es-ES)."""
    words = {str(locale): translate(english, resolve(str(locale))) for locale in discord.Locale}
    return {code: text for code, text in words.items() if text != english}


@pytest.mark.skipif("fr" not in shipped(), reason="French is not shipped")
async def test_the_levels_offered_as_you_type_are_in_the_members_language(
    simcord_env: simcord.Env, member_locale: list[str]
) -> None:
    env = simcord_env
    owner = env.create_user("alice")
    guild = env.create_guild("Club", owner=owner, preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(owner)
    member_locale[0] = "fr"
    offered = await alice.autocomplete(channel, "tictactoe start", "level", "eas")
    assert [choice["value"] for choice in offered] == ["easy"]
    assert offered[0]["name"] == translate("easy: looks one move ahead, often slips", "fr")
    assert offered[0]["name"] != "easy: looks one move ahead, often slips"
