"""The bot's side of the fake Discord: an aiohttp connector that reaches it.

Discord's hosts (``discord.com`` for REST, ``*.discord.gg`` for the gateway) resolve to the
fake's port on 127.0.0.1, and TLS trusts the fake's test certificate authority only, so the
bot's unchanged discord.py client speaks HTTPS and WSS to the fake exactly as it would to
Discord. Any other host fails to resolve: a bot under the harness never reaches the
internet. Only public APIs: aiohttp's ``AbstractResolver`` and ``TCPConnector``, handed to
discord.py's ``Client(connector=...)``.
"""

from __future__ import annotations

import socket
import ssl

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult

DISCORD_HOSTS = ("discord.com", "discord.gg")
"""Hosts (and their subdomains) that the resolver sends to the fake."""


def is_discord(host: str) -> bool:
    """Whether ``host`` is one of Discord's (``DISCORD_HOSTS`` or a subdomain)."""
    return any(host == name or host.endswith("." + name) for name in DISCORD_HOSTS)


class FakeDiscordResolver(AbstractResolver):
    """Resolves Discord's hosts to 127.0.0.1 at the fake's ``port``; refuses every other."""

    def __init__(self, port: int) -> None:
        self.port = port

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        if not is_discord(host):
            raise OSError(f"the fake Discord resolves Discord's hosts only, not {host!r}")
        return [
            ResolveResult(
                hostname=host,
                host="127.0.0.1",
                port=self.port,
                family=socket.AF_INET,
                proto=0,
                flags=socket.AI_NUMERICHOST,
            )
        ]

    async def close(self) -> None:
        """Nothing to release."""


def client_ssl(ca_file: str) -> ssl.SSLContext:
    """TLS that trusts only the fake's certificate authority (a PEM file), hostnames checked."""
    return ssl.create_default_context(cafile=ca_file)


def fake_discord_connector(port: int, ca_file: str) -> aiohttp.TCPConnector:
    """The connector for ``Client(connector=...)``: Discord's hosts at the fake on ``port``,
    its certificates signed by ``ca_file``. Create it in the event loop the bot runs in."""
    return aiohttp.TCPConnector(
        resolver=FakeDiscordResolver(port), ssl=client_ssl(ca_file), limit=0
    )
