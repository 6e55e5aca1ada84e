"""Settings read from the environment (and ``.env``), shared by every adapter.

Kept free of Discord so the terminal game can use the same database and idle timeout.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE_PATH = Path("data") / "tictactoe.db"


class SettingsError(ValueError):
    """A setting has a value the program cannot use; the message says which and why."""


@dataclass(frozen=True, slots=True)
class CommandRate:
    """How many commands (and buttons) one member may send per so many seconds before the
    bot stops answering them for the rest of that window ("5/10": 5 per 10 seconds)."""

    commands: int = 10
    seconds: float = 10.0

    def __str__(self) -> str:
        return f"{self.commands}/{self.seconds:g}"


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
        idle = _positive_number(get("IDLE_TIMEOUT_MINUTES"), "IDLE_TIMEOUT_MINUTES", 10.0) * 60
        guild = _guild_id(get("DISCORD_GUILD_ID"))
        level = (get("LOG_LEVEL") or "INFO").upper()
        if not isinstance(logging.getLevelName(level), int):
            raise SettingsError(
                f"LOG_LEVEL={level!r} is not a log level; use DEBUG, INFO, WARNING or ERROR."
            )
        rate = _command_rate(get("COMMAND_RATE"))
        challenge = (
            _positive_number(get("CHALLENGE_TIMEOUT_MINUTES"), "CHALLENGE_TIMEOUT_MINUTES", 5.0)
            * 60
        )
        cache_mb = _positive_number(get("ENGINE_CACHE_MB"), "ENGINE_CACHE_MB", 64.0)
        shard_count, shard_ids = _shards(get("SHARD_COUNT"), get("SHARD_IDS"))
        return cls(
            token,
            prefix,
            database,
            idle,
            guild,
            level,
            rate,
            challenge,
            cache_mb,
            shard_count=shard_count,
            shard_ids=shard_ids,
            metrics_port=_port(get("METRICS_PORT"), "METRICS_PORT"),
        )


def _positive_number(raw: str | None, name: str, default: float) -> float:
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name}={raw!r} is not a number, for example {name}=10.") from None
    if not value > 0 or value == float("inf"):
        raise SettingsError(f"{name}={raw!r} must be a positive number, for example {name}=10.")
    return value


def _guild_id(raw: str | None) -> int | None:
    if raw is None:
        return None
    if not raw.isdigit():
        raise SettingsError(
            f"DISCORD_GUILD_ID={raw!r} must be a server ID (digits only): in Discord, enable "
            "Developer Mode, right-click the server and choose 'Copy Server ID'."
        )
    return int(raw)


def _command_rate(raw: str | None) -> CommandRate:
    """``"5/10"``: 5 commands per 10 seconds, a whole number of commands (at least 1) over a
    positive number of seconds (at most a day: a longer window is a ban, not a cooldown)."""
    if raw is None:
        return CommandRate()
    count, slash, seconds = raw.partition("/")
    try:
        rate = CommandRate(int(count.strip()), float(seconds.strip()))
    except ValueError:
        rate = None
    if not slash or rate is None or rate.commands < 1 or not 0 < rate.seconds <= 86_400:
        raise SettingsError(
            f"COMMAND_RATE={raw!r} must be commands/seconds, for example COMMAND_RATE=5/10 "
            "(at most 5 commands per member every 10 seconds)."
        )
    return rate


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


def _whole(raw: str, low: int, high: int) -> int | None:
    """``raw`` as a whole number in ``low..high`` (plain digits only), or None."""
    if not _WHOLE.fullmatch(raw) or len(raw.lstrip("0")) > len(str(high)):
        return None  # also spares int() a number too long to read
    value = int(raw)
    return value if low <= value <= high else None
