"""Duels through the service: challenge, accept, decline or withdraw, expiry on the injected
clock, turns and their sentences, resign, no hints, rematches, ratings and stats."""

from __future__ import annotations

from pathlib import Path

import pytest
from games_helpers import ALICE, BOB, CHANNEL, GUILD, FakeClock, make_service, start_game

from bot.engine import Move, Player
from bot.games import (
    DUEL,
    Challenge,
    ChallengeStatus,
    Game,
    GameError,
    GameOverError,
    GameRunningError,
    GameService,
    InvalidOptionError,
    MoveReply,
    NotYourGameError,
    NotYourTurnError,
    Rating,
    Record,
    Seat,
    Stats,
    Status,
)
from bot.games.render.boards import render_challenge, status_line
from bot.games.render.records import render_duel_leaderboard, render_stats
from bot.games.variants.classic import CLASSIC

CAROL = 3
A, B, C = Seat(ALICE, "alice"), Seat(BOB, "bob"), Seat(CAROL, "carol")
ROW_1_FOR_X = [Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)]


async def challenge(
    service: GameService, first: str = "challenger", *, by: Seat = A, to: Seat = B, **extra: bool
) -> Challenge:
    return await service.duels.challenge(
        channel_id=CHANNEL, guild_id=GUILD, challenger=by, opponent=to, first=first, **extra
    )


async def play(service: GameService, game: Game, moves: list[Move]) -> Game:
    """Play ``moves`` in turn, each by whoever is to move."""
    for move in moves:
        seat = (await service.active_game(CHANNEL)).to_move_seat
        assert seat is not None and seat.member_id is not None
        reply = await service.move(channel_id=CHANNEL, member_id=seat.member_id, move=move)
        game = reply.game
    return game


async def test_a_whole_duel_from_challenge_to_win_rates_both() -> None:
    service = make_service()
    open_one = await challenge(service)
    assert open_one.is_open and open_one.size == 3
    game = await service.duels.accept(challenge_id=open_one.id, member_id=BOB)
    assert (game.x, game.o, game.level, game.is_duel) == (A, B, DUEL, True)
    assert status_line(game, plain=True) == "Your turn, alice (X)."
    game = await play(service, game, ROW_1_FOR_X)
    assert (game.status, game.winner) == (Status.WON, Player.X)
    assert status_line(game, plain=True) == "alice wins - row 1 was theirs."
    answered = await service.duels.get_challenge(open_one.id)
    assert answered is not None and answered.status is ChallengeStatus.ACCEPTED
    assert answered.game_id == game.id
    alice = await service.standings.stats(member_id=ALICE, guild_id=GUILD, other_id=BOB)
    assert (alice.duels, alice.total) == (Record(1, 0, 0), Record())
    assert classic_rating(alice) == Rating(1216, 1)
    assert alice.duels_by_size == {("classic", 3): Record(1, 0, 0)}
    assert alice.head_to_head is not None and alice.head_to_head.record == Record(1, 0, 0)
    assert "Head to head: alice 1\u20130\u20130 against bob" in render_stats(alice)
    board = await service.standings.duel_leaderboard(guild_id=GUILD)
    assert [(e.name, e.rating, e.games) for e in board] == [("alice", 1216, 1), ("bob", 1184, 1)]
    first_line = render_duel_leaderboard(board, CLASSIC).splitlines()[1]
    assert first_line == "1. alice \u2014 1216 (1 duel)"
    assert (
        await service.standings.leaderboard(guild_id=GUILD) == []
    )  # the points table is vs the bot


@pytest.mark.parametrize(
    ("extra", "opponent", "says"),
    [
        ({}, A, "^You can't challenge yourself"),
        ({"opponent_is_bot": True}, B, "^bob is a bot and can't play"),
        ({"opponent_is_me": True}, B, r"^To play against me, start a normal game with start\."),
        ({"opponent_present": False}, B, "^bob can't see this channel"),
    ],
)
async def test_challenges_that_cannot_be_answered_are_refused(
    extra: dict[str, bool], opponent: Seat, says: str
) -> None:
    service = make_service()
    with pytest.raises(GameError, match=says):
        await challenge(service, to=opponent, **extra)
    await challenge(service)  # nothing was left open


async def test_a_busy_channel_refuses_a_challenge_and_an_open_one_refuses_a_start() -> None:
    service = make_service()
    await start_game(service, member=CAROL, name="carol")
    with pytest.raises(GameRunningError, match="carol is already playing here"):
        await challenge(service)
    await service.resign(channel_id=CHANNEL, member_id=CAROL)
    await challenge(service)
    with pytest.raises(GameRunningError, match=r"^alice has challenged bob here; .* 5 minutes"):
        await start_game(service, member=CAROL)
    with pytest.raises(GameRunningError, match="alice has challenged bob"):
        await challenge(service, by=C, to=A)
    with pytest.raises(InvalidOptionError, match="challenger, opponent or random"):
        await challenge(service, "me")


