"""Discord refusing the bot's requests, switchable per kind of request and per channel.

A refusal happens before Discord does anything: a refused request changes nothing (no
message created, no edit, no reaction). The kinds (``Kind``) are the bot's requests as
Discord's routes group them. Three refusals, as Discord and Cloudflare send them:

- ``RATE_LIMITED``: 429 with ``Via: 1.1 google`` (without it discord.py takes a 429 for a
  Cloudflare ban and gives up at once), a JSON body with a small ``retry_after`` and the
  ``X-RateLimit-*`` headers; discord.py waits ``retry_after`` and tries again, five tries in
  all, so a burst of six or more refuses the request for good (and its rest falls on the
  next request: bursts happen);
- ``BAD_GATEWAY``: 502 with Cloudflare's HTML page; discord.py waits 1, 3, 5, 7 s between
  its tries;
- ``FORBIDDEN``: 403 ``{"code": 50013, "message": "Missing Permissions"}``, no retry.

``Faults.script`` queues refusals for the next requests of a kind (in one channel or any);
``Faults.bursts`` refuses a share of them at random, in bursts. Every decision is recorded in
``Faults.refused``.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    """The kinds of request a fault can target."""

    POST = "post"
    """POST /channels/{c}/messages: a new message in a channel."""
    EDIT = "edit"
    """PATCH /channels/{c}/messages/{m}: an edit of a message."""
    FOLLOWUP = "followup"
    """POST /webhooks/{app}/{token}: an interaction's follow-up message."""
    EDIT_ORIGINAL = "edit_original"
    """PATCH /webhooks/{app}/{token}/messages/{m}: an edit of an interaction's message."""
    CALLBACK = "callback"
    """POST /interactions/{id}/{token}/callback: an interaction's first answer."""
    REACTION = "reaction"
    """PUT /channels/{c}/messages/{m}/reactions/{emoji}/@me."""
    HISTORY = "history"
    """GET /channels/{c}/messages: a channel's last messages."""
    TYPING = "typing"
    """POST /channels/{c}/typing."""
    OTHER = "other"
    """Everything else (log-in, gateway URL, command sync): never refused by ``bursts``."""


POSTS_AND_EDITS = frozenset({Kind.POST, Kind.EDIT, Kind.FOLLOWUP, Kind.EDIT_ORIGINAL})
"""The bot's posts and edits: what the faults benchmark refuses a share of."""


class Refusal(StrEnum):
    RATE_LIMITED = "429"
    BAD_GATEWAY = "502"
    FORBIDDEN = "403"


RETRY_AFTER = 0.05
"""The ``retry_after`` of an injected 429, in seconds: short, so a burst past five tries is
over in a fraction of a second."""


@dataclass(frozen=True)
class Decision:
    """One request refused: what, where, how."""

    at: float
    kind: Kind
    channel_id: int | None
    refusal: Refusal


@dataclass
class _Burst:
    refusal: Refusal
    left: int


@dataclass
class Faults:
    """What Discord refuses. Empty: nothing (the fake still refuses what real Discord would,
    such as a post where the bot may not send)."""

    retry_after: float = RETRY_AFTER
    refused: list[Decision] = field(default_factory=list)
    asked: Counter[Kind] = field(default_factory=Counter)
    """Requests seen per kind (refused or not)."""
    _scripts: dict[tuple[Kind, int | None], deque[Refusal]] = field(default_factory=dict)
    _share: float = 0.0
    _kinds: frozenset[Kind] = frozenset()
    _rng: random.Random = field(default_factory=random.Random)
    _bursts: dict[tuple[Kind, int | None], _Burst] = field(default_factory=dict)
    _beyond: float = 0.0

    def script(self, kind: Kind, refusals: list[Refusal], *, channel_id: int | None = None) -> None:
        """Refuse the next requests of ``kind`` (in ``channel_id``, or anywhere: None), one
        refusal each, in order; then let them through again."""
        self._scripts.setdefault((kind, channel_id), deque()).extend(refusals)

    def bursts(
        self,
        share: float,
        *,
        kinds: frozenset[Kind] = POSTS_AND_EDITS,
        beyond: float = 0.1,
        seed: int = 0,
    ) -> None:
        """Refuse about ``share`` of the requests of ``kinds``, in bursts per kind and
        channel: a burst is a 429 run (``beyond`` of them six or seven long, past
        discord.py's five tries; the others one to three) or a 502 run of one or two."""
        self._share, self._kinds, self._beyond = share, kinds, beyond
        self._rng = random.Random(seed)

    def share_refused(self, kinds: frozenset[Kind] = POSTS_AND_EDITS) -> tuple[int, int]:
        """(requests of ``kinds`` seen, of which refused)."""
        refused = sum(1 for decision in self.refused if decision.kind in kinds)
        return sum(self.asked[kind] for kind in kinds), refused

    def stop_bursts(self) -> None:
        """No more random refusals (scripted ones stay)."""
        self._share = 0.0
        self._bursts.clear()

    def decide(self, kind: Kind, channel_id: int | None, now: float) -> Refusal | None:
        """The refusal for this request, if any (recorded), else None."""
        if kind is Kind.OTHER:
            return None
        self.asked[kind] += 1
        refusal = self._scripted(kind, channel_id) or self._burst(kind, channel_id)
        if refusal is not None:
            self.refused.append(Decision(now, kind, channel_id, refusal))
        return refusal

    def _scripted(self, kind: Kind, channel_id: int | None) -> Refusal | None:
        for key in ((kind, channel_id), (kind, None)):
            queue = self._scripts.get(key)
            if queue:
                return queue.popleft()
        return None

    def _burst(self, kind: Kind, channel_id: int | None) -> Refusal | None:
        if self._share <= 0.0 or kind not in self._kinds:
            return None
        key = (kind, channel_id)
        burst = self._bursts.get(key)
        if burst is None:
            if self._rng.random() >= self._start_chance():
                return None
            burst = self._bursts[key] = self._new_burst()
        burst.left -= 1
        if burst.left <= 0:
            del self._bursts[key]
        return burst.refusal

    def _new_burst(self) -> _Burst:
        rng = self._rng
        if rng.random() < 0.3:
            return _Burst(Refusal.BAD_GATEWAY, rng.choice((1, 1, 2)))
        if rng.random() < self._beyond:
            return _Burst(Refusal.RATE_LIMITED, rng.choice((6, 7)))
        return _Burst(Refusal.RATE_LIMITED, rng.choice((1, 2, 3)))

    def _start_chance(self) -> float:
        """The chance that a request outside a burst starts one, for ``share`` refused in
        all: with mean burst length L, share = pL / (pL + 1 - p)."""
        mean = 0.3 * 4 / 3 + 0.7 * (self._beyond * 6.5 + (1 - self._beyond) * 2.0)
        share = self._share
        return share / (mean * (1 - share) + share)
