"""Which servers' games a process looks after when several processes share one database.

Discord splits a bot's servers into shards by id: server ``g`` belongs to shard
``(g >> 22) % shard_count``, and direct messages (no server) to shard 0. A process that runs
some of the shards sweeps and announces only the games and challenges of its own shards
(``GameService.expire_idle(shards=...)``); the formula is plain arithmetic on ids, so the game
layer knows it without knowing Discord.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ShardSet:
    """The shards ``ids`` out of ``count`` that one process runs."""

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"a shard count must be at least 1, not {self.count}")
        if not self.ids or any(not 0 <= shard < self.count for shard in self.ids):
            raise ValueError(f"shard ids must be in 0..{self.count - 1}, not {sorted(self.ids)}")

    @classmethod
    def all_of(cls, count: int) -> ShardSet:
        """Every shard of ``count``: one process runs them all."""
        return cls(count, frozenset(range(count)))

    def owns(self, guild_id: int | None) -> bool:
        """Whether a game in ``guild_id`` (``None``: outside any server) is this process's."""
        return shard_of(guild_id, self.count) in self.ids


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard of ``count`` that Discord gives the server ``guild_id`` (DMs: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count
