"""Games and duels in a chat that takes answers only (a DM or group DM where a member's own
install plays): stored as such, never owing a board, and passed on to rematches and duels."""

from __future__ import annotations

from pathlib import Path

from games_helpers import ALICE, BOB, CHANNEL, FakeClock, make_service

from bot.engine import Move
from bot.games import Challenge, GameService, Seat, Status
from bot.games.boards import FIRST_TRY


async def owed_games(service: GameService, clock: FakeClock) -> list[int]:
    clock.advance(FIRST_TRY)  # every first try is due by then
    return [board.game.id for board in await service.boards.owed()]


async def start(service: GameService, *, answers_only: bool) -> int:
    reply = await service.start(
        channel_id=CHANNEL,
        guild_id=None,
        member_id=ALICE,
        member_name="alice",
        first="me",
        owe_board=True,
        answers_only=answers_only,
    )
    assert reply.game.answers_only is answers_only
    return reply.game.id


async def test_a_game_where_the_bot_only_answers_owes_no_board_and_says_so_when_read(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    service = make_service(tmp_path / "games.db", clock=clock)
    game_id = await start(service, answers_only=True)
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1), owe_board=True)
    assert await owed_games(service, clock) == []
    await service.close()
    again = make_service(tmp_path / "games.db", clock=clock)  # read back from the file
    stored = await again.get(game_id)
    assert stored is not None and stored.answers_only and len(stored.moves) == 2
    await again.close()


async def test_a_game_where_the_bot_posts_owes_its_board_as_before() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    game_id = await start(service, answers_only=False)
    assert await owed_games(service, clock) == [game_id]


async def test_a_rematch_stays_where_the_bot_only_answers() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    await start(service, answers_only=True)
    resigned = await service.resign(channel_id=CHANNEL, member_id=ALICE, owe_board=True)
    assert resigned.status is Status.EXPIRED  # nobody had moved: set aside
    await start(service, answers_only=True)
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    lost = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    again = await service.rematch(
        game_id=lost.id, member_id=ALICE, member_name="alice", owe_board=True
    )
    assert not isinstance(again, Challenge) and again.game.answers_only
    assert await owed_games(service, clock) == []


async def test_a_duel_challenged_where_the_bot_only_answers_is_played_there_too(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    service = make_service(tmp_path / "games.db", clock=clock)
    challenge = await service.duels.challenge(
        channel_id=CHANNEL,
        guild_id=None,
        challenger=Seat(ALICE, "alice"),
        opponent=Seat(BOB, "bob"),
        first="challenger",
        answers_only=True,
    )
    stored = await service.duels.get_challenge(challenge.id)
    assert stored is not None and stored.answers_only
    duel = await service.duels.accept(challenge_id=challenge.id, member_id=BOB, owe_board=True)
    assert duel.answers_only and duel.is_duel
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0), owe_board=True)
    assert await owed_games(service, clock) == []
    resigned = await service.resign(channel_id=CHANNEL, member_id=BOB)
    rematch = await service.rematch(game_id=resigned.id, member_id=BOB, member_name="bob")
    assert isinstance(rematch, Challenge) and rematch.answers_only
