"""A group DM between people, where alice and bob play through their own install of the app
(a user install, context 2): the bot is no member there, so it works through interactions
alone. Every request to the chat itself is refused here, as Discord would (403 Missing
Access), and every test checks the bot never even tried one: nothing fails silently.

simcord 3.2.1 has no group DMs and only sends the server and bot-DM contexts, so a server
channel stands in for the chat and each interaction in it is sent as Discord sends one from a
group DM: no server, the user instead of the member, the chat with its people, context 2, the
user's install as the authorising one (``group_dm``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
import pytest
import simcord
from discord_helpers import (
    CONTROLS,
    IDLE_TIMEOUT,
    World,
    button_rows,
    buttons,
    cell_id,
    cells,
    is_refusal,
    posted,
    private_answer,
    text_of,
)

from bot.discord_bot.cogs.expiry import EXPIRY_INTERVAL
from bot.discord_bot.texts import LEADERBOARDS_IN_SERVERS
from bot.engine import Move, Player
from bot.engine.classic import analyze
from bot.engine.classic.puzzles import shipped
from bot.games import Game, Status

MISSING_ACCESS = 50001
USER_INSTALL = "1"
"""``authorizing_integration_owners``' key for a user install."""


def person(actor: simcord.MemberActor) -> dict[str, Any]:
    return {"id": str(actor.id), "username": actor.name, "discriminator": "0", "avatar": None}


@pytest.fixture
def group_dm(world: World, monkeypatch: pytest.MonkeyPatch) -> Iterator[simcord.ChannelHandle]:
    """The group DM of alice and bob (module docstring), every request to it refused."""
    chat = world.guild.create_text_channel("group-dm")
    people = [person(world.alice), person(world.bob)]
    base = simcord.interactions.base_payload

    def payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, data = base(*args, **kwargs)
        if kwargs.get("channel_id") == chat.id:
            member = data.pop("member")
            for server_only in ("guild_id", "guild_locale"):
                data.pop(server_only, None)
            data["user"] = member["user"]
            data["context"] = 2
            data["authorizing_integration_owners"] = {USER_INSTALL: member["user"]["id"]}
            data["app_permissions"] = "0"
            data["channel"] = {"id": str(chat.id), "type": 3, "recipients": people}
            resolved = data.get("data", {}).get("resolved", {})
            resolved.pop("members", None)  # nobody is a server's member here
        return record, data

    monkeypatch.setattr(simcord.interactions, "base_payload", payload)
    for path in (f"/channels/{chat.id}", f"/channels/{chat.id}/*"):
        world.env.inject_error(
            "*", path, status=403, code=MISSING_ACCESS, message="Missing Access", times=None
        )
    yield chat
    tried = [f"{e.method} {e.path}" for e in world.env.http_requests if str(chat.id) in e.path]
    assert tried == [], "the bot sent requests to a chat it is not in"


def now(world: World, chat: simcord.ChannelHandle, message: Any) -> discord.Message:
    """``message`` as it is now in the chat (after edits)."""
    return next(m for m in chat.history() if m.id == message.id)


async def running(world: World, chat: simcord.ChannelHandle) -> Game:
    return await world.bot.service.active_game(chat.id)


async def test_a_whole_game_against_the_bot_by_clicks_alone(
    world: World, group_dm: simcord.ChannelHandle
) -> None:
    started = await world.alice.slash(group_dm, "tictactoe start", first="me")
    assert started.response is not None and not started.ephemeral
    board = started.response.message
    assert "Your turn, alice" in text_of(board) and button_rows(board)[-1] == CONTROLS
    game = await running(world, group_dm)
    assert game.answers_only and game.guild_id is None
    while game.is_active:  # best play: each click answered by that very message
        move = analyze(game.position).best_moves[0]
        click = await world.alice.click(now(world, group_dm, board), custom_id=cell_id(game, move))
        assert click.acknowledged and not click.followups
        shown = now(world, group_dm, board)
        assert f"You played row {move.row + 1}, column {move.col + 1}." in text_of(shown)
        updated = await world.bot.service.get(game.id)
        assert updated is not None
        if updated.is_active:  # the bot's answer in the same update
            reply = updated.moves[-1]
            assert f"I played row {reply.row + 1}, column {reply.col + 1}." in text_of(shown)
        game = updated
    final = now(world, group_dm, board)
    assert game.status is Status.DRAWN and "draw" in text_of(final).lower()
    assert [b.label for b in buttons(final) if not b.disabled] == ["Rematch"]
    again = await world.alice.click(final, custom_id=f"ttt-rematch:{game.id}")
    rematch = posted(again)  # the click's follow-up: the only way to show a new board here
    assert "Rematch, sides swapped." in text_of(rematch)
    assert (await running(world, group_dm)).x.is_bot


async def test_a_whole_duel_by_clicks_alone(world: World, group_dm: simcord.ChannelHandle) -> None:
    offer = await world.alice.slash(
        group_dm, "tictactoe challenge", opponent=world.bob, first="challenger"
    )
    assert offer.response is not None and "alice challenges" in text_of(offer.response)
    accept = next(b for b in buttons(offer.response.message) if b.label == "Accept")
    assert accept.custom_id is not None
    accepted = await world.bob.click(offer.response.message, custom_id=accept.custom_id)
    board = posted(accepted)
    assert "The duel is on." in text_of(board)
    assert all(b.disabled for b in buttons(now(world, group_dm, offer.response)))
    game = await running(world, group_dm)
    assert game.is_duel and game.answers_only
    for n, move in enumerate([Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)]):
        player = world.alice if n % 2 == 0 else world.bob
        await player.click(now(world, group_dm, board), custom_id=cell_id(game, move))
    final = await world.bot.service.get(game.id)
    assert final is not None and final.status is Status.WON and final.winner is Player.X
    assert "alice wins" in text_of(now(world, group_dm, board))


