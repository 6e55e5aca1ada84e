"""Extracting every sentence from the code into the template, and checking catalogues.

Contract: ``extract()`` is the catalogue the code asks for (Babel's Python extractor over
``bot/`` except the engine, a developer tool that stays English); ``write_template()`` writes it
to ``messages.pot``; ``problems(code)`` lists what keeps a shipped ``.po`` from being complete
(missing or empty entries, missing plural forms, placeholders that differ from the English).
A ``# TRANSLATORS:`` comment just above a sentence becomes its ``#.`` note in the template.
"""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from bot.i18n.catalogues import LOCALES, TEMPLATE, read_catalogue

ROOT = Path(__file__).resolve().parent.parent
"""The ``bot`` package, whose sentences are extracted."""

ERRORS = (
    "GameError", "NoGameError", "GameRunningError", "NotYourGameError", "NotYourTurnError",
    "CellTakenError", "OffBoardError", "GameOverError", "InvalidCellError",
    "TooEarlyToSolveError", "InvalidOptionError", "StorageError", "StoreBusyError",
    "GameChangedError", "DatabaseGoneError", "SettingsError", "ChannelNotAllowedError",
    "DuelsOffError",
)  # fmt: skip
"""The game layer's errors, whose first argument (a literal template) is a msgid."""

KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "locale_str": None,  # discord.py's: slash commands' descriptions and choice names
    **dict.fromkeys(ERRORS, None),
}
METHODS = [
    # the engine is a developer tool; storage's and start-up's sentences are the operator's
    ("engine/**.py", "ignore"),
    ("storage/**.py", "ignore"),
    ("settings.py", "ignore"),
    ("startup.py", "ignore"),
    ("__main__.py", "ignore"),
    ("discord_bot/runner.py", "ignore"),
    ("terminal/runner.py", "ignore"),
    ("**.py", "python"),
]
COMMENT_TAGS = ["TRANSLATORS:"]
HEADER = "# The sentences of tictactoe-bot. How to translate them: docs/translating.md.\n"


def extract() -> Catalog:
    """Every sentence the code marks, with where it is used and its translators' notes."""
    catalogue = Catalog(project="tictactoe-bot", fuzzy=False, header_comment=HEADER)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), METHODS, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
    ):
        if not message or (isinstance(message, tuple) and not all(message)):
            continue
        location = (f"bot/{filename}", lineno)
        catalogue.add(message, None, [location], auto_comments=comments, context=context)
    return catalogue


def template_text(catalogue: Catalog) -> bytes:
    """The catalogue as ``.pot`` text, without dates or line numbers (stable under edits)."""
    buffer = BytesIO()
    write_po(buffer, catalogue, width=100, omit_header=False, include_lineno=False,
             sort_output=True)  # fmt: skip
    lines = buffer.getvalue().decode().splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith('"POT-Creation-Date')]
    return "".join(kept).encode()


def write_template() -> int:
    """Write ``messages.pot`` from the code; the number of msgids."""
    catalogue = extract()
    TEMPLATE.write_bytes(template_text(catalogue))
    return len([message for message in catalogue if message.id])


_FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")


def placeholders(text: str) -> set[str]:
    """The ``{names}`` of a sentence (doubled braces are literal)."""
    return set(_FIELD.findall(text.replace("{{", "").replace("}}", "")))


def problems(code: str) -> list[str]:
    """What keeps ``locales/<code>/messages.po`` from being complete and correct."""
    path = LOCALES / code / "messages.po"
    template = read_catalogue(TEMPLATE, "")
    catalogue = read_catalogue(path, code)
    found: list[str] = []
    forms = catalogue.num_plurals
    for message in template:
        if not message.id:
            continue
        translated = catalogue.get(message.id)
        key = message.id if isinstance(message.id, str) else message.id[0]
        if translated is None:
            found.append(f"{code}: missing: {key!r}")
            continue
        if isinstance(message.id, str):
            strings = [translated.string] if isinstance(translated.string, str) else []
            english = placeholders(message.id)
        else:
            strings = list(translated.string or ())
            english = placeholders(message.id[1]) | placeholders(message.id[0])
            if len(strings) != forms:
                found.append(f"{code}: {len(strings)} plural forms, not {forms}: {key!r}")
        for text in strings:
            if not text:
                found.append(f"{code}: untranslated: {key!r}")
            elif not placeholders(text) <= english or (
                isinstance(message.id, str) and placeholders(text) != english
            ):
                found.append(f"{code}: placeholders {sorted(placeholders(text))} differ: {key!r}")
    return found
