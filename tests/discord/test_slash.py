"""The `/tictactoe` group: start (every option), resign, board, hint, stats, leaderboard, help."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord_helpers import (
    CONTROLS,
    MakeBot,
    World,
    button_rows,
    buttons,
    cell_id,
    cells,
    deferred_first,
    move_text,
    text_of,
)

from bot.discord_bot import create_bot
from bot.discord_bot.choices import (
    DEFAULT_FIRST,
    DUEL_FIRST_NOTES,
    DUEL_FIRST_OPTION_CHOICES,
    FIRST_NOTES,
    FIRST_OPTION_CHOICES,
    GAME_CHOICES,
    LEADERBOARD_KINDS,
    SIZE_CHOICES,
    level_choices,
)
from bot.discord_bot.interactions import ANSWER_WITHIN
from bot.discord_bot.texts import help_text, levels_text
from bot.engine import Move, Player
from bot.engine.classic import analyze
from bot.games import (
    DUEL_FIRST_CHOICES,
    FIRST_CHOICES,
    Game,
    GameRunningError,
    GameService,
    Status,
    all_variants,
    find_variant,
)
from bot.settings import Settings
from bot.storage import SqliteGameStore


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "perfect"])
async def test_start_with_each_difficulty(world: World, difficulty: str) -> None:
    result = await world.alice.slash(world.channel, "tictactoe start", level=difficulty, first="me")
    assert result.acknowledged and not result.ephemeral
    game = await world.game()
    assert game.level == difficulty
    assert result.response is not None
    assert f", {difficulty}, 3\N{MULTIPLICATION SIGN}3" in text_of(result.response)
    assert game.message_id == result.response.id


async def test_start_me_first_gives_member_x_and_an_empty_board(world: World) -> None:
    result = await world.alice.slash(world.channel, "tictactoe start", first="me")
    game = await world.game()
    assert game.x.member_id == world.alice.id and game.moves == ()
    assert result.response is not None
    board = cells(result.response.message)
    assert len(board) == 9 and not any(button.disabled for button in board)
    rows = button_rows(result.response)
    assert [len(row) for row in rows] == [3, 3, 3, 3] and rows[-1] == CONTROLS
    assert [button.label for button in board[:3]] == ["1,1", "1,2", "1,3"]
    assert "Your turn, alice (❌)." in text_of(result.response)


async def test_start_bot_first_shows_its_opening_as_a_disabled_cell(world: World) -> None:
    result = await world.alice.slash(world.channel, "tictactoe start", first="bot")
    game = await world.game()
    assert game.x.is_bot and len(game.moves) == 1
    assert result.response is not None
    opening = game.moves[0]
    board = cells(result.response.message)
    taken = board[opening.row * 3 + opening.col]
    assert taken.disabled and str(taken.emoji) == "❌"
    assert sum(button.disabled for button in board) == 1


async def test_start_random_first_is_reproducible_with_the_seed(
    world: World, make_bot: MakeBot
) -> None:
    """The coin toss comes from the service's rng: the same seed tosses the same way after a
    restart, another seed may not (seed 7 seats alice as O, seed 0 as X)."""

    async def toss(seed: int | None) -> Player | None:
        if seed is not None:
            old = world.bot
            await world.env.restart_bot(make_bot(seed=seed))
            await old.service.close()
        await world.alice.slash(world.channel, "tictactoe start", first="random")
        game = await world.game()
        assert game.first == "random"
        await world.alice.slash(world.channel, "tictactoe resign")
        return game.seat_of(world.alice.id)

    assert await toss(None) is Player.O  # the fixture's seed, 7
    assert await toss(7) is Player.O
    assert await toss(0) is Player.X


async def test_start_four_by_four_shows_four_rows_of_four(world: World) -> None:
    result = await world.alice.slash(
        world.channel, "tictactoe start", size=4, level="easy", first="bot"
    )
    assert result.response is not None
    rows = button_rows(result.response)
    assert [len(row) for row in rows] == [4, 4, 4, 4, 3] and rows[-1] == CONTROLS
    game = await world.game()
    assert game.size == 4 and len(game.moves) == 1
    assert game.message_id == result.response.id
    assert "4\N{MULTIPLICATION SIGN}4" in text_of(result.response)


class SlowStore(SqliteGameStore):
    """The SQLite store, its saves of new games taking ``ANSWER_WITHIN`` and a half (a
    database under load)."""

    async def insert(self, game: Game, **options: Any) -> Game:
        await asyncio.sleep(ANSWER_WITHIN + 0.5)
        return await super().insert(game, **options)


async def test_a_start_slower_than_the_deadline_is_acknowledged_first(
    world: World, settings: Settings
) -> None:
    """Discord's 3 seconds: a start whose store takes longer than ``ANSWER_WITHIN`` is
    acknowledged (deferred) at that point, then the board replaces the placeholder."""
    old = world.bot
    service = GameService(SlowStore(settings.database_path), clock=discord.utils.utcnow)
    await world.env.restart_bot(create_bot(settings, service=service))
    await old.service.close()
    began = world.env.now()
    result = await world.alice.slash(world.channel, "tictactoe start", size=4, first="me")
    assert deferred_first(world, result)
    assert result.response is not None and not result.ephemeral
    game = await world.game()
    assert game.message_id == result.response.id
    assert "Tic-Tac-Toe: alice" in text_of(result.response)
    assert (world.env.now() - began).total_seconds() >= ANSWER_WITHIN + 0.5


async def test_second_start_in_a_busy_channel_is_refused_privately(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    game = await world.game()
    result = await world.bob.slash(world.channel, "tictactoe start")
    assert result.ephemeral
    assert result.response is not None
    assert "alice is already playing here" in text_of(result.response)
    assert await world.game() == game
    # The command raised; the tree's on_error answered (one error path for every command).
    assert [type(error.original) for error in world.errors()] == [GameRunningError]  # type: ignore[attr-defined]


async def test_busy_four_by_four_start_leaves_no_public_placeholder(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    before = len(world.channel.history())
    result = await world.bob.slash(world.channel, "tictactoe start", size=4)
    assert result.ephemeral and not deferred_first(world, result)
    assert result.response is not None
    assert "already playing" in text_of(result.response)
    assert len(world.channel.history(viewer=world.alice)) == before


async def test_options_are_described_with_choices(world: World) -> None:
    start = world.bot.tree.get_command("tictactoe")
    assert start is not None
    payload = start.to_dict(world.bot.tree)
    subcommands = {option["name"]: option for option in payload["options"]}
    assert set(subcommands) == {
        "start",
        "challenge",
        "resign",
        "board",
        "hint",
        "explain",
        "stats",
        "leaderboard",
        "history",
        "review",
        "puzzle",
        "help",
        "arena",
    }
    arena = {option["name"]: option for option in subcommands["arena"]["options"]}
    assert set(arena) == {"start", "standings", "cancel"}
    arena_start = {option["name"]: option for option in arena["start"]["options"]}
    assert list(arena_start) == ["minutes", "clock", "game", "size", "at"]
    assert not any(option["required"] for option in arena_start.values())
    for sub in arena.values():
        assert sub["description"]
        for option in sub.get("options", []):
            assert option["description"] and option["description"] != "…"
    options = {option["name"]: option for option in subcommands["start"]["options"]}
    assert options["level"]["autocomplete"] and "choices" not in options["level"]  # per game
    assert [c["value"] for c in options["first"]["choices"]] == ["me", "bot", "random"]
    assert [c["value"] for c in options["size"]["choices"]] == [3, 4, 5]
    assert [c["value"] for c in options["game"]["choices"]] == ["classic", "ultimate", "connect4"]
    assert not any(option["required"] for option in options.values())
    for sub in subcommands.values():
        assert sub["description"]
        for option in sub.get("options", []):
            assert option["description"] and option["description"] != "…"


async def test_resign_ends_the_game_and_disables_the_board(world: World) -> None:
    start = await world.alice.slash(world.channel, "tictactoe start", first="me")
    assert start.response is not None
    centre = cell_id(await world.game(), Move(1, 1))
    await world.alice.click(start.response.message, custom_id=centre)
    result = await world.alice.slash(world.channel, "tictactoe resign")
    assert result.response is not None and not result.ephemeral
    assert "alice resigned." in text_of(result.response)
    assert start.response is not None
    assert all(button.disabled for button in cells(start.response.message))
    await world.alice.send(world.channel, "!move 1 1")
    assert "no game" in text_of(world.last()).lower()


async def test_start_over_a_game_nobody_moved_in_sets_it_aside(world: World) -> None:
    old = await world.alice.slash(world.channel, "tictactoe start", first="bot", level="easy")
    assert old.response is not None
    old_game = await world.game()
    new = await world.alice.slash(world.channel, "tictactoe start", first="me")
    assert new.response is not None and not new.ephemeral
    assert text_of(new.response).startswith(
        "I set aside your game that hadn't started (it does not count). Click a cell"
    )
    assert (await world.game()).level == "perfect"
    # The old board is over: greyed out (a click on it would answer "That game is over.").
    old_board = next(m for m in world.channel.history() if m.id == old.response.message.id)
    assert cells(old_board) and all(button.disabled for button in cells(old_board))
    assert (await world.bot.service.get(old_game.id)).status is Status.EXPIRED  # type: ignore[union-attr]
    await assert_alice_has_no_result(world)


async def test_resign_before_moving_is_not_counted(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    result = await world.alice.slash(world.channel, "tictactoe resign")
    assert result.response is not None and not result.ephemeral
    assert "This game ended before alice moved, so it does not count." in text_of(result.response)
    await assert_alice_has_no_result(world)


async def assert_alice_has_no_result(world: World) -> None:
    stats = await world.alice.slash(world.channel, "tictactoe stats")
    assert stats.response is not None
    assert text_of(stats.response).startswith("alice has not finished a game yet.")


async def test_resign_by_a_bystander_is_refused_privately(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    result = await world.bob.slash(world.channel, "tictactoe resign")
    assert result.ephemeral
    assert (await world.game()).is_active


async def test_board_reposts_the_game_and_retires_the_old_buttons(world: World) -> None:
    start = await world.alice.slash(world.channel, "tictactoe start", first="me")
    result = await world.bob.slash(world.channel, "tictactoe board")
    assert result.response is not None and not result.ephemeral
    assert len(cells(result.response.message)) == 9
    assert start.response is not None
    assert buttons(start.response) == []
    assert (await world.game()).message_id == result.response.id


async def test_board_after_a_game_shows_how_it_ended_privately(world: World) -> None:
    start = await world.alice.slash(world.channel, "tictactoe start", first="me")
    assert start.response is not None
    centre = cell_id(await world.game(), Move(1, 1))
    await world.alice.click(start.response.message, custom_id=centre)
    await world.alice.slash(world.channel, "tictactoe resign")
    result = await world.alice.slash(world.channel, "tictactoe board")
    assert result.ephemeral and result.response is not None
    content = text_of(result.response)
    assert content.startswith("No game is running here; this is how your last one ended:\n")
    assert content.endswith("alice resigned.")
    assert "❌" in content and buttons(result.response) == []
    nothing = await world.bob.slash(world.channel, "tictactoe board")  # bob never played here
    assert nothing.ephemeral and nothing.response is not None
    assert "There is no game running here" in text_of(nothing.response)


async def test_hint_is_private_and_lists_every_move(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", first="me")
    public_before = len(world.channel.history(viewer=world.bob))
    result = await world.alice.slash(world.channel, "tictactoe hint")
    assert deferred_first(world, result) and result.ephemeral
    assert result.response is not None
    hint = text_of(result.response)
    assert hint.startswith("Hint for alice:")
    assert hint.count("row ") >= 9
    assert len(world.channel.history(viewer=world.bob)) == public_before


async def test_hint_without_a_game_is_a_private_error(world: World) -> None:
    result = await world.alice.slash(world.channel, "tictactoe hint")
    assert result.ephemeral and result.response is not None
    assert "/tictactoe start" in text_of(result.response)


async def test_stats_and_leaderboard_after_games(world: World) -> None:
    # alice loses one game at perfect (playing the worst move each turn), bob resigns one.
    await world.alice.slash(world.channel, "tictactoe start", level="perfect", first="me")
    game = await world.game()
    while game.is_active:
        await world.alice.send(world.channel, move_text(analyze(game.position).moves[-1].move))
        latest = await world.bot.service.get(game.id)
        assert latest is not None
        game = latest
    assert game.status is Status.LOST
    await world.bob.slash(world.channel, "tictactoe start", level="easy", first="me")
    await world.bob.send(world.channel, "!move 2 2")  # a move, so the resignation counts
    await world.bob.slash(world.channel, "tictactoe resign")

    mine = await world.alice.slash(world.channel, "tictactoe stats")
    assert mine.response is not None
    assert text_of(mine.response).startswith("alice against me: 0 wins, 1 loss, 0 draws")
    assert "perfect: 0 wins, 1 loss" in text_of(mine.response)

    theirs = await world.alice.slash(world.channel, "tictactoe stats", member=world.bob)
    assert theirs.response is not None
    assert text_of(theirs.response).startswith("bob against me: 0 wins, 1 loss")
    assert "easy" in text_of(theirs.response)

    board = await world.alice.slash(world.channel, "tictactoe leaderboard")
    assert board.response is not None
    lines = text_of(board.response).splitlines()
    assert lines[0].startswith("Leaderboard")
    assert any("alice" in line for line in lines[1:])
    assert any("bob" in line for line in lines[1:])


async def test_stats_and_leaderboard_before_any_game(world: World) -> None:
    mine = await world.alice.slash(world.channel, "tictactoe stats")
    assert mine.response is not None
    assert "alice has not finished a game yet" in text_of(mine.response)
    board = await world.alice.slash(world.channel, "tictactoe leaderboard")
    assert board.response is not None
    assert "Nobody is on the leaderboard yet" in text_of(board.response)


async def test_help_is_private_and_names_every_command(world: World) -> None:
    result = await world.alice.slash(world.channel, "tictactoe help")
    assert result.ephemeral and result.response is not None
    # two messages: how to play, then the commands that look back and the levels' ratings
    text = "\n".join([text_of(result.response), *(text_of(m) for m in result.followups)])
    commands = ("start", "challenge", "hint", "explain", "board", "resign", "stats", "leaderboard")
    commands += ("history", "review")
    for command in commands:
        assert f"/tictactoe {command}" in text
    assert "!move 2 3" in text


def test_start_choices_follow_the_variants_with_a_note_each() -> None:
    """The choices are built from the variants' kinds, levels and sizes and the game layer's
    first movers; each has a human description that starts with its value, and exactly one is
    marked as the default: the default kind, its default level and size, a coin toss."""
    assert set(FIRST_NOTES) == set(FIRST_CHOICES)
    assert set(DUEL_FIRST_NOTES) == set(DUEL_FIRST_CHOICES)
    default = find_variant(None)
    sized = [variant for variant in all_variants() if len(variant.sizes) > 1]
    for choices, values, chosen in (
        (GAME_CHOICES, [variant.kind for variant in all_variants()], default.kind),
        (FIRST_OPTION_CHOICES, FIRST_CHOICES, DEFAULT_FIRST),
        (DUEL_FIRST_OPTION_CHOICES, DUEL_FIRST_CHOICES, DEFAULT_FIRST),
        (SIZE_CHOICES, [size for variant in sized for size in variant.sizes], 3),
        (LEADERBOARD_KINDS, [c.value for c in LEADERBOARD_KINDS], LEADERBOARD_KINDS[0].value),
        *(
            (level_choices(variant.kind, ""), variant.levels, variant.default_level)
            for variant in all_variants()
        ),
    ):
        assert [choice.value for choice in choices] == list(values)
        assert sum(" (default)" in str(choice.name) for choice in choices) == 1
        assert next(c.value for c in choices if " (default)" in str(c.name)) == chosen
        assert all(len(str(choice.name)) <= 100 for choice in choices)  # Discord's limit
        assert all(str(choice.name).startswith(str(choice.value)) for choice in choices)


def test_the_level_is_offered_as_you_type_from_the_chosen_games_levels() -> None:
    """Each game's own levels, filtered by what was typed; the default game's before one is
    chosen (or for a game no variant knows)."""
    ultimate, default = find_variant("ultimate"), find_variant(None)
    assert [c.value for c in level_choices("ultimate", "")] == list(ultimate.levels)
    assert [c.value for c in level_choices(None, "")] == list(default.levels)
    assert [c.value for c in level_choices("chess", "")] == list(default.levels)
    assert [c.value for c in level_choices("ultimate", "st")] == ["strongest"]
    assert [c.value for c in level_choices("classic", "PER")] == ["perfect"]
    # a member may type a word of the note in their own language
    assert [c.value for c in level_choices("classic", "VERLIERT", "de")] == ["perfect"]
    assert [c.value for c in level_choices("classic", "trompe souvent", "fr")] == ["easy"]
    assert level_choices("classic", "verliert", "en-US") == []


def test_help_lists_every_game_with_its_rules_and_levels_in_a_message_each() -> None:
    text = help_text("!") + "\n" + levels_text()
    for variant in all_variants():
        levels = ", ".join(variant.levels)
        assert f"`game:{variant.kind}` — {variant.renderer.rules}; levels: {levels}." in text
    assert len(help_text("!")) <= 2000 and len(levels_text()) <= 2000  # a message each
    assert f"`first` ({', '.join(FIRST_CHOICES)})" in text
    assert "one board of 3x3, 4x4 or 5x5" in text


async def test_the_level_option_offers_the_levels_of_the_game_chosen(world: World) -> None:
    """Typing into `level` offers the chosen game's levels with their notes: the default
    game's before a game is chosen, ultimate's (strongest, no perfect) once it is; a level
    typed by hand that the game lacks gets its sentence."""
    offered = await world.alice.autocomplete(world.channel, "tictactoe start", "level", "")
    assert [choice["value"] for choice in offered] == list(find_variant(None).levels)
    assert offered[0]["name"] == "easy: looks one move ahead, often slips"
    ultimate = await world.alice.autocomplete(
        world.channel, "tictactoe start", "level", "str", game="ultimate"
    )
    assert [choice["value"] for choice in ultimate] == ["strongest"]
    assert ultimate[0]["name"] == "strongest: searches a full second a move"
    refused = await world.alice.slash(
        world.channel, "tictactoe start", game="ultimate", level="perfect"
    )
    assert refused.ephemeral and "not solved, so there is no perfect level" in text_of(
        refused.response
    )
