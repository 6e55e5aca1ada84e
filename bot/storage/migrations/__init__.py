"""The game database's schema as the SQL that builds it: one module per version, frozen.

``MIGRATIONS[n - 1]`` builds schema version n; a store runs those its database lacks, each in
one transaction. A released migration never changes, not even its white space (the tests pin
each by sha256): to change the schema, add a version. See docs/storage.md.
"""

from __future__ import annotations

from bot.storage.migrations import (
    v1,
    v2,
    v3,
    v4,
    v5,
    v6,
    v7,
    v8,
    v9,
    v10,
    v11,
    v12,
    v13,
    v14,
    v15,
    v16,
    v17,
    v18,
    v19,
    v20,
)
from bot.storage.migrations.base import ByDialect, Dialect, Migration

MIGRATIONS: tuple[Migration, ...] = tuple(
    version.MIGRATION
    for version in (
        v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20
    )
)
"""Every migration, oldest first: ``MIGRATIONS[n - 1]`` builds schema version n."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this release writes."""

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "ByDialect", "Dialect", "Migration"]
