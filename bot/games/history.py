"""A member's history, ten games to a page, and the finished game a review looks back on.

Plain reads over the store with no lock and no write (``History``, which adapters reach as
``service.history``; a review's engine work runs in a worker thread). A history holds the
games that ended with a result: won, lost, drawn or resigned. A game still running is not in
it, nor one that expired (idle, or set aside before anybody moved), which nobody won or lost.
Pages follow game ids (keyset paging), so a page never shifts when the member finishes
another game meanwhile.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from bot.engine import Player
from bot.games import sentences
from bot.games.arguments import check_id, check_optional_id
from bot.games.channels import Channels
from bot.games.models import Game, Seat, Status
from bot.games.review import Review
from bot.games.store import GameStore
from bot.games.variants import Variant

HISTORY_PAGE = 10
"""Games on one page of a history."""


class Result(StrEnum):
    """How a game ended for one member."""

    WON = "won"
    LOST = "lost"
    DRAWN = "drawn"


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One game of a member's history, from the member's side: ``game_id`` (the number to
    type for its review), when it started and ended, where (``guild_id``, None outside any
    server), the member's ``mark``, the ``opponent`` (the bot's seat has no member id;
    names as in the game), ``level`` (``DUEL`` between members), ``size``, ``result``,
    whether it ended by a resignation (``resigned``: the loser's; ``timed_out``: by the loser's
    move clock running out, in an arena), and how many moves were played."""

    game_id: int
    started_at: datetime
    ended_at: datetime
    guild_id: int | None
    mark: Player
    opponent: Seat
    level: str
    size: int
    result: Result
    resigned: bool
    moves: int
    timed_out: bool = False
    variant: Variant = field(kw_only=True)
    """The kind of game it was."""


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of ``member_id``'s history (``name``: their latest name) in ``guild_id``
    (None: everywhere), newest first; ``older``/``newer``: whether a page of older or newer
    games exists (ask for it with ``older_before_id`` / ``newer_after_id``)."""

    member_id: int
    name: str
    guild_id: int | None
    entries: tuple[HistoryEntry, ...]
    older: bool
    newer: bool

    @property
    def older_before_id(self) -> int | None:
        """``before_id`` of the page of older games, or None if there is none."""
        return self.entries[-1].game_id if self.older and self.entries else None

    @property
    def newer_after_id(self) -> int | None:
        """``after_id`` of the page of newer games, or None if there is none."""
        return self.entries[0].game_id if self.newer and self.entries else None


def entry(game: Game, member_id: int) -> HistoryEntry:
    """``game`` (ended with a result, ``member_id`` seated) as its line in their history."""
    mark = game.seat_of(member_id)
    if mark is None:
        raise ValueError(f"member {member_id} has no seat in game {game.id}")
    if game.winner is None:
        result = Result.DRAWN
    else:
        result = Result.WON if game.winner is mark else Result.LOST
    return HistoryEntry(
        game_id=game.id,
        started_at=game.created_at,
        ended_at=game.updated_at,
        guild_id=game.guild_id,
        mark=mark,
        opponent=game.seat(mark.other),
        level=game.level,
        size=game.size,
        result=result,
        resigned=game.status is Status.RESIGNED,
        moves=len(game.moves),
        timed_out=game.timed_out,
        variant=game.variant,
    )


class History:
    """Members' histories and reviews of their finished games."""

    def __init__(self, channels: Channels) -> None:
        self._channels = channels
        self._store = channels.store

    async def page(
        self,
        *,
        member_id: int,
        guild_id: int | None = None,
        before_id: int | None = None,
        after_id: int | None = None,
    ) -> HistoryPage:
        """A page of the member's games that ended with a result (won, lost, drawn, resigned:
        not running or expired), ``HISTORY_PAGE`` to a page, newest first: the newest page,
        or the one just older than ``before_id`` or just newer than ``after_id`` (one of
        them at most, ``ValueError``). ``guild_id=None`` everywhere, an id only that server:
        an adapter showing one member another's history passes the server it is asked in."""
        check_id("member_id", member_id)
        check_optional_id("guild_id", guild_id)
        check_optional_id("before_id", before_id)
        check_optional_id("after_id", after_id)
        if before_id is not None and after_id is not None:
            raise ValueError("history takes before_id or after_id, not both")
        self._channels.check_open()
        return await _page(self._store, member_id, guild_id, before_id, after_id)

    async def review(
        self,
        *,
        member_id: int,
        game_id: int | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
    ) -> Review:
        """Every move of a finished game judged by its variant's engine, the move that lost
        it and each player's accuracy (``bot.games.review``). Without ``game_id``: the
        member's newest game with a result (in the server ``guild_id``; None: everywhere).
        With it: that game once it is over, whoever played it if it was played in
        ``guild_id`` or in the channel ``channel_id`` the member asks in, else only one of
        its players. Refusals: ``NoGameError`` (no such game, none finished, no move played),
        ``GameRunningError`` (still running), ``NotYourGameError`` (another's, elsewhere),
        and the variant's own (a kind with no exact values). The engine runs in a worker
        thread: under 2 s on 5x5 (bench/review.py)."""
        check_id("member_id", member_id)
        check_optional_id("game_id", game_id)
        check_optional_id("guild_id", guild_id)
        check_optional_id("channel_id", channel_id)
        self._channels.check_open()
        game = await reviewed_game(self._store, member_id, game_id, guild_id, channel_id)
        return await asyncio.to_thread(game.variant.review, game)


