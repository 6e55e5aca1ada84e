"""Whole games typed with `!move`, won, drawn and lost, through the real bot in simcord.

The member's moves come from the engine's own analysis, so each outcome is forced: best play
against `perfect` draws, the worst move each turn loses, and best play against a seeded `easy`
bot wins.
"""

from __future__ import annotations

from collections.abc import Callable

from discord_helpers import World, buttons, cells, move_text, text_of

from bot.engine import Move
from bot.engine.classic import Analysis, analyze
from bot.games import Game, Status


def best(analysis: Analysis) -> Move:
    return analysis.best_moves[0]


def worst(analysis: Analysis) -> Move:
    return analysis.moves[-1].move  # moves are sorted best first


async def play_out(world: World, choose: Callable[[Analysis], Move]) -> Game:
    """Type the member's chosen move until the game ends; check every reply on the way."""
    game = await world.game()
    while True:
        previous_board = game.message_id
        move = choose(analyze(game.position))
        await world.alice.send(world.channel, move_text(move))
        reply = world.last()
        assert reply.author.id == world.bot.user.id  # type: ignore[union-attr]
        assert f"You played row {move.row + 1}, column {move.col + 1}." in text_of(reply)
        updated = await world.bot.service.get(game.id)
        assert updated is not None
        assert updated.message_id == reply.id  # the new board is the live one
        if previous_board is not None:  # and the superseded board lost its buttons
            old = world.channel.history()
            superseded = next(m for m in old if m.id == previous_board)
            assert buttons(superseded) == []
        if not updated.is_active:
            assert all(button.disabled for button in cells(reply))
            return updated
        bot_move = updated.moves[-1]
        assert f"I played row {bot_move.row + 1}, column {bot_move.col + 1}." in text_of(reply)
        assert "Your turn, alice" in text_of(reply)
        game = updated


async def test_best_play_against_perfect_is_a_draw(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", level="perfect", first="me")
    final = await play_out(world, best)
    assert final.status is Status.DRAWN
    assert "Draw." in text_of(world.last())


async def test_worst_play_against_perfect_loses(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", level="perfect", first="me")
    final = await play_out(world, worst)
    assert final.status is Status.LOST
    assert "I win" in text_of(world.last())


async def test_best_play_against_seeded_easy_wins(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", level="easy", first="me")
    final = await play_out(world, best)
    assert final.status is Status.WON
    assert "You win, alice!" in text_of(world.last())


async def test_bot_opening_then_moves_by_mention_prefix(world: World) -> None:
    result = await world.alice.slash(world.channel, "tictactoe start", level="perfect", first="bot")
    assert result.response is not None
    assert "I opened with row" in text_of(result.response)
    game = await world.game()
    move = best(analyze(game.position))
    mention = world.bot.user.mention  # type: ignore[union-attr]
    await world.alice.send(world.channel, f"{mention} move {move.row + 1} {move.col + 1}")
    assert f"You played row {move.row + 1}, column {move.col + 1}." in text_of(world.last())
    assert len((await world.game()).moves) == 3
