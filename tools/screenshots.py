"""Photograph the README's scenes: ``make screenshots`` (``python tools/screenshots.py``).

Plays ``screen_scenes`` with the real bot under simcord, draws each scene's message with
simcord's preview in a headless Chromium from the OS packages, and writes the PNGs and
``messages.json`` (what they show) to ``docs/screenshots``. A dev-only tool: it needs
``pip install -e '.[screenshots]'`` and ``apt-get install chromium-headless-shell`` (or
``chromium``); ``CHROMIUM_PATH`` names another browser.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from screen_scenes import MESSAGES, SHOTS, dumps, payloads, play, running

VIEWPORT = (960, 1400)
"""Tall enough for the tallest message (the ultimate board) in one surface shot."""


def system_chromium() -> str | None:
    """The browser to draw with: ``CHROMIUM_PATH``, else the OS package's."""
    return (
        os.environ.get("CHROMIUM_PATH")
        or shutil.which("chromium-headless-shell")
        or shutil.which("chromium")
    )


def use_browser(path: str) -> None:
    """Make Playwright launch ``path``: simcord's preview calls a bare ``chromium.launch()``,
    and neither it nor Playwright reads a browser path from anywhere else."""
    from playwright.async_api import BrowserType

    launch = BrowserType.launch

    async def launch_system(self: BrowserType, **options: Any) -> Any:
        if self.name == "chromium" and not options.get("executable_path"):
            options.setdefault("executable_path", path)
        return await launch(self, **options)

    BrowserType.launch = launch_system  # type: ignore[method-assign]


async def photograph() -> None:
    """Play the scenes, then one preview session per scene's channel writes its picture."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        async with running(Path(scratch) / "games.db") as env:
            scenes = await play(env)
            for scene in scenes:
                async with env.preview(scene.channel, viewers=[scene.viewer]) as preview:
                    shot = await preview.screenshot(
                        SHOTS / f"{scene.name}.png", target=scene.message, viewport=VIEWPORT
                    )
                print(
                    f"{scene.name}.png  {shot.output_width}x{shot.output_height}  {scene.caption}"
                )
            MESSAGES.write_text(dumps(payloads(scenes)), encoding="utf-8")
    print(f"wrote {len(scenes)} pictures and {MESSAGES.name} to {SHOTS}")


def main() -> int:
    try:
        import playwright  # noqa: F401
    except ImportError:
        print(
            "Pictures need the screenshots extra: pip install -e '.[screenshots]'", file=sys.stderr
        )
        return 1
    browser = system_chromium()
    if browser is None:
        print(
            "Pictures need a Chromium: apt-get install chromium-headless-shell"
            " (or set CHROMIUM_PATH)",
            file=sys.stderr,
        )
        return 1
    use_browser(browser)
    asyncio.run(photograph())
    return 0


if __name__ == "__main__":
    sys.exit(main())
