"""A fake Discord at the wire level: HTTPS REST and the gateway websocket (WSS) on 127.0.0.1,
serving a real discord.py client (the bot, in its own process) through
``connector.fake_discord_connector``.

What it serves is what the bot uses, shaped as Discord sends it (``ROUTES``: log-in, the
application, the gateway URL, command sync, channel messages, history, reactions, typing,
interaction callbacks, follow-ups and edits of an interaction's messages); the gateway speaks
HELLO, IDENTIFY -> READY and GUILD_CREATE, heartbeats, RESUME, and dispatches (zlib-stream
compressed when asked). Any other route or opcode is answered 404 or closed and recorded in
``problems``: a harness checks it is empty, so nothing the bot asks goes unnoticed.

It keeps Discord's rules that matter to the bot: permissions computed from roles and channel
overwrites (a post where the bot may not send is 403 50013 and changes nothing), the 3 s an
interaction has for its first answer (a later callback is 404 10062 "Unknown interaction";
follow-ups and edits of an interaction never acknowledged are 404 10015 "Unknown Webhook",
those of an acknowledged one work for 15 minutes, then 401 50027), one acknowledgement per
interaction (40060), the first follow-up after a "thinking" defer filling its placeholder,
ephemeral messages kept out of the channel's history, and the messages Discord keeps
(``components``: a Components V2 message has no content, the flag stays through edits, an
empty message is refused; a message it would refuse is 400 and a problem too).
``faults.Faults`` adds the refusals a harness asks for. Members act through ``slash``,
``click`` and ``type`` (what a Discord client would send); every answer is recorded with its
time (``shown``, ``reactions``, ``interactions``, ``calls``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import secrets
import socket
import ssl
import tempfile
import time
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import trustme
from aiohttp import WSMsgType, web

from . import components
from .components import COMPONENTS_V2
from .faults import RETRY_AFTER, Faults, Kind, Refusal

HOSTS = ("discord.com", "gateway.discord.gg", "gateway-us-east1-b.discord.gg")
"""The names the fake's certificate is valid for (the resolver sends them all to it)."""
GATEWAY_URL = "wss://gateway.discord.gg"
RESUME_URL = "wss://gateway-us-east1-b.discord.gg"
API = "/api/v10"

DEADLINE = 3.0
"""Seconds Discord gives an interaction for its first answer (the callback)."""
FOLLOWUP_SECONDS = 15 * 60.0
"""How long an acknowledged interaction's token takes follow-ups and edits."""
HEARTBEAT_MS = 41_250
DISCORD_EPOCH_MS = 1_420_070_400_000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
EVERYONE = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | EMBED_LINKS
    | ATTACH_FILES
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
)
"""What @everyone may do in the fake's server (Discord's defaults, roughly)."""

# Gateway intents the fake honours.
GUILD_MESSAGES = 1 << 9
GUILD_MESSAGE_REACTIONS = 1 << 10
MESSAGE_CONTENT = 1 << 15

SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
EDITABLE_FLAGS = SUPPRESS_EMBEDS | COMPONENTS_V2
"""The message flags an edit sets (IS_COMPONENTS_V2 only on: it is never taken off)."""
CLOUDFLARE_502 = (
    "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
    "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n"
    "</body>\r\n</html>\r\n"
)


class DiscordError(Exception):
    """An error answer, as Discord words it: ``status`` with ``{"code", "message"}``."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message


def unknown(what: str, code: int) -> DiscordError:
    return DiscordError(404, code, f"Unknown {what}")


MISSING_ACCESS = DiscordError(403, 50001, "Missing Access")
MISSING_PERMISSIONS = DiscordError(403, 50013, "Missing Permissions")


def iso(at: float | None = None) -> str:
    """A Discord timestamp (ISO 8601, UTC) for wall-clock ``at`` (now if None)."""
    return datetime.fromtimestamp(time.time() if at is None else at, UTC).isoformat()


@dataclass
class Channel:
    id: int
    name: str
    position: int
    overwrites: list[dict[str, Any]] = field(default_factory=list)

    def payload(self, guild_id: int) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": 0,
            "guild_id": str(guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": self.overwrites,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }


@dataclass
class Member:
    id: int
    name: str
    roles: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso)
    locale: str = "en-US"

    def user(self, *, bot: bool = False) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": None if bot else self.name.title(),
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "bot": bot,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "collectibles": None,
            "primary_guild": None,
        }

    def member(self, *, with_user: bool = True, bot: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(role) for role in self.roles],
            "joined_at": self.joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "premium_since": None,
            "nick": None,
            "avatar": None,
            "banner": None,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user(bot=bot)
        return data


@dataclass
class Interaction:
    """One INTERACTION_CREATE dispatched, and what became of it."""

    id: int
    token: str
    kind: str
    """``command`` (a slash command) or ``component`` (a button)."""
    channel_id: int
    member: Member
    dispatched_at: float
    name: str
    """The command's full name, or the button's custom_id."""
    message_id: int | None = None
    """The message whose button was clicked."""
    answered_at: float | None = None
    """When the first callback was accepted (None: never, or too late)."""
    response_type: int | None = None
    original_id: int | None = None
    """The message @original means: the response's, or the clicked one."""
    loading: bool = False
    refused: list[tuple[float, int, int]] = field(default_factory=list)
    """Callbacks refused: (time, HTTP status, Discord code)."""
    followups: list[int] = field(default_factory=list)

    @property
    def first_answer_s(self) -> float | None:
        """Seconds from dispatch to the accepted first answer."""
        return None if self.answered_at is None else self.answered_at - self.dispatched_at


