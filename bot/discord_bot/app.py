"""Building the Discord bot: intents, prefixes, allowed mentions, cogs and start-up work.

``create_bot`` returns a real ``commands.Bot``; nothing here connects to Discord, so tests run
the very same object against simcord's virtual Discord.
"""

from __future__ import annotations

import gc
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.discord_bot.arena_view import ArenaButton
from bot.discord_bot.board_view import CellButton
from bot.discord_bot.cogs import load_cogs
from bot.discord_bot.controls import HintButton, ResignButton
from bot.discord_bot.daily_view import SolveButton
from bot.discord_bot.duel_views import ChallengeButton, RematchButton
from bot.discord_bot.floods import Floodgate, within_rate
from bot.discord_bot.history_views import HistoryButton
from bot.discord_bot.locales import CatalogueTranslator
from bot.discord_bot.metrics import BotMetrics
from bot.discord_bot.puzzle_view import NextPuzzle, PuzzleCell
from bot.discord_bot.sync import sync_commands
from bot.discord_bot.tree import GameTree
from bot.discord_bot.variants import DYNAMIC_ITEMS
from bot.games import GameError, GameService
from bot.games.shards import ShardSet
from bot.settings import Settings

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions(everyone=False, roles=False, users=False, replied_user=False)
"""Nothing the bot writes pings anyone: player names are plain text, and a member called
"@everyone" (or a message quoting one) must never notify a whole server."""


def bot_intents() -> discord.Intents:
    """Default intents plus message content, which `!move` needs to read what was typed.

    Message content is privileged: it must also be enabled in the Developer Portal, or Discord
    refuses the connection (see ``runner.INTENT_HELP``). Members and presences are not needed.
    """
    intents = discord.Intents.default()
    intents.message_content = True
    return intents


VOICE_LIBRARIES = ("PyNaCl is not installed", "davey is not installed")
"""How discord.py's warnings that a voice library is missing begin."""


class NoVoiceWarnings(logging.Filter):
    """Drops discord.py's warnings that voice libraries are missing: the bot never joins
    voice, so they would only alarm an operator at every start."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(VOICE_LIBRARIES)


logging.getLogger("discord.client").addFilter(NoVoiceWarnings())


class TicTacToeBot(commands.AutoShardedBot):
    """The bot: owns the game service and the settings every cog reads.

    Sharded even when small: one process runs the shards ``SHARD_IDS`` of ``SHARD_COUNT``
    (unset: every shard of as many as Discord recommends, which is one until the bot is in
    about a thousand servers), so growing into several processes is only a setting.

    Only humans are listened to: ``commands.Bot.process_commands`` already ignores every
    message whose author is a bot (this one, other bots, and webhooks, whose authors are bot
    users), so ``on_message`` is not overridden.

    Every command and click first passes the ``floodgate`` (``COMMAND_RATE`` per member): text
    commands through the bot-wide check ``within_rate``, slash commands through
    ``GameTree.interaction_check``, buttons through ``GameButton``.
    """

    def __init__(self, settings: Settings, service: GameService, **client_options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned_or(settings.command_prefix),
            intents=bot_intents(),
            allowed_mentions=NO_PINGS,
            help_command=None,  # `/tictactoe help` explains everything; "!help" is often taken
            tree_cls=GameTree,
            description="Tic-Tac-Toe against a perfect minimax engine.",
            shard_count=settings.shard_count,
            # None (every shard) is discord.py's own default, though its hint says List[int].
            shard_ids=None if settings.shard_ids is None else list(settings.shard_ids),  # type: ignore[arg-type]
            **client_options,
        )
        self.settings = settings
        self.service = service
        # The shards whose games this process sweeps: None (every game) when it runs every
        # shard, the count then being Discord's; settings give the count with SHARD_IDS.
        self.own_shards: ShardSet | None = None
        if settings.shard_ids is not None and settings.shard_count is not None:
            self.own_shards = ShardSet(settings.shard_count, frozenset(settings.shard_ids))
        self.floodgate = Floodgate(settings.command_rate)
        self.add_check(within_rate)
        self.stopped_by: GameError | None = None  # why the bot stopped itself, for the runner
        # Games whose board a first try is showing right now (discord.py may be waiting out a
        # rate limit): the deliveries' sweep leaves them to it.
        self.boards_in_flight: set[int] = set()
        self.metrics = BotMetrics(self)  # served at METRICS_PORT, if set

    async def stop_because(self, error: GameError) -> None:
        """Stop the bot for a failure it must not play on after (the database file is gone):
        the runner prints ``error`` and exits with status 1."""
        log.critical("Stopping: %s", error)
        self.stopped_by = error
        await self.close()

    @property
    def prefix(self) -> str:
        """The text-command prefix as members type it ("!")."""
        return self.settings.command_prefix

    async def setup_hook(self) -> None:
        """Serve metrics (with ``METRICS_PORT``), check the database, load the cogs, register
        the board buttons, sync slash commands (if this process runs shard 0)."""
        if self.settings.metrics_port is not None:  # first: a port in use stops the start
            self.metrics.serve(self.settings.metrics_port, self.settings.metrics_host)
        running = await self.service.state.open_game_count()
        log.info("%d game(s) running in the database.", running)
        await self.tree.set_translator(CatalogueTranslator())
        await load_cogs(self)
        # Boards, challenges, history pages and puzzles posted before a restart keep working.
        self.add_dynamic_items(
            CellButton,
            ResignButton,
            HintButton,
            ChallengeButton,
            RematchButton,
            HistoryButton,
            PuzzleCell,
            NextPuzzle,
            SolveButton,
            ArenaButton,
            *DYNAMIC_ITEMS,
        )
        await sync_commands(
            self.tree,
            service=self.service,
            guild_id=self.settings.discord_guild_id,
            application_id=self.application_id,
            shard_ids=self.shard_ids,
        )
        # Everything start-up made (the modules, the store, the engine's tables built so far)
        # lives as long as the bot: freezing it keeps it out of every later full collection,
        # whose pauses otherwise stop the event loop for 40-150 ms (bench/steady.py). What
        # comes later (the 5x5 book, loaded at its first move; the servers' state discord.py
        # fills once connected) is not frozen.
        gc.collect()
        gc.freeze()

    async def close(self) -> None:
        """Stop the expiry task, close the database after discord.py shut down, and stop
        serving metrics."""
        try:
            await super().close()
        finally:
            self.metrics.close()
            await self.service.close()
            gc.unfreeze()  # what start-up froze may be collected again once the bot is gone


def create_bot(
    settings: Settings, *, service: GameService, **client_options: Any
) -> TicTacToeBot:
    """The bot, ready for ``bot.start(token)`` (or simcord), playing through ``service``
    (``await open_service(settings)``, in the event loop the bot will run in).

    ``client_options`` go to discord.py's ``Client`` as they are, beside what the settings
    decide (an option the settings set, such as ``intents``, is a ``TypeError``): the wire-level
    harness passes ``connector=`` (an aiohttp connector that reaches a fake Discord,
    tools/fake_discord); the real runner passes none."""
    return TicTacToeBot(settings, service, **client_options)
