"""Arenas through simcord, end to end: a manager starts one with /tictactoe arena start; members
join and leave by its buttons; every few seconds the bot pairs the free members, makes a thread
in the channel for each game and posts its board there mentioning both; the games are played by
clicks and ``!move`` in the threads; a clock that runs out loses the game; the arena's message
shows the standings as results come in; the final standings are posted when it ends; a restart
mid-arena loses nothing; a thread Discord refuses makes no game and tells the manager once;
refusals are private and change nothing."""

from __future__ import annotations

import dataclasses

import discord
import pytest
import simcord
from discord_helpers import MakeBot, World, cell_id, text_of
from locale_round import ALICE, BOB, LIMIT, Seen

from bot.discord_bot.board_view import walk
from bot.discord_bot.cogs.arenas import ARENA_INTERVAL
from bot.engine import Move
from bot.games import Game, GameError, Status
from bot.games.arenas import ArenaStatus
from bot.i18n import PSEUDO
from bot.settings import CommandRate, Settings
from tests.discord.test_pseudo_locale import leftovers
from tests.discord.test_pseudo_locale import member_locale as member_locale  # its fixture
from tests.discord.test_settings import manager

ROW_1 = [Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)]
"""X takes the top row while O plays below it: X wins on the fifth move."""


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return dataclasses.replace(settings, command_rate=CommandRate(1000, 1))


def arena_buttons(message: discord.Message) -> dict[str, discord.Button]:
    """An arena message's Join and Leave, by action."""
    found = {}
    for item in walk(message.components):
        if isinstance(item, discord.Button) and (item.custom_id or "").startswith("tta:"):
            found[(item.custom_id or "").rsplit(":", 1)[1]] = item
    return found


def arena_message(world: World, channel: simcord.ChannelHandle | None = None) -> discord.Message:
    """The bot's arena message in the channel (the one with Join)."""
    where = channel or world.channel
    [message] = [m for m in where.history() if arena_buttons(m)]
    return message


async def start(world: World, **options: object) -> simcord.InteractionResult:
    """carol, a manager, starts an arena in the games channel."""
    return await manager(world).slash(world.channel, "tictactoe arena start", **options)


async def click(
    world: World,
    member: simcord.MemberActor,
    action: str,
    channel: simcord.ChannelHandle | None = None,
) -> str:
    """``member`` clicks the arena's Join or Leave; the private answer."""
    message = arena_message(world, channel)
    custom_id = arena_buttons(message)[action].custom_id or ""
    result = await member.click(message, custom_id=custom_id)
    [answer] = result.followups
    assert answer.ephemeral
    return text_of(answer)


async def tick(world: World) -> None:
    """Let the arena's upkeep run once."""
    await world.env.advance_time(ARENA_INTERVAL + 0.1)


async def first_game(world: World, **options: object) -> simcord.ChannelHandle:
    """An arena started with ``options``, alice and bob in it and paired: their game's thread."""
    await start(world, **options)
    await click(world, world.alice, "join")
    await click(world, world.bob, "join")
    await tick(world)
    [first] = world.channel.threads
    return first


def thread(world: World, name: str) -> simcord.ChannelHandle:
    [found] = [t for t in world.channel.threads if t.name == name]
    return found


def live_board(place: simcord.ChannelHandle) -> discord.Message:
    """The last message in ``place`` with enabled cell buttons."""
    for message in reversed(place.history()):
        cells = [
            c
            for c in walk(message.components)
            if isinstance(c, discord.Button) and (c.custom_id or "").startswith("ttt:")
        ]
        if cells and any(not c.disabled for c in cells):
            return message
    raise AssertionError(f"no live board in {place.name}")


async def play(
    world: World,
    place: simcord.ChannelHandle,
    moves: list[Move],
    members: list[simcord.MemberActor],
) -> Game:
    """Click ``moves`` on the thread's board, each by whoever is to move."""
    by_id = {member.id: member for member in members}
    game = await world.bot.service.active_game(place.id)
    for move in moves:
        game = await world.bot.service.active_game(place.id)
        seat = game.to_move_seat
        assert seat is not None and seat.member_id is not None
        await by_id[seat.member_id].click(live_board(place), custom_id=cell_id(game, move))
    return await world.bot.service.last_game(channel_id=place.id, member_id=game.x.member_id or 0)


