"""Benchmark of the flood guard: one member floods, another plays on, through the real bot.

Prints figures (not a test). The real discord.py bot runs against simcord's virtual Discord on
a temporary SQLite file with the default ``COMMAND_RATE``. One member sends ``--flood``
``!move 9 9`` in one channel while another member plays ``!move`` games in a second channel,
one move after every ``--every`` flood commands. Each timed move is one ``!move`` message
until the bot's reply is posted (seen by a listener on the bot's own messages), so it includes
discord.py's command parsing, the game service, SQLite and the reply, but not simcord's
settling afterwards (it polls every 50 ms while bot work it tracks is pending). The same moves
are timed with nobody flooding, for comparison. A 10 ms ticker (bench/figures.py) records the
event loop's longest stall during the flood; ``measure`` returns the figures (bench/steady.py
prints them too).

simcord's clock is virtual: it moves on by ``2 * seconds / commands`` of ``COMMAND_RATE`` (1 s
by default, half the guard's refill) before each of the player's moves, a pace the guard lets
through with the starts of new games. The flood's commands between two moves arrive at one
instant, the hardest flood for the guard: after its burst the flooder is answered as the
allowance comes back, so the flood should get at most the burst, the refill over the flood's
span and one note per whole refill, what the steadiest honest member could get. Then another
member sends 300 commands evenly over 6 virtual seconds, a steady flood: it should get at most
12 replies, the note included (issue 26).

    python bench/floods.py [--flood 1000] [--every 10]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import simcord
from figures import Ticker, p99  # bench/figures.py, beside this file

from bot.discord_bot import create_bot
from bot.engine import Move
from bot.games import GameService, NoGameError
from bot.settings import CommandRate, Settings
from bot.storage import SqliteGameStore

TARGET_P99_MS = 50.0
STEADY_FLOOD = 300
STEADY_FLOOD_S = 6.0
TARGET_STEADY_REPLIES = 12


@dataclass(frozen=True)
class FloodFigures:
    """What one flood did: the flooder's answers, the other player's moves, the loop."""

    rate: CommandRate
    flood: int
    flood_s: float
    replies: int
    """Messages the bot posted in reply to the flood's commands."""
    span_s: float
    """Virtual seconds from the flood's first command to its last."""
    steady_replies: int
    """Messages the bot posted in reply to the steady flood (``STEADY_FLOOD`` commands evenly
    over ``STEADY_FLOOD_S`` virtual seconds)."""
    alone: list[float]
    """The other player's ``!move`` times (ms) with nobody flooding."""
    during: list[float]
    """The same during the flood."""
    stall_ms: float
    """The event loop's worst lateness (a 10 ms ticker) during the flood."""
    gc_ms: float
    """The longest garbage collection during the flood."""

    @property
    def allowed(self) -> int:
        """The guard's promise over the flood's span: the burst, what came back meanwhile, and
        a note, plus one per whole refill (only a member quiet that long gets another)."""
        refills = self.span_s / self.rate.seconds
        return self.rate.commands + math.floor(refills * self.rate.commands) + 1 + int(refills)


