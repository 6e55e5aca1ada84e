"""The daily server puzzle through simcord: only Manage Server sets it; the sweep posts it at
its hour; a member solves it privately from Solve and the post counts them; the next day's
post reveals the solution and closes the old one; one post a day across a restart, another
process claiming it first, and a process that stopped between posting and noting it."""

from __future__ import annotations

import dataclasses
import logging
from datetime import UTC, datetime
from typing import Any

import discord
import pytest
import simcord
from discord_helpers import MakeBot, World, text_of
from games_helpers import FakeClock

from bot.discord_bot import TicTacToeBot
from bot.discord_bot.board_view import walk
from bot.discord_bot.cogs.puzzles import DAILY_INTERVAL, DailyPuzzles
from bot.discord_bot.texts import NOT_A_MANAGER
from bot.games import GameError, GameService
from bot.games.puzzles.daily import STALE
from bot.games.render.glyphs import EMOJI_MARK
from bot.settings import CommandRate, Settings
from bot.storage import SqliteGameStore
from tests.discord.test_puzzles import text
from tests.discord.test_settings import manager, private_text

HOUR = 3600.0
DAY = 24 * HOUR


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return dataclasses.replace(settings, command_rate=CommandRate(1000, 1))


def solve_button(message: discord.Message) -> discord.Button:
    [button] = [
        c
        for c in walk(message.components)
        if isinstance(c, discord.Button) and (c.custom_id or "").startswith("ttd:")
    ]
    return button


def posts(world: World) -> list[discord.Message]:
    """The bot's daily posts in the channel, oldest first."""
    found = []
    for message in world.channel.history():
        if message.author.bot and any(
            isinstance(c, discord.Button) and (c.custom_id or "").startswith("ttd:")
            for c in walk(message.components)
        ):
            found.append(message)
    return sorted(found, key=lambda message: message.id)


def post_text(message: discord.Message) -> str:
    return text_of(message)


async def set_daily(world: World, hour: int = 1) -> simcord.InteractionResult:
    return await manager(world).slash(
        world.channel, "tictactoe-settings puzzle", channel=world.channel, hour=hour
    )


async def solve_from(world: World, member: simcord.MemberActor, post: discord.Message) -> str:
    """``member`` clicks Solve and plays the solution; what the private message says last."""
    button = solve_button(post)
    assert button.custom_id is not None
    clicked = await member.click(post, custom_id=button.custom_id)
    [private] = clicked.followups
    assert private.ephemeral
    attempt = await world.bot.service.puzzles.running(member_id=member.id)
    assert attempt is not None
    puzzle = await world.bot.service.puzzles.catalogue.get(attempt.puzzle_id)
    for move in puzzle.solution[::2]:
        await member.click(private, custom_id=f"ttp:{attempt.id}:{move.row}:{move.col}")
    return text(private)


async def test_only_a_manager_sets_the_daily_puzzle(world: World) -> None:
    """Discord hides the command from alice; granted it by the server anyway (Integrations),
    she is refused by the bot's own check, and nothing changes."""
    assert "tictactoe-settings puzzle" not in world.alice.available_commands(world.channel)
    group = next(c for c in await world.bot.tree.fetch_commands() if c.name == "tictactoe-settings")
    world.guild.set_command_permissions(group, {world.alice: True})
    refused = await world.alice.slash(
        world.channel, "tictactoe-settings puzzle", channel=world.channel, hour=1
    )
    assert private_text(refused) == NOT_A_MANAGER
    assert await world.bot.service.puzzles.daily.setting(world.guild.id) is None
    carol = manager(world)
    result = await carol.slash(
        world.channel, "tictactoe-settings puzzle", channel=world.channel, hour=7
    )
    sentence = f"The daily puzzle is posted in <#{world.channel.id}> every day at 07:00 UTC."
    assert private_text(result) == sentence
    shown_settings = await carol.slash(world.channel, "tictactoe-settings show")
    assert sentence in private_text(shown_settings)
    both = await carol.slash(world.channel, "tictactoe-settings puzzle", hour=3, off=True)
    assert private_text(both) == "Give off alone, or a channel and an hour: not both."
    off = await carol.slash(world.channel, "tictactoe-settings puzzle", off=True)
    assert private_text(off) == "This server has no daily puzzle."
    assert await world.bot.service.puzzles.daily.setting(world.guild.id) is None


