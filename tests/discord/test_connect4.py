"""Connect Four on Discord through simcord, end to end: /tictactoe start game:connect4, a board
of seven column buttons (a full column's disabled) above Resign, Hint and Rematch, moves by a
click or by ``!move 4`` (``!move 2 3`` told a column is enough), hint and explain, a won game's
review with its GIF, stats and the connect4 leaderboards, a duel to the end and its rematch,
the server's defaults, games by clicks in the bot's DM and in a group DM, a restart, and every
text in the pseudo-locale.

The bot is scripted (``mirror``): it drops its disc in the column the member just played (the
first open one otherwise), so every game here is known in advance and no search runs; one test
plays the engine's own levels (easy and adaptive answer in milliseconds)."""

from __future__ import annotations

import io
import random

import discord
import pytest
import simcord
from discord_helpers import (
    CONTROLS,
    MakeBot,
    World,
    button_rows,
    buttons,
    posted,
    private_answer,
    text_of,
)
from locale_round import ALICE, BOB, LIMIT, Seen
from PIL import Image

from bot.discord_bot.app import TicTacToeBot
from bot.engine import Move, Player
from bot.engine.connect4 import Connect4Board
from bot.engine.position import Position
from bot.games import Game, Status
from bot.i18n import PSEUDO
from tests.discord.test_group_dms import group_dm as group_dm  # the group DM's fixture
from tests.discord.test_pseudo_locale import leftovers
from tests.discord.test_pseudo_locale import member_locale as member_locale  # its fixture
from tests.discord.test_settings import manager

KEYCAPS = "1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣"
EMPTY_ROW = "⚪" * 7
COLUMN_ROWS = [["1", "2", "3", "4"], ["5", "6", "7"]]


def mirror(position: Position, level: str, rng: random.Random, rating: float | None) -> Move:
    """The bot's move: the column just played if it has room, else the first open one."""
    assert isinstance(position, Connect4Board)
    columns = position.legal_columns
    last = position.moves[-1] if position.moves else None
    return position.landing(last if last in columns else columns[0])


@pytest.fixture
def simcord_bot(make_bot: MakeBot) -> TicTacToeBot:
    return make_bot(choose_move=mirror)


def columns(message: discord.Message | simcord.ResponseMessage) -> list[discord.Button]:
    """A board's seven column buttons, left to right."""
    found = [b for b in buttons(message) if (b.custom_id or "").startswith("ttt:")]
    assert [b.label for b in found] == [str(col) for col in range(1, 8)], found
    return found


def column_id(message: discord.Message | simcord.ResponseMessage, column: int) -> str:
    """The custom_id of column ``column``'s (1-based) button."""
    return columns(message)[column - 1].custom_id or ""


