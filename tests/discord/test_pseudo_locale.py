"""The Discord bot in the pseudo-locale ``en-XA`` (every sentence accented and a third longer):
with the member's Discord locale and the server's language both ``en-XA``, nothing the bot
sends is left in English, and every message fits Discord's 2,000 characters with 32-character
member names, on boards of every size (ultimate too)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
import simcord
import simcord.interactions
from discord_helpers import MakeBot
from locale_round import ALICE, BOB, LIMIT, play_round

from bot.discord_bot import TicTacToeBot
from bot.discord_bot.texts import help_text, levels_text
from bot.i18n import PSEUDO, _, shipped, use_locale
from bot.settings import CommandRate, Settings

TYPED = {
    # levels, kinds and option values as a member types them (the status line names the level
    # so): never translated, like command names
    "easy", "medium", "hard", "perfect", "adaptive", "strongest", "classic", "ultimate",
    "random", "challenger", "opponent", "duels", "solo",
    # what the round's member types as a cell ("!move banana"), quoted back to them
    "banana",
}  # fmt: skip
"""Words a member types, left in ASCII by every language: the only plain words allowed."""


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


def leftovers(text: str) -> set[str]:
    """Every plain ASCII word of four letters or more in ``text`` outside member names, inline
    code (commands), mentions, URLs and ``<row>``/``<column>``, bar the values members type:
    the pseudo-locale accents every letter of a catalogued sentence, so a word left plain
    bypassed the catalogue (whether or not the catalogue has that word anywhere)."""
    text = text.replace(ALICE, " ").replace(BOB, " ")
    # <row> <column> after a command is left as it is by the pseudo-locale (a translator
    # words it); !move is a command
    text = re.sub(r"`[^`]*`|<[@#][!&]?\d+>|<[a-z]+>|!move|https?://\S+", " ", text)
    words = set(re.findall(r"(?<![^\W\d_])[A-Za-z]{4,}(?![^\W\d_])", text))
    return {word for word in words if word.lower() not in TYPED}


def test_the_probe_sees_english() -> None:
    """Not vacuous: English, catalogued or not, is flagged; the pseudo-locale's is not."""
    assert leftovers("Your move, " + ALICE + ": frobnicate.") == {"Your", "move", "frobnicate"}
    with use_locale(PSEUDO):
        assert leftovers(_("That game is over.")) == set()


async def test_the_pseudo_locale_leaves_no_english_and_every_message_fits(
    simcord_env: simcord.Env, member_locale: list[str]
) -> None:
    seen = await play_round(simcord_env, PSEUDO)
    too_long = [(length, start) for length, start in seen.lengths if length > LIMIT]
    assert not too_long
    english: dict[str, set[str]] = {}
    for text in seen.texts:
        words = leftovers(text)
        if words:
            english[text[:120]] = words
    assert not english


@pytest.mark.parametrize("code", [*shipped(), PSEUDO])
def test_each_help_message_fits_in_every_locale(code: str) -> None:
    with use_locale(code):
        assert len(help_text("!")) <= LIMIT and len(levels_text()) <= LIMIT
