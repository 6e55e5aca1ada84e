"""Prometheus metrics of one bot process, served at ``http://METRICS_HOST:METRICS_PORT/metrics``.

:class:`BotMetrics` counts games, moves, command times and storage errors into a
``CollectorRegistry`` of its own, and serves them from prometheus_client's HTTP server in a
thread of its own (``serve``, ``close``). Gateway latency is read at scrape time; the open games
are counted in the database every ``OPEN_GAMES_INTERVAL`` seconds. Each process serves its own
numbers (Prometheus adds them up). Why it is built this way: docs/decisions.md.
"""

from __future__ import annotations

import errno
import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary
from wsgiref.simple_server import WSGIServer

import discord
from discord.ext import commands, tasks
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from bot.games import Game, MoveReply, Status, StorageError

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)

OPEN_GAMES_INTERVAL = 15.0
"""Seconds between counts of the open games: Prometheus's usual scrape interval."""

STARTED = "command started"
"""``interaction.extras`` key: when ``GameTree.interaction_check`` let a slash command in."""


class MetricsError(Exception):
    """The metrics server could not start; the message is the sentence an operator reads."""


def _serving_error(error: OSError, port: int, host: str) -> MetricsError:
    """The sentence for ``start_http_server`` failing with ``error``."""
    reason = error.strerror or "the system refused"
    if error.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
        return MetricsError(
            f"Cannot serve metrics on {host} (METRICS_HOST): {reason}. It is not an address of "
            "this machine: choose one of its interfaces' addresses, 127.0.0.1 (this machine "
            "only) or 0.0.0.0 (every interface)."
        )
    why = (
        "Ports below 1024 need the administrator's rights: choose a higher one"
        if error.errno == errno.EACCES
        else "Another program may be using it: choose another port"
    )
    return MetricsError(
        f"Cannot serve metrics on port {port} (METRICS_PORT): {reason}. "
        f"{why}, or leave METRICS_PORT empty."
    )


def _mode(game: Game) -> str:
    return "duel" if game.is_duel else "bot"


def _result(game: Game) -> str:
    """How a game ended: won/lost from the member's side against the bot; a duel that someone
    won is ``decided`` (won and lost would say nothing about which member)."""
    if game.is_duel and game.status in (Status.WON, Status.LOST):
        return "decided"
    return game.status.value


def button_command(button: object) -> str:
    """A button's name among the commands: ``button cell`` for ``CellButton``."""
    return f"button {type(button).__name__.removesuffix('Button').lower()}"


class GatewayLatency(Collector):
    """discord.py's heartbeat latency of every shard this process runs, read at scrape time."""

    def __init__(self, latencies: Callable[[], list[tuple[int, float]]]) -> None:
        self._latencies = latencies

    def collect(self) -> Iterable[GaugeMetricFamily]:
        family = GaugeMetricFamily(
            "discord_gateway_latency_seconds",
            "Time between a gateway heartbeat and Discord's acknowledgement, per shard.",
            labels=["shard"],
        )
        try:
            latencies = self._latencies()
        except RuntimeError:  # discord.py added a shard while this thread read the list
            latencies = []
        for shard, seconds in latencies:
            family.add_metric([str(shard)], seconds)
        yield family


