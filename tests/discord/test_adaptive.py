"""The adaptive level and solo ratings on Discord through simcord (issue 30): /tictactoe start
level:adaptive played by buttons and !move, the solo rating in /tictactoe stats and
leaderboard kind:solo, the record carried over a restart, level:adaptive in ultimate, and the
levels' ratings in help."""

from __future__ import annotations

from discord_helpers import MakeBot, World, cell_id, move_text, text_of

from bot.discord_bot import TicTacToeBot
from bot.engine.classic import LEVEL_RATINGS, analyze, playing_rating
from bot.engine.classic.adaptive import record_after
from bot.engine.ratings import START_RATING, AdaptiveRecord
from bot.engine.ultimate import LEVEL_RATINGS as ULTIMATE_RATINGS
from bot.games import Game, Rating, Status
from bot.games.solo import member_score, rated


async def play_out(world: World, *, worst: bool = False, by_click: bool = True) -> Game:
    """The channel's game played to its end by its member: the first move of the engine's
    list (its best) or the last (``worst``), the first by a click, the rest by !move."""
    game = await world.game()
    member = world.alice if game.member.member_id == world.alice.id else world.bob
    clicked = not by_click
    while game.is_active:
        moves = analyze(game.position).moves
        move = (moves[-1] if worst else moves[0]).move
        if not clicked:
            board = world.last()
            await member.click(board, custom_id=cell_id(game, move))
            clicked = True
        else:
            await member.send(world.channel, move_text(move))
        latest = await world.bot.service.get(game.id)
        assert latest is not None
        game = latest
    return game


async def restart(world: World, make_bot: MakeBot) -> None:
    old_bot = world.bot
    new_bot: TicTacToeBot = make_bot(seed=99)
    await world.env.restart_bot(new_bot)
    await old_bot.service.close()


async def test_an_adaptive_game_moves_the_solo_rating_and_the_record_survives_a_restart(
    world: World, make_bot: MakeBot
) -> None:
    result = await world.alice.slash(world.channel, "tictactoe start", level="adaptive", first="me")
    assert result.response is not None, world.errors()
    assert "adaptive" in text_of(world.last())
    game = await play_out(world)
    assert game.level == "adaptive" and game.status in (Status.WON, Status.DRAWN)
    score = member_score(game)
    solo = rated(Rating(), score, playing_rating(START_RATING, 3))
    stats = await world.alice.slash(world.channel, "tictactoe stats")
    assert stats.response is not None
    assert f"alice's solo rating against my levels: 3x3 {solo.rating} (1 game)." in (
        text_of(stats.response)
    )

    await restart(world, make_bot)
    await world.alice.slash(world.channel, "tictactoe start", level="adaptive", first="me")
    second = await play_out(world, worst=True)
    assert second.status is Status.LOST
    record = record_after(AdaptiveRecord(), score, 3)
    after = rated(solo, 0.0, playing_rating(record.rating, 3))
    stats = await world.alice.slash(world.channel, "tictactoe stats")
    assert stats.response is not None
    assert f"3x3 {after.rating} (2 games)." in text_of(stats.response)
    assert "adaptive: 1 win" in text_of(stats.response) or "adaptive: 0 wins" in (
        text_of(stats.response)
    )


async def test_the_solo_leaderboard_ranks_members_by_their_rating(world: World) -> None:
    await world.alice.slash(world.channel, "tictactoe start", level="perfect", first="me")
    alice = await play_out(world, worst=True)  # loses to perfect
    await world.bob.slash(world.channel, "tictactoe start", level="easy", first="me")
    bob = await play_out(world)  # perfect play against easy: a win or a draw
    assert alice.status is Status.LOST and bob.status in (Status.WON, Status.DRAWN)
    alice_rating = rated(Rating(), 0.0, LEVEL_RATINGS["perfect", 3]).rating
    bob_rating = rated(Rating(), member_score(bob), LEVEL_RATINGS["easy", 3]).rating
    board = await world.alice.slash(world.channel, "tictactoe leaderboard", kind="solo")
    assert board.response is not None and not board.ephemeral
    assert text_of(board.response).splitlines() == [
        "Solo leaderboard (Elo against my levels' ratings, each board size its own scale):",
        "3x3:",
        f"1. bob \u2014 {bob_rating} (1 game)",
        f"2. alice \u2014 {alice_rating} (1 game)",
    ]
    points = await world.alice.slash(world.channel, "tictactoe leaderboard")
    assert points.response is not None
    assert text_of(points.response).startswith("Leaderboard (a win is 3 points")


async def test_an_adaptive_ultimate_game_starts_and_its_resignation_counts(world: World) -> None:
    result = await world.alice.slash(
        world.channel, "tictactoe start", level="adaptive", game="ultimate", first="me"
    )
    assert result.response is not None, world.errors()
    board = world.last()
    assert "Ultimate tic-tac-toe: alice (" in text_of(board) and ", adaptive" in text_of(board)
    game = await world.game()
    assert game.kind == "ultimate" and game.level == "adaptive"
    await world.alice.send(world.channel, move_text(game.position.legal_moves[0]))
    game = await world.game()
    assert len(game.moves) == 2  # the member's move and the adaptive level's answer
    await world.alice.slash(world.channel, "tictactoe resign")
    resigned = await world.bot.service.get(game.id)
    assert resigned is not None and resigned.status is Status.RESIGNED
    stats = await world.alice.slash(world.channel, "tictactoe stats")
    assert stats.response is not None
    assert "solo rating" not in text_of(stats.response)  # ultimate moves no solo rating


async def test_help_follows_with_the_levels_ratings(world: World) -> None:
    result = await world.alice.slash(world.channel, "tictactoe help")
    assert result.ephemeral and result.response is not None
    assert "adaptive" in text_of(result.response)
    assert [m.ephemeral for m in result.followups] == [True, True]  # levels, then puzzles
    table = text_of(result.followups[0])
    assert len(table) <= 2000
    ultimate = ULTIMATE_RATINGS["hard"]
    words = " ".join(table.split())
    row = f"hard {LEVEL_RATINGS['hard', 3]} {LEVEL_RATINGS['hard', 4]} {LEVEL_RATINGS['hard', 5]}"
    assert "level 3x3 4x4 5x5 ultimate" in words and f"{row} {ultimate}" in words
    assert f"strongest - - - {ULTIMATE_RATINGS['strongest']}" in words
    assert "`/tictactoe leaderboard kind:solo`" in table
