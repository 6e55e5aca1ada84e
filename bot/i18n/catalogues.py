"""Loading the ``.po`` catalogues and looking sentences up in the current locale.

Contract: ``_(msgid)`` returns the current locale's translation of ``msgid``, or ``msgid``
itself when the locale is English, not shipped, or has no (or an empty) entry for it.
``ngettext(singular, plural, n)`` picks the form by the locale's plural rule (CLDR's, as Babel
writes it for gettext), falling back to English's rule and forms as a whole when any form is
missing. Nothing here formats: callers fill ``{placeholders}`` with ``str.format`` after
translating. Each catalogue is compiled in memory into Babel's ``Translations`` when first used.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

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


def read_catalogue(path: Path, code: str) -> Catalog:
    """A ``.po`` (or the ``.pot``) file parsed by Babel."""
    with path.open("rb") as handle:
        return read_po(handle, locale=None if code == "" else babel_locale(code))


def translations_of(catalogue: Catalog) -> Translations:
    """The catalogue's complete translations (fuzzy ones too: a translator's call), compiled
    in memory. A message with an empty text, or a plural missing any of its locale's forms,
    is left out, so it reads in English as a whole."""
    for message in list(catalogue):
        if message.id and not _complete(message, catalogue.num_plurals):
            catalogue.delete(message.id, context=message.context)
    compiled = BytesIO()
    write_mo(compiled, catalogue, use_fuzzy=True)
    compiled.seek(0)
    return Translations(compiled)


def _complete(message: Message, forms: int) -> bool:
    """Whether ``message`` has its text, or every one of a plural's ``forms``."""
    if isinstance(message.string, tuple | list):
        return len(message.string) == forms and all(message.string)
    return bool(message.string)


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
def _translations(code: str) -> Translations | None:
    """The translations of a shipped locale (or the pseudo), read once; None for English."""
    if code == PSEUDO:
        template = read_catalogue(TEMPLATE, "")
        for message in template:
            if isinstance(message.id, tuple | list):
                message.string = tuple(pseudo(str(text)) for text in message.id)
            elif message.id:
                message.string = pseudo(str(message.id))
        return translations_of(template)
    if code == SOURCE or code not in shipped():
        return None
    return translations_of(read_catalogue(LOCALES / code / "messages.po", code))


def translate(msgid: str, locale: str) -> str:
    """``msgid`` in ``locale``, or ``msgid`` itself where there is no translation."""
    translations = _translations(locale)
    if translations is None or not msgid:  # gettext's "" is the catalogue's header
        return msgid
    return translations.gettext(msgid)


def _(msgid: str) -> str:
    """``msgid`` in the current locale (English where there is no translation)."""
    return translate(msgid, current_locale.get())


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogue without translating it (a constant translated later,
    where it is rendered, by ``_`` or a ``GameError``)."""
    return msgid


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` that ``count`` takes in the current locale."""
    translations = _translations(current_locale.get())
    if translations is None:
        return singular if count == 1 else plural
    return translations.ngettext(singular, plural, count)


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
