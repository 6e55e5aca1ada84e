"""A message's components as Discord keeps them: legacy messages (action rows of buttons under
``content``) and Components V2 messages (flag ``IS_COMPONENTS_V2``: no ``content`` or embeds,
the text in TextDisplays, nested in containers and sections with the action rows).

``walk`` visits every component, nested ones included, so a board is read from its cell
buttons and its text displays wherever they sit; ``text`` is what a message reads;
``refusal`` is Discord's answer to a message it would not keep (None: it keeps it), and
``number`` gives components the ``id`` Discord fills in.
See https://discord.com/developers/docs/components/reference.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

COMPONENTS_V2 = 1 << 15
"""The message flag IS_COMPONENTS_V2."""

ACTION_ROW, BUTTON, SECTION, TEXT_DISPLAY, CONTAINER = 1, 2, 9, 10, 17

V2_MOST_COMPONENTS = 40
"""Components a V2 message may hold in all, nested ones included."""
V2_MOST_TEXT = 4000
"""Characters of all a V2 message's text displays together."""
MOST_ROWS = 5
"""Action rows a legacy message may hold."""
MOST_IN_ROW = 5
"""Buttons an action row may hold."""


def children(component: dict[str, Any]) -> list[dict[str, Any]]:
    """A component's nested components: a row's or container's ``components``, a section's
    ``components`` and its ``accessory``."""
    nested = list(component.get("components") or [])
    if component.get("accessory"):
        nested.append(component["accessory"])
    return nested


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, in the order a reader sees them."""
    for component in components:
        yield component
        yield from walk(children(component))


def buttons(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every button, wherever it is nested."""
    return (component for component in walk(components) if component.get("type") == BUTTON)


def text(message: dict[str, Any]) -> str:
    """What a message reads: its ``content``, then its text displays, one a line."""
    texts = [str(message.get("content") or "")]
    texts += [
        str(component.get("content") or "")
        for component in walk(message.get("components") or [])
        if component.get("type") == TEXT_DISPLAY
    ]
    return "\n".join(part for part in texts if part)


def number(components: list[dict[str, Any]]) -> None:
    """Give each component without an ``id`` the next free one, counting from 1 in reading
    order, as Discord does."""
    taken = {int(c["id"]) for c in walk(components) if c.get("id") is not None}
    free = (n for n in range(1, 10_000) if n not in taken)
    for component in walk(components):
        if component.get("id") is None:
            component["id"] = next(free)


def refusal(message: dict[str, Any]) -> tuple[int, str] | None:
    """Why Discord would not keep ``message`` as it stands after a post or an edit (its
    error code and message, answered with HTTP 400), or None."""
    components = message.get("components") or []
    everything = list(walk(components))
    kept = ("content", "embeds", "components", "attachments")
    if not any(message.get(key) for key in kept):
        return 50006, "Cannot send an empty message"
    for component in everything:
        if component.get("type") == ACTION_ROW and len(children(component)) > MOST_IN_ROW:
            return 50035, "Invalid Form Body (an action row holds at most 5 components)"
    if int(message.get("flags") or 0) & COMPONENTS_V2:
        if message.get("content") or message.get("embeds"):
            return 50035, "Invalid Form Body (a V2 message has no content or embeds)"
        if len(everything) > V2_MOST_COMPONENTS:
            return 50035, f"Invalid Form Body (more than {V2_MOST_COMPONENTS} components)"
        shown = sum(
            len(str(c.get("content") or "")) for c in everything if c.get("type") == TEXT_DISPLAY
        )
        if shown > V2_MOST_TEXT:
            return 50035, f"Invalid Form Body (more than {V2_MOST_TEXT} characters of text)"
        return None
    if any(component.get("type") != ACTION_ROW for component in components):
        return 50035, "Invalid Form Body (components V2 need the IS_COMPONENTS_V2 flag)"
    if len(components) > MOST_ROWS:
        return 50035, "Invalid Form Body (at most 5 action rows)"
    return None
