"""Several OS processes playing through the game layer on one database (issue 9), SQLite file
and PostgreSQL both: what they end with is some serial order of what they were told was done.

The workers (``process_workers``) hammer the same channels with the same members; the audit
(``process_audit``) reads the database afterwards and holds it against every process's log.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from games_helpers import finished_game
from process_audit import (
    ROOT,
    check_challenges,
    check_games,
    check_totals,
    load,
    read_log,
    refusals,
    shared_games,
    workers,
)
from process_workers import open_store

from bot.games import GameRunningError, GameService, ShardSet, Status
from bot.terminal.session import player_id
from tests.terminal.test_subprocess import environment

pytestmark = pytest.mark.processes

GUILD = 7 << 22
BOT_CHANNELS = [101, 102, 103, 104]
MEMBERS = [1, 2, 3]
DUELS = [(201, 11, 12, 15), (202, 13, 14, 16)]
EVERYONE = MEMBERS + [m for duel in DUELS for m in duel[1:]]
TERMINAL_NAME = "procs-tester"
REFUSALS = {  # what a player may be told while another process plays the same channel
    "GameChangedError",
    "StoreBusyError",
    "GameRunningError",
    "NotYourTurnError",
    "NotYourGameError",
    "CellTakenError",
    "GameOverError",
    "NoGameError",
}


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """One database for the test's processes: an SQLite file, or a fresh PostgreSQL one."""
    if request.param == "sqlite":
        yield str(tmp_path / "games.db")
    else:
        yield request.getfixturevalue("postgres_url")


def worker_config(
    mode: str, database: str, tmp_path: Path, worker: str, **options: Any
) -> dict[str, Any]:
    """A ``process_workers.Config``, as JSON carries it; the log goes to ``tmp_path``."""
    log = str(tmp_path / f"{worker}.log")
    return {"mode": mode, "database": database, "log": log, "worker": worker, **options}


def player(database: str, tmp_path: Path, worker: str, **options: Any) -> dict[str, Any]:
    """A worker playing every channel of the tests with every member."""
    channels = {"bot_channels": BOT_CHANNELS, "members": MEMBERS, "duels": DUELS, "guild": GUILD}
    return worker_config("play", database, tmp_path, worker, **channels, **options)


async def audit(database: str, entries: list[dict[str, Any]], *, complete: bool) -> int:
    """Check everything the module docstring promises; how many games more than one process
    saved."""
    stored = await load(database, EVERYONE, GUILD)
    acks = check_games(stored, entries, complete=complete)
    check_challenges(stored, entries, complete=complete)
    check_totals(stored, EVERYONE, GUILD, DUELS)
    return shared_games(acks)


LONG_RUN = 120.0
"""A worker's run in seconds when the test stops it itself (a bound, not a schedule)."""


def acknowledged(log: Path) -> list[dict[str, Any]]:
    """The operations a worker's log says were acknowledged (no error)."""
    return [e for e in read_log(log) if e["err"] is None]


