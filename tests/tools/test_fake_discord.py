"""The fake Discord of the wire-level harness (tools/fake_discord) answers discord.py as
Discord does: a 429 burst past five tries defeats discord.py's retries and a shorter one or a
502 does not, a refused request creates nothing, a channel the bot may not post in is 403
50013, the 3 s deadline of an interaction is enforced (10062, and its token never comes
alive), a Components V2 board is kept and read from its nested components while a message
Discord would refuse is refused (400), and a route it does not serve is recorded, never
answered quietly.

In this process, with discord.py's own client logged in through the fake's connector (no
gateway, no bot process): seconds.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
from fake_discord import DEADLINE, FakeDiscord, Faults, Kind, Refusal
from fake_discord.boards import Board, read_board
from fake_discord.components import COMPONENTS_V2
from fake_discord.connector import fake_discord_connector
from fake_discord.server import SEND_MESSAGES
from games_helpers import make_service, started_game

import bot.discord_bot.variants  # noqa: F401  (the boards' buttons, as the bot registers them)
from bot.discord_bot.board_view import board_message

API = "https://discord.com/api/v10"


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord(faults=Faults())
    await fake.start()
    yield fake
    await fake.stop()


@pytest.fixture
async def client(fake: FakeDiscord) -> AsyncIterator[discord.Client]:
    """discord.py's client, logged in to the fake (REST only)."""
    client = discord.Client(
        intents=discord.Intents.default(),
        connector=fake_discord_connector(fake.port, fake.ca_file),
    )
    await client.login(fake.token)
    yield client
    await client.close()


def posts(fake: FakeDiscord, channel_id: int) -> list[int]:
    """The statuses of the posts the fake answered in the channel, in order."""
    return [c.status for c in fake.calls if c.kind is Kind.POST and c.channel_id == channel_id]


async def test_discord_py_logs_in_through_the_fake(fake: FakeDiscord, client: discord.Client):
    assert client.user is not None and client.user.id == fake.bot.id
    assert client.application_id == fake.application_id
    fake.check()


async def test_a_429_burst_past_five_tries_refuses_the_post_and_creates_nothing(
    fake: FakeDiscord, client: discord.Client
) -> None:
    games = fake.add_channel("games")
    fake.faults.script(Kind.POST, [Refusal.RATE_LIMITED] * 5, channel_id=games)
    with pytest.raises(discord.HTTPException) as refused:
        await client.get_partial_messageable(games).send("hello")
    assert refused.value.status == 429
    assert posts(fake, games) == [429] * 5  # discord.py waited retry_after and tried 5 times
    assert fake.messages == {}


async def test_shorter_bursts_and_a_502_are_retried_through(
    fake: FakeDiscord, client: discord.Client
) -> None:
    games = fake.add_channel("games")
    fake.faults.script(
        Kind.POST,
        [Refusal.RATE_LIMITED, Refusal.BAD_GATEWAY, Refusal.RATE_LIMITED],
        channel_id=games,
    )
    message = await client.get_partial_messageable(games).send("hello")
    assert posts(fake, games) == [429, 502, 429, 200]
    assert list(fake.messages) == [message.id]
    assert [s.content for s in fake.shown] == ["hello"]


async def test_without_the_via_header_discord_py_would_not_retry(fake: FakeDiscord) -> None:
    """The header is what makes a 429 Discord's: the fake sends it (a guard on the fake)."""
    games = fake.add_channel("games")
    fake.faults.script(Kind.POST, [Refusal.RATE_LIMITED], channel_id=games)
    async with (
        aiohttp.ClientSession(connector=fake_discord_connector(fake.port, fake.ca_file)) as session,
        session.post(
            f"{API}/channels/{games}/messages",
            json={"content": "x"},
            headers={"Authorization": f"Bot {fake.token}"},
        ) as response,
    ):
        body = await response.json()
        assert response.status == 429
        assert response.headers["Via"] == "1.1 google"
        assert response.headers["X-RateLimit-Remaining"] == "0"
        assert body["retry_after"] > 0 and body["global"] is False


async def test_a_channel_the_bot_may_not_post_in_is_403_50013(
    fake: FakeDiscord, client: discord.Client
) -> None:
    muted = fake.add_channel("muted", bot_denied=SEND_MESSAGES)
    with pytest.raises(discord.Forbidden) as refused:
        await client.get_partial_messageable(muted).send("hello")
    assert refused.value.code == 50013
    assert fake.messages == {}