async def _page(
    store: GameStore,
    member_id: int,
    guild_id: int | None,
    before_id: int | None,
    after_id: int | None,
) -> HistoryPage:
    """The page of the member's history just older than ``before_id``, or just newer than
    ``after_id``, or the newest page (neither); ``guild_id=None`` everywhere, an id only that
    server."""
    more = HISTORY_PAGE + 1  # one more than a page: is there another page that way?
    if after_id is None:
        games = await store.history(member_id, guild_id, before_id=before_id, limit=more)
        older = len(games) > HISTORY_PAGE
        games = games[:HISTORY_PAGE]
        newer = False
        if before_id is not None:  # newer: above the page's newest, or from before_id on
            top = games[0].id if games else before_id - 1
            newer = bool(await store.history(member_id, guild_id, after_id=top, limit=1))
    else:
        games = await store.history(member_id, guild_id, after_id=after_id, limit=more)
        newer = len(games) > HISTORY_PAGE
        games = games[-HISTORY_PAGE:]
        bottom = games[-1].id if games else after_id + 1  # older: below it, after_id included
        older = bool(await store.history(member_id, guild_id, before_id=bottom, limit=1))
    name = await store.member_name(member_id) or f"member {member_id}"
    entries = tuple(entry(game, member_id) for game in games)
    return HistoryPage(member_id, name, guild_id, entries, older, newer)


async def reviewed_game(
    store: GameStore,
    member_id: int,
    game_id: int | None,
    guild_id: int | None,
    channel_id: int | None = None,
) -> Game:
    """The game a member asks to review: with ``game_id``, that game once it is over (theirs
    anywhere, anybody's in the server ``guild_id`` or the channel ``channel_id`` they ask in);
    without, their newest game with a result (in ``guild_id``, None: everywhere). A game's
    sentence otherwise."""
    if game_id is None:
        newest = await store.history(member_id, guild_id, limit=1)
        if not newest:
            raise sentences.no_finished_game()
        return newest[0]
    game = await store.get(game_id)
    if game is None:
        raise sentences.no_such_game(game_id)
    played_here = (guild_id is not None and game.guild_id == guild_id) or (
        channel_id is not None and game.channel_id == channel_id
    )
    if game.seat_of(member_id) is None and not played_here:
        raise sentences.not_yours_to_review(game)
    if game.is_active:
        raise sentences.review_of_a_running_game(game)
    if not game.moves:
        raise sentences.nothing_to_review(game)
    return game
