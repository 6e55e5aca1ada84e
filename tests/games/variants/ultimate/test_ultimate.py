"""Ultimate tic-tac-toe through GameService: start, moves and the sending rule, the bot's
answers, the end of a game, stats and history as a kind of their own, hints, refusals, and a
game that survives a restart (issue 29)."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest
from games_helpers import (
    ALICE,
    CHANNEL,
    GUILD,
    FakeClock,
    finished_game,
    insert_game_at,
    plays,
    sqlite_at_version,
)

from bot.engine import Move, Player
from bot.engine.ultimate import UltimateBoard
from bot.games import Game, GameError, GameService, InvalidOptionError, Record, Seat, Status
from bot.games.models import DUEL, Rating
from bot.games.render.boards import render_emoji, render_text
from bot.games.render.history import render_history
from bot.games.render.records import render_stats
from bot.games.variants.ultimate import GRID, ULTIMATE, UltimateHint
from bot.storage import SqliteGameStore
from bot.storage.migrations import MIGRATIONS
from bot.storage.postgres.store import PostgresGameStore
from bot.storage.rows import member_rows, to_row
from bot.storage.sql import GameSql


def first_legal(board: UltimateBoard, level: str, rng: random.Random) -> Move:
    """A predictable bot: the first legal square, row by row."""
    return board.legal_moves[0]


def service_at(path: Path | str = ":memory:", *, bot: object = first_legal) -> GameService:
    return GameService(
        SqliteGameStore(path),
        clock=FakeClock(),
        rng=random.Random(1),
        choose_move=plays(bot),  # type: ignore[arg-type]
    )


async def start(service: GameService, **options: object) -> object:
    return await service.start(
        channel_id=CHANNEL,
        guild_id=GUILD,
        member_id=ALICE,
        member_name="alice",
        **{"game": "ultimate", "first": "me", "level": "easy", **options},  # type: ignore[arg-type]
    )


async def play(service: GameService, row: int, col: int) -> object:
    return await play_move(service, Move(row, col))


async def play_move(service: GameService, move: Move) -> object:
    return await service.move(channel_id=CHANNEL, member_id=ALICE, move=move)


async def test_an_ultimate_game_starts_on_the_nine_by_nine_grid() -> None:
    service = service_at()
    reply = await start(service)
    game = reply.game  # type: ignore[attr-defined]
    assert (game.size, game.level, game.kind, game.moves) == (GRID, "easy", "ultimate", ())
    assert game.position == UltimateBoard()
    text = render_text(game)
    assert text.splitlines()[0] == "Ultimate tic-tac-toe: alice (X) vs me (O), easy"
    assert text.splitlines()[-1] == "Your turn, alice (X): play in any open small board."


async def test_the_bot_first_opens_with_the_engine() -> None:
    service = service_at(bot=lambda board, level, rng: Move(4, 4))
    reply = await start(service, first="bot")
    assert reply.bot_move == Move(4, 4)  # type: ignore[attr-defined]
    assert reply.game.position.forced_board == 4  # type: ignore[attr-defined]


async def test_the_bot_answers_in_the_board_the_move_sends_it_to() -> None:
    service = GameService(SqliteGameStore(":memory:"), clock=FakeClock(), rng=random.Random(2))
    reply = await start(service)
    reply = await play(service, 0, 8)  # board 2's cell 2: the bot must play in board 2
    bot = reply.bot_move  # type: ignore[attr-defined]
    assert bot is not None and bot.row < 3 and bot.col >= 6
    assert reply.game.position.at(bot) is not None  # type: ignore[attr-defined]


async def test_a_move_outside_the_board_it_is_sent_to_is_refused_with_a_sentence() -> None:
    service = service_at()
    await start(service)
    await play(service, 4, 4)  # sends the bot to the centre board; it plays (3, 3): cell 0
    with pytest.raises(GameError) as caught:
        await play(service, 8, 8)
    assert str(caught.value) == (
        "The last move sends you to the small board in rows 1-3, columns 1-3: play there, not "
        "in the small board in rows 7-9, columns 7-9."
    )
    with pytest.raises(GameError, match="off the board: rows and columns go from 1 to 9"):
        await play(service, 9, 0)


async def test_a_finished_game_counts_as_its_own_kind() -> None:
    service = service_at()
    await start(service)
    rng = random.Random(5)
    game = (await service.active_game(CHANNEL)).position
    while True:
        reply = await play_move(service, rng.choice(game.legal_moves))
        ended = reply.game  # type: ignore[attr-defined]
        if not ended.is_active:
            break
        game = ended.position
    assert ended.status in (Status.WON, Status.LOST, Status.DRAWN)
    assert ended.position.is_over and ended.winner == ended.position.winner
    stats = await service.standings.stats(member_id=ALICE)
    assert stats.by_size == {("ultimate", "easy", GRID): stats.by_level["ultimate easy"]}
    assert stats.by_level["easy"].games == 0 and stats.total.games == 1
    assert "  ultimate easy: " in render_stats(stats)
    page = await service.history.page(member_id=ALICE)
    assert " ultimate easy, against the bot: " in render_history(page)
    with pytest.raises(GameError, match="ultimate tic-tac-toe, which is not solved"):
        await service.history.review(member_id=ALICE)
    with pytest.raises(GameError, match="ultimate tic-tac-toe is not solved"):
        await service.explain(channel_id=CHANNEL, member_id=ALICE)


async def test_perfect_and_unknown_levels_are_refused_with_their_sentence() -> None:
    service = service_at()
    with pytest.raises(InvalidOptionError) as caught:
        await start(service, level="perfect")
    assert str(caught.value) == (
        "Ultimate tic-tac-toe is not solved, so there is no perfect level: choose one of "
        "easy, medium, hard, strongest (strongest searches longest)."
    )
    with pytest.raises(InvalidOptionError, match="no level 'wild' in ultimate"):
        await start(service, level="wild")
    with pytest.raises(InvalidOptionError, match="The game must be classic, ultimate or connect4"):
        await start(service, game="chess")
    reply = await start(service, level=None)
    assert reply.game.level == "hard"  # type: ignore[attr-defined]


async def test_a_hint_gives_the_top_moves_with_win_rates() -> None:
    service = service_at()
    await start(service)
    await play(service, 4, 4)
    hint = await service.hint(channel_id=CHANNEL, member_id=ALICE)
    assert isinstance(hint, UltimateHint)
    assert {stat.move for stat in hint.result.moves} <= set(hint.game.position.legal_moves)
    text = ULTIMATE.renderer.hint(hint)
    assert text.startswith("Hint for alice: the engine's top moves (win rate for you")
    best = hint.result.move
    assert text.endswith(f"Best: {best.row + 1} {best.col + 1}.")


async def test_a_restart_keeps_the_ultimate_game_playable(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    first = service_at(path)
    await start(first)
    before = (await play(first, 4, 4)).game  # type: ignore[attr-defined]
    await first.close()
    again = service_at(path)
    game = await again.active_game(CHANNEL)
    assert game == before and game.position == before.position
    reply = await play_move(again, game.position.legal_moves[0])
    assert len(reply.game.moves) == 4  # type: ignore[attr-defined]


async def test_readme_shows_the_board_as_discord_draws_it() -> None:
    """README's ultimate board is render_emoji's, word for word (alice 2 2 and 3 3; the bot
    here plays the first legal square, which is what README's position shows)."""
    service = service_at()
    await start(service, level="hard")
    await play(service, 1, 1)
    reply = await play(service, 2, 2)
    readme = (Path(__file__).resolve().parents[4] / "README.md").read_text(encoding="utf-8")
    block = readme.split("Ultimate on Discord, two moves each in:")[1].split("```\n")[1]
    assert block == render_emoji(reply.game) + "\n"  # type: ignore[attr-defined]
    assert len(block) < 2000


async def test_a_resigned_ultimate_game_is_drawn_with_its_sentence() -> None:
    service = service_at()
    await start(service)
    await play(service, 4, 4)
    game = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    assert game.status is Status.RESIGNED
    assert render_text(game).splitlines()[-1] == "alice resigned."
    assert " . " not in render_text(game)  # no small board is left to play in
    assert "\u2b1c" not in render_emoji(game) and "\u2b1b" in render_emoji(game)


async def test_postgresql_stores_and_counts_an_ultimate_game(postgres_url: str) -> None:
    """Migration 10 widens PostgreSQL's size check too: a whole game saved, read, counted."""
    service = GameService(
        await PostgresGameStore.open(postgres_url),
        clock=FakeClock(),
        rng=random.Random(1),
        choose_move=plays(first_legal),
    )
    await start(service)
    rng = random.Random(4)
    while (game := await service.active_game(CHANNEL)).is_active:
        reply = await play_move(service, rng.choice(game.position.legal_moves))
        if not reply.game.is_active:  # type: ignore[attr-defined]
            break
    stats = await service.standings.stats(member_id=ALICE)
    assert stats.by_level["ultimate easy"].games == 1
    await service.close()


# -- an upgraded database: migration 11 counts ultimate apart ------------------------------------


def games_at_version_10() -> list[Game]:
    """Games a version-10 database may hold, in server ``GUILD``: alice wins a classic game
    and resigns an ultimate one, bob wins an ultimate one, alice beats bob in a classic duel."""
    bob = 2
    centre = (Move(4, 4), Move(3, 3))  # X sends O to the centre board, O plays there
    classic = finished_game(ALICE, "alice", status=Status.WON)
    lost = replace(finished_game(ALICE, "alice", status=Status.RESIGNED), channel_id=CHANNEL + 1)
    won = replace(lost, channel_id=CHANNEL + 2, x=Seat(bob, "bob"), winner=Player.X)
    duel = replace(classic, channel_id=CHANNEL + 3, o=Seat(bob, "bob"), level=DUEL)
    ultimate = [
        replace(g, variant=ULTIMATE, size=GRID, level="hard", moves=centre) for g in (lost, won)
    ]
    return [classic, *ultimate, duel]


def check_upgraded_counts(standings: object, ultimate: object) -> None:
    """Classic points no longer hold the ultimate games; those have their own board."""
    assert standings == [(ALICE, "alice", Record(1, 0, 0))]
    assert ultimate == [(2, "bob", Record(1, 0, 0)), (ALICE, "alice", Record(0, 1, 0))]


V10_RATINGS = (
    "INSERT INTO ratings (in_guild, guild_id, member_id, rating, games) "
    "VALUES (1, {guild}, 1, 1216, 1), (1, {guild}, 2, 1184, 1)"
)


async def test_a_version_10_file_upgraded_ranks_classic_and_ultimate_apart(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    sqlite_at_version(path, 10)
    sql = GameSql.styled(":{}")
    with closing(sqlite3.connect(path)) as conn, conn:
        for game in games_at_version_10():
            conn.execute(insert_game_at(10, ":{}"), to_row(game))
            conn.executemany(sql.upsert_member, member_rows(game))
        conn.execute(V10_RATINGS.format(guild=GUILD))
        mixed = conn.execute("SELECT wins, losses FROM standings WHERE member_id = 1").fetchall()
        assert mixed == [(1, 1)]  # version 10 added alice's ultimate loss to her classic points
    store = SqliteGameStore(path)
    check_upgraded_counts(
        await store.standings(GUILD, kind="classic"), await store.standings(GUILD, kind="ultimate")
    )
    classic = await store.rating(ALICE, GUILD, kind="classic")
    assert classic == Rating(1216, 1)  # kept, as a classic rating
    assert await store.rating(ALICE, GUILD, kind="ultimate") == Rating()
    assert await store.records(ALICE, GUILD) == {
        ("classic", "perfect", 3): Record(1, 0, 0),
        ("ultimate", "hard", GRID): Record(0, 1, 0),
        ("classic", DUEL, 3): Record(1, 0, 0),
    }
    await store.close()


async def test_a_version_10_postgresql_database_upgraded_ranks_them_apart(
    postgres_url: str,
) -> None:
    sql = GameSql.styled("%({})s")
    with psycopg.connect(postgres_url) as connection:
        for migration in MIGRATIONS[:10]:
            for statement in migration.statements("postgresql"):
                connection.execute(statement)
        connection.execute("CREATE TABLE tictactoe_schema (version integer NOT NULL)")
        connection.execute("INSERT INTO tictactoe_schema VALUES (10)")
        for game in games_at_version_10():
            connection.execute(insert_game_at(10, "%({})s"), to_row(game))
            for member in member_rows(game):
                connection.execute(sql.upsert_member, member)
        connection.execute(V10_RATINGS.format(guild=GUILD))
    store = await PostgresGameStore.open(postgres_url)
    check_upgraded_counts(
        await store.standings(GUILD, kind="classic"), await store.standings(GUILD, kind="ultimate")
    )
    assert await store.rating(ALICE, GUILD, kind="classic") == Rating(1216, 1)
    assert await store.duel_standings(GUILD, kind="ultimate") == []
    await store.close()
