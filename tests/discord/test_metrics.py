"""Prometheus metrics: a game played through the real bot moves the counters a scrape of
``METRICS_PORT`` shows; storage errors are counted; a port in use is one sentence."""

from __future__ import annotations

import dataclasses
import socket
import urllib.request
from dataclasses import dataclass

import pytest
import simcord
from discord_helpers import MakeBot, World, buttons, cell_id, move_text, text_of
from postgres_server import free_port
from prometheus_client.parser import text_string_to_metric_families

from bot.discord_bot import serve
from bot.discord_bot.metrics import OPEN_GAMES_INTERVAL
from bot.engine import Move
from bot.engine.classic import analyze
from bot.games import Status, StorageError
from bot.settings import Settings

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]

SUFFIXES = ("_total", "_created", "_count", "_sum", "_bucket")
"""What prometheus_client appends to a family's name in its samples' names."""


@dataclass(frozen=True)
class Scrape:
    samples: Samples
    unused: frozenset[str]
    """The families shown with no sample: labelled metrics no one has counted in yet."""


@pytest.fixture
def settings(settings: Settings, request: pytest.FixtureRequest) -> Settings:
    """The Discord tests' settings, with metrics on a free port, and on the ``METRICS_HOST`` a
    test passes as this fixture's parameter (none: the default)."""
    changed = dataclasses.replace(settings, metrics_port=free_port())
    host: str | None = getattr(request, "param", None)
    return changed if host is None else dataclasses.replace(changed, metrics_host=host)


def scrape(port: int) -> Scrape:
    """Every sample ``/metrics`` shows, by name and labels, and the families without one."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        text = response.read().decode()
    families = list(text_string_to_metric_families(text))
    return Scrape(
        samples={
            (sample.name, frozenset(sample.labels.items())): sample.value
            for family in families
            for sample in family.samples
        },
        unused=frozenset(family.name for family in families if not family.samples),
    )


def value(scraped: Scrape, name: str, **labels: str) -> float:
    """The sample's value. A missing sample is 0 only where its family is shown with no
    sample at all (a labelled counter has none before its first ``.labels()``); a metric
    renamed, unregistered or counted under other labels fails here."""
    key = (name, frozenset(labels.items()))
    if key in scraped.samples:
        return scraped.samples[key]
    family = next((name.removesuffix(s) for s in SUFFIXES if name.endswith(s)), name)
    assert family in scraped.unused, f"{name} {labels} is not in the scrape"
    return 0.0


async def test_a_game_played_moves_the_counters_a_scrape_shows(
    world: World, settings: Settings
) -> None:
    port = settings.metrics_port
    assert port is not None
    before = scrape(port)
    bot_game = {"mode": "bot", "level": "perfect", "size": "3"}
    assert value(before, "tictactoe_games_started_total", **bot_game) == 0
    assert ("discord_gateway_latency_seconds", frozenset({("shard", "0")})) in before.samples

    start = await world.alice.slash(world.channel, "tictactoe start", first="me")
    assert start.response is not None
    await world.env.advance_time(OPEN_GAMES_INTERVAL)  # the next count of the open games
    assert value(scrape(port), "tictactoe_open_games") == 1
    game = await world.game()
    worst = analyze(game.position).moves[-1].move  # the worst move each turn: the bot wins
    await world.alice.click(start.response.message, custom_id=cell_id(game, worst))
    game = await world.game()
    while game.is_active:
        move = analyze(game.position).moves[-1].move
        await world.alice.send(world.channel, move_text(move))
        stored = await world.bot.service.get(game.id)
        assert stored is not None
        game = stored
    assert game.status is Status.LOST

    await world.env.advance_time(OPEN_GAMES_INTERVAL)
    after = scrape(port)
    assert value(after, "tictactoe_open_games") == 0
    assert value(after, "tictactoe_games_started_total", **bot_game) == 1
    assert value(after, "tictactoe_games_finished_total", **bot_game, result="lost") == 1
    member_moves = len(game.moves) // 2 + len(game.moves) % 2  # the member moved first
    moves = "tictactoe_moves_total"
    assert value(after, moves, mode="bot", size="3", player="member") == member_moves
    assert value(after, moves, mode="bot", size="3", player="bot") == len(game.moves) // 2
    timed = "tictactoe_command_duration_seconds_count"
    assert value(after, timed, command="/tictactoe start") == 1
    assert value(after, timed, command="button cell") == 1
    assert value(after, timed, command="text move") == member_moves - 1
    assert value(after, "tictactoe_storage_errors_total") == 0

    await world.bot.close()  # stops the server with the bot
    with pytest.raises(OSError):
        scrape(port)


async def test_duels_and_rematches_are_counted_by_mode(world: World) -> None:
    """A duel accepted and won; then games against the bot set aside, resigned, rematched."""
    registry = world.bot.metrics.registry

    def count(name: str, **labels: str) -> float:
        return registry.get_sample_value(name, labels) or 0.0

    offer = await world.alice.slash(
        world.channel, "tictactoe challenge", opponent=world.bob, first="challenger"
    )
    assert offer.response is not None
    message = offer.response.message
    accept = next(b.custom_id for b in buttons(message) if b.label == "Accept")
    await world.bob.click(message, custom_id=accept or "")
    duel = await world.game()
    for n, move in enumerate([Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)]):
        player = world.alice if n % 2 == 0 else world.bob
        await player.click(world.last(), custom_id=cell_id(duel, move))
    duels = {"mode": "duel", "level": "duel", "size": "3"}
    assert count("tictactoe_games_started_total", **duels) == 1
    assert count("tictactoe_games_finished_total", **duels, result="decided") == 1
    assert count("tictactoe_moves_total", mode="duel", size="3", player="member") == 5

    easy = {"mode": "bot", "level": "easy", "size": "3"}
    await world.alice.slash(world.channel, "tictactoe start", level="easy", first="bot")
    await world.alice.slash(world.channel, "tictactoe start", level="easy", first="bot")
    assert count("tictactoe_games_finished_total", **easy, result="expired") == 1  # set aside
    game = await world.game()
    move = analyze(game.position).moves[0].move
    await world.alice.send(world.channel, move_text(move))
    await world.alice.slash(world.channel, "tictactoe resign")
    assert count("tictactoe_games_finished_total", **easy, result="resigned") == 1
    assert count("tictactoe_moves_total", mode="bot", size="3", player="bot") == 3
    resigned = await world.bot.service.get(game.id)
    assert resigned is not None
    board = next(m for m in world.channel.history() if m.id == resigned.message_id)
    rematch = next(b.custom_id for b in buttons(board) if b.label == "Rematch")
    await world.alice.click(board, custom_id=rematch or "")
    assert count("tictactoe_games_started_total", **easy) == 3


async def test_storage_errors_are_counted_on_every_error_path(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database failing under ``!move``, a click and a slash command: each is counted
    once, where its error is answered (the member reads the store's sentence), and each
    command is timed all the same."""
    start = await world.alice.slash(world.channel, "tictactoe start", first="me")
    assert start.response is not None
    game = await world.game()

    async def unavailable(**_: object) -> None:
        raise StorageError("The game store is unavailable; try again in a moment.")

    monkeypatch.setattr(world.bot.service, "move", unavailable)
    monkeypatch.setattr(world.bot.service, "resign", unavailable)
    await world.alice.send(world.channel, "!move 1 1")
    assert "unavailable" in text_of(world.last())
    click = await world.alice.click(start.response.message, custom_id=cell_id(game, Move(0, 0)))
    assert ["unavailable" in text_of(message) for message in click.followups] == [True]
    resign = await world.alice.slash(world.channel, "tictactoe resign")
    assert resign.response is not None and "unavailable" in text_of(resign.response)
    registry = world.bot.metrics.registry
    assert registry.get_sample_value("tictactoe_storage_errors_total") == 3
    timed = "tictactoe_command_duration_seconds_count"
    for command in ("/tictactoe resign", "button cell", "text move"):  # failures take time too
        assert registry.get_sample_value(timed, {"command": command}) == 1


