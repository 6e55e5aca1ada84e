"""Worker processes for ``test_processes.py``: real OS processes that play through the
game layer (``GameService``) on one shared database, SQLite file or PostgreSQL URL.

Run as ``python -m process_workers '<json config>'`` with the repository root and this folder
on ``PYTHONPATH`` (``process_audit.Workers`` does it). A worker opens its store, prints ``ready``,
waits for ``go`` on stdin and then works until its time is up or a ``stop`` line arrives
(end of input counts as stop). Every operation it finishes is written to its log as one JSON
line (``Entry``) right after the call returned: acknowledged (``err`` None) or refused (the
error's class name). With ``fsync`` each line is flushed and fsynced before the next call, so a
process killed with SIGKILL has every acknowledgement it got on disk.

Modes: ``play`` hammers member-vs-bot channels (start, move, resign, rematch) and duel
channels (challenge, accept, decline, move, resign, rematch) with members both processes
share, while an observer looks for a state no serial order reaches; ``sweep`` expires idle
games (``expire_idle``) as the bot or the terminal does, and logs every game it was given to
announce; ``finish`` plays ``games`` games to their end (or a resignation), then starts one
more, moves in it and waits to be killed.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import IO, Any, TypeVar

import psycopg

from bot.engine import Move
from bot.engine.classic import Board
from bot.games import (
    Challenge,
    Game,
    GameError,
    GameService,
    MoveReply,
    NoGameError,
    Seat,
    ShardSet,
)
from bot.games.store import GameStore
from bot.storage import SqliteGameStore

LEVELS_3X3 = ("easy", "medium", "hard", "perfect")

T = TypeVar("T")


@dataclass(frozen=True)
class Config:
    """What one worker does; the tests build it, ``json`` carries it."""

    mode: str
    database: str
    log: str
    worker: str
    seed: int = 1
    seconds: float = 3.0
    fsync: bool = False
    tasks: int = 3
    guild: int = 7 << 22
    bot_channels: tuple[int, ...] = ()
    members: tuple[int, ...] = ()
    duels: tuple[tuple[int, int, int, int], ...] = ()
    """(channel, member, member, bystander): each pair duels only in its own channel, where
    the bystander plays the bot between their duels (never set aside by their challenge: the
    service does not report a game a challenge sets aside)."""
    shards: tuple[int, tuple[int, ...]] | None = None
    """(count, ids) for a ``sweep`` limited to those shards."""
    touch: tuple[int, ...] = ()
    """Channels a ``sweep`` reads and sweeps one by one, in this order (see ``sweep``)."""
    sweep_every: float | None = None
    """Seconds between a ``play`` worker's sweeps (``expire_idle``), as the bot runs them."""
    idle_timeout: float = 600.0
    write_timeout: float = 2.0
    games: int = 5
    """Games a ``finish`` worker ends before the one it leaves running."""

    @classmethod
    def parse(cls, text: str) -> Config:
        raw: dict[str, Any] = json.loads(text)
        raw["duels"] = tuple(tuple(duel) for duel in raw.get("duels", ()))
        if raw.get("shards") is not None:
            count, ids = raw["shards"]
            raw["shards"] = (count, tuple(ids))
        for key in ("bot_channels", "members", "touch"):
            raw[key] = tuple(raw.get(key, ()))
        return cls(**raw)


def game_facts(game: Game) -> dict[str, Any]:
    """What the audit compares of a game: identity, seats, version and the whole position."""
    return {
        "id": game.id,
        "channel": game.channel_id,
        "guild": game.guild_id,
        "x": game.x.member_id,
        "o": game.o.member_id,
        "level": game.level,
        "version": game.version,
        "moves": [move.row * game.size + move.col for move in game.moves],
        "status": str(game.status),
        "winner": None if game.winner is None else game.winner.name,
    }


def challenge_facts(challenge: Challenge) -> dict[str, Any]:
    return {
        "id": challenge.id,
        "channel": challenge.channel_id,
        "challenger": challenge.challenger.member_id,
        "opponent": challenge.opponent.member_id,
        "status": str(challenge.status),
        "game_id": challenge.game_id,
    }


def cell(move: Move | None, size: int = 3) -> int | None:
    return None if move is None else move.row * size + move.col


def refusal(error: GameError) -> str:
    """How the log names a refusal: its class in ``bot.games.errors``, so a store's typed error
    (``bot.games.store_errors``) counts as the error it refines (``ChannelTakenError`` is a
    ``GameChangedError``)."""
    return next(kind.__name__ for kind in type(error).__mro__ if kind.__module__ == ERRORS)


ERRORS = GameError.__module__


async def open_store(database: str, write_timeout: float) -> GameStore:
    """The store a process of the bot would open: PostgreSQL for a URL, else SQLite."""
    if database.startswith("postgresql://"):
        from bot.storage.postgres.store import PostgresGameStore

        return await PostgresGameStore.open(database)
    return SqliteGameStore(database, write_timeout=write_timeout)