async def test_members_join_are_paired_in_threads_and_the_standings_follow(world: World) -> None:
    dave = world.guild.add_member(world.env.create_user("dave"))
    started = await start(world, minutes=30)
    assert started.response is not None and not started.ephemeral
    shown = text_of(arena_message(world))
    assert "Arena: 3x3" in shown and "30 seconds a move" in shown
    assert "Nobody has joined yet." in shown

    assert await click(world, world.alice, "join") == (
        "You are in: you are paired as soon as an opponent is free, in a thread here."
    )
    assert "1. **alice** 0 (0 games)" in text_of(arena_message(world))
    await click(world, world.bob, "join")
    assert await click(world, world.bob, "join") == (
        "You are in this arena already: you are paired as soon as an opponent is free."
    )
    await click(world, dave, "join")
    await tick(world)

    [first] = world.channel.threads  # alice and bob joined first; dave waits alone
    assert first.name == "alice vs bob, round 1"
    board = live_board(first)
    game = await world.bot.service.active_game(first.id)
    x, o = f"<@{game.x.member_id}>", f"<@{game.o.member_id}>"
    assert text_of(board).startswith(f"Arena game: {x} (X) against {o} (O), 30 seconds a move.")
    assert game.is_duel and game.arena_id is not None
    assert "1 game running" in text_of(arena_message(world))

    ended = await play(world, first, ROW_1, [world.alice, world.bob])
    assert ended.status is Status.LOST or ended.status is Status.WON
    winner = ended.x
    await tick(world)
    table = text_of(arena_message(world))
    assert f"1. **{winner.name}** 2 (1 game)" in table
    # The winner plays the nearest free member they did not just play: dave, not the loser.
    second = [t for t in world.channel.threads if t.id != first.id]
    assert [t.name for t in second] in (
        [f"{winner.name} vs dave, round 2"],
        [f"dave vs {winner.name}, round 2"],
    )

    again = await world.bot.service.active_game(second[0].id)
    mover = world.alice if again.x.member_id == world.alice.id else dave
    await mover.send(second[0], "!move 2 2")  # typed in the thread, too
    assert (await world.bot.service.active_game(second[0].id)).moves == (Move(1, 1),)


async def test_a_clock_that_runs_out_loses_the_game(world: World) -> None:
    """X moves once and lets the clock run out: a loss, said in the thread, and the two play
    again with the colours swapped (alone in the arena). Then the new X never moves at all:
    a loss again, and that member is paused until they join again."""
    first = await first_game(world, clock=10)
    game = await world.bot.service.active_game(first.id)
    await play(world, first, [Move(1, 1), Move(0, 0)], [world.alice, world.bob])
    await world.env.advance_time(10.5)
    await tick(world)

    shown = text_of(first.last_message)
    loser, winner = game.x.name, game.o.name
    assert shown.startswith(f"\u23f0 {winner} wins on time.\n")  # the loser had moved
    assert f"{loser} ran out of time." in shown
    over = await world.bot.service.last_game(channel_id=first.id, member_id=world.alice.id)
    assert over.status is Status.RESIGNED and over.timed_out
    assert f"1. **{winner}** 2 (1 game)" in text_of(arena_message(world))
    second = thread(world, f"{winner} vs {loser}, round 2")  # colours swapped

    await world.env.advance_time(10.5)  # the new X never moves
    await tick(world)
    assert text_of(second.last_message).startswith(
        f"\u23f0 {loser} wins on time. {winner} made no move in this game, so the arena pauses "
        "them; Join on its message brings them back."
    )
    assert f"**{winner}** 2 (2 games) (paused)" in text_of(arena_message(world))
    await world.env.advance_time(30)
    assert len(world.channel.threads) == 2  # nobody to pair the other with
    await click(world, world.bob if winner == "bob" else world.alice, "join")
    await tick(world)
    assert len(world.channel.threads) == 3  # back, and paired again


