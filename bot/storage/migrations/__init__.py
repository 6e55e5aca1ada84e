"""The game database's schema as the SQL that builds it: every migration, frozen as released.

Schema version n is what migrations 1 to n leave behind. A store records how many have run
(SQLite: ``PRAGMA user_version``) and runs the rest when it opens, each migration in one
transaction. A released migration never changes, not even its white space: SQLite keeps the
text of every CREATE statement in the file, so a fresh file and an upgraded one have the same
schema only while the text stays the same. ``tests/games/test_games_migrations.py`` pins each
migration by sha256 and the exact schema a fresh database gets; to change the schema, append
a migration (and pin it there).

A step is either plain SQL that every supported database runs as written (a ``str``), or a
``ByDialect`` holding each dialect's own text, so the steps the dialects agree on stay written
once. PostgreSQL keeps the same version numbers and tables, with its own types (``BIGINT`` ids,
an identity column) and PL/pgSQL functions where SQLite has trigger bodies; it records the
version in a table of its own (``postgres_store``), and its text is pinned like SQLite's.
"""

from __future__ import annotations

from bot.storage.migrations import v1, v2, v3, v4, v5, v6, v7
from bot.storage.migrations.base import ByDialect, Dialect, Migration

MIGRATIONS: tuple[Migration, ...] = tuple(
    version.MIGRATION for version in (v1, v2, v3, v4, v5, v6, v7)
)
"""Every migration, oldest first: ``MIGRATIONS[n - 1]`` builds schema version n."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this release writes."""

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "ByDialect", "Dialect", "Migration"]