async def test_a_callback_after_three_seconds_is_unknown_and_its_token_never_lives(
    fake: FakeDiscord,
) -> None:
    games = fake.add_channel("games")
    alice = fake.add_member("alice")
    in_time, late = (
        fake.interaction_nobody_got(alice, games),
        fake.interaction_nobody_got(alice, games),
    )
    async with aiohttp.ClientSession(
        connector=fake_discord_connector(fake.port, fake.ca_file)
    ) as session:

        async def call(method: str, path: str, body: object) -> tuple[int, object]:
            async with session.request(method, API + path, json=body) as response:
                return response.status, await response.json() if response.status != 204 else None

        answer = {"type": 5, "data": {"flags": 64}}
        status, _ = await call(
            "POST", f"/interactions/{in_time.id}/{in_time.token}/callback", answer
        )
        assert status == 204
        status, again = await call(
            "POST", f"/interactions/{in_time.id}/{in_time.token}/callback", answer
        )
        assert (status, again) == (
            400,
            {"code": 40060, "message": "Interaction has already been acknowledged."},
        )
        await asyncio.sleep(DEADLINE + 0.1)
        status, refused = await call(
            "POST", f"/interactions/{late.id}/{late.token}/callback", answer
        )
        assert (status, refused) == (404, {"code": 10062, "message": "Unknown interaction"})
        app = fake.application_id
        status, refused = await call("POST", f"/webhooks/{app}/{late.token}", {"content": "x"})
        assert (status, refused) == (404, {"code": 10015, "message": "Unknown Webhook"})
        # An acknowledged interaction's follow-ups outlive the 3 s (15 minutes): the first
        # one after a thinking defer fills its placeholder.
        status, _ = await call("POST", f"/webhooks/{app}/{in_time.token}", {"content": "done"})
        assert status == 204
    assert in_time.first_answer_s is not None and in_time.first_answer_s < DEADLINE
    assert late.answered_at is None and [code for *_, code in late.refused] == [10062]
    assert [s.content for s in fake.shown] == ["", "done"]
    assert all(s.ephemeral and s.message_id == in_time.original_id for s in fake.shown)


async def test_a_route_the_fake_does_not_serve_is_recorded(
    fake: FakeDiscord, client: discord.Client
) -> None:
    with pytest.raises(discord.NotFound):
        await client.fetch_guild(fake.guild_id)
    assert fake.problems == [f"unserved route GET /api/v10/guilds/{fake.guild_id}"]
    with pytest.raises(AssertionError, match="unserved route"):
        fake.check()


async def test_a_v2_board_is_kept_and_read_from_its_nested_components(
    fake: FakeDiscord, client: discord.Client
) -> None:
    """The bot's own board (``board_message``: a container of text displays and rows of
    buttons) posted and edited by discord.py: the fake keeps the V2 flag, numbers the
    components as Discord does, and reads the position off the cell buttons, which the
    emoji grid draws alike; a board retired to its text is no live board."""
    games = fake.add_channel("games")
    service = make_service()
    game = (await started_game(service)).game  # the member in the centre, the bot's answer
    message = await client.get_partial_messageable(games).send(
        view=board_message(game, "You played row 2, column 2.")
    )
    kept = fake.messages[message.id]
    assert int(kept["flags"]) & COMPONENTS_V2 and kept["content"] == ""
    assert kept["components"][0]["type"] == 17 and kept["components"][0]["id"] == 1
    cells = [move.row * 3 + move.col for move in game.moves]
    shown = Board(game.id, 3, frozenset(cells[0::2]), frozenset(cells[1::2]))
    read = read_board(fake.shown[-1].components)
    assert read is not None and read.board == shown and read.drawn == shown
    assert len(read.playable) == 9 - 2
    assert fake.shown[-1].text.startswith("You played row 2, column 2.\n")
    await message.edit(view=board_message(game, live=False))
    assert read_board(fake.shown[-1].components) is None  # its text alone: retired
    assert message.id in fake.messages and fake.shown[-1].text.endswith(
        fake.shown[-2].text.split("\n", 1)[1]
    )
    fake.check()


async def test_a_message_discord_would_refuse_is_refused_and_recorded(
    fake: FakeDiscord, client: discord.Client
) -> None:
    """Content in a V2 message, a V2 message made a legacy one, an empty message: 400, the
    message unchanged, and each a problem of the bot's."""
    games = fake.add_channel("games")
    channel = client.get_partial_messageable(games)
    view = discord.ui.LayoutView()
    view.add_item(discord.ui.TextDisplay("a board"))
    message = await channel.send(view=view)
    with pytest.raises(discord.HTTPException) as refused:
        await message.edit(content="words", view=None)
    assert (refused.value.status, refused.value.code) == (400, 50035)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(content="")
    assert (refused.value.status, refused.value.code) == (400, 50006)
    assert fake.messages[message.id]["content"] == ""
    assert fake.messages[message.id]["components"][0]["content"] == "a board"
    assert len(fake.problems) == 2
    fake.problems.clear()
