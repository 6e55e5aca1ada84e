"""Settings read from the environment (and ``.env``), shared by every adapter.

Kept free of Discord so the terminal game can use the same database and idle timeout.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from bot.games.boards import FIRST_TRY, LATEST_TRY
from bot.storage.defaults import DEFAULT_POOL_SIZE, DEFAULT_WRITE_TIMEOUT

DEFAULT_DATABASE_PATH = Path("data") / "tictactoe.db"

MAX_POOL_SIZE = 100
"""PostgreSQL's default ``max_connections``: one process asking for more is a typo."""

MAX_WRITE_TIMEOUT = 60.0
"""A player waits at most this long for an answer; a longer wait is a hang, not a timeout."""

MIN_WRITE_TIMEOUT = 0.1
"""Less, and a write queued behind another fails as busy though nothing is wrong."""

MAX_IDLE_MINUTES = 10_080
"""A week: a game nobody moved in for longer is abandoned, and an active game holds its channel."""

MAX_CHALLENGE_MINUTES = 1_440
"""A day: a challenge unanswered for longer is forgotten, and it holds the challenger's place."""

MAX_COMMANDS = 1_000
"""The most commands in a row ``COMMAND_RATE`` may allow: more is no guard at all."""

MAX_RATE_SECONDS = 86_400
"""A day: a slower refill of ``COMMAND_RATE`` is a ban, not a cooldown."""

MAX_FIRST_TRY_SECONDS = LATEST_TRY
"""A board owed waits for its first try no longer than for any later one."""

MAX_GUILD_ID = 2**63 - 1
"""The largest Discord ID (a 64-bit snowflake whose top bit is never set)."""

DATABASE_URL_FORM = "postgresql://user:password@host:5432/dbname"

DEFAULT_METRICS_HOST = "127.0.0.1"
"""Metrics are served to this machine only unless ``METRICS_HOST`` says otherwise."""


class SettingsError(ValueError):
    """A setting has a value the program cannot use; the message says which and why."""


@dataclass(frozen=True, slots=True)
class CommandRate:
    """The flood guard's allowance per member: ``commands`` commands (and clicks) in a row,
    which come back at ``commands`` per ``seconds`` ("10/5": ten in a row, then two a second);
    so over any ``T`` seconds at most ``commands * (1 + T / seconds)`` are answered."""

    commands: int = 10
    seconds: float = 5.0

    def __str__(self) -> str:
        return f"{self.commands}/{self.seconds:g}"


@dataclass(frozen=True, slots=True)
class DatabaseUrl:
    """A PostgreSQL URL (checked by ``Settings.from_env``); its repr and str mask the password,
    so settings can be logged. ``url`` is the real one, for the driver only."""

    url: str

    @property
    def masked(self) -> str:
        """The URL with the password (in the user part or a ``password=`` option) as ***."""
        parts = urlsplit(self.url)
        userinfo, at, hosts = parts.netloc.rpartition("@")
        user, colon, _ = userinfo.partition(":")
        netloc = f"{user}{':***' if colon else ''}@{hosts}" if at else hosts
        options = [
            f"{key}=***" if unquote(key).strip().lower() == "password" else option
            for option in parts.query.split("&")
            for key in [option.partition("=")[0]]
        ]
        query = "&".join(options)
        return f"{parts.scheme}://{netloc}{parts.path}{'?' if query else ''}{query}"

    def __str__(self) -> str:
        return self.masked

    def __repr__(self) -> str:
        return f"DatabaseUrl({self.masked!r})"


