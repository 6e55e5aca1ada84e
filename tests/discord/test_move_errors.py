"""Every malformed or impossible `!move` gets a short reply with the usage, and changes nothing."""

from __future__ import annotations

import pytest
from discord_helpers import World, buttons, text_of

from bot.discord_bot.texts import spelling
from bot.games import USAGE_MOVE, GameError, NotYourGameError, parse_cell

DISCORD_USAGE = "Usage: !move <row> <column>, for example: !move 2 3"
PLAIN_USAGE = USAGE_MOVE.format(move="move")


@pytest.mark.parametrize(
    ("typed", "argument", "expected"),
    [
        ("!move", "", "Which cell?"),
        ("!move 4 1", "4 1", "Row 4, column 1 is off the board"),
        ("!move 0 2", "0 2", "Row 0, column 2 is off the board"),
        ("!move -1 2", "-1 2", "Row -1, column 2 is off the board"),
        ("!move a b", "a b", "'a b' is not a cell"),
        ("!move 1 1 1", "1 1 1", "'1 1 1' is not a cell"),
        ("!move 22", "22", "'22' is not a cell"),
    ],
)
async def test_bad_move_gets_usage_and_example(
    world: World, typed: str, argument: str, expected: str
) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    before = await world.game()
    await world.alice.send(world.channel, typed)
    reply = world.last()
    assert reply.author.id == world.bot.user.id  # type: ignore[union-attr]
    assert expected in text_of(reply)
    assert text_of(reply).endswith(DISCORD_USAGE)
    # The game layer's sentence, with the command it suggests spelled as on Discord.
    with pytest.raises(GameError) as parsed:
        parse_cell(argument, 3)
    assert text_of(reply) == parsed.value.text(spelling("!"))
    assert str(parsed.value).endswith(PLAIN_USAGE)  # the terminal's plain spelling
    assert buttons(reply) == []  # an error is not a board
    assert await world.game() == before


async def test_taken_cell_is_refused(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    await world.alice.send(world.channel, "!move 2 2")
    before = await world.game()
    await world.alice.send(world.channel, "!move 2 2")
    assert "Row 2, column 2 is already taken." in text_of(world.last())
    assert await world.game() == before


async def test_move_without_a_game_says_how_to_start(world: World) -> None:
    await world.alice.send(world.channel, "!move 1 1")
    assert "/tictactoe start" in text_of(world.last())


async def test_move_by_someone_else_is_refused(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    before = await world.game()
    await world.bob.send(world.channel, "!move 1 1")
    assert "alice's game" in text_of(world.last())
    assert await world.game() == before
    # `!move` raised; the text-command error handler answered in the channel.
    assert [type(error.original) for error in world.errors()] == [NotYourGameError]  # type: ignore[attr-defined]


async def test_unknown_commands_are_ignored(world: World) -> None:
    """The `!` prefix is shared with other bots: their commands get no answer from us."""
    sent = await world.alice.send(world.channel, "!play some music")
    assert world.last().id == sent.id