async def test_an_ended_game_s_thread_is_archived_and_offers_no_rematch(world: World) -> None:
    first = await first_game(world)
    await play(world, first, ROW_1, [world.alice, world.bob])
    final = first.last_message
    assert final is not None
    rematch = [
        b for b in walk(final.components) if isinstance(b, discord.Button) and b.label == "Rematch"
    ]
    assert rematch and all(b.disabled for b in rematch)  # the arena pairs them itself
    await tick(world)
    thread_now = await world.bot.fetch_channel(first.id)
    assert isinstance(thread_now, discord.Thread) and thread_now.archived


async def test_a_first_board_shown_late_names_the_players_and_starts_the_clock(
    world: World,
) -> None:
    """Discord refuses the first board: no game is lost meanwhile, and the board delivered
    later still names (and pings) both players, its clock starting when it is shown."""
    await start(world, clock=10)
    await click(world, world.alice, "join")
    await click(world, world.bob, "join")
    world.env.inject_error("POST", "/channels/*/messages", status=503, times=2)
    await tick(world)
    [first] = world.channel.threads
    assert not [m for m in first.history() if m.author.bot]  # refused: owed
    await world.env.advance_time(8)  # the deliveries' sweep shows it, at its second try
    board = live_board(first)
    game = await world.bot.service.active_game(first.id)
    assert text_of(board).startswith(f"Arena game: <@{game.x.member_id}> (X) against")
    await world.env.advance_time(6)  # over 10 s since the game began, not since it was shown
    assert (await world.bot.service.active_game(first.id)).is_active
    await world.env.advance_time(6)
    over = await world.bot.service.last_game(channel_id=first.id, member_id=world.alice.id)
    assert over.timed_out  # 10 s after it was shown
    world.errors()


async def test_an_arena_left_without_its_message_gets_one(world: World) -> None:
    """The process stopped between saving an arena and posting its message: the upkeep
    posts it, so members can join."""
    state = await world.bot.service.arenas.start(
        guild_id=world.guild.id,
        channel_id=world.channel.id,
        host_id=world.alice.id,
        minutes=30,
        clock=30,
    )
    await world.env.advance_time(31)
    await tick(world)
    message = arena_message(world)
    stored = await world.bot.service.arenas.get(state.arena.id)
    assert stored is not None and stored.arena.message_id == message.id
    assert await click(world, world.bob, "join") == (
        "You are in: you are paired as soon as an opponent is free, in a thread here."
    )


async def test_the_window_closes_games_finish_and_the_final_standings_are_posted(
    world: World, make_bot: MakeBot
) -> None:
    first = await first_game(world, minutes=5, clock=300)
    await play(world, first, ROW_1[:2], [world.alice, world.bob])

    old_bot = world.bot  # a restart mid-game: the board, the clock, the arena carry on
    await world.env.restart_bot(make_bot())
    await old_bot.service.close()
    await world.env.advance_time(200)
    await play(world, first, ROW_1[2:3], [world.alice, world.bob])  # the clock starts again
    await world.env.advance_time(100)  # past the window: the game still runs
    await tick(world)
    assert "Time is up" in text_of(arena_message(world))
    assert len(world.channel.threads) == 1  # no new pairing after the window

    ended = await play(world, first, ROW_1[3:], [world.alice, world.bob])
    stale = arena_message(world)  # Discord refuses its last edit: its buttons stay live
    world.env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/{stale.id}")
    await tick(world)
    result = await world.alice.click(stale, custom_id=arena_buttons(stale)["leave"].custom_id or "")
    assert [text_of(m) for m in result.followups] == ["That arena is over."]
    world.errors()
    final = world.channel.last_message
    assert final is not None
    text = text_of(final)
    assert text.startswith("## \U0001f3c6 Arena over: 3x3")
    assert f"\U0001f947 **{ended.x.name}** 2 points · 1 won, 0 drawn, 0 lost" in text
    shown = arena_message(world)
    assert "Over: the final standings are below." in text_of(shown)
    assert all(button.disabled for button in arena_buttons(shown).values())  # the click's
    assert await world.bot.service.arenas.due() == []  # finished and posted: nothing left
    # Its game counts as any duel: both members' duel ratings moved.
    stats = await world.bot.service.standings.stats(
        member_id=ended.x.member_id or 0, guild_id=world.guild.id
    )
    assert stats.duels.wins == 1 and stats.ratings["classic"].games == 1


