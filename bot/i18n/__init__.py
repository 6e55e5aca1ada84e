"""Message catalogues: every sentence a player or server owner reads, in their language.

The msgid is the English sentence itself (``en-US``, the source), with ``str.format``-style
``{placeholders}``. ``_`` and ``ngettext`` translate into the *current* locale, a context
variable an adapter sets with ``use_locale`` around what it renders (``translate`` names the
locale outright); ``N_`` only marks a constant for extraction, to be translated where it is
rendered. A missing or empty entry falls back to English, sentence by sentence, and a locale we
do not ship falls back to English as a whole. Catalogues are gettext ``.po`` files read with
Babel at first use, no compile step; plurals follow each language's CLDR rule. Layer-neutral:
imports no Discord and no storage. Why gettext: docs/decisions.md; how to translate:
docs/translating.md.
"""

from __future__ import annotations

from bot.i18n.catalogues import (
    N_,
    PSEUDO,
    SOURCE,
    Phrase,
    _,
    current_locale,
    language_name,
    ngettext,
    number,
    shipped,
    translate,
    use_locale,
)
from bot.i18n.locales_env import from_environment, resolve

__all__ = [
    "N_",
    "PSEUDO",
    "SOURCE",
    "Phrase",
    "_",
    "current_locale",
    "from_environment",
    "language_name",
    "ngettext",
    "number",
    "resolve",
    "shipped",
    "translate",
    "use_locale",
]