async def test_a_metrics_port_in_use_stops_the_start_with_a_sentence(
    make_bot: MakeBot,
    settings: Settings,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    port = settings.metrics_port
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", port))  # type: ignore[arg-type]
        taken.listen()
        bot = make_bot()
        assert await serve(bot, simcord.Env(bot).start) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"Cannot serve metrics on port {port} (METRICS_PORT): ")
    assert "choose another port" in err and "Traceback" not in err
    caplog.clear()  # the one expected ERROR line ("The bot stopped")


def test_every_bot_counts_in_a_registry_of_its_own(make_bot: MakeBot) -> None:
    """Not prometheus_client's global one, where a second bot's metrics would clash."""
    first, second = make_bot(), make_bot()
    first.metrics.storage_errors.inc()
    assert second.metrics.registry.get_sample_value("tictactoe_storage_errors_total") == 0


# -- where the metrics listen: METRICS_HOST (issue 26, item 13) ------------------------------


def serves(host: str, port: int) -> bool:
    """Whether ``/metrics`` answers at ``host``."""
    try:
        scrape_at(host, port)
    except OSError:
        return False
    return True


def scrape_at(host: str, port: int) -> None:
    with urllib.request.urlopen(f"http://{host}:{port}/metrics", timeout=5) as response:
        assert response.status == 200


def skip_without_127_0_0_2() -> None:
    """127.0.0.2 is this machine too (Linux answers on all of 127.0.0.0/8), but not the address
    the metrics listen on by default; skip where it cannot be bound."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.2", 0))
        except OSError:
            pytest.skip("127.0.0.2 is not an address of this machine")


@pytest.mark.parametrize(
    ("settings", "answering", "silent"),
    [
        (None, "127.0.0.1", "127.0.0.2"),  # the default: this machine's loopback only
        ("127.0.0.2", "127.0.0.2", "127.0.0.1"),
        ("0.0.0.0", "127.0.0.2", None),  # every interface
    ],
    indirect=["settings"],
)
async def test_metrics_listen_on_127_0_0_1_by_default_and_on_the_chosen_host(
    world: World, settings: Settings, answering: str, silent: str | None
) -> None:
    """Before METRICS_HOST the server listened on every interface, whatever one wanted."""
    skip_without_127_0_0_2()
    port = settings.metrics_port
    assert port is not None
    assert serves(answering, port)
    if silent is None:
        assert serves("127.0.0.1", port)
    else:
        assert not serves(silent, port)


@pytest.mark.parametrize("settings", ["192.0.2.1"], indirect=True)  # TEST-NET-1: nobody's
async def test_a_metrics_host_not_of_this_machine_stops_the_start_with_a_sentence(
    make_bot: MakeBot,
    settings: Settings,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    bot = make_bot()
    assert await serve(bot, simcord.Env(bot).start) == 1
    err = capsys.readouterr().err
    assert err.startswith("Cannot serve metrics on 192.0.2.1 (METRICS_HOST): "), err
    assert "not an address of this machine" in err and "0.0.0.0" in err
    assert "Traceback" not in err
    caplog.clear()  # the one expected ERROR line ("The bot stopped")
