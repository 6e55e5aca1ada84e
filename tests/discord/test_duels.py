"""Duels on Discord through simcord: challenge, answer, play, refusals, expiry, restarts,
rematches, and the one ping a challenge may make."""

from __future__ import annotations

import discord
from discord_helpers import (
    MakeBot,
    World,
    buttons,
    cell_id,
    move_text,
    posted,
    private_answer,
    text_of,
)

from bot.discord_bot import TicTacToeBot
from bot.discord_bot.cogs.expiry import EXPIRY_INTERVAL
from bot.engine import Move
from bot.games import ChallengeStatus, Status

ROW_1_FOR_X = [Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)]


async def challenge(world: World, **options: object) -> discord.Message:
    """alice challenges bob (alice moves first unless told); the challenge message."""
    options.setdefault("first", "challenger")
    result = await world.alice.slash(
        world.channel, "tictactoe challenge", opponent=world.bob, **options
    )
    assert result.response is not None and not result.ephemeral
    return result.response.message


def answer_id(message: discord.Message, label: str) -> str:
    button = next(b for b in buttons(message) if b.label == label)
    assert button.custom_id is not None
    return button.custom_id


async def restart(world: World, make_bot: MakeBot) -> None:
    old_bot = world.bot
    new_bot: TicTacToeBot = make_bot()
    await world.env.restart_bot(new_bot)
    await old_bot.service.close()


async def test_a_whole_duel_from_challenge_to_win_then_a_rematch_challenge(world: World) -> None:
    message = await challenge(world)
    assert "alice challenges" in text_of(message) and world.bob.mention in text_of(message)
    assert [b.label for b in buttons(message)] == ["Accept", "Decline"]
    accepted = await world.bob.click(message, custom_id=answer_id(message, "Accept"))
    assert accepted.acknowledged and not accepted.ephemeral
    assert "bob accepted" in text_of(world.fresh(message))
    assert all(b.disabled for b in buttons(world.fresh(message)))
    game = await world.game()
    board = world.last()
    assert game.is_duel and board.id == game.message_id
    assert "Your turn, alice (❌)." in text_of(board)
    for n, move in enumerate(ROW_1_FOR_X):
        player = world.alice if n % 2 == 0 else world.bob
        await player.click(world.fresh(board), custom_id=cell_id(game, move))
        if n == 0:
            assert "alice played row 1, column 1." in text_of(world.fresh(board))
            assert "Your turn, bob (⭕)." in text_of(world.fresh(board))
    final = world.fresh(board)
    assert "alice wins" in text_of(final)
    finished = await world.bot.service.get(game.id)
    assert finished is not None and finished.status is Status.WON
    rematch = next(b for b in buttons(final) if b.label == "Rematch")
    assert rematch.custom_id is not None
    offer = posted(await world.bob.click(final, custom_id=rematch.custom_id)).message
    assert "bob challenges" in text_of(offer) and world.alice.mention in text_of(offer)
    await world.alice.click(offer, custom_id=answer_id(offer, "Accept"))
    second = await world.game()
    assert second.x.member_id == world.bob.id  # bob played O, so he moves first now

    stats = await world.alice.slash(world.channel, "tictactoe stats", member=world.bob)
    assert stats.response is not None
    text = text_of(stats.response)
    assert "bob in duels: 0 wins, 1 loss, 0 draws (3x3: 0 wins, 1 loss, 0 draws)" in text
    assert "rating 1184" in text and "Head to head: bob 0\u20131\u20130 against alice" in text
    board_of_duels = await world.alice.slash(world.channel, "tictactoe leaderboard", kind="duels")
    assert board_of_duels.response is not None
    assert text_of(board_of_duels.response).splitlines()[1:] == [
        "1. alice — 1216 (1 duel)",
        "2. bob — 1184 (1 duel)",
    ]


async def test_the_only_ping_is_the_challenged_member(world: World) -> None:
    pinger = world.guild.add_member(world.env.create_user("@everyone"))  # a name that pings
    carol = world.guild.add_member(world.env.create_user("carol"))
    result = await pinger.slash(world.channel, "tictactoe challenge", opponent=carol)
    assert result.response is not None
    message = result.response.message
    assert "@everyone challenges" in text_of(message) and carol.mention in text_of(message)
    # Who Discord notifies: simcord's record of the message (no public accessor for it).
    stored = world.env.backend.get_message(world.channel.id, message.id)
    assert stored.ping_user_ids == [carol.id]
    assert not stored.mention_everyone and not stored.ping_role_ids


async def test_decline_withdraw_and_bystanders(world: World) -> None:
    message = await challenge(world)
    carol = world.guild.add_member(world.env.create_user("carol"))
    nosy = await carol.click(message, custom_id=answer_id(message, "Accept"))
    assert "only bob can answer it" in private_answer(nosy)
    own = await world.alice.click(message, custom_id=answer_id(message, "Accept"))
    assert "can't accept your own challenge" in private_answer(own)
    await world.alice.click(message, custom_id=answer_id(message, "Decline"))
    assert "alice withdrew the challenge." in text_of(world.fresh(message))
    assert all(b.disabled for b in buttons(world.fresh(message)))

    second = await challenge(world)
    await world.bob.click(second, custom_id=answer_id(second, "Decline"))
    assert "bob declined." in text_of(world.fresh(second))
    assert all(b.disabled for b in buttons(world.fresh(second)))


