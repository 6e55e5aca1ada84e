"""Schema version 12: reserved, not yet written: each member's standing against the adaptive level and the levels (issue 30).

Frozen once released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

MIGRATION = Migration(12, "reserved: each member's standing against the adaptive level and the levels (issue 30)", ())