async def test_a_duel_set_up_at_a_hosts_place_sets_only_the_hosts_unstarted_game_aside() -> None:
    """The terminal's player hosts a duel between two others at their keyboard (``host_id``):
    their own game nobody moved in is set aside, as their own start would; one they moved in
    is refused in their words. ``check_duel`` says so (and checks the size) before the names
    are asked, saving nothing (issue 26, items 1 and 4)."""
    service = make_service()
    own = await start_game(service, member=CAROL, name="carol")
    with pytest.raises(GameRunningError, match="carol is already playing here"):
        await challenge(service)  # without a host, another member's game stands
    assert await service.duels.check_duel(channel_id=CHANNEL, host_id=CAROL, size="4") == 4
    with pytest.raises(InvalidOptionError, match="must be 3, 4 or 5, not '7'"):
        await service.duels.check_duel(channel_id=CHANNEL, host_id=CAROL, size=7)
    assert (await service.active_game(CHANNEL)).id == own.game.id  # checking saved nothing
    await service.duels.challenge(
        channel_id=CHANNEL, guild_id=GUILD, challenger=A, opponent=B, host_id=CAROL
    )
    aside = await service.get(own.game.id)
    assert aside is not None and aside.status is Status.EXPIRED
    carol = await service.standings.stats(member_id=CAROL, guild_id=GUILD)
    assert carol.total == Record()  # set aside, not counted

    other = 200
    await start_game(service, channel=other, member=CAROL, first="me")
    await service.move(channel_id=other, member_id=CAROL, move=Move(1, 1))
    mine = "^You already have a game running here"
    with pytest.raises(GameRunningError, match=mine):
        await service.duels.check_duel(channel_id=other, host_id=CAROL, size=3)
    with pytest.raises(GameRunningError, match=mine):
        await service.duels.challenge(
            channel_id=other, guild_id=GUILD, challenger=A, opponent=B, host_id=CAROL
        )


async def test_only_the_challenged_answers_and_the_challenger_withdraws() -> None:
    service = make_service()
    open_one = await challenge(service)
    with pytest.raises(NotYourTurnError, match="can't accept your own challenge: bob has to"):
        await service.duels.accept(challenge_id=open_one.id, member_id=ALICE)
    with pytest.raises(NotYourGameError, match="between alice and bob; only bob can answer"):
        await service.duels.accept(challenge_id=open_one.id, member_id=CAROL)
    with pytest.raises(NotYourGameError, match="only bob can answer"):
        await service.duels.decline(challenge_id=open_one.id, member_id=CAROL)
    withdrawn = await service.duels.decline(challenge_id=open_one.id, member_id=ALICE)
    assert withdrawn.status is ChallengeStatus.WITHDRAWN
    assert render_challenge(withdrawn).endswith("alice withdrew the challenge.")
    with pytest.raises(GameOverError, match=r"^That challenge was withdrawn"):
        await service.duels.accept(challenge_id=open_one.id, member_id=BOB)
    declined = await service.duels.decline(
        challenge_id=(await challenge(service)).id, member_id=BOB
    )
    assert declined.status is ChallengeStatus.DECLINED
    with pytest.raises(GameOverError, match=r"^That challenge was declined"):
        await service.duels.decline(challenge_id=declined.id, member_id=BOB)
    with pytest.raises(GameOverError, match="no longer open"):
        await service.duels.accept(challenge_id=999, member_id=BOB)


async def test_an_unanswered_challenge_expires_on_the_clock_and_frees_the_channel() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    open_one = await challenge(service)
    clock.advance(299)
    assert await service.duels.expire_challenges() == []
    clock.advance(1)
    [expired] = await service.duels.expire_challenges()
    assert (expired.id, expired.status) == (open_one.id, ChallengeStatus.EXPIRED)
    assert await service.duels.expire_challenges() == []  # announced once
    with pytest.raises(GameOverError, match="expired without an answer"):
        await service.duels.accept(challenge_id=open_one.id, member_id=BOB)
    assert render_challenge(expired).endswith("the challenge expired.")


async def test_an_answer_after_the_time_is_refused_and_reported_once() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    open_one = await challenge(service)
    clock.advance(301)
    with pytest.raises(GameOverError, match="expired without an answer"):
        await service.duels.accept(challenge_id=open_one.id, member_id=BOB)
    await start_game(service, member=CAROL)  # the channel is free again
    assert [c.id for c in await service.duels.expire_challenges()] == [open_one.id]


async def test_challenges_and_duels_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    clock = FakeClock()
    first = make_service(path, clock=clock)
    open_one = await challenge(first, "opponent")
    await first.close()
    second = make_service(path, clock=clock)
    game = await second.duels.accept(challenge_id=open_one.id, member_id=BOB)
    assert (game.x, game.o) == (B, A)
    await second.move(channel_id=CHANNEL, member_id=BOB, move=Move(1, 1))
    await second.close()
    third = make_service(path, clock=clock)
    with pytest.raises(NotYourTurnError, match=r"^It is not your turn: wait for alice to move\.$"):
        await third.move(channel_id=CHANNEL, member_id=BOB, move=Move(0, 0))
    reply = await third.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))
    assert reply.game.moves == (Move(1, 1), Move(0, 0)) and reply.bot_move is None


