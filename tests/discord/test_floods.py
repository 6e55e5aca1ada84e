"""A member flooding the bot gets a handful of answers and one "slow down" note, while everyone
else, the other player in the same channel included, keeps playing; a click past the rate is
still acknowledged, so Discord never says it failed."""

from __future__ import annotations

import discord
from discord_helpers import World, cell_id, deferred_first, move_text, private_answer, text_of

from bot.discord_bot.texts import NOT_YOUR_BOARD


def replies_to(world: World, sent: list[discord.Message]) -> list[discord.Message]:
    """The bot's messages in the channel that answer one of ``sent``."""
    ids = {message.id for message in sent}
    return [
        message
        for message in world.channel.history()
        if message.author.id == world.bot.user.id  # type: ignore[union-attr]
        and message.reference is not None
        and message.reference.message_id in ids
    ]


async def test_hundreds_of_commands_get_a_handful_of_replies_and_the_other_player_plays_on(
    world: World,
) -> None:
    rate = world.bot.settings.command_rate
    await world.bob.slash(world.channel, "tictactoe start", first="me")
    flood: list[discord.Message] = []
    for _ in range(3):
        for _ in range(100):
            flood.append(await world.alice.send(world.channel, "!move 9 9"))
        game = await world.game()
        move = game.position.legal_moves[0]
        mine = await world.bob.send(world.channel, move_text(move))
        answer = world.last()
        assert answer.reference is not None and answer.reference.message_id == mine.id
        saved = await world.bot.service.get(game.id)
        assert saved is not None and move in saved.moves  # bob's move was played and answered
    replies = replies_to(world, flood)
    assert len(replies) == rate.commands + 1  # 300 commands: the rate's answers and one note
    assert all("off the board" in text_of(reply) for reply in replies[:-1])
    assert text_of(replies[-1]).startswith("Slow down: I answer at most 10 commands")
    world.errors()  # the refusals the handlers answered (or kept quiet about)

    # Once the member pauses as the note asks, they are answered again.
    await world.env.advance_time(rate.seconds / rate.commands)
    again = await world.alice.send(world.channel, "!move 9 9")
    [answer] = replies_to(world, [again])
    assert text_of(answer).startswith("There is no game running here")  # bob's game has ended


async def test_slash_commands_and_clicks_count_too_and_the_note_is_private(world: World) -> None:
    rate = world.bot.settings.command_rate
    start = await world.bob.slash(world.channel, "tictactoe start", first="me")
    board = start.response
    assert board is not None
    game = await world.game()
    answered: list[str] = []
    ignored: list[str] = []
    for turn in range(3 * rate.commands):
        if turn % 2:
            result = await world.alice.slash(world.channel, "tictactoe help")
        else:
            result = await world.alice.click(
                board, custom_id=cell_id(game, game.position.legal_moves[0])
            )
        if (
            deferred_first(world, result) and not result.followups
        ):  # an ignored click: acknowledged,
            assert result.response is not None and result.response.id == board.id  # as it was
            ignored.append("click")
        elif result.response is None:
            assert not result.acknowledged
            ignored.append("slash")
        else:  # the refusals and the note are private (a click's after its acknowledgement)
            answered.append(private_answer(result))
    assert len(answered) == rate.commands + 1
    # The rest were ignored: every slash command, and every click acknowledged quietly.
    assert ignored == ["slash", "click"] * (rate.commands - 1) + ["slash"]
    owner = NOT_YOUR_BOARD.split("{")[0]
    assert all(text.startswith(("**Tic-Tac-Toe", owner)) for text in answered[:-1])
    assert answered[-1].startswith("Slow down:")
    # bob is not held up by alice's flood: his click plays.
    played = await world.bob.click(board, custom_id=cell_id(game, game.position.legal_moves[0]))
    assert played.acknowledged
    assert len((await world.game()).moves) == 2
    world.errors()


async def test_a_click_past_the_rate_is_acknowledged_and_nothing_is_posted(world: World) -> None:
    rate = world.bot.settings.command_rate
    start = await world.bob.slash(world.channel, "tictactoe start", first="me")
    board = start.response
    assert board is not None
    game = await world.game()
    click = cell_id(game, game.position.legal_moves[0])
    for _ in range(rate.commands + 1):  # the burst's answers, then the note
        assert (await world.alice.click(board, custom_id=click)).response is not None
    before = [(m.id, text_of(m)) for m in world.channel.history()]

    refused = await world.alice.click(board, custom_id=click)

    # Discord shows "This interaction failed" for a click nobody acknowledged; this one was
    # acknowledged as a deferred update of the board, so the board is what it answers with.
    assert refused.acknowledged and refused.deferred
    assert refused.response is not None and refused.response.id == board.id
    assert refused.followups == []
    assert [(m.id, text_of(m)) for m in world.channel.history()] == before  # nothing posted
    assert (await world.game()).moves == ()  # and nothing played
    world.errors()
