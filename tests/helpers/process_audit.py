"""Running the worker processes of ``process_workers`` and auditing the database they shared.

The audit reads every game and challenge from the database (through a fresh store) and holds
them against the workers' logs. Each game's version counts its saves, so the acknowledged
operations on one game, ordered by the version each returned, are the serial order the
database chose: every version at most once (else two processes both saved over one state: a
lost move), each step the operation applied to the state before it (a member's move plus at
most one bot answer, a resignation, a set-aside), and the stored game equal to the state its
last acknowledgement returned. With ``complete`` (no process died) every version of every
game is acknowledged by exactly one operation: a refused operation wrote nothing.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from games_helpers import assert_consistent
from process_workers import game_facts, open_store

from bot.engine import Player
from bot.engine.ratings import rate
from bot.games import DUEL, Challenge, Game, GameKind, Record, Status
from bot.games.models import START_RATING, Rating

ROOT = Path(__file__).resolve().parents[2]
COUNTED = (Status.WON, Status.LOST, Status.DRAWN, Status.RESIGNED)
Entry = dict[str, Any]


class Workers:
    """Worker processes started together: ``go`` lets them all loose at once."""

    def __init__(self, configs: list[dict[str, Any]], logs: Path) -> None:
        self.processes: list[subprocess.Popen[str]] = []
        self.errors = [logs / f"{config['worker']}.stderr" for config in configs]
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests" / "helpers")]),
        }
        for config, errors in zip(configs, self.errors, strict=True):
            with errors.open("w") as stderr:
                self.processes.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "process_workers", json.dumps(config)],
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        stderr=stderr,
                        text=True,
                        env=env,
                        cwd=ROOT,
                    )
                )
        for process, errors in zip(self.processes, self.errors, strict=True):
            assert process.stdout is not None
            line = process.stdout.readline()
            assert line == "ready\n", f"{line!r}: {errors.read_text()}"

    def go(self) -> None:
        for process in self.processes:
            self.say(process, "go")

    def say(self, process: subprocess.Popen[str], word: str) -> None:
        assert process.stdin is not None
        process.stdin.write(word + "\n")
        process.stdin.flush()

    def finish(self, process: subprocess.Popen[str], timeout: float = 60) -> None:
        """Wait for ``process`` to end its run and assert it exited cleanly."""
        process.wait(timeout)
        index = self.processes.index(process)
        assert process.returncode == 0, self.errors[index].read_text()
        assert process.stdout is not None and process.stdout.read() == "done\n"

    def finish_all(self, timeout: float = 60) -> None:
        for process in self.processes:
            self.finish(process, timeout)

    def kill_all(self) -> None:
        """Kill what still runs (a failed test), by pid, and close the pipes."""
        for process in self.processes:
            if process.poll() is None:
                process.kill()
                process.wait()
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    pipe.close()


@contextmanager
def workers(configs: list[dict[str, Any]], logs: Path) -> Iterator[Workers]:
    started = Workers(configs, logs)
    try:
        yield started
    finally:
        started.kill_all()


def read_log(path: Path) -> list[Entry]:
    """The entries of a worker's log; a last line cut off by a kill is no acknowledgement."""
    entries = []
    with path.open(encoding="utf-8") as log:
        for line in log:
            if line.endswith("\n"):
                entries.append(json.loads(line))
    return entries


def stored_ids(database: str, table: str) -> list[int]:
    query = f"SELECT id FROM {table} ORDER BY id"
    if database.startswith("postgresql://"):
        with psycopg.connect(database) as conn:
            return [int(row[0]) for row in conn.execute(query).fetchall()]
    with closing(sqlite3.connect(database)) as conn:
        return [int(row[0]) for row in conn.execute(query).fetchall()]


