"""Every refusal of arenas is a ``GameError`` with a sentence, and changes nothing: the stored
arenas (and their entrants and pairings) are the same after it as before."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from games_helpers import FakeClock

from bot.games import GameError, GameService
from bot.games.arenas import ArenaState
from bot.games.errors import GameOverError, InvalidOptionError, NoGameError
from tests.games.arenas.arena_helpers import CHANNEL, GUILD, end, open_arena, tick_and_open


async def everything(service: GameService) -> list[ArenaState | None]:
    return [await service.arenas.get(i) for i in range(1, 6)]


async def refused(
    service: GameService, doing: Callable[[], Awaitable[object]], kind: type[GameError], words: str
) -> None:
    before = await everything(service)
    with pytest.raises(kind) as error:
        await doing()
    assert words in str(error.value)
    assert await everything(service) == before


def starting(service: GameService, **options: object) -> Callable[[], Awaitable[object]]:
    asked: dict[str, object] = {"minutes": 30, "clock": 30, **options}

    async def start() -> object:
        return await service.arenas.start(
            guild_id=GUILD, channel_id=CHANNEL, host_id=1, **asked  # type: ignore[arg-type]
        )

    return start


@pytest.mark.parametrize("minutes", [4, 181, 0, -5, "abc", "", 5.5, True, None, "30x"])
async def test_minutes_out_of_range(service: GameService, minutes: object) -> None:
    await refused(service, starting(service, minutes=minutes), InvalidOptionError, "5 to 180")


@pytest.mark.parametrize("seconds", [9, 301, 0, "ten", 29.5, False])
async def test_clock_out_of_range(service: GameService, seconds: object) -> None:
    """(Named ``seconds``: a parameter named ``clock`` would stand for the service's clock.)"""
    await refused(service, starting(service, clock=seconds), InvalidOptionError, "10 to 300")


async def test_the_bounds_themselves_are_taken(service: GameService) -> None:
    await open_arena(service, minutes=5, clock=10, channel=1)
    state = await open_arena(service, minutes=180, clock=300, channel=2)
    assert (state.arena.ends_at - state.arena.starts_at).total_seconds() == 180 * 60
    await open_arena(service, minutes=" 60 ", clock="45", channel=3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("starts", "words"),
    [("whenever", "cannot read"), ("2025-12-31 12:00", "has passed"), ("20000m", "too far")],
)
async def test_a_start_unreadable_passed_or_too_far(
    service: GameService, starts: str, words: str
) -> None:
    await refused(service, starting(service, starts=starts), InvalidOptionError, words)


async def test_a_second_arena_in_a_channel(service: GameService) -> None:
    await open_arena(service)
    await refused(service, starting(service), GameError, "already running in this channel")


async def test_joining_a_second_arena(service: GameService) -> None:
    await open_arena(service, [1])
    other = await open_arena(service, channel=CHANNEL + 1)

    def join() -> Awaitable[object]:
        return service.arenas.join(arena_id=other.arena.id, member_id=1, member_name="m1")

    await refused(service, join, GameError, f"another arena, in <#{CHANNEL}>")


async def test_joining_elsewhere_while_a_game_runs_in_an_arena_left(service: GameService) -> None:
    """Leaving pauses, but the game still running keeps the member in that arena."""
    first = await open_arena(service, [1, 2])
    other = await open_arena(service, channel=CHANNEL + 1)
    _, (game,) = await tick_and_open(service, first.arena.id)
    await service.arenas.leave(arena_id=first.arena.id, member_id=1)

    def join() -> Awaitable[object]:
        return service.arenas.join(arena_id=other.arena.id, member_id=1, member_name="m1")

    await refused(service, join, GameError, "another arena")
    await end(service, game, "X")
    await service.arenas.tick(first.arena.id)
    assert not (await join()).already  # type: ignore[attr-defined]


async def test_join_and_leave_on_an_arena_over(service: GameService, clock: FakeClock) -> None:
    cancelled = await open_arena(service, [1], channel=1)
    await service.arenas.cancel(channel_id=1)
    finished = await open_arena(service, [2], channel=2, minutes=5)
    clock.advance(5 * 60)
    assert (await service.arenas.tick(finished.arena.id)).finished
    for state, member, words in ((cancelled, 1, "cancelled"), (finished, 2, "is over")):
        arena_id = state.arena.id

        def join(arena_id: int = arena_id) -> Awaitable[object]:
            return service.arenas.join(arena_id=arena_id, member_id=3, member_name="m3")

        def leave(arena_id: int = arena_id, member: int = member) -> Awaitable[object]:
            return service.arenas.leave(arena_id=arena_id, member_id=member)

        await refused(service, join, GameOverError, words)
        await refused(service, leave, GameOverError, words)


async def test_leaving_an_arena_one_is_not_in(service: GameService) -> None:
    state = await open_arena(service, [1])

    def leave(member: int) -> Callable[[], Awaitable[object]]:
        return lambda: service.arenas.leave(arena_id=state.arena.id, member_id=member)

    await refused(service, leave(2), GameError, "not playing in this arena")
    await service.arenas.leave(arena_id=state.arena.id, member_id=1)
    await refused(service, leave(1), GameError, "not playing in this arena")


async def test_no_arena_here(service: GameService) -> None:
    await refused(service, lambda: service.arenas.here(CHANNEL), NoGameError, "no arena")
    await refused(
        service, lambda: service.arenas.cancel(channel_id=CHANNEL), NoGameError, "no arena"
    )
    await refused(service, lambda: service.arenas.tick(99), NoGameError, "no arena")
