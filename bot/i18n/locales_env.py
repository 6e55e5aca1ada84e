"""Which shipped locale a Discord code or a POSIX environment asks for.

Contract: ``resolve`` maps any code to one we ship (or the pseudo-locale), else English;
``from_environment`` reads ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG`` as the C library
does ("fr_FR.UTF-8" is "fr", "pt_BR" is "pt-BR", "C" and "POSIX" are English).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n.catalogues import PSEUDO, SOURCE, shipped


def resolve(code: str | None) -> str:
    """The shipped locale for ``code``: itself, else the one shipped locale of its language
    ("es" and "es-419" read as "es-ES", "fr-FR" as "fr"), else English."""
    if not code:
        return SOURCE
    code = code.replace("_", "-")
    available = shipped()
    for candidate in (*available, PSEUDO):
        if candidate.lower() == code.lower():
            return candidate
    language = code.split("-")[0].lower()
    same = [candidate for candidate in available if candidate.split("-")[0].lower() == language]
    return same[0] if len(same) == 1 else SOURCE


def from_environment(environ: Mapping[str, str]) -> str:
    """The terminal's locale from the environment, by the C library's precedence."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("@")[0]
            if code in ("C", "POSIX"):
                return SOURCE
            return resolve(code)
    return SOURCE
