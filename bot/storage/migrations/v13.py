"""Schema version 13: reserved, not yet written: each server's own settings (issue 27).

Frozen once released, white space included: append a new version instead of editing it.
"""

from __future__ import annotations

from bot.storage.migrations.base import Migration

MIGRATION = Migration(13, "reserved: each server's own settings (issue 27)", ())
