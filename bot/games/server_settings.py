"""Each server's own settings (issue 27): their values, the rules those values follow, and
the per-process cache every game operation reads them through.

``ServerSettings`` is one server's settings: the options a start uses when the member names
none, the channels games may be played in (none listed: everywhere), the idle and challenge
limits that replace the process's own in that server, and whether duels are allowed. Every
check raises ``SettingsError`` whose message is the sentence the member changing it reads,
before anything is saved. ``SettingsCache`` keeps what it read for ``CACHE_SECONDS``: a change
is seen at once by the process that made it and within that time by every other process
sharing the store. See docs/decisions.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar, cast

from bot.games.arguments import check_id
from bot.games.errors import (
    ChannelNotAllowedError,
    DuelsOffError,
    InvalidOptionError,
    SettingsError,
)
from bot.games.options import check_first
from bot.games.variants import Variant, default_variant
from bot.games.wording import join_and, join_or
from bot.i18n import N_, Phrase, shipped

if TYPE_CHECKING:
    from bot.games.store import GameStore

T = TypeVar("T")

IDLE_MINUTES = (1, 10080)
"""The least and the most idle minutes a server may set (a minute to a week), as
``IDLE_TIMEOUT_MINUTES`` allows."""

CHALLENGE_MINUTES = (1, 1440)
"""The least and the most minutes a challenge may wait (a minute to a day), as
``CHALLENGE_TIMEOUT_MINUTES`` allows."""

MOST_CHANNELS = 25
"""The most channels a server may list for its games."""

DEFAULT_FIRST = "random"
"""Who goes first when neither the member nor the server says."""

UNSET = "unset"
"""The value that clears a start default (then the member's or the bot's own applies)."""

SETTINGS_CHANGED = N_(
    "Someone changed this server's settings at the same moment, so nothing was changed; "
    "look at them with `/tictactoe-settings show` and try again."
)
"""The sentence when another process saved the server's settings between read and save."""

CACHE_SECONDS = 5.0
"""How long a process trusts settings it read: another process's change is seen within this."""

ON_OFF = {"on": True, "off": False}
"""How a member writes whether duels are allowed."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """One server's settings; ``None`` (or ``()``) where the server set nothing of its own.
    ``version`` counts saves (0: never saved), for compare and set."""

    guild_id: int
    level: str | None = None
    size: int | None = None
    first: str | None = None
    channel_ids: tuple[int, ...] = ()
    idle_minutes: int | None = None
    challenge_minutes: int | None = None
    duels: bool = True
    locale: str | None = None
    version: int = 0

    def check_channel(self, channel_id: int) -> None:
        """``ChannelNotAllowedError`` naming the allowed channels, unless games may be played
        in ``channel_id`` (any channel while none is listed)."""
        if self.channel_ids and channel_id not in self.channel_ids:
            raise ChannelNotAllowedError(
                "On this server games are played only in {channels}.",
                channel_ids=self.channel_ids,
                channels=Phrase(lambda: channel_mentions(self.channel_ids)),
            )

    def start_options(
        self, variant: Variant, level: str | None, first: str | None, size: int | None
    ) -> tuple[str | None, str, int | None]:
        """A start's ``(level, first, size)``: what the member asked, else this server's
        default, else the bot's own (level and size ``None``: the kind's default). The
        server's level and size apply only where the kind has them."""
        if level is None and variant.has_level(self.level):
            level = self.level
        if first is None:
            first = self.first or DEFAULT_FIRST
        if size is None and self.size in variant.sizes:
            size = self.size
        return level, first, size

    def check_duels(self) -> None:
        """``DuelsOffError`` if the server turned duels off."""
        if not self.duels:
            raise DuelsOffError("Duels are turned off on this server; you can play me instead.")


def channel_mentions(channel_ids: tuple[int, ...], conjunction: str = "or") -> str:
    """The channels as Discord mentions ("<#1> or <#2>", with ``conjunction`` "and": "<#1> and
    <#2>"): Discord shows each by its current name, in every member's client, and a channel
    mention never pings anyone. Worded in the current locale."""
    mentions = [f"<#{channel_id}>" for channel_id in channel_ids]
    return join_and(mentions) if conjunction == "and" else join_or(mentions)


