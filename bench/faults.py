"""Benchmark of issue 35's promises under Discord's faults: the real bot process, a fake
Discord at the wire level (tools/fake_discord), boards lost or duplicated, answers late.

Prints figures (not a test). Two parts:

- ``rate-limits``: ``--channels`` members, one a channel, each play ``--games`` games against
  the bot (level easy, who starts at random) as a person would: ``/tictactoe start``, then on
  the board the channel shows a free cell, clicked or typed (``!move r c``) at random, the
  next move once the board after it is shown. Meanwhile the fake refuses about ``--share``
  of the bot's posts and edits (channel posts and edits, follow-ups, edits of an
  interaction's message) in bursts of 429s (``Via`` header, small ``retry_after``; some
  bursts past discord.py's five tries) and Cloudflare 502s. When every member is done, the
  faults stop and the bench waits until the database owes no board. Then it reads the
  database: every board a save made (a start, a move and the bot's answer) must have been
  shown in its channel by exactly one message (lost: never; duplicated: by two or more; each
  board read off a V2 message's cell buttons, whose emoji grid must draw the same position),
  and every interaction answered within 2.5 s (Discord allows 3).
- ``outage``: ``--outage-channels`` members play against the bot on PostgreSQL (a throwaway
  server from the pgserver wheel, tools/postgres_server.py) with no Discord faults; after a
  few seconds the server is stopped for ``--outage-seconds`` and started again, the members
  going on (clicking, typing, starting; trying again when told the store is unavailable),
  and another member starting a game in a fresh channel every second of the outage (a slash
  command that needs the store before it can answer).
  Figures: the slowest first answer to an interaction during the outage (target 2.5 s), the
  answers that said the store is unavailable, how long after the server is back a move's
  board is shown again, and the same lost/duplicated count.

    python bench/faults.py [--channels 16] [--games 3] [--share 0.4] [--seed 0]
                           [--parts rate-limits,outage] [--outage-channels 8]
                           [--outage-seconds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arguments import positive_float, positive_int  # bench/arguments.py
from figures import Row, load_average, print_table, quantile, row  # bench/figures.py

from tools.fake_discord import POSTS_AND_EDITS, BotProcess, FakeDiscord, Faults, Interaction
from tools.fake_discord.boards import (
    GAMES_QUERY,
    Ledger,
    ledger,
    parse_games,
    sqlite_games,
    sqlite_owed,
)
from tools.fake_discord.play import Move, Player

ANSWER_TARGET_S = 2.5
"""Every interaction's first answer within this many seconds (Discord allows 3)."""
MOVE_TIMEOUT_S = 600.0
"""A board not shown this long after its move counts as lost (the sweep backs off to 5 min)."""
SETTLE_TIMEOUT_S = 900.0
UNAVAILABLE = "The game store is unavailable right now"
PARTS = ("rate-limits", "outage")


@dataclass
class Play:
    """What the members did, and what the bot did with it."""

    moves: list[Move] = field(default_factory=list)
    interactions: list[Interaction] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def play_games(player: Player, games: int, play: Play) -> None:
    """``games`` whole games by ``player``, each move waiting for its board."""
    rng = player.rng
    for _ in range(games):
        try:
            await player.start(MOVE_TIMEOUT_S, level="easy", first=rng.choice(("me", "bot")))
            while True:
                live = player.board()
                if live is None or not live[2]:
                    break  # the game is over
                await asyncio.sleep(rng.uniform(0.2, 1.0))  # a member reads, then plays
                await player.move(rng.choice(("click", "type")), MOVE_TIMEOUT_S)
        except TimeoutError:
            play.errors.append(f"channel {player.channel_id}: a board never came")
            return


def late_lines(log: str) -> tuple[int, int]:
    """(first tries that failed, tracebacks) in the bot's log; each traceback is printed."""
    lines = log.splitlines()
    for index, line in enumerate(lines):
        if "Traceback" in line:
            start = max(0, index - 1)
            end = next(
                (i for i in range(index + 1, len(lines)) if not lines[i][:1].isspace()), len(lines)
            )
            print("bot log:", *lines[start : end + 1], sep="\n  ")
    return log.count(" is late ("), log.count("Traceback")


def interaction_rows(interactions: list[Interaction], label: str) -> list[Row]:
    answered = [i.first_answer_s for i in interactions if i.first_answer_s is not None]
    unanswered = len(interactions) - len(answered)
    late = sum(1 for i in interactions for _at, _status, code in i.refused if code == 10062)
    slowest = max(answered, default=float("nan"))
    return [
        row(f"{label}: interactions", f"{len(interactions)}"),
        row(
            f"{label}: slowest first answer",
            f"{slowest:.3f} s (median {quantile(answered, 0.5):.3f})",
            f"<= {ANSWER_TARGET_S} s",
            slowest <= ANSWER_TARGET_S,
        ),
        row(
            f"{label}: never answered / refused as late (10062)",
            f"{unanswered} / {late}",
            "0 / 0",
            unanswered == 0 and late == 0,
        ),
    ]


