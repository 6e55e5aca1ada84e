"""Servers' settings as rows of ``guild_settings`` (migration 13) and back, and the SQL both
stores run for them, in each driver's parameter style."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from bot.games.server_settings import ServerSettings
from bot.storage.rows import Row, iso

COLUMNS = (
    "guild_id",
    "level",
    "size",
    "first",
    "channel_ids",
    "idle_minutes",
    "challenge_minutes",
    "duels",
    "locale",
)
"""The columns a server's settings write, besides ``version`` and ``updated_at``."""


@dataclass(frozen=True, slots=True)
class SettingsSql:
    """The statements on ``guild_settings`` in one parameter style."""

    select: str
    insert: str
    """Inserts a first version; changes no row if the server has one already."""
    update: str
    """Saves over ``version``; changes no row if another save came first."""
    delete: str
    idle_in_use: str

    @classmethod
    def styled(cls, param: str) -> SettingsSql:
        """The statements with ``param`` (``":{}"``, ``"%({})s"``) as parameter style."""
        names = ", ".join(COLUMNS)
        values = ", ".join(param.format(name) for name in (*COLUMNS, "updated_at"))
        sets = ", ".join(f"{name} = {param.format(name)}" for name in COLUMNS[1:])
        guild = param.format("guild_id")
        return cls(
            select=f"SELECT {names}, version FROM guild_settings WHERE guild_id = {guild}",
            insert=(
                f"INSERT INTO guild_settings ({names}, updated_at, version) "
                f"VALUES ({values}, 1) ON CONFLICT (guild_id) DO NOTHING"
            ),
            update=(
                f"UPDATE guild_settings SET {sets}, updated_at = {param.format('updated_at')}, "
                f"version = version + 1 WHERE guild_id = {guild} "
                f"AND version = {param.format('version')}"
            ),
            delete=f"DELETE FROM guild_settings WHERE guild_id = {guild}",
            idle_in_use=(
                "SELECT DISTINCT idle_minutes FROM guild_settings "
                "WHERE idle_minutes IS NOT NULL ORDER BY idle_minutes"
            ),
        )


def idle_scope(idle_minutes: int | None) -> str:
    """The condition ``expire_idle`` adds to its page for ``idle_minutes`` (see
    ``GameStore.expire_idle``); the number is an int, written into the text."""
    if idle_minutes is None:
        return (
            " AND NOT EXISTS (SELECT 1 FROM guild_settings AS s WHERE s.guild_id = "
            "games.guild_id AND s.idle_minutes IS NOT NULL)"
        )
    return (
        " AND guild_id IN (SELECT s.guild_id FROM guild_settings AS s "
        f"WHERE s.idle_minutes = {int(idle_minutes)})"
    )


def settings_row(settings: ServerSettings, at: datetime) -> dict[str, object]:
    """The parameters that save ``settings`` at ``at`` over its version."""
    return {
        "guild_id": settings.guild_id,
        "level": settings.level,
        "size": settings.size,
        "first": settings.first,
        "channel_ids": ",".join(str(channel) for channel in settings.channel_ids),
        "idle_minutes": settings.idle_minutes,
        "challenge_minutes": settings.challenge_minutes,
        "duels": 1 if settings.duels else 0,
        "locale": settings.locale,
        "version": settings.version,
        "updated_at": iso(at),
    }


def settings_from_row(row: Row) -> ServerSettings:
    """A ``guild_settings`` row as the server's settings."""
    channels = str(row["channel_ids"] or "")
    return ServerSettings(
        guild_id=int(row["guild_id"]),
        level=row["level"],
        size=None if row["size"] is None else int(row["size"]),
        first=row["first"],
        channel_ids=tuple(int(c) for c in channels.split(",") if c),
        idle_minutes=None if row["idle_minutes"] is None else int(row["idle_minutes"]),
        challenge_minutes=(
            None if row["challenge_minutes"] is None else int(row["challenge_minutes"])
        ),
        duels=bool(row["duels"]),
        locale=row["locale"],
        version=int(row["version"]),
    )


def saved(settings: ServerSettings) -> ServerSettings:
    """``settings`` as a save leaves them: the next version."""
    return replace(settings, version=settings.version + 1)