class BotMetrics:
    """The bot's counters, and the HTTP server that shows them."""

    def __init__(self, bot: TicTacToeBot) -> None:
        self.registry = CollectorRegistry()
        games = ["mode", "level", "size"]
        self.games_started = Counter(
            "tictactoe_games_started",
            "Games started, against the bot (mode=bot, with its level) or between members.",
            games,
            registry=self.registry,
        )
        self.games_finished = Counter(
            "tictactoe_games_finished",
            "Games ended: won/lost (the member against the bot), drawn, decided (a duel "
            "someone won), resigned, or expired (idle, or set aside before anyone moved).",
            [*games, "result"],
            registry=self.registry,
        )
        self.moves = Counter(
            "tictactoe_moves",
            "Moves played, by a member or by the bot's engine.",
            ["mode", "size", "player"],
            registry=self.registry,
        )
        self.command_seconds = Histogram(
            "tictactoe_command_duration_seconds",
            "Time from receiving a command or click to having answered it.",
            ["command"],
            registry=self.registry,
        )
        self.storage_errors = Counter(
            "tictactoe_storage_errors",
            "Commands and clicks that failed because the game database did.",
            registry=self.registry,
        )
        self.open_games = Gauge(
            "tictactoe_open_games",
            "Games running in the database, all processes' together (the same in each).",
            registry=self.registry,
        )
        self._count_open_games = tasks.loop(seconds=OPEN_GAMES_INTERVAL)(self._count_open)
        self._bot = bot
        self.registry.register(GatewayLatency(lambda: bot.latencies))
        self._text_started: WeakKeyDictionary[commands.Context[TicTacToeBot], float] = (
            WeakKeyDictionary()
        )
        self._watch_commands(bot)
        self._server: tuple[WSGIServer, threading.Thread] | None = None

    # -- games -------------------------------------------------------------------------------

    def started(self, started: MoveReply | Game) -> None:
        """A game began (with the bot's opening move, if it had one), maybe setting aside the
        member's game that had not started."""
        reply = started if isinstance(started, MoveReply) else MoveReply(started, None, None)
        game = reply.game
        self.games_started.labels(_mode(game), game.level, str(game.size)).inc()
        self._moves(reply)
        if reply.replaced is not None:
            self.ended(reply.replaced)

    def played(self, reply: MoveReply) -> None:
        """A member moved (and the bot answered); the game may be over."""
        self._moves(reply)
        self.ended(reply.game)

    def ended(self, game: Game) -> None:
        """Count ``game`` as finished, if it is."""
        if not game.is_active:
            labels = (_mode(game), game.level, str(game.size), _result(game))
            self.games_finished.labels(*labels).inc()

    def _moves(self, reply: MoveReply) -> None:
        game = reply.game
        for player, move in (("member", reply.member_move), ("bot", reply.bot_move)):
            if move is not None:
                self.moves.labels(_mode(game), str(game.size), player).inc()

    # -- commands ----------------------------------------------------------------------------

    @contextmanager
    def timed(self, command: str) -> Iterator[None]:
        """Time the block as ``command`` (a button's work, say), whether or not it raises."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.command_seconds.labels(command).observe(time.perf_counter() - start)

    def slash_began(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        interaction.extras[STARTED] = time.perf_counter()

    def slash_ended(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Observe a slash command's time (``slash_began`` marked its start)."""
        start = interaction.extras.pop(STARTED, None)
        if start is not None and interaction.command is not None:
            name = f"/{interaction.command.qualified_name}"
            self.command_seconds.labels(name).observe(time.perf_counter() - start)

    def saw_error(self, error: BaseException) -> None:
        """An error reached the one place commands' errors end: count the database's."""
        if isinstance(error, StorageError):
            self.storage_errors.inc()

    def _watch_commands(self, bot: TicTacToeBot) -> None:
        """Time text commands (``!move``) from discord.py's events, and slash commands that
        succeed (the failed ones are observed by ``GameTree.on_error``)."""

        async def text_began(ctx: commands.Context[TicTacToeBot]) -> None:
            self._text_started[ctx] = time.perf_counter()

        async def text_ended(ctx: commands.Context[TicTacToeBot], *_: object) -> None:
            start = self._text_started.pop(ctx, None)
            if start is not None and ctx.command is not None:
                name = f"text {ctx.command.qualified_name}"
                self.command_seconds.labels(name).observe(time.perf_counter() - start)

        async def slash_completed(
            interaction: discord.Interaction[TicTacToeBot], *_: object
        ) -> None:
            self.slash_ended(interaction)

        bot.add_listener(text_began, "on_command")
        bot.add_listener(text_ended, "on_command_completion")
        bot.add_listener(text_ended, "on_command_error")
        bot.add_listener(slash_completed, "on_app_command_completion")

    # -- serving -------------------------------------------------------------------------------

    def serve(self, port: int, host: str) -> None:
        """Serve ``/metrics`` at ``port`` of the address ``host`` (``0.0.0.0``: every
        interface), in a thread of its own; ``MetricsError`` if that cannot be done."""
        try:
            self._server = start_http_server(port, addr=host, registry=self.registry)
        except OSError as error:
            raise _serving_error(error, port, host) from error
        log.info("Serving Prometheus metrics on %s port %d at /metrics.", host, port)
        self._count_open_games.start()

    async def _count_open(self) -> None:
        try:
            self.open_games.set(await self._bot.service.state.open_game_count())
        except Exception as error:  # the database is down: the gauge keeps its last value
            log.warning("Could not count the open games for the metrics: %s", error)

    def close(self) -> None:
        """Stop the server, if it runs, and wait for its thread to end (``shutdown`` returns
        within the server's half-second poll)."""
        self._count_open_games.cancel()
        if self._server is None:
            return
        server, thread = self._server
        self._server = None
        server.shutdown()
        server.server_close()
        thread.join()
