"""The rules of a server's settings (``bot.games.server_settings``): what each value may be,
the sentence a bad one gets, where a start's options come from, and the cache."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.errors import ChannelNotAllowedError, DuelsOffError, SettingsError
from bot.games.server_settings import (
    CHALLENGE_MINUTES,
    IDLE_MINUTES,
    IDLE_REFUSAL,
    MOST_CHANNELS,
    ServerSettings,
    SettingsCache,
    parse_minutes,
    parse_on_off,
    with_channel,
    with_defaults,
    with_limits,
)
from bot.games.variants.classic import CLASSIC
from bot.games.variants.ultimate import ULTIMATE

GUILD = 7
NONE = ServerSettings(GUILD)


@given(st.one_of(st.text(max_size=40), st.integers()))
def test_minutes_are_read_or_refused_with_a_sentence(text: str | int) -> None:
    try:
        minutes = parse_minutes(text, IDLE_REFUSAL, IDLE_MINUTES)
    except SettingsError as error:
        assert str(error).startswith("Idle minutes must be a whole number of minutes from 1 to")
        return
    if minutes is None:
        assert int(str(text).strip()) == 0
    else:
        assert IDLE_MINUTES[0] <= minutes <= IDLE_MINUTES[1]
        assert minutes == int(str(text).strip())


@given(st.text(max_size=20))
def test_on_off_reads_only_on_and_off(text: str) -> None:
    try:
        allowed = parse_on_off(text)
    except SettingsError as error:
        assert str(error).startswith("Duels must be on or off, not ")
        return
    assert text.strip().lower() in ("on", "off") and allowed == (text.strip().lower() == "on")


@given(st.one_of(st.text(max_size=20), st.integers(-10, 20)))
def test_a_default_size_is_a_board_size_or_unset(size: str | int) -> None:
    try:
        settings = with_defaults(NONE, size=size)
    except SettingsError as error:
        assert str(error).startswith("The board size must be 3, 4 or 5, not ")
        return
    assert settings.size in (None, 3, 4, 5)


def test_defaults_are_checked_kept_and_cleared() -> None:
    settings = with_defaults(NONE, level="Easy", size="4", first="me")
    assert (settings.level, settings.size, settings.first) == ("easy", 4, "me")
    assert with_defaults(settings, size=0) == ServerSettings(GUILD, level="easy", first="me")
    assert with_defaults(settings, level="unset").level is None
    with pytest.raises(SettingsError, match="There is no level 'godlike'"):
        with_defaults(NONE, level="godlike")
    # a server's defaults are the default kind's options: ultimate's strongest is not one
    with pytest.raises(SettingsError, match=r"no level 'strongest'\. Choose one of: easy,"):
        with_defaults(NONE, level="strongest")
    with pytest.raises(SettingsError, match="Name at least one"):
        with_defaults(NONE)


def test_limits_are_checked_within_their_ranges() -> None:
    settings = with_limits(NONE, idle_minutes=10080, challenge_minutes=1, duels="off")
    assert (settings.idle_minutes, settings.challenge_minutes, settings.duels) == (10080, 1, False)
    assert with_limits(settings, idle_minutes=0).idle_minutes is None
    with pytest.raises(SettingsError, match=r"Challenge minutes must be .* from 1 to 1440"):
        with_limits(NONE, challenge_minutes=CHALLENGE_MINUTES[1] + 1)
    with pytest.raises(SettingsError, match="Idle minutes"):
        with_limits(NONE, idle_minutes=-1)


def test_channels_are_added_removed_and_cleared_on_this_server_only() -> None:
    settings = with_channel(NONE, "add", 30, GUILD)
    settings = with_channel(settings, "add", 20, GUILD)
    assert settings.channel_ids == (20, 30)
    assert with_channel(settings, "add", 20, GUILD) == settings
    assert with_channel(settings, "remove", 30, GUILD).channel_ids == (20,)
    assert with_channel(settings, "clear", None, None).channel_ids == ()
    with pytest.raises(SettingsError, match="not on this server"):
        with_channel(NONE, "add", 5, GUILD + 1)
    with pytest.raises(SettingsError, match="not in the list"):
        with_channel(NONE, "remove", 5, GUILD)
    full = ServerSettings(GUILD, channel_ids=tuple(range(1, MOST_CHANNELS + 1)))
    with pytest.raises(SettingsError, match="at most 25 channels"):
        with_channel(full, "add", 1000, GUILD)


def test_channel_list_and_duels_refuse_with_their_sentences() -> None:
    NONE.check_channel(123)  # no list: everywhere
    listed = ServerSettings(GUILD, channel_ids=(1, 2))
    listed.check_channel(2)
    with pytest.raises(ChannelNotAllowedError) as refused:
        listed.check_channel(3)
    assert str(refused.value) == "On this server games are played only in <#1> or <#2>."
    with pytest.raises(DuelsOffError):
        ServerSettings(GUILD, duels=False).check_duels()


def test_a_starts_options_come_from_the_member_then_the_server_then_the_bot() -> None:
    server = ServerSettings(GUILD, level="perfect", size=4, first="bot")
    assert server.start_options(CLASSIC, None, None, None) == ("perfect", "bot", 4)
    assert server.start_options(CLASSIC, "easy", "me", 3) == ("easy", "me", 3)
    # None: the kind's own default, which its variant gives (3x3 for classic)
    assert NONE.start_options(CLASSIC, None, None, None) == (None, "random", None)
    assert CLASSIC.check_size(None) == 3
    # no perfect, and no 4x4, in ultimate: the server's level and size stay classic's
    assert server.start_options(ULTIMATE, None, None, None) == (None, "bot", None)
    assert ServerSettings(GUILD, level="easy").start_options(ULTIMATE, None, None, None)[0] == (
        "easy"
    )


class FakeStore:
    def __init__(self) -> None:
        self.rows: dict[int, ServerSettings] = {}
        self.reads = 0

    async def server_settings(self, guild_id: int) -> ServerSettings | None:
        self.reads += 1
        return self.rows.get(guild_id)


async def test_the_cache_trusts_a_read_for_its_time_and_a_save_at_once() -> None:
    store, now = FakeStore(), [0.0]
    cache = SettingsCache(store, ttl=5.0, clock=lambda: now[0])  # type: ignore[arg-type]
    assert await cache.get(GUILD) == NONE
    store.rows[GUILD] = ServerSettings(GUILD, duels=False, version=1)  # another process
    now[0] = 4.9
    assert (await cache.get(GUILD)).duels and store.reads == 1
    now[0] = 5.0
    assert not (await cache.get(GUILD)).duels and store.reads == 2
    cache.put(ServerSettings(GUILD, size=5, version=2))  # this process saved
    assert (await cache.get(GUILD)).size == 5 and store.reads == 2
    cache.forget(GUILD)
    assert not (await cache.get(GUILD)).duels and store.reads == 3
    assert await cache.get(None) == ServerSettings(0) and store.reads == 3
