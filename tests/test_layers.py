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
import re
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
    # Numba (about 1 s, 120 MB) only in a process that plays ultimate's strongest
    ("bot/engine/ultimate/compiled.py", "bot.engine.ultimate.kernel"),
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


# -- the kinds of game stay in their variants' packages --------------------------------------

VARIANTS = BOT / "games" / "variants"
KINDS = sorted(path.name for path in VARIANTS.iterdir() if (path / "__init__.py").exists())
"""Every kind of game, by its variant package's name (``bot/games/variants/<kind>/``)."""

OWN_PACKAGES = [
    *(place for kind in KINDS for place in (BOT / "engine" / kind, VARIANTS / kind)),
    *(BOT / "discord_bot" / "variants" / f"{kind}.py" for kind in KINDS),
    BOT / "storage" / "migrations",  # frozen SQL, written when the kinds were what they were
    BOT / "games" / "puzzles",  # classic's puzzles in play (the engine's are classic's own)
]
"""Where a kind may be named: its own packages, the frozen migrations, classic's puzzles."""

REGISTERED: dict[str, tuple[str, ...]] = {
    "bot/games/variants/__init__.py": (
        "from bot.games.variants import classic, connect4, ultimate",
        "VARIANTS: tuple[Variant, ...] = (classic.CLASSIC, ultimate.ULTIMATE, connect4.CONNECT4)",
    ),
    "bot/discord_bot/variants/__init__.py": (
        "from bot.discord_bot.variants import classic, connect4, ultimate",
        "LAYOUTS = register_layouts(classic.LAYOUT, ultimate.LAYOUT, connect4.LAYOUT)",
    ),
    "bot/engine/cli.py": (
        "from .classic import cli as classic_cli",
        "from .classic.puzzles import cli as puzzles_cli",
        "from .connect4 import cli as connect4_cli",
        "from .ultimate import cli as ultimate_cli",
        "ultimate_cli.COMMAND, connect4_cli.COMMAND, puzzles_cli.COMMAND",
        "return classic_cli.main(args, more=other_commands())",
    ),
}
REGISTRATIONS = {(name, line) for name, lines in REGISTERED.items() for line in lines}
"""The lines outside the kinds' packages allowed to name one: the three lists of the kinds
(the game layer's ``VARIANTS``, the Discord boards' ``LAYOUTS``, the engine's command line).
A new kind adds an import to each and an entry to each list (docs/architecture.md)."""

MOST_LINES, MOST_FILES = 10, 5


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (of a module, class or function, or
    of the assignment above them): prose, which may name any kind."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for index, statement in enumerate(body):
            if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)):
                continue
            if index == 0 or isinstance(body[index - 1], ast.Assign | ast.AnnAssign):
                found.add(id(statement.value))
    return found


def _names_a_kind_module(module: str) -> bool:
    """Whether ``module`` is (inside) one kind's package of the engine, the game layer or the
    Discord adapter."""
    parts = module.split(".")
    roots = (["bot", "engine"], ["bot", "games", "variants"], ["bot", "discord_bot", "variants"])
    return any(
        parts[: len(root)] == root and parts[len(root) : len(root) + 1] in ([k] for k in KINDS)
        for root in roots
    )


NAME_PARTS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")
"""A name's words: ``classic_cli``, ``ULTIMATE_LEVELS``, ``UltimateBoard``, ``classicLevels``."""
KIND_WORD = re.compile(r"\b(" + "|".join(KINDS) + r")\b", re.IGNORECASE)


def _imported(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The modules an import statement in ``package`` names (a ``from`` import's names too,
    which may be modules), relative ones resolved."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parent = package.rsplit(".", node.level - 1)[0]
        base = f"{parent}.{base}" if base else parent
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def _names_a_kind(node: ast.AST, package: str, prose: set[int]) -> bool:
    """Whether ``node`` names a kind: an import of a kind's package, a name holding a kind's
    ("ULTIMATE", ``classic_cli``, a ``GameKind`` member), a string that is not prose."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        return any(_names_a_kind_module(module) for module in _imported(node, package))
    if isinstance(node, ast.Name | ast.Attribute):
        name = node.id if isinstance(node, ast.Name) else node.attr
        return any(part.lower() in KINDS for part in NAME_PARTS.findall(name))
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return id(node) not in prose and KIND_WORD.search(node.value) is not None
    return False


def kind_lines(source: str, path: Path) -> set[int]:
    """The lines of ``source`` (the module at ``path``) that name a kind of game."""
    package = ".".join(path.relative_to(BOT.parent).with_suffix("").parts[:-1])
    tree = ast.parse(source)
    prose = _docstrings(tree)
    return {node.lineno for node in ast.walk(tree) if _names_a_kind(node, package, prose)}


def test_outside_their_packages_only_the_registrations_name_a_kind() -> None:
    """The ratchet of issue 44: code outside the kinds' own packages never asks which kind it
    holds; it reaches a kind through ``game.variant`` or the lists of kinds. It prints the
    count of lines that name a kind (docs/architecture.md keeps the figure)."""
    found: set[tuple[str, str]] = set()
    for path in sorted(BOT.rglob("*.py")):
        if any(path == place or place in path.parents for place in OWN_PACKAGES):
            continue
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        name = path.relative_to(BOT.parent).as_posix()
        found |= {(name, lines[number - 1].strip()) for number in kind_lines(source, path)}
    files = {name for name, _line in found}
    print(f"\nlines naming a kind outside its packages: {len(found)} in {len(files)} files")
    assert found <= REGISTRATIONS, sorted(found - REGISTRATIONS)
    assert len(REGISTRATIONS) <= MOST_LINES
    assert len({name for name, _line in REGISTRATIONS}) <= MOST_FILES
    assert found == REGISTRATIONS, f"a registration line is gone: {sorted(REGISTRATIONS - found)}"


def test_the_ratchet_sees_every_way_of_naming_a_kind() -> None:
    """Guard the guard: imports (relative and absolute), names, ``GameKind`` members and
    strings are seen; docstrings and comments are not."""
    source = '''"""Classic and ultimate in prose."""
from bot.engine.ultimate import UltimateBoard
from .classic import board
x = CLASSIC_LEVELS
y = GameKind.ULTIMATE
b = UltimateBoard
z = "ultimate"  # a comment naming classic
w = "a plain sentence"
'''
    pretend = BOT / "engine" / "anything.py"  # so .classic is bot.engine.classic
    assert kind_lines(source, pretend) == {2, 3, 4, 5, 6, 7}


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
