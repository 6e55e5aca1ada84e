"""The storage interface the game service needs, kept small so a server database can follow.

Methods are ``async`` so a networked store (PostgreSQL, ...) fits the same shape; the SQLite
store runs them inline (see ``sqlite_store``). Every writing method has committed when it
returns: the service only shows a player what the store has saved.
"""

from __future__ import annotations

from typing import Protocol

from bot.games.models import Game, Record


class GameStore(Protocol):
    """Durable home of games and member names. Raises ``StorageError`` on any failure."""

    async def active_games(self) -> list[Game]:
        """Every game whose status is ACTIVE (at most one per channel)."""
        ...

    async def get(self, game_id: int) -> Game | None:
        """The game with this id, active or finished, or None."""
        ...

    async def insert(self, game: Game) -> Game:
        """Save a new game (``game.id`` is ignored) and remember its members' names;
        return the game with the id the store assigned."""
        ...

    async def update(self, game: Game) -> None:
        """Save an existing game's moves, status, winner, ``updated_at`` and ``message_id``."""
        ...

    async def member_name(self, member_id: int) -> str | None:
        """The latest name the member played under, or None if never seen."""
        ...

    async def records(self, member_id: int, guild_id: int | None) -> dict[str, Record]:
        """The member's finished, counted games per level (levels never played are absent).
        ``guild_id=None`` counts games everywhere; an id restricts to that server."""
        ...

    async def guild_records(
        self, guild_id: int | None, limit: int | None = None
    ) -> list[tuple[int, str, Record]]:
        """``(member_id, latest name, record)`` for every member with a counted game in the
        server (``None``: games outside any server, e.g. the terminal). With ``limit``, only
        the first ``limit`` in leaderboard order (points, fewer losses, more wins, name
        case-folded, id); a store may return more, the service sorts and cuts again."""
        ...

    async def close(self) -> None:
        """Release the connection; further calls raise ``StorageError``."""
        ...
