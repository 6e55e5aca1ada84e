"""History and review through the game service (issue 28): which games a member's history
holds and how it pages, which game a review reads and who may ask for it, and that both (and
explain) read the database, so a restart changes nothing. The plan each database picks for a
page is checked too: the history indexes of migration 9, never a read of all the member's
games."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import psycopg
import pytest
from games_helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    START,
    FakeClock,
    finished_game,
    first_free,
    make_service,
    start_game,
)

from bot.engine import Move, Player
from bot.games import (
    HISTORY_PAGE,
    GameRunningError,
    GameService,
    NoGameError,
    NotYourGameError,
    Result,
    Seat,
    Status,
    Verdict,
)
from bot.games.render.history import render_history
from bot.games.render.review import render_review
from bot.games.variants.classic import CLASSIC
from bot.storage import SqliteGameStore
from bot.storage.postgres.store import PostgresGameStore
from bot.storage.reads import LAST_ID
from bot.storage.sql import GameSql

CAROL = 3
OTHER_GUILD = GUILD + 1
RESULTS = (Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED)


async def play_to_the_end(
    service: GameService, *, channel: int = CHANNEL, **options: object
) -> int:
    """Alice plays the first free cell each turn against a bot that does too (X wins the
    diagonal on move 7 on 3x3, the first column on 4x4). The game's id."""
    await start_game(service, channel=channel, **options)  # type: ignore[arg-type]
    while True:
        game = await service.last_game(channel_id=channel, member_id=ALICE)
        if not game.is_active:
            return game.id
        await service.move(channel_id=channel, member_id=ALICE, move=game.position.legal_moves[0])


async def stored(path: Path, count: int, **options: object) -> list[int]:
    """``count`` finished games of alice's, saved straight into the file, each status in
    turn, one a second; their ids."""
    store = SqliteGameStore(path)
    ids = []
    for n in range(count):
        game = finished_game(
            ALICE,
            "alice",
            status=RESULTS[n % 4],
            when=START + timedelta(seconds=n),
            channel_id=CHANNEL + n,
            **options,  # type: ignore[arg-type]
        )
        ids.append((await store.insert(game)).id)
    await store.close()
    return ids


# -- history ---------------------------------------------------------------------------------