async def test_refused_challenges_say_why_privately(world: World) -> None:
    other_bot = world.guild.add_member(world.env.create_user("helper", bot=True))
    stranger = world.env.create_user("stranger")  # not in this server
    me = world.bot.user
    assert me is not None
    cases = [
        (world.alice, "You can't challenge yourself"),
        (other_bot, "helper is a bot and can't play"),
        (stranger, "stranger can't see this channel"),
    ]
    for opponent, says in cases:
        result = await world.alice.slash(world.channel, "tictactoe challenge", opponent=opponent)
        assert result.ephemeral and result.response is not None
        assert says in text_of(result.response)
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    await world.alice.send(world.channel, move_text(Move(1, 1)))
    busy = await world.alice.slash(world.channel, "tictactoe challenge", opponent=world.bob)
    assert busy.ephemeral and busy.response is not None
    assert "already have a game running" in text_of(busy.response)


async def test_turns_on_the_board_and_by_move(world: World) -> None:
    message = await challenge(world)
    await world.bob.click(message, custom_id=answer_id(message, "Accept"))
    game = await world.game()
    board = world.last()
    wrong = await world.bob.click(board, custom_id=cell_id(game, Move(0, 0)))
    [private] = wrong.followups
    assert private.ephemeral and text_of(private) == "It is not your turn: wait for alice to move."
    carol = world.guild.add_member(world.env.create_user("carol"))
    nosy = await carol.click(board, custom_id=cell_id(game, Move(0, 0)))
    assert private_answer(nosy).startswith("This game is between alice and bob;")
    await world.bob.send(world.channel, move_text(Move(0, 0)))
    assert "It is not your turn: wait for alice to move." in text_of(world.last())
    await world.alice.send(world.channel, move_text(Move(0, 0)))
    assert "alice played row 1, column 1." in text_of(world.last())
    hint = await world.bob.slash(world.channel, "tictactoe hint")
    assert hint.response is not None and "not available in a duel" in text_of(hint.response)
    await world.bob.slash(world.channel, "tictactoe resign")
    assert "bob resigned." in text_of(world.last())
    assert (await world.bot.service.get(game.id)).status is Status.RESIGNED  # type: ignore[union-attr]


async def test_an_unanswered_challenge_expires_and_its_buttons_are_disabled(world: World) -> None:
    message = await challenge(world)
    await world.env.advance_time(world.bot.service.challenge_timeout + 2 * EXPIRY_INTERVAL)
    expired = world.fresh(message)
    assert "the challenge expired" in text_of(expired)
    assert all(b.disabled for b in buttons(expired))
    started = await world.bob.slash(world.channel, "tictactoe start")  # the channel is free
    assert started.response is not None and not started.ephemeral


async def test_a_restart_between_challenge_and_accept_and_between_two_moves(
    world: World, make_bot: MakeBot
) -> None:
    message = await challenge(world)
    await restart(world, make_bot)
    await world.bob.click(message, custom_id=answer_id(message, "Accept"))
    game = await world.game()
    board = world.last()
    await world.alice.click(board, custom_id=cell_id(game, Move(1, 1)))
    await restart(world, make_bot)
    await world.bob.click(world.fresh(board), custom_id=cell_id(game, Move(0, 0)))
    assert (await world.game()).moves == (Move(1, 1), Move(0, 0))
    assert "Your turn, alice (❌)." in text_of(world.fresh(board))
    stored = await world.bot.service.duels.get_challenge(1)
    assert stored is not None and stored.status is ChallengeStatus.ACCEPTED


async def test_rematch_against_the_bot_swaps_sides_and_refuses_a_busy_channel(
    world: World, make_bot: MakeBot
) -> None:
    started = await world.alice.slash(
        world.channel, "tictactoe start", first="me", level="easy", size=4
    )
    assert started.response is not None
    await world.alice.send(world.channel, move_text(Move(1, 1)))
    await world.alice.slash(world.channel, "tictactoe resign")
    old = await world.bot.service.get(1)
    assert old is not None and old.status is Status.RESIGNED
    await restart(world, make_bot)
    board = next(m for m in world.channel.history() if m.id == old.message_id)  # the last
    rematch_id = next(b.custom_id for b in buttons(board) if b.label == "Rematch")
    assert rematch_id is not None
    result = await world.alice.click(board, custom_id=rematch_id)
    assert "Rematch, sides swapped." in text_of(posted(result))
    game = await world.game()
    assert (game.level, game.size, game.x.is_bot, len(game.moves)) == ("easy", 4, True, 1)
    free = game.position.legal_moves[0]
    await world.alice.send(world.channel, move_text(free))  # the new game has begun
    busy = await world.alice.click(board, custom_id=rematch_id)
    assert "already have a game running" in private_answer(busy)