@dataclass(frozen=True, slots=True)
class Settings:
    """Every knob of the program, with the defaults a fresh install runs on."""

    discord_token: str | None = field(default=None, repr=False)  # never in a log line
    command_prefix: str = "!"
    database_path: Path = DEFAULT_DATABASE_PATH
    idle_timeout_seconds: float = 600.0
    discord_guild_id: int | None = None
    log_level: str = "INFO"
    command_rate: CommandRate = CommandRate()
    challenge_timeout_seconds: float = 300.0
    engine_cache_mb: float = 64.0  # memory the engine's caches keep (bot/engine/caches.py)
    shard_count: int | None = None  # None: as many shards as Discord recommends
    shard_ids: tuple[int, ...] | None = None  # None: every shard of shard_count
    metrics_port: int | None = None  # None: no Prometheus metrics served
    metrics_host: str = DEFAULT_METRICS_HOST  # the address the metrics listen on
    database_url: DatabaseUrl | None = None  # PostgreSQL instead of the SQLite file
    database_pool_size: int = DEFAULT_POOL_SIZE
    database_write_timeout: float = DEFAULT_WRITE_TIMEOUT
    delivery_first_try_seconds: float = FIRST_TRY  # a board owed, before the sweep tries it

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Build settings from ``env`` (default: ``os.environ``), rejecting bad values clearly."""
        env = os.environ if env is None else env

        def get(name: str) -> str | None:
            value = env.get(name, "").strip()
            return value or None

        token = get("DISCORD_TOKEN")
        prefix = get("COMMAND_PREFIX") or "!"
        if any(ch.isspace() for ch in prefix):
            raise SettingsError(f"COMMAND_PREFIX={prefix!r} must not contain spaces.")
        database = Path(get("DATABASE_PATH") or DEFAULT_DATABASE_PATH)
        idle = _number(get("IDLE_TIMEOUT_MINUTES"), "IDLE_TIMEOUT_MINUTES", 10, MAX_IDLE_MINUTES)
        guild = _guild_id(get("DISCORD_GUILD_ID"))
        level = (get("LOG_LEVEL") or "INFO").upper()
        if not isinstance(logging.getLevelName(level), int):
            raise SettingsError(
                f"LOG_LEVEL={level!r} is not a log level; use DEBUG, INFO, WARNING or ERROR."
            )
        rate = _command_rate(get("COMMAND_RATE"))
        challenge = _number(
            get("CHALLENGE_TIMEOUT_MINUTES"), "CHALLENGE_TIMEOUT_MINUTES", 5, MAX_CHALLENGE_MINUTES
        )
        cache_mb = _cache_mb(get("ENGINE_CACHE_MB"))
        shard_count, shard_ids = _shards(get("SHARD_COUNT"), get("SHARD_IDS"))
        return cls(
            token,
            prefix,
            database,
            idle * 60,
            guild,
            level,
            rate,
            challenge * 60,
            cache_mb,
            shard_count=shard_count,
            shard_ids=shard_ids,
            metrics_port=_port(get("METRICS_PORT"), "METRICS_PORT"),
            metrics_host=_metrics_host(get("METRICS_HOST")),
            database_url=_database_url(get("DATABASE_URL")),
            database_pool_size=_pool_size(get("DATABASE_POOL_SIZE")),
            database_write_timeout=_write_timeout(get("DATABASE_WRITE_TIMEOUT")),
            delivery_first_try_seconds=_number(
                get("DELIVERY_FIRST_TRY_SECONDS"),
                "DELIVERY_FIRST_TRY_SECONDS",
                FIRST_TRY,
                MAX_FIRST_TRY_SECONDS,
                unit="seconds",
            ),
        )


def _number(
    raw: str | None, name: str, default: float, high: float, low: float = 1, unit: str = "minutes"
) -> float:
    """``raw`` as a number of ``unit`` from ``low`` to ``high`` (``default`` when unset); the
    sentence refusing anything else (text, NaN, infinity) names that range."""
    if raw is None:
        return default
    wanted = (
        f"a number from {_plain(low)} to {_plain(high)} {unit}, "
        f"for example {name}={_plain(default)}."
    )
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name}={raw!r} is not a number: write {wanted}") from None
    if not low <= value <= high:  # also NaN
        raise SettingsError(f"{name}={raw!r} must be {wanted}")
    return value


def _plain(number: float) -> str:
    """``number`` as an operator writes it: ``1048576``, ``0.1``."""
    return str(int(number)) if float(number).is_integer() else f"{number:g}"


MAX_CACHE_MB = 2**20
"""The largest ``ENGINE_CACHE_MB`` (a terabyte): beyond it the byte count stops being a
number the caches can compare with."""


def _cache_mb(raw: str | None) -> float:
    """``ENGINE_CACHE_MB``: from 1 MB (less is not even a byte per cache) to
    ``MAX_CACHE_MB``."""
    return _number(raw, "ENGINE_CACHE_MB", 64, MAX_CACHE_MB, unit="megabytes")


def _guild_id(raw: str | None) -> int | None:
    if raw is None:
        return None
    guild = _whole(raw, 1, MAX_GUILD_ID)
    if guild is None:
        raise SettingsError(
            f"DISCORD_GUILD_ID={raw!r} must be a server ID, digits only, from 1 to "
            f"{MAX_GUILD_ID}: in Discord, enable Developer Mode, right-click the server and "
            "choose 'Copy Server ID'."
        )
    return guild


def _command_rate(raw: str | None) -> CommandRate:
    """``"5/10"``: 5 commands in a row, coming back at 5 per 10 seconds; a whole number of
    commands from 1 to ``MAX_COMMANDS`` over 1 to ``MAX_RATE_SECONDS`` seconds."""
    if raw is None:
        return CommandRate()
    count, slash, seconds = raw.partition("/")
    try:
        rate = CommandRate(int(count.strip()), float(seconds.strip()))
    except ValueError:
        rate = None
    if (
        not slash
        or rate is None
        or not 1 <= rate.commands <= MAX_COMMANDS
        or not 1 <= rate.seconds <= MAX_RATE_SECONDS  # also NaN
    ):
        raise SettingsError(
            f"COMMAND_RATE={raw!r} must be commands/seconds, from 1 to {MAX_COMMANDS} commands "
            f"over 1 to {MAX_RATE_SECONDS} seconds, for example COMMAND_RATE=5/10 "
            "(5 commands in a row per member, then 5 more every 10 seconds)."
        )
    return rate


# -- the database: PostgreSQL's URL, pool and lock wait ------------------------------------------

def _database_url(raw: str | None) -> DatabaseUrl | None:
    """A PostgreSQL URL as libpq reads it. The sentences never quote the value: it holds a
    password, and a mistyped URL may put it anywhere."""
    if raw is None:
        return None
    if not raw.startswith(("postgresql://", "postgres://")):
        raise SettingsError(
            f"DATABASE_URL is not a PostgreSQL URL: write it as {DATABASE_URL_FORM} "
            "(postgres:// works too), or leave it empty to use the SQLite file at DATABASE_PATH."
        )
    try:
        parts = urlsplit(raw)
    except ValueError:  # an unclosed "[" of an IPv6 address
        parts = None
    hosts = parts.netloc.rpartition("@")[2].split(",") if parts else []
    if not parts or parts.fragment or not all(_host_and_port_ok(host) for host in hosts):
        raise SettingsError(
            f"DATABASE_URL cannot be read: write it as {DATABASE_URL_FORM} with a port from 1 "
            "to 65535, and in the user name and password write @ : / ? # as %40 %3A %2F %3F %23."
        )
    return DatabaseUrl(raw)


def _host_and_port_ok(host: str) -> bool:
    """``host``, ``host:port``, ``[ipv6]``, ``[ipv6]:port`` or empty (the local socket)."""
    if host.endswith("]"):
        return host.startswith("[")
    name, colon, port = host.rpartition(":")
    if not colon:
        return True
    if "[" in name and not (name.startswith("[") and name.endswith("]")):
        return False
    return _whole(port, 1, 65_535) is not None


def _pool_size(raw: str | None) -> int:
    if raw is None:
        return DEFAULT_POOL_SIZE
    size = _whole(raw, 1, MAX_POOL_SIZE)
    if size is None:
        raise SettingsError(
            f"DATABASE_POOL_SIZE={raw!r} must be a whole number of connections from 1 to "
            f"{MAX_POOL_SIZE}, for example DATABASE_POOL_SIZE={DEFAULT_POOL_SIZE}."
        )
    return size


def _write_timeout(raw: str | None) -> float:
    return _number(
        raw,
        "DATABASE_WRITE_TIMEOUT",
        DEFAULT_WRITE_TIMEOUT,
        MAX_WRITE_TIMEOUT,
        MIN_WRITE_TIMEOUT,
        "seconds",
    )


# -- scale-out: shards and metrics ------------------------------------------------------------

MAX_SHARDS = 100_000
"""More shards than any bot needs (Discord puts up to 2,500 servers on one): a bigger count is a
typo, and one process would try to open every shard of it."""

_WHOLE = re.compile(r"[0-9]+")
_SHARD_ITEM = re.compile(r"\s*([0-9]+)\s*(?:-\s*([0-9]+)\s*)?")


def _shards(
    count_raw: str | None, ids_raw: str | None
) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` (empty: Discord's recommendation) and ``SHARD_IDS``, the shards this
    process runs out of them (empty: all), as ``0-3``, ``4,5,6,7`` or ``0-1,6``."""
    count = None
    if count_raw is not None:
        count = _whole(count_raw, 1, MAX_SHARDS)
        if count is None:
            raise SettingsError(
                f"SHARD_COUNT={count_raw!r} must be a whole number of shards from 1 to "
                f"{MAX_SHARDS}, for example SHARD_COUNT=4; leave it empty to use as many as "
                "Discord recommends."
            )
    if ids_raw is None:
        return count, None
    if count is None:
        raise SettingsError(
            f"SHARD_IDS={ids_raw!r} needs SHARD_COUNT too: the ids number the shards out of a "
            "total every process agrees on, for example SHARD_COUNT=8 and SHARD_IDS=0-3."
        )
    return count, _shard_ids(ids_raw, count)