async def test_history_pages_newest_first_ten_at_a_time_both_ways(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    ids = await stored(path, 23)
    service = make_service(path)
    first = await service.history.page(member_id=ALICE, guild_id=GUILD)
    assert [e.game_id for e in first.entries] == ids[::-1][:HISTORY_PAGE] == ids[:12:-1]
    assert (first.older, first.newer, first.newer_after_id) == (True, False, None)
    second = await service.history.page(
        member_id=ALICE, guild_id=GUILD, before_id=first.older_before_id
    )
    assert [e.game_id for e in second.entries] == ids[12:2:-1]
    assert (second.older, second.newer) == (True, True)
    third = await service.history.page(
        member_id=ALICE, guild_id=GUILD, before_id=second.older_before_id
    )
    assert [e.game_id for e in third.entries] == ids[2::-1]
    assert (third.older, third.newer, third.older_before_id) == (False, True, None)
    back = await service.history.page(
        member_id=ALICE, guild_id=GUILD, after_id=third.newer_after_id
    )
    assert back == second
    again = await service.history.page(
        member_id=ALICE, guild_id=GUILD, after_id=back.newer_after_id
    )
    assert again == first
    past = await service.history.page(member_id=ALICE, guild_id=GUILD, before_id=ids[0])
    assert (past.entries, past.older, past.newer) == ((), False, True)
    assert render_history(past) == "No more of alice's games this way."
    await service.close()


async def test_history_holds_only_games_with_a_result_from_the_members_side(
    tmp_path: Path,
) -> None:
    service = make_service(tmp_path / "games.db", bot=first_free)
    won = await play_to_the_end(service, level="easy")
    lost = await play_to_the_end(service, first="bot", channel=CHANNEL + 1)
    await start_game(service, channel=CHANNEL + 2)  # nobody moved: set aside by resign
    await service.resign(channel_id=CHANNEL + 2, member_id=ALICE)
    await start_game(service, channel=CHANNEL + 3)
    await service.move(channel_id=CHANNEL + 3, member_id=ALICE, move=Move(1, 1))
    resigned = (await service.resign(channel_id=CHANNEL + 3, member_id=ALICE)).id
    await start_game(service, channel=CHANNEL + 4)  # still running
    await service.move(channel_id=CHANNEL + 4, member_id=ALICE, move=Move(1, 1))
    elsewhere = await play_to_the_end(service, channel=CHANNEL + 5, guild=OTHER_GUILD, size=4)
    page = await service.history.page(member_id=ALICE, guild_id=GUILD)
    assert [e.game_id for e in page.entries] == [resigned, lost, won]
    assert (page.name, page.older, page.newer) == ("alice", False, False)
    by_id = {entry.game_id: entry for entry in page.entries}
    assert (by_id[won].result, by_id[won].mark, by_id[won].moves) == (Result.WON, Player.X, 7)
    assert (by_id[won].level, by_id[won].size, by_id[won].resigned) == ("easy", 3, False)
    assert by_id[won].opponent == Seat(None, "the bot")
    assert (by_id[lost].result, by_id[lost].mark) == (Result.LOST, Player.O)
    assert (by_id[resigned].result, by_id[resigned].resigned) == (Result.LOST, True)
    assert by_id[won].started_at <= by_id[won].ended_at == START
    everywhere = await service.history.page(member_id=ALICE)
    assert [e.game_id for e in everywhere.entries] == [elsewhere, resigned, lost, won]
    assert everywhere.entries[0].size == 4
    assert (await service.history.page(member_id=BOB)).entries == ()
    await service.close()


async def test_a_duel_is_in_both_members_histories_each_from_their_side(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    store = SqliteGameStore(path)
    duel = finished_game(ALICE, "alice", status=Status.WON)
    duel = await store.insert(replace(duel, o=Seat(BOB, "bob"), level="duel"))
    await store.close()
    service = make_service(path)
    alice = (await service.history.page(member_id=ALICE)).entries[0]
    bob = (await service.history.page(member_id=BOB)).entries[0]
    assert (alice.game_id, alice.result, alice.opponent, alice.level) == (
        duel.id,
        Result.WON,
        Seat(BOB, "bob"),
        "duel",
    )
    assert (bob.game_id, bob.result, bob.mark, bob.opponent) == (
        duel.id,
        Result.LOST,
        Player.O,
        Seat(ALICE, "alice"),
    )
    await service.close()


async def test_history_checks_its_arguments_first() -> None:
    service = make_service()
    with pytest.raises(ValueError, match="before_id or after_id"):
        await service.history.page(member_id=ALICE, before_id=3, after_id=1)
    with pytest.raises(TypeError, match="before_id"):
        await service.history.page(member_id=ALICE, before_id="3")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="after_id"):
        await service.history.page(member_id=ALICE, after_id=-1)
    with pytest.raises(TypeError, match="member_id"):
        await service.history.page(member_id=None)  # type: ignore[arg-type]
    await service.close()


# -- review ----------------------------------------------------------------------------------


async def test_a_review_defaults_to_the_members_newest_game_with_a_result(tmp_path: Path) -> None:
    service = make_service(tmp_path / "games.db", bot=first_free)
    with pytest.raises(NoGameError) as none:
        await service.history.review(member_id=ALICE, guild_id=GUILD)
    assert none.value.text({}) == "You have not finished a game here yet. Start one with start."
    won = await play_to_the_end(service)
    await start_game(service, channel=CHANNEL + 1)  # running: not the default
    await service.move(channel_id=CHANNEL + 1, member_id=ALICE, move=Move(2, 2))
    review = await service.history.review(member_id=ALICE, guild_id=GUILD)
    assert review.game.id == won and review.game.status is Status.WON
    labels = [CLASSIC.renderer.move_label(move.move) for move in review.moves]
    assert labels == ["1,1", "1,2", "1,3", "2,1", "2,2", "2,3", "3,1"]
    assert review.moves[0].verdict is Verdict.BEST
    assert review.loser is Player.O and review.exact
    text = render_review(review)
    assert text.startswith(f"Review of game #{won} (3x3, perfect): alice (X) against the bot")
    with pytest.raises(NoGameError):
        await service.history.review(member_id=ALICE, guild_id=OTHER_GUILD)
    assert (await service.history.review(member_id=ALICE)).game.id == won  # everywhere
    await service.close()


async def test_a_review_by_number_and_who_may_ask_for_it(tmp_path: Path) -> None:
    service = make_service(tmp_path / "games.db", bot=first_free)
    here = await play_to_the_end(service)
    elsewhere = await play_to_the_end(service, channel=CHANNEL + 1, guild=OTHER_GUILD)
    outside = await play_to_the_end(service, channel=CHANNEL + 2, guild=None)
    assert (
        await service.history.review(member_id=BOB, game_id=here, guild_id=GUILD)
    ).game.id == here
    assert (await service.history.review(member_id=ALICE, game_id=outside)).game.id == outside
    assert (await service.history.review(member_id=ALICE, game_id=elsewhere, guild_id=GUILD)).moves
    for game_id, guild in ((elsewhere, GUILD), (outside, GUILD), (here, None)):
        with pytest.raises(NotYourGameError) as refused:
            await service.history.review(member_id=BOB, game_id=game_id, guild_id=guild)
        assert str(refused.value) == (
            f"Game #{game_id} is not yours and was played elsewhere. You can review your own "
            "games, and any game played where you ask."
        )
    # Anybody may review a game played in the channel they ask in, in a server or not (the
    # terminal's hot-seat duel, reviewed by the player at whose keyboard it was played).
    asked_there = await service.history.review(
        member_id=BOB, game_id=outside, channel_id=CHANNEL + 2
    )
    assert asked_there.game.id == outside
    with pytest.raises(NotYourGameError):
        await service.history.review(member_id=BOB, game_id=outside, channel_id=CHANNEL)
    with pytest.raises(NoGameError, match=r"^There is no game #999\.$"):
        await service.history.review(member_id=ALICE, game_id=999)
    await start_game(service, channel=CHANNEL + 3)
    running = (await service.move(channel_id=CHANNEL + 3, member_id=ALICE, move=Move(0, 0))).game
    with pytest.raises(GameRunningError) as still:
        await service.history.review(member_id=ALICE, game_id=running.id, guild_id=GUILD)
    assert str(still.value) == (
        f"Game #{running.id} is still being played; it can be reviewed once it is over."
    )
    await service.close()


async def test_an_expired_game_is_reviewed_if_anybody_moved(tmp_path: Path) -> None:
    clock = FakeClock()
    service = make_service(tmp_path / "games.db", clock=clock, bot=first_free)
    await start_game(service)
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    await start_game(service, channel=CHANNEL + 1)
    clock.advance(service.idle_timeout)
    idle, untouched = sorted(await service.expire_idle(), key=lambda game: game.id)
    review = await service.history.review(member_id=ALICE, game_id=idle.id)
    assert [CLASSIC.renderer.move_label(move.move) for move in review.moves] == ["2,2", "1,1"]
    assert review.loser is None
    with pytest.raises(NoGameError) as empty:
        await service.history.review(member_id=ALICE, game_id=untouched.id)
    assert str(empty.value) == (
        f"Game #{untouched.id} ended before anybody moved: there is nothing to review."
    )
    assert (await service.history.page(member_id=ALICE)).entries == ()  # no result, no history
    await service.close()


async def test_review_checks_its_arguments_first() -> None:
    service = make_service()
    with pytest.raises(TypeError, match="game_id"):
        await service.history.review(member_id=ALICE, game_id="7")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="guild_id"):
        await service.history.review(member_id=ALICE, guild_id=-7)
    await service.close()