def until(condition: Callable[[], bool], seconds: float = LONG_RUN / 2) -> None:
    """Poll ``condition`` until it holds; fail if it never does within ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the workers never got that far"
        time.sleep(0.02)


async def test_processes_on_the_same_channels_end_in_a_serial_order(
    database: str, tmp_path: Path
) -> None:
    """Both processes play until they have raced hard (counts, not a clock: some 500
    acknowledged operations, well past what the assertions ask), then stop."""
    configs = [player(database, tmp_path, w, seed=3, seconds=LONG_RUN) for w in ("a", "b")]

    def logged() -> list[dict[str, Any]]:
        return [e for w in ("a", "b") for e in read_log(tmp_path / f"{w}.log")]

    def raced() -> bool:
        entries = logged()
        refused = refusals(entries)
        games = [{e["game"]["id"] for e in entries if e["w"] == w and e.get("game")} for w in "ab"]
        return (
            sum(1 for e in entries if e["err"] is None) > 500
            and refused["GameChangedError"] > 0
            and refused["NotYourTurnError"] > 0
            and len(games[0] & games[1]) > 50
        )

    with workers(configs, tmp_path) as running:
        running.go()
        until(raced)
        for process in running.processes:
            running.say(process, "stop")
        running.finish_all()
    entries = logged()
    shared = await audit(database, entries, complete=True)
    refused = refusals(entries)
    acknowledged = sum(1 for e in entries if e["err"] is None)
    print(f"\n{database[:10]}: {acknowledged} acknowledged, {dict(refused)}, shared {shared}")
    assert set(refused) <= REFUSALS, refused
    assert acknowledged > 50
    assert refused["GameChangedError"] > 0, "the processes never raced for one game"
    assert refused["NotYourTurnError"] > 0
    assert shared > 10, "the processes never played the same games"


async def test_a_process_killed_mid_load_loses_nothing_it_acknowledged(
    database: str, tmp_path: Path
) -> None:
    """The victim is killed once it has acknowledged enough, and the survivor stopped once it
    has played on enough after the kill: counts, not a clock, so a slow machine only waits."""
    configs = [
        player(database, tmp_path, "victim", seed=5, seconds=LONG_RUN, fsync=True),
        player(database, tmp_path, "survivor", seed=6, seconds=LONG_RUN),
    ]
    with workers(configs, tmp_path) as running:
        victim, survivor = running.processes
        running.go()
        until(lambda: len(acknowledged(tmp_path / "victim.log")) > 10)
        victim.send_signal(signal.SIGKILL)
        killed_at = time.time()
        victim.wait(10)
        assert victim.returncode == -signal.SIGKILL

        def played_on() -> list[dict[str, Any]]:
            return [e for e in acknowledged(tmp_path / "survivor.log") if e["t"] > killed_at]

        until(lambda: len(played_on()) > 20 and {e["ch"] for e in played_on()} >= set(BOT_CHANNELS))
        running.say(survivor, "stop")
        running.finish(survivor)
    gone = read_log(tmp_path / "victim.log")
    kept = read_log(tmp_path / "survivor.log")
    await audit(database, gone + kept, complete=False)
    acked = [e for e in gone if e["err"] is None]
    after = [e for e in kept if e["err"] is None and e["t"] > killed_at]
    left = {e["game"]["id"] for e in acked if e.get("game") and e["game"]["status"] == "active"}
    taken_up = {e["game"]["id"] for e in after if e.get("game")} & left
    print(
        f"\n{database[:10]}: victim acknowledged {len(acked)}, survivor {len(after)} after "
        f"the kill, in {len(taken_up)} games the victim had left running"
    )
    assert len(acked) > 10
    assert len(after) > 20, "the survivor stopped playing"
    assert {e["ch"] for e in after} >= set(BOT_CHANNELS), "some channel stayed stuck"
    if not database.startswith("postgresql://"):
        check = subprocess.run(
            [sys.executable, "-m", "bot", "check-db", database],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        assert check.returncode == 0, check.stdout + check.stderr
        assert "found no problems" in check.stdout


async def test_history_and_review_after_a_process_killed_mid_game(
    database: str, tmp_path: Path
) -> None:
    """A process ends some games, starts one more and is killed with SIGKILL in the middle
    of it. Another process's service then finds every ended game in the member's history,
    newest first, and reviews each; the unfinished game is in no history and its review
    says it is still being played."""
    member = MEMBERS[0]
    config = worker_config(
        "finish", database, tmp_path, "finisher", fsync=True, games=12,
        bot_channels=BOT_CHANNELS[:1], members=[member], guild=GUILD,
    )  # fmt: skip
    log = tmp_path / "finisher.log"
    with workers([config], tmp_path) as running:
        (finisher,) = running.processes
        running.go()
        until(lambda: any(entry["op"] == "running" for entry in read_log(log)))
        finisher.send_signal(signal.SIGKILL)
        finisher.wait(10)
        assert finisher.returncode == -signal.SIGKILL
    entries = read_log(log)
    ended = [entry["game"] for entry in entries if entry["op"] == "finished"]
    unfinished = next(entry["game"]["id"] for entry in entries if entry["op"] == "running")
    assert len(ended) == 12 and "resigned" in {game["status"] for game in ended}
    service = GameService(await open_store(database, 10.0))
    first = await service.history.page(member_id=member, guild_id=GUILD)
    older = await service.history.page(
        member_id=member, guild_id=GUILD, before_id=first.older_before_id
    )
    listed = [entry.game_id for entry in (*first.entries, *older.entries)]
    assert listed == sorted((game["id"] for game in ended), reverse=True)
    assert not older.older
    for game in ended:
        review = await service.history.review(member_id=member, game_id=game["id"], guild_id=GUILD)
        assert review.exact and len(review.moves) == len(game["moves"])
        assert str(review.game.status) == game["status"]
    latest = await service.history.review(member_id=member, guild_id=GUILD)
    assert latest.game.id == max(game["id"] for game in ended)
    with pytest.raises(GameRunningError, match=f"Game #{unfinished} is still being played"):
        await service.history.review(member_id=member, game_id=unfinished)
    await service.close()


IDLE_SINCE = datetime.now(UTC) - timedelta(hours=2)


async def idle_games(database: str, count: int, fresh: int) -> tuple[set[int], set[int]]:
    """``count`` games idle for two hours, in servers of all 4 shards and outside any server
    (shard 0), and ``fresh`` games just played; their ids."""
    store = await open_store(database, 10.0)
    idle: set[int] = set()
    recent: set[int] = set()
    for n in range(count + fresh):
        guild = None if n % 9 == 8 else ((n // 4) * 4 + n % 4) << 22  # shard n % 4
        when = IDLE_SINCE if n < count else datetime.now(UTC)
        game = finished_game(n % 5 + 1, f"m{n % 5 + 1}", status=Status.EXPIRED, guild_id=guild)
        game = replace(
            game,
            channel_id=1000 + n,
            moves=game.moves[:1],
            status=Status.ACTIVE,
            created_at=when,
            updated_at=when,
        )
        (idle if n < count else recent).add((await store.insert(game)).id)
    await store.close()
    return idle, recent


def sweeper(database: str, tmp_path: Path, worker: str, **options: Any) -> dict[str, Any]:
    return worker_config("sweep", database, tmp_path, worker, **options)


async def test_two_processes_sweeping_together_announce_each_idle_game_once(
    database: str, tmp_path: Path
) -> None:
    """One process reads each idle channel from the newest back (the read expires its game)
    and sweeps that channel, as the terminal does; once it has announced one, the other
    sweeps the whole database, page after page from the oldest, as the bot does: they meet
    in the middle."""
    idle, recent = await idle_games(database, 400, 10)
    configs = [
        sweeper(database, tmp_path, "toucher", touch=list(range(1399, 999, -1))),
        sweeper(database, tmp_path, "sweeper"),
    ]
    with workers(configs, tmp_path) as running:
        toucher, sweeper_process = running.processes
        running.say(toucher, "go")
        deadline = time.monotonic() + 30
        while not read_log(tmp_path / "toucher.log") and time.monotonic() < deadline:
            time.sleep(0.005)
        running.say(sweeper_process, "go")
        running.finish_all()
    announced = {
        w: [e["game"]["id"] for e in read_log(tmp_path / f"{w}.log")]
        for w in ("toucher", "sweeper")
    }
    print(f"\n{database[:10]}: announced {[len(ids) for ids in announced.values()]}")
    assert sorted(announced["toucher"] + announced["sweeper"]) == sorted(idle)
    assert all(announced.values()), "both processes announced some"
    stored = await load(database, [], GUILD)
    assert {g.id for g in stored.games.values() if g.is_active} == recent
    assert all(stored.games[i].version == 1 for i in idle)  # expired once, by one process


async def test_shard_processes_sweep_only_their_own_servers(database: str, tmp_path: Path) -> None:
    idle, _ = await idle_games(database, 200, 0)
    shards = {"low": (4, [0, 1]), "high": (4, [2, 3])}
    configs = [sweeper(database, tmp_path, w, shards=s) for w, s in shards.items()]
    with workers(configs, tmp_path) as running:
        running.go()
        running.finish_all()
    swept = {w: [e["game"] for e in read_log(tmp_path / f"{w}.log")] for w in shards}
    for worker, (count, ids) in shards.items():
        owner = ShardSet(count, frozenset(ids))
        assert swept[worker] and all(owner.owns(g["guild"]) for g in swept[worker])
    assert sorted(g["id"] for games in swept.values() for g in games) == sorted(idle)


async def test_the_terminal_game_and_the_bot_share_one_sqlite_file(tmp_path: Path) -> None:
    """README used to warn against it: the terminal game (``python -m bot play``) and a bot
    process playing its servers' channels (and sweeping, as the bot does) on one file at
    the same time. Each plays its own channels as if alone."""
    database = str(tmp_path / "games.db")
    bot = player(database, tmp_path, "bot", seconds=120.0, sweep_every=0.05)
    cells = [f"{row} {col}" for row in range(1, 4) for col in range(1, 4)]
    levels = ["easy", "medium", "hard", "perfect"] * 2
    lines = ["resign", *(line for level in levels for line in (f"start {level} me", *cells))]
    with workers([bot], tmp_path) as running:
        running.go()
        began = time.time()
        terminal = subprocess.run(
            [sys.executable, "-m", "bot", "play", "--name", TERMINAL_NAME],
            input="".join(f"{line}\n" for line in [*lines, "stats", "quit"]),
            capture_output=True,
            text=True,
            env={**environment(Path(database)), "PYTHONPATH": str(ROOT)},
            cwd=tmp_path,
            timeout=120,
        )
        ended = time.time()
        running.say(running.processes[0], "stop")
        running.finish_all()
    out = terminal.stdout
    assert terminal.returncode == 0, terminal.stderr
    assert terminal.stderr == "" and "Traceback" not in out
    for trouble in ("busy", "unavailable", "changed at the same moment", "already has"):
        assert trouble not in out, trouble
    entries = read_log(tmp_path / "bot.log")
    during = [e for e in entries if e["err"] is None and began < e["t"] < ended]
    print(f"\nbot: {len(entries)} operations, {len(during)} acknowledged while the terminal ran")
    assert len(during) > 50, "the two did not play at the same time"
    assert set(refusals(entries)) <= REFUSALS - {"GameChangedError", "StoreBusyError"}
    me = player_id(TERMINAL_NAME, "")
    stored = await load(database, [*EVERYONE, me], GUILD)
    mine = sorted((g for g in stored.games.values() if g.channel_id == me), key=lambda g: g.id)
    assert mine[0].status is Status.EXPIRED  # the game of the welcome, set aside by resign
    assert [game.level for game in mine[1:]] == levels
    assert all(game.status in (Status.WON, Status.LOST, Status.DRAWN) for game in mine[1:])
    check_games(stored.games_in(set(BOT_CHANNELS) | {d[0] for d in DUELS}), entries, complete=True)
    check_games(stored.games_in({me}), [], complete=False)
    check_totals(stored, [*EVERYONE, me], GUILD, DUELS)
    assert f"{TERMINAL_NAME} against me: " in out and f"({len(levels)} games, " in out
