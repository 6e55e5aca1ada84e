"""The shape of a migration: steps of SQL, some spelled per dialect."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

Dialect: TypeAlias = Literal["sqlite", "postgresql"]
"""The SQL dialects migrations are written for."""


@dataclass(frozen=True, slots=True)
class ByDialect:
    """One step the dialects spell differently: each store runs its own text, and ``None``
    where that dialect has no such step (PostgreSQL defines a trigger's function first)."""

    sqlite: str | None
    postgresql: str | None


Step: TypeAlias = "str | ByDialect"


@dataclass(frozen=True, slots=True)
class Migration:
    """The steps that take the schema from ``version - 1`` to ``version``, in order."""

    version: int
    summary: str
    steps: tuple[Step, ...]

    def statements(self, dialect: Dialect) -> tuple[str, ...]:
        """The SQL statements ``dialect`` runs, one statement each."""
        texts = (step if isinstance(step, str) else getattr(step, dialect) for step in self.steps)
        return tuple(str(text) for text in texts if text is not None)
