"""The boards owed to a channel (migration 14) as SQL, in one driver's parameter style.

A row says that a game's board, at a version or later, must still be shown in its channel;
``bot.storage.operations`` writes it in the transaction of the save it belongs to and deletes
it once an adapter has shown the board. See docs/storage.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.games.models import OwedBoard
from bot.storage.rows import Row, aware, from_row, iso


@dataclass(frozen=True, slots=True)
class BoardsSql:
    """The statements on ``boards_owed``."""

    owe: str
    """The board of the game ``game_id`` at ``version`` is owed from ``due_at`` on: a new row,
    or the game's row raised to ``version`` with its count of attempts reset (a newer board is
    another try); ``owed_since`` stays the first."""
    due_page: str
    """The owed boards due by ``now`` with each game's row (aliased ``g``), oldest due first,
    at most ``limit``; the caller adds a scope where ``{scope}`` stands (``sql.scoped``)."""
    shown: str
    """The board of ``game_id`` was shown at ``version``: its row goes, unless a newer board
    is owed meanwhile."""
    late: str
    """Showing the board of ``game_id`` at ``version`` failed: ``attempts`` and the next
    ``due_at`` saved, unless a newer board is owed meanwhile."""

    @classmethod
    def styled(cls, param: str) -> BoardsSql:
        """The statements with ``param`` (``":{}"``, ``"%({})s"``) as parameter style."""
        game, version = param.format("game_id"), param.format("version")
        return cls(
            owe=(
                "INSERT INTO boards_owed (game_id, version, attempts, due_at, owed_since) "
                f"VALUES ({game}, {version}, 0, {param.format('due_at')}, "
                f"{param.format('owed_since')}) "
                "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
                "attempts = 0, due_at = excluded.due_at"
            ),
            due_page=(
                "SELECT g.*, b.version AS owed_version, b.attempts AS owed_attempts, "
                "b.owed_since AS owed_since FROM boards_owed b JOIN games g ON g.id = b.game_id "
                f"WHERE b.due_at <= {param.format('now')}{{scope}} "
                f"ORDER BY b.due_at, b.game_id LIMIT {param.format('limit')}"
            ),
            shown=f"DELETE FROM boards_owed WHERE game_id = {game} AND version <= {version}",
            late=(
                f"UPDATE boards_owed SET attempts = {param.format('attempts')}, "
                f"due_at = {param.format('due_at')} WHERE game_id = {game} AND version <= {version}"
            ),
        )


def owe_row(game_id: int, version: int, due_at: datetime, at: datetime) -> dict[str, object]:
    """The parameters of ``BoardsSql.owe``: the board of ``game_id`` at ``version``, due from
    ``due_at``, owed since ``at``."""
    return {"game_id": game_id, "version": version, "due_at": iso(due_at), "owed_since": iso(at)}


def owed_from_row(row: Row) -> OwedBoard:
    """A row of ``BoardsSql.due_page`` as the game whose board is owed (``from_row``'s checks:
    ``UnreadableGame`` for a damaged one) and how late it is."""
    return OwedBoard(
        game=from_row(row),
        version=int(row["owed_version"]),
        attempts=int(row["owed_attempts"]),
        owed_since=aware("owed_since", row["owed_since"]),
    )