async def test_refusals_are_private_and_change_nothing(world: World) -> None:
    mine = await world.alice.slash(world.channel, "tictactoe arena start")
    assert mine.ephemeral and text_of(mine.response).startswith("Only members who can manage")
    for options, said in (
        ({"minutes": 2}, "An arena lasts from 5 to 180 minutes, not 2."),
        ({"clock": 5}, "The move clock is from 10 to 300 seconds a move, not 5."),
        ({"at": "soonish"}, "I cannot read soonish as a time."),
        ({"at": "2020-01-01 10:00"}, "2020-01-01 10:00 has passed already"),
        ({"at": "2099-01-01 10:00"}, "An arena starts within a week"),
    ):
        refused = await start(world, **options)
        assert refused.ephemeral and text_of(refused.response).startswith(said), options
    with pytest.raises(GameError):
        await world.bot.service.arenas.here(world.channel.id)

    await start(world)
    again = await start(world)
    assert text_of(again.response) == (
        "An arena is already running in this channel; it ends in 30 minutes."
    )
    other = world.guild.create_text_channel("other")
    await manager(world).slash(other, "tictactoe arena start")
    await click(world, world.alice, "join")
    assert await click(world, world.alice, "join", other) == (
        f"You are in another arena, in <#{world.channel.id}>: leave it first (and finish any "
        "game you are playing there)."
    )
    await click(world, world.alice, "leave")
    assert "(paused)" in text_of(arena_message(world))
    await click(world, world.alice, "join", other)

    refused = await world.bob.slash(world.channel, "tictactoe arena cancel")
    assert text_of(refused.response).startswith("Only members who can manage")
    stale = arena_message(world)  # Discord refuses the edit: its buttons stay live
    world.env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/{stale.id}")
    cancelled = await manager(world).slash(world.channel, "tictactoe arena cancel")
    assert text_of(cancelled.response) == "The arena is cancelled: its games end without results."
    assert await click(world, world.bob, "join") == "That arena was cancelled."
    assert "Cancelled by a manager: no results." in text_of(arena_message(world))
    world.errors()


async def test_standings_from_a_thread_and_cancel_ends_the_games_unscored(world: World) -> None:
    first = await first_game(world)
    table = await world.bob.slash(first, "tictactoe arena standings")
    assert table.ephemeral and "1. **alice** 0 (0 games)" in text_of(table.response)
    await manager(world).slash(first, "tictactoe arena cancel")
    game = await world.bot.service.last_game(channel_id=first.id, member_id=world.alice.id)
    assert game.status is Status.EXPIRED
    assert not [b for b in walk(live_board_or_none(first)) if not b.disabled]


def live_board_or_none(place: simcord.ChannelHandle) -> list[discord.Component]:
    """The components of the last board in ``place`` (disabled or not)."""
    for message in reversed(place.history()):
        if any(
            isinstance(c, discord.Button) and (c.custom_id or "").startswith("ttt:")
            for c in walk(message.components)
        ):
            return [
                c
                for c in walk(message.components)
                if isinstance(c, discord.Button) and (c.custom_id or "").startswith("ttt:")
            ]
    return []