@dataclass
class Stored:
    """Everything in the database after the run, read through the store."""

    games: dict[int, Game]
    challenges: dict[int, Challenge]
    records: dict[tuple[int, int | None], dict[tuple[GameKind, str, int], Record]] = field(
        default_factory=dict
    )
    standings: dict[int, Record] = field(default_factory=dict)
    ratings: dict[int, Rating] = field(default_factory=dict)

    def games_in(self, channels: set[int]) -> Stored:
        """The same, with only the games of ``channels`` (those the logs account for)."""
        games = {key: game for key, game in self.games.items() if game.channel_id in channels}
        return Stored(games, self.challenges, self.records, self.standings, self.ratings)


async def load(database: str, members: list[int], guild: int) -> Stored:
    store = await open_store(database, 10.0)
    try:
        games = {}
        for game_id in stored_ids(database, "games"):
            game = await store.get(game_id)
            assert game is not None
            games[game_id] = game
        challenges = {}
        for challenge_id in stored_ids(database, "challenges"):
            challenge = await store.get_challenge(challenge_id)
            assert challenge is not None
            challenges[challenge_id] = challenge
        stored = Stored(games, challenges)
        for member in members:
            for scope in (guild, None):
                stored.records[member, scope] = await store.records(member, scope)
            stored.ratings[member] = await store.rating(member, guild, kind="classic")
        standings = await store.standings(guild, kind="classic")
        stored.standings = {mid: record for mid, _, record in standings}
        return stored
    finally:
        await store.close()


def result_of(game: Game, member: int) -> Record:
    """The member's counted result in ``game`` (nothing if it does not count)."""
    mark = game.seat_of(member)
    if game.status not in COUNTED or mark is None:
        return Record()
    if game.winner is None:
        return Record(draws=1)
    return Record(wins=1) if game.winner is mark else Record(losses=1)


def check_totals(
    stored: Stored, members: list[int], guild: int, duels: list[tuple[int, int, int, int]]
) -> None:
    """The running totals (records, standings, ratings) equal a recount of the games."""
    recount: dict[tuple[int, int | None], dict[tuple[GameKind, str, int], Record]] = defaultdict(
        dict
    )
    for game in stored.games.values():
        for member in (game.x.member_id, game.o.member_id):
            result = Record() if member is None else result_of(game, member)
            for scope in {game.guild_id, None} if result.games else ():
                by_level = recount[member or 0, scope]
                key = (game.kind, game.level, game.size)
                by_level[key] = by_level.get(key, Record()) + result
    for member in members:
        for scope in (guild, None):
            assert stored.records[member, scope] == recount[member, scope], (member, scope)
    against_bot = {
        member: sum((r for (_, level, _), r in by.items() if level != DUEL), Record())
        for (member, scope), by in recount.items()
        if scope == guild
    }
    assert stored.standings == {m: r for m, r in against_bot.items() if r.games}
    for channel, a, b, _ in duels:  # each pair duels in its own channel only: id order = time
        ratings = {a: Rating(), b: Rating()}
        for game in sorted(stored.games.values(), key=lambda g: g.id):
            if game.channel_id != channel or game.level != DUEL or game.status not in COUNTED:
                continue
            x, o = ratings[game.x.member_id or 0], ratings[game.o.member_id or 0]
            score = 0.5 if game.winner is None else float(game.winner is Player.X)
            new_x, new_o = rate(x.rating, o.rating, score)
            ratings[game.x.member_id or 0] = Rating(new_x, x.games + 1)
            ratings[game.o.member_id or 0] = Rating(new_o, o.games + 1)
        for member in (a, b):
            assert stored.ratings[member] == ratings[member], (member, ratings)
    assert sum(r.rating - START_RATING for r in stored.ratings.values()) == 0


@dataclass
class Acks:
    """The acknowledged saves of each game: version -> (the entry, the state it returned)."""

    by_game: dict[int, dict[int, tuple[Entry, dict[str, Any]]]] = field(
        default_factory=lambda: defaultdict(dict)
    )

    def add(self, entry: Entry, facts: dict[str, Any]) -> None:
        saves = self.by_game[facts["id"]]
        version = facts["version"]
        assert version not in saves, (
            f"game {facts['id']} version {version} acknowledged twice: {saves[version]} and "
            f"{(entry, facts)}"
        )
        saves[version] = (entry, facts)


