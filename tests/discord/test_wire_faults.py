"""Issue 35 held at the wire level: the real bot process, its unchanged discord.py client
speaking HTTPS and WSS to a fake Discord (tools/fake_discord) that refuses what Discord and
Cloudflare refuse. simcord bypasses discord.py's HTTP client, so it cannot show what happens
when discord.py's own retries give up; here discord.py retries for real.

- Boards refused by 429 bursts past discord.py's five tries, or by a 502 and 429s it retries
  through, all arrive, each by one message: every board the database saved is shown once
  (read off each V2 message's cell buttons, its emoji grid drawing the same position).
  A board refused for good is shown by the deliveries' sweep, within seconds of the
  refusal (the bot notes its try failed), long before the first try it would otherwise get
  (``bot.games.boards.FIRST_TRY``, 30 s after the save); the test waits on the owed boards
  in the database, not on a fixed sleep.
- A channel the bot may not post in: ``!move`` there changes nothing and gets 🔇; a start
  there answers and privately says typed moves get no answer; clicks play.
- Discord's 3 s: every interaction is answered within 2.5 s, also while PostgreSQL is
  stopped (the member reads that the store is unavailable), and play resumes after it.
- A gateway hiccup: discord.py resumes and play goes on.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import psycopg
import pytest
from discord_helpers import AFTER_A_REFUSAL
from fake_discord import BotProcess, FakeDiscord, Faults, Kind, Refusal
from fake_discord.boards import GAMES_QUERY, ledger, parse_games, sqlite_games, sqlite_owed
from fake_discord.play import Player
from fake_discord.server import SEND_MESSAGES, Shown
from postgres_server import PostgresServer, fresh_database

from bot.discord_bot.permissions import CANNOT_ANSWER, LATE
from bot.games.boards import FIRST_TRY

pytestmark = pytest.mark.processes

ANSWER_WITHIN = 2.5
"""Every interaction's first answer comes within this (Discord refuses one after 3 s)."""
UNAVAILABLE = "The game store is unavailable right now; please try again in a moment."
RECOVERY_SECONDS = 30.0
"""How long after PostgreSQL is back a move must go through (its pool reconnects with a
backoff: tests/games/test_postgres_outage.py)."""
FIVE_TRIES = [Refusal.RATE_LIMITED] * 5
"""A 429 burst that refuses every one of discord.py's five tries."""


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord(faults=Faults())
    await fake.start()
    yield fake
    await fake.stop()
    fake.check()  # the bot asked for nothing the fake does not serve


@asynccontextmanager
async def running_bot(fake: FakeDiscord, log: Path, **env: str) -> AsyncIterator[BotProcess]:
    """The real bot process against ``fake``; stopped afterwards, which must go cleanly,
    with no traceback in its log."""
    bot = BotProcess(fake, log, env)
    await bot.start()
    try:
        yield bot
    finally:
        status = await bot.stop()
    assert status == 0, bot.log()
    assert "Traceback" not in bot.log(), bot.log()


async def again_until_shown(player: Player, how: str, within: float) -> None:
    """Play a move as a member told "please try again in a moment" does: again every few
    seconds until its board is shown, for at most ``within`` seconds."""
    deadline = asyncio.get_running_loop().time() + within
    while True:
        move = await player.play(how)
        try:
            await player.shown(move, 4.0)
            return
        except TimeoutError:
            if asyncio.get_running_loop().time() > deadline:
                raise


def answered_in_time(fake: FakeDiscord) -> list[str]:
    """The interactions not answered within ``ANSWER_WITHIN`` (empty: all were)."""
    return [
        f"{i.name}: {i.first_answer_s} s, refused {i.refused}"
        for i in fake.interactions.values()
        if i.first_answer_s is None or i.first_answer_s > ANSWER_WITHIN or i.refused
    ]


