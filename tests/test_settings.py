"""Settings come from the environment with defaults, and bad values are refused in plain words."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.settings import (
    DEFAULT_DATABASE_PATH,
    CommandRate,
    DatabaseUrl,
    Settings,
    SettingsError,
)
from bot.storage.postgres.store import DEFAULT_POOL_SIZE
from bot.storage.sqlite.store import DEFAULT_WRITE_TIMEOUT


def test_defaults_when_nothing_is_set() -> None:
    settings = Settings.from_env({})
    assert settings == Settings()
    assert settings.discord_token is None
    assert settings.command_prefix == "!"
    assert settings.database_path == DEFAULT_DATABASE_PATH
    assert settings.idle_timeout_seconds == 600.0
    assert settings.discord_guild_id is None
    assert settings.log_level == "INFO"
    assert settings.command_rate == CommandRate(10, 5.0)
    assert settings.database_url is None  # SQLite at database_path
    assert settings.database_pool_size == DEFAULT_POOL_SIZE == 5
    assert settings.database_write_timeout == DEFAULT_WRITE_TIMEOUT == 2.0


def test_every_setting_is_read() -> None:
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": " abc.def ",
            "COMMAND_PREFIX": "?",
            "DATABASE_PATH": "/tmp/games.db",
            "IDLE_TIMEOUT_MINUTES": "2.5",
            "DISCORD_GUILD_ID": "123456789012345678",
            "LOG_LEVEL": "debug",
            "COMMAND_RATE": " 5 / 2.5 ",
            "ENGINE_CACHE_MB": "32",
            "DATABASE_URL": " postgresql://bot:pw@db.example:5432/games ",
            "DATABASE_POOL_SIZE": "12",
            "DATABASE_WRITE_TIMEOUT": "0.5",
            "DELIVERY_FIRST_TRY_SECONDS": " 4.5 ",
        }
    )
    assert settings.discord_token == "abc.def"
    assert settings.command_prefix == "?"
    assert settings.database_path == Path("/tmp/games.db")
    assert settings.idle_timeout_seconds == 150.0
    assert settings.discord_guild_id == 123456789012345678
    assert settings.log_level == "DEBUG"
    assert settings.command_rate == CommandRate(5, 2.5)
    assert str(settings.command_rate) == "5/2.5"
    assert settings.engine_cache_mb == 32.0
    assert settings.database_url == DatabaseUrl("postgresql://bot:pw@db.example:5432/games")
    assert settings.database_pool_size == 12
    assert settings.database_write_timeout == 0.5
    assert settings.delivery_first_try_seconds == 4.5


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://bot:pw@db.example:5432/games",
        "postgres://bot:pw@db.example/games",
        "postgresql://bot@10.0.0.5/games?sslmode=require&connect_timeout=5",
        "postgresql:///games",
        "postgresql://[::1]:5433/games",
        "postgresql://db1:5432,db2:5433/games",
        "postgresql://bot:p%40ss%3Aw%2Frd@db/games",
    ],
)
def test_postgresql_urls_are_taken_as_written(url: str) -> None:
    settings = Settings.from_env({"DATABASE_URL": url})
    assert settings.database_url is not None
    assert settings.database_url.url == url


def test_blank_values_mean_default() -> None:
    env = {"DISCORD_TOKEN": "", "DISCORD_GUILD_ID": "  ", "IDLE_TIMEOUT_MINUTES": ""}
    assert Settings.from_env(env) == Settings()


BAD_VALUES = [
    ("IDLE_TIMEOUT_MINUTES", "soon", "is not a number: write a number from 1 to 10080 minutes"),
    ("IDLE_TIMEOUT_MINUTES", "0", "must be a number from 1 to 10080 minutes"),
    ("IDLE_TIMEOUT_MINUTES", "-3", "from 1 to 10080"),
    ("IDLE_TIMEOUT_MINUTES", "nan", "from 1 to 10080"),
    ("IDLE_TIMEOUT_MINUTES", "inf", "from 1 to 10080"),
    ("DISCORD_GUILD_ID", "my-server", "Copy Server ID"),
    ("LOG_LEVEL", "LOUD", "not a log level"),
    ("COMMAND_PREFIX", "t t", "spaces"),
    ("COMMAND_RATE", "5", "for example COMMAND_RATE=5/10"),
    ("COMMAND_RATE", "five/10", "commands/seconds"),
    ("COMMAND_RATE", "5/soon", "commands/seconds"),
    ("COMMAND_RATE", "0/10", "commands/seconds"),
    ("COMMAND_RATE", "2.5/10", "commands/seconds"),
    ("COMMAND_RATE", "5/0", "commands/seconds"),
    ("COMMAND_RATE", "5/-1", "commands/seconds"),
    ("COMMAND_RATE", "5/nan", "commands/seconds"),
    ("COMMAND_RATE", "5/inf", "commands/seconds"),
    ("COMMAND_RATE", "5/10/2", "commands/seconds"),
    ("ENGINE_CACHE_MB", "lots", "not a number"),
    ("ENGINE_CACHE_MB", "0", "from 1 to"),
    ("ENGINE_CACHE_MB", "0.0000001", "from 1 to"),  # would be no byte at all: a crash
    ("ENGINE_CACHE_MB", "1e303", "from 1 to"),  # would overflow the byte count: a crash
    ("DATABASE_URL", "mysql://bot:pw@db/games", "not a PostgreSQL URL"),
    ("DATABASE_URL", "db.example:5432/games", "not a PostgreSQL URL"),
    ("DATABASE_URL", "host=db dbname=games", "not a PostgreSQL URL"),
    ("DATABASE_URL", "postgresql://bot:pw@db:port/games", "port from 1 to 65535"),
    ("DATABASE_URL", "postgresql://bot:pw@db:70000/games", "port from 1 to 65535"),
    ("DATABASE_URL", "postgresql://bot:p#ss@db/games", "%23"),
    ("DATABASE_URL", "postgresql://bot:p/ss@db/games", "%2F"),
    ("DATABASE_URL", "postgresql://[::1/games", "cannot be read"),
    ("DATABASE_POOL_SIZE", "0", "from 1 to 100"),
    ("DATABASE_POOL_SIZE", "101", "from 1 to 100"),
    ("DATABASE_POOL_SIZE", "2.5", "whole number"),
    ("DATABASE_POOL_SIZE", "five", "whole number"),
    ("DATABASE_WRITE_TIMEOUT", "soon", "not a number"),
    ("DATABASE_WRITE_TIMEOUT", "0", "from 0.1 to 60 seconds"),
    ("DATABASE_WRITE_TIMEOUT", "61", "from 0.1 to 60 seconds"),
]
"""A setting, a value it refuses, and words of the sentence refusing it."""

BAD_SHARDS_AND_METRICS = [
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT", "from 1 to 100000"),
    ({"SHARD_COUNT": "-2"}, "SHARD_COUNT", "whole number"),
    ({"SHARD_COUNT": "2.5"}, "SHARD_COUNT", "whole number"),
    ({"SHARD_COUNT": "many"}, "SHARD_COUNT", "as many as Discord recommends"),
    ({"SHARD_COUNT": "100001"}, "SHARD_COUNT", "from 1 to 100000"),
    ({"SHARD_IDS": "0-3"}, "SHARD_IDS", "needs SHARD_COUNT too"),
    ({"SHARD_COUNT": "8", "SHARD_IDS": "0-3-5"}, "SHARD_IDS", "for example SHARD_IDS=0-3"),
    ({"SHARD_COUNT": "8", "SHARD_IDS": "0,,1"}, "SHARD_IDS", "separated by commas"),
    ({"SHARD_COUNT": "8", "SHARD_IDS": "1 2"}, "SHARD_IDS", "separated by commas"),
    ({"SHARD_COUNT": "8", "SHARD_IDS": "-1"}, "SHARD_IDS", "separated by commas"),
    ({"SHARD_COUNT": "8", "SHARD_IDS": "3-1"}, "SHARD_IDS", "runs backwards; write 1-3"),
    ({"SHARD_COUNT": "8", "SHARD_IDS": "4-8"}, "SHARD_IDS", "0 to 7"),
    ({"SHARD_COUNT": "8", "SHARD_IDS": "0-3,2"}, "SHARD_IDS", "names shard 2 twice"),
    ({"METRICS_PORT": "0"}, "METRICS_PORT", "from 1 to 65535"),
    ({"METRICS_PORT": "65536"}, "METRICS_PORT", "from 1 to 65535"),
    ({"METRICS_PORT": "http"}, "METRICS_PORT", "for example METRICS_PORT=9100"),
]
"""Settings (the shards' two together), the one refused, named in the sentence as
``NAME=``, and words of that sentence."""


@pytest.mark.parametrize(
    ("env", "named", "words"),
    [({name: value}, name, words) for name, value, words in BAD_VALUES]
    + [(env, f"{name}=", words) for env, name, words in BAD_SHARDS_AND_METRICS],
)
def test_bad_values_are_refused_with_the_setting_named(
    env: dict[str, str], named: str, words: str
) -> None:
    with pytest.raises(SettingsError) as caught:
        Settings.from_env(env)
    message = str(caught.value)
    assert named in message
    assert words in message


def test_the_token_never_shows_in_repr_or_str() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "very-secret-token"})
    assert "very-secret-token" not in repr(settings)
    assert "very-secret-token" not in str(settings)
    assert settings.discord_token == "very-secret-token"  # hidden, not lost
    assert "command_prefix='!'" in repr(settings)  # the other settings still show


PASSWORDS = st.text(min_size=1).map(lambda text: "ZqX" + text)
"""Any password, marked so that a sentence quoting it is caught."""

SCHEMES = st.sampled_from(["postgresql://", "postgres://", "mysql://", "", "postgresql:"])


def postgres_url(password: str) -> str:
    return f"postgresql://bot:{quote(password, safe='')}@db.example:5432/games"


@given(password=PASSWORDS)
def test_a_database_password_never_shows_in_repr_or_str(password: str) -> None:
    settings = Settings.from_env({"DATABASE_URL": postgres_url(password), "DISCORD_TOKEN": "t"})
    assert settings.database_url == DatabaseUrl(postgres_url(password))  # hidden, not lost
    masked = "postgresql://bot:***@db.example:5432/games"
    assert str(settings.database_url) == masked
    assert f"database_url=DatabaseUrl('{masked}')" in repr(settings)
    other = replace(settings, database_url=DatabaseUrl(postgres_url("another")))
    assert repr(settings) == repr(other)  # nothing of the password shows, not even its length


@given(password=PASSWORDS, port=st.text(max_size=6), scheme=SCHEMES)
def test_a_mistyped_database_url_is_refused_without_its_password(
    password: str, port: str, scheme: str
) -> None:
    """Written unencoded, a password may land anywhere in the URL: no sentence quotes it."""
    url = f"{scheme}bot:{password}@db.example:{port}/games?sslmode=require&password={password}"
    try:
        settings = Settings.from_env({"DATABASE_URL": url})
    except SettingsError as error:
        assert "DATABASE_URL" in str(error)
        assert "ZqX" not in str(error)
    else:
        assert "ZqX" not in repr(settings)


def test_env_example_lists_every_setting() -> None:
    example = (Path(__file__).parent.parent / ".env.example").read_text(encoding="utf-8")
    assignments = [line for line in example.splitlines() if "=" in line and line[0] != "#"]
    names = {line.split("=", 1)[0] for line in assignments}
    assert names == {
        "DISCORD_TOKEN",
        "COMMAND_PREFIX",
        "DATABASE_PATH",
        "IDLE_TIMEOUT_MINUTES",
        "CHALLENGE_TIMEOUT_MINUTES",
        "DISCORD_GUILD_ID",
        "LOG_LEVEL",
        "COMMAND_RATE",
        "ENGINE_CACHE_MB",
        "SHARD_COUNT",
        "SHARD_IDS",
        "METRICS_PORT",
        "METRICS_HOST",
        "DATABASE_URL",
        "DATABASE_POOL_SIZE",
        "DATABASE_WRITE_TIMEOUT",
        "DELIVERY_FIRST_TRY_SECONDS",
    }


# -- shards and metrics ----------------------------------------------------------------------


def test_shards_and_metrics_default_to_one_process_with_discords_count_and_no_metrics() -> None:
    settings = Settings.from_env({"SHARD_COUNT": " ", "SHARD_IDS": "", "METRICS_PORT": ""})
    assert settings.shard_count is None  # Discord's recommendation
    assert settings.shard_ids is None  # every shard
    assert settings.metrics_port is None


@pytest.mark.parametrize(
    ("env", "count", "ids"),
    [
        ({"SHARD_COUNT": "4"}, 4, None),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "0-3"}, 8, (0, 1, 2, 3)),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "4,5,6,7"}, 8, (4, 5, 6, 7)),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "6, 0-1"}, 8, (0, 1, 6)),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1-1"}, 2, (1,)),
    ],
)
def test_shard_settings_are_read(
    env: dict[str, str], count: int, ids: tuple[int, ...] | None
) -> None:
    settings = Settings.from_env(env)
    assert (settings.shard_count, settings.shard_ids) == (count, ids)


def test_metrics_port_is_read() -> None:
    assert Settings.from_env({"METRICS_PORT": "9100"}).metrics_port == 9100


@st.composite
def shards_written(draw: st.DrawFn) -> tuple[int, list[int], str]:
    """A shard count, the ids of some of its shards, and one of the many ways to write them:
    single ids and ranges (a range may be one id, ``3-3``), in any order, spaced freely."""
    count = draw(st.integers(1, 300))
    ids = sorted(draw(st.sets(st.integers(0, count - 1), min_size=1)))
    pieces: list[str] = []
    start = 0
    while start < len(ids):  # cut the sorted ids into runs of consecutive numbers
        end = start
        while end + 1 < len(ids) and ids[end + 1] == ids[end] + 1 and draw(st.booleans()):
            end += 1
        space = st.sampled_from(["", " ", "  "])
        if end > start or draw(st.booleans()):
            dash = f"{draw(space)}-{draw(space)}"
            pieces.append(f"{draw(space)}{ids[start]}{dash}{ids[end]}{draw(space)}")
        else:
            pieces.append(f"{draw(space)}{ids[start]}{draw(space)}")
        start = end + 1
    return count, ids, ",".join(draw(st.permutations(pieces)))


@given(shards_written())
def test_any_way_of_writing_the_shard_ids_reads_as_those_ids(
    written: tuple[int, list[int], str],
) -> None:
    count, ids, text = written
    settings = Settings.from_env({"SHARD_COUNT": str(count), "SHARD_IDS": text})
    assert settings.shard_count == count
    assert settings.shard_ids == tuple(ids)


@given(shards_written(), st.integers(0, 10**6), st.booleans())
def test_an_id_past_the_count_is_refused_naming_it(
    written: tuple[int, list[int], str], beyond: int, as_range: bool
) -> None:
    count, _ids, text = written
    stray = count + beyond
    piece = f"0-{stray}" if as_range else str(stray)
    with pytest.raises(SettingsError) as caught:
        Settings.from_env({"SHARD_COUNT": str(count), "SHARD_IDS": f"{text},{piece}"})
    message = str(caught.value)
    assert f"names shard {stray}, but SHARD_COUNT={count} numbers the shards 0 to" in message


@given(shards_written(), st.data())
def test_an_id_named_twice_is_refused(
    written: tuple[int, list[int], str], data: st.DataObject
) -> None:
    count, ids, text = written
    again = data.draw(st.sampled_from(ids))
    with pytest.raises(SettingsError, match=r"^SHARD_IDS=.* names shard \d+ twice\.$"):
        Settings.from_env({"SHARD_COUNT": str(count), "SHARD_IDS": f"{text},{again}"})


ANY_TEXT = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="0123456789-, ", max_size=30),  # near misses of the real syntax
    st.from_regex(r"[0-9]{1,6000}", fullmatch=True),  # numbers too long for int() to read
)


@given(count=ANY_TEXT, ids=ANY_TEXT, port=ANY_TEXT)
def test_any_text_reads_or_is_refused_with_a_sentence(count: str, ids: str, port: str) -> None:
    """Whatever an operator writes, the program starts or says which setting is wrong: never
    a traceback from deeper down."""
    env = {"SHARD_COUNT": count, "SHARD_IDS": ids, "METRICS_PORT": port}
    try:
        settings = Settings.from_env(env)
    except SettingsError as error:
        assert str(error).split("=", 1)[0] in env
        return
    if settings.shard_ids is not None:
        assert settings.shard_count is not None
        assert all(0 <= shard < settings.shard_count for shard in settings.shard_ids)
        assert len(set(settings.shard_ids)) == len(settings.shard_ids)
    assert settings.metrics_port is None or 1 <= settings.metrics_port <= 65_535


@given(st.integers(-(10**6), 10**6))
def test_a_metrics_port_is_a_tcp_port(port: int) -> None:
    if 1 <= port <= 65_535:
        assert Settings.from_env({"METRICS_PORT": str(port)}).metrics_port == port
    else:
        with pytest.raises(SettingsError, match="METRICS_PORT"):
            Settings.from_env({"METRICS_PORT": str(port)})


# -- every numeric setting has a range, checked at start-up and said in its sentence ---------
# (issue 26, item 8)

RANGES: dict[str, tuple[float, float, str, Callable[[Settings], float | None]]] = {
    "IDLE_TIMEOUT_MINUTES": (
        1,
        10_080,
        "from 1 to 10080 minutes",
        lambda s: s.idle_timeout_seconds / 60,
    ),
    "CHALLENGE_TIMEOUT_MINUTES": (
        1,
        1_440,
        "from 1 to 1440 minutes",
        lambda s: s.challenge_timeout_seconds / 60,
    ),
    "ENGINE_CACHE_MB": (1, 2**20, "from 1 to 1048576", lambda s: s.engine_cache_mb),
    "DATABASE_WRITE_TIMEOUT": (
        0.1,
        60,
        "from 0.1 to 60 seconds",
        lambda s: s.database_write_timeout,
    ),
    "DATABASE_POOL_SIZE": (1, 100, "from 1 to 100", lambda s: s.database_pool_size),
    "DELIVERY_FIRST_TRY_SECONDS": (
        1,
        300,
        "from 1 to 300 seconds",
        lambda s: s.delivery_first_try_seconds,
    ),
    "SHARD_COUNT": (1, 100_000, "from 1 to 100000", lambda s: s.shard_count),
    "METRICS_PORT": (1, 65_535, "from 1 to 65535", lambda s: s.metrics_port),
    "DISCORD_GUILD_ID": (
        1,
        2**63 - 1,
        "from 1 to 9223372036854775807",
        lambda s: s.discord_guild_id,
    ),
}
"""Each numeric setting: the lowest and highest value it takes, the words naming that range in
its sentence, and where the value lands in ``Settings``."""

COMMAND_RATE_RANGE = "from 1 to 1000 commands over 1 to 86400 seconds"

NUMBERS = st.one_of(
    st.floats().map(str),  # nan, inf, -0.0, 1e+300, 5e-324 ...
    st.integers(-(10**25), 10**25).map(str),
    st.floats(0, 2e5).map(lambda x: f"{x:.6f}"),
    st.sampled_from(
        ["1e15", "0.0000001", "0.5", "NaN", "-inf", "Infinity", "1e-320", "²", "١٢٣", "1_0", "0x10"]
    ),
    st.from_regex(r"[0-9]{1,6000}", fullmatch=True),
    st.text(max_size=12),
)
"""What an operator might write for a number: every kind of float and int, near misses, huge
and tiny values, digits of other scripts, and any text."""


@given(name=st.sampled_from(sorted(RANGES)), raw=NUMBERS)
def test_a_numeric_setting_is_in_its_range_or_refused_naming_it(name: str, raw: str) -> None:
    low, high, words, read = RANGES[name]
    try:
        settings = Settings.from_env({name: raw})
    except SettingsError as error:
        assert str(error).startswith(f"{name}=")
        assert words in str(error)
        return
    value = read(settings)
    if raw.strip():
        assert value is not None and low <= value <= high


@given(commands=NUMBERS, seconds=NUMBERS)
def test_a_command_rate_is_in_its_range_or_refused_naming_it(commands: str, seconds: str) -> None:
    raw = f"{commands}/{seconds}"
    try:
        rate = Settings.from_env({"COMMAND_RATE": raw}).command_rate
    except SettingsError as error:
        assert str(error).startswith("COMMAND_RATE=")
        assert COMMAND_RATE_RANGE in str(error)
        return
    assert 1 <= rate.commands <= 1000 and 1 <= rate.seconds <= 86_400


@pytest.mark.parametrize(
    ("name", "raw"),
    [
        ("IDLE_TIMEOUT_MINUTES", "1e15"),  # was "Python int too large to convert to C int"
        ("CHALLENGE_TIMEOUT_MINUTES", "1e15"),
        ("DATABASE_WRITE_TIMEOUT", "0.0000001"),  # was every launch failing as "busy"
        ("ENGINE_CACHE_MB", "0"),
        ("IDLE_TIMEOUT_MINUTES", "nan"),
        ("DISCORD_GUILD_ID", "²"),  # was a ValueError from int()
        ("DISCORD_GUILD_ID", "0"),
    ],
)
def test_the_values_of_the_issue_are_refused_with_their_range(name: str, raw: str) -> None:
    with pytest.raises(SettingsError) as caught:
        Settings.from_env({name: raw})
    assert str(caught.value).startswith(f"{name}={raw!r} ")
    assert RANGES[name][2] in str(caught.value)


@pytest.mark.parametrize("raw", ["0/10", "10/0", "1001/10", "5/0.5", "5/86401"])
def test_a_command_rate_out_of_range_is_refused_with_the_range(raw: str) -> None:
    with pytest.raises(SettingsError) as caught:
        Settings.from_env({"COMMAND_RATE": raw})
    assert COMMAND_RATE_RANGE in str(caught.value)


def test_the_readme_states_every_numeric_settings_range() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    rows = {
        line.split("|")[1].strip(" `"): line for line in readme.splitlines() if line[:3] == "| `"
    }
    for name, (_, _, words, _) in RANGES.items():
        assert words.removeprefix("from ") in rows[name], name
    assert "1 to 1000 commands over 1 to 86400 seconds" in rows["COMMAND_RATE"]


# -- METRICS_HOST (issue 26, item 13) --------------------------------------------------------


def test_metrics_listen_on_this_machine_only_unless_told_otherwise() -> None:
    assert Settings.from_env({}).metrics_host == "127.0.0.1"
    for host in ["0.0.0.0", "::", "10.0.0.5", "::1", " 192.168.1.20 "]:
        assert Settings.from_env({"METRICS_HOST": host}).metrics_host == host.strip()


@pytest.mark.parametrize("host", ["localhost", "every", "10.0.0", "300.1.1.1", "[::1]", "a b"])
def test_a_metrics_host_that_is_no_ip_address_is_refused(host: str) -> None:
    with pytest.raises(SettingsError) as caught:
        Settings.from_env({"METRICS_HOST": host})
    message = str(caught.value)
    assert message.startswith(f"METRICS_HOST={host!r} must be an IP address of this machine")
    assert "127.0.0.1" in message and "0.0.0.0" in message


@given(st.one_of(st.text(max_size=40), st.ip_addresses().map(str)))
def test_any_metrics_host_is_an_ip_address_or_refused_with_a_sentence(host: str) -> None:
    try:
        settings = Settings.from_env({"METRICS_HOST": host})
    except SettingsError as error:
        assert str(error).startswith("METRICS_HOST=")
        return
    assert ipaddress.ip_address(settings.metrics_host)


def test_the_readme_lists_metrics_host_with_its_default() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert "| `METRICS_HOST` | `127.0.0.1` |" in readme
