"""Loading the ``.po`` catalogues and looking sentences up in the current locale.

Contract: ``_(msgid)`` returns the current locale's translation of ``msgid``, or ``msgid``
itself when the locale is English, not shipped, or has no (or an empty) entry for it.
``ngettext(singular, plural, n)`` picks the form by the locale's CLDR plural rule, falling back
to English's rule and forms as a whole when any form is missing. Nothing here formats: callers
fill ``{placeholders}`` with ``str.format`` after translating.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

SOURCE = "en-US"
"""The source language: the msgids themselves."""

PSEUDO = "en-XA"
"""The pseudo-locale for tests: English accented, lengthened and bracketed, built in code from
the template; never offered to users."""

HERE = Path(__file__).parent
LOCALES = HERE / "locales"
TEMPLATE = HERE / "messages.pot"

current_locale: ContextVar[str] = ContextVar("current_locale", default=SOURCE)
"""The locale ``_`` and ``ngettext`` translate into; set it with ``use_locale``."""


@cache
def shipped() -> tuple[str, ...]:
    """The locales we ship: English, then every locale with a ``locales/<code>/messages.po``,
    in code order. A language counts as shipped only once its file exists (looked for once a
    process: every interaction asks)."""
    found = sorted(path.parent.name for path in LOCALES.glob("*/messages.po"))
    return (SOURCE, *(code for code in found if code != SOURCE))


@contextmanager
def use_locale(locale: str) -> Iterator[None]:
    """Render in ``locale`` inside the block (any code: an unknown one reads as English)."""
    token = current_locale.set(locale)
    try:
        yield
    finally:
        current_locale.reset(token)


def language_name(code: str) -> str:
    """A language by its own name ("English", "Deutsch", "français", "português (Brasil)")."""
    if code == PSEUDO:
        return "Pseudo"
    name = babel_locale(code).get_display_name() or code
    return "English" if code == SOURCE else name


def babel_locale(code: str) -> Locale:
    """Babel's locale for a Discord code ("pt-BR", "es-ES", "fr"); English for the pseudo."""
    return Locale.parse("en-US" if code == PSEUDO else code, sep="-")


@dataclass(frozen=True)
class Messages:
    """One locale's translations: msgid to text, plural msgid to its forms, and its rule."""

    singles: dict[str, str]
    plurals: dict[str, tuple[str, ...]]
    rule: Callable[[int], int]
    forms: int


def plural_rule(code: str) -> tuple[int, Callable[[int], int]]:
    """How many plural forms ``code`` has and which form a count takes (CLDR, via Babel)."""
    forms, expression = get_plural(babel_locale(code))
    return forms, gettext.c2py(expression)


def read_catalogue(path: Path, code: str) -> Catalog:
    """A ``.po`` (or the ``.pot``) file parsed by Babel."""
    with path.open("rb") as handle:
        return read_po(handle, locale=None if code == "" else babel_locale(code))


def messages_of(catalogue: Catalog, code: str) -> Messages:
    """The non-empty translations of a parsed catalogue (fuzzy ones too: a translator's call)."""
    forms, rule = plural_rule(code)
    singles: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            strings = tuple(str(text) for text in message.string or ())
            if len(strings) == forms and all(strings):
                plurals[str(message.id[0])] = strings
        elif isinstance(message.string, str) and message.string:
            singles[str(message.id)] = message.string
    return Messages(singles, plurals, rule, forms)


_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|\{\{|\}\}|`[^`]*`|<[^<>]*>|\*\*|https?://\S+)")
_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþʠŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)


def pseudo(text: str) -> str:
    """``text`` accented, lengthened by about a third and bracketed; placeholders, inline code
    (command names), mentions and Markdown markers untouched."""
    if not text:
        return text
    parts = _PLACEHOLDER.split(text)
    body = "".join(
        part if index % 2 else part.translate(_ACCENTS) for index, part in enumerate(parts)
    )
    letters = sum(character.isalpha() for character in text)
    return f"⟦{body}{'~' * (letters // 3)}⟧"


@cache
def _messages(code: str) -> Messages | None:
    """The translations of a shipped locale (or the pseudo), read once; None for English."""
    if code == PSEUDO:
        template = read_catalogue(TEMPLATE, "")
        for message in template:
            if isinstance(message.id, tuple | list):
                message.string = tuple(pseudo(str(text)) for text in message.id)
            elif message.id:
                message.string = pseudo(str(message.id))
        return messages_of(template, SOURCE)
    if code == SOURCE or code not in shipped():
        return None
    return messages_of(read_catalogue(LOCALES / code / "messages.po", code), code)


def translate(msgid: str, locale: str) -> str:
    """``msgid`` in ``locale``, or ``msgid`` itself where there is no translation."""
    messages = _messages(locale)
    if messages is None:
        return msgid
    return messages.singles.get(msgid, msgid)


def _(msgid: str) -> str:
    """``msgid`` in the current locale (English where there is no translation)."""
    return translate(msgid, current_locale.get())


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogue without translating it (a constant translated later,
    where it is rendered, by ``_`` or a ``GameError``)."""
    return msgid


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` that ``count`` takes in the current locale."""
    messages = _messages(current_locale.get())
    if messages is not None:
        forms = messages.plurals.get(singular)
        if forms is not None:
            return forms[min(messages.rule(count), len(forms) - 1)]
    return singular if count == 1 else plural


def number(value: float) -> str:
    """A whole number or one with one decimal ("1.5"), written as the current locale writes
    numbers ("1,5" in French)."""
    if value == int(value):
        return str(int(value))
    return format_decimal(round(value, 1), format="0.0", locale=number_locale())


def number_locale() -> Locale:
    """Babel's locale that writes numbers for the current locale (English's for one we do not
    ship, and for the pseudo)."""
    code = current_locale.get()
    return babel_locale(code if code in shipped() else SOURCE)


class Phrase:
    """A piece of a sentence (a duration, "alice and bob") worded only when the sentence is
    rendered, in the locale current then: a ``GameError`` raised without a locale carries
    these as values. ``str()`` and ``format()`` word it."""

    def __init__(self, words: Callable[[], str]) -> None:
        self._words = words

    def __str__(self) -> str:
        return self._words()

    def __format__(self, spec: str) -> str:
        return format(self._words(), spec)

    def __repr__(self) -> str:
        return f"Phrase({self._words()!r})"

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other) if isinstance(other, str | Phrase) else NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))