class Log:
    """The worker's acknowledgements and refusals, one JSON line each."""

    def __init__(self, path: str, worker: str, *, fsync: bool) -> None:
        self._file: IO[str] = open(path, "a", encoding="utf-8")  # noqa: SIM115 (closed in close)
        self._worker = worker
        self._fsync = fsync

    def write(self, op: str, channel: int, member: int | None, **facts: Any) -> None:
        entry = {"w": self._worker, "op": op, "ch": channel, "m": member, "t": time.time()}
        self._file.write(json.dumps({**entry, **facts}) + "\n")
        if self._fsync:
            self._file.flush()
            os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


BOTH_OPEN = (
    "SELECT g.channel_id, g.id, c.id FROM games g JOIN challenges c "
    "ON c.channel_id = g.channel_id WHERE g.status = 'active' AND c.status = 'open'"
)
"""Channels with a running game and an open challenge at once: no serial order of the
service's operations leaves a channel so (a challenge waits only where no game runs, and a
game starts only where no challenge waits), so one atomic read must never find any."""


class Observer:
    """Reads ``BOTH_OPEN`` in one statement (one snapshot) on a connection of its own."""

    def __init__(self, database: str) -> None:
        self.database = database
        self._sqlite: sqlite3.Connection | None = None
        self._postgres: psycopg.AsyncConnection[Any] | None = None

    async def both_open(self) -> list[tuple[int, int, int]]:
        if self.database.startswith("postgresql://"):
            if self._postgres is None:
                self._postgres = await psycopg.AsyncConnection.connect(
                    self.database, autocommit=True
                )
            cursor = await self._postgres.execute(BOTH_OPEN)
            return [tuple(row) for row in await cursor.fetchall()]
        if self._sqlite is None:
            self._sqlite = sqlite3.connect(self.database, timeout=10, check_same_thread=False)
        conn = self._sqlite
        return await asyncio.to_thread(lambda: [tuple(row) for row in conn.execute(BOTH_OPEN)])

    async def close(self) -> None:
        if self._postgres is not None:
            await self._postgres.close()
        if self._sqlite is not None:
            self._sqlite.close()