async def test_a_channel_the_bot_cannot_post_in_is_named(world: World) -> None:
    me = world.guild.me
    assert me is not None
    hidden = world.guild.create_text_channel(
        "staff", overwrites={me: discord.PermissionOverwrite(send_messages=False)}
    )
    result = await manager(world).slash(
        world.channel, "tictactoe-settings puzzle", channel=hidden, hour=2
    )
    assert private_text(result).endswith(
        f"In <#{hidden.id}> I lack Send Messages: I cannot post the daily puzzle there."
    )


@pytest.mark.slow  # hours of simcord's clock: seconds of real time
async def test_the_days_post_solved_privately_and_counted(world: World) -> None:
    await set_daily(world, hour=1)
    await world.env.advance_time(HOUR - DAILY_INTERVAL)
    assert posts(world) == []  # not its hour yet
    await world.env.advance_time(2 * DAILY_INTERVAL)
    [post] = posts(world)
    said = post_text(post)
    assert "Puzzle of the day, 2026-01-01" in said and "Solved by 0 members so far." in said
    assert "Click Solve to try it" in said and "The previous daily puzzle" not in said
    assert "Solved!" in await solve_from(world, world.bob, post)
    [post] = posts(world)
    assert "Solved by 1 member so far." in post_text(post)
    button = solve_button(post)
    assert button.custom_id is not None and not button.disabled
    again = await world.bob.click(post, custom_id=button.custom_id)
    [replay] = again.followups
    assert "You already tried today's puzzle: this replay counts for nothing." in text(replay)
    assert "Solved!" in await solve_from(world, world.alice, post)
    [post] = posts(world)
    assert "Solved by 2 members so far." in post_text(post)


@pytest.mark.slow  # hours of simcord's clock: seconds of real time
async def test_the_next_days_post_reveals_the_solution_and_closes_the_last(
    world: World, settings: Settings
) -> None:
    """Yesterday's post, made and solved by bob yesterday (another service on the same
    database, its clock a day behind, stands for yesterday's process): today's post reveals
    its solution and solvers, and yesterday's loses its Solve and shows the solution."""
    await set_daily(world, hour=1)
    yesterday = FakeClock(datetime(2025, 12, 31, 10, 0, tzinfo=UTC))
    then = GameService(SqliteGameStore(settings.database_path), clock=yesterday)
    try:
        [plan] = await then.puzzles.daily.due()
        cog = world.bot.get_cog("DailyPuzzles")
        assert isinstance(cog, DailyPuzzles)
        await cog.post(plan)  # made by yesterday's sweep, in this channel
        reply = await then.puzzles.daily.solve(
            guild_id=world.guild.id,
            day=plan.post.day,
            member_id=world.bob.id,
            member_name="bob",
            channel_id=world.channel.id,
        )
        for move in reply.puzzle.solution[::2]:
            await then.puzzles.move(member_id=world.bob.id, move=move)
    finally:
        await then.close()
    [old] = posts(world)
    assert "Puzzle of the day, 2025-12-31" in post_text(old)
    await world.env.advance_time(HOUR + DAILY_INTERVAL)
    old, new = posts(world)
    assert solve_button(old).disabled
    sides = [EMOJI_MARK[plan.puzzle.to_move], EMOJI_MARK[plan.puzzle.to_move.other]]
    line = " \u2192 ".join(  # each move after its side's mark (issue 46)
        f"{sides[index % 2]} {m.row + 1},{m.col + 1}"
        for index, m in enumerate(plan.puzzle.solution)
    )
    assert f"The solution: {line}." in post_text(old) and "Solved by 1 member." in post_text(old)
    revealed = post_text(new)
    assert "Puzzle of the day, 2026-01-01" in revealed
    assert f"The previous daily puzzle, #{plan.puzzle.id}: {line}. Solved by 1 member." in revealed
    assert not solve_button(new).disabled


@pytest.mark.slow  # hours of simcord's clock: seconds of real time
async def test_one_post_a_day_across_a_restart(world: World, make_bot: MakeBot) -> None:
    await set_daily(world, hour=1)
    await world.env.advance_time(HOUR + DAILY_INTERVAL)
    assert len(posts(world)) == 1
    old_bot = world.bot
    new_bot: TicTacToeBot = make_bot(seed=3)
    await world.env.restart_bot(new_bot)
    await old_bot.service.close()
    await world.env.advance_time(STALE.total_seconds() + 5 * DAILY_INTERVAL)
    assert len(posts(world)) == 1


