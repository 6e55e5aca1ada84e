"""The layers stay apart: each package imports only the layers inside it.

The engine is pure (no I/O frameworks, no storage, no asyncio); the game layer knows nothing of
Discord, of the storage package or of a database driver (the runners hand it a store); storage
knows nothing of the adapters; the terminal adapter runs without discord.py. Checked on the
source, so an import hidden inside a function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

BOT = Path(__file__).parent.parent / "bot"

FORBIDDEN = {
    "engine": {
        "bot.games",
        "bot.storage",
        "bot.discord_bot",
        "bot.terminal",
        "bot.settings",
        "discord",
        "asyncio",
        "sqlite3",
        "dotenv",
    },
    "games": {
        "bot.storage",
        "bot.settings",
        "bot.discord_bot",
        "bot.terminal",
        "discord",
        "dotenv",
        "sqlite3",
        "psycopg",
        "psycopg_pool",
    },
    "i18n": {
        "bot.engine",
        "bot.games",
        "bot.storage",
        "bot.settings",
        "bot.discord_bot",
        "bot.terminal",
        "discord",
    },
    "storage": {"bot.discord_bot", "bot.terminal", "discord", "dotenv"},
    "terminal": {"bot.discord_bot", "discord"},
}


def imported_modules(source: str, path: Path) -> set[str]:
    """Every module ``source`` imports, with relative imports resolved as if it were ``path``."""
    package = ".".join(path.relative_to(BOT.parent).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0]
                base = f"{parent}.{base}" if base else parent
            names.add(base)
    return names


def files_of(layer: str) -> list[Path]:
    return sorted((BOT / layer).rglob("*.py"))


def crossings(source: str, path: Path, forbidden: set[str]) -> set[str]:
    return {
        module
        for module in imported_modules(source, path)
        if any(module == name or module.startswith(name + ".") for name in forbidden)
    }


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_imports_only_the_layers_inside_it(layer: str) -> None:
    files = files_of(layer)
    assert files, f"no source files found for the {layer} layer"
    found = {
        f"{path.relative_to(BOT.parent)} imports {module}"
        for path in files
        for module in crossings(path.read_text(encoding="utf-8"), path, FORBIDDEN[layer])
    }
    assert not found, sorted(found)


def test_the_check_sees_relative_and_nested_imports() -> None:
    """Guard the guard: a relative import and one inside a function are both caught."""
    source = "from ..games import service\nfrom . import board\ndef f():\n    import discord\n"
    pretend = BOT / "engine" / "anything.py"
    assert imported_modules(source, pretend) == {"bot.games", "bot.engine", "discord"}
    assert crossings(source, pretend, FORBIDDEN["engine"]) == {"bot.games", "discord"}
