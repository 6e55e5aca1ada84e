"""The catalogues: the template up to date with the code, every shipped language complete
with the English placeholders, the pseudo-locale, plural rules and locale choice."""

from __future__ import annotations

import pytest

from bot.i18n import PSEUDO, SOURCE, _, from_environment, ngettext, resolve, shipped, use_locale
from bot.i18n.catalogues import TEMPLATE, pseudo, read_catalogue, translate
from bot.i18n.extract import extract, placeholders, problems, template_text


def test_the_template_is_up_to_date_with_the_code() -> None:
    assert TEMPLATE.read_bytes() == template_text(extract()), (
        "a sentence changed: run .venv/bin/python -m bot.i18n extract"
    )


def test_the_template_parses_and_every_msgid_formats() -> None:
    template = read_catalogue(TEMPLATE, "")
    ids = [message.id for message in template if message.id]
    assert len(ids) > 50
    for message_id in ids:
        for text in (message_id,) if isinstance(message_id, str) else message_id:
            text.format_map(dict.fromkeys(placeholders(text), "x"))


def test_ten_translations_ship() -> None:
    """The catalogues are found: the completeness check below cannot run over none of them."""
    assert len([code for code in shipped() if code != SOURCE]) >= 10


@pytest.mark.parametrize("code", [code for code in shipped() if code != SOURCE])
def test_every_shipped_catalogue_is_complete(code: str) -> None:
    assert problems(code) == []


def test_english_is_the_source_and_always_shipped() -> None:
    assert shipped()[0] == SOURCE
    assert _("That game is over.") == "That game is over."


def test_pseudo_keeps_placeholders_code_and_marks() -> None:
    text = pseudo("Hello {name}, type `/tictactoe start` **now**.")
    assert "{name}" in text and "`/tictactoe start`" in text and "**" in text
    assert "Hello" not in text and text.startswith("⟦") and text.endswith("⟧")
    with use_locale(PSEUDO):
        assert _("That game is over.") == pseudo("That game is over.")
        assert _("not in the catalogue") == "not in the catalogue"


def test_plurals_follow_the_rule_and_fall_back_to_english() -> None:
    assert ngettext("{count} minute", "{count} minutes", 1) == "{count} minute"
    assert ngettext("{count} minute", "{count} minutes", 2) == "{count} minutes"
    with use_locale("zz"):
        assert ngettext("{count} minute", "{count} minutes", 0) == "{count} minutes"


@pytest.mark.parametrize(
    ("code", "expected"),
    [(None, SOURCE), ("en-GB", SOURCE), ("en-US", SOURCE), ("zh-CN", SOURCE), (PSEUDO, PSEUDO)],
)
def test_resolve(code: str | None, expected: str) -> None:
    assert resolve(code) == expected


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, SOURCE),
        ({"LANG": "C"}, SOURCE),
        ({"LANG": "POSIX"}, SOURCE),
        ({"LANG": "en_XA.UTF-8"}, PSEUDO),
        ({"LANG": "C", "LC_ALL": "en_XA"}, PSEUDO),
        ({"LANG": "en_XA", "LC_MESSAGES": "C"}, SOURCE),
        ({"LANG": "en_XA", "LC_ALL": "", "LC_MESSAGES": "POSIX"}, SOURCE),
    ],
)
def test_the_terminal_locale_from_the_environment(environ: dict[str, str], expected: str) -> None:
    assert from_environment(environ) == expected


def _english_words(text: str) -> set[str]:
    """ASCII words of four letters or more outside inline code and mentions."""
    import re

    text = re.sub(r"`[^`]*`|<[^<>]*>", "", text)
    return {word for word in re.findall(r"[A-Za-z]{4,}", text)}


def test_settings_and_errors_reach_no_english_in_the_pseudo_locale() -> None:
    """What goes through the catalogue so far (settings, the game layer's errors) shows no
    English in ``en-XA``: the proof, per sentence, that nothing bypasses the catalogue."""
    from bot.games.errors import PLAIN, NoGameError
    from bot.games.render.settings import render_server_settings, render_settings_saved
    from bot.games.server_settings import ServerSettings

    settings = ServerSettings(guild_id=1, channel_ids=(5, 6), duels=False)
    with use_locale(PSEUDO):
        texts = [
            render_server_settings(settings, 600.0, 300.0),
            render_settings_saved(settings, 90.0, 60.0),
            NoGameError().text(PLAIN),
        ]
    allowed = {"perfect", "random", "start"}  # level, choice and command names, as typed
    for text in texts:
        assert _english_words(text) <= allowed, text


@pytest.mark.parametrize("locale", ["de", "ja", PSEUDO])
def test_an_empty_sentence_stays_empty(locale: str) -> None:
    """An adapter that spells a place as nothing ("" for the terminal's "here") gets nothing
    back, not the catalogue's header (gettext's translation of "")."""
    assert translate("", locale) == ""