@dataclass(frozen=True)
class Shown:
    """A message created or edited: what it showed from ``at`` on."""

    at: float
    message_id: int
    channel_id: int
    created: bool
    ephemeral: bool
    content: str
    components: list[dict[str, Any]]
    via: str
    """The route kind that made it (``faults.Kind``)."""

    @property
    def text(self) -> str:
        """What it read: its content, or a V2 message's text displays."""
        return components.text({"content": self.content, "components": self.components})


@dataclass(frozen=True)
class Reaction:
    at: float
    channel_id: int
    message_id: int
    emoji: str


@dataclass(frozen=True)
class Call:
    """One request of the bot's, as answered."""

    at: float
    method: str
    path: str
    kind: Kind
    status: int
    channel_id: int | None
    injected: Refusal | None


class _Window:
    """One rate-limit bucket's fixed window, reported in the X-RateLimit headers."""

    def __init__(self, limit: int, per: float) -> None:
        self.limit, self.per = limit, per
        self.start, self.used = 0.0, 0

    def take(self, now: float) -> tuple[bool, float]:
        """Count one request; whether it fits, and the seconds until the window resets."""
        if now - self.start >= self.per:
            self.start, self.used = now, 0
        self.used += 1
        return self.used <= self.limit, self.start + self.per - now


class GatewaySession:
    """One gateway session (shard 0 of 1): its sequence, the events sent (for RESUME) and
    the socket currently attached."""

    def __init__(self, session_id: str, intents: int) -> None:
        self.id = session_id
        self.intents = intents
        self.seq = 0
        self.sent: list[dict[str, Any]] = []
        self.ws: web.WebSocketResponse | None = None
        self.compress: Any = None

    async def send(self, payload: dict[str, Any]) -> None:
        ws = self.ws
        if ws is None or ws.closed:
            return
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        if self.compress is None:
            await ws.send_str(text)
        else:
            data = self.compress.compress(text.encode()) + self.compress.flush(zlib.Z_SYNC_FLUSH)
            await ws.send_bytes(data)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        payload = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.sent.append(payload)
        await self.send(payload)


Handler = Callable[[web.Request, dict[str, str], Any], Awaitable[Any]]