async def measure(flood: int, every: int) -> FloodFigures:
    """Flood ``flood`` commands in one channel, a timed ``!move`` in another after every
    ``every`` of them; the same moves timed with nobody flooding first."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(database_path=Path(folder) / "bench.db", shard_count=1)
        service = GameService(SqliteGameStore(settings.database_path), rng=random.Random(0))
        bot = create_bot(settings, service=service)
        env = simcord.Env(bot)
        guild = env.create_guild("Bench")
        flooded = guild.create_text_channel("flooded")
        quiet = guild.create_text_channel("quiet")
        flooder = guild.add_member(env.create_user("flooder"))
        player = guild.add_member(env.create_user("player"))
        answered: dict[int, float] = {}  # a command's message id -> when its reply was posted

        async def on_message(message: discord.Message) -> None:
            if message.author == bot.user and message.reference is not None:
                answered.setdefault(message.reference.message_id or 0, time.perf_counter())

        bot.add_listener(on_message)
        await env.start()
        try:

            async def play_one() -> float:
                """One timed ``!move`` by the player (a new game first if none runs)."""
                try:
                    game = await service.active_game(quiet.id)
                except NoGameError:
                    await player.slash(quiet, "tictactoe start", first="me")
                    game = await service.active_game(quiet.id)
                move: Move = game.position.legal_moves[0]
                started = time.perf_counter()
                sent = await player.send(quiet, f"!move {move.row + 1} {move.col + 1}")
                return (answered[sent.id] - started) * 1000

            # Half the guard's rate: the player's starts count too, and stay within it.
            pace = 2 * settings.command_rate.seconds / settings.command_rate.commands
            alone = []
            for _ in range(flood // every):
                await env.advance_time(pace)
                alone.append(await play_one())
            await env.advance_time(settings.command_rate.seconds)

            sent: set[int] = set()
            during: list[float] = []
            started = time.perf_counter()
            first = last = env.now()
            async with Ticker() as ticker:
                for index in range(flood):
                    message = await flooder.send(flooded, "!move 9 9")
                    sent.add(message.id)
                    last = env.now()
                    if index % every == every - 1:
                        await env.advance_time(pace)
                        during.append(await play_one())
            flood_s = time.perf_counter() - started
            replies = replies_to(flooded, sent)

            steady = guild.add_member(env.create_user("steady"))
            steady_sent: set[int] = set()
            for index in range(STEADY_FLOOD):
                if index:
                    await env.advance_time(STEADY_FLOOD_S / STEADY_FLOOD)
                steady_sent.add((await steady.send(flooded, "!move 9 9")).id)
            steady_replies = replies_to(flooded, steady_sent)
        finally:
            await env.shutdown()

    rate = settings.command_rate
    return FloodFigures(
        rate=rate,
        flood=flood,
        flood_s=flood_s,
        replies=len(replies),
        span_s=(last - first).total_seconds(),
        steady_replies=len(steady_replies),
        alone=alone,
        during=during,
        stall_ms=ticker.worst_ms,
        gc_ms=ticker.worst_gc_ms,
    )


def replies_to(channel: simcord.ChannelHandle, sent: set[int]) -> list[discord.Message]:
    """The messages in ``channel`` answering one of the messages ``sent``."""
    return [
        m for m in channel.history() if m.reference is not None and m.reference.message_id in sent
    ]


async def run(flood: int, every: int) -> int:
    figures = await measure(flood, every)
    rate = figures.rate
    print(f"COMMAND_RATE {rate}: {flood} flood commands in {figures.flood_s:.2f} s")
    verdict = "PASS" if figures.replies <= figures.allowed else "FAIL"
    print(
        f"  replies to the flood: {figures.replies} over {figures.span_s:g} virtual seconds "
        f"(at most {figures.allowed})  {verdict}"
    )
    steady = figures.steady_replies
    verdict_steady = "PASS" if steady <= TARGET_STEADY_REPLIES else "FAIL"
    print(
        f"  replies to {STEADY_FLOOD} commands evenly over {STEADY_FLOOD_S:g} s: {steady} "
        f"(target <= {TARGET_STEADY_REPLIES}, the note included)  {verdict_steady}"
    )
    worst = p99(figures.during)
    verdict_p99 = "PASS" if worst <= TARGET_P99_MS else "FAIL"
    print(
        f"  !move in another channel: p99 {p99(figures.alone):.2f} ms alone, {worst:.2f} ms "
        f"during the flood ({len(figures.during)} moves; target <= {TARGET_P99_MS:.0f} ms)  "
        f"{verdict_p99}"
    )
    print(
        f"  longest event-loop stall during the flood: {figures.stall_ms:.1f} ms (longest "
        f"garbage collection meanwhile: {figures.gc_ms:.1f} ms)"
    )
    return 0 if verdict == verdict_steady == verdict_p99 == "PASS" else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", type=int, default=1000, help="commands the flooder sends")
    parser.add_argument("--every", type=int, default=10, help="flood commands per timed move")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    return asyncio.run(run(args.flood, args.every))


if __name__ == "__main__":
    sys.exit(main())