async def test_boards_refused_past_five_tries_or_by_502s_arrive_once(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    typed, clicked = fake.add_channel("typed"), fake.add_channel("clicked")
    alice = Player(fake, fake.add_member("alice"), typed, random.Random(1))
    bob = Player(fake, fake.add_member("bob"), clicked, random.Random(2))
    database = tmp_path / "games.db"
    async with running_bot(fake, tmp_path / "bot.log", DATABASE_PATH=str(database)):
        await alice.start(10, level="easy", first="me")
        await bob.start(10, level="easy", first="me")

        # A 502 and two 429s on the edit of a clicked board: discord.py retries through.
        fake.faults.script(
            Kind.EDIT_ORIGINAL,
            [Refusal.BAD_GATEWAY, Refusal.RATE_LIMITED, Refusal.RATE_LIMITED],
            channel_id=clicked,
        )
        retried = await bob.move("click", 10)
        assert retried.delay is not None and 1.0 <= retried.delay < ANSWER_WITHIN + 1.0

        # Past five tries: the reply to a typed move, and the edit of a clicked board; then
        # the sweep's first try at the typed one's board too (its next try gets it through).
        fake.faults.script(Kind.POST, FIVE_TRIES, channel_id=typed)
        fake.faults.script(Kind.EDIT, FIVE_TRIES, channel_id=typed)
        fake.faults.script(Kind.EDIT_ORIGINAL, FIVE_TRIES, channel_id=clicked)
        late_typed = await alice.play("type")
        late_click = await bob.play("click")
        assert late_typed.message_id is not None
        # Told at once, never "try again": ⏳ on the typed move, privately after the click.
        await fake.until(lambda: LATE in fake.reactions_on(late_typed.message_id or 0), 5)
        await fake.until(
            lambda: [
                s
                for s in fake.answers_in(clicked)
                if s.ephemeral and s.text == "Your move is in; the board will follow."
            ],
            5,
        )
        await alice.shown(late_typed, FIRST_TRY)
        await bob.shown(late_click, FIRST_TRY)
        await fake.until(lambda: sqlite_owed(str(database)) == 0, 10)

        # Play goes on after the late boards.
        await alice.move("type", 10)
        await bob.move("click", 10)
        await fake.until(lambda: sqlite_owed(str(database)) == 0, 10)

    for late in (late_typed, late_click):
        # The sweep showed it, by editing the game's board message (the command's own try
        # was a reply, or the edit of the click's answer), 2 s after the refusal at the
        # earliest and long before the first try it would get had the bot not noted it.
        [shown] = [s for s in fake.shown if s.at == late.shown_at]
        assert shown.via == Kind.EDIT and not shown.created
        assert late.delay is not None and AFTER_A_REFUSAL <= late.delay < FIRST_TRY
    injected = [c for c in fake.calls if c.injected is not None]
    assert len(injected) == 3 + 5 * 3  # every scripted refusal was met
    book = ledger(sqlite_games(str(database)), fake.shown)
    assert book.member_moves == 5 and book.saved == 7
    assert book.lost == [] and book.duplicated == [] and book.misdrawn == []
    assert answered_in_time(fake) == []


async def test_where_the_bot_may_not_post_a_typed_move_changes_nothing(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    muted = fake.add_channel("muted", bot_denied=SEND_MESSAGES)
    alice = Player(fake, fake.add_member("alice"), muted, random.Random(3))
    database = tmp_path / "games.db"
    async with running_bot(fake, tmp_path / "bot.log", DATABASE_PATH=str(database)) as bot:
        # A start there works (an interaction's answer needs no permission in the channel)
        # and privately says why typing won't.
        await alice.start(10, level="easy", first="me")
        notes = await fake.until(
            lambda: [s for s in fake.answers_in(muted) if s.ephemeral and s.created], 5
        )
        assert [note.text for note in notes] == [
            "I can't post in this channel (I lack Send Messages), so `!move` gets no answer "
            "here: play by clicking the board's cells."
        ]
        typed = await fake.type(alice.member, muted, "!move 2 2")
        await fake.until(lambda: CANNOT_ANSWER in fake.reactions_on(typed), 5)
        [game] = sqlite_games(str(database))
        assert game.moves == ()  # nothing was played unseen
        assert sqlite_owed(str(database)) == 0
        assert not [c for c in fake.calls if c.kind is Kind.POST and c.channel_id == muted]
        # The board's buttons still play there.
        await alice.move("click", 10)
        [game] = sqlite_games(str(database))
        assert len(game.moves) == 2
        assert "lacks send_messages" in bot.log()  # the log names what is missing, once
    assert answered_in_time(fake) == []


@pytest.mark.postgres
async def test_every_interaction_is_answered_in_time_while_postgresql_is_down(
    fake: FakeDiscord, tmp_path: Path, outage_server: PostgresServer
) -> None:
    games, other = fake.add_channel("games"), fake.add_channel("other")
    alice = Player(fake, fake.add_member("alice"), games, random.Random(4))
    bob = Player(fake, fake.add_member("bob"), other, random.Random(5))

    def told(channel_id: int, *, ephemeral: bool) -> list[Shown]:
        return [
            s
            for s in fake.answers_in(channel_id)
            if UNAVAILABLE in s.text and s.ephemeral == ephemeral
        ]

    with fresh_database(outage_server) as url:
        async with running_bot(fake, tmp_path / "bot.log", DATABASE_URL=url):
            await alice.start(10, level="easy", first="me")
            await asyncio.to_thread(outage_server.pause)
            try:
                start = await fake.slash(bob.member, other, "tictactoe start", level="easy")
                click = await alice.play("click")
                typed = await alice.play("type")
                [slash_answer] = await fake.until(lambda: told(other, ephemeral=True), 10)
                [click_answer] = await fake.until(lambda: told(games, ephemeral=True), 10)
                [typed_answer] = await fake.until(lambda: told(games, ephemeral=False), 10)
            finally:
                # In this thread, not a worker's: the server dies with the thread that
                # started it (tools/postgres_server.py, ``die_with_parent``).
                outage_server.resume()
            # The start's first answer says it, in time; the click was acknowledged at once
            # (a deferred update) and told privately; the typed move, in the channel.
            assert slash_answer.at - start.dispatched_at <= ANSWER_WITHIN
            assert click.interaction is not None and click.interaction.response_type == 6
            assert click_answer.at - click.at <= ANSWER_WITHIN
            assert typed_answer.at - typed.at <= ANSWER_WITHIN
            # Play resumes by itself once the server is back (the pool reconnects within
            # seconds; a member told the store is unavailable tries again).
            await again_until_shown(alice, "click", RECOVERY_SECONDS)
            await bob.start(10, level="easy", first="me")
        with psycopg.connect(url) as connection:
            saved = parse_games(connection.execute(GAMES_QUERY).fetchall())
    book = ledger(saved, fake.shown)
    assert book.games == 2 and book.member_moves == 1  # the move tried in the outage: not
    assert book.lost == [] and book.duplicated == [] and book.misdrawn == []
    assert answered_in_time(fake) == []


async def test_a_gateway_hiccup_is_resumed_and_play_goes_on(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    games = fake.add_channel("games")
    alice = Player(fake, fake.add_member("alice"), games, random.Random(6))
    database = tmp_path / "games.db"
    async with running_bot(fake, tmp_path / "bot.log", DATABASE_PATH=str(database)):
        await alice.start(10, level="easy", first="me")
        session = fake.session
        await fake.drop_gateway()
        assert session is not None
        await fake.until(lambda: any(p["t"] == "RESUMED" for p in session.sent), 20)
        assert fake.session is session  # resumed, not identified anew
        await alice.move("type", 10)
        await alice.move("click", 10)
    assert answered_in_time(fake) == []