def grid(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    """The emoji board: the column numbers, then the six rows, top first."""
    lines = text_of(message).splitlines()
    top = lines.index(KEYCAPS)
    return lines[top : top + 7]


async def start(world: World, **options: object) -> discord.Message:
    result = await world.alice.slash(
        world.channel, "tictactoe start", game="connect4", first="me", **options
    )
    assert result.response is not None, world.errors()
    return result.response.message


async def play(world: World, board: discord.Message, *cols: int) -> discord.Message:
    """alice clicks each of ``cols`` on the live board (a click edits it in place), a second
    apart (the flood gate answers a member's eleventh command in a row only after a pause)."""
    for column in cols:
        await world.env.advance_time(1)
        result = await world.alice.click(world.fresh(board), custom_id=column_id(board, column))
        assert result.acknowledged and not result.followups, world.errors()
        board = world.fresh(board)
    return board


async def test_start_shows_the_columns_and_a_click_drops_a_disc(world: World) -> None:
    board = await start(world, level="easy")
    game = await world.game()
    assert (game.kind, game.size, game.level, game.moves) == ("connect4", 7, "easy", ())
    content = text_of(board)
    assert content.startswith(
        "Click a column or type `!move <column>` (1-7): your disc falls to the lowest free cell."
    )
    assert "Connect Four: alice (🔴) vs me (🟡), easy" in content
    assert grid(board) == [KEYCAPS, *[EMPTY_ROW] * 6]
    assert content.endswith("Your turn, alice (🔴).")
    assert button_rows(board) == [*COLUMN_ROWS, CONTROLS]
    assert not any(b.disabled for b in columns(board))
    board = await play(world, board, 4)
    assert "You played column 4. I played column 4." in text_of(board)
    assert grid(board)[-2:] == ["⚪⚪⚪🟡⚪⚪⚪", "⚪⚪⚪🔴⚪⚪⚪"]
    game = await world.game()
    assert game.moves == (Move(5, 3), Move(4, 3))
    assert column_id(board, 4) == f"ttt:{game.id}:3:3"  # the cell the next disc lands in


async def test_the_engine_itself_answers_at_easy_and_adaptive(
    world: World, make_bot: MakeBot
) -> None:
    """Not the script: the engine's own levels, quick enough for simcord."""
    old_bot = world.bot
    await world.env.restart_bot(make_bot())
    await old_bot.service.close()
    for level in ("easy", "adaptive"):
        board = await start(world, level=level)
        board = await play(world, board, 4)
        game = await world.game()
        assert game.level == level and len(game.moves) == 2
        reply = game.moves[1]
        assert f"You played column 4. I played column {reply.col + 1}." in text_of(board)
        await world.env.advance_time(1)
        await world.alice.slash(world.channel, "tictactoe resign")  # counted: alice moved
    await world.env.advance_time(1)
    stats = await world.alice.slash(world.channel, "tictactoe stats")
    text = text_of(stats.response)
    assert "connect4 easy: 0 wins, 1 loss" in text and "connect4 adaptive: 0 wins, 1 loss" in text


async def test_the_level_option_offers_connect4s_levels(world: World) -> None:
    offered = await world.alice.autocomplete(
        world.channel, "tictactoe start", "level", "", game="connect4"
    )
    levels = ["easy", "medium", "hard", "strongest", "adaptive"]
    assert [choice["value"] for choice in offered] == levels
    assert offered[0]["name"] == "easy: looks 2 moves ahead, often slips"
    refused = await world.alice.slash(
        world.channel, "tictactoe start", game="connect4", level="perfect"
    )
    assert refused.ephemeral and "Connect Four has no perfect level" in private_answer(refused)
    world.errors()  # the refusal


async def test_a_full_column_is_disabled_and_refused_by_typing(world: World) -> None:
    board = await start(world, level="easy")
    board = await play(world, board, 4, 4, 4)  # the bot answers in 4 too: it is full
    assert grid(board)[1:] == ["⚪⚪⚪🟡⚪⚪⚪", "⚪⚪⚪🔴⚪⚪⚪"] * 3
    assert [b.disabled for b in columns(board)] == [False, False, False, True, False, False, False]
    assert button_rows(board)[-1] == CONTROLS
    await world.alice.send(world.channel, "!move 4")
    assert text_of(world.last()) == "Column 4 is full: choose another one."
    assert len((await world.game()).moves) == 6
    world.errors()  # the refusal, answered in the channel


async def test_typed_moves_take_a_column(world: World) -> None:
    board = await start(world, level="easy")
    await world.alice.send(world.channel, "!move 2 3")
    assert text_of(world.last()) == (
        "'2 3': in Connect Four a column is enough, and your disc falls to the lowest free "
        "cell. Usage: !move <column>, for example: !move 4"
    )
    await world.alice.send(world.channel, "!move 8")
    assert text_of(world.last()).startswith("Column 8 is off the board: columns go from 1 to 7.")
    assert (await world.game()).moves == ()
    world.errors()  # the two refusals
    await world.alice.send(world.channel, "!move 4")
    reply = world.last()
    assert reply.id != board.id
    assert "You played column 4. I played column 4." in text_of(reply)
    assert button_rows(reply) == [*COLUMN_ROWS, CONTROLS]
    assert buttons(world.fresh(board)) == []  # the first board retired: one live board
    await play(world, reply, 1)
    assert (await world.game()).moves[-2:] == (Move(5, 0), Move(4, 0))


async def test_a_restart_keeps_the_columns_playable_and_resign_ends_it(
    world: World, make_bot: MakeBot
) -> None:
    board = await play(world, await start(world, level="easy"), 4)
    old_bot = world.bot
    await world.env.restart_bot(make_bot(choose_move=mirror))
    await old_bot.service.close()
    board = await play(world, board, 4)  # the column buttons outlive the process
    game = await world.game()
    assert game.moves[2:] == (Move(3, 3), Move(2, 3))
    await world.env.advance_time(1)
    await world.alice.click(board, custom_id=f"ttt-resign:{game.id}")
    final = world.fresh(board)
    assert "alice resigned." in text_of(final)
    assert all(b.disabled for b in columns(final))
    assert [b.label for b in buttons(final) if not b.disabled] == ["Rematch"]


async def filled(world: World) -> discord.Message:
    """alice fills columns 4, 3 and 5, the bot answering each disc on top of it: rows of
    three, alice's at the bottom, where column 2 or 6 wins for her at once and the solver
    proves every column in an instant."""
    board = await start(world, level="easy")
    return await play(world, board, 4, 4, 4, 3, 3, 3, 5, 5, 5)


async def test_hint_and_explain_name_the_winning_column(world: World) -> None:
    board = await filled(world)
    assert [b.disabled for b in columns(board)] == [False, False, True, True, True, False, False]
    hint = await world.alice.slash(world.channel, "tictactoe hint")
    text = private_answer(hint)
    assert text.startswith("Hint for alice: "), text
    assert "Best: column 2 — wins" in text and "  column 6 — wins" in text
    game = await world.game()
    clicked = await world.alice.click(board, custom_id=f"ttt-hint:{game.id}")
    assert private_answer(clicked) == text  # the Hint button: the same, privately
    explained = await world.alice.slash(world.channel, "tictactoe explain")
    assert explained.ephemeral
    words = private_answer(explained)
    assert words.startswith("What I see (🔴 to move):"), words
    assert "column 2" in words and KEYCAPS in words
    assert (await world.game()).moves == game.moves  # asking changed nothing


def gif_frames(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "GIF"
        return int(getattr(image, "n_frames", 1))


async def test_a_won_game_is_reviewed_with_its_replay_and_counted(world: World) -> None:
    board = await filled(world)
    game_id = (await world.game()).id
    board = await play(world, board, 2)
    game = await world.bot.service.get(game_id)
    assert game is not None and game.status is Status.WON and game.winner is Player.X
    text = text_of(board)
    assert "You played column 2." in text and "You win, alice! Four in a row." in text
    assert grid(board)[-1] == "⚪🟥🟥🟥🟥⚪⚪"  # the winning four, square
    assert all(b.disabled for b in columns(board))
    assert [b.label for b in buttons(board) if not b.disabled] == ["Rematch"]

    explained = await world.alice.slash(world.channel, "tictactoe explain")
    assert "column 5" in private_answer(explained)  # the bot's last move: column 5

    review = await world.alice.slash(world.channel, "tictactoe review")
    assert review.ephemeral and review.response is not None
    words = text_of(review.response)
    assert words.startswith(f"Review of game #{game.id} ("), words
    assert "7x7" not in words  # seven columns of six: the kind's name, not a size
    (attachment,) = review.response.attachments
    assert attachment.filename == f"game-{game.id}.gif"
    assert gif_frames(await attachment.read()) == len(game.moves) + 1

    stats = await world.alice.slash(world.channel, "tictactoe stats")
    assert "\n  connect4 easy: 1 win, 0 losses, 0 draws" in text_of(stats.response)
    shown = await world.alice.slash(world.channel, "tictactoe leaderboard", kind="connect4")
    assert text_of(shown.response) == (
        "Connect Four leaderboard (a win is 3 points, a draw 1):\n"
        "1. alice \u2014 3 points (1 win, 0 losses, 0 draws)"
    )
    classic = await world.alice.slash(world.channel, "tictactoe leaderboard")
    assert text_of(classic.response).startswith("Nobody is on the leaderboard yet")
    history = await world.alice.slash(world.channel, "tictactoe history")
    assert "Connect Four" in private_answer(history)


async def test_a_duel_to_four_in_a_row_then_a_rematch(world: World) -> None:
    result = await world.alice.slash(
        world.channel,
        "tictactoe challenge",
        opponent=world.bob,
        game="connect4",
        first="challenger",
    )
    assert result.response is not None, world.errors()
    offer = result.response.message
    assert "alice challenges" in text_of(offer)
    assert "to a duel of Connect Four (alice moves first; the first mover plays 🔴)" in text_of(
        offer
    )
    accept = next(b for b in buttons(offer) if b.label == "Accept")
    board = posted(await world.bob.click(offer, custom_id=accept.custom_id or ""))
    game = await world.game()
    assert game.is_duel and game.kind == "connect4" and game.x.member_id == world.alice.id
    assert "Connect Four: alice (🔴) vs bob (🟡), duel" in text_of(board)
    assert button_rows(board) == [*COLUMN_ROWS, CONTROLS]
    hint = next(b for b in buttons(board) if b.label == "Hint")
    assert hint.disabled  # no engine's help in a duel
    board_id = board.message.id
    for n, column in enumerate([1, 1, 2, 2, 3, 3, 4]):
        player = world.alice if n % 2 == 0 else world.bob
        other = world.bob if n % 2 == 0 else world.alice
        shown = next(m for m in world.channel.history() if m.id == board_id)
        if n == 1:  # alice may not drop bob's disc
            refused = await other.click(shown, custom_id=column_id(shown, column))
            assert "not your turn" in private_answer(refused).lower(), private_answer(refused)
            world.errors()
        await player.click(shown, custom_id=column_id(shown, column))
    final = next(m for m in world.channel.history() if m.id == board_id)
    assert "alice wins \u2014 four in a row." in text_of(final)
    assert grid(final)[-1] == "🟥🟥🟥🟥⚪⚪⚪" and grid(final)[-2] == "🟡🟡🟡⚪⚪⚪⚪"
    ended = await world.bot.service.get(game.id)
    assert ended is not None and ended.status is Status.WON and ended.winner is Player.X
    rematch = next(b for b in buttons(final) if b.label == "Rematch")
    again = posted(await world.bob.click(final, custom_id=rematch.custom_id or ""))
    assert "bob challenges" in text_of(again) and "duel of Connect Four" in text_of(again)

    ranked = await world.alice.slash(world.channel, "tictactoe leaderboard", kind="connect4-duels")
    assert text_of(ranked.response) == (
        "Connect Four duel leaderboard (Elo rating, everyone starts at 1200):\n"
        "1. alice \u2014 1216 (1 duel)\n2. bob \u2014 1184 (1 duel)"
    )
    stats = await world.alice.slash(world.channel, "tictactoe stats", member=world.bob)
    assert "Connect Four rating 1184" in text_of(stats.response)


async def test_the_servers_defaults_apply_where_connect4_has_them(world: World) -> None:
    carol = manager(world)
    await carol.slash(
        world.channel, "tictactoe-settings defaults", level="easy", size=4, first="bot"
    )
    await world.alice.slash(world.channel, "tictactoe start", game="connect4")
    game = await world.game()
    assert (game.kind, game.level, game.size) == ("connect4", "easy", 7)  # 4x4 is no c4 size
    assert game.x.is_bot and len(game.moves) == 1  # the bot moved first, as the server said


async def test_a_game_in_the_bots_dm_by_clicks(world: World) -> None:
    user = world.alice.user
    started = await user.slash("tictactoe start", game="connect4", first="me", level="easy")
    assert started.response is not None and not started.ephemeral
    board = started.response.message
    dm = user.dm_channel

    def now() -> discord.Message:
        return next(m for m in dm.history() if m.id == board.id)

    assert button_rows(board) == [*COLUMN_ROWS, CONTROLS]
    for column in (1, 2, 3, 4):
        click = await user.click(now(), custom_id=column_id(now(), column))
        assert click.acknowledged
    assert "You win, alice! Four in a row." in text_of(now())
    game = await world.bot.service.get(1)
    assert game is not None and game.guild_id is None and game.status is Status.WON


async def test_a_group_dm_game_by_clicks(
    world: World,
    group_dm: simcord.ChannelHandle,
) -> None:
    started = await world.alice.slash(group_dm, "tictactoe start", game="connect4", first="me")
    assert started.response is not None and not started.ephemeral
    board = started.response.message
    game: Game = await world.bot.service.active_game(group_dm.id)
    assert game.answers_only and game.kind == "connect4"

    def now() -> discord.Message:
        return next(m for m in group_dm.history() if m.id == board.id)

    for column in (1, 2, 3, 4):
        click = await world.alice.click(now(), custom_id=column_id(now(), column))
        assert click.acknowledged and not click.followups
        assert f"You played column {column}." in text_of(now())
    assert "You win, alice! Four in a row." in text_of(now())
    final = now()
    assert [b.label for b in buttons(final) if not b.disabled] == ["Rematch"]
    again = posted(await world.alice.click(final, custom_id=f"ttt-rematch:{game.id}"))
    assert "Connect Four: me (🔴) vs alice (🟡)" in text_of(again)


async def test_in_the_pseudo_locale_connect4_leaves_no_english_and_fits(
    simcord_env: simcord.Env, member_locale: list[str]
) -> None:
    """Every Connect Four text a member reads, in ``en-XA`` (each sentence accented and a
    third longer), with 32-character names: catalogued, and within 2,000 characters."""
    owner = simcord_env.create_user(ALICE)
    guild = simcord_env.create_guild("Club", owner=owner, preferred_locale=PSEUDO)
    channel = guild.create_text_channel("games")
    alice = guild.add_member(owner)
    bob = guild.add_member(simcord_env.create_user(BOB))
    seen = Seen(channel)

    async def slash(actor: simcord.MemberActor, name: str, **options: object) -> None:
        await simcord_env.advance_time(1)
        result = await actor.slash(channel, name, **options)
        for message in ([result.response] if result.response else []) + result.followups:
            seen.add(message.message)
        seen.look()

    async def drop(actor: simcord.MemberActor, *cols: int) -> None:
        for column in cols:
            await simcord_env.advance_time(1)
            board = next(m for m in reversed(channel.history()) if columns_of(m))
            await actor.click(board, custom_id=columns_of(board)[column - 1].custom_id or "")
            seen.look()

    await slash(alice, "tictactoe start", game="connect4", first="me", level="easy")
    await drop(alice, 4, 4, 4)
    for typed in ("!move 2 3", "!move 8", "!move 4", "!move banana"):  # the refusals
        await alice.send(channel, typed)
    await slash(alice, "tictactoe hint")  # too early to prove: an estimate
    await drop(alice, 3, 3, 3, 5, 5, 5)
    await slash(alice, "tictactoe hint")
    await slash(alice, "tictactoe explain")
    await drop(alice, 2)  # four in a row
    for command in ("explain", "review", "stats", "history"):
        await slash(alice, f"tictactoe {command}")
    await slash(alice, "tictactoe leaderboard", kind="connect4")
    await slash(alice, "tictactoe challenge", opponent=bob, game="connect4")
    offer = channel.last_message
    assert offer is not None
    accept = next(b for b in buttons(offer) if (b.custom_id or "").endswith(":accept"))
    await bob.click(offer, custom_id=accept.custom_id or "")
    seen.look()
    duel = await simcord_env.bot.service.active_game(channel.id)  # type: ignore[attr-defined]
    mover = alice if duel.x.member_id == alice.id else bob
    await drop(mover, 1)
    await slash(mover, "tictactoe resign")  # the one to move now resigns
    await slash(alice, "tictactoe leaderboard", kind="connect4-duels")
    assert not [(length, start) for length, start in seen.lengths if length > LIMIT]
    english = {
        text[:120]: words
        for text in seen.texts
        if (words := leftovers(text.replace("connect4", " ")))  # the game, as typed
    }
    assert not english
    simcord_env.errors  # the refusals, answered  # noqa: B018


def columns_of(message: discord.Message) -> list[discord.Button]:
    """A board's column buttons, if it has them (a retired board or an answer has none)."""
    return [b for b in buttons(message) if (b.custom_id or "").startswith("ttt:")]
