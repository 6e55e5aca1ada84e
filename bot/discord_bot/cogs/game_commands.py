"""The commands members type: ``!move r c`` and the ``/tictactoe`` slash group.

Commands raise a ``GameError`` to refuse; ``GameTree.on_error`` answers a slash command's
privately, ``cogs.errors`` answers ``!move``'s in the channel. Work that may be slow (a 4x4
engine move, an analysis) is preceded by a ``defer``; everything else answers at once. A game's
board is one V2 message, its text and buttons together (``board_view.board_message``); posting
a newer one strips the buttons from the older, so each game has one live board.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str
from discord.ext import commands

from bot.discord_bot.arena_commands import cancel_arena, show_standings, start_arena
from bot.discord_bot.board_view import board_message, disable_board, replace_board, show_board
from bot.discord_bot.choices import (
    DEFAULT_FIRST,
    DUEL_FIRST_OPTION_CHOICES,
    FIRST_OPTION_CHOICES,
    GAME_CHOICES,
    GAME_DESCRIPTION,
    LEADERBOARD_KINDS,
    LEADERBOARDS,
    SIZE_CHOICES,
    Ranked,
    level_choices,
)
from bot.discord_bot.duel_views import send_challenge
from bot.discord_bot.history_views import replay_file, send_history
from bot.discord_bot.interactions import (
    answers_only,
    channel_id,
    in_time,
    private_locale,
    reply_privately,
    respond,
)
from bot.discord_bot.locales import server_locale
from bot.discord_bot.permissions import Warned, missing, react_cannot_answer, react_late
from bot.discord_bot.puzzle_view import puzzle_view
from bot.discord_bot.texts import (
    LAST_GAME_OVER,
    LEADERBOARDS_IN_SERVERS,
    clicks_only,
    help_text,
    levels_text,
    puzzles_text,
    spelling,
)
from bot.engine import Move
from bot.games import Game, GameError, MoveReply, Seat, TooEarlyToSolveError
from bot.games.puzzles.render import render_puzzle_leaderboard
from bot.games.render.boards import describe_reply, describe_set_aside
from bot.games.render.records import render_duel_leaderboard, render_leaderboard, render_stats
from bot.games.render.review import render_review
from bot.games.render.solo import render_solo_leaderboard
from bot.games.wording import join_sentences
from bot.i18n import _, current_locale

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot


class GameCommands(commands.Cog):
    """``!move`` and ``/tictactoe start|challenge|resign|board|hint|explain|stats|leaderboard|
    history|review|puzzle|help`` and ``/tictactoe arena start|standings|cancel``."""

    # Everywhere: servers (installed there, or by the member), the bot's DM, and DMs and
    # group DMs between people through the member's own install, where it only answers.
    tictactoe = app_commands.Group(
        name="tictactoe",
        # TRANSLATORS: a slash command's description (100 characters at most)
        description=locale_str("Play Tic-Tac-Toe against me in this channel."),
        allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
        allowed_contexts=app_commands.AppCommandContext(
            guild=True, dm_channel=True, private_channel=True
        ),
    )

    async def cog_before_invoke(self, ctx: commands.Context[Any]) -> None:
        """A text command has no member locale: it is answered in the server's language."""
        current_locale.set(server_locale(self.bot, ctx.guild))

    def __init__(self, bot: TicTacToeBot) -> None:
        self.bot = bot
        self._warned = Warned()

    @property
    def _prefix(self) -> str:
        return self.bot.prefix

    # -- text command ------------------------------------------------------------------------

    @commands.command(name="move", usage="<row> <column>", help="Play a cell, e.g. !move 2 3")
    async def move(self, ctx: commands.Context[TicTacToeBot], *, cell: str = "") -> None:
        """``!move 2 3``: play row 2, column 3 (1-based) in this channel's game; nothing
        changes where the bot could not answer (``permissions.TEXT_ANSWER``)."""
        lacking = missing(ctx.bot_permissions)
        if lacking:
            self._warned.log_once(ctx.channel.id, lacking, "answer text commands")
            await react_cannot_answer(ctx.message, ctx.bot_permissions)
            return
        guild = None if ctx.guild is None else ctx.guild.id
        # A thread (an arena's game) is in its parent channel, as the server's list names it.
        where = getattr(ctx.channel, "parent_id", None) or ctx.channel.id
        await self.bot.service.servers.check_channel(guild_id=guild, channel_id=where)
        game = await self.bot.service.active_game(ctx.channel.id)
        move = game.variant.parse_move(cell, game)
        if not game.variant.thinks_inline(game.size, game.level):
            # "thinking...": shown for 10 s while the bot's move is chosen, a nicety Discord
            # may refuse
            with suppress(discord.HTTPException):
                await ctx.typing()
        reply = await self._play(ctx, move)
        self.bot.metrics.played(reply)
        game = reply.game

        async def post() -> int:
            view = board_message(game, describe_reply(reply))
            message = await ctx.reply(view=view, mention_author=False)
            return message.id

        if not await show_board(self.bot, game, post):  # saved: it will follow, say so
            await react_late(ctx.message, ctx.bot_permissions)

    async def _play(self, ctx: commands.Context[TicTacToeBot], move: Move) -> MoveReply:
        return await self.bot.service.move(
            channel_id=ctx.channel.id, member_id=ctx.author.id, move=move, owe_board=True
        )

    # -- slash commands ------------------------------------------------------------------------

    @tictactoe.command(
        name="start",
        # TRANSLATORS: the description of /tictactoe start (100 characters at most)
        description=locale_str("Start a game against me in this channel."),
    )
    @app_commands.describe(
        # TRANSLATORS: the description of /tictactoe start's option level (100 characters
        # at most)
        level=locale_str(
            "How well I play: the chosen game's levels, offered as you type (default: its own)."
        ),
        # TRANSLATORS: the description of /tictactoe start's option first (100 characters at
        # most); "random" after "default:" is an option value: keep it as typed
        first=locale_str("Who moves first; the first mover plays ❌ (default: random)."),
        # TRANSLATORS: the description of /tictactoe start's option size (100 characters
        # at most); "3x3" after "default:" is an option value: keep it as typed
        size=locale_str(
            "Board size; a full row, column or diagonal wins, four in a row on 5x5 (default: 3x3)."
        ),
        game=GAME_DESCRIPTION,
    )
    @app_commands.choices(first=FIRST_OPTION_CHOICES, game=GAME_CHOICES)
    @app_commands.choices(size=SIZE_CHOICES)  # apart: one call takes one value type
    async def start(
        self,
        interaction: discord.Interaction[TicTacToeBot],
        level: str | None = None,
        first: Choice[str] | None = None,
        size: Choice[int] | None = None,
        game: Choice[str] | None = None,
    ) -> None:
        # What the member left out comes from the server's settings, else the kind's own. A
        # refusal within ANSWER_WITHIN seconds is private; past them (a slow store, a 4x4
        # opening thinking) the start is acknowledged publicly and the board follows.
        reply = await in_time(
            interaction,
            self.bot.service.start(
                channel_id=channel_id(interaction),
                guild_id=interaction.guild_id,
                member_id=interaction.user.id,
                member_name=interaction.user.display_name,
                level=level,
                first=None if first is None else first.value,
                size=None if size is None else size.value,
                game=None if game is None else game.value,
                owe_board=True,
                answers_only=answers_only(interaction),
            ),
            ephemeral=False,
        )
        self.bot.metrics.started(reply)
        started = reply.game
        view = board_message(started, _start_headline(reply, self._prefix))
        await show_board(self.bot, started, lambda: respond(interaction, view=view))
        if reply.replaced is not None:
            await disable_board(self.bot, reply.replaced)
        lacking = missing(interaction.app_permissions) if _typed_moves_read(interaction) else ()
        if lacking:  # the board works by clicks; say why typing won't, privately
            current_locale.set(private_locale(interaction))
            await interaction.followup.send(clicks_only(self._prefix, lacking), ephemeral=True)

    @start.autocomplete("level")
    async def _levels(
        self, interaction: discord.Interaction[TicTacToeBot], typed: str
    ) -> list[Choice[str]]:
        """The chosen game's levels (the default game's before one is chosen)."""
        return level_choices(interaction.namespace.game, typed, private_locale(interaction))

    @tictactoe.command(
        name="challenge",
        # TRANSLATORS: the description of /tictactoe challenge (100 characters at most)
        description=locale_str("Challenge a member to a duel here."),
    )
    @app_commands.describe(
        # TRANSLATORS: the description of /tictactoe challenge's option opponent (100
        # characters at most)
        opponent=locale_str("Who you want to play."),
        # TRANSLATORS: the description of /tictactoe challenge's option size (100 characters
        # at most); "3x3" after "default:" is an option value: keep it as typed
        size=locale_str("Board size (default: 3x3)."),
        # TRANSLATORS: the description of /tictactoe challenge's option first (100 characters
        # at most); "random" after "default:" is an option value: keep it as typed
        first=locale_str("Who moves first and plays ❌ (default: random)."),
        game=GAME_DESCRIPTION,
    )
    @app_commands.choices(first=DUEL_FIRST_OPTION_CHOICES, game=GAME_CHOICES)
    @app_commands.choices(size=SIZE_CHOICES)
    async def challenge(
        self,
        interaction: discord.Interaction[TicTacToeBot],
        opponent: discord.User,
        size: Choice[int] | None = None,
        first: Choice[str] | None = None,
        game: Choice[str] | None = None,
    ) -> None:
        user = interaction.user
        challenge = await in_time(
            interaction,
            self.bot.service.duels.challenge(
                channel_id=channel_id(interaction),
                guild_id=interaction.guild_id,
                challenger=Seat(user.id, user.display_name),
                opponent=Seat(opponent.id, opponent.display_name),
                size=None if size is None else size.value,
                first=DEFAULT_FIRST if first is None else first.value,
                opponent_is_bot=opponent.bot,
                opponent_is_me=self.bot.user is not None and opponent.id == self.bot.user.id,
                opponent_present=_present(interaction, opponent),
                game=None if game is None else game.value,
                answers_only=answers_only(interaction),
            ),
            ephemeral=False,
        )
        await send_challenge(interaction, challenge)

    # TRANSLATORS: a slash command's description (100 characters at most)
    @tictactoe.command(name="resign", description=locale_str("Give up your game in this channel."))
    async def resign(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        game = await in_time(
            interaction,
            self.bot.service.resign(
                channel_id=channel_id(interaction), member_id=interaction.user.id, owe_board=True
            ),
            ephemeral=False,
        )
        self.bot.metrics.ended(game)
        if await show_board(self.bot, game, lambda: _answer_only(interaction, game)):
            await disable_board(self.bot, game)

    @tictactoe.command(
        name="board",
        # TRANSLATORS: the description of /tictactoe board (100 characters at most)
        description=locale_str("Show this channel's game again, with buttons."),
    )
    async def board(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """The running game's board, reposted live; with none running, the member's last
        game here as it ended (only they see it: a look back, not a board to play)."""
        game = await in_time(
            interaction,
            self.bot.service.last_game(
                channel_id=channel_id(interaction), member_id=interaction.user.id
            ),
            ephemeral=False,
        )
        if not game.is_active:
            current_locale.set(private_locale(interaction))
            look_back = board_message(game, _(LAST_GAME_OVER), live=False)
            await reply_privately(interaction, view=look_back)
            return
        message_id = await respond(interaction, view=board_message(game))
        if message_id is not None:
            await replace_board(self.bot, game, message_id)

    @tictactoe.command(
        name="hint",
        # TRANSLATORS: the description of /tictactoe hint (100 characters at most)
        description=locale_str("Which moves win, draw or lose (only you see it)."),
    )
    async def hint(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        # Analysing a 4x4 position can take a while: acknowledge privately first.
        current_locale.set(private_locale(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            hint = await self.bot.service.hint(
                channel_id=channel_id(interaction), member_id=interaction.user.id
            )
        except TooEarlyToSolveError as early:  # the estimated pick, marked on the board
            await self._estimate(interaction, early)
            return
        await interaction.edit_original_response(content=hint.game.variant.renderer.hint(hint))

    @tictactoe.command(
        name="explain",
        # TRANSLATORS: a slash command's description (100 characters at most)
        description=locale_str(
            "What I see: every cell's value and why I move there (only you see it)."
        ),
    )
    async def explain(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        # The search (and its plain-minimax count) can take a second on 4x4: acknowledge first.
        current_locale.set(private_locale(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            reply = await self.bot.service.explain(
                channel_id=channel_id(interaction), member_id=interaction.user.id
            )
        except TooEarlyToSolveError as early:
            await self._estimate(interaction, early)
            return
        content = reply.game.variant.renderer.explain(reply, plain=False)
        await interaction.edit_original_response(content=content)

    async def _estimate(
        self, interaction: discord.Interaction[TicTacToeBot], early: TooEarlyToSolveError
    ) -> None:
        """Hint or explain where nothing is solved exactly: the sentence and the board with
        the pick marked as an estimate, privately."""
        renderer = early.game.variant.renderer
        content = renderer.estimate(early, spelling(self._prefix), plain=False)
        await interaction.edit_original_response(content=content)

    @tictactoe.command(
        name="stats",
        # TRANSLATORS: a slash command's description (100 characters at most)
        description=locale_str("Wins, losses and draws against me and in duels, and rating."),
    )
    @app_commands.describe(
        # TRANSLATORS: an option's description (100 characters at most)
        member=locale_str("Whose record to show, with your duels against them (default: yours).")
    )
    async def stats(
        self, interaction: discord.Interaction[TicTacToeBot], member: discord.User | None = None
    ) -> None:
        # In a server, the server's record for all to see; elsewhere (a DM, a group DM), the
        # record from everywhere, for the member alone.
        target = member or interaction.user
        private = interaction.guild_id is None
        if private:
            current_locale.set(private_locale(interaction))
        stats = await in_time(
            interaction,
            self.bot.service.standings.stats(
                member_id=target.id,
                guild_id=interaction.guild_id,
                other_id=None if member is None else interaction.user.id,
            ),
            ephemeral=private,
        )
        # The name they go by now, not the one stored with their last game.
        shown = render_stats(replace(stats, name=target.display_name))
        await respond(interaction, shown, ephemeral=private)

    # TRANSLATORS: a slash command's description (100 characters at most)
    @tictactoe.command(name="leaderboard", description=locale_str("This server's best players."))
    @app_commands.describe(
        # TRANSLATORS: an option's description (100 characters at most)
        kind=locale_str(
            "Which ranking: against me (bot, default), duels, solo, each game's own, or puzzles."
        )
    )
    @app_commands.choices(kind=LEADERBOARD_KINDS)
    async def leaderboard(
        self, interaction: discord.Interaction[TicTacToeBot], kind: Choice[str] | None = None
    ) -> None:
        if interaction.guild_id is None:  # a DM or group DM: no server's players to rank
            raise GameError(LEADERBOARDS_IN_SERVERS)
        shown = LEADERBOARDS[LEADERBOARD_KINDS[0].value if kind is None else kind.value]
        text = await in_time(
            interaction, self._ranked(interaction.guild_id, shown), ephemeral=False
        )
        await respond(interaction, text)

    async def _ranked(self, guild_id: int, shown: Ranked) -> str:
        """The server's leaderboard ``shown``, in words."""
        standings, variant = self.bot.service.standings, shown.variant
        if variant is None:
            solvers = await self.bot.service.puzzles.leaderboard(guild_id=guild_id)
            return render_puzzle_leaderboard(solvers, spelling(self._prefix))
        if shown.ranking == "duels":
            duels = await standings.duel_leaderboard(guild_id=guild_id, game=variant.kind)
            return render_duel_leaderboard(duels, variant)
        if shown.ranking == "solo":
            return render_solo_leaderboard(await standings.solo_leaderboard(guild_id=guild_id))
        entries = await standings.leaderboard(guild_id=guild_id, game=variant.kind)
        return render_leaderboard(entries, variant)

    @tictactoe.command(
        name="history",
        # TRANSLATORS: a slash command's description (100 characters at most)
        description=locale_str("A member's last games here, ten a page (only you see it)."),
    )
    # TRANSLATORS: an option's description (100 characters at most)
    @app_commands.describe(member=locale_str("Whose games to list, newest first (default: yours)."))
    async def history(
        self, interaction: discord.Interaction[TicTacToeBot], member: discord.User | None = None
    ) -> None:
        """Private, like hint and explain: a look back for the one who asks, never a post in
        the channel; Newer and Older turn the pages (``history_views``)."""
        current_locale.set(private_locale(interaction))
        await send_history(interaction, member or interaction.user)

    @tictactoe.command(
        name="review",
        # TRANSLATORS: a slash command's description (100 characters at most)
        description=locale_str(
            "Every move of a finished game judged, with a replay (only you see it)."
        ),
    )
    @app_commands.describe(
        # TRANSLATORS: an option's description (100 characters at most)
        game=locale_str(
            "The game's number, as /tictactoe history lists it "
            "(default: your last finished game here)."
        )
    )
    async def review(
        self,
        interaction: discord.Interaction[TicTacToeBot],
        game: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """The review's text with the animated replay attached, privately: it may look back
        on another member's game, or on one of the member's own from another server."""
        # A 5x5 review searches for up to 2 s, then draws the replay: acknowledge first.
        current_locale.set(private_locale(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        review = await self.bot.service.history.review(
            member_id=interaction.user.id,
            game_id=game,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
        )
        await interaction.edit_original_response(
            content=render_review(review), attachments=[await replay_file(review)]
        )

    @tictactoe.command(
        name="puzzle",
        # TRANSLATORS: the description of /tictactoe puzzle (100 characters at most)
        description=locale_str(
            "A puzzle where one move wins, near your puzzle rating (only you see it)."
        ),
    )
    @app_commands.describe(
        # TRANSLATORS: the description of /tictactoe puzzle's option number (100 characters
        # at most)
        number=locale_str("Play puzzle number N (default: one near your puzzle rating).")
    )
    async def puzzle(
        self,
        interaction: discord.Interaction[TicTacToeBot],
        number: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """A puzzle in a message only the member sees, in their language: its cells are
        buttons (``puzzle_view``). Anywhere: it is private, so it works where the bot only
        answers (a DM or group DM between people) as in a server or the bot's DM."""
        current_locale.set(private_locale(interaction))
        user = interaction.user
        reply = await in_time(
            interaction,
            self.bot.service.puzzles.serve(
                member_id=user.id,
                member_name=user.display_name,
                guild_id=interaction.guild_id,
                channel_id=channel_id(interaction),
                number=number,
            ),
            ephemeral=True,
        )
        await respond(interaction, None, view=puzzle_view(reply), ephemeral=True)

    # -- arenas (bot.discord_bot.arena_commands) --------------------------------------------

    arena = app_commands.Group(
        name="arena",
        # TRANSLATORS: a slash command group's description (100 characters at most)
        description=locale_str("A tournament in this channel: everyone plays everyone free."),
        parent=tictactoe,
    )

    @arena.command(
        name="start",
        # TRANSLATORS: the description of /tictactoe arena start (100 characters at most)
        description=locale_str("Start an arena here: members join, and play in threads."),
    )
    @app_commands.describe(
        # TRANSLATORS: an option's description (100 characters at most)
        minutes=locale_str("How long it runs, 5 to 180 minutes (default: 30)."),
        # TRANSLATORS: an option's description (100 characters at most)
        clock=locale_str("Seconds each move may take, 10 to 300; out of time loses (default: 30)."),
        game=GAME_DESCRIPTION,
        # TRANSLATORS: an option's description (100 characters at most)
        size=locale_str("The board size, where the game has a choice (default: its own)."),
        # TRANSLATORS: an option's description (100 characters at most); keep 20:30 and 15m
        at=locale_str("When it starts, in UTC: 20:30, 2026-12-24 20:30, or 15m from now."),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.choices(size=SIZE_CHOICES)
    async def arena_start(
        self,
        interaction: discord.Interaction[TicTacToeBot],
        minutes: int = 30,
        clock: int = 30,
        game: Choice[str] | None = None,
        size: Choice[int] | None = None,
        at: str | None = None,
    ) -> None:
        await start_arena(
            interaction,
            minutes=minutes,
            clock=clock,
            game=None if game is None else game.value,
            size=None if size is None else size.value,
            at=at,
        )

    @arena.command(
        name="standings",
        # TRANSLATORS: the description of /tictactoe arena standings (100 characters at most)
        description=locale_str("The whole standings of this channel's arena."),
    )
    async def arena_standings(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        await show_standings(interaction)

    @arena.command(
        name="cancel",
        # TRANSLATORS: the description of /tictactoe arena cancel (100 characters at most)
        description=locale_str("End this channel's arena now, without results."),
    )
    async def arena_cancel(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        await cancel_arena(interaction)

    # TRANSLATORS: a slash command's description (100 characters at most)
    @tictactoe.command(name="help", description=locale_str("How to play, with every command."))
    async def help(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        current_locale.set(private_locale(interaction))
        await reply_privately(interaction, help_text(self._prefix))
        await reply_privately(interaction, levels_text())  # help alone nearly fills a message
        await reply_privately(interaction, puzzles_text())


def _typed_moves_read(interaction: discord.Interaction[TicTacToeBot]) -> bool:
    """Whether ``!move`` typed here reaches the bot at all: a server channel the bot is in
    (where its permissions decide whether it can answer); not a DM or group DM between
    people, where the app only sees interactions, nor its own DM, where it always answers."""
    return interaction.guild_id is not None and not answers_only(interaction)


def _present(interaction: discord.Interaction[TicTacToeBot], opponent: discord.User) -> bool:
    """Whether ``opponent`` can see the chat the challenge is made in: a server member who
    may view the channel; in a DM or group DM, one of its people (the bot's own DM has only
    the challenger). Where Discord says nothing about who is here, they are taken to be."""
    channel = interaction.channel
    if interaction.context.dm_channel:
        return False
    if isinstance(channel, discord.abc.GuildChannel) and not answers_only(interaction):
        return isinstance(opponent, discord.Member) and (
            channel.permissions_for(opponent).view_channel
        )
    recipients = getattr(channel, "recipients", None)
    if recipients:
        return opponent.id in {person.id for person in recipients}
    return interaction.guild_id is None or isinstance(opponent, discord.Member)


async def _answer_only(interaction: discord.Interaction[TicTacToeBot], game: Game) -> None:
    """Answer with the final board, without buttons (its message is not the game's board:
    the board message keeps its buttons, disabled): no message id for ``show_board``."""
    await respond(interaction, view=board_message(game, live=False))


def _start_headline(reply: MoveReply, prefix: str) -> str:
    """What a new board's message says first: a game set aside, the bot's opening, how to
    play (the kind's own words: ultimate's rules at the start)."""
    how = reply.game.variant.renderer.how_to_play(prefix)
    return join_sentences([describe_set_aside(reply), describe_reply(reply), how])