def ledger_rows(book: Ledger, label: str) -> list[Row]:
    return [
        row(f"{label}: games, moves played (saved)", f"{book.games}, {book.member_moves}"),
        row(f"{label}: boards saved (starts and moves)", f"{book.saved}"),
        row(f"{label}: board messages posted", f"{book.posts}"),
        row(f"{label}: boards lost", f"{len(book.lost)}", "0", not book.lost),
        row(f"{label}: boards duplicated", f"{len(book.duplicated)}", "0", not book.duplicated),
        row(
            f"{label}: boards whose text draws another position than their buttons",
            f"{len(book.misdrawn)}",
            "0",
            not book.misdrawn,
        ),
    ]


def seated(fake: FakeDiscord, count: int, channels: str, seed: int) -> list[Player]:
    """``count`` members, each in a channel of their own (``channels-n``), their choices
    seeded from ``seed``."""
    rng = random.Random(seed)
    return [
        Player(
            fake,
            fake.add_member(f"m{n}"),
            fake.add_channel(f"{channels}-{n}"),
            random.Random(rng.random()),
        )
        for n in range(count)
    ]


async def rate_limits(args: argparse.Namespace) -> list[Row]:
    """The first part: many games with ``share`` of the bot's posts and edits refused."""
    faults = Faults()
    faults.bursts(args.share, kinds=POSTS_AND_EDITS, beyond=0.1, seed=args.seed)
    fake = FakeDiscord(faults=faults)
    await fake.start()
    players = seated(fake, args.channels, "games", args.seed)
    play = Play()
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "games.db")
        bot = BotProcess(fake, Path(folder) / "bot.log", {"DATABASE_PATH": database})
        began = time.monotonic()
        try:
            await bot.start()
            await asyncio.gather(*(play_games(p, args.games, play) for p in players))
            played_s = time.monotonic() - began
            faults.stop_bursts()
            await fake.until(lambda: sqlite_owed(database) == 0, SETTLE_TIMEOUT_S)
            settled_s = time.monotonic() - began
        finally:
            await bot.stop()
            await fake.stop()
        log = bot.log()
        games = sqlite_games(database)
    play.interactions = list(fake.interactions.values())
    play.moves = [move for player in players for move in player.moves]
    book = ledger(games, fake.shown)
    late, tracebacks = late_lines(log)
    delays = [m.delay for m in play.moves if m.delay is not None]
    asked, refused = faults.share_refused()
    print(
        f"rate limits: {args.channels} channels x {args.games} games, {args.share:.0%} of the "
        f"bot's posts and edits refused in bursts, seed {args.seed}; {load_average()}"
    )
    return [
        row(
            "rate limits: posts and edits asked, refused",
            f"{asked}, {refused} ({refused / max(1, asked):.0%})",
        ),
        row(
            "rate limits: 429s, 502s sent",
            f"{sum(1 for d in faults.refused if d.refusal == '429')}, "
            f"{sum(1 for d in faults.refused if d.refusal == '502')}",
        ),
        row("rate limits: first tries refused past discord.py's retries", f"{late}"),
        *ledger_rows(book, "rate limits"),
        row(
            "rate limits: moves timed, median delay to the board",
            f"{len(delays)}, {quantile(delays, 0.5):.2f} s",
        ),
        row(
            "rate limits: worst delay from a move to its board",
            f"{max(delays, default=float('nan')):.1f} s",
        ),
        *interaction_rows(play.interactions, "rate limits"),
        row(
            "rate limits: members stuck (a board that never came)",
            f"{len(play.errors)}",
            "0",
            not play.errors,
        ),
        row("rate limits: tracebacks in the bot's log", f"{tracebacks}", "0", tracebacks == 0),
        row(
            "rate limits: requests the fake does not serve or Discord would refuse",
            f"{len(fake.problems)}",
            "0",
            not fake.problems,
        ),
        row(
            "rate limits: played, then settled (no board owed)",
            f"{played_s:.0f} s, {settled_s:.0f} s",
        ),
    ]


async def keep_playing(player: Player, until: float, play: Play) -> None:
    """Play on (start, click, type) until ``until``, trying again after an answer that
    changed nothing (the store was unavailable)."""
    rng = player.rng
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0.2, 0.6))
        live = player.board()
        try:
            if live is None or not live[2]:
                await player.start(4.0, level="easy", first="me")
            else:
                await player.move(rng.choice(("click", "type")), 4.0)
        except TimeoutError:
            pass  # refused (the store is down): the member reads why and tries again