# -- checking what a member asks for ----------------------------------------------------------


def parse_default(text: str | int | None, check: Callable[[str], object]) -> object:
    """A start default as asked: ``None`` (not asked), ``UNSET`` (clear it), or a value that
    ``check`` accepts (its ``InvalidOptionError`` becomes a ``SettingsError``, sentence kept)."""
    if text is None:
        return None
    if str(text).strip().lower() == UNSET:
        return UNSET
    try:
        return check(str(text))
    except InvalidOptionError as error:
        raise SettingsError(error.template, **error.values) from None


def parse_minutes(text: str | int, sentence: str, bounds: tuple[int, int]) -> int | None:
    """Whole minutes within ``bounds``; 0 clears the server's own (``None``). ``sentence`` is
    the refusal's template (``IDLE_REFUSAL`` or ``CHALLENGE_REFUSAL``), naming the setting."""
    least, most = bounds
    try:
        minutes = int(str(text).strip())
    except ValueError:
        minutes = -1
    if minutes == 0:
        return None
    if not least <= minutes <= most:
        raise SettingsError(sentence, least=least, most=most, given=repr(str(text))[:40])
    return minutes


IDLE_REFUSAL = N_(
    "Idle minutes must be a whole number of minutes from {least} to {most} (0: the bot's "
    "own), not {given}."
)
CHALLENGE_REFUSAL = N_(
    "Challenge minutes must be a whole number of minutes from {least} to {most} (0: the "
    "bot's own), not {given}."
)


def parse_on_off(text: str | bool) -> bool:
    """``on`` or ``off`` (any case, spaces around) as True or False."""
    if isinstance(text, bool):
        return text
    wanted = str(text).strip().lower()
    if wanted not in ON_OFF:
        raise SettingsError("Duels must be on or off, not {given}.", given=repr(str(text))[:40])
    return ON_OFF[wanted]


def with_defaults(
    settings: ServerSettings,
    *,
    level: str | None = None,
    size: str | int | None = None,
    first: str | None = None,
) -> ServerSettings:
    """``settings`` with the start defaults asked for: each given value checked (``UNSET``
    clears it), the others kept. Nothing asked: ``SettingsError``."""
    if level is None and size is None and first is None:
        raise SettingsError("Name at least one of level, size or first.")
    if size is not None and str(size).strip() == "0":
        size = UNSET  # 0: the bot's own, as the minutes
    own = default_variant()  # a server's defaults are the default kind's options
    levels = parse_default(level, own.check_level)
    sizes = parse_default(size, own.check_size)
    firsts = parse_default(first, check_first)
    return replace(
        settings,
        level=_chosen(levels, settings.level),
        size=_chosen(sizes, settings.size),
        first=_chosen(firsts, settings.first),
    )


def _chosen(asked: object, kept: T) -> T | None:
    """What a default becomes: ``kept`` if not asked, ``None`` if cleared, else ``asked``."""
    if asked is None:
        return kept
    return None if asked == UNSET else cast(T, asked)


def with_channel(
    settings: ServerSettings, action: str, channel_id: int | None, channel_guild_id: int | None
) -> ServerSettings:
    """``settings`` after ``action`` on the channel list: ``add`` or ``remove`` the channel
    ``channel_id`` (which must belong to this server, ``channel_guild_id``), or ``clear``."""
    wanted = str(action).strip().lower()
    if wanted == "clear":
        return replace(settings, channel_ids=())
    if wanted not in ("add", "remove"):
        raise SettingsError(
            "The action must be add, remove or clear, not {given}.", given=repr(str(action))[:40]
        )
    if channel_id is None:
        raise SettingsError(
            N_("Name the channel to add.") if wanted == "add" else N_("Name the channel to remove.")
        )
    check_id("channel_id", channel_id)
    if channel_guild_id != settings.guild_id:
        raise SettingsError("That channel is not on this server.")
    listed = settings.channel_ids
    if wanted == "add":
        if channel_id in listed:
            return settings
        if len(listed) >= MOST_CHANNELS:
            raise SettingsError(
                "A server may list at most {most} channels for its games.", most=MOST_CHANNELS
            )
        return replace(settings, channel_ids=tuple(sorted((*listed, channel_id))))
    if channel_id not in listed:
        raise SettingsError("That channel is not in the list; nothing to remove.")
    return replace(settings, channel_ids=tuple(c for c in listed if c != channel_id))