def _shard_ids(raw: str, count: int) -> tuple[int, ...]:
    ids: set[int] = set()
    for item in raw.split(","):
        match = _SHARD_ITEM.fullmatch(item)
        if match is None:
            raise SettingsError(
                f"SHARD_IDS={raw!r} must be shard numbers and ranges separated by commas, for "
                "example SHARD_IDS=0-3, SHARD_IDS=4,5,6,7 or SHARD_IDS=0-1,6."
            )
        ends = (match[1], match[2] or match[1])
        for end in ends:
            if _whole(end, 0, count - 1) is None:
                raise SettingsError(
                    f"SHARD_IDS={raw!r} names shard {end}, but SHARD_COUNT={count} numbers the "
                    f"shards 0 to {count - 1}."
                )
        first, last = (int(end) for end in ends)
        if last < first:
            raise SettingsError(
                f"SHARD_IDS={raw!r}: the range {first}-{last} runs backwards; write {last}-{first}."
            )
        named = range(first, last + 1)
        twice = ids.intersection(named)
        if twice:
            raise SettingsError(f"SHARD_IDS={raw!r} names shard {min(twice)} twice.")
        ids.update(named)
    return tuple(sorted(ids))


def _port(raw: str | None, name: str) -> int | None:
    if raw is None:
        return None
    port = _whole(raw, 1, 65_535)
    if port is None:
        raise SettingsError(
            f"{name}={raw!r} must be a TCP port from 1 to 65535, for example {name}=9100; "
            "leave it empty to serve no metrics."
        )
    return port


def _metrics_host(raw: str | None) -> str:
    """``METRICS_HOST``: an IPv4 or IPv6 address, not a name (a name may resolve to another
    address than the one Prometheus is told to scrape)."""
    if raw is None:
        return DEFAULT_METRICS_HOST
    try:
        return str(ipaddress.ip_address(raw))
    except ValueError:
        raise SettingsError(
            f"METRICS_HOST={raw!r} must be an IP address of this machine: 127.0.0.1 (this "
            "machine only, the default), 0.0.0.0 (every interface, :: for IPv6 too) or one "
            "interface's address, for example METRICS_HOST=10.0.0.5."
        ) from None


def _whole(raw: str, low: int, high: int) -> int | None:
    """``raw`` as a whole number in ``low..high`` (plain digits only), or None."""
    if not _WHOLE.fullmatch(raw) or len(raw.lstrip("0")) > len(str(high)):
        return None  # also spares int() a number too long to read
    value = int(raw)
    return value if low <= value <= high else None
