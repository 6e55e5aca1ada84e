"""The real bot in its own process, connected to a ``FakeDiscord``.

``BotProcess`` starts ``python -m tools.fake_discord.run_bot`` from the repository's root with
the fake's port, certificate authority and token, and the game database the caller names
(``DATABASE_PATH`` or ``DATABASE_URL``); its log goes to a file (``log()``). ``stop`` sends
SIGINT, as Ctrl-C would, and waits for the bot to close; a bot that does not is killed.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from .server import FakeDiscord

ROOT = Path(__file__).resolve().parent.parent.parent
STOP_SECONDS = 15.0


class BotProcess:
    """One bot process against ``fake``, with ``env`` added to this process's environment."""

    def __init__(self, fake: FakeDiscord, log_file: Path, env: dict[str, str]) -> None:
        self.fake = fake
        self.log_file = log_file
        self.env = env
        self.process: asyncio.subprocess.Process | None = None
        self.status: int | None = None

    async def start(self, *, connected_within: float = 60.0) -> None:
        """Start the bot and wait until it has identified and been sent its server (the
        fake's ``wait_connected``); a bot that exits first fails with its log."""
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("DISCORD_", "DATABASE_", "SHARD_", "METRICS_"))
        }
        env.update(
            {
                "DISCORD_TOKEN": self.fake.token,
                "FAKE_DISCORD_PORT": str(self.fake.port),
                "FAKE_DISCORD_CA": self.fake.ca_file,
                "PYTHONUNBUFFERED": "1",
                **self.env,
            }
        )
        with self.log_file.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tools.fake_discord.run_bot",
                cwd=ROOT,
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )
        connected = asyncio.ensure_future(self.fake.wait_connected(connected_within))
        exited = asyncio.ensure_future(self.process.wait())
        done, _ = await asyncio.wait({connected, exited}, return_when=asyncio.FIRST_COMPLETED)
        if exited in done:
            connected.cancel()
            raise RuntimeError(f"the bot exited with {exited.result()}:\n{self.log()}")
        exited.cancel()
        connected.result()

    async def stop(self) -> int:
        """Stop the bot as Ctrl-C does; its exit status (killed: negative)."""
        process = self.process
        if process is None:
            return 0
        if process.returncode is None:
            process.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(process.wait(), STOP_SECONDS)
            except TimeoutError:
                process.kill()
                await process.wait()
        self.status = process.returncode
        return process.returncode if process.returncode is not None else 0

    def log(self) -> str:
        try:
            return self.log_file.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no log)"