def acknowledged(entries: list[Entry]) -> Acks:
    acks = Acks()
    for entry in entries:
        if entry["err"] is None:
            for key in ("game", "replaced"):
                if entry.get(key) is not None:
                    acks.add(entry, entry[key])
    return acks


def check_games(stored: Stored, entries: list[Entry], *, complete: bool) -> Acks:
    """Every game legal and consistent, every acknowledged save in it, each step of its
    version chain the operation applied to the state before (see the module docstring)."""
    for game in stored.games.values():
        assert_consistent(game)
    acks = acknowledged(entries)
    for game_id, saves in acks.by_game.items():
        assert game_id in stored.games, f"acknowledged game {game_id} is not in the database"
        game = stored.games[game_id]
        now = game_facts(game)
        for version, (entry, facts) in saves.items():
            assert version <= game.version, (game_id, version, game.version)
            assert now["moves"][: len(facts["moves"])] == facts["moves"], (entry, now)
            if version == game.version:
                assert facts == now, (entry, now)
            before = saves.get(version - 1)
            if before is not None:
                check_step(before[1], entry, facts, game)
        if complete:
            assert sorted(saves) == list(range(game.version + 1)), (
                f"game {game_id} saved {game.version + 1} times, acknowledged versions "
                f"{sorted(saves)}: a refused operation wrote, or a save went unreported"
            )
    if complete:
        unreported = set(stored.games) - set(acks.by_game)
        assert not unreported, f"games nobody acknowledged starting: {sorted(unreported)}"
    return acks


def check_step(before: dict[str, Any], entry: Entry, after: dict[str, Any], game: Game) -> None:
    """``after`` is the acknowledged ``entry`` applied to the state ``before`` it."""
    assert before["status"] == "active", (before, entry)
    moves = before["moves"]
    if entry["op"] == "move" and entry["game"] is after:
        added = [entry["member_move"]]
        if entry["bot_move"] is not None:
            added.append(entry["bot_move"])
        assert after["moves"] == moves + added, (before, entry)
        mover = game.x if len(moves) % 2 == 0 else game.o
        assert mover.member_id == entry["m"], ("moved out of turn", before, entry)
        if entry["bot_move"] is not None:
            assert game.seat(Player.O if mover is game.x else Player.X).is_bot, entry
    else:  # a resignation, or a game set aside: the board stays as it was
        assert after["moves"] == moves, (before, entry)
        assert after["status"] in ("resigned", "expired"), (before, entry)


def check_challenges(stored: Stored, entries: list[Entry], *, complete: bool) -> None:
    """Each challenge answered at most once, as acknowledged; each acknowledged one stored."""
    answers: dict[int, list[Entry]] = defaultdict(list)
    for entry in entries:
        if entry["err"] is None and entry["op"] in ("accept", "decline"):
            answers[entry["cid"]].append(entry)
        if entry["err"] is None and entry.get("challenge") is not None:
            assert entry["challenge"]["id"] in stored.challenges, entry
    for challenge_id, challenge in stored.challenges.items():
        given = answers.get(challenge_id, [])
        assert len(given) <= 1, f"challenge {challenge_id} answered twice: {given}"
        if challenge.is_open:
            assert not given, (challenge, given)
            continue
        if complete:
            assert len(given) == 1, (challenge, "closed without an acknowledged answer")
        for entry in given:
            if entry["op"] == "accept":
                assert challenge.status == "accepted", (challenge, entry)
                assert challenge.game_id == entry["game"]["id"], (challenge, entry)
            else:
                assert challenge.status == entry["challenge"]["status"], (challenge, entry)


def refusals(entries: list[Entry]) -> Counter[str]:
    return Counter(entry["err"] for entry in entries if entry["err"] is not None)


def shared_games(acks: Acks) -> int:
    """Games saved by more than one process: the processes really played the same games."""
    return sum(1 for saves in acks.by_game.values() if len({e["w"] for e, _ in saves.values()}) > 1)
