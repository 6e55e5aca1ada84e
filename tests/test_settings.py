"""Settings come from the environment with defaults, and bad values are refused in plain words."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import DEFAULT_DATABASE_PATH, CommandRate, Settings, SettingsError


def test_defaults_when_nothing_is_set() -> None:
    settings = Settings.from_env({})
    assert settings == Settings()
    assert settings.discord_token is None
    assert settings.command_prefix == "!"
    assert settings.database_path == DEFAULT_DATABASE_PATH
    assert settings.idle_timeout_seconds == 600.0
    assert settings.discord_guild_id is None
    assert settings.log_level == "INFO"
    assert settings.command_rate == CommandRate(10, 10.0)


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


def test_blank_values_mean_default() -> None:
    env = {"DISCORD_TOKEN": "", "DISCORD_GUILD_ID": "  ", "IDLE_TIMEOUT_MINUTES": ""}
    assert Settings.from_env(env) == Settings()


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("IDLE_TIMEOUT_MINUTES", "soon", "not a number"),
        ("IDLE_TIMEOUT_MINUTES", "0", "positive"),
        ("IDLE_TIMEOUT_MINUTES", "-3", "positive"),
        ("IDLE_TIMEOUT_MINUTES", "nan", "positive"),
        ("IDLE_TIMEOUT_MINUTES", "inf", "positive"),
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
        ("ENGINE_CACHE_MB", "0", "positive"),
    ],
)
def test_bad_values_are_refused_with_the_setting_named(name: str, value: str, words: str) -> None:
    with pytest.raises(SettingsError) as caught:
        Settings.from_env({name: value})
    message = str(caught.value)
    assert name in message
    assert words in message


def test_the_token_never_shows_in_repr_or_str() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "very-secret-token"})
    assert "very-secret-token" not in repr(settings)
    assert "very-secret-token" not in str(settings)
    assert settings.discord_token == "very-secret-token"  # hidden, not lost
    assert "command_prefix='!'" in repr(settings)  # the other settings still show


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
    }
