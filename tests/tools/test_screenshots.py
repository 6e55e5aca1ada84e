"""The README's pictures show what the bot sends today.

``make screenshots`` writes ``docs/screenshots/messages.json`` with the pictures: the payloads
of the messages they show. Playing the same scenes again (no browser needed) must give the same
payloads; when the bot's messages change, this fails until the pictures are taken again.
"""

from __future__ import annotations

import json
from pathlib import Path

from screen_scenes import MESSAGES, SHOTS, dumps, payloads, play, running

SCENES = (
    "board-3x3", "board-5x5", "ultimate", "connect4", "review", "puzzle", "arena", "arena-final"
)


async def test_the_pictures_show_the_messages_the_bot_sends(tmp_path: Path) -> None:
    async with running(tmp_path / "games.db") as env:
        scenes = await play(env)
        shown = payloads(scenes)
    assert [scene.name for scene in scenes] == list(SCENES)
    kept = json.loads(MESSAGES.read_text(encoding="utf-8"))
    for name in SCENES:
        assert shown[name] == kept[name], (
            f"{name}: the bot's message changed since the pictures were taken;"
            " run `make screenshots` and commit docs/screenshots"
        )
    assert dumps(shown) == MESSAGES.read_text(encoding="utf-8")


def test_every_scene_has_its_picture() -> None:
    for name in SCENES:
        assert (SHOTS / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name


def test_the_pictures_show_a_board_of_each_kind_and_a_review() -> None:
    kept = json.loads(MESSAGES.read_text(encoding="utf-8"))
    shown = {
        name: json.dumps(message["components"], ensure_ascii=False)
        for name, message in kept.items()
    }
    assert "5\u00d75" in shown["board-5x5"] and "ttt-resign" in shown["board-5x5"]
    assert "ttu:" not in shown["board-3x3"] and "Ultimate" in shown["ultimate"]
    assert "Connect Four" in shown["connect4"] and "\U0001f534" in shown["connect4"]
    assert kept["review"]["files"] and all(
        name.endswith(".gif") for name in kept["review"]["files"]
    )
    assert "tta:" in shown["arena"] and "\U0001f525" in shown["arena"]  # Join, and on fire
    assert "\U0001f947" in shown["arena-final"]  # the podium
