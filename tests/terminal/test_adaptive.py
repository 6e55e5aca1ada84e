"""The adaptive level and solo ratings in the terminal, end to end through the session
(issue 30): start adaptive, a whole game, the solo rating in stats and leaderboard solo, the
record carried over a restart, start ultimate adaptive, and the levels' ratings in help."""

from __future__ import annotations

import io
import random
from pathlib import Path

from bot.engine.classic import LEVEL_RATINGS, playing_rating
from bot.engine.classic.adaptive import record_after
from bot.engine.ratings import START_RATING, AdaptiveRecord
from bot.engine.ultimate import LEVEL_RATINGS as ULTIMATE_RATINGS
from bot.games import GameService, Rating, Status
from bot.games.models import Game
from bot.games.solo import member_score, rated
from bot.storage import SqliteGameStore
from bot.terminal import TerminalSession


class Keyboard:
    """A terminal session for ``name`` on ``path`` whose lines are typed one by one."""

    def __init__(self, path: Path, name: str = "alice", seed: int = 7) -> None:
        self.service = GameService(SqliteGameStore(path), rng=random.Random(seed))
        self.out = io.StringIO()
        self.session = TerminalSession(self.service, self.out, name)

    async def type(self, line: str) -> str:
        start = len(self.out.getvalue())
        await self.session.handle(line)
        return self.out.getvalue()[start:]

    async def play_out(self) -> Game:
        """Type the cells row by row until the game ends (a taken cell is only refused)."""
        me = self.session.player_id
        for row in range(1, 4):
            for col in range(1, 4):
                await self.type(f"{row} {col}")
                game = await self.service.last_game(channel_id=me, member_id=me)
                if not game.is_active:
                    return game
        raise AssertionError("the game did not end on nine cells")


async def test_an_adaptive_game_moves_the_solo_rating_and_the_record_survives_a_restart(
    tmp_path: Path,
) -> None:
    keys = Keyboard(tmp_path / "games.db")
    await keys.session.open()
    await keys.type("resign")  # the launch's game nobody moved in: set aside
    text = await keys.type("start adaptive me")
    assert text.startswith("New adaptive game")
    game = await keys.play_out()
    assert game.level == "adaptive" and game.status in (Status.WON, Status.LOST, Status.DRAWN)
    score = member_score(game)
    solo = rated(Rating(), score, playing_rating(START_RATING, 3))
    stats = await keys.type("stats")
    assert "  adaptive: " in stats
    assert f"alice's solo rating against my levels: 3x3 {solo.rating} (1 game)." in stats
    board = await keys.type("leaderboard solo")
    assert board.startswith("Solo leaderboard (Elo against my levels' ratings")
    assert f"3x3:\n1. alice \u2014 {solo.rating} (1 game)" in board
    await keys.service.close()

    again = Keyboard(tmp_path / "games.db", seed=8)  # a restart on the same database
    await again.session.open()
    await again.type("start adaptive me")
    second = await again.play_out()
    record = record_after(AdaptiveRecord(), score, 3)
    after = rated(solo, member_score(second), playing_rating(record.rating, 3))
    stats = await again.type("stats")
    assert f"solo rating against my levels: 3x3 {after.rating} (2 games)." in stats
    await again.service.close()


async def test_a_game_against_a_fixed_level_rates_against_its_measured_rating(
    tmp_path: Path,
) -> None:
    keys = Keyboard(tmp_path / "games.db", name="bob")
    await keys.session.open()
    await keys.type("start easy me 4")
    await keys.type("resign")  # before any move: set aside, no rating
    assert "solo rating" not in await keys.type("stats")
    await keys.type("start easy me 3")
    game = await keys.play_out()
    solo = rated(Rating(), member_score(game), LEVEL_RATINGS["easy", 3])
    assert f"bob's solo rating against my levels: 3x3 {solo.rating} (1 game)." in (
        await keys.type("stats")
    )
    await keys.service.close()


async def test_ultimate_plays_adaptive_and_help_shows_the_levels_ratings(
    tmp_path: Path,
) -> None:
    keys = Keyboard(tmp_path / "games.db")
    await keys.session.open()
    started = await keys.type("start ultimate adaptive me")
    assert "New adaptive game of ultimate tic-tac-toe: you are X" in started
    me = keys.session.player_id
    game = await keys.service.last_game(channel_id=me, member_id=me)
    assert game.is_active and game.level == "adaptive" and game.size == 9
    help_text = " ".join((await keys.type("help")).split())
    assert "four in a row on 5x5; levels: easy, medium, hard, perfect, adaptive" in help_text
    assert "no tie-break; levels: easy, medium, hard, strongest, adaptive" in help_text
    row = f"hard {LEVEL_RATINGS['hard', 3]} {LEVEL_RATINGS['hard', 4]} {LEVEL_RATINGS['hard', 5]}"
    assert "level 3x3 4x4 5x5 ultimate" in help_text
    assert f"{row} {ULTIMATE_RATINGS['hard']}" in help_text
    assert f"strongest - - - {ULTIMATE_RATINGS['strongest']}" in help_text
    assert "leaderboard solo" in help_text
    assert (await keys.type("leaderboard solo")).strip() == (
        "Nobody has a solo rating yet: finish a game against me to be the first!"
    )
    await keys.service.close()