async def outage(args: argparse.Namespace) -> list[Row]:
    """The second part: PostgreSQL stopped and started under the playing bot."""
    from tools.postgres_server import PostgresUnavailable, fresh_database, running_server

    try:
        server_context = running_server()
        server = server_context.__enter__()
    except PostgresUnavailable as error:
        return [row("outage: PostgreSQL", f"could not start ({error})", "", False)]
    try:
        with fresh_database(server) as url:
            return await _outage(args, server, url)
    finally:
        server_context.__exit__(None, None, None)


async def _outage(args: argparse.Namespace, server: object, url: str) -> list[Row]:
    import psycopg

    fake = FakeDiscord()
    await fake.start()
    players = seated(fake, args.outage_channels, "outage", args.seed)
    starter = fake.add_member("starter")
    fresh = [fake.add_channel(f"fresh-{n}") for n in range(math.ceil(args.outage_seconds))]
    play = Play()
    with tempfile.TemporaryDirectory() as folder:
        bot = BotProcess(fake, Path(folder) / "bot.log", {"DATABASE_URL": url})
        try:
            await bot.start()
            warm, down = 5.0, args.outage_seconds
            began = time.monotonic()
            until = began + warm + down + 10.0
            playing = asyncio.gather(*(keep_playing(p, until, play) for p in players))
            await asyncio.sleep(warm)
            stopped_at = time.monotonic()
            await asyncio.to_thread(server.pause)  # type: ignore[attr-defined]
            # A start a second in a channel with no game: a slash command that needs the store.
            for channel in fresh:
                if time.monotonic() - stopped_at >= down:
                    break
                await fake.slash(starter, channel, "tictactoe start", level="easy")
                await asyncio.sleep(1.0)
            await asyncio.sleep(max(0.0, down - (time.monotonic() - stopped_at)))
            resume_at = time.monotonic()
            # In this thread, not a worker's: the server dies with the thread that started it
            # (tools/postgres_server.py, ``die_with_parent``).
            server.resume()  # type: ignore[attr-defined]
            back_at = time.monotonic()
            await playing
        finally:
            await bot.stop()
            await fake.stop()
        log = bot.log()
    with psycopg.connect(url) as connection:
        games = parse_games(connection.execute(GAMES_QUERY).fetchall())
    moves = [m for p in players for m in p.moves]
    during = [i for i in fake.interactions.values() if stopped_at <= i.dispatched_at <= back_at]
    unavailable = sum(1 for s in fake.shown if UNAVAILABLE in s.text)
    resumed = [m.shown_at for m in moves if m.shown_at is not None and m.at >= resume_at]
    first_back = min(resumed, default=float("nan")) - back_at
    book = ledger(games, fake.shown)
    _late, tracebacks = late_lines(log)
    print(
        f"outage: {args.outage_channels} channels, PostgreSQL stopped for {args.outage_seconds:g}"
        f" s under play; {load_average()}"
    )
    return [
        *interaction_rows(during, "outage"),
        *interaction_rows(list(fake.interactions.values()), "outage, whole run"),
        row("outage: answers saying the store is unavailable", f"{unavailable}"),
        row("outage: server back (started and accepting) after", f"{back_at - resume_at:.1f} s"),
        row("outage: a move's board shown again, after the server is back", f"{first_back:.2f} s"),
        *ledger_rows(book, "outage"),
        row("outage: tracebacks in the bot's log", f"{tracebacks}", "0", tracebacks == 0),
        row(
            "outage: requests the fake does not serve or Discord would refuse",
            f"{len(fake.problems)}",
            "0",
            not fake.problems,
        ),
    ]


def parts(text: str) -> list[str]:
    chosen = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [part for part in chosen if part not in PARTS]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(f"parts are {', '.join(PARTS)}, not {text}")
    return chosen


async def run(args: argparse.Namespace) -> int:
    rows: list[Row] = []
    if "rate-limits" in args.parts:
        rows += await rate_limits(args)
    if "outage" in args.parts:
        rows += await outage(args)
    print()
    print_table(rows)
    return 0 if all(r[3] is not False and not isinstance(r[3], str) for r in rows) else 1


def share(text: str) -> float:
    value = float(text)
    if not 0.0 <= value < 1.0:
        raise argparse.ArgumentTypeError(f"must be from 0 to below 1, not {text}")
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=positive_int, default=16)
    parser.add_argument("--games", type=positive_int, default=3)
    parser.add_argument("--share", type=share, default=0.4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--parts", type=parts, default=list(PARTS))
    parser.add_argument("--outage-channels", type=positive_int, default=8)
    parser.add_argument("--outage-seconds", type=positive_float, default=5.0)
    return asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