class Player:
    """One process's players: ``tasks`` loops picking operations at random until told to stop."""

    def __init__(self, config: Config, service: GameService, store: GameStore, log: Log) -> None:
        self.config = config
        self.service = service
        self.store = store
        self.log = log
        self.rng = random.Random(f"{config.seed}-{config.worker}")
        self.stop = asyncio.Event()

    async def run(self) -> None:
        loops = [self.loop() for _ in range(self.config.tasks)]
        if self.config.sweep_every is not None:
            loops.append(self.sweep(self.config.sweep_every))
        await asyncio.gather(self.watch(), *loops)

    async def sweep(self, every: float) -> None:
        """Expire idle games now and then, as the bot's announcer does."""
        while not self.stop.is_set():
            announce(self.log, await self.service.expire_idle())
            await asyncio.sleep(every)

    async def watch(self) -> None:
        """Look for a state no serial order reaches (``BOTH_OPEN``) while the others play."""
        observer = Observer(self.config.database)
        try:
            while not self.stop.is_set():
                for channel, game_id, challenge_id in await observer.both_open():
                    self.log.write(
                        "observe",
                        channel,
                        None,
                        err="GameAndChallengeBothOpen",
                        gid=game_id,
                        cid=challenge_id,
                    )
                await asyncio.sleep(0.01)
        finally:
            await observer.close()

    async def loop(self) -> None:
        duels = {channel: (a, b, c) for channel, a, b, c in self.config.duels}
        channels = [*self.config.bot_channels, *duels]
        while not self.stop.is_set():
            channel = self.rng.choice(channels)
            if channel in duels:
                await self.duel_turn(channel, *duels[channel])
            else:
                await self.bot_turn(channel, self.config.members, await self.current(channel))
            await asyncio.sleep(0)

    async def current(self, channel: int) -> Game | None:
        try:
            return await self.service.active_game(channel)
        except NoGameError:
            return None

    def some_cell(self, board: Board) -> Move:
        """Mostly a free cell (a real move), sometimes any cell (refused if taken)."""
        if self.rng.random() < 0.9 and board.legal_moves:
            return self.rng.choice(board.legal_moves)
        return Move(*divmod(self.rng.randrange(board.size * board.size), board.size))

    async def bot_turn(
        self, channel: int, members: tuple[int, ...], game: Game | None = None
    ) -> None:
        rng = self.rng
        if game is None or rng.random() < 0.06:
            member = rng.choice(members)
            last = await self.last_game(channel, member)
            if last is not None and not last.is_active and rng.random() < 0.3:
                await self.rematch(channel, member, last.id)
            else:
                await self.start(channel, member)
        else:
            owner = game.member.member_id
            assert owner is not None
            member = owner if rng.random() < 0.85 else rng.choice(members)
            if rng.random() < 0.06:
                await self.resign(channel, member)
            else:
                await self.move(channel, member, self.some_cell(game.position))

    async def duel_turn(self, channel: int, a: int, b: int, bystander: int) -> None:
        rng = self.rng
        game = await self.current(channel)
        if game is None:
            challenge = await self.store.open_challenge(channel)  # a button's challenge
            if challenge is not None:
                pick = rng.random()
                if pick < 0.9:  # mostly the opponent; the challenger is refused
                    accepter = challenge.opponent if pick < 0.8 else challenge.challenger
                    assert accepter.member_id is not None
                    await self.accept(channel, accepter.member_id, challenge.id)
                else:
                    await self.decline(channel, rng.choice((a, b)), challenge.id)
                return
            member = rng.choice((a, b))
            pick = rng.random()
            if pick < 0.25:  # a game against the bot, racing the other process's challenge
                await self.bot_turn(channel, (bystander,))
                return
            last = await self.last_game(channel, member)
            if last is not None and not last.is_active and pick < 0.6:
                await self.rematch(channel, member, last.id)
            else:
                await self.challenge(channel, member, b if member == a else a)
        elif not game.is_duel:
            # Only the bystander starts bot games here: a duelist's own unstarted bot game
            # would be set aside by their challenge from the other process, a save that
            # ``challenge()`` does not report (the store's contract tests cover it).
            await self.bot_turn(channel, (bystander,), game)
        elif rng.random() < 0.04:
            await self.resign(channel, rng.choice((a, b)))
        else:
            to_move = game.to_move_seat
            assert to_move is not None and to_move.member_id is not None
            member = to_move.member_id if rng.random() < 0.8 else rng.choice((a, b))
            await self.move(channel, member, self.some_cell(game.position))

    async def last_game(self, channel: int, member: int) -> Game | None:
        try:
            return await self.service.last_game(channel_id=channel, member_id=member)
        except NoGameError:
            return None

    # -- the operations, each logged as its call returned ---------------------------------

    async def attempt(
        self, op: str, channel: int, member: int, call: Awaitable[T], **facts: Any
    ) -> T | None:
        """``call``'s result, or None once its refusal is logged."""
        try:
            return await call
        except GameError as error:
            self.log.write(op, channel, member, err=refusal(error), **facts)
            return None

    async def start(self, channel: int, member: int) -> None:
        call = self.service.start(
            channel_id=channel,
            guild_id=self.config.guild,
            member_id=member,
            member_name=f"m{member}",
            level=self.rng.choice(LEVELS_3X3),
            first=self.rng.choice(("me", "bot", "random")),
        )
        if (reply := await self.attempt("start", channel, member, call)) is not None:
            self.log_reply("start", channel, member, reply)

    async def rematch(self, channel: int, member: int, game_id: int) -> None:
        call = self.service.rematch(game_id=game_id, member_id=member, member_name=f"m{member}")
        result = await self.attempt("rematch", channel, member, call)
        if isinstance(result, MoveReply):
            self.log_reply("rematch", channel, member, result)
        elif result is not None:
            facts = challenge_facts(result)
            self.log.write("challenge", channel, member, err=None, challenge=facts)

    async def move(self, channel: int, member: int, move: Move) -> None:
        call = self.service.move(channel_id=channel, member_id=member, move=move)
        if (reply := await self.attempt("move", channel, member, call)) is not None:
            self.log_reply("move", channel, member, reply)

    async def resign(self, channel: int, member: int) -> None:
        call = self.service.resign(channel_id=channel, member_id=member)
        if (game := await self.attempt("resign", channel, member, call)) is not None:
            self.log.write("resign", channel, member, err=None, game=game_facts(game))

    async def challenge(self, channel: int, member: int, other: int) -> None:
        call = self.service.duels.challenge(
            channel_id=channel,
            guild_id=self.config.guild,
            challenger=Seat(member, f"m{member}"),
            opponent=Seat(other, f"m{other}"),
            first=self.rng.choice(("challenger", "opponent", "random")),
        )
        if (challenge := await self.attempt("challenge", channel, member, call)) is not None:
            facts = challenge_facts(challenge)
            self.log.write("challenge", channel, member, err=None, challenge=facts)

    async def accept(self, channel: int, member: int, challenge_id: int) -> None:
        call = self.service.duels.accept(challenge_id=challenge_id, member_id=member)
        await self.answer("accept", channel, member, challenge_id, call, game=game_facts)

    async def decline(self, channel: int, member: int, challenge_id: int) -> None:
        call = self.service.duels.decline(challenge_id=challenge_id, member_id=member)
        await self.answer("decline", channel, member, challenge_id, call, challenge=challenge_facts)

    async def answer(
        self,
        op: str,
        channel: int,
        member: int,
        challenge_id: int,
        call: Awaitable[T],
        **facts: Callable[[T], dict[str, Any]],
    ) -> None:
        """An answer to challenge ``challenge_id`` logged with its id: the refusal, or what
        the answer left, each of ``facts`` under its name (the game accepting starts, the
        challenge declined)."""
        result = await self.attempt(op, channel, member, call, cid=challenge_id)
        if result is not None:
            left = {name: fact(result) for name, fact in facts.items()}
            self.log.write(op, channel, member, err=None, cid=challenge_id, **left)

    def log_reply(self, op: str, channel: int, member: int, reply: MoveReply) -> None:
        replaced = None if reply.replaced is None else game_facts(reply.replaced)
        self.log.write(
            op,
            channel,
            member,
            err=None,
            game=game_facts(reply.game),
            member_move=cell(reply.member_move),
            bot_move=cell(reply.bot_move),
            replaced=replaced,
        )