async def test_a_thread_discord_refuses_makes_no_game_and_the_manager_is_told_once(
    world: World,
) -> None:
    world.env.inject_error("POST", "/channels/*/threads", status=403, code=50013, times=2)
    carol = manager(world)
    await carol.slash(world.channel, "tictactoe arena start")
    await click(world, world.alice, "join")
    await click(world, world.bob, "join")
    await tick(world)
    assert world.channel.threads == []
    told = [m for m in world.channel.history() if "I could not make a thread" in m.content]
    assert len(told) == 1 and told[0].content.startswith(f"<@{carol.id}> ")
    assert "Create Public Threads, Send Messages in Threads" in told[0].content
    await world.env.advance_time(61)  # the pause; the second try fails too, said once
    await tick(world)
    await world.env.advance_time(61)
    await tick(world)  # the third try makes the thread
    assert len([m for m in world.channel.history() if "I could not make" in m.content]) == 1
    [made] = world.channel.threads
    assert (await world.bot.service.active_game(made.id)).arena_id is not None
    state = await world.bot.service.arenas.here(world.channel.id)
    assert state.arena.status is ArenaStatus.OPEN
    assert [p.status.value for p in state.pairings] == ["failed", "failed", "playing"]


async def test_in_the_pseudo_locale_arenas_leave_no_english_and_fit(
    simcord_env: simcord.Env, member_locale: list[str]
) -> None:
    """Every arena text a member reads, in ``en-XA`` (each sentence accented and a third
    longer), with 32-character names: catalogued, and within 2,000 characters."""
    owner = simcord_env.create_user(ALICE)  # the server's owner may start arenas
    guild = simcord_env.create_guild("Club", owner=owner, preferred_locale=PSEUDO)
    channel = guild.create_text_channel("games")
    alice = guild.add_member(owner)
    bob = guild.add_member(simcord_env.create_user(BOB))
    seen = Seen(channel)

    def look() -> None:
        seen.look()
        for place in channel.threads:
            _Retargeted(seen, place).look()

    async def slash(actor: simcord.MemberActor, name: str, **options: object) -> None:
        result = await actor.slash(channel, name, **options)
        for message in ([result.response] if result.response else []) + result.followups:
            seen.add(message.message)
        look()

    async def press(actor: simcord.MemberActor, action: str) -> None:
        [message] = [m for m in channel.history() if arena_buttons(m)]
        custom_id = arena_buttons(message)[action].custom_id or ""
        result = await actor.click(message, custom_id=custom_id)
        for answer in result.followups:
            seen.add(answer.message)
        look()

    await slash(alice, "tictactoe arena start", minutes=2)  # refused
    await slash(alice, "tictactoe arena start", at="25:99")  # refused
    await slash(bob, "tictactoe arena start")  # refused: no manager
    await slash(alice, "tictactoe arena start", minutes=5, clock=10)
    await slash(alice, "tictactoe arena start")  # refused: one is running
    for actor, action in ((alice, "join"), (bob, "join"), (bob, "join"), (bob, "leave")):
        await press(actor, action)
    await press(bob, "join")
    await simcord_env.advance_time(ARENA_INTERVAL + 0.1)
    look()
    await simcord_env.advance_time(11)  # a clock runs out
    await simcord_env.advance_time(ARENA_INTERVAL + 0.1)
    look()
    await slash(bob, "tictactoe arena standings")
    await slash(alice, "tictactoe history")
    await simcord_env.advance_time(300)  # the window closes; the last game runs out, too
    for _ in range(3):
        await simcord_env.advance_time(ARENA_INTERVAL + 0.1)
    look()
    other = guild.create_text_channel("other")
    await alice.slash(other, "tictactoe arena start")
    cancelled = await alice.slash(other, "tictactoe arena cancel")
    assert cancelled.response is not None
    seen.add(cancelled.response.message)
    assert any(text.startswith("## \U0001f3c6") for text in seen.texts)  # the final post
    assert not [(length, start) for length, start in seen.lengths if length > LIMIT]
    english = {text[:120]: words for text in seen.texts if (words := leftovers(unescaped(text)))}
    assert not english
    simcord_env.errors  # the refusals, answered  # noqa: B018


def unescaped(text: str) -> str:
    """``text`` with the two names as typed, where a table escaped their underscores."""
    for name in (ALICE, BOB):
        text = text.replace(name.replace("_", "\\_"), name)
    return text


class _Retargeted(Seen):
    """``Seen`` looking at another channel (a game's thread), recording into ``seen``."""

    def __init__(self, seen: Seen, channel: simcord.ChannelHandle) -> None:
        self.channel = channel
        self.texts = seen.texts
        self.lengths = seen.lengths