def with_limits(
    settings: ServerSettings,
    *,
    idle_minutes: str | int | None = None,
    challenge_minutes: str | int | None = None,
    duels: str | bool | None = None,
) -> ServerSettings:
    """``settings`` with the limits asked for, each checked (0 minutes: the bot's own)."""
    if idle_minutes is None and challenge_minutes is None and duels is None:
        raise SettingsError("Name at least one of idle_minutes, challenge_minutes or duels.")
    idle = settings.idle_minutes
    if idle_minutes is not None:
        idle = parse_minutes(idle_minutes, IDLE_REFUSAL, IDLE_MINUTES)
    challenge = settings.challenge_minutes
    if challenge_minutes is not None:
        challenge = parse_minutes(challenge_minutes, CHALLENGE_REFUSAL, CHALLENGE_MINUTES)
    allowed = settings.duels if duels is None else parse_on_off(duels)
    return replace(settings, idle_minutes=idle, challenge_minutes=challenge, duels=allowed)


def with_language(settings: ServerSettings, locale: str | None) -> ServerSettings:
    """``settings`` with the language of the server's public posts: a shipped locale, or
    ``None`` (the server's preferred locale on Discord)."""
    if locale is not None and locale not in shipped():
        raise SettingsError("That language is not available; nothing was changed.")
    return replace(settings, locale=locale)


# -- the cache ---------------------------------------------------------------------------------


class SettingsCache:
    """Each server's settings as last read or saved by this process, trusted for ``ttl``
    seconds of ``clock`` (monotonic). A server without a row reads as ``ServerSettings(id)``;
    ``None`` (the terminal, direct messages) always as the bot's own, without a read."""

    def __init__(
        self,
        store: GameStore,
        *,
        ttl: float = CACHE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._store = store
        self.ttl = ttl
        self._clock = clock
        self._entries: dict[int, tuple[ServerSettings, float]] = {}
        self._changes = 0  # saves and forgets so far: a read older than one is not kept

    async def get(self, guild_id: int | None) -> ServerSettings:
        """The server's settings, from memory while fresh, else from the store."""
        if guild_id is None:
            return NO_SERVER
        now = self._clock()
        entry = self._entries.get(guild_id)
        if entry is not None and now - entry[1] < self.ttl:
            return entry[0]
        changes = self._changes
        settings = await self._store.server_settings(guild_id) or ServerSettings(guild_id)
        if changes == self._changes:  # no save of this process overtook the read
            self._keep(settings, now)
        return settings

    def peek(self, guild_id: int) -> tuple[ServerSettings | None, bool]:
        """What this process holds for the server without reading (None: nothing yet), and
        whether it is still fresh."""
        entry = self._entries.get(guild_id)
        if entry is None:
            return None, False
        return entry[0], self._clock() - entry[1] < self.ttl

    def put(self, settings: ServerSettings) -> None:
        """Remember what this process just saved: it is seen at once here."""
        self._changes += 1
        self._keep(settings, self._clock())

    def forget(self, guild_id: int) -> None:
        """Drop the server's settings (it was left, or they were deleted)."""
        self._changes += 1
        self._entries.pop(guild_id, None)

    def _keep(self, settings: ServerSettings, at: float) -> None:
        if len(self._entries) >= 10_000:  # drop what is stale anyway, so memory stays small
            cutoff = self._clock() - self.ttl
            self._entries = {k: v for k, v in self._entries.items() if v[1] >= cutoff}
        self._entries[settings.guild_id] = (settings, at)


NO_SERVER = ServerSettings(0)
"""The settings outside any server: the bot's own everywhere."""