# -- the database is the truth: a restart changes nothing -------------------------------------


async def test_history_review_and_explain_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    before = make_service(path, bot=first_free)
    won = await play_to_the_end(before)
    await play_to_the_end(before, channel=CHANNEL + 1, size=4)
    page, review = (
        await before.history.page(member_id=ALICE),
        await before.history.review(member_id=ALICE),
    )
    explained = await before.explain(channel_id=CHANNEL, member_id=BOB)
    await before.close()
    after = make_service(path, bot=first_free)  # a new process's service on the same file
    assert await after.history.page(member_id=ALICE) == page
    assert await after.history.review(member_id=ALICE) == review
    assert (await after.history.review(member_id=ALICE, game_id=won)).game.id == won
    again = await after.explain(channel_id=CHANNEL, member_id=BOB)  # read from the file
    assert (again.game.id, again.position, again.move) == (won, explained.position, explained.move)
    await after.close()


# -- the plan each database picks for a page -----------------------------------------------------

EVERYWHERE = {"games_history_x", "games_history_o"}
IN_GUILD = {"games_history_x_guild", "games_history_o_guild"}
INDEXES = {
    "history_before": EVERYWHERE,
    "history_before_in_guild": IN_GUILD,
    "history_after": EVERYWHERE,
    "history_after_in_guild": IN_GUILD,
}
"""The indexes each page's query must read: one range per seat, and nothing else."""


