"""docs/architecture.md names every module under bot/, and names no module that is gone."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
MAP = ROOT / "docs" / "architecture.md"


def modules() -> set[str]:
    return {path.relative_to(ROOT).as_posix() for path in (ROOT / "bot").rglob("*.py")}


def named(text: str) -> set[str]:
    return set(re.findall(r"`(bot/[\w/]+\.py)`", text))


def test_every_module_is_on_the_map() -> None:
    missing = modules() - named(MAP.read_text(encoding="utf-8"))
    assert not missing, f"add these to docs/architecture.md: {sorted(missing)}"


def test_the_map_names_only_modules_that_exist() -> None:
    gone = named(MAP.read_text(encoding="utf-8")) - modules()
    assert not gone, f"docs/architecture.md names modules that do not exist: {sorted(gone)}"


def test_the_check_reads_module_names_as_written() -> None:
    """Guard the guard: a path in backticks counts, a bare word or a folder does not."""
    text = "- `bot/games/service.py`: x. `bot/storage/` and bot/engine/board.py"
    assert named(text) == {"bot/games/service.py"}