class FakeDiscord:
    """One server ("guild"), its channels and members, the bot's application, and the
    answers given. ``await start()``, then hand ``port`` and ``ca_file`` to the bot."""

    def __init__(self, *, faults: Faults | None = None, deadline: float = DEADLINE) -> None:
        self.faults = faults or Faults()
        self.deadline = deadline
        self.token = "fake." + secrets.token_urlsafe(24)
        self._millis = itertools.count()
        self.bot = Member(self._snowflake(), "TicTacToe")
        self.application_id = self.bot.id  # as for every bot made since 2019
        self.guild_id = self._snowflake()
        self.bot_role = self._snowflake()
        self.bot.roles = [self.bot_role]
        self.roles: dict[int, int] = {self.guild_id: EVERYONE, self.bot_role: EVERYONE}
        self.channels: dict[int, Channel] = {}
        self.members: dict[int, Member] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.ephemeral: set[int] = set()
        self.commands: dict[str, dict[str, Any]] = {}
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.shown: list[Shown] = []
        self.reactions: list[Reaction] = []
        self.calls: list[Call] = []
        self.problems: list[str] = []
        self.identified_at: float | None = None
        self.guild_sent_at: float | None = None
        self.sessions: dict[str, GatewaySession] = {}
        self.session: GatewaySession | None = None
        self._windows: dict[tuple[Kind, int | str | None], _Window] = {}
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self._folder = Path(tempfile.mkdtemp(prefix="fake-discord-"))
        self.ca_file = str(self._folder / "ca.pem")
        self.port = 0
        self._routes: list[tuple[str, re.Pattern[str], Kind, Handler]] = [
            (method, re.compile(pattern + "$"), kind, handler)
            for method, pattern, kind, handler in self._route_table()
        ]

    # -- the world -------------------------------------------------------------------------

    def _snowflake(self) -> int:
        """A fresh id, ordered by time as Discord's are."""
        millis = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (millis << 22) | (next(self._millis) % (1 << 22))

    def add_channel(self, name: str, *, bot_denied: int = 0, bot_allowed: int = 0) -> int:
        """A text channel; ``bot_denied``/``bot_allowed`` are permission bits overwritten for
        the bot's role there. Returns its id. Add channels before the bot connects."""
        channel = Channel(self._snowflake(), name, len(self.channels))
        if bot_denied or bot_allowed:
            channel.overwrites.append(
                {
                    "id": str(self.bot_role),
                    "type": 0,
                    "allow": str(bot_allowed),
                    "deny": str(bot_denied),
                }
            )
        self.channels[channel.id] = channel
        return channel.id

    def add_member(self, name: str, *, locale: str = "en-US") -> Member:
        member = Member(self._snowflake(), name, locale=locale)
        self.members[member.id] = member
        return member

    def permissions(self, member: Member, channel_id: int) -> int:
        """``member``'s permissions in the channel, computed as Discord does: @everyone and
        the member's roles, then the channel's overwrites (@everyone, roles, the member)."""
        base = self.roles[self.guild_id]
        for role in member.roles:
            base |= self.roles.get(role, 0)
        if base & ADMINISTRATOR:
            return ~0 & ((1 << 53) - 1)
        overwrites = {int(o["id"]): o for o in self.channels[channel_id].overwrites}
        everyone = overwrites.get(self.guild_id)
        if everyone is not None:
            base = (base & ~int(everyone["deny"])) | int(everyone["allow"])
        allow = deny = 0
        for role in member.roles:
            overwrite = overwrites.get(role)
            if overwrite is not None:
                allow, deny = allow | int(overwrite["allow"]), deny | int(overwrite["deny"])
        base = (base & ~deny) | allow
        own = overwrites.get(member.id)
        if own is not None:
            base = (base & ~int(own["deny"])) | int(own["allow"])
        if not base & VIEW_CHANNEL:
            return 0
        return base

    def bot_may(self, channel_id: int, *needed: int) -> bool:
        granted = self.permissions(self.bot, channel_id)
        return all(granted & bit for bit in needed)

    # -- running -----------------------------------------------------------------------------

    async def start(self) -> None:
        """Serve on a free port of 127.0.0.1 with a certificate for Discord's hosts, signed
        by a new test CA written to ``ca_file``."""
        authority = trustme.CA()
        authority.cert_pem.write_to_path(self.ca_file)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        authority.issue_cert(*HOSTS).configure_cert(context)
        app = web.Application(client_max_size=64 * 2**20)
        app.router.add_route("*", "/{tail:.*}", self._serve)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        self.port = listener.getsockname()[1]
        await web.SockSite(self._runner, listener, ssl_context=context).start()

    async def stop(self) -> None:
        for session in self.sessions.values():
            if session.ws is not None and not session.ws.closed:
                await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
        for path in self._folder.iterdir():
            path.unlink()
        self._folder.rmdir()

    async def _changed_now(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def until(self, check: Callable[[], Any], timeout: float) -> Any:
        """Wait until ``check()`` is truthy (re-checked after every answer the bot gives, and
        every 0.2 s); return it. ``TimeoutError`` after ``timeout`` seconds."""

        async def wait() -> Any:
            while True:
                found = check()
                if found:
                    return found
                async with self._changed:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._changed.wait(), 0.2)

        return await asyncio.wait_for(wait(), timeout)

    async def wait_connected(self, timeout: float = 60.0) -> None:
        """Wait until the bot has identified and been sent its server (GUILD_CREATE)."""
        await self.until(lambda: self.guild_sent_at is not None, timeout)

    def check(self) -> None:
        """Raise ``AssertionError`` if the bot asked for something the fake does not serve."""
        if self.problems:
            raise AssertionError("fake Discord: " + "; ".join(self.problems))

    # -- HTTP --------------------------------------------------------------------------------

    def _route_table(self) -> list[tuple[str, str, Kind, Handler]]:
        c, m, w, t = r"(?P<channel>\d+)", r"(?P<message>\d+)", r"(?P<app>\d+)", r"(?P<token>[^/]+)"
        return [
            ("GET", "/users/@me", Kind.OTHER, self._me),
            ("GET", "/oauth2/applications/@me", Kind.OTHER, self._application),
            ("GET", "/gateway/bot", Kind.OTHER, self._gateway_bot),
            ("GET", "/gateway", Kind.OTHER, self._gateway),
            ("PUT", rf"/applications/{w}/commands", Kind.OTHER, self._put_commands),
            ("GET", rf"/applications/{w}/commands", Kind.OTHER, self._get_commands),
            (
                "PUT",
                rf"/applications/{w}/guilds/(?P<guild>\d+)/commands",
                Kind.OTHER,
                self._put_commands,
            ),
            (
                "GET",
                rf"/applications/{w}/guilds/(?P<guild>\d+)/commands",
                Kind.OTHER,
                self._get_commands,
            ),
            ("POST", rf"/channels/{c}/messages", Kind.POST, self._post_message),
            ("GET", rf"/channels/{c}/messages", Kind.HISTORY, self._history),
            ("GET", rf"/channels/{c}/messages/{m}", Kind.OTHER, self._get_message),
            ("PATCH", rf"/channels/{c}/messages/{m}", Kind.EDIT, self._edit_message),
            (
                "PUT",
                rf"/channels/{c}/messages/{m}/reactions/(?P<emoji>[^/]+)/@me",
                Kind.REACTION,
                self._react,
            ),
            ("POST", rf"/channels/{c}/typing", Kind.TYPING, self._typing),
            (
                "POST",
                rf"/interactions/(?P<interaction>\d+)/{t}/callback",
                Kind.CALLBACK,
                self._callback,
            ),
            ("POST", rf"/webhooks/{w}/{t}", Kind.FOLLOWUP, self._followup),
            (
                "PATCH",
                rf"/webhooks/{w}/{t}/messages/(?P<message>@original|\d+)",
                Kind.EDIT_ORIGINAL,
                self._edit_webhook_message,
            ),
            (
                "GET",
                rf"/webhooks/{w}/{t}/messages/(?P<message>@original|\d+)",
                Kind.OTHER,
                self._get_webhook_message,
            ),
        ]

    async def _serve(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/" and request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._gateway_socket(request)
        now = time.monotonic()
        path = request.path
        if not path.startswith(API):
            return self._unserved(request, now)
        sub = path[len(API) :]
        for method, pattern, kind, handler in self._routes:
            found = pattern.match(sub) if method == request.method else None
            if found is None:
                continue
            params = {k: unquote(v) for k, v in found.groupdict().items()}
            try:
                return await self._answer(request, params, kind, handler, now)
            finally:
                await self._changed_now()
        return self._unserved(request, now)

    def _unserved(self, request: web.Request, now: float) -> web.Response:
        self.problems.append(f"unserved route {request.method} {request.path}")
        self.calls.append(Call(now, request.method, request.path, Kind.OTHER, 404, None, None))
        return _json(
            {"message": "404: Not Found (fake Discord serves no such route)", "code": 0}, 404
        )

    async def _answer(
        self,
        request: web.Request,
        params: dict[str, str],
        kind: Kind,
        handler: Handler,
        now: float,
    ) -> web.Response:
        channel_id = self._channel_of(kind, params)
        webhook = kind in (Kind.CALLBACK, Kind.FOLLOWUP, Kind.EDIT_ORIGINAL) or ("token" in params)
        if not webhook and request.headers.get("Authorization") != f"Bot {self.token}":
            self.calls.append(Call(now, request.method, request.path, kind, 401, channel_id, None))
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        refusal = self.faults.decide(kind, channel_id, now)
        if refusal is not None:
            self.calls.append(
                Call(now, request.method, request.path, kind, int(refusal), channel_id, refusal)
            )
            return self._refuse(refusal, kind)
        bucket_key = params.get("token") or channel_id
        window = self._windows.setdefault((kind, bucket_key), _Window(50, 1.0))
        fits, reset = window.take(now)
        headers = _rate_headers(kind, window.limit, max(0, window.limit - window.used), reset)
        if not fits:  # a real rate limit: the bot sent more than the bucket allows
            self.calls.append(Call(now, request.method, request.path, kind, 429, channel_id, None))
            return _json(
                {"message": "You are being rate limited.", "retry_after": reset, "global": False},
                429,
                {**headers, "Via": "1.1 google", "Retry-After": str(int(reset) + 1)},
            )
        body = await _body(request)
        try:
            result = await handler(request, params, body)
        except DiscordError as error:
            self.calls.append(
                Call(now, request.method, request.path, kind, error.status, channel_id, None)
            )
            return _json({"message": error.message, "code": error.code}, error.status, headers)
        status = 204 if result is None else 200
        self.calls.append(Call(now, request.method, request.path, kind, status, channel_id, None))
        if result is None:
            return web.Response(status=204, headers=headers)
        return _json(result, 200, headers)

    def _channel_of(self, kind: Kind, params: dict[str, str]) -> int | None:
        if "channel" in params:
            return int(params["channel"])
        interaction = self._by_token.get(params.get("token", ""))
        return None if interaction is None else interaction.channel_id

    def _refuse(self, refusal: Refusal, kind: Kind) -> web.Response:
        if refusal is Refusal.RATE_LIMITED:
            retry = self.faults.retry_after
            headers = {
                **_rate_headers(kind, 5, 0, retry),
                "Via": "1.1 google",
                "Retry-After": str(max(1, round(retry))),
                "X-RateLimit-Scope": "user",
            }
            body = {"message": "You are being rate limited.", "retry_after": retry, "global": False}
            return _json(body, 429, headers)
        if refusal is Refusal.BAD_GATEWAY:
            return web.Response(
                status=502,
                text=CLOUDFLARE_502,
                content_type="text/html",
                headers={"Server": "cloudflare", "CF-RAY": secrets.token_hex(8) + "-FRA"},
            )
        return _json({"message": "Missing Permissions", "code": 50013}, 403)

    # -- log-in and sync ---------------------------------------------------------------------

    async def _me(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        return {
            **self.bot.user(bot=True),
            "verified": True,
            "mfa_enabled": False,
            "email": None,
            "locale": "en-US",
        }

    async def _application(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        return {
            "id": str(self.application_id),
            "name": self.bot.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 1 << 18 | 1 << 19,  # GATEWAY_MESSAGE_CONTENT(_LIMITED)
            "owner": Member(self._snowflake(), "owner").user(),
            "team": None,
            "rpc_origins": [],
            "bot": self.bot.user(bot=True),
            "hook": True,
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": 1,
            "tags": [],
            "install_params": None,
            "custom_install_url": None,
            "role_connections_verification_url": None,
            "integration_types_config": {"0": {}},
        }

    async def _gateway_bot(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        limit = {"total": 1000, "remaining": 999, "reset_after": 86_400_000, "max_concurrency": 1}
        return {"url": GATEWAY_URL, "shards": 1, "session_start_limit": limit}

    async def _gateway(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        return {"url": GATEWAY_URL}

    async def _put_commands(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        if int(params["app"]) != self.application_id:
            raise DiscordError(403, 50001, "Missing Access")
        synced = []
        for command in body:
            command = {
                "id": str(self._snowflake()),
                "application_id": str(self.application_id),
                "version": str(self._snowflake()),
                "type": 1,
                "default_member_permissions": None,
                "nsfw": False,
                **command,
            }
            if "guild" in params:
                command["guild_id"] = params["guild"]
            self.commands[command["name"]] = command
            synced.append(command)
        return synced

    async def _get_commands(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        return list(self.commands.values())

    # -- channels ----------------------------------------------------------------------------

    def _channel(self, params: dict[str, str]) -> int:
        channel_id = int(params["channel"])
        if channel_id not in self.channels:
            raise unknown("Channel", 10003)
        if not self.bot_may(channel_id, VIEW_CHANNEL):
            raise MISSING_ACCESS
        return channel_id

    def _message(self, channel_id: int, message_id: int) -> dict[str, Any]:
        message = self.messages.get(message_id)
        if message is None or int(message["channel_id"]) != channel_id:
            raise unknown("Message", 10008)
        return message

    async def _post_message(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        channel_id = self._channel(params)
        if not self.bot_may(channel_id, SEND_MESSAGES):
            raise MISSING_PERMISSIONS
        reference = body.get("message_reference")
        referenced = None
        if reference is not None:
            if not self.bot_may(channel_id, READ_MESSAGE_HISTORY):
                raise MISSING_PERMISSIONS
            referenced = self.messages.get(int(reference["message_id"]))
            if referenced is None and reference.get("fail_if_not_exists", True):
                raise DiscordError(400, 50035, "Invalid Form Body")
        message = self._new_message(channel_id, body, reply_to=referenced)
        await self._created(message, Kind.POST)
        return message

    async def _history(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        channel_id = self._channel(params)
        if not self.bot_may(channel_id, READ_MESSAGE_HISTORY):
            return []  # Discord's answer without Read Message History: no messages
        limit = min(int(request.query.get("limit", 50)), 100)
        before = int(request.query.get("before", 2**63))
        after = int(request.query.get("after", 0))
        found = [
            message
            for id_, message in self.messages.items()
            if int(message["channel_id"]) == channel_id
            and id_ not in self.ephemeral
            and after < id_ < before
        ]
        found.sort(key=lambda message: int(message["id"]), reverse=True)
        return found[:limit]

    async def _get_message(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        channel_id = self._channel(params)
        if not self.bot_may(channel_id, READ_MESSAGE_HISTORY):
            raise MISSING_PERMISSIONS
        return self._message(channel_id, int(params["message"]))

    async def _edit_message(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        channel_id = self._channel(params)
        message = self._message(channel_id, int(params["message"]))
        if int(message["author"]["id"]) != self.bot.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        await self._edited(message, body, Kind.EDIT)
        return message

    async def _react(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        channel_id = self._channel(params)
        message = self._message(channel_id, int(params["message"]))
        emoji = params["emoji"]
        reactions = message.setdefault("reactions", [])
        existing = next((r for r in reactions if r["emoji"]["name"] == emoji), None)
        if not self.bot_may(channel_id, READ_MESSAGE_HISTORY) or (
            existing is None and not self.bot_may(channel_id, ADD_REACTIONS)
        ):
            raise MISSING_PERMISSIONS
        if existing is None:
            reactions.append(
                {
                    "emoji": {"id": None, "name": emoji},
                    "count": 1,
                    "me": True,
                    "count_details": {"burst": 0, "normal": 1},
                    "burst_colors": [],
                    "me_burst": False,
                    "burst_me": False,
                    "burst_count": 0,
                }
            )
        elif not existing["me"]:
            existing["me"], existing["count"] = True, existing["count"] + 1
        else:
            return None
        self.reactions.append(Reaction(time.monotonic(), channel_id, int(message["id"]), emoji))
        if self._wants(GUILD_MESSAGE_REACTIONS):
            await self._dispatch(
                "MESSAGE_REACTION_ADD",
                {
                    "user_id": str(self.bot.id),
                    "channel_id": str(channel_id),
                    "message_id": message["id"],
                    "guild_id": str(self.guild_id),
                    "member": self.bot.member(bot=True),
                    "emoji": {"id": None, "name": emoji},
                    "burst": False,
                    "type": 0,
                    "message_author_id": message["author"]["id"],
                },
            )
        return None

    async def _typing(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        channel_id = self._channel(params)
        if not self.bot_may(channel_id, SEND_MESSAGES):
            raise MISSING_PERMISSIONS
        return None

    # -- interactions ------------------------------------------------------------------------

    async def _callback(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        now = time.monotonic()
        interaction = self.interactions.get(int(params["interaction"]))
        if interaction is None or interaction.token != params["token"]:
            raise unknown("interaction", 10062)
        if interaction.answered_at is not None:
            interaction.refused.append((now, 400, 40060))
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if now - interaction.dispatched_at > self.deadline:
            interaction.refused.append((now, 404, 10062))
            raise unknown("interaction", 10062)
        kind, data = body.get("type"), body.get("data") or {}
        if kind == 4:
            message = self._new_message(
                interaction.channel_id,
                data,
                interaction=interaction,
                ephemeral=bool(int(data.get("flags") or 0) & EPHEMERAL),
            )
            interaction.original_id = int(message["id"])
        elif kind == 5:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self._new_message(
                interaction.channel_id,
                {"content": "", "flags": flags},
                interaction=interaction,
                ephemeral=bool(flags & EPHEMERAL),
                placeholder=True,
            )
            interaction.original_id, interaction.loading = int(message["id"]), True
        elif kind in (6, 7) and interaction.kind == "component":
            message = self.messages[interaction.message_id or 0]
            if kind == 7:
                self._edit(message, data)
            interaction.original_id = interaction.message_id
        else:
            self.problems.append(f"interaction callback type {kind} for a {interaction.kind}")
            raise DiscordError(400, 50035, "Invalid Form Body")
        interaction.answered_at, interaction.response_type = now, kind
        if kind in (4, 5):
            await self._created(message, Kind.CALLBACK)
        elif kind == 7:
            await self._announce_edit(message, Kind.CALLBACK)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return None
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": 2 if interaction.kind == "command" else 3,
                "response_message_id": str(interaction.original_id),
                "response_message_loading": kind == 5,
                "response_message_ephemeral": str(interaction.original_id)
                in map(str, self.ephemeral),
            },
            "resource": {"type": kind},
        }
        if kind in (4, 5, 7):
            answer["resource"]["message"] = message
        return answer

    def _webhook(self, params: dict[str, str]) -> Interaction:
        """The interaction a webhook token belongs to, if Discord would still take it."""
        interaction = self._by_token.get(params["token"])
        if int(params["app"]) != self.application_id or interaction is None:
            raise unknown("Webhook", 10015)
        if interaction.answered_at is None:
            raise unknown("Webhook", 10015)  # never acknowledged: the token never came alive
        if time.monotonic() - interaction.dispatched_at > FOLLOWUP_SECONDS:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return interaction

    async def _followup(self, request: web.Request, params: dict[str, str], body: Any) -> Any:
        interaction = self._webhook(params)
        wait = request.query.get("wait") in ("1", "true", "True")
        if interaction.loading and interaction.original_id is not None:
            # The first follow-up after a "thinking" defer is the placeholder's content.
            message = self.messages[interaction.original_id]
            await self._edited(message, body, Kind.FOLLOWUP, settle=True)
            interaction.loading = False
            return message if wait else None
        message = self._new_message(
            interaction.channel_id,
            body,
            interaction=interaction,
            ephemeral=bool(int(body.get("flags") or 0) & EPHEMERAL),
            followup=True,
        )
        interaction.followups.append(int(message["id"]))
        await self._created(message, Kind.FOLLOWUP)
        return message if wait else None

    def _webhook_message(self, interaction: Interaction, which: str) -> dict[str, Any]:
        if which == "@original":
            if interaction.original_id is None:
                raise unknown("Message", 10008)
            return self.messages[interaction.original_id]
        message_id = int(which)
        if message_id not in interaction.followups and message_id != interaction.original_id:
            raise unknown("Message", 10008)
        return self.messages[message_id]

    async def _edit_webhook_message(
        self, request: web.Request, params: dict[str, str], body: Any
    ) -> Any:
        interaction = self._webhook(params)
        message = self._webhook_message(interaction, params["message"])
        original = int(message["id"]) == interaction.original_id
        await self._edited(message, body, Kind.EDIT_ORIGINAL, settle=original)
        if original:
            interaction.loading = False
        return message

    async def _get_webhook_message(
        self, request: web.Request, params: dict[str, str], body: Any
    ) -> Any:
        return self._webhook_message(self._webhook(params), params["message"])

    # -- messages ----------------------------------------------------------------------------

    def _new_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        *,
        reply_to: dict[str, Any] | None = None,
        interaction: Interaction | None = None,
        ephemeral: bool = False,
        followup: bool = False,
        placeholder: bool = False,
    ) -> dict[str, Any]:
        """A message of the bot's made of ``body`` (kept, or refused with 400 as Discord
        would: ``_refuse_unkept``); ``placeholder``: an interaction's "thinking" message, which
        Discord makes itself."""
        message_id = self._snowflake()
        message: dict[str, Any] = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "author": self.bot.user(bot=True),
            "content": body.get("content") or "",
            "timestamp": iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": body.get("embeds") or [],
            "pinned": False,
            "type": 19 if reply_to is not None else 0,
            "flags": int(body.get("flags") or 0) | (EPHEMERAL if ephemeral else 0),
            "components": json.loads(json.dumps(body.get("components") or [])),
            "reactions": [],
        }
        if not placeholder:
            self._refuse_unkept(message)
        components.number(message["components"])
        if reply_to is not None:
            message["message_reference"] = {
                "type": 0,
                "message_id": reply_to["id"],
                "channel_id": str(channel_id),
                "guild_id": str(self.guild_id),
            }
            message["referenced_message"] = reply_to
        if interaction is not None:
            message["webhook_id"] = str(self.application_id)
            message["application_id"] = str(self.application_id)
            if interaction.kind == "command" and not followup:
                message["type"] = 20  # CHAT_INPUT_COMMAND
            message["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": 2 if interaction.kind == "command" else 3,
                "user": interaction.member.user(),
                "authorizing_integration_owners": {"0": str(self.guild_id)},
            }
        self.messages[message_id] = message
        if ephemeral:
            self.ephemeral.add(message_id)
        return message

    async def _created(self, message: dict[str, Any], via: Kind) -> None:
        self._record(message, created=True, via=via)
        await self._echo("MESSAGE_CREATE", message)

    async def _edited(
        self, message: dict[str, Any], body: dict[str, Any], via: Kind, *, settle: bool = False
    ) -> None:
        """``_edit``, then the edit is recorded and the bot told of it."""
        self._edit(message, body, settle=settle)
        await self._announce_edit(message, via)

    def _edit(self, message: dict[str, Any], body: dict[str, Any], *, settle: bool = False) -> None:
        """Edit ``message`` as ``body`` asks (a field sent as null is cleared), or refuse the
        edit with 400 as Discord would, changing nothing; ``settle`` ends a "thinking"
        placeholder (its loading flag goes)."""
        after = dict(message)
        if "content" in body:
            after["content"] = body["content"] or ""
        for key in ("components", "embeds", "attachments"):
            if key in body:
                after[key] = json.loads(json.dumps(body[key] or []))
        flags = int(message["flags"]) & ~(LOADING if settle else 0)
        if body.get("flags") is not None:
            asked = int(body["flags"])
            if flags & COMPONENTS_V2 and not asked & COMPONENTS_V2:
                self._refuse_with(50035, "Invalid Form Body (IS_COMPONENTS_V2 cannot be removed)")
            flags = (flags & ~EDITABLE_FLAGS) | (asked & EDITABLE_FLAGS)
        after["flags"] = flags
        self._refuse_unkept(after)
        components.number(after["components"])
        message.update(after)
        message["edited_timestamp"] = iso()

    async def _announce_edit(self, message: dict[str, Any], via: Kind) -> None:
        self._record(message, created=False, via=via)
        await self._echo("MESSAGE_UPDATE", message)

    def _refuse_unkept(self, message: dict[str, Any]) -> None:
        """Refuse (400) a message Discord would not keep as it stands."""
        found = components.refusal(message)
        if found is not None:
            self._refuse_with(*found)

    def _refuse_with(self, code: int, text: str) -> None:
        """Refuse the bot's request with 400 ``code``: a message Discord would not take is
        the bot's bug, so it is a problem too."""
        self.problems.append(f"a message Discord refuses ({code}): {text}")
        raise DiscordError(400, code, text)

    def _record(self, message: dict[str, Any], *, created: bool, via: Kind) -> None:
        self.shown.append(
            Shown(
                at=time.monotonic(),
                message_id=int(message["id"]),
                channel_id=int(message["channel_id"]),
                created=created,
                ephemeral=int(message["id"]) in self.ephemeral,
                content=message["content"],
                components=json.loads(json.dumps(message["components"])),
                via=str(via),
            )
        )

    async def _echo(self, event: str, message: dict[str, Any]) -> None:
        """Discord tells the bot of its own messages too (not of ephemeral ones)."""
        if int(message["id"]) in self.ephemeral or not self._wants(GUILD_MESSAGES):
            return
        await self._dispatch(
            event,
            {
                **message,
                "guild_id": str(self.guild_id),
                "member": self.bot.member(with_user=False, bot=True),
            },
        )

    # -- the gateway -------------------------------------------------------------------------

    def _wants(self, intent: int) -> bool:
        return self.session is not None and bool(self.session.intents & intent)

    async def _dispatch(self, event: str, data: dict[str, Any]) -> None:
        if self.session is None:
            self.problems.append(f"{event} with no gateway session")
            return
        await self.session.dispatch(event, data)

    async def _gateway_socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        compress = request.query.get("compress")
        if compress not in (None, "zlib-stream"):
            self.problems.append(f"gateway compression {compress!r} is not served")
            await ws.close(code=4000)
            return ws
        deflate = zlib.compressobj() if compress == "zlib-stream" else None
        hello = json.dumps(
            {"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": None, "t": None}
        )
        if deflate is None:
            await ws.send_str(hello)
        else:
            await ws.send_bytes(deflate.compress(hello.encode()) + deflate.flush(zlib.Z_SYNC_FLUSH))
        session: GatewaySession | None = None
        async for frame in ws:
            if frame.type is not WSMsgType.TEXT and frame.type is not WSMsgType.BINARY:
                break
            payload = json.loads(frame.data)
            op = payload.get("op")
            if op == 1:  # heartbeat
                ack = {"op": 11, "d": None, "s": None, "t": None}
                if session is not None:
                    await session.send(ack)
                else:
                    await ws.send_str(json.dumps(ack))
            elif op == 2:  # identify
                if payload["d"].get("token") != self.token:
                    await ws.close(code=4004, message=b"Authentication failed.")
                    break
                session = GatewaySession(secrets.token_hex(16), int(payload["d"]["intents"]))
                session.ws, session.compress = ws, deflate
                self.sessions[session.id], self.session = session, session
                self.identified_at = time.monotonic()
                await self._ready(session)
            elif op == 6:  # resume
                session = self.sessions.get(payload["d"].get("session_id", ""))
                if session is None or payload["d"].get("token") != self.token:
                    await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
                    continue
                session.ws, session.compress, self.session = ws, deflate, session
                for missed in [p for p in session.sent if p["s"] > payload["d"]["seq"]]:
                    await session.send(missed)
                await session.dispatch("RESUMED", {})
            elif op in (3, 4, 8):  # presence, voice state, request members: not the bot's
                self.problems.append(f"gateway opcode {op} is not served")
            else:
                self.problems.append(f"unknown gateway opcode {op}")
        return ws

    async def _ready(self, session: GatewaySession) -> None:
        await session.dispatch(
            "READY",
            {
                "v": 10,
                "user": {**self.bot.user(bot=True), "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(self.guild_id), "unavailable": True}],
                "session_id": session.id,
                "resume_gateway_url": RESUME_URL,
                "shard": [0, 1],
                "application": {"id": str(self.application_id), "flags": 1 << 18 | 1 << 19},
                "session_type": "normal",
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "user_settings": {},
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": ["rotterdam"],
                "auth": {},
                "_trace": ['["gateway-prd-fake",{"micros":0}]'],
            },
        )
        await session.dispatch("GUILD_CREATE", self._guild_payload())
        self.guild_sent_at = time.monotonic()
        await self._changed_now()

    def _guild_payload(self) -> dict[str, Any]:
        roles = [
            {
                "id": str(role),
                "name": "@everyone" if role == self.guild_id else "TicTacToe",
                "permissions": str(perms),
                "position": 0 if role == self.guild_id else 1,
                "color": 0,
                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False,
                "icon": None,
                "unicode_emoji": None,
                "managed": role != self.guild_id,
                "mentionable": False,
                "flags": 0,
                **({} if role == self.guild_id else {"tags": {"bot_id": str(self.bot.id)}}),
            }
            for role, perms in self.roles.items()
        ]
        return {
            "id": str(self.guild_id),
            "name": "Fault Club",
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(next(iter(self.members), self.bot.id)),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": roles,
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": "en-US",
            "nsfw_level": 0,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "joined_at": self.bot.joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(self.members) + 1,
            "members": [self.bot.member(bot=True)],
            "channels": [channel.payload(self.guild_id) for channel in self.channels.values()],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "lazy": True,
        }

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the bot's gateway connection as Discord does on a hiccup; discord.py
        reconnects and RESUMEs."""
        if self.session is not None and self.session.ws is not None:
            await self.session.ws.close(code=code)

    # -- members acting ----------------------------------------------------------------------

    def _interaction_payload(
        self, member: Member, channel_id: int, kind: str, data: dict[str, Any]
    ) -> tuple[Interaction, dict[str, Any]]:
        interaction = Interaction(
            id=self._snowflake(),
            token="aW50ZXJhY3Rpb246" + secrets.token_urlsafe(96),
            kind=kind,
            channel_id=channel_id,
            member=member,
            dispatched_at=0.0,
            name=data.get("custom_id") or data.get("name", ""),
        )
        payload: dict[str, Any] = {
            "id": str(interaction.id),
            "application_id": str(self.application_id),
            "type": 2 if kind == "command" else 3,
            "data": data,
            "guild_id": str(self.guild_id),
            "guild": {"id": str(self.guild_id), "locale": "en-US", "features": []},
            "channel_id": str(channel_id),
            "channel": {
                **self.channels[channel_id].payload(self.guild_id),
                "permissions": str(self.permissions(member, channel_id)),
            },
            "member": {
                **member.member(),
                "permissions": str(self.permissions(member, channel_id)),
            },
            "token": interaction.token,
            "version": 1,
            "app_permissions": str(self.permissions(self.bot, channel_id)),
            "locale": member.locale,
            "guild_locale": "en-US",
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "attachment_size_limit": 10 * 2**20,
        }
        return interaction, payload

    async def _send_interaction(
        self, interaction: Interaction, payload: dict[str, Any]
    ) -> Interaction:
        self.interactions[interaction.id] = interaction
        self._by_token[interaction.token] = interaction
        interaction.dispatched_at = time.monotonic()
        await self._dispatch("INTERACTION_CREATE", payload)
        return interaction

    def interaction_nobody_got(self, member: Member, channel_id: int) -> Interaction:
        """An interaction registered as dispatched now but sent to no bot: for checking the
        fake's own rules (its deadline) with a hand-made client."""
        interaction, _payload = self._interaction_payload(
            member, channel_id, "command", {"name": "nothing", "type": 1}
        )
        interaction.dispatched_at = time.monotonic()
        self.interactions[interaction.id] = interaction
        self._by_token[interaction.token] = interaction
        return interaction

    async def slash(
        self, member: Member, channel_id: int, command: str, **options: Any
    ) -> Interaction:
        """``member`` runs ``/command`` (``"tictactoe start"``: a subcommand) in the channel
        with ``options``, as synced by the bot (an unknown command or option fails loudly)."""
        name, *subs = command.split()
        synced = self.commands.get(name)
        if synced is None:
            raise AssertionError(f"/{name} was never synced by the bot")
        data: dict[str, Any] = {"id": synced["id"], "name": name, "type": 1}
        if "guild_id" in synced:
            data["guild_id"] = synced["guild_id"]
        level, holder = synced, data
        for sub in subs:
            found = next((o for o in level.get("options", []) if o["name"] == sub), None)
            if found is None or found["type"] not in (1, 2):
                raise AssertionError(f"/{command}: no subcommand {sub!r}")
            nested: dict[str, Any] = {"name": sub, "type": found["type"], "options": []}
            holder.setdefault("options", []).append(nested)
            level, holder = found, nested
        for key, value in options.items():
            spec = next((o for o in level.get("options", []) if o["name"] == key), None)
            if spec is None:
                raise AssertionError(f"/{command} has no option {key!r}")
            choices = [choice["value"] for choice in spec.get("choices", [])]
            if choices and value not in choices:
                raise AssertionError(f"/{command} {key}: {value!r} is not one of {choices}")
            holder.setdefault("options", []).append(
                {"name": key, "type": spec["type"], "value": value}
            )
        interaction, payload = self._interaction_payload(member, channel_id, "command", data)
        interaction.name = command
        return await self._send_interaction(interaction, payload)

    async def click(self, member: Member, message_id: int, custom_id: str) -> Interaction:
        """``member`` clicks the button ``custom_id`` of a message (an enabled button the
        message shows now, or the fake fails loudly)."""
        message = self.messages[message_id]
        shown = components.buttons(message["components"])
        button = next((b for b in shown if b.get("custom_id") == custom_id), None)
        if button is None or button.get("disabled"):
            raise AssertionError(f"message {message_id} shows no enabled button {custom_id!r}")
        data = {"custom_id": custom_id, "component_type": 2}
        channel_id = int(message["channel_id"])
        interaction, payload = self._interaction_payload(member, channel_id, "component", data)
        interaction.message_id = message_id
        payload["message"] = message
        return await self._send_interaction(interaction, payload)

    async def type(self, member: Member, channel_id: int, content: str) -> int:
        """``member`` sends ``content`` in the channel (MESSAGE_CREATE); returns its id."""
        message_id = self._snowflake()
        message = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "author": member.user(),
            "content": content,
            "timestamp": iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
            "components": [],
            "reactions": [],
            "nonce": str(message_id),
        }
        self.messages[message_id] = message
        if self._wants(GUILD_MESSAGES):
            event = {
                **message,
                "guild_id": str(self.guild_id),
                "member": member.member(with_user=False),
            }
            if not self._wants(MESSAGE_CONTENT):
                event["content"] = ""
            await self._dispatch("MESSAGE_CREATE", event)
        return message_id

    # -- reading what happened ---------------------------------------------------------------

    def answers_in(self, channel_id: int) -> list[Shown]:
        """Everything shown in the channel, in order (ephemeral answers included)."""
        return [shown for shown in self.shown if shown.channel_id == channel_id]

    def reactions_on(self, message_id: int) -> list[str]:
        return [r.emoji for r in self.reactions if r.message_id == message_id]


def _rate_headers(kind: Kind, limit: int, remaining: int, reset_after: float) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": f"fake-{kind}",
    }


def _json(body: Any, status: int, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json", no charset: discord.py parses JSON only then, as Discord sends.
    return web.Response(
        status=status,
        body=json.dumps(body, ensure_ascii=False).encode(),
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


async def _body(request: web.Request) -> Any:
    """The request's JSON, from a JSON body or a multipart one's ``payload_json``."""
    if not request.can_read_body:
        return {}
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        raw = form.get("payload_json")
        return json.loads(str(raw)) if raw is not None else {}
    text = await request.text()
    return json.loads(text) if text else {}


__all__ = [
    "DEADLINE",
    "RETRY_AFTER",
    "SEND_MESSAGES",
    "FakeDiscord",
    "Interaction",
    "Member",
    "Shown",
]
