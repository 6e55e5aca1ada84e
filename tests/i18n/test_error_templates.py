"""Every game error's template is a msgid: a ``GameError`` translates its template when it is
rendered, so a template the extractor never saw (a constant not marked with ``N_``) reads as
English in every language, and no other test would notice. Found with ``ast`` over ``bot/``
(not the engine, which stays English, nor the operator's start-up sentences): every call of a
``GameError`` class whose first argument is not a string literal, resolved to its value(s),
and every class-level template (``DEFAULT``, ``BUSY``) a class uses as its default."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from bot.games.errors import PLAIN, GameError
from bot.i18n.catalogues import LOCALES, read_catalogue
from bot.i18n.extract import extract, placeholders

BOT = Path(__file__).resolve().parents[2] / "bot"
SKIPPED_DIRS = {"engine"}
"""The engine is a developer tool: its texts stay English (docs/translating.md)."""

OPERATOR_ONLY = {
    # PostgreSQL start-up failures: the operator reads them, in English (docs/translating.md)
    ("bot.storage.postgres.store", "UNREACHABLE"),
    ("bot.storage.postgres.store", "UNREADABLE_URL"),
    ("bot.storage.postgres.store", "_refusal"),
}
"""Names whose templates are start-up sentences for the operator, not the catalogue's."""

Scope = ast.FunctionDef | ast.AsyncFunctionDef | None


class Unresolved(Exception):
    """A template expression this test cannot follow: write it as a marked constant."""


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    tree: ast.Module

    def where(self, node: ast.AST) -> str:
        return f"{self.path.relative_to(BOT.parent)}:{getattr(node, 'lineno', '?')}"


@cache
def modules() -> dict[str, Module]:
    found: dict[str, Module] = {}
    for path in sorted(BOT.rglob("*.py")):
        relative = path.relative_to(BOT.parent).with_suffix("")
        if SKIPPED_DIRS & set(relative.parts[1:]):
            continue
        parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
        name = ".".join(parts)
        found[name] = Module(name, path, ast.parse(path.read_text(encoding="utf-8")))
    return found


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


@cache
def parents(module: str) -> dict[ast.AST, ast.AST]:
    return _parents(modules()[module].tree)


def enclosing_function(module: str, node: ast.AST) -> Scope:
    up = parents(module)
    while node in up:
        node = up[node]
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return node
    return None


def binding(module: str, name: str) -> tuple[str, ast.AST]:
    """Where ``name`` at module level of ``module`` is defined: (module, the defining node),
    through ``from bot... import`` chains; an imported module is its ``ast.Module``."""
    tree = modules()[module].tree
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        if any(isinstance(target, ast.Name) and target.id == name for target in targets):
            return module, node
        if (
            isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name == name
        ):
            return module, node
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    full = f"{node.module}.{alias.name}"
                    if full in modules():
                        return full, modules()[full].tree
                    if node.module in modules():
                        return binding(node.module, alias.name)
                    raise Unresolved(f"{name} comes from {node.module}, outside bot/")
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname == name and alias.name in modules():
                    return alias.name, modules()[alias.name].tree
    raise Unresolved(f"{module} has no {name} at module level")


def is_game_error(module: str, node: ast.AST) -> bool:
    if not isinstance(node, ast.ClassDef):
        return False
    if module == "bot.games.errors" and node.name == "GameError":
        return True
    for base in node.bases:
        try:
            where, defined = resolve_name(module, base)
        except Unresolved:
            continue
        if is_game_error(where, defined):
            return True
    return False


def resolve_name(module: str, node: ast.expr) -> tuple[str, ast.AST]:
    """The definition a ``Name`` or ``module.NAME`` / ``Class.NAME`` refers to."""
    if isinstance(node, ast.Name):
        return binding(module, node.id)
    if isinstance(node, ast.Attribute):
        where, owner = resolve_name(module, node.value)
        if isinstance(owner, ast.Module):
            return binding(where, node.attr)
        if isinstance(owner, ast.ClassDef):
            for statement in owner.body:
                if isinstance(statement, ast.Assign) and any(
                    isinstance(target, ast.Name) and target.id == node.attr
                    for target in statement.targets
                ):
                    return where, statement
        raise Unresolved(f"{ast.unparse(node)}")
    raise Unresolved(f"{ast.unparse(node)}")


def returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.expr]:
    found = []
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            found.append(node.value)
    return found