@pytest.mark.slow  # hours of simcord's clock: seconds of real time
async def test_another_process_claiming_first_makes_the_post_its_own(
    world: World, settings: Settings
) -> None:
    """Two processes share the database: where this one's sweep comes first (server A, at
    01:00) the other finds nothing to post; where the other comes first (server B, at 02:00,
    its sweep a moment before this one's) this one never posts, then or later."""
    second = world.env.create_guild("Second Club")
    elsewhere = second.create_text_channel("puzzles")
    await set_daily(world, hour=1)
    await world.env.advance_time(HOUR + DAILY_INTERVAL)  # 01:01: this process posts in A
    [here] = posts(world)
    first_at_two = FakeClock(datetime(2026, 1, 1, 2, 0, tzinfo=UTC))
    other = GameService(SqliteGameStore(settings.database_path), clock=first_at_two)
    try:
        assert await other.puzzles.daily.due() == []  # A's post is made: nothing for it
        await other.puzzles.daily.change(
            second.id, channel_id=elsewhere.id, channel_guild_id=second.id, hour=2
        )
        await world.env.advance_time(HOUR - 2 * DAILY_INTERVAL)  # 01:59, before 02:00
        [plan] = await other.puzzles.daily.due()  # the other process's sweep at 02:00
        assert plan.post.guild_id == second.id
        await other.puzzles.daily.posted(plan.post, 4242)  # it posted B's, in its shard
    finally:
        await other.close()
    await world.env.advance_time(5 * DAILY_INTERVAL + STALE.total_seconds())
    assert [message for message in elsewhere.history() if message.author.bot] == []
    assert [message.id for message in posts(world)] == [here.id]


@pytest.mark.slow  # hours of simcord's clock: seconds of real time
async def test_a_post_made_but_not_noted_is_found_not_made_again(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The process stops between posting and noting the post (here: noting fails once):
    once the claim is old, the sweep takes it over, finds the post among the channel's last
    messages, notes it, and posts nothing more."""
    daily = world.bot.service.puzzles.daily
    real = daily.posted
    failures = [GameError("The game store is unavailable right now; please try again.")]

    async def posted(post: Any, message_id: int) -> None:
        if failures:
            raise failures.pop()
        await real(post, message_id)

    monkeypatch.setattr(daily, "posted", posted)
    await set_daily(world, hour=1)
    await world.env.advance_time(HOUR + DAILY_INTERVAL)
    assert len(posts(world)) == 1
    caplog.clear()  # the failure was logged as an error: expected here
    await world.env.advance_time(STALE.total_seconds() + 3 * DAILY_INTERVAL)
    [post] = posts(world)
    with world.env.time_context():
        stored = await daily.post(world.guild.id, world.env.now().date())
    assert stored is not None and stored.message_id == post.id
    assert not [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]


@pytest.mark.slow  # hours of simcord's clock: seconds of real time
async def test_a_daily_channel_that_is_gone_ends_the_daily_puzzle_there(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord answering the post with Unknown Channel (deleted while the bot was away): the
    setting is dropped with one warning, and nothing is tried again every round."""
    await set_daily(world, hour=1)
    world.env.inject_error(
        "POST",
        f"/channels/{world.channel.id}/messages",
        status=404,
        code=10003,
        message="Unknown Channel",
        times=None,
    )
    await world.env.advance_time(HOUR + DAILY_INTERVAL)
    daily = world.bot.service.puzzles.daily
    with world.env.time_context():
        assert await daily.setting(world.guild.id) is None
    tries = [
        e for e in world.env.http_requests if e.method == "POST" and str(world.channel.id) in e.path
    ]
    await world.env.advance_time(STALE.total_seconds() + 3 * DAILY_INTERVAL)
    again = [
        e for e in world.env.http_requests if e.method == "POST" and str(world.channel.id) in e.path
    ]
    assert len(again) == len(tries) == 1
    gone = [r for r in caplog.get_records("call") if "is gone" in r.getMessage()]
    assert len(gone) == 1 and gone[0].levelno == logging.WARNING