def indexes_read(plan: str) -> set[str]:
    """The indexes a plan names, by either database's wording."""
    return set(re.findall(r"\b(games_\w+|sqlite_autoindex_\w+)\b", plan)) - {"games_1"}


PARAMS = {"member_id": 42, "guild_id": 3, "before_id": LAST_ID, "after_id": 0, "limit": 11}


def many_games(count: int) -> list[tuple[object, ...]]:
    """Rows of ``count`` ended games in 20 servers among 2,000 members, member 42 in one of
    50 (as X, or as O in a duel), one in seven expired."""
    rows = []
    for n in range(count):
        x, o = (42 if n % 100 == 0 else n % 2000 + 100), (42 if n % 100 == 1 else None)
        status = RESULTS[n % 4].value if n % 7 != 3 else "expired"
        winner = {"won": "X", "lost": "O", "resigned": "O"}.get(status)
        when = "2026-01-01T00:00:00+00:00"
        guild = n // 100 % 20
        rows.append((CHANNEL + n, guild, x, "m", o, "bot", "perfect", 3, "me", "", status, winner))
        rows[-1] += (when, when, 0, "classic")
    return rows


COLUMNS = (
    "channel_id, guild_id, x_member_id, x_name, o_member_id, o_name, level, size, first, "
    "moves, status, winner, created_at, updated_at, saved_minute, kind"
)
COPY = f"COPY games ({COLUMNS}) FROM STDIN"
INSERT = f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join('?' * 16)})"


@pytest.mark.slow
def test_sqlite_reads_a_page_from_the_history_indexes(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    SqliteGameStore(path)
    sql = GameSql.styled(":{}")
    with closing(sqlite3.connect(path)) as conn:
        conn.create_function("casefold", 1, str.casefold)
        with conn:
            conn.executemany(INSERT, many_games(20_000))
        for name in INDEXES:
            rows = conn.execute(f"EXPLAIN QUERY PLAN {getattr(sql, name)}", PARAMS)
            assert indexes_read(" ".join(row[3] for row in rows)) == INDEXES[name], name


async def test_postgresql_reads_a_page_from_the_history_indexes(postgres_url: str) -> None:
    store = await PostgresGameStore.open(postgres_url, pool_size=1)
    await store.close()
    sql = GameSql.styled("%({})s")
    with psycopg.connect(postgres_url) as conn:
        with conn.cursor() as cursor, cursor.copy(COPY) as copy:
            for row in many_games(100_000):
                copy.write_row(row)
        conn.commit()
        conn.execute("ANALYZE games")
        for name in INDEXES:
            rows = conn.execute(f"EXPLAIN {getattr(sql, name)}".encode(), PARAMS).fetchall()
            plan = " ".join(row[0] for row in rows)
            assert indexes_read(plan) == INDEXES[name], (name, plan)