def strings(module: str, node: ast.expr, scope: Scope) -> set[str]:
    """Every string ``node`` can be, in ``scope`` (a function) of ``module``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return strings(module, node.body, scope) | strings(module, node.orelse, scope)
    if isinstance(node, ast.Dict):
        return set().union(*(strings(module, value, scope) for value in node.values))
    if isinstance(node, ast.Subscript):  # RULES[key]: any of the mapping's values
        return strings(module, node.value, scope)
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id in {"N_", "_"} and len(node.args) == 1:
            return strings(module, node.args[0], scope)
        if isinstance(func, ast.Attribute) and func.attr == "get" and len(node.args) == 2:
            # mapping.get(key, default): any value or the default
            found = strings(module, func.value, scope)
            return found | strings(module, node.args[1], scope)
        if isinstance(func, ast.Name):
            where, defined = binding(module, func.id)
            if (where, func.id) in OPERATOR_ONLY:
                return set()
            if isinstance(defined, ast.FunctionDef | ast.AsyncFunctionDef):
                return set().union(*(strings(where, value, defined) for value in returns(defined)))
        raise Unresolved(ast.unparse(node))
    if isinstance(node, ast.Name) and scope is not None:
        assigned = [
            statement.value
            for statement in ast.walk(scope)
            if isinstance(statement, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == node.id for t in statement.targets)
        ]
        if assigned:
            return set().union(*(strings(module, value, scope) for value in assigned))
        arguments = scope.args.posonlyargs + scope.args.args + scope.args.kwonlyargs
        if any(argument.arg == node.id for argument in arguments):
            return parameter_strings(module, scope, node.id)
    if isinstance(node, ast.Name | ast.Attribute):
        where, defined = resolve_name(module, node)
        name = node.id if isinstance(node, ast.Name) else node.attr
        if (where, name) in OPERATOR_ONLY:
            return set()
        if isinstance(defined, ast.Assign | ast.AnnAssign) and defined.value is not None:
            return strings(where, defined.value, None)
    raise Unresolved(ast.unparse(node))


def parameter_strings(module: str, function: ast.FunctionDef | ast.AsyncFunctionDef,
                      name: str) -> set[str]:  # fmt: skip
    """A parameter's values: its default and what every caller in ``bot/`` passes."""
    positional = [argument.arg for argument in function.args.posonlyargs + function.args.args]
    found: set[str] = set()
    callers = 0
    for caller, source in modules().items():
        for call in ast.walk(source.tree):
            if not isinstance(call, ast.Call):
                continue
            func = call.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if called != function.name:
                continue
            passed = [keyword.value for keyword in call.keywords if keyword.arg == name]
            if name in positional and positional.index(name) < len(call.args):
                passed.append(call.args[positional.index(name)])
            for value in passed:
                callers += 1
                found |= strings(caller, value, enclosing_function(caller, call))
    if callers == 0:
        raise Unresolved(f"nobody passes {name} to {function.name}")
    return found


@dataclass(frozen=True)
class Template:
    where: str
    text: str


def first_argument(call: ast.Call) -> ast.expr | None:
    return call.args[0] if call.args and not isinstance(call.args[0], ast.Starred) else None


@cache
def templates() -> tuple[Template, ...]:
    """Every error template in ``bot/``: first arguments of error calls, class defaults."""
    found: list[Template] = []
    for name, module in modules().items():
        for node in ast.walk(module.tree):
            if isinstance(node, ast.ClassDef) and is_game_error(name, node):
                found += class_defaults(name, module, node)
            if not isinstance(node, ast.Call):
                continue
            try:
                where, called = resolve_name(name, node.func)
            except Unresolved:
                continue
            if not is_game_error(where, called):
                continue
            argument = first_argument(node)
            if argument is None:
                continue  # the class's default: class_defaults
            if isinstance(argument, ast.Attribute) and argument.attr == "template":
                continue  # another error's template passed on: checked where it was made
            if isinstance(argument, ast.Constant):
                continue  # a literal is extracted where it stands (storage's: the operator's)
            try:
                values = strings(name, argument, enclosing_function(name, node))
            except Unresolved as error:
                pytest.fail(f"{module.where(node)}: cannot follow the template {error}")
            found += [Template(module.where(node), text) for text in sorted(values)]
    return tuple(found)


def class_defaults(name: str, module: Module, node: ast.ClassDef) -> list[Template]:
    """The templates a class uses when given none: its ``__init__``'s default."""
    found = []
    for statement in node.body:
        if isinstance(statement, ast.FunctionDef) and statement.name == "__init__":
            for default in statement.args.defaults:
                if isinstance(default, ast.Name) and any(
                    isinstance(item, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == default.id for t in item.targets)
                    for item in node.body
                ):
                    default = ast.Attribute(ast.Name(node.name), default.id)
                values = strings(name, default, None)
                found += [Template(module.where(statement), text) for text in values]
    return found


@cache
def msgids() -> frozenset[str]:
    return frozenset(message.id for message in extract() if isinstance(message.id, str))


def test_the_search_finds_the_templates_it_must() -> None:
    """Not vacuous: constants from other modules, attributes, conditionals, class defaults,
    parameters and mappings are all followed."""
    texts = {template.text for template in templates()}
    assert len(texts) > 30
    for expected in (
        "There is no game running{here}. Start one with {start}.",  # NoGameError.DEFAULT
        "The game store is busy; please try again in a moment.",  # StoreBusyError's BUSY
        "Who goes first in a duel must be {choices}, not {given}.",  # a conditional of N_
        "Name the channel to remove.",
        "That challenge was declined.",  # a mapping's value
        "The game store could not do that; please try again.",  # FAILED = STORE_FAILED
    ):
        assert expected in texts
    assert not any("DATABASE_URL" in text for text in texts)  # start-up: the operator's


def test_every_error_template_is_a_msgid() -> None:
    missing = [f"{t.where}: {t.text!r}" for t in templates() if t.text not in msgids()]
    assert not missing, "not in the catalogue (mark it with N_):\n" + "\n".join(missing)


def _rendered(template: str, locale: str) -> str:
    values = {name: "x" for name in placeholders(template) if name not in PLAIN}
    return GameError(template, **values).render(locale, PLAIN)


def test_every_error_template_reads_translated_in_german() -> None:
    """Rendered in ``de`` each non-literal template differs from the English: it really goes
    through the catalogue. A msgid ``de`` does not have yet is the completeness test's finding
    (``test_every_shipped_catalogue_is_complete``), not this one's."""
    german = read_catalogue(LOCALES / "de" / "messages.po", "de")
    english: list[str] = []
    for template in {t.text: t for t in templates()}.values():
        if template.text not in msgids():
            continue  # test_every_error_template_is_a_msgid
        entry = german.get(template.text)
        if entry is None or not entry.string:
            continue
        if _rendered(template.text, "de") == _rendered(template.text, "en-US"):
            english.append(f"{template.where}: {template.text!r}")
    assert not english, "reads English in German:\n" + "\n".join(english)
