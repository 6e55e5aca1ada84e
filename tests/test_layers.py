"""The layers stay apart: each package imports only the layers inside it.

The engine is pure (no I/O frameworks, no storage, no asyncio); the game layer knows nothing of
Discord, of the storage package or of a database driver (the runners hand it a store); storage
knows nothing of the adapters; the terminal adapter runs without discord.py. Checked on the
source, so an import hidden inside a function counts too.

Nor does any module import inside a function, but where that chooses whether a module is
loaded at all (``LOADERS``): everything else is imported at the top, where a reader looks.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
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


LOADERS = {
    ("bot/__main__.py", "bot.discord_bot"),  # discord.py only when the bot runs
    ("bot/terminal/line_reader.py", "readline"),  # line editing only on a terminal
    ("bot/terminal/line_reader.py", "termios"),  # only where there is one (POSIX)
    ("bot/storage/opening.py", "bot.storage.postgres.store"),  # psycopg only for PostgreSQL
}
"""The imports inside a function that stay, as (file, module): each decides whether the module
is loaded at all."""


def imported_modules(source: str, path: Path) -> set[str]:
    """Every module ``source`` imports, with relative imports resolved as if it were ``path``."""
    return modules_named(ast.walk(ast.parse(source)), path)


def imported_inside_functions(source: str, path: Path) -> set[str]:
    """Every module ``source`` imports inside a function or method (an ``if TYPE_CHECKING:``
    block at the top is not inside one)."""
    functions = [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    return modules_named((node for function in functions for node in ast.walk(function)), path)


def modules_named(nodes: Iterable[ast.AST], path: Path) -> set[str]:
    """The modules the import statements among ``nodes`` name, relative ones resolved as if
    they were in ``path``."""
    package = ".".join(path.relative_to(BOT.parent).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in nodes:
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


def test_only_the_loaders_import_inside_a_function() -> None:
    """Issue 44: every other import is at its module's top."""
    found = {
        (path.relative_to(BOT.parent).as_posix(), module)
        for path in sorted(BOT.rglob("*.py"))
        for module in imported_inside_functions(path.read_text(encoding="utf-8"), path)
    }
    assert found == LOADERS, (
        f"imported inside a function: {sorted(found - LOADERS)};"
        f" LOADERS no longer inside one: {sorted(LOADERS - found)}"
    )


def test_the_check_sees_imports_nested_in_functions_and_methods_only() -> None:
    """Guard the guard: imports in a function, a method, a nested function and a relative one
    are caught; the top's, a TYPE_CHECKING block's and a class body's are not."""
    source = (
        "import os\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from bot.discord_bot.app import TicTacToeBot\n"
        "def f():\n"
        "    import traceback\n"
        "    def inner():\n"
        "        from .board import Board\n"
        "class Cog:\n"
        "    import re\n"
        "    async def clicked(self):\n"
        "        if True:\n"
        "            from bot.discord_bot.daily_view import refresh_post\n"
    )
    pretend = BOT / "engine" / "anything.py"
    assert imported_inside_functions(source, pretend) == {
        "traceback",
        "bot.engine.board",
        "bot.discord_bot.daily_view",
    }
