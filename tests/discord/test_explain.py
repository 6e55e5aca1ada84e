"""`/tictactoe explain` through simcord: private, after a game too, refused in a running duel."""

from __future__ import annotations

import discord
from discord_helpers import MakeBot, World, deferred_first, move_text, text_of

from bot.engine import Move
from bot.engine.classic import analyze
from bot.games import Game, Seat, Status
from bot.games.render.explaining import EMOJI_EXPLAINED, EMOJI_VALUE
from bot.games.variants.classic import CLASSIC
from bot.storage import SqliteGameStore


async def test_explain_is_private_and_shows_every_empty_cell(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    await world.alice.send(world.channel, move_text(Move(0, 0)))
    public_before = len(world.channel.history(viewer=world.bob))
    result = await world.alice.slash(world.channel, "tictactoe explain")
    assert deferred_first(world, result) and result.ephemeral
    assert result.response is not None
    text = text_of(result.response)
    assert text.startswith("What I see (❌ to move):")
    game = await world.game()
    empties = len(game.position.legal_moves)
    squares = sum(text.count(square) for square in EMOJI_VALUE.values())
    assert squares + text.count(EMOJI_EXPLAINED) >= empties + 1  # board cells plus legend
    assert "In your place I would play" in text
    assert "a plain minimax would examine" in text
    assert len(world.channel.history(viewer=world.bob)) == public_before


async def test_after_the_game_explain_shows_the_bots_last_move(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    game = await world.game()
    while game.is_active:  # alice plays her worst move each turn and loses
        await world.alice.send(world.channel, move_text(analyze(game.position).moves[-1].move))
        latest = await world.bot.service.get(game.id)
        assert latest is not None
        game = latest
    assert game.status is Status.LOST
    result = await world.bob.slash(world.channel, "tictactoe explain")
    assert result.ephemeral and result.response is not None
    text = text_of(result.response)
    assert text.startswith("The position before my last move")
    assert f"I played {game.moves[-1]}: it completes a line and wins at once." in text


async def test_explain_without_any_game_is_a_private_error(world: World) -> None:
    result = await world.alice.slash(world.channel, "tictactoe explain")
    assert result.ephemeral and result.response is not None
    assert text_of(result.response) == (
        "There is no game here to explain. Start one with `/tictactoe start`."
    )


async def test_a_running_duel_refuses_explain_until_it_is_over(
    world: World, make_bot: MakeBot
) -> None:
    # Duels have no start command yet: save one where the bot will load it at start-up.
    store = SqliteGameStore(world.bot.settings.database_path)
    now = discord.utils.utcnow()
    await store.insert(
        Game(
            id=0,
            channel_id=world.channel.id,
            guild_id=world.guild.id,
            x=Seat(world.alice.id, "alice"),
            o=Seat(world.bob.id, "bob"),
            level="perfect",
            size=3,
            first="me",
            moves=(Move(1, 1),),
            status=Status.ACTIVE,
            winner=None,
            created_at=now,
            updated_at=now,
            variant=CLASSIC,
        )
    )
    await store.close()
    await world.env.restart_bot(make_bot())
    for member in (world.alice, world.bob):
        result = await member.slash(world.channel, "tictactoe explain")
        assert result.ephemeral and result.response is not None
        assert text_of(result.response) == (
            "alice and bob are still playing, and explain would show one of them the "
            "engine's moves. Ask again once the game is over."
        )
    await world.bob.send(world.channel, move_text(Move(0, 1)))
    await world.bob.slash(world.channel, "tictactoe resign")
    result = await world.alice.slash(world.channel, "tictactoe explain")
    assert result.ephemeral and result.response is not None
    text = text_of(result.response)
    assert text.startswith("The position before the last move (⭕ to move):")
    assert "bob played row 1, column 2: it loses in 3 of bob's moves" in text