async def test_the_5x5_controls_hint_privately_resign_and_rematch(
    world: World, group_dm: simcord.ChannelHandle
) -> None:
    started = await world.alice.slash(group_dm, "tictactoe start", size=5, level="easy", first="me")
    assert started.response is not None
    board = started.response.message
    assert len(cells(board)) == 25 and button_rows(board)[-1] == CONTROLS
    game = await running(world, group_dm)
    hint = await world.alice.click(board, custom_id=f"ttt-hint:{game.id}")
    said = private_answer(hint)  # the empty 5x5 board is proven, from the opening book
    assert said.startswith("Hint for alice: ") and "Every move, best first:" in said
    await world.alice.click(board, custom_id=cell_id(game, Move(2, 2)))
    await world.alice.click(now(world, group_dm, board), custom_id=f"ttt-resign:{game.id}")
    final = now(world, group_dm, board)
    assert "alice resigned." in text_of(final)
    assert [b.label for b in buttons(final) if not b.disabled] == ["Rematch"]
    again = posted(await world.alice.click(final, custom_id=f"ttt-rematch:{game.id}"))
    assert "5\N{MULTIPLICATION SIGN}5" in text_of(again)


async def test_looks_back_answer_privately_and_leaderboards_stay_in_servers(
    world: World, group_dm: simcord.ChannelHandle
) -> None:
    await world.alice.slash(group_dm, "tictactoe start", first="me")
    game = await running(world, group_dm)
    for command, says in (("tictactoe hint", "row 2, column 2"), ("tictactoe explain", "2,2")):
        result = await world.alice.slash(group_dm, command)
        assert result.ephemeral and says in private_answer(result), command
    again = await world.alice.slash(group_dm, "tictactoe board")  # a new board, the old kept
    assert again.response is not None
    await world.alice.click(again.response, custom_id=cell_id(game, Move(0, 0)))
    await world.alice.slash(group_dm, "tictactoe resign")
    for command in ("tictactoe stats", "tictactoe history", "tictactoe review"):
        result = await world.alice.slash(group_dm, command)
        assert result.ephemeral and "alice" in private_answer(result), command
    refused = await world.alice.slash(group_dm, "tictactoe leaderboard")
    assert private_answer(refused) == LEADERBOARDS_IN_SERVERS
    assert all(is_refusal(error) for error in world.errors())


async def test_an_idle_game_is_not_announced_and_shows_it_is_over_at_the_next_click(
    world: World, group_dm: simcord.ChannelHandle
) -> None:
    started = await world.alice.slash(group_dm, "tictactoe start", first="me")
    assert started.response is not None
    board = started.response.message
    game = await running(world, group_dm)
    await world.env.advance_time(IDLE_TIMEOUT + 2 * EXPIRY_INTERVAL)
    expired = await world.bot.service.get(game.id)
    assert expired is not None and expired.status is Status.EXPIRED
    assert [m.id for m in group_dm.history()] == [board.id]  # nothing posted
    late = await world.bob.click(board, custom_id=cell_id(game, Move(1, 1)))
    assert private_answer(late) == "That game is over."
    shown = now(world, group_dm, board)
    assert "This game ended before alice moved" in text_of(shown)
    assert all(cell.disabled for cell in cells(shown))
    assert all(is_refusal(error) for error in world.errors())


async def test_a_challenge_to_someone_outside_the_chat_is_refused(
    world: World, group_dm: simcord.ChannelHandle
) -> None:
    carol = world.guild.add_member(world.env.create_user("carol"))
    refused = await world.alice.slash(group_dm, "tictactoe challenge", opponent=carol)
    assert "carol" in private_answer(refused)
    assert all(is_refusal(error) for error in world.errors())


async def test_a_puzzle_solved_by_clicks_and_the_next_one(
    world: World, group_dm: simcord.ChannelHandle
) -> None:
    """A puzzle is private anyway: the slash's own answer, edited by each click, and Next
    puzzle in it; nothing reaches the chat, and it counts in no server."""
    puzzle = shipped().by_id(1)
    shown = await world.alice.slash(group_dm, "tictactoe puzzle", number=1)
    assert shown.ephemeral and shown.response is not None
    assert "Puzzle #1, 3x3" in text_of(shown.response)
    attempt = await world.bot.service.puzzles.running(member_id=world.alice.id)
    assert attempt is not None and attempt.guild_id is None and attempt.channel_id == group_dm.id
    for move in puzzle.solution[::2]:
        click = await world.alice.click(
            shown.response, custom_id=f"ttp:{attempt.id}:{move.row}:{move.col}"
        )
        assert click.acknowledged and not click.followups
    assert "Solved!" in text_of(shown.response)
    await world.alice.click(shown.response, custom_id=f"ttp-next:{attempt.id}")
    following = await world.bot.service.puzzles.running(member_id=world.alice.id)
    assert following is not None and following.id != attempt.id
    assert f"Puzzle #{following.puzzle_id}," in text_of(shown.response)
    ranked = await world.alice.slash(group_dm, "tictactoe leaderboard", kind="puzzles")
    assert private_answer(ranked) == LEADERBOARDS_IN_SERVERS
    assert all(is_refusal(error) for error in world.errors())