async def sweep(config: Config, service: GameService, log: Log) -> None:
    """With ``touch``: read each of those channels in turn (its idle game is expired by the
    read) and then sweep only that channel, as the terminal does. Without: sweep the whole
    database (``shards``: only theirs), as the bot does, until a sweep finds nothing."""
    shards = None
    if config.shards is not None:
        shards = ShardSet(config.shards[0], frozenset(config.shards[1]))
    for channel in config.touch:
        with suppress(NoGameError):
            await service.active_game(channel)
        announce(log, await service.expire_idle(channel_id=channel))
    while not config.touch:
        expired = await service.expire_idle(shards=shards)
        announce(log, expired)
        if not expired:
            return


async def finish(config: Config, service: GameService, log: Log) -> None:
    """In ``bot_channels[0]``, ``members[0]`` plays ``games`` games at random levels and
    sizes to their end, each move a random free cell, resigning every third game; each ended
    game is logged ``finished``. Then one more game, one move in, logged ``running``, and
    this process waits (for its SIGKILL)."""
    rng = random.Random(f"{config.seed}-{config.worker}")
    channel, member = config.bot_channels[0], config.members[0]
    for number in range(config.games + 1):
        reply = await service.start(
            channel_id=channel,
            guild_id=config.guild,
            member_id=member,
            member_name=f"m{member}",
            level=rng.choice(LEVELS_3X3),
            first="me",
            size=rng.choice((3, 3, 4)),
        )
        game = reply.game
        last = number == config.games
        resigns = not last and number % 3 == 1
        while game.is_active:
            move = rng.choice(game.position.legal_moves)
            game = (await service.move(channel_id=channel, member_id=member, move=move)).game
            if last:
                log.write("running", channel, member, err=None, game=game_facts(game))
                await asyncio.Event().wait()
            if resigns and game.is_active:
                game = await service.resign(channel_id=channel, member_id=member)
        log.write("finished", channel, member, err=None, game=game_facts(game))


def announce(log: Log, expired: list[Game]) -> None:
    for game in expired:
        log.write("expired", game.channel_id, None, err=None, game=game_facts(game))


def watch_stdin(loop: asyncio.AbstractEventLoop, go: asyncio.Event, stop: asyncio.Event) -> None:
    """Read the parent's lines in a daemon thread (it never holds up the exit)."""

    def read() -> None:
        for line in sys.stdin:
            word = line.strip()
            if word == "go":
                loop.call_soon_threadsafe(go.set)
            elif word == "stop":
                break
        loop.call_soon_threadsafe(go.set)
        loop.call_soon_threadsafe(stop.set)

    threading.Thread(target=read, daemon=True).start()


async def main(config: Config) -> None:
    store = await open_store(config.database, config.write_timeout)
    service = GameService(store, idle_timeout=config.idle_timeout, rng=random.Random(config.seed))
    log = Log(config.log, config.worker, fsync=config.fsync)
    go, stop = asyncio.Event(), asyncio.Event()
    watch_stdin(asyncio.get_running_loop(), go, stop)
    print("ready", flush=True)
    await go.wait()
    try:
        if config.mode == "sweep":
            await sweep(config, service, log)
        elif config.mode == "finish":
            await finish(config, service, log)
        else:
            player = Player(config, service, store, log)
            timer = asyncio.get_running_loop().call_later(config.seconds, player.stop.set)
            stopper = asyncio.ensure_future(stop.wait())
            stopper.add_done_callback(lambda _: player.stop.set())
            await player.run()
            timer.cancel()
            stopper.cancel()
    finally:
        log.close()
        await service.close()
    print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(main(Config.parse(sys.argv[1])))