async def test_turns_bystanders_hints_and_resigning_in_a_duel() -> None:
    service = make_service()
    game = await service.duels.accept(challenge_id=(await challenge(service)).id, member_id=BOB)
    with pytest.raises(NotYourTurnError, match="wait for alice to move"):
        await service.move(channel_id=CHANNEL, member_id=BOB, move=Move(0, 0))
    with pytest.raises(NotYourGameError, match=r"^This game is between alice and bob;"):
        await service.move(channel_id=CHANNEL, member_id=CAROL, move=Move(0, 0))
    with pytest.raises(GameError, match=r"^Hints are not available in a duel"):
        await service.hint(channel_id=CHANNEL, member_id=BOB)
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    resigned = await service.resign(channel_id=CHANNEL, member_id=ALICE)  # not her turn: fine
    assert (resigned.status, resigned.winner, resigned.id) == (Status.RESIGNED, Player.O, game.id)
    assert status_line(resigned, plain=True) == "alice resigned."
    bob = await service.standings.stats(member_id=BOB, guild_id=GUILD)
    assert (bob.duels, classic_rating(bob)) == (Record(1, 0, 0), Rating(1216, 1))


async def test_a_duel_nobody_moved_in_is_not_set_aside_by_another_start_and_resigns_free() -> None:
    service = make_service()
    game = await service.duels.accept(challenge_id=(await challenge(service)).id, member_id=BOB)
    with pytest.raises(GameRunningError, match="already have a game running"):
        await start_game(service, member=ALICE)
    resigned = await service.resign(channel_id=CHANNEL, member_id=BOB)
    assert (resigned.id, resigned.status) == (game.id, Status.EXPIRED)  # abandoned, not counted
    bob = await service.standings.stats(member_id=BOB, guild_id=GUILD)
    assert (bob.duels, classic_rating(bob)) == (Record(), Rating())


async def test_a_duel_left_idle_expires_unrated() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    await service.duels.accept(challenge_id=(await challenge(service)).id, member_id=BOB)
    clock.advance(600)
    [expired] = await service.expire_idle()
    assert expired.status is Status.EXPIRED and expired.is_duel
    stats = await service.standings.stats(member_id=ALICE, guild_id=GUILD)
    assert (stats.duels, classic_rating(stats)) == (Record(), Rating())


async def test_a_duel_rematch_is_a_challenge_with_sides_swapped_accepted_in_one_go() -> None:
    service = make_service()
    game = await service.duels.accept(challenge_id=(await challenge(service)).id, member_id=BOB)
    with pytest.raises(GameError, match="still running"):
        await service.rematch(game_id=game.id, member_id=ALICE, member_name="alice")
    game = await play(service, game, ROW_1_FOR_X)
    with pytest.raises(NotYourGameError, match="only they can ask for a rematch"):
        await service.rematch(game_id=game.id, member_id=CAROL, member_name="carol")
    again = await service.rematch(game_id=game.id, member_id=BOB, member_name="Bob B.")
    assert isinstance(again, Challenge)
    assert (again.challenger, again.opponent, again.first) == (
        Seat(BOB, "Bob B."),
        A,
        "challenger",  # bob played O, so he moves first now
    )
    second = await service.duels.accept(challenge_id=again.id, member_id=ALICE)
    assert (second.x.member_id, second.o.member_id) == (BOB, ALICE)
    with pytest.raises(GameRunningError, match="already have a game running"):
        await service.rematch(game_id=game.id, member_id=ALICE, member_name="alice")


async def test_a_rematch_against_the_bot_keeps_level_and_size_and_swaps_sides() -> None:
    service = make_service()
    first = await start_game(service, level="easy", size=4, first="me")
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))
    resigned = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    again = await service.rematch(game_id=resigned.id, member_id=ALICE, member_name="alice")
    assert isinstance(again, MoveReply)
    game = again.game
    assert (game.level, game.size, game.id != first.game.id) == ("easy", 4, True)
    assert game.x.is_bot and game.o == A and again.bot_move is not None  # the bot opened


async def test_stats_show_each_level_per_board_size() -> None:
    service = make_service()
    for size in (3, 4, 4):
        await start_game(service, level="easy", size=size)
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))
        await service.resign(channel_id=CHANNEL, member_id=ALICE)
    stats = await service.standings.stats(member_id=ALICE)
    assert stats.by_level["easy"] == Record(0, 3, 0)
    assert stats.by_size == {
        ("classic", "easy", 3): Record(0, 1, 0),
        ("classic", "easy", 4): Record(0, 2, 0),
    }
    assert "  easy: 0 wins, 3 losses, 0 draws (3x3: 0 wins, 1 loss, 0 draws; 4x4: 0 wins, " in (
        render_stats(stats)
    )


def classic_rating(stats: Stats) -> Rating:
    """A member's duel rating in classic games, as their stats give it."""
    return stats.ratings.get("classic", Rating())
