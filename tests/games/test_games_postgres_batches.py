"""Saves gathered into one statement on PostgreSQL (bot/games/postgres_saves.py): each game
in a batch is still its own compare and set, and a game another process holds never delays
the others saved with it. On the suite's real PostgreSQL server."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

from games_helpers import OpenStore, row_locked, running_game, statistics_once_sent

from bot.engine import Move
from bot.games import Game, GameChangedError, Status
from bot.games.postgres_store import PostgresGameStore
from bot.games.rows import CHANNEL_TAKEN

GAMES = 40
FREE = (1, 2, 3, 5, 6, 7, 8)  # the cells running_game() leaves free


async def insert_games(
    open_store: OpenStore, url: str, count: int = GAMES, write_timeout: float = 2.0
) -> tuple[PostgresGameStore, list[Game]]:
    """A store whose writes wait ``write_timeout`` at most for a lock, and ``count`` running
    games in channels of their own."""
    store = await open_store(url, write_timeout=write_timeout)
    games = [await store.insert(replace(running_game(), channel_id=1000 + n)) for n in range(count)]
    return store, games


def played(game: Game, cell: int) -> Game:
    return replace(game, moves=(*game.moves, Move(*divmod(cell, 3))))


async def test_many_saves_at_once_each_save_their_own_game(
    postgres_url: str, open_store: OpenStore
) -> None:
    store, games = await insert_games(open_store, postgres_url)
    moved = [played(game, FREE[n % len(FREE)]) for n, game in enumerate(games)]
    saved = await asyncio.gather(*(store.update(game) for game in moved))
    assert saved == [replace(game, version=game.version + 1) for game in moved]
    assert [await store.get(game.id) for game in games] == saved


async def test_of_two_saves_over_one_version_at_once_exactly_one_counts(
    postgres_url: str, open_store: OpenStore
) -> None:
    store, games = await insert_games(open_store, postgres_url, 3)
    rivals = [played(games[1], 1), played(games[1], 2)]
    outcomes = await asyncio.gather(
        store.update(played(games[0], 1)),
        *(store.update(rival) for rival in rivals),
        store.update(played(games[2], 1)),
        return_exceptions=True,
    )
    changed = [o for o in outcomes[1:3] if isinstance(o, GameChangedError)]
    winners = [o for o in outcomes[1:3] if isinstance(o, Game)]
    assert len(changed) == 1 and len(winners) == 1
    assert await store.get(games[1].id) == winners[0]
    assert all(isinstance(o, Game) for o in (outcomes[0], outcomes[3]))


async def test_a_save_over_an_old_version_changes_nothing_beside_others_that_save(
    postgres_url: str, open_store: OpenStore
) -> None:
    store, games = await insert_games(open_store, postgres_url, 4)
    await store.update(played(games[2], 8))  # games[2] is now one version further
    outcomes = await asyncio.gather(
        *(store.update(played(game, 2)) for game in games), return_exceptions=True
    )
    assert isinstance(outcomes[2], GameChangedError)
    assert (await store.get(games[2].id)) == replace(played(games[2], 8), version=1)
    assert [isinstance(o, Game) for o in outcomes] == [True, True, False, True]


async def test_a_game_another_process_holds_never_delays_the_others(
    postgres_url: str, open_store: OpenStore
) -> None:
    """The games saved at the same moment as a held one, in the same batches, are saved while
    it is held (a write may wait 30 s for a lock: had they waited for it, the 5 s bound would
    fail); the held game's own save goes through once it is let go."""
    store, games = await insert_games(open_store, postgres_url, write_timeout=30.0)
    held = games[GAMES // 2]
    with row_locked(postgres_url, held.id):
        saves = [asyncio.create_task(store.update(played(game, 2))) for game in games]
        others = [save for game, save in zip(games, saves, strict=True) if game is not held]
        done = await asyncio.wait_for(asyncio.gather(*others), 5)
        assert not saves[GAMES // 2].done()
        assert await store.get(held.id) == held
    assert await asyncio.wait_for(saves[GAMES // 2], 5) == replace(played(held, 2), version=1)
    assert [await store.get(game.id) for game in done] == done


async def test_a_save_the_schema_refuses_fails_alone_in_its_batch(
    postgres_url: str, open_store: OpenStore
) -> None:
    """A game made to run again in a channel where another runs breaks migration 5's rule:
    that save is refused, in its own words, and the others saved with it are saved."""
    store, games = await insert_games(open_store, postgres_url, 3)
    ended = await store.update(replace(games[0], status=Status.EXPIRED))
    rival = await store.insert(replace(running_game(), channel_id=ended.channel_id))
    outcomes = await asyncio.gather(
        store.update(played(games[1], 1)),
        store.update(replace(ended, status=Status.ACTIVE)),
        store.update(played(games[2], 1)),
        return_exceptions=True,
    )
    assert isinstance(outcomes[1], GameChangedError)
    assert str(outcomes[1]) == CHANNEL_TAKEN
    assert [await store.get(g.id) for g in (games[1], games[2])] == [outcomes[0], outcomes[2]]
    assert await store.get(ended.id) == ended and await store.get(rival.id) == rival


async def test_batches_on_a_new_database_look_up_each_game_by_its_key(
    postgres_url: str, open_store: OpenStore
) -> None:
    """Before autovacuum first analyzes ``games``, PostgreSQL thinks it tiny, and a batch
    joined with it as a whole was planned as a scan of every game, kept for as long as the
    connection lived. Ten rounds of forty saves at once (batches of many games) read no game
    but their own: no row is read by a sequential scan of ``games``."""
    store, games = await insert_games(open_store, postgres_url)
    for second in range(1, 11):
        later = [replace(game, updated_at=game.updated_at + timedelta(seconds=1)) for game in games]
        games = await asyncio.gather(*(store.update(game) for game in later))
        assert [game.version for game in games] == [second] * GAMES
    await store.close()  # its connections end, and with them their statistics are sent
    row = await statistics_once_sent(
        postgres_url,
        "SELECT n_tup_upd, seq_tup_read FROM pg_stat_user_tables WHERE relname = 'games'",
        lambda row: row[0] >= 10 * GAMES,
    )
    assert row == (10 * GAMES, 0)
