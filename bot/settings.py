"""Settings read from the environment (and ``.env``), shared by every adapter.

Kept free of Discord so the terminal game can use the same database and idle timeout.
"""

from __future__ import annotations

import logging
import os
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
        return cls(token, prefix, database, idle, guild, level, rate, challenge, cache_mb)


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
