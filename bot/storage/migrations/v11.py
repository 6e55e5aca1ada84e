"""Schema version 11: reserved, not yet written: the leaderboard keeps ultimate games apart from classic ones (issue 29).

Frozen once released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

MIGRATION = Migration(11, "reserved: the leaderboard keeps ultimate games apart from classic ones (issue 29)", ())
